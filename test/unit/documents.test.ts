// The business documents as PDF (src/documents/documents.render.ts), read back the way a customer or a
// carrier reads them: the text each document must say, the bytes the same model must give again (in
// another process and another time zone too), and long invoices continuing page after page.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type {
  BillOfLadingDocument,
  Broker,
  BusinessDocument,
  CarrierParty,
  InvoiceDocument,
  Load,
  RateConfirmationDocument,
  RemittanceDocument,
} from '../../src/documents/documents.models.js';
import { documentFileName, documentTitle, renderDocument, renderDocuments } from '../../src/documents/documents.render.js';
import { day, dayAfter, dayStart, instant, money, oneLine } from '../../src/documents/format.js';

// --- the models -----------------------------------------------------------------------------------

const seconds = (iso: string) => Date.parse(iso) / 1000;

function broker(overrides: Partial<Broker> = {}): Broker {
  return {
    legal_name: 'Lakeshore Auto Logistics LLC',
    address: { address1: '1200 W Lake St', address2: 'Suite 400', city: 'Chicago', state: 'IL', zip: '60607' },
    phone: '+13125550142',
    email: 'billing@lakeshore.example',
    remit_to: { address1: 'PO Box 88123', city: 'Chicago', state: 'IL', zip: '60680' },
    payment_instructions: 'ACH to First Midwest Bank, routing 071000013, account 4455667788.\nQuote the invoice number.',
    ...overrides,
  };
}

const CARRIER: CarrierParty = {
  id: 'car_01JABCDEFGHJKMNPQRSTVWXYZ0',
  legal_name: 'Prairie Haulers Inc',
  dot_number: '3141592',
  mc_number: '987654',
  contact_name: 'Dana Ruiz',
  contact_email: 'dispatch@prairie.example',
  phone: '+17735550199',
};

/** A VIN per load and position, all distinct (17 characters). */
const vin = (load: number, position: number) => `1HGCM82633A${String(load * 10 + position).padStart(6, '0')}`;
const loadId = (n: number) => `ord_01JABCDEFGHJKMNPQRST${String(n).padStart(4, '0')}`;

function load(n: number, vehicles = 3): Load {
  return {
    id: loadId(n),
    pickup: { address1: '455 Industrial Pkwy', city: 'Los Angeles', state: 'CA', zip: '90001', contact_name: 'Maria Ortiz', contact_phone: '+13235550111' },
    delivery: { address1: '77 Harbor Rd', address2: 'Gate 3', city: 'Newark', state: 'NJ', zip: '07114', contact_name: 'Sam Lee', contact_phone: '+12015550177' },
    vehicles: Array.from({ length: vehicles }, (_, k) => ({ year: 2003 + k, make: 'Honda', model: 'Accord', vin: vin(n, k), type: 'sedan', inoperable: k === 1 })),
  };
}

function invoice(overrides: Partial<InvoiceDocument> = {}, lines = 3, vehicles = 3): InvoiceDocument {
  return {
    kind: 'invoice',
    broker: broker(),
    number: 'INV-000123',
    status: 'SENT',
    issued_on: '2026-12-01',
    due_date: '2026-12-31',
    currency: 'usd',
    customer: { name: 'Acme Dealer Group', email: 'ap@acme.example', billing_address: { address1: '9 Main St', city: 'Austin', state: 'TX', zip: '73301' } },
    lines: Array.from({ length: lines }, (_, i) => ({
      description: `Transport #${String(i + 1).padStart(3, '0')}, Los Angeles to Newark`,
      quantity: 1,
      unit_amount: 145_000,
      amount: 145_000,
      load: load(i + 1, vehicles),
    })),
    subtotal: 145_000 * lines,
    amount_paid: 100_000,
    amount_remaining: 145_000 * lines - 100_000,
    ...overrides,
  };
}

function remittance(overrides: Partial<RemittanceDocument> = {}): RemittanceDocument {
  return {
    kind: 'remittance',
    broker: broker(),
    carrier: CARRIER,
    payment: { id: 'cpy_01JABCDEFGHJKMNPQRSTVWXYZ1', sent_on: '2026-12-05', payment_method: 'ach', reference: 'TRACE 0042-7781', amount: 290_000, currency: 'usd' },
    loads: [
      { ...load(1), delivered_on: '2026-12-03', carrier_pay: 120_000 },
      { ...load(2, 1), delivered_on: null, carrier_pay: 170_000 },
    ],
    ...overrides,
  };
}

