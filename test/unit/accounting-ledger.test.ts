// The ledger's postings as API-DESIGN ("Ledger") states them: invoice sent (Dr receivable, Cr revenue);
// payment succeeded (Dr cash, Cr receivable); invoice voided (Dr revenue, Cr receivable); order
// delivered with carrier_pay (Dr carrier_cost, Cr carrier_payable); carrier payment sent (Dr
// carrier_payable, Cr cash). Debits equal credits in every entry. And the trial balance's arithmetic.
import { describe, expect, it } from 'vitest';
import {
  carrierPaymentPosting,
  invoiceSentPosting,
  invoiceVoidedPosting,
  journalLines,
  LEDGER_ACCOUNTS,
  orderDeliveredPosting,
  paymentReceivedPosting,
  POSTING_ACCOUNTS,
  trialBalance,
} from '../../src/accounting/accounting.rules.js';

const invoice = { id: 'inv_1', number: 'INV-000007', subtotal: 145_000 };

describe('postings', () => {
  it('debit and credit exactly the design’s accounts for each movement', () => {
    expect(POSTING_ACCOUNTS).toEqual({
      invoice_sent: { debit: 'accounts_receivable', credit: 'revenue' },
      invoice_voided: { debit: 'revenue', credit: 'accounts_receivable' },
      payment_received: { debit: 'cash', credit: 'accounts_receivable' },
      order_delivered: { debit: 'carrier_cost', credit: 'carrier_payable' },
      carrier_payment_sent: { debit: 'carrier_payable', credit: 'cash' },
    });
  });

  it('invoice sent: debits accounts_receivable and credits revenue by the subtotal', () => {
    expect(invoiceSentPosting(invoice)).toEqual({
      sourceType: 'invoice',
      sourceId: 'inv_1',
      description: 'Invoice INV-000007 sent',
      debit: 'accounts_receivable',
      credit: 'revenue',
      amount: 145_000,
    });
  });

  it('invoice voided: the reversal, debits revenue and credits accounts_receivable by the subtotal', () => {
    expect(invoiceVoidedPosting(invoice)).toEqual({
      sourceType: 'invoice',
      sourceId: 'inv_1',
      description: 'Invoice INV-000007 voided',
      debit: 'revenue',
      credit: 'accounts_receivable',
      amount: 145_000,
    });
  });

  it('payment received for an invoice: debits cash and credits accounts_receivable by the payment', () => {
    expect(paymentReceivedPosting({ id: 'pay_1', amount: 50_000 }, { number: 'INV-000007' })).toEqual({
      sourceType: 'payment',
      sourceId: 'pay_1',
      description: 'Payment pay_1 received for invoice INV-000007',
      debit: 'cash',
      credit: 'accounts_receivable',
      amount: 50_000,
    });
  });

  it('payment received on account (no invoice): the same accounts', () => {
    expect(paymentReceivedPosting({ id: 'pay_2', amount: 1 }, null)).toEqual({
      sourceType: 'payment',
      sourceId: 'pay_2',
      description: 'Payment pay_2 received on account',
      debit: 'cash',
      credit: 'accounts_receivable',
      amount: 1,
    });
  });

  it('order delivered with carrier_pay: debits carrier_cost and credits carrier_payable by the carrier pay', () => {
    expect(orderDeliveredPosting({ id: 'ord_1', carrierPay: 90_000 })).toEqual({
      sourceType: 'order',
      sourceId: 'ord_1',
      description: 'Order ord_1 delivered: carrier pay owed',
      debit: 'carrier_cost',
      credit: 'carrier_payable',
      amount: 90_000,
    });
  });

  it('order delivered without carrier_pay: posts nothing', () => {
    expect(orderDeliveredPosting({ id: 'ord_1', carrierPay: null })).toBeNull();
    expect(orderDeliveredPosting({ id: 'ord_1' })).toBeNull();
    expect(orderDeliveredPosting({ id: 'ord_1', carrierPay: 0 })).toBeNull();
  });

  it('carrier payment sent: debits carrier_payable and credits cash by the payment', () => {
    expect(carrierPaymentPosting({ id: 'cpy_1', amount: 180_000 }, 'car_9')).toEqual({
      sourceType: 'carrier_payment',
      sourceId: 'cpy_1',
      description: 'Carrier payment cpy_1 sent to car_9',
      debit: 'carrier_payable',
      credit: 'cash',
      amount: 180_000,
    });
  });
});

