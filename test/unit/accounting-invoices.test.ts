// Invoices as API-DESIGN ("Invoice") states them: a line's amount is quantity x unit_amount in cents,
// the subtotal their sum, amount_due the subtotal, amount_remaining due less paid; an order is billed
// by one line at most; status DRAFT -> SENT -> PAID and SENT -> VOID (only with no payment applied),
// every action against every status.
import { describe, expect, it } from 'vitest';
import { amountRemaining, billedOrders, invoiceTotals, isPastDue, lineAmount, subtotalOf, voidTransition } from '../../src/accounting/accounting.rules.js';
import { invoiceLifecycle } from '../../src/accounting/invoices.state.js';
import { ApiError } from '../../src/shared/errors.js';

const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    const e = err as ApiError;
    return { status: e.status, code: e.code, param: e.param, message: e.message };
  }
  return 'not refused';
};

describe('invoice totals', () => {
  it('a line is quantity x unit_amount, in cents', () => {
    expect(lineAmount({ quantity: 3, unit_amount: 145_000 })).toBe(435_000);
    expect(lineAmount({ quantity: 1, unit_amount: 99 })).toBe(99);
  });

  it('the subtotal is the sum of the lines', () => {
    expect(subtotalOf([{ amount: 435_000 }, { amount: 99 }, { amount: 1 }])).toBe(435_100);
    expect(subtotalOf([])).toBe(0);
  });

  it('amount_due is the subtotal; amount_remaining is due less paid', () => {
    expect(invoiceTotals({ subtotal: 145_000, amountPaid: 50_000 })).toEqual({ subtotal: 145_000, amount_due: 145_000, amount_paid: 50_000, amount_remaining: 95_000 });
    expect(invoiceTotals({ subtotal: 145_000, amountPaid: 145_000 })).toEqual({ subtotal: 145_000, amount_due: 145_000, amount_paid: 145_000, amount_remaining: 0 });
    expect(amountRemaining({ subtotal: 10_000, amountPaid: 2_500 })).toBe(7_500);
  });
});

describe('isPastDue', () => {
  it('is a SENT invoice from the day after its due date (UTC days compared as YYYY-MM-DD)', () => {
    const sent = (dueDate: string) => ({ status: 'SENT' as const, dueDate });
    expect(isPastDue(sent('2026-11-01'), '2026-11-02')).toBe(true);
    expect(isPastDue(sent('2026-11-02'), '2026-11-02')).toBe(false);
    expect(isPastDue(sent('2026-11-03'), '2026-11-02')).toBe(false);
    expect(isPastDue(sent('2025-12-31'), '2026-01-01')).toBe(true);
  });

  it('is never a DRAFT, PAID or VOID invoice, however late', () => {
    for (const status of ['DRAFT', 'PAID', 'VOID'] as const) expect(isPastDue({ status, dueDate: '2020-01-01' }, '2026-11-02'), status).toBe(false);
  });
});

describe('billedOrders', () => {
  it('lists each billed order with its line, in order id order; lines without an order bill none', () => {
    expect(billedOrders([{ order_id: 'ord_c' }, { order_id: null }, { order_id: 'ord_a' }, {}, { order_id: 'ord_b' }])).toEqual([
      ['ord_a', 2],
      ['ord_b', 4],
      ['ord_c', 0],
    ]);
    expect(billedOrders([{}, { order_id: null }])).toEqual([]);
  });

  it('refuses an order on two lines with 409 reference_conflict naming the second', () => {
    expect(refusal(() => billedOrders([{ order_id: 'ord_a' }, {}, { order_id: 'ord_a' }]))).toEqual({
      status: 409,
      code: 'reference_conflict',
      param: 'lines[2].order_id',
      message: 'Order ord_a appears on lines[0] already; an order is billed once.',
    });
  });
});

const STATUSES = ['DRAFT', 'SENT', 'PAID', 'VOID'] as const;
// action -> the statuses it is allowed from: edits and sending only while DRAFT; payments, settling and voiding only while SENT.
const ALLOWED: Record<string, readonly string[]> = {
  update: ['DRAFT'],
  send: ['DRAFT'],
  resend: ['SENT'],
  apply_payment: ['SENT'],
  settle: ['SENT'],
  void: ['SENT'],
  return_payment: ['SENT', 'PAID'],
  reopen: ['PAID'],
};
type Action = keyof typeof invoiceLifecycle.table;