function rateConfirmation(overrides: Partial<RateConfirmationDocument> = {}): RateConfirmationDocument {
  return {
    kind: 'rate_confirmation',
    broker: broker(),
    carrier: CARRIER,
    load: { ...load(7), ready_date: '2026-12-10', delivery_window_days: 7, dispatched_on: '2026-12-08' },
    carrier_pay: 145_000,
    currency: 'usd',
    ...overrides,
  };
}

function billOfLading(overrides: Partial<BillOfLadingDocument> = {}): BillOfLadingDocument {
  return {
    kind: 'bill_of_lading',
    broker: broker(),
    customer: { name: 'Acme Dealer Group' },
    carrier: CARRIER,
    load: load(8),
    picked_up_at: seconds('2026-12-11T14:40:00Z'),
    delivered_at: seconds('2026-12-15T02:00:00Z'),
    signed_by: 'Sam Lee',
    signed_at: seconds('2026-12-15T02:05:00Z'),
    exceptions: [{ kind: 'damage', note: 'Scratch on the rear bumper', created: seconds('2026-12-15T02:03:00Z') }],
    ...overrides,
  };
}

// --- reading a PDF back ---------------------------------------------------------------------------

/** The text of each page (pdf.js takes the bytes over: it is given a copy). */
async function pagesOf(pdf: Buffer): Promise<string[]> {
  return (await extractText(new Uint8Array(pdf))).text;
}

async function textOf(pdf: Buffer): Promise<string> {
  return (await pagesOf(pdf)).join('\n');
}

