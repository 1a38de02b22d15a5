// The ledger's postings as API-DESIGN ("Ledger") states them: revenue recognized when it is earned, at
// delivery, matched with the carrier's cost (Dr unbilled receivables, Cr revenue by the price, or out of
// deferred revenue what a sent invoice already billed; Dr carrier cost, Cr carrier payable); an invoice
// sent moves each delivered load from unbilled to receivable (revenue adjusted by what the line bills
// above or below the price) and holds any other line in deferred revenue; a void reverses it for the
// loads as they are now; payment succeeded (Dr cash, Cr receivable); carrier payment sent (Dr carrier
// payable, Cr cash). Debits equal credits in every entry. And the trial balance's arithmetic.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  carrierPaymentPosting,
  carrierPaymentVoidedPosting,
  invoiceSentPosting,
  invoiceVoidedPosting,
  journalLines,
  LEDGER_ACCOUNTS,
  orderDeliveredPosting,
  orderReopenedPosting,
  paymentReceivedPosting,
  paymentReturnedPosting,
  trialBalance,
  type Posting,
  type PostingLine,
} from '../../src/accounting/accounting.rules.js';

const invoice = { id: 'inv_1', number: 'INV-000007' };
const dr = (ledgerAccount: PostingLine['ledgerAccount'], amount: number, orderId: string | null = null): PostingLine => ({ ledgerAccount, direction: 'debit', amount, orderId });
const cr = (ledgerAccount: PostingLine['ledgerAccount'], amount: number, orderId: string | null = null): PostingLine => ({ ledgerAccount, direction: 'credit', amount, orderId });
/** The balance each account ends with after the postings, on the debit side (credits negative), zeros left out. */
function net(...postings: (Posting | null)[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const l of postings.flatMap((p) => (p ? journalLines(p) : []))) out[l.ledgerAccount] = (out[l.ledgerAccount] ?? 0) + (l.direction === 'debit' ? l.amount : -l.amount);
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== 0));
}

describe('order delivered', () => {
  it('recognizes the price as revenue against unbilled receivables and the carrier pay as cost, in one entry, each line naming the load', () => {
    expect(orderDeliveredPosting({ id: 'ord_1', price: 145_000, carrierPay: 110_000 }, null)).toEqual({
      kind: 'order_delivered',
      sourceType: 'order',
      sourceId: 'ord_1',
      description: 'Order ord_1 delivered',
      lines: [dr('unbilled_receivables', 145_000, 'ord_1'), cr('revenue', 145_000, 'ord_1'), dr('carrier_cost', 110_000, 'ord_1'), cr('carrier_payable', 110_000, 'ord_1')],
    });
  });

  it('already billed by a sent invoice: recognizes what the invoice billed, out of deferred revenue', () => {
    expect(orderDeliveredPosting({ id: 'ord_1', price: 145_000, carrierPay: 110_000 }, 150_000)!.lines).toEqual([
      dr('deferred_revenue', 150_000, 'ord_1'),
      cr('revenue', 150_000, 'ord_1'),
      dr('carrier_cost', 110_000, 'ord_1'),
      cr('carrier_payable', 110_000, 'ord_1'),
    ]);
  });

  it('posts only what is set: no price, no carrier pay, neither (nothing at all)', () => {
    expect(orderDeliveredPosting({ id: 'ord_1', price: null, carrierPay: 90_000 }, null)!.lines).toEqual([dr('carrier_cost', 90_000, 'ord_1'), cr('carrier_payable', 90_000, 'ord_1')]);
    expect(orderDeliveredPosting({ id: 'ord_1', price: 1, carrierPay: 0 }, null)!.lines).toEqual([dr('unbilled_receivables', 1, 'ord_1'), cr('revenue', 1, 'ord_1')]);
    expect(orderDeliveredPosting({ id: 'ord_1' }, null)).toBeNull();
    expect(orderDeliveredPosting({ id: 'ord_1', price: 0, carrierPay: null }, null)).toBeNull();
    // Billed at zero is nothing to recognize, even with a price.
    expect(orderDeliveredPosting({ id: 'ord_1', price: 5_000, carrierPay: null }, 0)).toBeNull();
  });
});

