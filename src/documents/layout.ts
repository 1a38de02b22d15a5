// The page every document is drawn on: US Letter, a letterhead, blocks, tables, totals, signatures and
// a footer band under the content that nothing else enters. A document (invoice.ts,
// bill-of-lading.ts, ...) says what goes on its pages through `Paper`; page breaks, repeated table
// headers, "Page 1 of N" and a draft's watermark are done here once for all of them.

import { oneLine, sentenceCase } from './format.js';
import type { Broker, BusinessDocument, VehicleLine } from './documents.models.js';
import { addressLines, type Line } from './words.js';

/** What one kind of document brings to the renderer (documents.render.ts lists them). */
export interface DocumentDrawing<D extends BusinessDocument> {
  /** The attachment's file name: `invoice-INV-000123.pdf`. */
  fileName(doc: D): string;
  /** A short human title: `Invoice INV-000123`. */
  title(doc: D): string;
  /** The document's own date in milliseconds, as the PDF's creation date: never the clock, so the bytes stay the same. */
  instant(doc: D): number;
  draw(paper: Paper, doc: D): void;
}

/** An id or number as a portable piece of a file name, whatever text it holds. */
export const fileNamePart = (id: string): string => id.replace(/[^A-Za-z0-9._-]+/g, '-');

// US Letter in points.

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

export const REGULAR = 'DejaVuSans';
export const BOLD = 'DejaVuSans-Bold';

export interface Style {
  bold?: boolean;
  size?: number;
  color?: string;
  align?: 'left' | 'right' | 'center';
}


export interface Block {
  label: string;
  lines: Line[];
}

/** A key fact beside the title; an id or an amount shrinks to stay on one line, `prose` wraps. */
export interface Fact {
  label: string;
  value: string;
  strong?: boolean;
  prose?: boolean;
}

export interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

export interface Row {
  cells: (string | Line[])[];
  /** Smaller lines under the row (the load of an invoice line), spanning the first columns. */
  details: Line[];
}

export interface Stamp {
  text: string;
  color: string;
  /** Across every page as well (a draft or a void invoice must not pass for a bill). */
  watermark: boolean;
}

/** Where the next thing goes, and the page breaks: the pdfkit document with a cursor. */
export class Paper {
  y = TOP;
  /** The documents drawn so far, each with its first page and its stamp. */
  private readonly started: { doc: BusinessDocument; title: string; first: number; stamp: Stamp | null }[] = [];

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

  /** Starts a document on a new page; `title` names it in the footers and continued-page headers. */
  begin(doc: BusinessDocument, title: string): void {
    this.started.push({ doc, title, first: this.pageCount, stamp: null });
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
    this.started.forEach(({ doc, title, first, stamp }, n) => {
      const count = (this.started[n + 1]?.first ?? this.pageCount) - first;
      const left = `${oneLine(doc.broker.legal_name)} · ${title}`;
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
    const { doc, title } = this.current;
    const style: Style = { bold: true, size: 9, color: ACCENT };
    this.write(this.clip(oneLine(doc.broker.legal_name), 260, style), LEFT, TOP, 260, style);
    this.write(`${title} (continued)`, LEFT + 270, TOP, WIDTH - 270, { size: 9, color: MUTED, align: 'right' });
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

export function lineStyle(line: Line, size: number): Style {
  return { bold: line.bold === true, size, color: line.muted ? MUTED : INK };
}

/** Free text of a few lines (payment instructions) keeps its line breaks. */
export function multiLine(text: string): string {
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
