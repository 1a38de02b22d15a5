// A document as an answer: a PDF's bytes as they are, shown inline under its file name; or the PDF
// rendered from a document model.
import type { BusinessDocument } from './documents.models.js';
import { documentFileName, renderDocument } from './documents.render.js';

/** A PDF answer (`application/pdf`, `Content-Disposition: inline; filename=...`), with more headers when given. */
export const pdfAnswer = (bytes: Buffer, filename: string, headers: Record<string, string> = {}) => ({
  status: 200 as const,
  // A Buffer, written as it is (the spec types a binary body as a string).
  body: bytes as never,
  contentType: 'application/pdf',
  headers: { 'Content-Disposition': `inline; filename="${filename.replace(/["\\\r\n]/g, '_')}"`, ...headers },
});

/** The PDF of a document model, as it renders now. */
export const pdfReply = async (doc: BusinessDocument) => pdfAnswer(await renderDocument(doc), documentFileName(doc));
