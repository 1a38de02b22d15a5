// Counts and reports for running the brokerage: `include[]=total_count` on every list that offers it
// (equal to what paging through returns), the orders not billed or not paid to carriers yet, the
// margin report (revenue matched to its load: a load's margin in the period it was delivered, whenever
// it is invoiced; per customer, carrier and lane; it agrees with the ledger's trial balance), the
// receivables aged per customer (equal to the receivable balance at that day), invoices past due and
// their one invoice.overdue, and the operations report (on-time rate, transit days, exceptions) on
// known data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Backend } from './support/databases.js';
import { startHarness, TestClock, type Harness } from './support/harness.js';
import { fixtures, type Fixtures } from './support/fixtures.js';
import { openApiDocument } from '../src/shared/spec.js';
import { scanCompliance } from '../src/carriers/compliance.service.js';
import { Event } from '../src/webhooks/events.entities.js';
import { Invoice } from '../src/accounting/accounting.entities.js';

type Json = Record<string, any>;
const DAY = 86_400_000;

/** The list operations whose parameters offer `include[]=total_count`. */
const COUNTED = Object.entries(openApiDocument().paths).flatMap(([path, item]) =>
  Object.entries(item).flatMap(([method, op]) => {
    const params = ((op as { parameters?: { $ref?: string }[] }).parameters ?? []).map((p) => p.$ref);
    return method === 'get' && params.includes('#/components/parameters/IncludeTotalCount') ? [{ path, id: op.operationId! }] : [];
  }),
);