const run = promisify(execFile);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The trailer's /ID, the file identifier readers use to tell two files apart. */
const fileId = (pdf: Buffer) => /\/ID \[<([0-9a-f]+)>/.exec(pdf.toString('latin1'))?.[1];

// --- the documents --------------------------------------------------------------------------------

describe('invoice', () => {
  it('says who bills whom, for what, when it is due and how much', async () => {
    const doc = invoice();
    const text = await textOf(await renderDocument(doc));
    for (const expected of [
      'Lakeshore Auto Logistics LLC',
      '1200 W Lake St',
      '+13125550142',
      'billing@lakeshore.example',
      'INVOICE',
      'INV-000123',
      'Acme Dealer Group',
      'Austin, TX 73301',
      'ap@acme.example',
      'PO Box 88123', // remit to
      'ACH to First Midwest Bank, routing 071000013, account 4455667788.',
      'Quote the invoice number.',
      'Los Angeles, CA 90001 → Newark, NJ 07114',
      '$1,450.00', // each line
      '$4,350.00', // subtotal
      '$1,000.00', // paid
      '$3,350.00', // due
    ]) {
      expect(text).toContain(expected);
    }
    for (const line of doc.lines) {
      expect(text).toContain(line.description);
      expect(text).toContain(`Load ${line.load!.id}`);
      for (const v of line.load!.vehicles) expect(text).toContain(`${v.year} ${v.make} ${v.model} VIN ${v.vin}`);
    }
    expect(text).toMatch(/Issued\s*Dec 1, 2026\s*Due\s*Dec 31, 2026/);
    expect(text).toMatch(/Amount due\s*\$3,350\.00/);
  });

  it('sends payments to the broker address when there is no separate remit-to address', async () => {
    const text = await textOf(await renderDocument(invoice({ broker: broker({ remit_to: null, payment_instructions: null }) })));
    expect(text).not.toContain('PO Box 88123');
    expect(text).toMatch(/Remit to[\s\S]*Lakeshore Auto Logistics LLC\s*1200 W Lake St/i);
    expect(text).not.toMatch(/payment instructions/i);
  });

  it('formats cents as dollars with separators, and another currency with its code', async () => {
    const big = await textOf(await renderDocument(invoice({ amount_remaining: 123_456_789 })));
    expect(big).toContain('$1,234,567.89');
    const euros = await textOf(await renderDocument(invoice({ currency: 'eur' })));
    expect(euros).toContain('EUR 1,450.00');
    expect(euros).not.toContain('$');
  });

  it.each([
    ['VOID', 'VOID'],
    ['DRAFT', 'DRAFT'],
    ['PAID', 'PAID'],
  ] as const)('marks a %s invoice', async (status, mark) => {
    expect(await textOf(await renderDocument(invoice({ status })))).toContain(mark);
  });

  it('marks a sent invoice with nothing', async () => {
    const text = await textOf(await renderDocument(invoice({ status: 'SENT' })));
    for (const mark of ['VOID', 'DRAFT', 'PAID']) expect(text).not.toContain(mark);
  });

  it('wraps a long description and a long company name within the page, losing no word', async () => {
    const description = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ').slice(0, 255);
    const name = 'The Extraordinarily Long Named Interstate Automobile Transportation and Logistics Brokerage Company of North America LLC';
    const doc = invoice({ broker: broker({ legal_name: name }) }, 1, 10);
    doc.lines[0]!.description = description;
    const pdf = await renderDocument(doc);
    const text = (await textOf(pdf)).replace(/\s+/g, ' ');
    expect(text).toContain(description.replace(/\s+/g, ' '));
    expect(text).toContain(name);
    for (const v of doc.lines[0]!.load!.vehicles) expect(text).toContain(v.vin);

    // A word wider than its column is broken, but none of its characters is lost.
    const token = 'REF' + 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'.repeat(3);
    const unbroken = invoice({}, 1, 1);
    unbroken.lines[0]!.description = `See ${token} for the quote`;
    expect((await textOf(await renderDocument(unbroken))).replace(/\s+/g, '')).toContain(`See${token}forthequote`);

    const proxy = await getDocumentProxy(new Uint8Array(pdf));
    const page = await proxy.getPage(1);
    const { width } = page.getViewport({ scale: 1 });
    for (const item of (await page.getTextContent()).items) {
      if (!('str' in item) || !item.str.trim()) continue;
      expect(item.transform[4]).toBeGreaterThanOrEqual(36);
      expect(item.transform[4] + item.width).toBeLessThanOrEqual(width - 36);
    }
  });
});

describe('remittance advice', () => {
  it('lists what the payment paid, load by load', async () => {
    const doc = remittance();
    const text = await textOf(await renderDocument(doc));
    for (const expected of [
      'REMITTANCE ADVICE',
      'Prairie Haulers Inc',
      'DOT 3141592',
      'MC 987654',
      'Dana Ruiz',
      'dispatch@prairie.example',
      '+17735550199',
      doc.payment.id,
      'Dec 5, 2026',
      'ACH',
      'TRACE 0042-7781',
      'Dec 3, 2026', // the first load's delivery
      '$1,200.00',
      '$1,700.00',
      '$2,900.00',
    ]) {
      expect(text).toContain(expected);
    }
    for (const l of doc.loads) {
      expect(text).toContain(l.id);
      for (const v of l.vehicles) expect(text).toContain(`VIN ${v.vin}`);
    }
  });

  it.each([
    ['wire', 'Wire'],
    ['check', 'Check'],
    ['card', 'Card'],
  ])('names the %s payment method %s', async (method, label) => {
    const doc = remittance();
    const text = await textOf(await renderDocument({ ...doc, payment: { ...doc.payment, payment_method: method } }));
    expect(text).toMatch(new RegExp(`Method\\s*${label}\\b`));
  });

  it('names the carrier by its contact when it has no legal name', async () => {
    const text = await textOf(await renderDocument(remittance({ carrier: { ...CARRIER, legal_name: null, mc_number: null } })));
    expect(text).not.toContain('Prairie Haulers Inc');
    expect(text).not.toContain('MC ');
    expect(text).toMatch(/Paid to\s*Dana Ruiz/i);
  });
});

describe('rate confirmation', () => {
  it('states the load, the stops, the vehicles, the dates and the agreed pay, with lines to sign', async () => {
    const doc = rateConfirmation();
    const text = await textOf(await renderDocument(doc));
    for (const expected of [
      'RATE CONFIRMATION',
      doc.load.id,
      'Prairie Haulers Inc',
      'DOT 3141592',
      'Dec 8, 2026', // dispatched
      'Ready Dec 10, 2026',
      'Deliver by Dec 17, 2026', // ready date + 7 days
      '455 Industrial Pkwy',
      'Contact: Maria Ortiz',
      'Phone: +13235550111',
      '77 Harbor Rd',
      'Gate 3',
      'Phone: +12015550177',
      '$1,450.00',
      'Carrier signature',
      'Printed name',
      'Date',
    ]) {
      expect(text).toContain(expected);
    }
    for (const v of doc.load.vehicles) expect(text).toContain(v.vin);
    expect(text).toMatch(/Accord\s*1HGCM82633A000070\s*Sedan\s*No/);
    expect(text).toMatch(/Accord\s*1HGCM82633A000071\s*Sedan\s*Yes/);
  });

  it('says the pay is not set when it is not', async () => {
    const text = await textOf(await renderDocument(rateConfirmation({ carrier_pay: null })));
    expect(text).toMatch(/Agreed carrier pay\s*Not set/);
    expect(text).not.toContain('$');
  });

  it('counts the delivery window across a month end in UTC days', async () => {
    const doc = rateConfirmation();
    const text = await textOf(await renderDocument({ ...doc, load: { ...doc.load, ready_date: '2026-02-25', delivery_window_days: 5 } }));
    expect(text).toContain('Deliver by Mar 2, 2026');
  });
});

describe('bill of lading', () => {
  it('records who shipped, who carried, when, who signed and what was noted', async () => {
    const doc = billOfLading();
    const text = await textOf(await renderDocument(doc));
    for (const expected of [
      'BILL OF LADING',
      'Acme Dealer Group',
      'Prairie Haulers Inc',
      doc.load.id,
      'Dec 11, 2026 14:40 UTC',
      'Dec 15, 2026 02:00 UTC',
      'Received in good order by Sam Lee at Dec 15, 2026 02:05 UTC',
      'Damage',
      'Scratch on the rear bumper',
      'Dec 15, 2026 02:03 UTC',
    ]) {
      expect(text).toContain(expected);
    }
    for (const v of doc.load.vehicles) expect(text).toContain(v.vin);
    expect(text).not.toContain('No exceptions noted');
  });

  it('says so when there was no exception and no pickup time', async () => {
    const text = await textOf(await renderDocument(billOfLading({ exceptions: [], picked_up_at: null })));
    expect(text).toContain('No exceptions noted');
    expect(text).toMatch(/Picked up\s*Not recorded/);
  });
});

describe('Unicode', () => {
  it('prints and copies Latin and Cyrillic names as written', async () => {
    const names = ['Zoë Łódź Ñandú Auto Transport', 'Москва Перевозки', 'Gómez Straße Ærøskøbing'];
    const text = await textOf(
      await renderDocument(remittance({ broker: broker({ legal_name: names[0]! }), carrier: { ...CARRIER, legal_name: names[1]!, contact_name: names[2]! } })),
    );
    for (const name of names) expect(text).toContain(name);
  });

  it('copies a letter right in a later document after meeting it first inside an accented one', async () => {
    // "ά" is drawn from "α" and an accent, "ӂ" from "ж" and a breve: the fonts' "α" and "ж" must not
    // keep that first meeting, which had no text of its own (no other test here writes these letters).
    const named = (name: string) => {
      const doc = invoice({ customer: { name, email: null, billing_address: null } }, 1, 1);
      doc.lines[0]!.description = name; // the name in bold, the description in the regular face
      return doc;
    };
    await renderDocument(named('ά ӂ'));
    const text = await textOf(await renderDocument(named('Bα Bж')));
    expect(text.split('Bα Bж')).toHaveLength(3);
  });

  it('embeds DejaVu Sans and no standard font', async () => {
    const raw = (await renderDocument(invoice())).toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans-Bold\b/);
    expect(raw).not.toMatch(/Helvetica|Times|Courier/);
  });
});