describe('invoice sent', () => {
  it('a delivered load billed at its price: receivable against unbilled, revenue untouched', () => {
    expect(invoiceSentPosting(invoice, [{ amount: 145_000, orderId: 'ord_1', recognized: 145_000 }])).toEqual({
      kind: 'invoice_sent',
      sourceType: 'invoice',
      sourceId: 'inv_1',
      description: 'Invoice INV-000007 sent',
      lines: [dr('accounts_receivable', 145_000), cr('unbilled_receivables', 145_000, 'ord_1'), cr('revenue', 0, 'ord_1')],
    });
  });

  it('billed above the price: the difference is revenue; below: revenue is debited back', () => {
    expect(journalLines(invoiceSentPosting(invoice, [{ amount: 150_000, orderId: 'ord_1', recognized: 145_000 }]))).toEqual([
      dr('accounts_receivable', 150_000),
      cr('unbilled_receivables', 145_000, 'ord_1'),
      cr('revenue', 5_000, 'ord_1'),
    ]);
    expect(journalLines(invoiceSentPosting(invoice, [{ amount: 140_000, orderId: 'ord_1', recognized: 145_000 }]))).toEqual([
      dr('accounts_receivable', 140_000),
      cr('unbilled_receivables', 145_000, 'ord_1'),
      dr('revenue', 5_000, 'ord_1'),
    ]);
  });

  it('a load not delivered yet, or a line of no load: held in deferred revenue', () => {
    expect(journalLines(invoiceSentPosting(invoice, [{ amount: 145_000, orderId: 'ord_2', recognized: null }, { amount: 2_500, orderId: null, recognized: null }]))).toEqual([
      dr('accounts_receivable', 147_500),
      cr('deferred_revenue', 145_000, 'ord_2'),
      cr('deferred_revenue', 2_500, null),
    ]);
  });
});

describe('invoice voided', () => {
  it('reverses the sending: receivable credited, unbilled back at the price, the revenue adjustment undone', () => {
    expect(invoiceVoidedPosting(invoice, [{ amount: 150_000, orderId: 'ord_1', recognized: 145_000 }])).toEqual({
      kind: 'invoice_voided',
      sourceType: 'invoice',
      sourceId: 'inv_1',
      description: 'Invoice INV-000007 voided',
      lines: [dr('unbilled_receivables', 145_000, 'ord_1'), dr('revenue', 5_000, 'ord_1'), cr('accounts_receivable', 150_000)],
    });
    expect(journalLines(invoiceVoidedPosting(invoice, [{ amount: 140_000, orderId: 'ord_1', recognized: 145_000 }]))).toEqual([
      dr('unbilled_receivables', 145_000, 'ord_1'),
      cr('revenue', 5_000, 'ord_1'),
      cr('accounts_receivable', 140_000),
    ]);
  });

  it('a line still held in deferred revenue leaves it', () => {
    expect(journalLines(invoiceVoidedPosting(invoice, [{ amount: 3_000, orderId: null, recognized: null }]))).toEqual([dr('deferred_revenue', 3_000, null), cr('accounts_receivable', 3_000)]);
  });

  it('sent then voided, the load in the same state: every account back where it was', () => {
    for (const recognized of [145_000, null, 0]) {
      const lines = [{ amount: 150_000, orderId: 'ord_1', recognized }];
      expect(net(invoiceSentPosting(invoice, lines), invoiceVoidedPosting(invoice, lines))).toEqual({});
    }
  });

  it('prepaid, delivered, then voided: the load ends unbilled at its price, its revenue its price', () => {
    const sent = invoiceSentPosting(invoice, [{ amount: 150_000, orderId: 'ord_1', recognized: null }]);
    const delivered = orderDeliveredPosting({ id: 'ord_1', price: 145_000, carrierPay: null }, 150_000);
    const voided = invoiceVoidedPosting(invoice, [{ amount: 150_000, orderId: 'ord_1', recognized: 145_000 }]);
    expect(net(sent, delivered)).toEqual({ accounts_receivable: 150_000, revenue: -150_000 });
    expect(net(sent, delivered, voided)).toEqual({ unbilled_receivables: 145_000, revenue: -145_000 });
  });
});

