// CSV as the dashboard's reports download it: every cell of every file goes through `csvCell`.

/** What a cell may hold: text, a number the product computed, or nothing. */
export type CsvValue = string | number | null;

/**
 * Characters that make a spreadsheet read a cell as a formula (or, for tab and carriage return,
 * that some spreadsheets strip before reading one): OWASP's CSV-injection list.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell, written so that a spreadsheet opening the file never runs it (OWASP, CSV Injection):
 * always between double quotes (inner quotes doubled), and text that starts with `=`, `+`, `-`, `@`,
 * tab or carriage return prefixed with a single quote, which a spreadsheet shows as text.
 *
 * The choice for numbers: the cell's type decides, not its look. A `number` is one the product
 * computed (an amount in cents, a count, a rate); written as JavaScript writes it, it is digits with
 * at most a leading `-`, a decimal point and an exponent, never a formula, so it is left as it is and
 * a spreadsheet still sums it, `-1200` included (quotes are CSV syntax: spreadsheets read `"-1200"`
 * as the number). Every `string` is text, whatever it looks like: a customer named `-2` or `+1` is
 * prefixed like `=HYPERLINK(...)` and stays the text that was typed. (OWASP's own advice is to
 * prefix every cell; the common compromise of leaving well-formed numbers alone is what the types
 * give here without guessing from the text.)
 */
export function csvCell(value: CsvValue): string {
  let text: string;
  if (value === null) text = '';
  else if (typeof value === 'number') text = Number.isFinite(value) ? String(value) : '';
  else text = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replaceAll('"', '""')}"`;
}

/** A table as CSV (RFC 4180, one line per row, `\n` between lines and at the end), each cell by `csvCell`. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\n') + '\n';
}