describe('the same model, the same bytes', () => {
  it('renders a model twice to identical bytes, whatever was rendered in between', async () => {
    const first = await renderDocument(invoice());
    await renderDocument(billOfLading({ customer: { name: 'Ærøskøbing Ñandú Москва' } }));
    expect((await renderDocument(invoice())).equals(first)).toBe(true);
  });

  it('gives another amount other bytes and another file identifier', async () => {
    const a = await renderDocument(invoice());
    const b = await renderDocument(invoice({ amount_paid: 100_001 }));
    expect(a.equals(b)).toBe(false);
    expect(fileId(a)).toMatch(/^[0-9a-f]{32}$/);
    expect(fileId(b)).not.toBe(fileId(a));
  });

  it('dates the file from the document, never from the clock, and names its title and author', async () => {
    const cases: [BusinessDocument, string][] = [
      [invoice(), '2026-12-01T00:00:00.000Z'],
      [remittance(), '2026-12-05T00:00:00.000Z'],
      [rateConfirmation(), '2026-12-08T00:00:00.000Z'],
      [billOfLading(), '2026-12-15T02:00:00.000Z'],
    ];
    for (const [doc, created] of cases) {
      const raw = (await renderDocument(doc)).toString('latin1');
      const stamp = created.replace(/[-:T]/g, '').slice(0, 14);
      expect(raw).toContain(`(D:${stamp}Z)`);
      expect(raw).toContain(`(${documentTitle(doc)})`);
      expect(raw).toContain('(Lakeshore Auto Logistics LLC)');
    }
  });

  it('renders the same bytes in another process, in another time zone', async () => {
    const doc = invoice({ issued_on: '2026-01-01', due_date: '2026-01-31' });
    const here = sha256(await renderDocument(doc));
    const module = pathToFileURL(resolve('src/documents/documents.render.ts')).href;
    const script = `
      import { createHash } from 'node:crypto';
      const { renderDocument } = await import(${JSON.stringify(module)});
      const pdf = await renderDocument(JSON.parse(process.env.MODEL));
      process.stdout.write(createHash('sha256').update(pdf).digest('hex'));`;
    // A day read or printed in the machine's zone would move a day, one way or the other, in these.
    const there = await Promise.all(
      ['Pacific/Kiritimati', 'America/Los_Angeles'].map(async (TZ) => {
        const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
          env: { ...process.env, TZ, MODEL: JSON.stringify(doc) },
        });
        return stdout;
      }),
    );
    expect(there).toEqual([here, here]);
    // And the dates are the calendar days of the model, not shifted by a zone.
    const text = await textOf(await renderDocument(doc));
    expect(text).toContain('Jan 1, 2026');
    expect(text).toContain('Jan 31, 2026');
    // (Two new processes each load the renderer: seconds on a busy machine.)
  }, 60_000);
});

