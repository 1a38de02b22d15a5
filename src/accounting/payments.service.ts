// Customer payments: a succeeded payment posts cash against receivable and, applied to a SENT invoice,
// lowers what remains; the one that brings it to 0 settles the invoice (invoice.paid), all in one
// transaction. A failed payment is recorded and announced, and changes no balance. A succeeded payment
// the bank takes back is returned: owed again, its cash reversed, audited. What a payment posts and
// does to its invoice is accounting.rules.ts.
import type { components, operations } from '../../generated/openapi.js';
import type { EventPayloads } from '../../generated/events.js';
import { findCustomer } from '../customers/customers.service.js';
import { unixSeconds } from '../shared/clock.js';
import { inTransaction, type RequestContext } from '../shared/context.js';
import { errors } from '../shared/errors.js';
import { ownedFinder } from '../shared/find.js';
import { newId } from '../shared/ids.js';
import { createdRange, listPage, type Page } from '../shared/pagination.js';
import { emitEvent, emitUpdated } from '../webhooks/emitter.js';
import { Invoice, Payment } from './accounting.entities.js';
import { findInvoice, invoiceWithLines, renderInvoice } from './invoices.service.js';
import { isFailedPayment, paymentApplication, paymentReturnToInvoice } from './accounting.rules.js';
import { invoiceLifecycle } from './invoices.state.js';
import { livemodeOf } from '../shared/livemode.js';
import { renderForVersion, SUPPORTED_VERSIONS } from '../shared/versions.js';
import { schemaEnum } from '../shared/spec.js';
import { recordAudit, type AuditAction } from '../audit/audit.service.js';
import { paymentLifecycle } from './payments.state.js';

type S = components['schemas'];
type ListQuery = NonNullable<operations['listPayments']['parameters']['query']>;

export function renderPayment(p: Payment): S['Payment'] {
  return {
    id: p.id,
    object: 'payment',
    livemode: livemodeOf(p.accountId),
    customer_id: p.customerId,
    invoice_id: p.invoiceId ?? null,
    amount: p.amount,
    currency: p.currency,
    payment_method: p.paymentMethod,
    reference: p.reference ?? null,
    status: p.status,
    failure_reason: p.failureReason ?? null,
    returned_at: p.returnedAt ? unixSeconds(p.returnedAt) : null,
    return_reason: p.returnReason ?? null,
    metadata: p.metadata,
    created: unixSeconds(p.createdAt),
    // A payment changes once at most: when the bank takes it back.
    updated: unixSeconds(p.returnedAt ?? p.createdAt),
  };
}

/** The data of invoice.paid: exactly the specification's fields. */
export const invoicePaidData = (invoice: Invoice, payment: Payment): EventPayloads['invoice.paid'] => ({
  id: invoice.id,
  amount: invoice.amountPaid,
  currency: invoice.currency,
  customer_id: invoice.customerId,
  paid_at: unixSeconds(invoice.paidAt!),
  payment_method: payment.paymentMethod,
});

export const findPayment = ownedFinder(Payment, 'payment', 'payment_id');

/**
 * For each version, the stored statuses it shows as each status, read from the version's own
 * rendering (versions.ts): a version that shows a returned payment as failed finds it as failed too.
 */
const SHOWN_AS = new Map(
  SUPPORTED_VERSIONS.map((version) => {
    const shown = new Map<string, S['PaymentStatus'][]>();
    for (const stored of schemaEnum<S['PaymentStatus']>('PaymentStatus')) {
      const status = renderForVersion({ object: 'payment', status: stored }, version).status;
      shown.set(status, [...(shown.get(status) ?? []), stored]);
    }
    return [version, shown];
  }),
);

export function listPayments(ctx: RequestContext, query: ListQuery): Promise<Page<Payment>> {
  const where = {
    ...(query.customer_id ? { customerId: query.customer_id } : {}),
    ...(query.invoice_id ? { invoiceId: query.invoice_id } : {}),
    ...(query.status ? { status: { $in: SHOWN_AS.get(ctx.principal.apiVersion)?.get(query.status) ?? [query.status] } } : {}),
    ...createdRange(query.created),
  };
  return listPage(ctx.em, Payment, ctx.principal.accountId, where, query);
}

