// Payment application as API-DESIGN ("Payment", "Carrier payment") states it: a succeeded payment of
// a SENT invoice lowers amount_remaining; the one that brings it to 0 settles the invoice (PAID); more
// than amount_remaining is refused with 409 amount_exceeds_balance; a failed payment (one with a
// failure_reason) is not applied. A carrier payment is the sum of its orders' carrier_pay, one currency.
import { describe, expect, it } from 'vitest';
import { carrierPaymentTotal, isFailedPayment, paymentApplication } from '../../src/accounting/accounting.rules.js';
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