describe('invoice lifecycle', () => {
  it('has exactly these actions', () => {
    expect(Object.keys(invoiceLifecycle.table).sort()).toEqual(Object.keys(ALLOWED).sort());
  });

  const cases = Object.entries(ALLOWED).flatMap(([action, from]) => STATUSES.map((s) => [action, s, from.includes(s)] as const));
  it.each(cases)('%s from %s: allowed %s', (action, status, allowed) => {
    expect(invoiceLifecycle.allows(action as Action, status)).toBe(allowed);
    if (allowed) expect(invoiceLifecycle.assert(action as Action, status, 'inv_1')).toBe(invoiceLifecycle.table[action as Action]);
    else expect(() => invoiceLifecycle.assert(action as Action, status, 'inv_1')).toThrow(ApiError);
  });

  it('DRAFT -> SENT -> PAID, SENT -> VOID, each with its event; only the void is audited; SENT sent again, unchanged; PAID -> SENT (invoice.reopened) when a payment is returned', () => {
    const moves = Object.fromEntries(
      Object.entries(invoiceLifecycle.table).map(([a, t]) => [a, { to: 'to' in t ? t.to : undefined, event: 'event' in t ? t.event : undefined, audit: 'audit' in t ? t.audit : undefined }]),
    );
    expect(moves).toEqual({
      update: { to: undefined, event: undefined, audit: undefined },
      send: { to: 'SENT', event: 'invoice.sent', audit: undefined },
      resend: { to: undefined, event: undefined, audit: undefined },
      apply_payment: { to: undefined, event: undefined, audit: undefined },
      settle: { to: 'PAID', event: 'invoice.paid', audit: undefined },
      void: { to: 'VOID', event: 'invoice.voided', audit: 'invoice.voided' },
      return_payment: { to: undefined, event: undefined, audit: undefined },
      reopen: { to: 'SENT', event: 'invoice.reopened', audit: undefined },
    });
  });

  it.each([
    ['update', 'SENT', 'An invoice (inv_1) in status SENT cannot be edited; allowed from DRAFT.'],
    ['send', 'PAID', 'An invoice (inv_1) in status PAID cannot be sent; allowed from DRAFT.'],
    ['resend', 'DRAFT', 'An invoice (inv_1) in status DRAFT cannot be sent again; allowed from SENT.'],
    ['resend', 'VOID', 'An invoice (inv_1) in status VOID cannot be sent again; allowed from SENT.'],
    ['apply_payment', 'DRAFT', 'An invoice (inv_1) in status DRAFT cannot be paid; allowed from SENT.'],
    ['apply_payment', 'VOID', 'An invoice (inv_1) in status VOID cannot be paid; allowed from SENT.'],
    ['settle', 'DRAFT', 'An invoice (inv_1) in status DRAFT cannot be paid; allowed from SENT.'],
    ['void', 'DRAFT', 'An invoice (inv_1) in status DRAFT cannot be voided; allowed from SENT.'],
    ['void', 'PAID', 'An invoice (inv_1) in status PAID cannot be voided; allowed from SENT.'],
    ['send', 'SENT', 'The invoice inv_1 is already sent.'],
    ['settle', 'PAID', 'The invoice inv_1 is already paid.'],
    ['void', 'VOID', 'The invoice inv_1 is already voided.'],
    ['return_payment', 'VOID', 'An invoice (inv_1) in status VOID cannot be unpaid; allowed from SENT or PAID.'],
    ['reopen', 'SENT', 'The invoice inv_1 is already reopened.'],
  ])('refuses %s from %s with 409 invalid_state_transition', (action, status, message) => {
    expect(refusal(() => invoiceLifecycle.assert(action as Action, status, 'inv_1'))).toEqual({
      status: 409,
      code: 'invalid_state_transition',
      param: undefined,
      message,
    });
  });
});

describe('voidTransition', () => {
  it('voids a SENT invoice with nothing paid: -> VOID, invoice.voided, audited', () => {
    expect(voidTransition({ id: 'inv_1', status: 'SENT', amountPaid: 0 })).toMatchObject({ to: 'VOID', event: 'invoice.voided', audit: 'invoice.voided' });
  });

  it('refuses a SENT invoice with a payment applied, even one cent', () => {
    expect(refusal(() => voidTransition({ id: 'inv_1', status: 'SENT', amountPaid: 1 }))).toEqual({
      status: 409,
      code: 'invalid_state_transition',
      param: undefined,
      message: 'Invoice inv_1 has 1 paid on it; an invoice with a payment applied cannot be voided.',
    });
  });

  it('refuses a DRAFT or PAID invoice by its status', () => {
    expect(refusal(() => voidTransition({ id: 'inv_1', status: 'DRAFT', amountPaid: 0 }))).toMatchObject({ status: 409, code: 'invalid_state_transition' });
    expect(refusal(() => voidTransition({ id: 'inv_1', status: 'PAID', amountPaid: 145_000 }))).toMatchObject({
      status: 409,
      message: 'An invoice (inv_1) in status PAID cannot be voided; allowed from SENT.',
    });
  });
});
