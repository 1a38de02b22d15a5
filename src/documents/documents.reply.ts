// A document as an answer: the PDF rendered from its model, shown inline under its file name.
import type { BusinessDocument } from './documents.models.js';
import { documentFileName, renderDocument } from './documents.render.js';

/** The PDF's answer (`application/pdf`, `Content-Disposition: inline; filename=...`). */
export async function pdfReply(doc: BusinessDocument) {
  return {
    status: 200 as const,
    // A Buffer, written as it is (the spec types a binary body as a string).
    body: (await renderDocument(doc)) as never,
    contentType: 'application/pdf',
    headers: { 'Content-Disposition': `inline; filename="${documentFileName(doc)}"` },
  };
}
