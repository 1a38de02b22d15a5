// The business documents as PDF: an invoice, a carrier's remittance advice, a rate confirmation and a
// bill of lading, drawn from their models (documents.models.ts) alone, with no database and no HTTP,
// so a kept model re-renders exactly the letter that was sent. The same model gives the same bytes:
// the creation date comes from the document's own date and the file identifier from a hash of the
// model. Text is set in DejaVu Sans, embedded, so every name (Zoë, Łódź, Москва) prints and copies.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type PDFKitDocument from 'pdfkit';
import { day, dayAfter, dayStart, instant, money, oneLine } from './format.js';
import type {
  Address,
  BillOfLadingDocument,
  Broker,
  BusinessDocument,
  CarrierParty,
  InvoiceDocument,
  Load,
  RateConfirmationDocument,
  RemittanceDocument,
  Stop,
  VehicleLine,
} from './documents.models.js';

let pdfkit: typeof PDFKitDocument | undefined;

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
      CreationDate: new Date(Math.max(...docs.map(documentInstant))),
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
    paper.begin(doc);
    DRAW[doc.kind](paper, doc as never);
  }
  paper.finish();
  pdf.end();
  return done;
}

/** The attachment's file name: `invoice-INV-000123.pdf`, `rate-confirmation-ord_….pdf`. */
export function documentFileName(doc: BusinessDocument): string {
  // The invoice number is the account's own text: keep the file name portable whatever it holds.
  const safe = (id: string) => id.replace(/[^A-Za-z0-9._-]+/g, '-');
  switch (doc.kind) {
    case 'invoice':
      return `invoice-${safe(doc.number)}.pdf`;
    case 'remittance':
      return `remittance-${safe(doc.payment.id)}.pdf`;
    case 'rate_confirmation':
      return `rate-confirmation-${safe(doc.load.id)}.pdf`;
    case 'bill_of_lading':
      return `bill-of-lading-${safe(doc.load.id)}.pdf`;
  }
}

/** A short human title: `Invoice INV-000123`, `Bill of lading ord_…`. */
export function documentTitle(doc: BusinessDocument): string {
  switch (doc.kind) {
    case 'invoice':
      return `Invoice ${oneLine(doc.number)}`;
    case 'remittance':
      return `Remittance advice ${doc.payment.id}`;
    case 'rate_confirmation':
      return `Rate confirmation ${doc.load.id}`;
    case 'bill_of_lading':
      return `Bill of lading ${doc.load.id}`;
  }
}

// ---------------------------------------------------------------------------------------------------
// The documents, one drawing function each, on the page primitives below.

const DRAW: { [K in BusinessDocument['kind']]: (paper: Paper, doc: Extract<BusinessDocument, { kind: K }>) => void } = {
  invoice: drawInvoice,
  remittance: drawRemittance,
  rate_confirmation: drawRateConfirmation,
  bill_of_lading: drawBillOfLading,
};

function drawInvoice(paper: Paper, doc: InvoiceDocument): void {
  const amount = (cents: number) => money(cents, doc.currency);
  paper.letterhead(doc.broker, 'INVOICE', [
    { label: 'Invoice number', value: oneLine(doc.number) },
    { label: 'Issued', value: day(doc.issued_on) },
    { label: 'Due', value: day(doc.due_date) },
    { label: 'Amount due', value: amount(doc.amount_remaining), strong: true },
  ], INVOICE_STAMPS[doc.status]);
  if (doc.status === 'VOID') paper.notice('This invoice is void: nothing is due on it.');
  if (doc.status === 'DRAFT') paper.notice('Draft: this invoice has not been issued and may still change.');

  const remitTo = doc.broker.remit_to ?? doc.broker.address;
  paper.blocks([
    {
      label: 'Bill to',
      lines: [
        { text: doc.customer.name, bold: true },
        ...addressLines(doc.customer.billing_address),
        ...(doc.customer.email ? [{ text: doc.customer.email }] : []),
      ],
    },
    {
      label: 'Remit to',
      lines: [{ text: doc.broker.legal_name, bold: true }, ...addressLines(remitTo)],
    },
  ]);

  paper.table(
    [
      { header: 'Description', width: 288 },
      { header: 'Qty', width: 44, align: 'right' },
      { header: 'Unit price', width: 86, align: 'right' },
      { header: 'Amount', width: 86, align: 'right' },
    ],
    doc.lines.map((line) => ({
      cells: [line.description, quantity(line.quantity), amount(line.unit_amount), amount(line.amount)],
      details: line.load ? loadDetails(line.load) : [],
    })),
    3, // the load under a line spans description, quantity and unit price
  );

  paper.totals([
    ['Subtotal', amount(doc.subtotal)],
    ['Amount paid', amount(doc.amount_paid)],
    ['Amount due', amount(doc.amount_remaining), true],
  ]);
  if (doc.broker.payment_instructions) paper.paragraph('Payment instructions', doc.broker.payment_instructions);
}