describe('payments', () => {
  it('payment received for an invoice: debits cash and credits accounts_receivable by the payment', () => {
    expect(paymentReceivedPosting({ id: 'pay_1', amount: 50_000 }, { number: 'INV-000007' })).toEqual({
      kind: 'payment_received',
      sourceType: 'payment',
      sourceId: 'pay_1',
      description: 'Payment pay_1 received for invoice INV-000007',
      lines: [dr('cash', 50_000), cr('accounts_receivable', 50_000)],
    });
  });

  it('payment received on account (no invoice): the same accounts', () => {
    expect(paymentReceivedPosting({ id: 'pay_2', amount: 1 }, null)).toMatchObject({ description: 'Payment pay_2 received on account', lines: [dr('cash', 1), cr('accounts_receivable', 1)] });
  });

  it('payment returned by the bank: debits accounts_receivable and credits cash, undoing what its receipt posted', () => {
    const returned = paymentReturnedPosting({ id: 'pay_1', amount: 50_000 }, { number: 'INV-000007' });
    expect(returned).toEqual({
      kind: 'payment_returned',
      sourceType: 'payment',
      sourceId: 'pay_1',
      description: 'Payment pay_1 for invoice INV-000007 returned',
      lines: [dr('accounts_receivable', 50_000), cr('cash', 50_000)],
    });
    expect(net(paymentReceivedPosting({ id: 'pay_1', amount: 50_000 }, invoice), returned)).toEqual({});
    expect(paymentReturnedPosting({ id: 'pay_2', amount: 1 }, null)).toMatchObject({ description: 'Payment pay_2 on account returned', lines: [dr('accounts_receivable', 1), cr('cash', 1)] });
  });

  it('carrier payment sent: debits carrier_payable and credits cash by the payment', () => {
    expect(carrierPaymentPosting({ id: 'cpy_1', amount: 180_000 }, 'car_9')).toEqual({
      kind: 'carrier_payment_sent',
      sourceType: 'carrier_payment',
      sourceId: 'cpy_1',
      description: 'Carrier payment cpy_1 sent to car_9',
      lines: [dr('carrier_payable', 180_000), cr('cash', 180_000)],
    });
  });

  it('carrier payment voided (recorded by mistake): debits cash and credits carrier_payable, undoing what it posted', () => {
    const voided = carrierPaymentVoidedPosting({ id: 'cpy_1', amount: 180_000 }, 'car_9');
    expect(voided).toEqual({
      kind: 'carrier_payment_voided',
      sourceType: 'carrier_payment',
      sourceId: 'cpy_1',
      description: 'Carrier payment cpy_1 to car_9 voided',
      lines: [dr('cash', 180_000), cr('carrier_payable', 180_000)],
    });
    expect(net(carrierPaymentPosting({ id: 'cpy_1', amount: 180_000 }, 'car_9'), voided)).toEqual({});
  });

  it('order reopened after a delivery: posts back what the load holds, account by account, so it holds nothing', () => {
    const totals = (...postings: (Posting | null)[]) => {
      const sums = new Map<string, number>();
      for (const l of postings.flatMap((p) => (p ? journalLines(p) : [])).filter((l) => l.orderId === 'ord_1')) {
        const key = `${l.ledgerAccount} ${l.direction}`;
        sums.set(key, (sums.get(key) ?? 0) + l.amount);
      }
      return [...sums].map(([key, total]) => ({ ledger_account: key.split(' ')[0] as PostingLine['ledgerAccount'], direction: key.split(' ')[1] as 'debit' | 'credit', total: String(total) }));
    };
    const delivered = orderDeliveredPosting({ id: 'ord_1', price: 145_000, carrierPay: 120_000 }, null);
    const reopened = orderReopenedPosting({ id: 'ord_1' }, totals(delivered));
    expect(reopened).toEqual({
      kind: 'order_reopened',
      sourceType: 'order',
      sourceId: 'ord_1',
      description: 'Order ord_1 reopened: its delivery reversed',
      lines: [cr('unbilled_receivables', 145_000, 'ord_1'), dr('revenue', 145_000, 'ord_1'), cr('carrier_cost', 120_000, 'ord_1'), dr('carrier_payable', 120_000, 'ord_1')],
    });
    expect(net(delivered, reopened)).toEqual({});
    // Billed and voided since (the invoice's lines for the load), at another amount: still nothing left.
    const line = [{ amount: 150_000, orderId: 'ord_1', recognized: 145_000 }];
    const sent = invoiceSentPosting(invoice, line);
    const voided = invoiceVoidedPosting(invoice, line);
    const afterAll = orderReopenedPosting({ id: 'ord_1' }, totals(delivered, sent, voided));
    expect(net(delivered, sent, voided, afterAll)).toEqual({});
    // A load that holds nothing (no price, no pay; or one debit and credit that cancel) posts nothing.
    expect(orderReopenedPosting({ id: 'ord_1' }, [])).toBeNull();
    expect(orderReopenedPosting({ id: 'ord_1' }, [{ ledger_account: 'revenue', direction: 'credit', total: 5 }, { ledger_account: 'revenue', direction: 'debit', total: '5' }])).toBeNull();
  });
});

