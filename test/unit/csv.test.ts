// The dashboard's CSV cells (dashboard/src/csv.ts): quoted, and text that a spreadsheet would run as
// a formula made inert (OWASP, CSV Injection); the product's numbers left as numbers.
import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from '../../dashboard/src/csv.js';

describe('csvCell', () => {
  it('prefixes text starting with =, +, -, @, tab or carriage return with a single quote', () => {
    expect(csvCell('=HYPERLINK("http://x","click")')).toBe(`"'=HYPERLINK(""http://x"",""click"")"`);
    expect(csvCell('+1')).toBe(`"'+1"`);
    expect(csvCell('-2')).toBe(`"'-2"`);
    expect(csvCell('@SUM(1)')).toBe(`"'@SUM(1)"`);
    expect(csvCell('\t=1+1')).toBe(`"'\t=1+1"`);
    expect(csvCell('\r=1+1')).toBe(`"'\r=1+1"`);
  });

  it('leaves other text as it is, between double quotes, inner quotes doubled', () => {
    expect(csvCell('Acme Auto Sales')).toBe('"Acme Auto Sales"');
    expect(csvCell('IL->FL')).toBe('"IL->FL"');
    expect(csvCell('a=b')).toBe('"a=b"');
    expect(csvCell(' =1')).toBe('" =1"');
    expect(csvCell('Say "hi", then\nleave')).toBe('"Say ""hi"", then\nleave"');
    expect(csvCell("'quoted")).toBe(`"'quoted"`);
    expect(csvCell('2026-07-01')).toBe('"2026-07-01"');
    expect(csvCell('')).toBe('""');
  });

  it('writes the product\'s numbers as numbers, negative ones included, never prefixed', () => {
    expect(csvCell(-1200)).toBe('"-1200"');
    expect(csvCell(125000)).toBe('"125000"');
    expect(csvCell(0)).toBe('"0"');
    expect(csvCell(27.5)).toBe('"27.5"');
    expect(csvCell(-0.25)).toBe('"-0.25"');
  });

  it('writes nothing for null and for a number that is not finite', () => {
    expect(csvCell(null)).toBe('""');
    expect(csvCell(Number.NaN)).toBe('""');
    expect(csvCell(Number.POSITIVE_INFINITY)).toBe('""');
  });
});

describe('toCsv', () => {
  it('writes the header and each row as a line of cells, each line ending with a newline', () => {
    const csv = toCsv(['customer_name', 'total'], [
      ['=HYPERLINK("http://x","click")', -1200],
      ['+1', 0],
      ['-2', 5],
      ['@SUM(1)', null],
    ]);
    expect(csv).toBe(
      [
        '"customer_name","total"',
        `"'=HYPERLINK(""http://x"",""click"")","-1200"`,
        `"'+1","0"`,
        `"'-2","5"`,
        `"'@SUM(1)",""`,
        '',
      ].join('\n'),
    );
  });
  it('writes a table without rows as its header', () => {
    expect(toCsv(['a', 'b'], [])).toBe('"a","b"\n');
  });
});
