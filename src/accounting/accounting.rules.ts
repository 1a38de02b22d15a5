// The accounting rules, apart from the database work (the services in this folder, and the order's
// deliver effect, run them): which accounts each money movement debits and credits and by how much
// (API-DESIGN, "Ledger"), the trial balance, an invoice's totals, and what applying a payment does.
import type { components } from '../../generated/openapi.js';
import { errors } from '../shared/errors.js';
import type { Invoice } from './accounting.entities.js';
import { invoiceLifecycle } from './invoices.state.js';

type S = components['schemas'];
type LedgerAccount = S['LedgerAccount'];
type Direction = 'debit' | 'credit';

// ---- Ledger postings ----

/** The chart of accounts, in the order the trial balance lists them, with the side that increases each. */
export const LEDGER_ACCOUNTS: readonly { account: LedgerAccount; normal: Direction }[] = [
  { account: 'cash', normal: 'debit' },
  { account: 'accounts_receivable', normal: 'debit' },
  { account: 'revenue', normal: 'credit' },
  { account: 'carrier_cost', normal: 'debit' },
  { account: 'carrier_payable', normal: 'credit' },
];

/** Which account each money movement debits and which it credits (API-DESIGN, "Ledger"). */
export const POSTING_ACCOUNTS = {
  invoice_sent: { debit: 'accounts_receivable', credit: 'revenue' },
  invoice_voided: { debit: 'revenue', credit: 'accounts_receivable' },
  payment_received: { debit: 'cash', credit: 'accounts_receivable' },
  order_delivered: { debit: 'carrier_cost', credit: 'carrier_payable' },
  carrier_payment_sent: { debit: 'carrier_payable', credit: 'cash' },
} as const satisfies Record<string, { debit: LedgerAccount; credit: LedgerAccount }>;

/** What a money movement posts: debit `debit` and credit `credit` by `amount` cents (a two-line entry, the only kind the product posts). */
export interface Posting {
  sourceType: S['LedgerEntry']['source_type'];
  sourceId: string;
  description: string;
  debit: LedgerAccount;
  credit: LedgerAccount;
  amount: number;
}

/** Invoice sent: the customer owes its subtotal (Dr receivable, Cr revenue). */
export const invoiceSentPosting = (invoice: Pick<Invoice, 'id' | 'number' | 'subtotal'>): Posting => ({
  sourceType: 'invoice',
  sourceId: invoice.id,
  description: `Invoice ${invoice.number} sent`,
  ...POSTING_ACCOUNTS.invoice_sent,
  amount: invoice.subtotal,
});

/** Invoice voided: the sent posting reversed (Dr revenue, Cr receivable). */
export const invoiceVoidedPosting = (invoice: Pick<Invoice, 'id' | 'number' | 'subtotal'>): Posting => ({
  sourceType: 'invoice',
  sourceId: invoice.id,
  description: `Invoice ${invoice.number} voided`,
  ...POSTING_ACCOUNTS.invoice_voided,
  amount: invoice.subtotal,
});

/** Payment succeeded, of an invoice or on account (Dr cash, Cr receivable). */
export const paymentReceivedPosting = (payment: { id: string; amount: number }, invoice: Pick<Invoice, 'number'> | null): Posting => ({
  sourceType: 'payment',
  sourceId: payment.id,
  description: invoice ? `Payment ${payment.id} received for invoice ${invoice.number}` : `Payment ${payment.id} received on account`,
  ...POSTING_ACCOUNTS.payment_received,
  amount: payment.amount,
});

/** Order delivered: the carrier has earned its pay (Dr carrier cost, Cr carrier payable); nothing without a carrier_pay. */
export function orderDeliveredPosting(order: { id: string; carrierPay?: number | null }): Posting | null {
  if (!order.carrierPay) return null;
  return {
    sourceType: 'order',
    sourceId: order.id,
    description: `Order ${order.id} delivered: carrier pay owed`,
    ...POSTING_ACCOUNTS.order_delivered,
    amount: order.carrierPay,
  };
}

/** Carrier payment sent: the payable settled in cash (Dr carrier payable, Cr cash). */
export const carrierPaymentPosting = (payment: { id: string; amount: number }, carrierId: string): Posting => ({
  sourceType: 'carrier_payment',
  sourceId: payment.id,
  description: `Carrier payment ${payment.id} sent to ${carrierId}`,
  ...POSTING_ACCOUNTS.carrier_payment_sent,
  amount: payment.amount,
});

/**
 * The lines of a posting's journal entry: one debit and one credit of the same amount, so debits equal
 * credits. A zero amount posts nothing; an amount that is not whole cents is a bug, refused.
 */
export function journalLines(posting: Pick<Posting, 'debit' | 'credit' | 'amount'>): { ledgerAccount: LedgerAccount; direction: Direction; amount: number }[] {
  const { amount } = posting;
  if (!Number.isSafeInteger(amount) || amount < 0) throw new Error(`journal entry amount ${amount} is not whole cents`);
  if (amount === 0) return [];
  return [
    { ledgerAccount: posting.debit, direction: 'debit', amount },
    { ledgerAccount: posting.credit, direction: 'credit', amount },
  ];
}