function drawRemittance(paper: Paper, doc: RemittanceDocument): void {
  const { payment } = doc;
  const amount = (cents: number) => money(cents, payment.currency);
  paper.letterhead(doc.broker, 'REMITTANCE ADVICE', [
    { label: 'Payment', value: payment.id },
    { label: 'Date', value: day(payment.sent_on) },
    { label: 'Method', value: paymentMethod(payment.payment_method) },
    { label: 'Reference', value: payment.reference ? oneLine(payment.reference) : '—', prose: true },
    { label: 'Total paid', value: amount(payment.amount), strong: true },
  ]);
  paper.blocks([{ label: 'Paid to', lines: carrierLines(doc.carrier) }], 2);
  paper.sentence(
    `This payment settles the ${doc.loads.length === 1 ? 'load' : `${doc.loads.length} loads`} below.`,
  );
  paper.table(
    [
      { header: 'Load and route', width: 196 },
      { header: 'Vehicles', width: 168 },
      { header: 'Delivered', width: 68 },
      { header: 'Carrier pay', width: 72, align: 'right' },
    ],
    doc.loads.map((load) => ({
      cells: [
        [{ text: load.id, bold: true, whole: true }, { text: route(load) }],
        load.vehicles.flatMap((v) => [{ text: `${v.year} ${v.make} ${v.model}` }, { text: `VIN ${v.vin}`, muted: true }]),
        load.delivered_on ? day(load.delivered_on) : '—',
        amount(load.carrier_pay),
      ],
      details: [],
    })),
  );
  paper.totals([['Total paid', amount(payment.amount), true]]);
}

function drawRateConfirmation(paper: Paper, doc: RateConfirmationDocument): void {
  const { load } = doc;
  const pay = doc.carrier_pay === null ? 'Not set' : money(doc.carrier_pay, doc.currency);
  const deliverBy = dayAfter(load.ready_date, load.delivery_window_days);
  paper.letterhead(doc.broker, 'RATE CONFIRMATION', [
    { label: 'Load', value: load.id },
    { label: 'Dispatched', value: day(load.dispatched_on) },
    { label: 'Ready', value: day(load.ready_date) },
    { label: 'Deliver by', value: deliverBy },
    { label: 'Carrier pay', value: pay, strong: true },
  ]);
  paper.blocks([
    { label: 'Carrier', lines: carrierLines(doc.carrier) },
    { label: 'Dispatched by', lines: brokerContactLines(doc.broker) },
  ]);
  const window = `${load.delivery_window_days} ${load.delivery_window_days === 1 ? 'day' : 'days'}`;
  paper.blocks([
    { label: 'Pickup', lines: [...stopLines(load.pickup), { text: `Ready ${day(load.ready_date)}`, bold: true }] },
    {
      label: 'Delivery',
      lines: [...stopLines(load.delivery), { text: `Deliver by ${deliverBy} (within ${window} of the ready date)`, bold: true }],
    },
  ]);
  paper.vehicles(load.vehicles);
  paper.totals([['Agreed carrier pay', pay, true]]);
  paper.paragraph('Terms', RATE_CONFIRMATION_TERMS);
  paper.signatures(['Carrier signature', 'Printed name', 'Date']);
}

function drawBillOfLading(paper: Paper, doc: BillOfLadingDocument): void {
  const { load } = doc;
  paper.letterhead(doc.broker, 'BILL OF LADING', [
    { label: 'Load', value: load.id },
    { label: 'Picked up', value: doc.picked_up_at === null ? 'Not recorded' : instant(doc.picked_up_at) },
    { label: 'Delivered', value: instant(doc.delivered_at) },
  ]);
  paper.blocks([
    { label: 'Shipper', lines: [{ text: doc.customer.name, bold: true }] },
    { label: 'Carrier', lines: doc.carrier ? carrierLines(doc.carrier) : [{ text: 'Not recorded' }] },
  ]);
  paper.blocks([
    {
      label: 'Pickup',
      lines: [
        ...stopLines(load.pickup),
        { text: `Picked up ${doc.picked_up_at === null ? 'not recorded' : instant(doc.picked_up_at)}`, bold: true },
      ],
    },
    { label: 'Delivery', lines: [...stopLines(load.delivery), { text: `Delivered ${instant(doc.delivered_at)}`, bold: true }] },
  ]);
  paper.vehicles(load.vehicles);
  const receipt = `Received in good order by ${oneLine(doc.signed_by)} at ${instant(doc.signed_at)}`;
  paper.paragraph('Receipt', doc.exceptions.length ? `${receipt}, except as noted below.` : `${receipt}.`);
  paper.heading('Exceptions');
  if (doc.exceptions.length === 0) {
    paper.sentence('No exceptions noted.');
    return;
  }
  paper.table(
    [
      { header: 'Kind', width: 110 },
      { header: 'Note', width: 268 },
      { header: 'Time', width: 126 },
    ],
    doc.exceptions.map((e) => ({ cells: [sentenceCase(e.kind), e.note ?? '—', instant(e.created)], details: [] })),
  );
}