describe.each(backends())('counts and reports on %s', (backend: Backend) => {
  let h: Harness;
  let f: Fixtures;
  // Monday 2026-11-02, noon UTC.
  const clock = new TestClock(Date.UTC(2026, 10, 2, 12, 0, 0));
  const ok = <T = Json>(r: { status: number; body: any; text: string }, status = 200): T => {
    expect(r.status, r.text).toBe(status);
    return r.body as T;
  };

  beforeAll(async () => {
    h = await startHarness(backend, { clock });
    f = fixtures(h);
  });
  afterAll(() => h.close());

  it('offers total_count on the lists a dashboard counts', () => {
    expect(COUNTED.map((o) => o.id).sort()).toEqual(
      // Every list (the house rules: `include[]=total_count` everywhere or nowhere).
      [
        'listApiKeys', 'listAuditLogs', 'listCarrierPayments', 'listCarrierRegistrySnapshots', 'listCarriers', 'listComplianceAlerts', 'listCustomers', 'listEvents', 'listEventTypes',
        'listInvoices', 'listLedgerEntries', 'listMessages', 'listOAuthClients', 'listOrders', 'listPayments', 'listTestClocks', 'listUsers', 'listWebhookDeliveries',
        'listWebhookEndpoints',
      ].sort(),
    );
  });

  it('counts what paging through returns, for every list that offers it, with and without filters', async () => {
    const cus = await f.customer();
    const carrier = await f.activeCarrier();
    const delivered = [await f.order(cus, { carrier }), await f.order(cus, { carrier })];
    await f.order(cus, { until: 'pending' });
    await f.order(cus, { until: 'cancelled' });
    const inv = await f.invoice(cus, [delivered[0]!]);
    await f.pay(cus, inv.id, 45_000);
    await f.payCarrier(carrier, delivered);
    const endpoint = ok<Json>(await h.call('POST', '/v1/webhook_endpoints', { body: { url: 'http://127.0.0.1:9/hook', enabled_events: ['*'] } }), 201);
    // A lapsed insurance certificate: the scan's alert (and suspension).
    ok(await h.call('PATCH', `/v1/carriers/${await f.activeCarrier()}`, { body: { insurance_expiry_date: '2026-10-01' } }));
    expect(await scanCompliance(h.background(clock))).toBeGreaterThan(0);
    // Test clocks live in test mode: a test key of an account of its own, with three clocks.
    const testKey = await h.key('counting-clocks', 'all', { livemode: false });
    for (const name of ['a', 'b', 'c']) ok(await h.call('POST', '/v1/test_helpers/test_clocks', { key: testKey, body: { frozen_time: Math.floor(clock.now().getTime() / 1000), name } }), 201);
    const keyOf: Record<string, string> = { listTestClocks: testKey };
    for (const name of ['books', 'tms']) ok(await h.call('POST', '/v1/oauth_clients', { body: { name, scopes: ['orders:read'] } }), 201);
    for (const who of ['ap', 'ops', 'dispatch']) ok(await h.call('POST', '/v1/users', { body: { email: `${who}-${Date.now()}@counting.example`, role: 'viewer' } }), 201);
    const pathParams: Record<string, string> = { webhook_endpoint_id: endpoint.id as string, carrier_id: carrier };
    const queries: Record<string, string[]> = { listOrders: ['', 'status=delivered', `customer_id=${cus}`, 'status=pending&billed=false'], listCarriers: ['', 'status=active'], listInvoices: ['', 'status=SENT'] };
    for (const { path: template, id } of COUNTED) {
      const path = template.replace(/\{(\w+)\}/g, (_m, name: string) => pathParams[name] ?? `{${name}}`);
      const key = keyOf[id];
      for (const filter of queries[id] ?? ['']) {
        let paged = 0;
        let cursor: string | null = null;
        let counted: number | undefined;
        for (let page = 0; page < 200; page++) {
          const r: Json = ok(await h.call('GET', `${path}?limit=2&include[]=total_count${filter ? `&${filter}` : ''}${cursor ? `&cursor=${cursor}` : ''}`, { key }));
          counted ??= r.total_count;
          expect(r.total_count, `${id}?${filter} page ${page}`).toBe(counted);
          paged += r.data.length;
          if (!r.has_more) break;
          cursor = r.next_cursor;
        }
        expect(counted, `${id}?${filter}`).toBe(paged);
        // A fixture's carrier is made active without a registry read: its list of reads is empty here
        // (test/carrier-monitoring.test.ts reads a carrier's registry snapshots page by page).
        if (id !== 'listCarrierRegistrySnapshots') expect(paged, `${id}?${filter} lists something`).toBeGreaterThan(0);
        // Without asking, no count.
        expect(ok<Json>(await h.call('GET', `${path}?limit=1${filter ? `&${filter}` : ''}`, { key }))).not.toHaveProperty('total_count');
      }
    }
    // `include=total_count` (one value, unbracketed) is the same request; anything else is refused.
    expect(ok<Json>(await h.call('GET', '/v1/orders?include=total_count')).total_count).toBeGreaterThan(0);
    expect((await h.call('GET', '/v1/orders?include[]=everything')).status).toBe(400);
  });

  it('lists the delivered orders not billed yet, and not paid to their carrier yet', async () => {
    const cus = await f.customer();
    const carrier = await f.activeCarrier();
    const [a, b, c] = [await f.order(cus, { carrier }), await f.order(cus, { carrier }), await f.order(cus, { carrier })];
    const pending = await f.order(cus, { until: 'pending' });
    const ids = async (q: string) => (ok<Json>(await h.call('GET', `/v1/orders?customer_id=${cus}&limit=100&${q}`)).data as Json[]).map((o) => o.id).sort();
    expect(await ids('status=delivered&billed=false')).toEqual([a, b, c].sort());
    const inv = await f.invoice(cus, [a, b]);
    expect(await ids('status=delivered&billed=false')).toEqual([c]);
    expect(await ids('billed=true')).toEqual([a, b].sort());
    expect(await ids('billed=false')).toEqual([c, pending].sort());
    // A void invoice bills nothing: its orders can be billed again.
    ok(await h.call('POST', `/v1/invoices/${inv.id}/void`));
    expect(await ids('status=delivered&billed=false')).toEqual([a, b, c].sort());
    expect(await ids('status=delivered&carrier_paid=false')).toEqual([a, b, c].sort());
    await f.payCarrier(carrier, [b]);
    expect(await ids('status=delivered&carrier_paid=false')).toEqual([a, c].sort());
    expect(await ids('carrier_paid=true')).toEqual([b]);
  });

  it('reports margin per period from the ledger: its totals are the trial balance of revenue and carrier cost', async () => {
    const key = await h.key('margin-co');
    const m = fixtures(h, key);
    const cus = await m.customer();
    const carrier = await m.activeCarrier();
    // Week 1 (Mon 2026-11-02): two delivered orders (carrier cost 120,000 each), one invoiced and paid.
    const one = await m.order(cus, { carrier });
    const two = await m.order(cus, { carrier, carrierPay: 90_000 });
    const inv = await m.invoice(cus, [one]);
    await m.pay(cus, inv.id, 145_000);
    // Week 2: an invoice of 200,000 sent, then voided; one of 150,000 kept.
    clock.advance(7 * DAY);
    const voided = await m.invoice(cus, [two], { amounts: [200_000] });
    ok(await h.call('POST', `/v1/invoices/${voided.id}/void`, { key }));
    await m.invoice(cus, [two], { amounts: [150_000] });
    await m.payCarrier(carrier, [one, two]);
    clock.advance(-7 * DAY);

    const weekly = ok<Json>(await h.call('GET', '/v1/reports/margin?interval=week&from=2026-11-02&to=2026-11-15', { key }));
    expect(weekly).toMatchObject({ object: 'margin_report', interval: 'week', currency: 'usd', group_by: null, groups: [] });
    // Both loads' revenue (their price) and cost in the week they were delivered; week 2 only what the
    // kept invoice billed above the price (150,000 - 145,000), the voided one's difference undone.
    expect(weekly.rows).toEqual([
      { period_start: '2026-11-02', loads: 2, revenue: 290_000, carrier_cost: 210_000, margin: 80_000, margin_percent: 27.59 },
      { period_start: '2026-11-09', loads: 0, revenue: 5_000, carrier_cost: 0, margin: 5_000, margin_percent: 100 },
    ]);
    expect(weekly.totals).toEqual({ loads: 2, revenue: 295_000, carrier_cost: 210_000, margin: 85_000, margin_percent: 28.81 });
    const balances = ok<Json>(await h.call('GET', `/v1/ledger_balances?as_of=${Date.UTC(2026, 10, 16) / 1000}`, { key }));
    const balance = (account: string) => balances.accounts.find((a: Json) => a.ledger_account === account).balance;
    expect(weekly.totals.revenue).toBe(balance('revenue'));
    expect(weekly.totals.carrier_cost).toBe(balance('carrier_cost'));
    // By day: every day of the range a row; by month, one.
    const daily = ok<Json>(await h.call('GET', '/v1/reports/margin?interval=day&from=2026-11-01&to=2026-11-30', { key }));
    expect(daily.rows).toHaveLength(30);
    expect(daily.totals).toEqual(weekly.totals);
    expect(ok<Json>(await h.call('GET', '/v1/reports/margin?interval=month&from=2026-11-01&to=2026-11-30', { key })).rows).toEqual([
      { period_start: '2026-11-01', ...weekly.totals },
    ]);
    // Periods are clipped to the range asked: the week of Sunday 2026-11-01 (which began on Monday
    // 10-26) is the row of 11-01 alone, and a range from mid-week starts its first row there, its
    // figures counted from that day only; the rows add up to the totals.
    const fromSunday = ok<Json>(await h.call('GET', '/v1/reports/margin?interval=week&from=2026-11-01&to=2026-11-15', { key }));
    expect(fromSunday.rows.map((r: Json) => [r.period_start, r.revenue])).toEqual([
      ['2026-11-01', 0],
      ['2026-11-02', 290_000],
      ['2026-11-09', 5_000],
    ]);
    const midWeek = ok<Json>(await h.call('GET', '/v1/reports/margin?interval=week&from=2026-11-04&to=2026-11-10', { key }));
    expect(midWeek.rows.map((r: Json) => [r.period_start, r.loads, r.revenue])).toEqual([
      ['2026-11-04', 0, 0],
      ['2026-11-09', 0, 5_000],
    ]);
    expect(midWeek.totals).toMatchObject({ loads: 0, revenue: 5_000 });
    expect(ok<Json>(await h.call('GET', '/v1/reports/margin?interval=month&from=2026-11-15&to=2026-12-31', { key })).rows.map((r: Json) => r.period_start)).toEqual(['2026-11-15', '2026-12-01']);
    // Another account's ledger is not in it.
    expect(ok<Json>(await h.call('GET', '/v1/reports/margin?interval=month&from=2026-11-01&to=2026-11-30', { key: await h.key('empty-co') })).totals).toEqual({
      loads: 0,
      revenue: 0,
      carrier_cost: 0,
      margin: 0,
      margin_percent: null,
    });
  });

  it('matches revenue to its load: four loads delivered, two invoiced, then the other two in the next period', async () => {
    const key = await h.key('four-loads-co');
    const m = fixtures(h, key);
    const cus = await m.customer();
    const carrier = await m.activeCarrier();
    // Week of 2026-11-02: four loads at $1,450 with $1,100 carrier pay delivered, two of them invoiced.
    const loads = [];
    for (let i = 0; i < 4; i++) loads.push(await m.order(cus, { carrier, price: 145_000, carrierPay: 110_000 }));
    await m.invoice(cus, loads.slice(0, 2));
    const week1 = '/v1/reports/margin?interval=week&from=2026-11-02&to=2026-11-08';
    const expected = { loads: 4, revenue: 580_000, carrier_cost: 440_000, margin: 140_000, margin_percent: 24.14 };
    expect(ok<Json>(await h.call('GET', week1, { key })).totals).toEqual(expected);
    // The unbilled two are in unbilled receivables at their price, the invoiced two in receivable.
    const balance = async (account: string) =>
      ok<Json>(await h.call('GET', `/v1/ledger_balances?as_of=${Date.UTC(2026, 11, 31) / 1000}`, { key })).accounts.find((a: Json) => a.ledger_account === account).balance;
    expect([await balance('unbilled_receivables'), await balance('accounts_receivable'), await balance('deferred_revenue')]).toEqual([290_000, 290_000, 0]);
    // The other two invoiced a week later: week 1 says the same; week 2 has no margin of its own.
    clock.advance(7 * DAY);
    try {
      await m.invoice(cus, loads.slice(2));
    } finally {
      clock.advance(-7 * DAY);
    }
    expect(ok<Json>(await h.call('GET', week1, { key })).totals).toEqual(expected);
    expect(ok<Json>(await h.call('GET', '/v1/reports/margin?interval=week&from=2026-11-09&to=2026-11-15', { key })).totals).toMatchObject({ revenue: 0, margin: 0 });
    expect([await balance('unbilled_receivables'), await balance('accounts_receivable')]).toEqual([0, 580_000]);
  });

  it('defers what is invoiced before delivery (prepaid) and recognizes it when the load is delivered', async () => {
    const key = await h.key('prepaid-co');
    const m = fixtures(h, key);
    const cus = await m.customer();
    const carrier = await m.activeCarrier();
    const load = await m.order(cus, { carrier, until: 'in_transit', price: 145_000, carrierPay: 110_000 });
    // Billed above the price before delivery: nothing earned yet.
    const inv = await m.invoice(cus, [load], { amounts: [150_000] });
    const balances = async () =>
      Object.fromEntries(ok<Json>(await h.call('GET', '/v1/ledger_balances', { key })).accounts.map((a: Json) => [a.ledger_account, a.balance]));
    expect(await balances()).toMatchObject({ accounts_receivable: 150_000, deferred_revenue: 150_000, revenue: 0, carrier_cost: 0 });
    const report = async () => ok<Json>(await h.call('GET', '/v1/reports/margin?interval=month&from=2026-11-01&to=2026-11-30', { key })).totals;
    expect(await report()).toMatchObject({ loads: 0, revenue: 0 });
    // Delivered: what the invoice billed is the load's revenue, out of deferred revenue, with its cost.
    ok(await h.call('POST', `/v1/orders/${load}/deliver`, { key, body: { signed_by: 'R' } }));
    expect(await balances()).toMatchObject({ accounts_receivable: 150_000, deferred_revenue: 0, unbilled_receivables: 0, revenue: 150_000, carrier_cost: 110_000 });
    expect(await report()).toMatchObject({ loads: 1, revenue: 150_000, carrier_cost: 110_000, margin: 40_000 });
    // Voided after delivery: the load is unbilled again at its price.
    ok(await h.call('POST', `/v1/invoices/${inv.id}/void`, { key }));
    expect(await balances()).toMatchObject({ accounts_receivable: 0, deferred_revenue: 0, unbilled_receivables: 145_000, revenue: 145_000 });
    // An invoiced order cancelled before delivery keeps its deferred revenue until the invoice is voided.
    const cancelled = await m.order(cus, { until: 'pending' });
    const prepaid = await m.invoice(cus, [cancelled]);
    ok(await h.call('POST', `/v1/orders/${cancelled}/cancel`, { key, body: {} }));
    expect(await balances()).toMatchObject({ deferred_revenue: 145_000, revenue: 145_000 });
    ok(await h.call('POST', `/v1/invoices/${prepaid.id}/void`, { key }));
    expect(await balances()).toMatchObject({ deferred_revenue: 0, revenue: 145_000, accounts_receivable: 0 });
    // Every line names its load; the ledger lists a load's lines.
    const lines = ok<Json>(await h.call('GET', `/v1/ledger_entries?order_id=${load}&limit=100`, { key })).data;
    expect(new Set(lines.map((l: Json) => l.order_id))).toEqual(new Set([load]));
    expect(lines.map((l: Json) => l.ledger_account).sort()).toEqual(
      ['carrier_cost', 'carrier_payable', 'deferred_revenue', 'deferred_revenue', 'revenue', 'revenue', 'unbilled_receivables'].sort(),
    );
  });

  it('splits the margin by customer, carrier and lane, largest margin first', async () => {
    const key = await h.key('grouped-co');
    const m = fixtures(h, key);
    const acme = await m.customer({ name: 'Acme Auto' });
    const lake = await m.customer({ name: 'Lakeside Motors' });
    const swift = await m.activeCarrier();
    const road = await m.activeCarrier();
    ok(await h.call('PATCH', `/v1/carriers/${road}`, { key, body: { contact_name: 'Roadrunner Dispatch' } }));
    const toTexas = { delivery: { address1: '1 Main St', city: 'Austin', state: 'TX', zip: '73301' } };
    await m.order(acme, { carrier: swift, price: 100_000, carrierPay: 80_000 });
    await m.order(acme, { carrier: road, price: 200_000, carrierPay: 150_000, body: toTexas });
    await m.order(lake, { carrier: road, price: 50_000, carrierPay: 45_000 });
    const grouped = async (by: string) => ok<Json>(await h.call('GET', `/v1/reports/margin?from=2026-11-01&to=2026-11-30&interval=month&group_by=${by}`, { key }));
    const customers = await grouped('customer');
    expect(customers.group_by).toBe('customer');
    expect(customers.groups).toEqual([
      { key: acme, label: 'Acme Auto', loads: 2, revenue: 300_000, carrier_cost: 230_000, margin: 70_000, margin_percent: 23.33 },
      { key: lake, label: 'Lakeside Motors', loads: 1, revenue: 50_000, carrier_cost: 45_000, margin: 5_000, margin_percent: 10 },
    ]);
    expect(customers.totals).toMatchObject({ loads: 3, revenue: 350_000, margin: 75_000 });
    expect((await grouped('carrier')).groups.map((g: Json) => [g.key, g.loads, g.margin])).toEqual([
      [road, 2, 55_000],
      [swift, 1, 20_000],
    ]);
    expect((await grouped('carrier')).groups[0].label).toBe('Roadrunner Dispatch');
    expect((await grouped('lane')).groups.map((g: Json) => [g.key, g.label, g.loads, g.margin])).toEqual([
      ['IL->TX', 'IL->TX', 1, 50_000],
      ['IL->FL', 'IL->FL', 2, 25_000],
    ]);
    expect((await h.call('GET', '/v1/reports/margin?from=2026-11-01&to=2026-11-30&group_by=shipper', { key })).status).toBe(400);
  });

  it('ages receivables per customer; the total is the receivable balance of the trial balance that day', async () => {
    const key = await h.key('aging-co');
    const m = fixtures(h, key);
    const acme = await m.customer({ name: 'Acme Auto' });
    const lake = await m.customer({ name: 'Lakeside Motors' });
    const create = async (customer: string, due: string, amount: number) =>
      ok<Json>(await h.call('POST', '/v1/invoices', { key, body: { customer_id: customer, due_date: due, lines: [{ description: 'Transport', quantity: 1, unit_amount: amount }], send: { email: 'ap@x.example' } } }), 201);
    // 2026-11-02: one invoice due 2026-09-18 (45 days past due on 11-02), one due 2026-12-01, one of
    // Lakeside due 2026-10-20 (13 days), a partial payment of it, a payment on account, a void one.
    const late = await create(acme, '2026-09-18', 95_000);
    await create(acme, '2026-12-01', 145_000);
    const lakeInv = await create(lake, '2026-10-20', 120_000);
    await m.pay(lake, lakeInv.id, 20_000);
    ok(await h.call('POST', '/v1/payments', { key, body: { customer_id: lake, amount: 5_000, payment_method: 'check' } }), 201);
    const voided = await create(lake, '2026-08-01', 70_000);
    ok(await h.call('POST', `/v1/invoices/${voided.id}/void`, { key }));
    const aging = async (asOf: string) => ok<Json>(await h.call('GET', `/v1/reports/receivables_aging?as_of_date=${asOf}`, { key }));
    const r = await aging('2026-11-02');
    expect(r).toMatchObject({ object: 'receivables_aging_report', as_of_date: '2026-11-02', currency: 'usd' });
    // A key pinned to 2026-12-01 asks with `as_of` and reads `as_of`; the current version refuses `as_of`, naming the parameter.
    const pinned = await h.key('aging-co', 'all', { apiVersion: '2026-12-01' });
    const old = ok<Json>(await h.call('GET', '/v1/reports/receivables_aging?as_of=2026-11-02', { key: pinned }));
    expect(old).toEqual({ ...Object.fromEntries(Object.entries(r).map(([k, v]) => [k === 'as_of_date' ? 'as_of' : k, v])) });
    expect(Object.keys(old)).toEqual(Object.keys(r).map((k) => (k === 'as_of_date' ? 'as_of' : k)));
    const badOld = await h.call('GET', '/v1/reports/receivables_aging?as_of=2026-13-02', { key: pinned });
    expect(badOld.status).toBe(400);
    expect(badOld.body.error.param).toBe('as_of');
    expect(badOld.body.error.message).not.toContain('as_of_date');
    const oldName = await h.call('GET', '/v1/reports/receivables_aging?as_of=2026-11-02', { key });
    expect(oldName.status).toBe(400);
    expect(oldName.body.error).toMatchObject({ code: 'unknown_field', param: 'as_of' });
    expect(r.customers).toEqual([
      { customer_id: acme, customer_name: 'Acme Auto', invoices: 2, current: 145_000, days_1_30: 0, days_31_60: 95_000, days_61_90: 0, days_over_90: 0, unapplied_payments: 0, total: 240_000 },
      { customer_id: lake, customer_name: 'Lakeside Motors', invoices: 1, current: 0, days_1_30: 100_000, days_31_60: 0, days_61_90: 0, days_over_90: 0, unapplied_payments: 5_000, total: 95_000 },
    ]);
    expect(r.totals).toEqual({ current: 145_000, days_1_30: 100_000, days_31_60: 95_000, days_61_90: 0, days_over_90: 0, unapplied_payments: 5_000, total: 335_000 });
    // The trial balance's receivable that day, and at other days: nothing before the invoices, the
    // late invoice in 61-90 a month on, and after it is paid nothing of it.
    const receivable = async (asOf: string) => {
      const end = Date.parse(`${asOf}T00:00:00Z`) / 1000 + 86_399;
      return ok<Json>(await h.call('GET', `/v1/ledger_balances?as_of=${end}`, { key })).accounts.find((a: Json) => a.ledger_account === 'accounts_receivable').balance;
    };
    expect(r.totals.total).toBe(await receivable('2026-11-02'));
    expect((await aging('2026-11-01')).totals.total).toBe(0);
    expect(await receivable('2026-11-01')).toBe(0);
    clock.advance(30 * DAY);
    try {
      await m.pay(acme, late.id, 95_000);
    } finally {
      clock.advance(-30 * DAY);
    }
    expect((await aging('2026-12-01')).customers[0]).toMatchObject({ customer_id: acme, days_61_90: 95_000 });
    const later = await aging('2026-12-02');
    expect(later.customers.find((c: Json) => c.customer_id === acme)).toMatchObject({ days_61_90: 0, current: 0, days_1_30: 145_000, total: 145_000 });
    for (const day of ['2026-11-02', '2026-12-01', '2026-12-02', '2027-06-30']) expect((await aging(day)).totals.total, day).toBe(await receivable(day));
    // Another account sees none of it.
    expect(ok<Json>(await h.call('GET', '/v1/reports/receivables_aging?as_of_date=2026-11-02', { key: await h.key('aging-empty') }))).toMatchObject({ customers: [], totals: { total: 0 } });
  });

  it('counts a payment the bank returned as received from its day until the day of its return, as the ledger does', async () => {
    const key = await h.key('aging-returns');
    const m = fixtures(h, key);
    const acme = await m.customer({ name: 'Acme Auto' });
    const inv = ok<Json>(await h.call('POST', '/v1/invoices', { key, body: { customer_id: acme, due_date: '2026-11-20', lines: [{ description: 'Transport', quantity: 1, unit_amount: 145_000 }], send: { email: 'ap@x.example' } } }), 201);
    // 2026-11-02: paid in full, and 5,000 on account; the bank returns the first on 11-10, the second on 11-12.
    const paid = await m.pay(acme, inv.id, 145_000);
    const onAccount = ok<Json>(await h.call('POST', '/v1/payments', { key, body: { customer_id: acme, amount: 5_000, payment_method: 'check' } }), 201);
    const returnOn = async (days: number, id: string) => {
      clock.advance(days * DAY);
      try {
        return ok<Json>(await h.call('POST', `/v1/payments/${id}/return`, { key, body: { reason: 'R01: insufficient funds' } }));
      } finally {
        clock.advance(-days * DAY);
      }
    };
    const returned = await returnOn(8, paid.id);
    expect(returned).toMatchObject({ status: 'returned', returned_at: Date.UTC(2026, 10, 10, 12) / 1000, return_reason: 'R01: insufficient funds', failure_reason: null });
    await returnOn(10, onAccount.id);
    const aging = async (asOf: string) => ok<Json>(await h.call('GET', `/v1/reports/receivables_aging?as_of_date=${asOf}`, { key }));
    const receivable = async (asOf: string) => {
      const end = Date.parse(`${asOf}T00:00:00Z`) / 1000 + 86_399;
      return ok<Json>(await h.call('GET', `/v1/ledger_balances?as_of=${end}`, { key })).accounts.find((a: Json) => a.ledger_account === 'accounts_receivable').balance;
    };
    const expected: [string, Json][] = [
      ['2026-11-02', { invoices: 0, current: 0, unapplied_payments: 5_000, total: -5_000 }],
      ['2026-11-09', { invoices: 0, current: 0, unapplied_payments: 5_000, total: -5_000 }],
      ['2026-11-10', { invoices: 1, current: 145_000, unapplied_payments: 5_000, total: 140_000 }],
      ['2026-11-12', { invoices: 1, current: 145_000, unapplied_payments: 0, total: 145_000 }],
      ['2026-11-21', { invoices: 1, current: 0, days_1_30: 145_000, unapplied_payments: 0, total: 145_000 }],
    ];
    for (const [day, row] of expected) {
      const r = await aging(day);
      expect(r.customers, day).toEqual([expect.objectContaining({ customer_id: acme, ...row })]);
      expect(r.totals.total, day).toBe(await receivable(day));
    }
  });

  it('marks invoices past due from the day after their due date, lists them, and announces each once (invoice.overdue)', async () => {
    const key = await h.key('overdue-co');
    const m = fixtures(h, key);
    const cus = await m.customer();
    const create = async (due: string) =>
      ok<Json>(await h.call('POST', '/v1/invoices', { key, body: { customer_id: cus, due_date: due, lines: [{ description: 'Transport', quantity: 1, unit_amount: 10_000 }], send: { email: 'ap@x.example' } } }), 201);
    // Today is 2026-11-02 (UTC): due yesterday is past due, due today is not yet.
    const yesterday = await create('2026-11-01');
    const today = await create('2026-11-02');
    const paid = await create('2026-10-01');
    await m.pay(cus, paid.id, 10_000);
    const draft = ok<Json>(await h.call('POST', '/v1/invoices', { key, body: { customer_id: cus, due_date: '2026-10-01', lines: [{ description: 'T', quantity: 1, unit_amount: 1 }] } }), 201);
    const get = async (id: string) => ok<Json>(await h.call('GET', `/v1/invoices/${id}`, { key }));
    expect([(await get(yesterday.id)).past_due, (await get(today.id)).past_due, (await get(paid.id)).past_due, (await get(draft.id)).past_due]).toEqual([true, false, false, false]);
    const ids = async (q: string) => ok<Json>(await h.call('GET', `/v1/invoices?${q}&limit=100`, { key })).data.map((i: Json) => i.id).sort();
    expect(await ids('past_due=true')).toEqual([yesterday.id]);
    expect(await ids('past_due=false')).toEqual([today.id, paid.id, draft.id].sort());
    expect(await ids('past_due=true&status=SENT')).toEqual([yesterday.id]);
    expect(await ids('past_due=true&status=PAID')).toEqual([]);
    // The check announces the past-due one once, with past_due set; again it announces nothing.
    const { announceOverdueInvoices } = await import('../src/accounting/invoices.service.js');
    const overdue = async () =>
      (await h.database.db.em().find(Event, { type: 'invoice.overdue', accountId: (await h.database.db.em().findOneOrFail(Invoice, { id: yesterday.id })).accountId })).map((e) => e.data as Json);
    expect(await announceOverdueInvoices(h.background(clock))).toBeGreaterThanOrEqual(1);
    expect((await overdue()).map((d) => [d.id, d.past_due])).toEqual([[yesterday.id, true]]);
    expect(await announceOverdueInvoices(h.background(clock))).toBe(0);
    // A day later the one due today is announced too, and only it.
    clock.advance(DAY);
    try {
      expect(await announceOverdueInvoices(h.background(clock))).toBe(1);
    } finally {
      clock.advance(-DAY);
    }
    expect((await overdue()).map((d) => d.id).sort()).toEqual([yesterday.id, today.id].sort());
  });

  it('reports orders per period with the on-time rate, transit days and exceptions', async () => {
    const key = await h.key('ops-co');
    const m = fixtures(h, key);
    const cus = await m.customer();
    const carrier = await m.activeCarrier();
    const start = clock.now().getTime();
    // ready 2026-11-03, window 2 days: on time until the end of 2026-11-05.
    const body = { ready_date: '2026-11-03', delivery_window_days: 2 };
    const early = await m.order(cus, { carrier, until: 'in_transit', body });
    const late = await m.order(cus, { carrier, until: 'in_transit', body });
    const edge = await m.order(cus, { carrier, until: 'in_transit', body });
    await m.order(cus, { until: 'cancelled', body });
    ok(await h.call('POST', `/v1/orders/${late}/exceptions`, { key, body: { kind: 'delay' } }));
    ok(await h.call('POST', `/v1/orders/${late}/exceptions`, { key, body: { kind: 'damage' } }));
    clock.advance(DAY); // 11-03 noon: delivered a day after pickup
    ok(await h.call('POST', `/v1/orders/${early}/deliver`, { key, body: { signed_by: 'A' } }));
    clock.advance(2 * DAY + 11 * 3_600_000 + 59 * 60_000); // 11-05 23:59
    ok(await h.call('POST', `/v1/orders/${edge}/deliver`, { key, body: { signed_by: 'B' } }));
    clock.advance(2 * 60_000); // 11-06 00:01: late
    ok(await h.call('POST', `/v1/orders/${late}/deliver`, { key, body: { signed_by: 'C' } }));
    clock.advance(start - clock.now().getTime());

    const r = ok<Json>(await h.call('GET', '/v1/reports/operations?interval=day&from=2026-11-02&to=2026-11-06', { key }));
    expect(r.rows.map((x: Json) => [x.period_start, x.orders_created, x.dispatched, x.delivered, x.cancelled, x.on_time])).toEqual([
      ['2026-11-02', 4, 3, 0, 1, 0],
      ['2026-11-03', 0, 0, 1, 0, 1],
      ['2026-11-04', 0, 0, 0, 0, 0],
      ['2026-11-05', 0, 0, 1, 0, 1],
      ['2026-11-06', 0, 0, 1, 0, 0],
    ]);
    expect(r.totals).toEqual({
      orders_created: 4,
      dispatched: 3,
      delivered: 3,
      cancelled: 1,
      on_time: 2,
      on_time_rate: 0.6667,
      // 1 day, 3 d 11 h 59 m and 3 d 12 h 01 m from pickup: 8 days / 3.
      average_transit_days: 2.67,
      exceptions: { delay: 1, damage: 1 },
    });
    expect(r.rows[0].on_time_rate).toBeNull();
    expect(r.rows[0].exceptions).toEqual({ delay: 1, damage: 1 });
    // A week cut by the range starts its row on the range's first day and counts from there only.
    const cut = ok<Json>(await h.call('GET', '/v1/reports/operations?interval=week&from=2026-11-03&to=2026-11-05', { key }));
    expect(cut.rows.map((x: Json) => [x.period_start, x.orders_created, x.delivered, x.on_time])).toEqual([['2026-11-03', 0, 2, 2]]);
    // A key pinned to 2026-12-01 reads the count as `created`, in the totals and in every row, where it was.
    const pinned = await h.key('ops-co', 'all', { apiVersion: '2026-12-01' });
    const old = ok<Json>(await h.call('GET', '/v1/reports/operations?interval=day&from=2026-11-02&to=2026-11-06', { key: pinned }));
    expect(Object.keys(old.totals)).toEqual(['created', ...Object.keys(r.totals).slice(1)]);
    expect(old.totals.created).toBe(4);
    expect(old.rows.map((x: Json) => [x.period_start, x.created, 'orders_created' in x])).toEqual(r.rows.map((x: Json) => [x.period_start, x.orders_created, false]));
  });

  it('refuses a range that is not one, or longer than a year, with the envelope', async () => {
    for (const [q, param] of [
      ['from=2026-11-10&to=2026-11-01', 'to'],
      ['from=2026-01-01&to=2027-01-03', 'to'],
      ['from=2026-02-30&to=2026-03-01', 'from'],
      ['to=2026-03-01', 'from'],
    ] as const) {
      const r = await h.call('GET', `/v1/reports/margin?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.error.param, q).toBe(param);
    }
    // The two rules no schema can state (the parameters are each valid alone).
    for (const q of ['from=2026-11-10&to=2026-11-01', 'from=2026-01-01&to=2027-01-03']) {
      expect((await h.call('GET', `/v1/reports/operations?${q}`)).body.error.code, q).toBe('invalid_value');
    }
    expect((await h.call('GET', '/v1/reports/operations?from=2026-11-01&to=2026-11-01&interval=year')).status).toBe(400);
  });

  it('answers the first and the last days a date can name, never a 500', async () => {
    for (const path of [
      '/v1/reports/receivables_aging?as_of_date=9999-12-31',
      '/v1/reports/receivables_aging?as_of_date=0001-01-01',
      '/v1/reports/margin?from=9999-12-01&to=9999-12-31&group_by=lane',
      '/v1/reports/margin?from=0001-01-01&to=0001-01-31',
      '/v1/reports/operations?from=9999-12-30&to=9999-12-31',
    ]) {
      const r = await h.call('GET', path);
      expect(r.status, `${path}: ${r.text}`).toBe(200);
    }
  });
});
