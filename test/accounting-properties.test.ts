// Property-based: random sequences of money operations over HTTP (invoices created, sent, voided, with
// and without orders, before or after delivery; payments full, partial, too large, failed, returned by
// the bank; carriers
// paid; orders moved along and cancelled), some run concurrently (truly so on PostgreSQL), and after
// every step the books hold: every journal entry balances, every invoice's totals equal its lines and
// its payments, no order is billed or paid twice, the invoice numbers of the account have no gap, the
// trial balance's debits equal its credits, revenue is matched to its load (the margin report over the
// whole range is, over the delivered loads, what their invoices billed, or their price while not
// invoiced, less their carrier pay; unbilled receivables are the price of the delivered loads not
// invoiced; deferred revenue what sent invoices billed for loads not delivered or no load), the aging
// report's total is the receivable balance, and no request answered 5xx.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Backend } from './support/databases.js';
import { orderBody, startHarness, type Harness } from './support/harness.js';
import { Carrier } from '../src/carriers/carriers.entities.js';
import { Customer } from '../src/customers/customers.entities.js';

type Json = Record<string, any>;

type Command =
  | { kind: 'invoice'; customer: number; lines: { unit: number; quantity: number; order: number | null }[]; send: boolean }
  | { kind: 'send'; invoice: number }
  | { kind: 'void'; invoice: number }
  | { kind: 'pay'; invoice: number | null; share: 'all' | 'half' | 'over' | 'one'; failed: boolean }
  | { kind: 'return'; payment: number }
  | { kind: 'payCarrier'; orders: number[] }
  | { kind: 'advance'; order: number }
  | { kind: 'cancel'; order: number };
type Step = { kind: 'one'; command: Command } | { kind: 'concurrent'; commands: Command[] };

const ORDERS = 4;
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant('invoice' as const),
    customer: fc.nat(1),
    lines: fc.array(fc.record({ unit: fc.integer({ min: 1, max: 50_000 }), quantity: fc.integer({ min: 1, max: 3 }), order: fc.option(fc.nat(ORDERS - 1), { nil: null }) }), {
      minLength: 1,
      maxLength: 3,
    }),
    send: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('send' as const), invoice: fc.nat(7) }),
  fc.record({ kind: fc.constant('void' as const), invoice: fc.nat(7) }),
  fc.record({ kind: fc.constant('pay' as const), invoice: fc.option(fc.nat(7), { nil: null, freq: 5 }), share: fc.constantFrom('all', 'half', 'over', 'one'), failed: fc.boolean() }),
  fc.record({ kind: fc.constant('return' as const), payment: fc.nat(7) }),
  fc.record({ kind: fc.constant('payCarrier' as const), orders: fc.uniqueArray(fc.nat(ORDERS - 1), { minLength: 1, maxLength: 2 }) }),
  fc.record({ kind: fc.constant('advance' as const), order: fc.nat(ORDERS - 1) }),
  fc.record({ kind: fc.constant('cancel' as const), order: fc.nat(ORDERS - 1) }),
);
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: command.map((c) => ({ kind: 'one' as const, command: c })) },
  { weight: 1, arbitrary: fc.array(command, { minLength: 2, maxLength: 4 }).map((commands) => ({ kind: 'concurrent' as const, commands })) },
);

