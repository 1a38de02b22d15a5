// The accounting rules, apart from the database work (the services in this folder and the ledger's
// reactions to what happened run them): which accounts each money movement debits and credits and by
// how much (API-DESIGN, "Ledger": revenue recognized at delivery, matched with its carrier cost), the
// trial balance, an invoice's totals, and what applying a payment does.
import type { components } from '../../generated/openapi.js';
import { errors } from '../shared/errors.js';
import type { Invoice } from './accounting.entities.js';
import type { Movement } from './accounting.types.js';
import { invoiceLifecycle } from './invoices.state.js';

type S = components['schemas'];
type LedgerAccount = S['LedgerAccount'];
type Direction = 'debit' | 'credit';

// ---- Ledger postings ----

/** The chart of accounts, in the order the trial balance lists them, with the side that increases each. */
export const LEDGER_ACCOUNTS: readonly { account: LedgerAccount; normal: Direction }[] = [
  { account: 'cash', normal: 'debit' },
  { account: 'accounts_receivable', normal: 'debit' },
  { account: 'unbilled_receivables', normal: 'debit' },
  { account: 'deferred_revenue', normal: 'credit' },
  { account: 'revenue', normal: 'credit' },
  { account: 'carrier_cost', normal: 'debit' },
  { account: 'carrier_payable', normal: 'credit' },
];

/** One line of a journal entry: an account debited or credited, and the load it is about (revenue, cost, unbilled and deferred amounts are per load). */
export interface PostingLine {
  ledgerAccount: LedgerAccount;
  direction: Direction;
  amount: number;
  orderId: string | null;
}

/** What a money movement posts: one journal entry of two or more lines whose debits equal its credits. */
export interface Posting {
  kind: Movement;
  sourceType: S['LedgerEntry']['source_type'];
  sourceId: string;
  description: string;
  lines: PostingLine[];
}

const debit = (ledgerAccount: LedgerAccount, amount: number, orderId: string | null = null): PostingLine => ({ ledgerAccount, direction: 'debit', amount, orderId });
const credit = (ledgerAccount: LedgerAccount, amount: number, orderId: string | null = null): PostingLine => ({ ledgerAccount, direction: 'credit', amount, orderId });
/** A revenue adjustment of `amount` cents (negative: revenue debited back). */
const revenueBy = (amount: number, orderId: string | null): PostingLine => (amount >= 0 ? credit('revenue', amount, orderId) : debit('revenue', -amount, orderId));

/**
 * Order delivered: the load's revenue is earned and its carrier has earned its pay, in one entry. The
 * revenue is its price, owed but not billed yet (Dr unbilled receivables); or, when a sent invoice
 * already billed the load (`billed`: what its line billed), that amount, taken out of deferred
 * revenue. The carrier pay is a cost owed to the carrier (Dr carrier cost, Cr carrier payable).
 * Nothing when neither amount is set.
 */
export function orderDeliveredPosting(order: { id: string; price?: number | null; carrierPay?: number | null }, billed: number | null): Posting | null {
  const revenue = billed ?? order.price ?? 0;
  const lines = [
    ...(revenue ? [debit(billed === null ? 'unbilled_receivables' : 'deferred_revenue', revenue, order.id), credit('revenue', revenue, order.id)] : []),
    ...(order.carrierPay ? [debit('carrier_cost', order.carrierPay, order.id), credit('carrier_payable', order.carrierPay, order.id)] : []),
  ];
  if (!lines.length) return null;
  return { kind: 'order_delivered', sourceType: 'order', sourceId: order.id, description: `Order ${order.id} delivered`, lines };
}

/**
 * A line of an invoice, with what the ledger holds for its load: `recognized` is the load's price when
 * it is delivered (what its delivery put in unbilled receivables, and what a void puts back there);
 * null when the load is not delivered (or the line bills no load).
 */
export interface BilledLine {
  amount: number;
  orderId: string | null;
  recognized: number | null;
}

/**
 * The lines that move each invoice line between where it is held before the invoice is sent and
 * after: a delivered load from unbilled receivables at its recognized price, with revenue adjusted by
 * what the line bills above (or below) it; anything else in deferred revenue until its load is
 * delivered. `sign` 1 posts the sending, -1 its reversal (a void).
 */
function billedLines(lines: readonly BilledLine[], sign: 1 | -1): PostingLine[] {
  return lines.flatMap((l) => {
    if (l.recognized === null) return [sign === 1 ? credit('deferred_revenue', l.amount, l.orderId) : debit('deferred_revenue', l.amount, l.orderId)];
    return [
      sign === 1 ? credit('unbilled_receivables', l.recognized, l.orderId) : debit('unbilled_receivables', l.recognized, l.orderId),
      revenueBy(sign * (l.amount - l.recognized), l.orderId),
    ];
  });
}

/** Invoice sent: the customer owes its subtotal (Dr accounts receivable), each line taken from where it was held. */
export const invoiceSentPosting = (invoice: { id: string; number: string }, lines: readonly BilledLine[]): Posting => ({
  kind: 'invoice_sent',
  sourceType: 'invoice',
  sourceId: invoice.id,
  description: `Invoice ${invoice.number} sent`,
  lines: [debit('accounts_receivable', subtotalOf(lines)), ...billedLines(lines, 1)],
});

/**
 * Invoice voided: what its sending posted, reversed for the loads as they are now. A line of a load
 * delivered since the invoice was sent goes back to unbilled receivables at the load's price (revenue
 * adjusted back), as if it had never been invoiced; any other line leaves deferred revenue.
 */