const INVOICE_STAMPS: Record<InvoiceDocument['status'], Stamp | null> = {
  DRAFT: { text: 'DRAFT', color: '#8a5a00', watermark: true },
  SENT: null,
  PAID: { text: 'PAID', color: '#1e7b3c', watermark: false },
  VOID: { text: 'VOID', color: '#b42318', watermark: true },
};

const PAYMENT_METHODS: Record<string, string> = { ach: 'ACH', wire: 'Wire', check: 'Check', card: 'Card' };

const RATE_CONFIRMATION_TERMS =
  'The carrier agrees to move the vehicles listed above from the pickup to the delivery location for ' +
  'the agreed carrier pay, which includes fuel and every other charge unless agreed otherwise in ' +
  'writing. The carrier holds the operating authority and the cargo and liability insurance the law ' +
  'requires for the whole move, notes any damage on the bill of lading at pickup and at delivery, and ' +
  'does not re-broker, assign or interline the load. The carrier pay is paid after delivery, on receipt ' +
  'of the bill of lading signed by the consignee. Sign and return this confirmation before pickup.';

// ---------------------------------------------------------------------------------------------------
// The page: US Letter in points, with a footer band under the content that nothing else enters.

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const LEFT = 54;
const WIDTH = PAGE_WIDTH - 2 * LEFT;
const RIGHT = LEFT + WIDTH;
const TOP = 48;
const CONTENT_BOTTOM = 724;
const FOOTER_RULE = 738;
const FOOTER_TEXT = 744;
const CELL_PAD = 5;
const COLUMN_GAP = 20;

const INK = '#1b2430';
const MUTED = '#5d6675';
const RULE = '#c8cdd5';
const BAND = '#eef1f5';
const ACCENT = '#1f3a5f';

const REGULAR = 'DejaVuSans';
const BOLD = 'DejaVuSans-Bold';
const PRODUCER = 'Vehicle transport API documents';

interface Style {
  bold?: boolean;
  size?: number;
  color?: string;
  align?: 'left' | 'right' | 'center';
}

/** A line of a block or a cell; `whole` for an id that must shrink rather than wrap. */
interface Line {
  text: string;
  bold?: boolean;
  muted?: boolean;
  whole?: boolean;
}

interface Block {
  label: string;
  lines: Line[];
}

/** A key fact beside the title; an id or an amount shrinks to stay on one line, `prose` wraps. */
interface Fact {
  label: string;
  value: string;
  strong?: boolean;
  prose?: boolean;
}

interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

interface Row {
  cells: (string | Line[])[];
  /** Smaller lines under the row (the load of an invoice line), spanning the first columns. */
  details: Line[];
}

interface Stamp {
  text: string;
  color: string;
  /** Across every page as well (a draft or a void invoice must not pass for a bill). */
  watermark: boolean;
}

/** Where the next thing goes, and the page breaks: the pdfkit document with a cursor. */
class Paper {
  y = TOP;
  /** The documents drawn so far, each with its first page and its stamp. */
  private readonly started: { doc: BusinessDocument; first: number; stamp: Stamp | null }[] = [];

  private readonly pdf: PDFKit.PDFDocument;

  constructor(pdf: PDFKit.PDFDocument) {
    this.pdf = pdf;
  }

  private get current() {
    return this.started[this.started.length - 1]!;
  }

  private get pageCount(): number {
    const range = this.pdf.bufferedPageRange();
    return range.start + range.count;
  }

  /** Starts a document on a new page. */
  begin(doc: BusinessDocument): void {
    this.started.push({ doc, first: this.pageCount, stamp: null });
    this.addPage();
  }

