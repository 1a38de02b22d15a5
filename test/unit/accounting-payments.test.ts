// Payment application as API-DESIGN ("Payment", "Carrier payment") states it: a succeeded payment of
// a SENT invoice lowers amount_remaining; the one that brings it to 0 settles the invoice (PAID); more
// than amount_remaining is refused with 409 amount_exceeds_balance; a failed payment (one with a
// failure_reason) is not applied; a payment the bank returned is owed again (a PAID invoice is SENT
// again), and only a succeeded payment can be returned. A carrier payment is the sum of its orders'
// carrier_pay, one currency.
import { describe, expect, it } from 'vitest';
import { carrierPaymentTotal, isFailedPayment, paymentApplication, paymentReturnToInvoice } from '../../src/accounting/accounting.rules.js';
import { paymentLifecycle } from '../../src/accounting/payments.state.js';
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

const sent = { id: 'inv_1', status: 'SENT' as const, subtotal: 145_000, amountPaid: 0 };

describe('paymentApplication', () => {
  it('a partial payment lowers what remains and leaves the invoice SENT', () => {
    expect(paymentApplication(sent, 50_000)).toEqual({ amountPaid: 50_000, settles: false });
    expect(paymentApplication({ ...sent, amountPaid: 50_000 }, 94_999)).toEqual({ amountPaid: 144_999, settles: false });
  });

  it('the payment that brings amount_remaining to 0 settles the invoice', () => {
    expect(paymentApplication(sent, 145_000)).toEqual({ amountPaid: 145_000, settles: true });
    expect(paymentApplication({ ...sent, amountPaid: 50_000 }, 95_000)).toEqual({ amountPaid: 145_000, settles: true });
  });

  it('refuses one cent more than remains with 409 amount_exceeds_balance', () => {
    expect(refusal(() => paymentApplication({ ...sent, amountPaid: 50_000 }, 95_001))).toEqual({
      status: 409,
      code: 'amount_exceeds_balance',
      param: 'amount',
      message: 'The payment of 95001 is more than the 95000 that remains to be paid on invoice inv_1.',
    });
    expect(refusal(() => paymentApplication(sent, 145_001))).toMatchObject({ status: 409, code: 'amount_exceeds_balance' });
  });

  it.each([
    ['DRAFT', 'An invoice (inv_1) in status DRAFT cannot be paid; allowed from SENT.'],
    ['PAID', 'An invoice (inv_1) in status PAID cannot be paid; allowed from SENT.'],
    ['VOID', 'An invoice (inv_1) in status VOID cannot be paid; allowed from SENT.'],
  ] as const)('refuses a payment of a %s invoice with 409 invalid_state_transition', (status, message) => {
    expect(refusal(() => paymentApplication({ ...sent, status, amountPaid: 0 }, 1))).toEqual({ status: 409, code: 'invalid_state_transition', param: undefined, message });
  });
});

describe('paymentReturnToInvoice', () => {
  it('owes the amount again: a PAID invoice is SENT again, a SENT one stays SENT', () => {
    const paid = { ...sent, status: 'PAID' as const, amountPaid: 145_000 };
    expect(paymentReturnToInvoice(paid, 145_000)).toEqual({ amountPaid: 0, reopen: expect.objectContaining({ from: ['PAID'], to: 'SENT' }) });
    expect(paymentReturnToInvoice(paid, 45_000)).toMatchObject({ amountPaid: 100_000, reopen: { to: 'SENT' } });
    expect(paymentReturnToInvoice({ ...sent, amountPaid: 50_000 }, 20_000)).toEqual({ amountPaid: 30_000, reopen: null });
  });

  it.each(['DRAFT', 'VOID'] as const)('refuses a %s invoice (it holds no payment) with 409 invalid_state_transition', (status) => {
    expect(refusal(() => paymentReturnToInvoice({ ...sent, status }, 1))).toEqual({
      status: 409,
      code: 'invalid_state_transition',
      param: undefined,
      message: `An invoice (inv_1) in status ${status} cannot be unpaid; allowed from SENT or PAID.`,
    });
  });
});

describe('payment lifecycle', () => {
  it('returns only a succeeded payment: returned, payment.returned, audited', () => {
    expect(paymentLifecycle.assert('return', 'succeeded', 'pay_1')).toEqual({ from: ['succeeded'], to: 'returned', event: 'payment.returned', verb: 'returned', audit: 'payment.returned' });
    expect(refusal(() => paymentLifecycle.assert('return', 'failed', 'pay_1'))).toMatchObject({
      status: 409,
      code: 'invalid_state_transition',
      message: 'A payment (pay_1) in status failed cannot be returned; allowed from succeeded.',
    });
    expect(refusal(() => paymentLifecycle.assert('return', 'returned', 'pay_1'))).toMatchObject({ status: 409, message: 'The payment pay_1 is already returned.' });
  });
});

describe('isFailedPayment', () => {
  it('is a payment given a failure_reason, even an empty one', () => {
    expect(isFailedPayment({ failure_reason: 'card_declined' })).toBe(true);
    expect(isFailedPayment({ failure_reason: '' })).toBe(true);
    expect(isFailedPayment({})).toBe(false);
  });
});

describe('carrierPaymentTotal', () => {
  it('is the sum of the orders’ carrier_pay, in their currency', () => {
    expect(carrierPaymentTotal([{ amount: 90_000, currency: 'usd' }, { amount: 60_000, currency: 'usd' }, { amount: 1, currency: 'usd' }])).toEqual({ amount: 150_001, currency: 'usd' });
  });

  it('refuses orders in two currencies with 409 reference_conflict', () => {
    // The schema has one currency today; the rule stands for the day it has two.
    const cad = 'cad' as 'usd';
    expect(refusal(() => carrierPaymentTotal([{ amount: 90_000, currency: 'usd' }, { amount: 60_000, currency: cad }]))).toEqual({
      status: 409,
      code: 'reference_conflict',
      param: 'order_ids',
      message: 'The orders of one carrier payment must share a currency.',
    });
  });
});