describe('pages', () => {
  it('continues 50 lines of 3 vehicles over numbered pages, repeating the header, losing no line', async () => {
    const doc = invoice({}, 50, 3);
    const pdf = await renderDocument(doc);
    const pages = await pagesOf(pdf);
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(page).toContain('DESCRIPTION'); // the table's header on every page it reaches
      if (i > 0) expect(page).toContain('Invoice INV-000123 (continued)');
    });
    const all = pages.join('\n');
    for (const line of doc.lines) {
      expect(all.split(line.description).length - 1).toBe(1);
      for (const v of line.load!.vehicles) expect(all.split(v.vin).length - 1).toBe(1);
    }
    expect(pages.at(-1)).toMatch(/Amount due\s*\$71,500\.00/);
  });

  it('keeps every line of text above the footer and its rule', async () => {
    // Lines of 1 to 10 vehicles: rows of every height, so pages end at many different heights.
    const doc = invoice({}, 50, 3);
    doc.lines.forEach((line, i) => (line.load = load(i + 1, 1 + (i % 10))));
    const proxy = await getDocumentProxy(new Uint8Array(await renderDocument(doc)));
    for (let n = 1; n <= proxy.numPages; n++) {
      const items = (await (await proxy.getPage(n)).getTextContent()).items.flatMap((item) =>
        'str' in item && item.str.trim() ? [{ str: item.str, y: item.transform[5] as number, height: item.height }] : [],
      );
      const footer = items.filter((item) => /^Page \d+ of \d+$/.test(item.str) || item.str.startsWith('Lakeshore Auto Logistics LLC · '));
      expect(footer).toHaveLength(2);
      const footerTop = Math.max(...footer.map((item) => item.y + item.height));
      const content = items.filter((item) => !footer.includes(item));
      expect(content.length).toBeGreaterThan(10);
      // y is the baseline, from the bottom of the page: a descender reaches a quarter of the size below
      // it. The footer's rule is drawn 6 points above its text.
      for (const item of content) expect(item.y - item.height / 4).toBeGreaterThan(footerTop + 6);
    }
  });

  it('does not number the page of a one-page document', async () => {
    const pages = await pagesOf(await renderDocument(invoice()));
    expect(pages).toHaveLength(1);
    expect(pages[0]).not.toMatch(/Page \d+ of/);
  });
});