describe('journalLines', () => {
  it('is the posting’s lines without the zero ones', () => {
    expect(journalLines({ lines: [dr('cash', 2_500), cr('revenue', 0), cr('accounts_receivable', 2_500)] })).toEqual([dr('cash', 2_500), cr('accounts_receivable', 2_500)]);
    expect(journalLines({ lines: [dr('cash', 0), cr('revenue', 0)] })).toEqual([]);
    expect(journalLines({ lines: [dr('cash', 1), cr('revenue', 1)] })).toHaveLength(2);
  });

  it.each([-1, 0.5, Number.NaN, 2 ** 53])('refuses %s, not whole cents', (amount) => {
    expect(() => journalLines({ lines: [dr('cash', amount), cr('revenue', amount)] })).toThrow(`journal entry amount ${amount} is not whole cents`);
  });

  it('refuses an entry whose debits and credits differ', () => {
    expect(() => journalLines({ lines: [dr('cash', 2), cr('revenue', 1)] })).toThrow('journal entry does not balance: debits - credits = 1');
    expect(() => journalLines({ lines: [dr('cash', 1), cr('revenue', 3)] })).toThrow('journal entry does not balance: debits - credits = -2');
  });

  it('every posting balances, whatever the amounts (property)', () => {
    const amount = fc.integer({ min: 0, max: 10_000_000 });
    const line = fc.record({ amount, orderId: fc.constantFrom('ord_1', 'ord_2', null), recognized: fc.option(amount, { nil: null }) });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 5 }), fc.option(amount, { nil: null }), amount, amount, (lines, billed, price, pay) => {
        for (const p of [invoiceSentPosting(invoice, lines), invoiceVoidedPosting(invoice, lines), orderDeliveredPosting({ id: 'ord_1', price, carrierPay: pay }, billed)]) {
          if (p) expect(() => journalLines(p)).not.toThrow();
        }
      }),
    );
  });
});

describe('trial balance', () => {
  it('lists the chart of accounts with each one’s normal side', () => {
    expect(LEDGER_ACCOUNTS).toEqual([
      { account: 'cash', normal: 'debit' },
      { account: 'accounts_receivable', normal: 'debit' },
      { account: 'unbilled_receivables', normal: 'debit' },
      { account: 'deferred_revenue', normal: 'credit' },
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
        { ledger_account: 'unbilled_receivables', normal_balance: 'debit', debits: 0, credits: 0, balance: 0 },
        { ledger_account: 'deferred_revenue', normal_balance: 'credit', debits: 0, credits: 0, balance: 0 },
        { ledger_account: 'revenue', normal_balance: 'credit', debits: 0, credits: 0, balance: 0 },
        { ledger_account: 'carrier_cost', normal_balance: 'debit', debits: 0, credits: 0, balance: 0 },
        { ledger_account: 'carrier_payable', normal_balance: 'credit', debits: 0, credits: 0, balance: 0 },
      ],
      total_debits: 0,
      total_credits: 0,
    });
  });

  it('balances each account on its normal side and sums each side', () => {
    // A $1,450 load delivered ($900 carrier pay) and invoiced, $500 paid; $600 paid to the carrier; a
    // $300 invoice line of a load not delivered yet.
    const sums = [
      { ledger_account: 'unbilled_receivables', direction: 'debit', total: '145000' },
      { ledger_account: 'revenue', direction: 'credit', total: '145000' },
      { ledger_account: 'accounts_receivable', direction: 'debit', total: '175000' },
      { ledger_account: 'unbilled_receivables', direction: 'credit', total: '145000' },
      { ledger_account: 'deferred_revenue', direction: 'credit', total: '30000' },
      { ledger_account: 'cash', direction: 'debit', total: '50000' },
      { ledger_account: 'accounts_receivable', direction: 'credit', total: '50000' },
      { ledger_account: 'carrier_cost', direction: 'debit', total: '90000' },
      { ledger_account: 'carrier_payable', direction: 'credit', total: '90000' },
      { ledger_account: 'carrier_payable', direction: 'debit', total: '60000' },
      { ledger_account: 'cash', direction: 'credit', total: 60000 },
    ] as const;
    expect(trialBalance(sums)).toEqual({
      accounts: [
        { ledger_account: 'cash', normal_balance: 'debit', debits: 50_000, credits: 60_000, balance: -10_000 },
        { ledger_account: 'accounts_receivable', normal_balance: 'debit', debits: 175_000, credits: 50_000, balance: 125_000 },
        { ledger_account: 'unbilled_receivables', normal_balance: 'debit', debits: 145_000, credits: 145_000, balance: 0 },
        { ledger_account: 'deferred_revenue', normal_balance: 'credit', debits: 0, credits: 30_000, balance: 30_000 },
        { ledger_account: 'revenue', normal_balance: 'credit', debits: 0, credits: 145_000, balance: 145_000 },
        { ledger_account: 'carrier_cost', normal_balance: 'debit', debits: 90_000, credits: 0, balance: 90_000 },
        { ledger_account: 'carrier_payable', normal_balance: 'credit', debits: 60_000, credits: 90_000, balance: 30_000 },
      ],
      total_debits: 520_000,
      total_credits: 520_000,
    });
  });
});