  /** The broker's name and contact on the left, the title and key facts on the right. */
  letterhead(broker: Broker, title: string, facts: Fact[], stamp: Stamp | null = null): void {
    this.current.stamp = stamp;
    const leftWidth = 250;
    let left = this.write(broker.legal_name, LEFT, TOP, leftWidth, { bold: true, size: 14, color: ACCENT });
    left += 4;
    const contact = [
      ...addressLines(broker.address).map((l) => l.text),
      ...(broker.phone ? [broker.phone] : []),
      ...(broker.email ? [broker.email] : []),
    ];
    for (const line of contact) left += this.write(line, LEFT, TOP + left, leftWidth, { size: 8.5, color: MUTED });

    const factsLeft = LEFT + leftWidth + COLUMN_GAP;
    const factsWidth = RIGHT - factsLeft;
    let right = this.write(title, factsLeft, TOP, factsWidth, { ...this.fit(title, factsWidth, { bold: true, size: 18 }), color: ACCENT, align: 'right' });
    right += 6;
    const labelWidth = 78;
    for (const { label, value, strong, prose } of facts) {
      const base: Style = { bold: strong === true, size: 9, color: INK, align: 'right' };
      const valueStyle = prose ? base : this.fit(value, factsWidth - labelWidth, base);
      const height = Math.max(
        this.write(label, factsLeft, TOP + right, labelWidth, { size: 8.5, color: MUTED }),
        this.write(value, factsLeft + labelWidth, TOP + right, factsWidth - labelWidth, valueStyle),
      );
      right += height + 2;
    }
    if (stamp) right += 6 + this.drawStamp(stamp, RIGHT, TOP + right + 6);
    this.y = TOP + Math.max(left, right) + 10;
    this.rule(this.y, 1, ACCENT);
    this.y += 14;
  }

  /** A short line in the stamp's colour under the letterhead (void, draft). */
  notice(text: string): void {
    const style: Style = { bold: true, size: 9.5, color: this.current.stamp?.color ?? INK };
    this.need(this.measure(text, WIDTH, style));
    this.y += this.write(text, LEFT, this.y, WIDTH, style) + 10;
  }

  sentence(text: string): void {
    const style: Style = { size: 9, color: INK };
    this.need(this.measure(text, WIDTH, style));
    this.y += this.write(text, LEFT, this.y, WIDTH, style) + 10;
  }

  heading(text: string): void {
    this.need(40); // a heading stays with what follows it
    this.y += this.write(text.toUpperCase(), LEFT, this.y, WIDTH, { bold: true, size: 8, color: MUTED }) + 4;
  }

  /** A labelled paragraph (payment instructions, terms, the receipt); kept on one page when it fits. */
  paragraph(label: string, text: string): void {
    const body = multiLine(text);
    const style: Style = { size: 9, color: INK };
    const height = 12 + this.measure(body, WIDTH, style);
    this.need(Math.min(height, this.freshPageRoom()));
    this.y += this.write(label.toUpperCase(), LEFT, this.y, WIDTH, { bold: true, size: 8, color: MUTED }) + 4;
    for (const part of body.split('\n')) {
      const h = this.measure(part, WIDTH, style);
      this.need(h);
      this.y += this.write(part, LEFT, this.y, WIDTH, style);
    }
    this.y += 12;
  }

  /** Blocks side by side (bill to and remit to, pickup and delivery), kept on one page. */
  blocks(blocks: Block[], columns = blocks.length): void {
    const width = (WIDTH - COLUMN_GAP * (columns - 1)) / columns;
    const heights = blocks.map((b) => 12 + b.lines.reduce((sum, line) => sum + this.measure(line.text, width, lineStyle(line, 9)), 0));
    this.need(Math.max(...heights));
    blocks.forEach((block, i) => {
      const x = LEFT + i * (width + COLUMN_GAP);
      let y = this.y + this.write(block.label.toUpperCase(), x, this.y, width, { bold: true, size: 8, color: MUTED }) + 2;
      for (const line of block.lines) y += this.write(line.text, x, y, width, lineStyle(line, 9));
    });
    this.y += Math.max(...heights) + 14;
  }

  vehicles(vehicles: VehicleLine[]): void {
    this.table(
      [
        { header: 'Year', width: 40 },
        { header: 'Make', width: 84 },
        { header: 'Model', width: 100 },
        { header: 'VIN', width: 126 },
        { header: 'Type', width: 78 },
        { header: 'Inoperable', width: 76 },
      ],
      vehicles.map((v) => ({
        cells: [String(v.year), v.make, v.model, [{ text: v.vin, whole: true }], v.type ? sentenceCase(v.type) : '—', v.inoperable ? 'Yes' : 'No'],
        details: [],
      })),
    );
  }

