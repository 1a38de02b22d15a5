// Undoing a person's mistake over HTTP on both databases: an order cancelled or delivered by mistake
// reopened (POST /v1/orders/{id}/reopen), and a carrier payment recorded by mistake voided
// (POST /v1/carrier_payments/{id}/void): the statuses, what each clears and keeps, every refusal
// (writing nothing), the events and audit entries in the change's transaction, the ledger and the
// reports afterwards, scopes, other accounts and idempotent retries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Backend } from './support/databases.js';
import { startHarness, TestClock, type Harness } from './support/harness.js';
import { fixtures, type Fixtures } from './support/fixtures.js';
import { Event } from '../src/webhooks/events.entities.js';
import { AuditLog } from '../src/audit/audit.entities.js';
import { Carrier } from '../src/carriers/carriers.entities.js';
import { LedgerEntry } from '../src/accounting/accounting.entities.js';
import { checkedFetch } from './support/contract-check.js';

type Json = Record<string, any>;
const DAY_MS = 86_400_000;

describe.each(backends())('undoing mistakes on %s', (backend: Backend) => {
  let h: Harness;
  const clock = new TestClock();
  beforeAll(async () => {
    h = await startHarness(backend, { clock });
  });
  afterAll(() => h.close());

  const ok = <T = Json>(r: { status: number; body: any; text: string }, status = 200): T => {
    expect(r.status, r.text).toBe(status);
    return r.body as T;
  };
  /** An account of its own (its ledger starts empty), its key and fixtures. */
  let accounts = 0;
  const account = async (scopes = 'all') => {
    const name = `undo-${backend}-${++accounts}`;
    const key = await h.key(name, scopes);
    return { name, key, f: fixtures(h, key) as Fixtures };
  };
  const eventsOf = async (id: string) => h.database.db.em().find(Event, { data: { id } } as never, { orderBy: { id: 'asc' } });
  const typesOf = async (id: string) => (await eventsOf(id)).map((e) => e.type);
  const auditOf = async (id: string) => (await h.database.db.em().find(AuditLog, { target: id }, { orderBy: { id: 'asc' } })).map((a) => a.action);
  const balances = async (key: string) => {
    const b = ok(await h.call('GET', '/v1/ledger_balances', { key }));
    expect(b.total_debits).toBe(b.total_credits);
    return Object.fromEntries(b.accounts.map((a: Json) => [a.ledger_account, a.balance])) as Record<string, number>;
  };
  const reopen = (id: string, key: string, body: Json = { reason: 'Cancelled the wrong load' }, headers: Record<string, string> = {}) =>
    h.call('POST', `/v1/orders/${id}/reopen`, { key, body, headers });
  const voidPayment = (id: string, key: string, body: Json = { reason: 'Recorded twice' }, headers: Record<string, string> = {}) =>
    h.call('POST', `/v1/carrier_payments/${id}/void`, { key, body, headers });
  const messagesOf = async (id: string, key: string) => ok(await h.call('GET', `/v1/messages?subject_id=${id}`, { key })).data as Json[];

  describe('reopenOrder', () => {
    it('reopens an order cancelled while pending: pending again, the cancellation kept in reopenings, order.reopened and the audit entry in its transaction', async () => {
      const { key, f } = await account();
      const cus = await f.customer();
      const id = await f.order(cus, { until: 'pending' });
      const cancelled = ok(await h.call('POST', `/v1/orders/${id}/cancel`, { key, body: { reason: 'Wrong customer' } }));
      const r = await reopen(id, key);
      const order = ok(r);
      expect(order).toMatchObject({ status: 'pending', cancelled_at: null, cancellation_reason: null, carrier_id: null });
      expect(order.reopenings).toEqual([
        { from_status: 'cancelled', to_status: 'pending', reason: 'Cancelled the wrong load', cancellation_reason: 'Wrong customer', ended_at: cancelled.cancelled_at, bill_of_lading: null, created: order.updated },
      ]);
      expect(ok(await h.call('GET', `/v1/orders/${id}`, { key }))).toEqual(order);
      expect(await typesOf(id)).toEqual(['order.created', 'order.cancelled', 'order.reopened']);
      const event = (await eventsOf(id)).at(-1)!;
      expect(event.data).toEqual(order);
      expect(event.requestId).toBe(r.headers.get('request-id'));
      const audit = await h.database.db.em().find(AuditLog, { target: id });
      expect(audit.map((a) => [a.action, a.requestId])).toEqual([['order.reopened', r.headers.get('request-id')]]);
      // A reopened cancellation moved no money.
      expect(await h.database.db.em().count(LedgerEntry, { orderId: id })).toBe(0);
      // It lives on: it can be dispatched, and cancelled (and reopened) again, each kept.
      ok(await h.call('POST', `/v1/orders/${id}/cancel`, { key, body: {} }));
      expect(ok(await reopen(id, key, { reason: 'Again' })).reopenings.map((x: Json) => [x.from_status, x.to_status, x.reason])).toEqual([
        ['cancelled', 'pending', 'Cancelled the wrong load'],
        ['cancelled', 'pending', 'Again'],
      ]);
      ok(await h.call('POST', `/v1/orders/${id}/dispatch`, { key, body: { carrier_id: await f.activeCarrier() } }));
    });

    it('reopens an order cancelled after dispatch: dispatched again with its carrier, and the rate confirmation the cancellation withdrew queued again', async () => {
      const { key, f } = await account();
      const cus = await f.customer();
      const carrier = await f.activeCarrier();
      const id = await f.order(cus, { until: 'dispatched', carrier });
      const [confirmation] = await messagesOf(id, key);
      expect(confirmation).toMatchObject({ kind: 'rate_confirmation', status: 'queued' });
      ok(await h.call('POST', `/v1/orders/${id}/cancel`, { key, body: { reason: 'Oops' } }));
      expect((await messagesOf(id, key)).map((m) => m.status)).toEqual(['cancelled']);
      const order = ok(await reopen(id, key));
      expect(order).toMatchObject({ status: 'dispatched', carrier_id: carrier, dispatched_at: expect.any(Number), cancelled_at: null });
      expect(order.reopenings[0]).toMatchObject({ from_status: 'cancelled', to_status: 'dispatched', cancellation_reason: 'Oops' });
      const messages = await messagesOf(id, key);
      expect(messages.map((m) => [m.kind, m.status])).toEqual([
        ['rate_confirmation', 'queued'],
        ['rate_confirmation', 'cancelled'],
      ]);
      ok(await h.call('GET', `/v1/orders/${id}/rate_confirmation.pdf`, { key }));
      // It moves on as any dispatched order.
      ok(await h.call('POST', `/v1/orders/${id}/pickup`, { key, body: {} }));
    });

    it('reopens a delivered order: in transit again, its delivery cleared and kept, the ledger holds nothing for the load, and delivering again posts it again', async () => {
      const { key, f } = await account();
      const cus = await f.customer();
      const id = await f.order(cus, { until: 'in_transit', price: 145_000, carrierPay: 120_000 });
      const before = await balances(key);
      const delivered = ok(await h.call('POST', `/v1/orders/${id}/deliver`, { key, body: { signed_by: 'R. Receiver' } }));
      expect(await balances(key)).toMatchObject({ revenue: 145_000, unbilled_receivables: 145_000, carrier_cost: 120_000, carrier_payable: 120_000 });
      const r = await reopen(id, key, { reason: 'Marked the wrong load delivered' });
      const order = ok(r);
      expect(order).toMatchObject({ status: 'in_transit', delivered_at: null, bill_of_lading: null, picked_up_at: delivered.picked_up_at });
      expect(order.reopenings).toEqual([
        { from_status: 'delivered', to_status: 'in_transit', reason: 'Marked the wrong load delivered', cancellation_reason: null, ended_at: delivered.delivered_at, bill_of_lading: delivered.bill_of_lading, created: order.updated },
      ]);
      // The ledger: the delivery's entry stays, and its reversal beside it, in the same transaction.
      expect(await balances(key)).toEqual(before);
      const lines = await h.database.db.em().find(LedgerEntry, { orderId: id }, { orderBy: { id: 'asc' } });
      const posted = (kind: string) => lines.filter((l) => l.kind === kind).map((l) => [l.ledgerAccount, l.direction, l.amount].join(' ')).sort();
      expect(posted('order_delivered')).toEqual(['carrier_cost debit 120000', 'carrier_payable credit 120000', 'revenue credit 145000', 'unbilled_receivables debit 145000']);
      expect(posted('order_reopened')).toEqual(['carrier_cost credit 120000', 'carrier_payable debit 120000', 'revenue debit 145000', 'unbilled_receivables credit 145000']);
      expect(new Set(lines.filter((l) => l.kind === 'order_reopened').map((l) => l.journalEntryId)).size).toBe(1);
      // The customer's delivery email (with the bill of lading), not sent yet, is withdrawn; the dispatch's rate confirmation stands.
      const kinds = async () => (await messagesOf(id, key)).map((m) => [m.kind, m.status]);
      expect(await kinds()).toEqual([
        ['order_delivered', 'cancelled'],
        ['rate_confirmation', 'queued'],
      ]);
      const reopenedEvent = (await eventsOf(id)).at(-1)!;
      expect(reopenedEvent.type).toBe('order.reopened');
      expect(reopenedEvent.requestId).toBe(r.headers.get('request-id'));
      // No bill of lading for a load not delivered; the tracking page says it is on its way.
      expect((await h.call('GET', `/v1/orders/${id}/bill_of_lading.pdf`, { key })).status).toBe(409);
      // The margin report: the delivery taken back in the period counts no load, no revenue, no cost.
      const today = clock.now().toISOString().slice(0, 10);
      const margin = async () => ok(await h.call('GET', `/v1/reports/margin?interval=month&from=${today}&to=${today}&group_by=customer`, { key }));
      expect((await margin()).totals).toMatchObject({ loads: 0, revenue: 0, carrier_cost: 0, margin: 0 });
      expect((await margin()).groups).toEqual([expect.objectContaining({ key: cus, loads: 0, revenue: 0, carrier_cost: 0 })]);
      // Delivered again (the real time of delivery): posted again, and paid to the carrier as usual.
      ok(await h.call('POST', `/v1/orders/${id}/deliver`, { key, body: { signed_by: 'Dana Ortiz' } }));
      expect((await margin()).totals).toMatchObject({ loads: 1, revenue: 145_000, carrier_cost: 120_000, margin: 25_000 });
      expect((await margin()).groups).toEqual([expect.objectContaining({ key: cus, loads: 1, revenue: 145_000 })]);
      expect((await kinds())[0]).toEqual(['order_delivered', 'queued']);
      expect(await balances(key)).toMatchObject({ revenue: 145_000, unbilled_receivables: 145_000, carrier_cost: 120_000, carrier_payable: 120_000 });
      expect(await typesOf(id)).toEqual(['order.created', 'order.dispatched', 'order.in_transit', 'order.delivered', 'order.reopened', 'order.delivered']);
      expect(await auditOf(id)).toEqual(['order.reopened']);
    });

    it('reopens a delivered order billed by an invoice that was then voided: the load holds nothing in the ledger afterwards', async () => {
      const { key, f } = await account();
      const cus = await f.customer();
      const id = await f.order(cus, { price: 145_000, carrierPay: 120_000 });
      await f.invoice(cus, [id], { status: 'VOID', amounts: [150_000] });
      ok(await reopen(id, key));
      const b = await balances(key);
      for (const account of ['revenue', 'unbilled_receivables', 'deferred_revenue', 'carrier_cost', 'carrier_payable', 'accounts_receivable']) expect(b[account], account).toBe(0);
      // A draft invoice does not stop a reopening either.
      const other = await f.order(cus);
      await f.invoice(cus, [other], { status: 'DRAFT' });
      expect(ok(await reopen(other, key)).status).toBe('in_transit');
    });

    it('refuses, writing nothing: a status that is not an end, a sent or paid invoice, a carrier payment, an inactive carrier, 30 days after the end', async () => {
      const { key, f } = await account();
      const cus = await f.customer();
      const refused = async (id: string, code: string, match?: RegExp) => {
        const before = { order: ok(await h.call('GET', `/v1/orders/${id}`, { key })), events: await typesOf(id), audit: await auditOf(id), balances: await balances(key) };
        const r = await reopen(id, key);
        expect(r.status, r.text).toBe(409);
        expect(r.body.error).toMatchObject({ type: 'conflict_error', code });
        if (match) expect(r.body.error.message).toMatch(match);
        expect(ok(await h.call('GET', `/v1/orders/${id}`, { key }))).toEqual(before.order);
        expect(await typesOf(id)).toEqual(before.events);
        expect(await auditOf(id)).toEqual(before.audit);
        expect(await balances(key)).toEqual(before.balances);
      };
      for (const until of ['pending', 'dispatched', 'in_transit'] as const) await refused(await f.order(cus, { until }), 'invalid_state_transition', /cannot be reopened/);

      const billed = await f.order(cus);
      const invoice = await f.invoice(cus, [billed]);
      await refused(billed, 'order_already_billed', new RegExp(`void invoice ${invoice.id}`));
      const paidInvoice = await f.order(cus);
      await f.invoice(cus, [paidInvoice], { status: 'PAID' });
      await refused(paidInvoice, 'order_already_billed');
      // Voided, the invoice no longer stops it.
      ok(await h.call('POST', `/v1/invoices/${invoice.id}/void`, { key }));
      expect(ok(await reopen(billed, key)).status).toBe('in_transit');

      const carrier = await f.activeCarrier();
      const paid = await f.order(cus, { carrier });
      const payment = await f.payCarrier(carrier, [paid]);
      await refused(paid, 'order_already_paid', new RegExp(`void carrier payment ${payment.id}`));
      ok(await voidPayment(payment.id, key));
      expect(ok(await reopen(paid, key)).status).toBe('in_transit');

      const suspended = await f.activeCarrier();
      const dispatched = await f.order(cus, { until: 'dispatched', carrier: suspended });
      ok(await h.call('POST', `/v1/orders/${dispatched}/cancel`, { key, body: {} }));
      await h.database.db.em().nativeUpdate(Carrier, { id: suspended }, { status: 'suspended' });
      await refused(dispatched, 'carrier_not_active');

      // 30 days after the end the customer's link is dead: a new order, not a reopening. A day before, it reopens.
      const late = await f.order(cus, { until: 'cancelled' });
      const early = await f.order(cus);
      clock.advance(29 * DAY_MS);
      expect(ok(await reopen(early, key)).status).toBe('in_transit');
      clock.advance(DAY_MS);
      await refused(late, 'invalid_state_transition', /30 days or more ago/);
    });

    it('needs orders:write (403), finds only its own account (404), checks the reason (400), and replays an idempotent retry', async () => {
      const { key, f } = await account();
      const cus = await f.customer();
      const id = await f.order(cus, { until: 'cancelled' });
      const reader = await h.key((await account()).name, 'orders:read');
      const denied = await reopen(id, reader);
      expect(denied.status).toBe(403);
      expect(denied.body.error).toMatchObject({ type: 'permission_error', code: 'insufficient_scope' });
      const accountingOnly = await h.key('undo-accounting-only', 'accounting:write');
      expect((await reopen(id, accountingOnly)).status).toBe(403);
      const stranger = (await account()).key;
      const missing = await reopen(id, stranger);
      expect(missing.status).toBe(404);
      expect(missing.body.error).toMatchObject({ code: 'resource_missing' });
      expect((await reopen(id, key, {})).body.error).toMatchObject({ code: 'missing_required_field', param: 'reason' });
      expect((await reopen(id, key, { reason: '' })).status).toBe(400);
      expect((await reopen(id, key, { reason: 'x', note: 'y' })).body.error).toMatchObject({ code: 'unknown_field' });
      expect(await typesOf(id)).toEqual(['order.created', 'order.cancelled']);
      const headers = { 'Idempotency-Key': `reopen-${id}` };
      const a = ok(await reopen(id, key, { reason: 'Retry' }, headers));
      const b = await reopen(id, key, { reason: 'Retry' }, headers);
      expect(b.status).toBe(200);
      expect(b.headers.get('idempotent-replayed')).toBe('true');
      expect(b.body).toEqual(a);
      expect((await reopen(id, key, { reason: 'Other' }, headers)).body.error).toMatchObject({ code: 'idempotency_key_reused' });
      expect(await typesOf(id)).toEqual(['order.created', 'order.cancelled', 'order.reopened']);
      expect(await auditOf(id)).toEqual(['order.reopened']);
    });
  });

  describe('voidCarrierPayment', () => {
    const pdfText = async (path: string, key: string) => {
      const r = await checkedFetch(`${h.url}${path}`, { headers: { Authorization: `Bearer ${key}` } });
      expect(r.status).toBe(200);
      const { extractText, getDocumentProxy } = await import('unpdf');
      return (await extractText(await getDocumentProxy(new Uint8Array(await r.arrayBuffer())), { mergePages: true })).text;
    };

    it('voids a payment: voided_at and void_reason, carrier_payment.voided and the audit entry in its transaction, the remittance email withdrawn, the PDF marked VOID, the ledger reversed', async () => {
      const { name, key, f } = await account();
      const cus = await f.customer();
      const carrier = await f.activeCarrier();
      const orders = [await f.order(cus, { carrier, carrierPay: 120_000 }), await f.order(cus, { carrier, carrierPay: 30_000 })];
      const owed = await balances(key);
      expect(owed).toMatchObject({ carrier_payable: 150_000, cash: 0 });
      const payment = await f.payCarrier(carrier, orders);
      expect(await balances(key)).toMatchObject({ carrier_payable: 0, cash: -150_000 });
      expect(payment.remittance).toMatchObject({ status: 'queued' });
      const r = await voidPayment(payment.id, key, { reason: 'Recorded against the wrong carrier' });
      const voided = ok(r);
      expect(voided).toEqual({
        ...payment,
        status: 'voided',
        voided_at: expect.any(Number),
        void_reason: 'Recorded against the wrong carrier',
        remittance: { ...payment.remittance, status: 'cancelled', next_attempt_at: null },
      });
      expect(ok(await h.call('GET', `/v1/carrier_payments/${payment.id}`, { key }))).toEqual(voided);
      // A key of 2026-12-01 (whose document has no `voided`) reads it as `sent`, voided_at saying it was voided.
      const before = await h.key(name, 'all', { apiVersion: '2026-12-01' });
      expect(ok(await h.call('GET', `/v1/carrier_payments/${payment.id}`, { key: before }))).toMatchObject({ status: 'sent', voided_at: voided.voided_at, void_reason: voided.void_reason });
      expect(await typesOf(payment.id)).toEqual(['carrier_payment.sent', 'carrier_payment.voided']);
      const event = (await eventsOf(payment.id)).at(-1)!;
      expect(event.data).toEqual(voided);
      expect(event.requestId).toBe(r.headers.get('request-id'));
      expect(await auditOf(payment.id)).toEqual(['carrier_payment.sent', 'carrier_payment.voided']);
      // The ledger: the payment's entry stays and its reversal is beside it; the carrier is owed again.
      const lines = await h.database.db.em().find(LedgerEntry, { sourceId: payment.id }, { orderBy: { id: 'asc' } });
      expect(lines.map((l) => [l.kind, l.ledgerAccount, l.direction, l.amount])).toEqual([
        ['carrier_payment_sent', 'carrier_payable', 'debit', 150_000],
        ['carrier_payment_sent', 'cash', 'credit', 150_000],
        ['carrier_payment_voided', 'cash', 'debit', 150_000],
        ['carrier_payment_voided', 'carrier_payable', 'credit', 150_000],
      ]);
      expect(await balances(key)).toEqual(owed);
      // The margin report stands (the cost was the delivery's, not the payment's).
      const today = clock.now().toISOString().slice(0, 10);
      expect(ok(await h.call('GET', `/v1/reports/margin?interval=month&from=${today}&to=${today}`, { key })).totals).toMatchObject({ loads: 2, revenue: 290_000, carrier_cost: 150_000 });
      const entries = ok(await h.call('GET', `/v1/ledger_entries?source_id=${payment.id}`, { key })).data as Json[];
      expect(entries.filter((e) => e.description.includes('voided')).map((e) => e.ledger_account).sort()).toEqual(['carrier_payable', 'cash']);
      // The remittance advice says VOID.
      const text = (await pdfText(`/v1/carrier_payments/${payment.id}.pdf`, key)).replace(/\s+/g, ' ');
      expect(text).toContain('VOID');
      expect(text).toContain('it pays for none of the loads below. Recorded against the wrong carrier');
      expect(text).toContain('settles none of them');
      expect(text).not.toContain('This payment settles');
      // Its orders are unpaid again: listed so, and paid by a new payment.
      expect(ok(await h.call('GET', `/v1/orders?carrier_paid=false&carrier_id=${carrier}`, { key })).data.map((o: Json) => o.id).sort()).toEqual([...orders].sort());
      const again = await f.payCarrier(carrier, orders);
      expect(again).toMatchObject({ amount: 150_000, voided_at: null, void_reason: null });
      expect(await balances(key)).toMatchObject({ carrier_payable: 0, cash: -150_000 });
    });

    it('keeps a remittance email that already went out as it was, and refuses a second void (409), writing nothing', async () => {
      const { key, f } = await account();
      const cus = await f.customer();
      const carrier = await f.activeCarrier();
      const payment = await f.payCarrier(carrier, [await f.order(cus, { carrier })]);
      await h.database.db.em().getConnection().execute(`update messages set status = 'sent', sent_at = now(), next_attempt_at = null where subject_id = ?`, [payment.id]);
      const voided = ok(await voidPayment(payment.id, key));
      expect(voided.remittance.status).toBe('sent');
      const before = { balances: await balances(key), events: await typesOf(payment.id), audit: await auditOf(payment.id) };
      const again = await voidPayment(payment.id, key, { reason: 'Twice' });
      expect(again.status).toBe(409);
      expect(again.body.error).toMatchObject({ type: 'conflict_error', code: 'invalid_state_transition' });
      expect(again.body.error.message).toMatch(/already voided/);
      expect(ok(await h.call('GET', `/v1/carrier_payments/${payment.id}`, { key }))).toEqual(voided);
      expect(await balances(key)).toEqual(before.balances);
      expect(await typesOf(payment.id)).toEqual(before.events);
      expect(await auditOf(payment.id)).toEqual(before.audit);
    });

    it('needs accounting:write (403), finds only its own account (404), checks the reason (400), and replays an idempotent retry', async () => {
      const { key, f } = await account();
      const cus = await f.customer();
      const carrier = await f.activeCarrier();
      const payment = await f.payCarrier(carrier, [await f.order(cus, { carrier })]);
      for (const scopes of ['accounting:read', 'orders:write']) {
        const denied = await voidPayment(payment.id, await h.key((await account()).name, scopes));
        expect(denied.status, scopes).toBe(403);
        expect(denied.body.error).toMatchObject({ code: 'insufficient_scope' });
      }
      const missing = await voidPayment(payment.id, (await account()).key);
      expect(missing.status).toBe(404);
      expect(missing.body.error).toMatchObject({ code: 'resource_missing' });
      expect((await voidPayment(payment.id, key, {})).body.error).toMatchObject({ code: 'missing_required_field', param: 'reason' });
      expect(await typesOf(payment.id)).toEqual(['carrier_payment.sent']);
      const headers = { 'Idempotency-Key': `void-${payment.id}` };
      const a = ok(await voidPayment(payment.id, key, { reason: 'Retry' }, headers));
      const b = await voidPayment(payment.id, key, { reason: 'Retry' }, headers);
      expect(b.status).toBe(200);
      expect(b.headers.get('idempotent-replayed')).toBe('true');
      expect(b.body).toEqual(a);
      expect(await typesOf(payment.id)).toEqual(['carrier_payment.sent', 'carrier_payment.voided']);
      expect(await h.database.db.em().count(LedgerEntry, { sourceId: payment.id, kind: 'carrier_payment_voided' })).toBe(2);
    });
  });
});
