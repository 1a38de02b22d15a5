// Accounting operations (invoices, payments, carrier payments, the ledger): parse, call the service, render.
import { pdfReply } from '../documents/documents.reply.js';
import type { Handlers } from '../shared/handlers.js';
import { renderPage } from '../shared/pagination.js';
import * as carrierPayments from './carrier-payments.service.js';
import * as invoices from './invoices.service.js';
import * as ledger from './ledger.service.js';
import * as payments from './payments.service.js';

export const handlers: Handlers<
  | 'createInvoice'
  | 'listInvoices'
  | 'getInvoice'
  | 'updateInvoice'
  | 'sendInvoice'
  | 'voidInvoice'
  | 'createPayment'
  | 'listPayments'
  | 'getPayment'
  | 'returnPayment'
  | 'createCarrierPayment'
  | 'listCarrierPayments'
  | 'getCarrierPayment'
  | 'voidCarrierPayment'
  | 'getInvoicePdf'
  | 'getCarrierPaymentPdf'
  | 'listLedgerEntries'
  | 'getLedgerBalances'
> = {
  async createInvoice({ body }, ctx) {
    const doc = await invoices.createInvoice(ctx, body);
    return { status: 201, body: invoices.renderInvoice(doc, ctx.clock.now()), headers: { Location: `/v1/invoices/${doc.invoice.id}` } };
  },
  async listInvoices({ query }, ctx) {
    return { status: 200, body: renderPage(await invoices.listInvoices(ctx, query), (doc) => invoices.renderInvoice(doc, ctx.clock.now())) };
  },
  async getInvoice({ params }, ctx) {
    return { status: 200, body: invoices.renderInvoice(await invoices.getInvoice(ctx, params.invoice_id), ctx.clock.now()) };
  },
  async updateInvoice({ params, body }, ctx) {
    return { status: 200, body: invoices.renderInvoice(await invoices.updateInvoice(ctx, params.invoice_id, body), ctx.clock.now()) };
  },
  async sendInvoice({ params, body }, ctx) {
    return { status: 200, body: invoices.renderInvoice(await invoices.sendInvoice(ctx, params.invoice_id, body ?? {}), ctx.clock.now()) };
  },
  async voidInvoice({ params }, ctx) {
    return { status: 200, body: invoices.renderInvoice(await invoices.voidInvoice(ctx, params.invoice_id), ctx.clock.now()) };
  },
  async createPayment({ body }, ctx) {
    const payment = await payments.createPayment(ctx, body);
    return { status: 201, body: payments.renderPayment(payment), headers: { Location: `/v1/payments/${payment.id}` } };
  },
  async listPayments({ query }, ctx) {
    return { status: 200, body: renderPage(await payments.listPayments(ctx, query), payments.renderPayment) };
  },
  async getPayment({ params }, ctx) {
    return { status: 200, body: payments.renderPayment(await payments.findPayment(ctx, params.payment_id)) };
  },
  async returnPayment({ params, body }, ctx) {
    return { status: 200, body: payments.renderPayment(await payments.returnPayment(ctx, params.payment_id, body)) };
  },
  async createCarrierPayment({ body }, ctx) {
    const payment = await carrierPayments.createCarrierPayment(ctx, body);
    return { status: 201, body: carrierPayments.renderCarrierPayment(payment), headers: { Location: `/v1/carrier_payments/${payment.payment.id}` } };
  },
  async listCarrierPayments({ query }, ctx) {
    return { status: 200, body: renderPage(await carrierPayments.listCarrierPayments(ctx, query), carrierPayments.renderCarrierPayment) };
  },
  async voidCarrierPayment({ params, body }, ctx) {
    return { status: 200, body: carrierPayments.renderCarrierPayment(await carrierPayments.voidCarrierPayment(ctx, params.carrier_payment_id, body)) };
  },
  async getCarrierPayment({ params }, ctx) {
    return { status: 200, body: carrierPayments.renderCarrierPayment(await carrierPayments.getCarrierPayment(ctx, params.carrier_payment_id)) };
  },
  async listLedgerEntries({ query }, ctx) {
    return { status: 200, body: renderPage(await ledger.listLedgerEntries(ctx, query), ledger.renderLedgerEntry) };
  },
  async getLedgerBalances({ query }, ctx) {
    return { status: 200, body: await ledger.ledgerBalances(ctx, query) };
  },
  async getInvoicePdf({ params }, ctx) {
    return pdfReply(await invoices.getInvoiceDocument(ctx, params.invoice_id));
  },
  async getCarrierPaymentPdf({ params }, ctx) {
    return pdfReply(await carrierPayments.getRemittanceDocument(ctx, params.carrier_payment_id));
  },
};