describe('journalLines', () => {
  it('is one debit and one credit of the same amount', () => {
    expect(journalLines({ debit: 'cash', credit: 'accounts_receivable', amount: 2_500 })).toEqual([
      { ledgerAccount: 'cash', direction: 'debit', amount: 2_500 },
      { ledgerAccount: 'accounts_receivable', direction: 'credit', amount: 2_500 },
    ]);
  });

  it('posts nothing for a zero amount, one cent posts', () => {
    expect(journalLines({ debit: 'cash', credit: 'revenue', amount: 0 })).toEqual([]);
    expect(journalLines({ debit: 'cash', credit: 'revenue', amount: 1 })).toHaveLength(2);
  });

  it.each([-1, 0.5, Number.NaN, 2 ** 53])('refuses %s, not whole cents', (amount) => {
    expect(() => journalLines({ debit: 'cash', credit: 'revenue', amount })).toThrow(`journal entry amount ${amount} is not whole cents`);
  });
});

describe('trial balance', () => {
  it('lists the chart of accounts with each one’s normal side', () => {
    expect(LEDGER_ACCOUNTS).toEqual([
      { account: 'cash', normal: 'debit' },
      { account: 'accounts_receivable', normal: 'debit' },
      { account: 'revenue', normal: 'credit' },
      { account: 'carrier_cost', normal: 'debit' },
      { account: 'carrier_payable', normal: 'credit' },
    ]);
  });

  it('is all zero with nothing posted', () => {
    expect(trialBalance([])).toEqual({
      accounts: [
        { ledger_account: 'cash', normal_balance: 'debit', debits: 0, credits: 0, balance: 0 },
        { ledger_account: 'accounts_receivable', normal_balance: 'debit', debits: 0, credits: 0, balance: 0 },
        { ledger_account: 'revenue', normal_balance: 'credit', debits: 0, credits: 0, balance: 0 },
        { ledger_account: 'carrier_cost', normal_balance: 'debit', debits: 0, credits: 0, balance: 0 },
        { ledger_account: 'carrier_payable', normal_balance: 'credit', debits: 0, credits: 0, balance: 0 },
      ],
      total_debits: 0,
      total_credits: 0,
    });
  });

  it('balances each account on its normal side and sums each side', () => {
    // Invoice of $1,450 sent, $500 paid; order delivered with $900 carrier pay, $600 of it paid to the carrier.
    const sums = [
      { ledger_account: 'accounts_receivable', direction: 'debit', total: '145000' },
      { ledger_account: 'revenue', direction: 'credit', total: '145000' },
      { ledger_account: 'cash', direction: 'debit', total: '50000' },
      { ledger_account: 'accounts_receivable', direction: 'credit', total: '50000' },
      { ledger_account: 'carrier_cost', direction: 'debit', total: '90000' },
      { ledger_account: 'carrier_payable', direction: 'credit', total: '90000' },
      { ledger_account: 'carrier_payable', direction: 'debit', total: '60000' },
      { ledger_account: 'cash', direction: 'credit', total: '60000' },
    ] as const;
    expect(trialBalance(sums)).toEqual({
      accounts: [
        { ledger_account: 'cash', normal_balance: 'debit', debits: 50_000, credits: 60_000, balance: -10_000 },
        { ledger_account: 'accounts_receivable', normal_balance: 'debit', debits: 145_000, credits: 50_000, balance: 95_000 },
        { ledger_account: 'revenue', normal_balance: 'credit', debits: 0, credits: 145_000, balance: 145_000 },
        { ledger_account: 'carrier_cost', normal_balance: 'debit', debits: 90_000, credits: 0, balance: 90_000 },
        { ledger_account: 'carrier_payable', normal_balance: 'credit', debits: 60_000, credits: 90_000, balance: 30_000 },
      ],
      total_debits: 345_000,
      total_credits: 345_000,
    });
  });
});