describe.each(backends())('accounting properties on %s', (backend: Backend) => {
  let h: Harness;
  let run = 0;
  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(() => h.close());

  /** A fresh account with two customers, an active carrier and four orders: two delivered, one in transit, one pending. */
  async function world() {
    const key = await h.key(`books-${backend}-${run++}`);
    const call = (method: string, path: string, body?: unknown) => h.call(method, path, { key, ...(body !== undefined ? { body } : {}) });
    const customers = [
      (await call('POST', '/v1/customers', { name: 'A', email: 'a@shipper.example' })).body.id as string,
      (await call('POST', '/v1/customers', { name: 'B', email: 'b@shipper.example' })).body.id as string,
    ];
    const carrier = (await call('POST', '/v1/carriers', { dot_number: String(5_000_000 + run), contact_name: 'D', contact_email: 'd@carrier.example', phone: '+16025550117' }))
      .body.id as string;
    await h.database.db.em().nativeUpdate(Carrier, { id: carrier }, { status: 'active' });
    const orders: string[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const id = (await call('POST', '/v1/orders', orderBody(customers[i % 2]!, { price: 100_000 + 1_000 * i, carrier_pay: 10_000 * (i + 1) }))).body.id as string;
      orders.push(id);
      if (i === ORDERS - 1) continue; // pending
      await call('POST', `/v1/orders/${id}/dispatch`, { carrier_id: carrier });
      await call('POST', `/v1/orders/${id}/pickup`, {});
      if (i < 2) await call('POST', `/v1/orders/${id}/deliver`, { signed_by: 'R' });
    }
    const accountId = (await h.database.db.em().findOneOrFail(Customer, { id: customers[0]! })).accountId;
    return { key, call, customers, carrier, orders, accountId, invoices: [] as { id: string; customer: string }[], payments: [] as string[] };
  }
  type World = Awaited<ReturnType<typeof world>>;

  async function execute(w: World, c: Command): Promise<number> {
    const invoice = (i: number) => w.invoices[i % Math.max(w.invoices.length, 1)];
    switch (c.kind) {
      case 'invoice': {
        const customer = w.customers[c.customer]!;
        const lines = c.lines.map((l) => ({ description: 'Transport', quantity: l.quantity, unit_amount: l.unit, ...(l.order !== null ? { order_id: w.orders[l.order] } : {}) }));
        const r = await w.call('POST', '/v1/invoices', { customer_id: customer, due_date: '2026-12-31', lines, send: c.send });
        if (r.status === 201) w.invoices.push({ id: r.body.id, customer });
        return r.status;
      }
      case 'send':
      case 'void': {
        const inv = invoice(c.invoice);
        if (!inv) return 0;
        return (await w.call('POST', `/v1/invoices/${inv.id}/${c.kind}`, c.kind === 'send' ? {} : undefined)).status;
      }
      case 'pay': {
        const inv = c.invoice === null ? undefined : invoice(c.invoice);
        let amount = 1_000;
        if (inv) {
          const remaining = (await w.call('GET', `/v1/invoices/${inv.id}`)).body.amount_remaining as number;
          amount = { all: remaining, half: Math.ceil(remaining / 2), over: remaining + 1, one: 1 }[c.share] || 1;
        }
        const body = {
          customer_id: inv?.customer ?? w.customers[0],
          amount,
          payment_method: 'ach',
          ...(inv ? { invoice_id: inv.id } : {}),
          ...(c.failed ? { failure_reason: 'Returned (R01).' } : {}),
        };
        const r = await w.call('POST', '/v1/payments', body);
        if (r.status === 201) w.payments.push(r.body.id);
        return r.status;
      }
      case 'return': {
        // Any payment recorded (a failed or returned one answers 409).
        const id = w.payments[c.payment % Math.max(w.payments.length, 1)];
        if (!id) return 0;
        return (await w.call('POST', `/v1/payments/${id}/return`, { reason: 'R01: insufficient funds' })).status;
      }
      case 'payCarrier':
        return (await w.call('POST', '/v1/carrier_payments', { carrier_id: w.carrier, order_ids: c.orders.map((i) => w.orders[i]), payment_method: 'wire' })).status;
      case 'advance': {
        // One step along the lifecycle, whatever the order's status now (a finished order answers 409).
        const id = w.orders[c.order]!;
        const status = (await w.call('GET', `/v1/orders/${id}`)).body.status as string;
        const next: Record<string, [string, unknown]> = { pending: ['dispatch', { carrier_id: w.carrier }], dispatched: ['pickup', {}], in_transit: ['deliver', { signed_by: 'R' }] };
        const [action, body] = next[status] ?? ['deliver', { signed_by: 'R' }];
        return (await w.call('POST', `/v1/orders/${id}/${action}`, body)).status;
      }
      case 'cancel':
        return (await w.call('POST', `/v1/orders/${w.orders[c.order]}/cancel`, {})).status;
    }
  }

  /** The books of the account, read from the database. */
  async function assertBooks(w: World): Promise<void> {
    const sql = <T>(query: string) => h.database.db.em().execute(query, [w.accountId]) as Promise<T[]>;
    const unbalanced = await sql<Json>(`select journal_entry_id from ledger_entries where account_id = ? group by journal_entry_id, currency
      having sum(case when direction = 'debit' then amount else -amount end) <> 0 or count(*) < 2`);
    expect(unbalanced, 'unbalanced journal entries').toEqual([]);
    const invoices = await sql<Json>(`select i.id, i.number, i.status, i.subtotal::int, i.amount_paid::int,
        (select coalesce(sum(amount), 0)::int from invoice_lines l where l.invoice_id = i.id) as lines_total,
        (select coalesce(sum(amount), 0)::int from payments p where p.invoice_id = i.id and p.status = 'succeeded') as paid_total
      from invoices i where i.account_id = ? order by i.number`);
    for (const inv of invoices) {
      expect(inv.subtotal, `${inv.number} subtotal = its lines`).toBe(inv.lines_total);
      expect(inv.amount_paid, `${inv.number} amount_paid = its payments`).toBe(inv.paid_total);
      expect(inv.amount_paid <= inv.subtotal).toBe(true);
      expect(inv.status === 'PAID', `${inv.number} PAID iff fully paid`).toBe(inv.amount_paid === inv.subtotal);
      if (inv.status === 'VOID' || inv.status === 'DRAFT') expect(inv.amount_paid).toBe(0);
    }
    expect(invoices.map((i) => i.number)).toEqual(invoices.map((_, n) => `INV-${String(n + 1).padStart(6, '0')}`));
    const doublyBilled = await sql<Json>(`select l.order_id from invoice_lines l join invoices i on i.id = l.invoice_id
      where l.account_id = ? and l.order_id is not null and i.status <> 'VOID' group by l.order_id having count(*) > 1`);
    expect(doublyBilled, 'orders billed twice').toEqual([]);
    const paidOrders = (await sql<Json>(`select order_ids from carrier_payments where account_id = ?`)).flatMap((r) => r.order_ids as string[]);
    expect(new Set(paidOrders).size, 'orders paid twice').toBe(paidOrders.length);
    const trial = (await w.call('GET', '/v1/ledger_balances')).body;
    expect(trial.total_debits).toBe(trial.total_credits);
    // Receivable = sent-and-not-voided invoices minus succeeded payments (on account included; a returned one is owed again).
    const receivable = trial.accounts.find((a: Json) => a.ledger_account === 'accounts_receivable').balance;
    const billed = invoices.filter((i) => i.status === 'SENT' || i.status === 'PAID').reduce((s, i) => s + i.subtotal, 0);
    const { received } = (await sql<Json>(`select coalesce(sum(amount), 0)::int as received from payments where account_id = ? and status = 'succeeded'`))[0]!;
    expect(receivable).toBe(billed - received);
    // Cash = what customers paid and kept paid, less what carriers were paid.
    const { sent } = (await sql<Json>(`select coalesce(sum(amount), 0)::int as sent from carrier_payments where account_id = ?`))[0]!;
    expect(trial.accounts.find((a: Json) => a.ledger_account === 'cash').balance, 'cash = payments kept less carrier payments').toBe(received - sent);

    // Revenue matched to its load.
    const orders = await sql<Json>(`select o.id, o.status, coalesce(o.price, 0)::int as price, coalesce(o.carrier_pay, 0)::int as carrier_pay,
        (select l.amount::int from invoice_lines l join invoices i on i.id = l.invoice_id
          where l.order_id = o.id and l.billing and i.status in ('SENT', 'PAID')) as billed
      from orders o where o.account_id = ?`);
    const delivered = orders.filter((o) => o.status === 'delivered');
    const deferredLines = await sql<Json>(`select coalesce(sum(l.amount), 0)::int as total from invoice_lines l join invoices i on i.id = l.invoice_id
      left join orders o on o.id = l.order_id
      where l.account_id = ? and i.status in ('SENT', 'PAID') and (l.order_id is null or o.status <> 'delivered')`);
    const balance = (account: string) => trial.accounts.find((a: Json) => a.ledger_account === account).balance as number;
    const expectedRevenue = delivered.reduce((sum, o) => sum + (o.billed ?? o.price), 0);
    const expectedCost = delivered.reduce((sum, o) => sum + o.carrier_pay, 0);
    expect(balance('unbilled_receivables'), 'unbilled = price of the delivered loads not invoiced').toBe(delivered.filter((o) => o.billed === null).reduce((sum, o) => sum + o.price, 0));
    expect(balance('deferred_revenue'), 'deferred = what sent invoices billed before delivery, or with no load').toBe(deferredLines[0]!.total);
    expect(balance('revenue'), 'revenue = the delivered loads, at what billed them or their price').toBe(expectedRevenue);
    expect(balance('carrier_cost')).toBe(expectedCost);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const now = Date.now();
    const margin = (await w.call('GET', `/v1/reports/margin?interval=month&from=${day(now - 180 * 86_400_000)}&to=${day(now + 180 * 86_400_000)}`)).body;
    expect(margin.totals, 'the margin report over the whole range').toMatchObject({ loads: delivered.filter((o) => o.price || o.carrier_pay).length, revenue: expectedRevenue, carrier_cost: expectedCost, margin: expectedRevenue - expectedCost });
    const aging = (await w.call('GET', `/v1/reports/receivables_aging?as_of_date=${day(now + 86_400_000)}`)).body;
    expect(aging.totals.total, 'the aging report totals the receivable balance').toBe(receivable);
  }

  it('keeps the books after every step of random sequences, concurrent steps included', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const w = await world();
        for (const s of steps) {
          const statuses = s.kind === 'one' ? [await execute(w, s.command)] : await Promise.all(s.commands.map((c) => execute(w, c)));
          for (const status of statuses) expect([0, 200, 201, 400, 404, 409], `status ${status}`).toContain(status);
          await assertBooks(w);
        }
      }),
      { numRuns: backend === 'postgresql' ? 20 : 10, endOnFailure: true },
    );
  }, 600_000);

  it('serialises concurrent payments of one invoice: exactly the amount due is applied, never more', async () => {
    const w = await world();
    const inv = (await w.call('POST', '/v1/invoices', { customer_id: w.customers[0], due_date: '2026-12-31', lines: [{ description: 'T', quantity: 1, unit_amount: 10_000 }], send: true }))
      .body.id as string;
    w.invoices.push({ id: inv, customer: w.customers[0]! });
    const replies = await Promise.all(Array.from({ length: 6 }, () => w.call('POST', '/v1/payments', { customer_id: w.customers[0], invoice_id: inv, amount: 4_000, payment_method: 'ach' })));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 409, 409, 409, 409]);
    expect((await w.call('GET', `/v1/invoices/${inv}`)).body).toMatchObject({ amount_paid: 8_000, amount_remaining: 2_000, status: 'SENT' });
    const settle = await Promise.all(Array.from({ length: 3 }, () => w.call('POST', '/v1/payments', { customer_id: w.customers[0], invoice_id: inv, amount: 2_000, payment_method: 'ach' })));
    expect(settle.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect((await w.call('GET', `/v1/invoices/${inv}`)).body.status).toBe('PAID');
    await assertBooks(w);
  }, 120_000);

  it('bills and pays an order once under concurrent invoices and carrier payments', async () => {
    const w = await world();
    const order = w.orders[0]!;
    const invoices = await Promise.all(
      Array.from({ length: 4 }, () =>
        w.call('POST', '/v1/invoices', { customer_id: w.customers[0], due_date: '2026-12-31', lines: [{ description: 'T', quantity: 1, unit_amount: 100, order_id: order }] }),
      ),
    );
    expect(invoices.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    const payments = await Promise.all(Array.from({ length: 4 }, () => w.call('POST', '/v1/carrier_payments', { carrier_id: w.carrier, order_ids: [order], payment_method: 'ach' })));
    expect(payments.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    for (const r of [...invoices, ...payments].filter((x) => x.status === 409)) expect(['order_already_billed', 'order_already_paid']).toContain(r.body.error.code);
    await assertBooks(w);
  }, 120_000);
});