  /**
   * A ruled table. A row stays on one page, the header repeated on every page the table reaches; a
   * row taller than a page (never, within the API's limits) breaks between its detail lines.
   */
  table(columns: Column[], rows: Row[], detailColumns = columns.length): void {
    const header = () => {
      this.pdf.rect(LEFT, this.y, WIDTH, 18).fill(BAND);
      this.rule(this.y, 0.75, INK);
      let x = LEFT;
      for (const column of columns) {
        const title = column.header.toUpperCase();
        const width = column.width - 2 * CELL_PAD;
        this.write(title, x + CELL_PAD, this.y + 5.5, width, this.fit(title, width, { bold: true, size: 7.5, color: MUTED, align: column.align ?? 'left' }));
        x += column.width;
      }
      this.y += 18;
      this.rule(this.y, 0.5, RULE);
    };
    const detailWidth = columns.slice(0, detailColumns).reduce((sum, c) => sum + c.width, 0) - 2 * CELL_PAD;
    const laidOut = rows.map((row) => {
      const cells = row.cells.map((cell, i) => {
        const column = columns[i]!;
        const lines = typeof cell === 'string' ? [{ text: cell }] : cell;
        const width = column.width - 2 * CELL_PAD;
        const styled = lines.map((line) => {
          const base = { ...lineStyle(line, 9), align: column.align ?? 'left' };
          // Amounts and ids are one word each: shrink them to fit rather than break them.
          const style = line.whole || column.align === 'right' ? this.fit(line.text, width, base) : base;
          return { text: line.text, style, height: this.measure(line.text, width, style) };
        });
        return { x: 0, width, lines: styled, height: styled.reduce((sum, l) => sum + l.height, 0) };
      });
      let x = LEFT;
      for (const [i, cell] of cells.entries()) {
        cell.x = x + CELL_PAD;
        x += columns[i]!.width;
      }
      const details = row.details.map((line) => {
        const style = lineStyle({ ...line, muted: line.muted ?? true }, 8);
        return { text: line.text, style, height: this.measure(line.text, detailWidth, style) };
      });
      const main = Math.max(...cells.map((c) => c.height));
      const detailHeight = details.reduce((sum, d) => sum + d.height, 0);
      return { cells, details, main, total: CELL_PAD + main + (details.length ? 2 + detailHeight : 0) + CELL_PAD };
    });

    this.need(18 + (laidOut[0]?.total ?? 0));
    header();
    for (const row of laidOut) {
      if (!this.room(row.total)) {
        this.addPage();
        header();
      }
      const top = this.y;
      const overlong = !this.room(row.total);
      for (const cell of row.cells) {
        let y = top + CELL_PAD;
        for (const line of cell.lines) y += this.write(line.text, cell.x, y, cell.width, line.style);
      }
      this.y = top + CELL_PAD + row.main + (row.details.length ? 2 : 0);
      for (const detail of row.details) {
        if (overlong && !this.room(detail.height + CELL_PAD)) {
          this.addPage();
          header();
        }
        this.y += this.write(detail.text, LEFT + CELL_PAD, this.y, detailWidth, detail.style);
      }
      this.y += CELL_PAD;
      this.rule(this.y, 0.5, RULE);
    }
    this.rule(this.y, 0.75, INK);
    this.y += 10;
  }

  /** Label and amount pairs at the right; the strong one (amount due) bold under a rule. */
  totals(rows: [string, string, boolean?][]): void {
    const width = 250;
    const x = RIGHT - width;
    const height = rows.reduce((sum, [, , strong]) => sum + (strong ? 22 : 15), 0);
    this.need(height);
    for (const [label, value, strong] of rows) {
      const size = strong ? 11 : 9;
      if (strong) {
        this.rule(this.y, 0.75, INK, x);
        this.y += 5;
      }
      this.write(label, x, this.y, 120, this.fit(label, 120, { bold: strong === true, size, color: strong ? INK : MUTED }));
      this.write(value, x + 120, this.y, width - 120, this.fit(value, width - 120, { bold: strong === true, size, color: INK, align: 'right' }));
      this.y += strong ? 17 : 15;
    }
    this.y += 12;
  }

  /** Lines to sign on, with their captions, kept together on one page. */
  signatures(captions: string[]): void {
    const widths = [WIDTH * 0.45, WIDTH * 0.33];
    widths.push(WIDTH - COLUMN_GAP * (captions.length - 1) - widths.reduce((a, b) => a + b, 0));
    this.need(56);
    this.y += 30;
    let x = LEFT;
    captions.forEach((caption, i) => {
      const width = widths[i]!;
      this.pdf.moveTo(x, this.y).lineTo(x + width, this.y).lineWidth(0.75).strokeColor(INK).stroke();
      this.write(caption, x, this.y + 4, width, { size: 8, color: MUTED });
      x += width + COLUMN_GAP;
    });
    this.y += 26;
  }