/** A sum of one account's lines on one side (the database's `sum(amount)::text`, or a number). */
export interface LedgerTotal {
  ledger_account: LedgerAccount;
  direction: Direction;
  total: string | number;
}

/** The trial balance from the sums of the lines: every account, its balance on its normal side, and the totals of each side. */
export function trialBalance(totals: readonly LedgerTotal[]): Pick<S['LedgerBalances'], 'accounts' | 'total_debits' | 'total_credits'> {
  const total = (account: LedgerAccount, direction: Direction) =>
    Number(totals.find((r) => r.ledger_account === account && r.direction === direction)?.total ?? 0);
  const accounts = LEDGER_ACCOUNTS.map(({ account, normal }) => {
    const debits = total(account, 'debit');
    const credits = total(account, 'credit');
    return { ledger_account: account, normal_balance: normal, debits, credits, balance: normal === 'debit' ? debits - credits : credits - debits };
  });
  return {
    accounts,
    total_debits: accounts.reduce((s, a) => s + a.debits, 0),
    total_credits: accounts.reduce((s, a) => s + a.credits, 0),
  };
}

// ---- Invoice totals ----

/** A line's amount: quantity times unit amount, in cents. */
export const lineAmount = (line: { quantity: number; unit_amount: number }): number => line.quantity * line.unit_amount;

/** The sum of the lines' amounts. */
export const subtotalOf = (lines: readonly { amount: number }[]): number => lines.reduce((s, l) => s + l.amount, 0);

/** What remains to be paid: the subtotal less what payments applied. */
export const amountRemaining = (invoice: Pick<Invoice, 'subtotal' | 'amountPaid'>): number => invoice.subtotal - invoice.amountPaid;

/** The totals an invoice shows: due is the subtotal (no tax or discount), remaining is due less paid. */
export const invoiceTotals = (invoice: Pick<Invoice, 'subtotal' | 'amountPaid'>) => ({
  subtotal: invoice.subtotal,
  amount_due: invoice.subtotal,
  amount_paid: invoice.amountPaid,
  amount_remaining: amountRemaining(invoice),
});

/**
 * The orders the lines bill, as [order id, index of its line], in id order (the order rows are locked
 * in that order, so concurrent invoices queue instead of deadlocking). An order is billed once: a
 * second line naming it is refused (409 reference_conflict).
 */
export function billedOrders(lines: readonly { order_id?: string | null }[]): [string, number][] {
  const seen = new Map<string, number>();
  lines.forEach((l, i) => {
    if (!l.order_id) return;
    if (seen.has(l.order_id)) throw errors.referenceConflict(`lines[${i}].order_id`, `Order ${l.order_id} appears on lines[${seen.get(l.order_id)}] already; an order is billed once.`);
    seen.set(l.order_id, i);
  });
  // The default sort: UTF-16 code-unit order, as `<` compares strings.
  return [...seen.keys()].sort().map((orderId) => [orderId, seen.get(orderId)!]);
}

// ---- Invoice lifecycle conditions and payment application ----

/** SENT -> VOID only with no payment applied (409 invalid_state_transition otherwise); returns the transition. */
export function voidTransition(invoice: Pick<Invoice, 'id' | 'status' | 'amountPaid'>) {
  const transition = invoiceLifecycle.assert('void', invoice.status, invoice.id);
  if (invoice.amountPaid > 0) {
    throw errors.invalidStateTransition(`Invoice ${invoice.id} has ${invoice.amountPaid} paid on it; an invoice with a payment applied cannot be voided.`);
  }
  return transition;
}

/** A payment given a failure reason is a failed attempt: recorded, never applied or posted. */
export const isFailedPayment = (input: { failure_reason?: string }): boolean => input.failure_reason !== undefined;

/**
 * What a succeeded payment of `amount` does to the invoice it pays: only a SENT invoice takes payments;
 * more than what remains is refused (409 amount_exceeds_balance); the payment that leaves nothing
 * remaining settles it (-> PAID).
 */
export function paymentApplication(invoice: Pick<Invoice, 'id' | 'status' | 'subtotal' | 'amountPaid'>, amount: number): { amountPaid: number; settles: boolean } {
  invoiceLifecycle.assert('apply_payment', invoice.status, invoice.id);
  const remaining = amountRemaining(invoice);
  if (amount > remaining) throw errors.amountExceedsBalance(invoice.id, amount, remaining);
  return { amountPaid: invoice.amountPaid + amount, settles: amount === remaining };
}

/** A carrier payment's amount and currency: the sum of its orders' carrier_pay, all in one currency (409 reference_conflict otherwise). */
export function carrierPaymentTotal(orders: readonly { amount: number; currency: S['Currency'] }[]): { amount: number; currency: S['Currency'] } {
  const currency = orders[0]!.currency;
  if (orders.some((o) => o.currency !== currency)) throw errors.referenceConflict('order_ids', 'The orders of one carrier payment must share a currency.');
  return { amount: subtotalOf(orders), currency };
}