export const invoiceVoidedPosting = (invoice: { id: string; number: string }, lines: readonly BilledLine[]): Posting => ({
  kind: 'invoice_voided',
  sourceType: 'invoice',
  sourceId: invoice.id,
  description: `Invoice ${invoice.number} voided`,
  lines: [...billedLines(lines, -1), credit('accounts_receivable', subtotalOf(lines))],
});

/** Payment succeeded, of an invoice or on account (Dr cash, Cr receivable). */
export const paymentReceivedPosting = (payment: { id: string; amount: number }, invoice: { number: string } | null): Posting => ({
  kind: 'payment_received',
  sourceType: 'payment',
  sourceId: payment.id,
  description: invoice ? `Payment ${payment.id} received for invoice ${invoice.number}` : `Payment ${payment.id} received on account`,
  lines: [debit('cash', payment.amount), credit('accounts_receivable', payment.amount)],
});

/** Payment returned by the bank: the receivable is owed again and the cash is gone (Dr accounts receivable, Cr cash), the payment's entry reversed. */
export const paymentReturnedPosting = (payment: { id: string; amount: number }, invoice: { number: string } | null): Posting => ({
  kind: 'payment_returned',
  sourceType: 'payment',
  sourceId: payment.id,
  description: invoice ? `Payment ${payment.id} for invoice ${invoice.number} returned` : `Payment ${payment.id} on account returned`,
  lines: [debit('accounts_receivable', payment.amount), credit('cash', payment.amount)],
});

/** Carrier payment sent: the payable settled in cash (Dr carrier payable, Cr cash). */
export const carrierPaymentPosting = (payment: { id: string; amount: number }, carrierId: string): Posting => ({
  kind: 'carrier_payment_sent',
  sourceType: 'carrier_payment',
  sourceId: payment.id,
  description: `Carrier payment ${payment.id} sent to ${carrierId}`,
  lines: [debit('carrier_payable', payment.amount), credit('cash', payment.amount)],
});

/** Carrier payment voided (recorded by mistake): its posting reversed, the carrier owed the amount again (Dr cash, Cr carrier payable). */
export const carrierPaymentVoidedPosting = (payment: { id: string; amount: number }, carrierId: string): Posting => ({
  kind: 'carrier_payment_voided',
  sourceType: 'carrier_payment',
  sourceId: payment.id,
  description: `Carrier payment ${payment.id} to ${carrierId} voided`,
  lines: [debit('cash', payment.amount), credit('carrier_payable', payment.amount)],
});

/** What the ledger holds for one load in one account, on one side: a sum of its lines (the database's text, or a number). */
export interface LoadTotal {
  ledger_account: LedgerAccount;
  direction: Direction;
  total: string | number;
}

/**
 * Order reopened after a delivery recorded by mistake: what the load holds in the ledger (its
 * delivery's revenue and carrier cost, and what invoices sent and voided since moved of it), each
 * account's balance for the load posted back, so the load holds nothing, as before its delivery.
 * Nothing when it holds nothing.
 */
export function orderReopenedPosting(order: { id: string }, totals: readonly LoadTotal[]): Posting | null {
  const balances = new Map<LedgerAccount, number>();
  for (const t of totals) balances.set(t.ledger_account, (balances.get(t.ledger_account) ?? 0) + (t.direction === 'debit' ? 1 : -1) * Number(t.total));
  const lines = [...balances].flatMap(([account, balance]) => (balance > 0 ? [credit(account, balance, order.id)] : balance < 0 ? [debit(account, -balance, order.id)] : []));
  if (!lines.length) return null;
  return { kind: 'order_reopened', sourceType: 'order', sourceId: order.id, description: `Order ${order.id} reopened: its delivery reversed`, lines };
}

/**
 * The lines a posting's journal entry writes: its lines without the zero ones (none: nothing to post).
 * An amount that is not whole cents is a bug, refused; so is an entry whose debits and credits differ
 * (the database checks it again at commit).
 */
export function journalLines(posting: Pick<Posting, 'lines'>): PostingLine[] {
  let balance = 0;
  for (const { amount, direction } of posting.lines) {
    if (!Number.isSafeInteger(amount) || amount < 0) throw new Error(`journal entry amount ${amount} is not whole cents`);
    balance += direction === 'debit' ? amount : -amount;
  }
  if (balance !== 0) throw new Error(`journal entry does not balance: debits - credits = ${balance}`);
  return posting.lines.filter((l) => l.amount > 0);
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

/** Past due: SENT (so something remains) and its due date behind `today` (`YYYY-MM-DD`, UTC): from the day after it. */
export const isPastDue = (invoice: Pick<Invoice, 'status' | 'dueDate'>, today: string): boolean => invoice.status === 'SENT' && invoice.dueDate < today;

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

/**
 * What returning a payment of `amount` does to the invoice it paid: the amount is owed again, and a
 * PAID invoice is SENT again (-> reopens). Only a SENT or PAID invoice holds payments.
 */
export function paymentReturnToInvoice(invoice: Pick<Invoice, 'id' | 'status' | 'amountPaid'>, amount: number) {
  invoiceLifecycle.assert('return_payment', invoice.status, invoice.id);
  return { amountPaid: invoice.amountPaid - amount, reopen: invoiceLifecycle.allows('reopen', invoice.status) ? invoiceLifecycle.table.reopen : null };
}

/** A carrier payment's amount and currency: the sum of its orders' carrier_pay, all in one currency (409 reference_conflict otherwise). */
export function carrierPaymentTotal(orders: readonly { amount: number; currency: S['Currency'] }[]): { amount: number; currency: S['Currency'] } {
  const currency = orders[0]!.currency;
  if (orders.some((o) => o.currency !== currency)) throw errors.referenceConflict('order_ids', 'The orders of one carrier payment must share a currency.');
  return { amount: subtotalOf(orders), currency };
}