export function createPayment(ctx: RequestContext, input: S['PaymentCreate']): Promise<Payment> {
  // A failure reason makes the payment a failed attempt.
  const failed = isFailedPayment(input);
  return inTransaction(ctx, async (tx) => {
    const customer = await findCustomer(tx, input.customer_id, { param: 'customer_id' });
    // Locked: concurrent payments of one invoice apply one after another, each seeing what remains.
    const invoice = input.invoice_id ? await findInvoice(tx, input.invoice_id, { param: 'invoice_id', forUpdate: true }) : null;
    if (invoice) {
      if (invoice.customerId !== customer.id) throw errors.referenceConflict('invoice_id', `Invoice ${invoice.id} is billed to another customer than ${customer.id}.`);
      if (invoice.currency !== input.currency) {
        throw errors.referenceConflict('currency', `Invoice ${invoice.id} is in ${invoice.currency}; a payment of it must be in ${invoice.currency}, not ${input.currency}.`);
      }
    }
    // Checked before anything is written: a refused payment records nothing.
    const application = invoice && !failed ? paymentApplication(invoice, input.amount) : null;
    const now = ctx.clock.now();
    const payment = tx.em.create(Payment, {
      id: newId('payment', now.getTime()),
      accountId: ctx.principal.accountId,
      customerId: customer.id,
      invoiceId: invoice?.id ?? null,
      amount: input.amount,
      currency: input.currency,
      paymentMethod: input.payment_method,
      reference: input.reference ?? null,
      status: failed ? 'failed' : 'succeeded',
      failureReason: failed ? input.failure_reason! : null,
      returnedAt: null,
      returnReason: null,
      metadata: input.metadata ?? {},
      createdAt: now,
    });
    tx.em.persist(payment);
    if (failed) {
      await emitEvent(tx, 'payment.failed', renderPayment(payment), { now });
    } else {
      // The ledger posts it (cash against receivable) as it records payment.received.
      await emitEvent(tx, 'payment.received', renderPayment(payment), { now });
      if (invoice && application) {
        // Paid in part: no lifecycle event says it, invoice.updated does (amount_paid, amount_remaining).
        const before = application.settles ? undefined : structuredClone(renderInvoice(await invoiceWithLines(tx, invoice), now));
        invoice.amountPaid = application.amountPaid;
        invoice.updatedAt = now;
        if (application.settles) {
          const transition = invoiceLifecycle.assert('settle', invoice.status, invoice.id);
          invoice.status = transition.to;
          invoice.paidAt = now;
          await emitEvent(tx, transition.event, invoicePaidData(invoice, payment), { now });
        } else {
          await emitUpdated(tx, 'invoice.updated', before!, renderInvoice(await invoiceWithLines(tx, invoice), now), { now });
        }
      }
    }
    await tx.em.flush();
    return payment;
  });
}

/**
 * succeeded -> returned: the bank took the payment back. The invoice it paid owes the amount again
 * (a PAID one is SENT again: invoice.reopened, after payment.returned), the ledger reverses its cash as it records payment.returned, and the
 * action is audited, in one transaction. The payment is locked first, then its invoice: two returns
 * of one payment apply one after the other, and the second is refused.
 */
export function returnPayment(ctx: RequestContext, id: string, input: S['PaymentReturn']): Promise<Payment> {
  return inTransaction(ctx, async (tx) => {
    const payment = await findPayment(tx, id, { forUpdate: true });
    const transition = paymentLifecycle.assert('return', payment.status, payment.id);
    const invoice = payment.invoiceId ? await findInvoice(tx, payment.invoiceId, { param: 'payment_id', forUpdate: true }) : null;
    const application = invoice ? paymentReturnToInvoice(invoice, payment.amount) : null;
    const now = ctx.clock.now();
    payment.status = transition.to;
    payment.returnedAt = now;
    payment.returnReason = input.reason;
    // The ledger posts the reversal (receivable against cash) as it records payment.returned.
    await emitEvent(tx, transition.event, renderPayment(payment), { now });
    if (invoice && application) {
      // Owed again in part, still SENT: no lifecycle event says it, invoice.updated does.
      const before = application.reopen ? undefined : structuredClone(renderInvoice(await invoiceWithLines(tx, invoice), now));
      invoice.amountPaid = application.amountPaid;
      invoice.updatedAt = now;
      if (application.reopen) {
        invoice.status = application.reopen.to;
        invoice.paidAt = null;
        await emitEvent(tx, application.reopen.event, renderInvoice(await invoiceWithLines(tx, invoice), now), { now });
      } else {
        await emitUpdated(tx, 'invoice.updated', before!, renderInvoice(await invoiceWithLines(tx, invoice), now), { now });
      }
    }
    await recordAudit(tx, transition.audit as AuditAction, payment.id, { now });
    await tx.em.flush();
    return payment;
  });
}
