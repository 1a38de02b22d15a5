// The money side as tables: invoices and their lines, customer payments, carrier payments (with the
// orders each paid) and the lines of the general ledger. Amounts are integer cents (bigint columns).
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { components } from '../../generated/openapi.js';
import type { Movement } from './accounting.types.js';

type S = components['schemas'];

export const Invoice = defineEntity({
  name: 'Invoice',
  tableName: 'invoices',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    customerId: p.string(),
    /** `INV-000001`: from the account's counter row, in the creating transaction (no gaps). */
    number: p.string(),
    status: p.string().$type<S['InvoiceStatus']>(),
    currency: p.string().$type<S['Currency']>(),
    subtotal: p.bigint('number'),
    amountPaid: p.bigint('number'),
    dueDate: p.string(),
    sentVia: p.string().$type<S['InvoiceSentVia']>().nullable(),
    sentTo: p.json<string | S['PostalAddress']>().nullable(),
    sentAt: p.datetime().nullable(),
    /** The hosted page's token, sealed (src/shared/public-links.ts); null until sent. */
    hostedLink: p.string().nullable(),
    paidAt: p.datetime().nullable(),
    voidedAt: p.datetime().nullable(),
    /** When `invoice.overdue` fired (once, the day after the due date passed unpaid). */
    overdueAt: p.datetime().nullable(),
    metadata: p.json<Record<string, string>>(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type Invoice = InferEntity<typeof Invoice>;

/** One line of an invoice. `billing` turns false when the invoice is voided, freeing its order to be billed again. */
export const InvoiceLine = defineEntity({
  name: 'InvoiceLine',
  tableName: 'invoice_lines',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    invoiceId: p.string(),
    position: p.integer(),
    description: p.string(),
    quantity: p.integer(),
    unitAmount: p.bigint('number'),
    amount: p.bigint('number'),
    orderId: p.string().nullable(),
    billing: p.boolean(),
  },
});
export type InvoiceLine = InferEntity<typeof InvoiceLine>;

export const Payment = defineEntity({
  name: 'Payment',
  tableName: 'payments',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    customerId: p.string(),
    invoiceId: p.string().nullable(),
    amount: p.bigint('number'),
    currency: p.string().$type<S['Currency']>(),
    paymentMethod: p.string().$type<S['PaymentMethod']>(),
    reference: p.string().nullable(),
    status: p.string().$type<S['PaymentStatus']>(),
    failureReason: p.string().nullable(),
    returnedAt: p.datetime().nullable(),
    returnReason: p.string().nullable(),
    metadata: p.json<Record<string, string>>(),
    createdAt: p.datetime(),
  },
});
export type Payment = InferEntity<typeof Payment>;

export const CarrierPayment = defineEntity({
  name: 'CarrierPayment',
  tableName: 'carrier_payments',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    carrierId: p.string(),
    orderIds: p.json<string[]>(),
    amount: p.bigint('number'),
    currency: p.string().$type<S['Currency']>(),
    paymentMethod: p.string().$type<S['PaymentMethod']>(),
    reference: p.string().nullable(),
    status: p.string().$type<S['CarrierPaymentStatus']>(),
    sentAt: p.datetime(),
    /** When it was voided as recorded by mistake, and why (both null while it stands). */
    voidedAt: p.datetime().nullable(),
    voidReason: p.string().nullable(),
    metadata: p.json<Record<string, string>>(),
    createdAt: p.datetime(),
  },
});
export type CarrierPayment = InferEntity<typeof CarrierPayment>;

/** An order paid to its carrier; the primary key on the order makes "paid at most once" the database's rule. */
export const CarrierPaymentOrder = defineEntity({
  name: 'CarrierPaymentOrder',
  tableName: 'carrier_payment_orders',
  properties: {
    orderId: p.string().primary(),
    accountId: p.string(),
    carrierPaymentId: p.string(),
    amount: p.bigint('number'),
  },
});
export type CarrierPaymentOrder = InferEntity<typeof CarrierPaymentOrder>;

/** One line of a journal entry; the lines of an entry share `journalEntryId` and balance (a database trigger checks it at commit). */
export const LedgerEntry = defineEntity({
  name: 'LedgerEntry',
  tableName: 'ledger_entries',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    journalEntryId: p.string(),
    ledgerAccount: p.string().$type<S['LedgerAccount']>(),
    direction: p.string().$type<'debit' | 'credit'>(),
    amount: p.bigint('number'),
    currency: p.string().$type<S['Currency']>(),
    sourceType: p.string().$type<S['LedgerEntry']['source_type']>(),
    sourceId: p.string(),
    /** The load the line is about (null for cash, receivables and payables, and lines posted before loads were named). */
    orderId: p.string().nullable(),
    /** The movement that posted it (null for lines posted before it was recorded). */
    kind: p.string().$type<Movement>().nullable(),
    description: p.string(),
    createdAt: p.datetime(),
  },
});
export type LedgerEntry = InferEntity<typeof LedgerEntry>;