  /** The footer on every page of every document ("Page 1 of N" when it has more than one), and the
   * watermark of a draft or a void invoice. */
  finish(): void {
    this.started.forEach(({ doc, first, stamp }, n) => {
      const count = (this.started[n + 1]?.first ?? this.pageCount) - first;
      const left = `${oneLine(doc.broker.legal_name)} · ${documentTitle(doc)}`;
      const style: Style = { size: 7.5, color: MUTED };
      for (let i = 0; i < count; i++) {
        this.pdf.switchToPage(first + i);
        if (stamp?.watermark) this.watermark(stamp);
        this.rule(FOOTER_RULE, 0.5, RULE);
        this.write(this.clip(left, WIDTH - 90, style), LEFT, FOOTER_TEXT, WIDTH - 90, style);
        if (count > 1) this.write(`Page ${i + 1} of ${count}`, RIGHT - 90, FOOTER_TEXT, 90, { ...style, align: 'right' });
      }
    });
  }

  // --- primitives -----------------------------------------------------------------------------------

  /** A new page; after the first of a document, with a short header naming it. */
  private addPage(): void {
    // No margins of pdfkit's own: this class keeps every line above the footer, so pdfkit never breaks a page.
    this.pdf.addPage({ size: 'LETTER', margin: 0 });
    this.y = TOP;
    if (this.pageCount - 1 === this.current.first) return;
    const { doc } = this.current;
    const style: Style = { bold: true, size: 9, color: ACCENT };
    this.write(this.clip(oneLine(doc.broker.legal_name), 260, style), LEFT, TOP, 260, style);
    this.write(`${documentTitle(doc)} (continued)`, LEFT + 270, TOP, WIDTH - 270, { size: 9, color: MUTED, align: 'right' });
    this.y = TOP + 16;
    this.rule(this.y, 0.75, ACCENT);
    this.y += 12;
  }

  private freshPageRoom(): number {
    return CONTENT_BOTTOM - (TOP + 28);
  }

  private room(height: number): boolean {
    return this.y + height <= CONTENT_BOTTOM;
  }

  /** Moves to a new page unless `height` fits under the cursor. */
  private need(height: number): void {
    if (!this.room(height)) this.addPage();
  }

  private drawStamp(stamp: Stamp, right: number, y: number): number {
    const style: Style = { bold: true, size: 13, color: stamp.color };
    this.font(style);
    const width = this.pdf.widthOfString(stamp.text) + 24;
    const height = 24;
    this.pdf.save().lineWidth(1.5).strokeColor(stamp.color).roundedRect(right - width, y, width, height, 3).stroke().restore();
    this.pdf.text(stamp.text, right - width + 12, y + 5, { lineBreak: false });
    return height;
  }

  private watermark(stamp: Stamp): void {
    this.font({ bold: true, size: 120, color: stamp.color });
    const width = this.pdf.widthOfString(stamp.text);
    this.pdf.save().fillOpacity(0.08).rotate(-35, { origin: [PAGE_WIDTH / 2, PAGE_HEIGHT / 2] });
    this.pdf.text(stamp.text, PAGE_WIDTH / 2 - width / 2, PAGE_HEIGHT / 2 - 60, { lineBreak: false });
    this.pdf.restore();
  }

  private rule(y: number, width: number, color: string, from = LEFT): void {
    this.pdf.moveTo(from, y).lineTo(RIGHT, y).lineWidth(width).strokeColor(color).stroke();
  }

  private font(style: Style): void {
    this.pdf.font(style.bold ? BOLD : REGULAR).fontSize(style.size ?? 9).fillColor(style.color ?? INK);
  }

  private measure(text: string, width: number, style: Style): number {
    const clean = oneLineOrParagraphs(text);
    this.font(style);
    return this.oneLine(clean, width) ? this.pdf.currentLineHeight(true) : this.pdf.heightOfString(clean, { width });
  }

  /** Draws wrapped text at (x, y) within `width`; returns its height. */
  private write(text: string, x: number, y: number, width: number, style: Style): number {
    const clean = oneLineOrParagraphs(text);
    const align = style.align ?? 'left';
    this.font(style);
    // Most cells hold one short line: placed directly, without pdfkit's line wrapper (twice as fast).
    if (this.oneLine(clean, width)) {
      const slack = width - this.pdf.widthOfString(clean);
      const left = align === 'right' ? x + slack : align === 'center' ? x + slack / 2 : x;
      this.pdf.text(clean, left, y, { lineBreak: false });
      return this.pdf.currentLineHeight(true);
    }
    this.pdf.text(clean, x, y, { width, align });
    return this.pdf.y - y; // pdfkit leaves the cursor under the text, as heightOfString measures it
  }