describe('renderDocuments', () => {
  it('prints several documents in one file, each from a new page with its own page numbers', async () => {
    const docs = [invoice({}, 12, 3), rateConfirmation(), billOfLading()];
    const alone = await Promise.all(docs.map(async (doc) => (await pagesOf(await renderDocument(doc))).length));
    expect(alone[0]).toBeGreaterThan(1);
    const pages = await pagesOf(await renderDocuments(docs));
    expect(pages).toHaveLength(alone.reduce((a, b) => a + b, 0));

    const firsts = [0, alone[0]!, alone[0]! + alone[1]!];
    expect(pages[firsts[0]!]).toContain('INVOICE');
    expect(pages[firsts[1]!]).toContain('RATE CONFIRMATION');
    expect(pages[firsts[2]!]).toContain('BILL OF LADING');
    expect(pages[firsts[0]!]).toContain(`Page 1 of ${alone[0]}`);
    expect(pages[firsts[1]! - 1]).toContain(`Page ${alone[0]} of ${alone[0]}`);
    for (const first of firsts.slice(1)) expect(pages[first]).not.toMatch(/Page \d+ of/);
    // Nothing of the invoice runs onto the next document's page.
    expect(pages[firsts[1]!]).not.toContain('INV-000123');
  });

  it('gives one document the same bytes as renderDocument', async () => {
    const doc = remittance();
    expect((await renderDocuments([doc])).equals(await renderDocument(doc))).toBe(true);
  });

  it('refuses an empty list', async () => {
    await expect(renderDocuments([])).rejects.toThrow(RangeError);
  });
});

describe('documentFileName and documentTitle', () => {
  it.each([
    [invoice(), 'invoice-INV-000123.pdf', 'Invoice INV-000123'],
    [remittance(), 'remittance-cpy_01JABCDEFGHJKMNPQRSTVWXYZ1.pdf', 'Remittance advice cpy_01JABCDEFGHJKMNPQRSTVWXYZ1'],
    [rateConfirmation(), `rate-confirmation-${loadId(7)}.pdf`, `Rate confirmation ${loadId(7)}`],
    [billOfLading(), `bill-of-lading-${loadId(8)}.pdf`, `Bill of lading ${loadId(8)}`],
  ] as [BusinessDocument, string, string][])('names a %s', (doc, file, title) => {
    expect(documentFileName(doc)).toBe(file);
    expect(documentTitle(doc)).toBe(title);
  });

  it('keeps a file name portable whatever the invoice number holds', () => {
    expect(documentFileName(invoice({ number: 'INV 7/2026' }))).toBe('invoice-INV-7-2026.pdf');
  });
});

describe('format: money and days as the documents write them', () => {
  it('writes any day the API accepts, from the year 0001 to a window ending past 9999, never through a time zone', () => {
    expect(day('2026-12-31')).toBe('Dec 31, 2026');
    expect(day('0050-01-01')).toBe('Jan 1, 50');
    expect(day('0001-02-28')).toBe('Feb 28, 1');
    expect(dayAfter('9999-12-31', 7)).toBe('Jan 7, 10000');
    expect(dayAfter('2026-02-27', 2)).toBe('Mar 1, 2026');
    expect(dayAfter('2028-02-28', 1)).toBe('Feb 29, 2028');
    expect(dayStart('0050-01-01').getUTCFullYear()).toBe(50);
    expect(instant(Date.UTC(2026, 11, 31, 14, 5, 59) / 1000)).toBe('Dec 31, 2026 14:05 UTC');
  });

  it.each(['2026-02-30', '2026-13-01', '2026-1-01', 'Dec 1', ''])('refuses %j, not a calendar day', (text) => {
    expect(() => day(text)).toThrow(RangeError);
  });

  it('writes cents as dollars, another currency with its code', () => {
    expect(money(145_000, 'usd')).toBe('$1,450.00');
    expect(money(1, 'usd')).toBe('$0.01');
    expect(money(1_234_567, 'eur')).toBe('EUR 12,345.67');
    expect(money(500, 'jpy')).toBe('JPY 500');
  });

  it('keeps one line: control characters dropped, white space as one space, composed Unicode', () => {
    expect(oneLine(' INV-1\r\n\tBcc:\u0007 x ')).toBe('INV-1 Bcc: x');
    expect(oneLine('Zoe\u0308')).toBe('Zoë');
  });
});
