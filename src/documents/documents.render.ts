// The business documents as PDF: an invoice, a carrier's remittance advice, a rate confirmation and a
// bill of lading, drawn from their models (documents.models.ts) alone, with no database and no HTTP,
// so a kept model re-renders exactly the letter that was sent. The same model gives the same bytes:
// the creation date comes from the document's own date and the file identifier from a hash of the
// model. Each document is drawn by its own file (invoice.ts, remittance.ts, rate-confirmation.ts,
// bill-of-lading.ts) on the shared page of layout.ts; a new document is a new file and a line in
// DRAWINGS. Text is set in DejaVu Sans, embedded, so every name (Zoë, Łódź, Москва) prints and copies.

import { createHash } from 'node:crypto';
import type PDFKitDocument from 'pdfkit';
import { billOfLading } from './bill-of-lading.js';
import { typefaces } from './fonts.js';
import { oneLine } from './format.js';
import { invoice } from './invoice.js';
import { BOLD, Paper, REGULAR, type DocumentDrawing } from './layout.js';
import { rateConfirmation } from './rate-confirmation.js';
import { remittance } from './remittance.js';
import type { BusinessDocument } from './documents.models.js';

const DRAWINGS: { [K in BusinessDocument['kind']]: DocumentDrawing<Extract<BusinessDocument, { kind: K }>> } = {
  invoice,
  remittance,
  rate_confirmation: rateConfirmation,
  bill_of_lading: billOfLading,
};

let pdfkit: typeof PDFKitDocument | undefined;

const PRODUCER = 'Vehicle transport API documents';

function drawingOf(doc: BusinessDocument): DocumentDrawing<BusinessDocument> {
  return DRAWINGS[doc.kind] as DocumentDrawing<BusinessDocument>;
}

/** One PDF (US Letter) of the document. */
export async function renderDocument(doc: BusinessDocument): Promise<Buffer> {
  return renderDocuments([doc]);
}

/**
 * Several documents in one PDF, each from a new page with its own page numbers (a day's letters,
 * printed at once). For one document, the same bytes as `renderDocument`.
 */
export async function renderDocuments(docs: BusinessDocument[]): Promise<Buffer> {
  if (docs.length === 0) throw new RangeError('renderDocuments needs at least one document');
  // pdfkit (and fontkit under it) loaded with the first document, not with the process.
  const PDFDocument = (pdfkit ??= (await import('pdfkit')).default);
  const pdf = new PDFDocument({
    size: 'LETTER',
    autoFirstPage: false,
    bufferPages: true, // the footers ("Page 1 of N") are drawn once a document's pages are all known
    font: '', // no default font: pdfkit would otherwise load Helvetica, which must never carry content
    lang: 'en-US',
    displayTitle: true,
    info: {
      Title: docs.length === 1 ? documentTitle(docs[0]!) : `${docs.length} documents`,
      Author: [...new Set(docs.map((d) => oneLine(d.broker.legal_name)))].join('; '),
      Creator: PRODUCER,
      Producer: PRODUCER,
      CreationDate: new Date(Math.max(...docs.map((d) => drawingOf(d).instant(d)))),
    },
  });
  // pdfkit's trailer /ID is an MD5 of the info dictionary, taken in the constructor; two different
  // models with the same title and date would share it. Derive it from the model instead.
  (pdf as unknown as { _id: Uint8Array })._id = fileIdentifier(docs);
  // Parsed fontkit fonts, which pdfkit accepts though its type declarations predate it.
  const fonts = typefaces();
  pdf.registerFont(REGULAR, fonts.regular as unknown as PDFKit.Mixins.PDFFontSource);
  pdf.registerFont(BOLD, fonts.bold as unknown as PDFKit.Mixins.PDFFontSource);

  const chunks: Uint8Array[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const paper = new Paper(pdf);
  for (const doc of docs) {
    const drawing = drawingOf(doc);
    paper.begin(doc, drawing.title(doc));
    drawing.draw(paper, doc);
  }
  paper.finish();
  pdf.end();
  return done;
}

/** The attachment's file name: `invoice-INV-000123.pdf`, `rate-confirmation-L-000123.pdf`. */
export function documentFileName(doc: BusinessDocument): string {
  return drawingOf(doc).fileName(doc);
}

/** A short human title: `Invoice INV-000123`, `Bill of lading L-000123`. */
export function documentTitle(doc: BusinessDocument): string {
  return drawingOf(doc).title(doc);
}

/** 16 bytes of a SHA-256 of the models, keys sorted: the same models, the same identifier. */
function fileIdentifier(docs: BusinessDocument[]): Uint8Array {
  const digest = createHash('sha256').update(canonicalJson(docs)).digest();
  return new Uint8Array(digest.subarray(0, 16));
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