  private oneLine(text: string, width: number): boolean {
    return !text.includes('\n') && this.pdf.widthOfString(text) <= width;
  }

  /** The style at a size small enough for `text` to fit `width` on one line (never under 6 points). */
  private fit(text: string, width: number, style: Style): Style {
    let size = style.size ?? 9;
    this.font({ ...style, size });
    while (size > 6 && this.pdf.widthOfString(text) > width) {
      size -= 0.5;
      this.pdf.fontSize(size);
    }
    return { ...style, size };
  }

  /** `text` cut to `width` with an ellipsis (the footer has one line). */
  private clip(text: string, width: number, style: Style): string {
    this.font(style);
    if (this.pdf.widthOfString(text) <= width) return text;
    const characters = Array.from(text); // whole characters: never half of a surrogate pair
    while (characters.length > 1 && this.pdf.widthOfString(`${characters.join('')}…`) > width) characters.pop();
    return `${characters.join('').trimEnd()}…`;
  }
}

function lineStyle(line: Line, size: number): Style {
  return { bold: line.bold === true, size, color: line.muted ? MUTED : INK };
}

// ---------------------------------------------------------------------------------------------------
// The words of the documents.

function addressLines(address: Address | null | undefined): Line[] {
  if (!address) return [];
  return [
    { text: address.address1 },
    ...(address.address2 ? [{ text: address.address2 }] : []),
    { text: place(address) },
  ];
}

function place(address: Address): string {
  return `${oneLine(address.city)}, ${oneLine(address.state)} ${oneLine(address.zip)}`;
}

function route(load: Load): string {
  return `${place(load.pickup)} → ${place(load.delivery)}`;
}

function vehicleName(v: VehicleLine): string {
  return `${v.year} ${oneLine(v.make)} ${oneLine(v.model)} VIN ${v.vin}`;
}

/** Under an invoice line: the load it bills, its route and its vehicles. */
function loadDetails(load: Load): Line[] {
  return [
    { text: `Load ${load.id}`, bold: true, muted: false },
    { text: route(load) },
    ...load.vehicles.map((v) => ({ text: vehicleName(v) })),
  ];
}

function stopLines(stop: Stop): Line[] {
  return [
    ...addressLines(stop),
    ...(stop.contact_name ? [{ text: `Contact: ${stop.contact_name}` }] : []),
    ...(stop.contact_phone ? [{ text: `Phone: ${stop.contact_phone}` }] : []),
  ];
}

function carrierLines(carrier: CarrierParty): Line[] {
  const authority = [`DOT ${carrier.dot_number}`, ...(carrier.mc_number ? [`MC ${carrier.mc_number}`] : [])].join(' · ');
  return [
    { text: carrier.legal_name || carrier.contact_name, bold: true },
    { text: authority },
    { text: `Contact: ${carrier.contact_name}` },
    { text: carrier.contact_email },
    { text: carrier.phone },
  ];
}

function brokerContactLines(broker: Broker): Line[] {
  return [
    { text: broker.legal_name, bold: true },
    ...(broker.phone ? [{ text: broker.phone }] : []),
    ...(broker.email ? [{ text: broker.email }] : []),
  ];
}

function paymentMethod(method: string): string {
  return PAYMENT_METHODS[method] ?? sentenceCase(method);
}

/** `damage_noted` -> `Damage noted`. */
function sentenceCase(text: string): string {
  const words = oneLine(text.replace(/_/g, ' '));
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function quantity(n: number): string {
  return (quantityFormat ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 })).format(n);
}

