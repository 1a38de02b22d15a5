// Counts and reports for running the brokerage: `include[]=total_count` on every list that offers it
// (equal to what paging through returns), the orders not billed or not paid to carriers yet, the
// margin report (it agrees with the ledger's trial balance) and the operations report (on-time rate,
// transit days, exceptions) on known data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Backend } from './support/databases.js';
import { startHarness, TestClock, type Harness } from './support/harness.js';
import { fixtures, type Fixtures } from './support/fixtures.js';
import { openApiDocument } from '../src/shared/spec.js';
import { scanCompliance } from '../src/carriers/compliance.service.js';

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
      ['listCarrierPayments', 'listCarriers', 'listComplianceAlerts', 'listCustomers', 'listInvoices', 'listOrders', 'listPayments', 'listWebhookEndpoints'].sort(),
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
    ok(await h.call('POST', '/v1/webhook_endpoints', { body: { url: 'http://127.0.0.1:9/hook', enabled_events: ['*'] } }), 201);
    // A lapsed insurance certificate: the scan's alert (and suspension).
    ok(await h.call('PATCH', `/v1/carriers/${await f.activeCarrier()}`, { body: { insurance_expires_on: '2026-10-01' } }));
    expect(await scanCompliance(h.background(clock))).toBeGreaterThan(0);
    const queries: Record<string, string[]> = { listOrders: ['', 'status=delivered', `customer_id=${cus}`, 'status=pending&billed=false'], listCarriers: ['', 'status=active'], listInvoices: ['', 'status=SENT'] };
    for (const { path, id } of COUNTED) {
      for (const filter of queries[id] ?? ['']) {
        let paged = 0;
        let cursor: string | null = null;
        let counted: number | undefined;
        for (let page = 0; page < 200; page++) {
          const r: Json = ok(await h.call('GET', `${path}?limit=2&include[]=total_count${filter ? `&${filter}` : ''}${cursor ? `&cursor=${cursor}` : ''}`));
          counted ??= r.total_count;
          expect(r.total_count, `${id}?${filter} page ${page}`).toBe(counted);
          paged += r.data.length;
          if (!r.has_more) break;
          cursor = r.next_cursor;
        }
        expect(counted, `${id}?${filter}`).toBe(paged);
        expect(paged, `${id}?${filter} lists something`).toBeGreaterThan(0);
        // Without asking, no count.
        expect(ok<Json>(await h.call('GET', `${path}?limit=1${filter ? `&${filter}` : ''}`))).not.toHaveProperty('total_count');
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
    expect(weekly).toMatchObject({ object: 'margin_report', interval: 'week', currency: 'usd' });
    expect(weekly.rows).toEqual([
      { period_start: '2026-11-02', revenue: 145_000, carrier_cost: 210_000, margin: -65_000 },
      { period_start: '2026-11-09', revenue: 150_000, carrier_cost: 0, margin: 150_000 },
    ]);
    expect(weekly.totals).toEqual({ revenue: 295_000, carrier_cost: 210_000, margin: 85_000 });
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
    // Another account's ledger is not in it.
    expect(ok<Json>(await h.call('GET', '/v1/reports/margin?interval=month&from=2026-11-01&to=2026-11-30', { key: await h.key('empty-co') })).totals).toEqual({ revenue: 0, carrier_cost: 0, margin: 0 });
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
    expect(r.rows.map((x: Json) => [x.period_start, x.created, x.dispatched, x.delivered, x.cancelled, x.on_time])).toEqual([
      ['2026-11-02', 4, 3, 0, 1, 0],
      ['2026-11-03', 0, 0, 1, 0, 1],
      ['2026-11-04', 0, 0, 0, 0, 0],
      ['2026-11-05', 0, 0, 1, 0, 1],
      ['2026-11-06', 0, 0, 1, 0, 0],
    ]);
    expect(r.totals).toEqual({
      created: 4,
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
});