// Made with the first document: a number format reads ICU's locale data, megabytes of the process's
// memory from then on.
let quantityFormat: Intl.NumberFormat | undefined;
/** The document's own date, as the PDF's creation date: never the clock, so the bytes stay the same. */
function documentInstant(doc: BusinessDocument): number {
  switch (doc.kind) {
    case 'invoice':
      return dayStart(doc.issued_on).getTime();
    case 'remittance':
      return dayStart(doc.payment.sent_on).getTime();
    case 'rate_confirmation':
      return dayStart(doc.load.dispatched_on).getTime();
    case 'bill_of_lading':
      return doc.delivered_at * 1000;
  }
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

/** Free text of a few lines (payment instructions) keeps its line breaks. */
function multiLine(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map(oneLine)
    .join('\n')
    .trim();
}

function oneLineOrParagraphs(text: string): string {
  return text.includes('\n') ? multiLine(text) : oneLine(text);
}

// ---------------------------------------------------------------------------------------------------
// The fonts: read and parsed once per process. Parsing DejaVu Sans takes tens of milliseconds, more
// than drawing a whole invoice, so pdfkit gets parsed fontkit fonts (it accepts them since 0.20).
// A fontkit font is not stateless, though: it keeps one glyph object per glyph, with the characters of
// the glyph's first use (or none, when the subsetter met it first as a part of an accented letter),
// and pdfkit writes those characters as the text a reader copies. Shared across documents, a glyph
// would carry another document's history: a "z" first met inside "ź" copies as nothing, and bytes
// would depend on what the process rendered before. So pdfkit is given glyph records of our own, whose
// characters come from the text being drawn, and every word's shape is a pure function of the word,
// which also lets a word shaped once serve every later document.

interface GlyphRecord {
  id: number;
  advanceWidth: number;
  codePoints: number[];
}

interface ShapedRun {
  glyphs: GlyphRecord[];
  positions: { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number }[];
  readonly advanceWidth: number;
}

/** The part of a fontkit font used here. */
interface Face {
  layout(text: string, features?: object): ShapedRun & { direction: string };
  getGlyph(id: number, codePoints?: number[]): { _decode(): unknown };
}

interface Typefaces {
  regular: Face;
  bold: Face;
}

/** Words shaped per face kept for later documents (the labels, names and amounts that recur), the
 * least recently used forgotten first: a few megabytes at most. */
const SHAPED_WORDS = 5_000;

/** No ligatures: "office" set as "o-ﬃ-ce" would copy and search as the ligature's own character. */
const FEATURES = { liga: false, clig: false, dlig: false, hlig: false };

let loaded: Typefaces | undefined;

function typefaces(): Typefaces {
  if (!loaded) {
    const require = createRequire(import.meta.url);
    const dir = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    // The fontkit pdfkit itself depends on, found from pdfkit's own folder.
    const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as { create(data: Uint8Array): Face };
    loaded = {
      regular: shared(fontkit.create(readFileSync(join(dir, 'DejaVuSans.ttf')))),
      bold: shared(fontkit.create(readFileSync(join(dir, 'DejaVuSans-Bold.ttf')))),
    };
  }
  return loaded;
}

/** The face as every document sees it: words shaped from a bounded cache, outlines decoded once. */
function shared(face: Face): Face {
  const shapes = new Map<string, ShapedRun>();
  const shape = (text: string): ShapedRun => {
    const run = face.layout(text, { ...FEATURES }); // a copy: fontkit writes the features it applied into it
    const characters = Array.from(text, (c) => c.codePointAt(0)!);
    if (run.direction === 'rtl') characters.reverse();
    // One glyph per character (no ligature, no decomposition): each glyph copies as its own character.
    const oneToOne = characters.length === run.glyphs.length;
    const glyphs = run.glyphs.map((glyph, i) => ({
      id: glyph.id,
      advanceWidth: glyph.advanceWidth,
      codePoints: oneToOne ? [characters[i]!] : [...glyph.codePoints],
    }));
    return { glyphs, positions: run.positions.map(copyPosition), advanceWidth: run.advanceWidth };
  };
  // pdfkit passes OpenType features of its own only when a text call asks for some; none here does.
  const layout = (text: string): ShapedRun => {
    let run = shapes.get(text);
    if (run) shapes.delete(text); // re-inserted below: a Map iterates oldest first
    else {
      run = shape(text);
      if (shapes.size >= SHAPED_WORDS) shapes.delete(shapes.keys().next().value!);
    }
    shapes.set(text, run);
    // pdfkit scales the positions it is given in place: every caller gets its own.
    const positions = run.positions.map(copyPosition);
    return {
      glyphs: run.glyphs,
      positions,
      get advanceWidth() {
        return positions.reduce((sum, p) => sum + p.xAdvance, 0);
      },
    };
  };
  // The subsetter decodes each glyph's outline on every document; an outline never changes.
  const outlines = new WeakSet<object>();
  const getGlyph = (id: number, codePoints?: number[]) => {
    const glyph = face.getGlyph(id, codePoints);
    if (!outlines.has(glyph)) {
      outlines.add(glyph);
      const outline = glyph._decode();
      glyph._decode = () => outline;
    }
    return glyph;
  };
  return new Proxy(face, {
    get: (target, key) => (key === 'layout' ? layout : key === 'getGlyph' ? getGlyph : Reflect.get(target, key, target)),
  });
}

function copyPosition({ xAdvance, yAdvance, xOffset, yOffset }: ShapedRun['positions'][number]) {
  return { xAdvance, yAdvance, xOffset, yOffset };
}
