// Payments to carriers: for delivered orders of one carrier, each paid at most once (its row in
// carrier_payment_orders is keyed by the order), the amount their carrier_pay. Fires
// carrier_payment.sent (on which the ledger posts payable against cash) and is audited, in one
// transaction.
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { components, operations } from '../../generated/openapi.js';
import { recordAudit } from '../audit/audit.service.js';
import { findCarrier } from '../carriers/carriers.service.js';
import { findOrder } from '../orders/orders.service.js';
import { unixOrNull, unixSeconds } from '../shared/clock.js';
import { inTransaction, type RequestContext } from '../shared/context.js';
import { errors } from '../shared/errors.js';
import { ownedFinder } from '../shared/find.js';
import { newId } from '../shared/ids.js';
import { createdRange, listPage, type Page } from '../shared/pagination.js';
import { emitEvent } from '../webhooks/emitter.js';
import { latestMessages, queueMessage, renderDelivery, withdrawMessages, type MessageHead } from '../mail/outbox.js';
import { remittanceDocument } from './accounting.documents.js';
import { CarrierPayment, CarrierPaymentOrder } from './accounting.entities.js';
import { carrierPaymentTotal } from './accounting.rules.js';
import { livemodeOf } from '../shared/livemode.js';

type S = components['schemas'];
type ListQuery = NonNullable<operations['listCarrierPayments']['parameters']['query']>;

/** A carrier payment with the message that emailed its remittance advice: what the API renders. */
export interface CarrierPaymentWithRemittance {
  payment: CarrierPayment;
  remittance: MessageHead | null;
}

export function renderCarrierPayment({ payment: c, remittance }: CarrierPaymentWithRemittance): S['CarrierPayment'] {
  return {
    id: c.id,
    object: 'carrier_payment',
    livemode: livemodeOf(c.accountId),
    carrier_id: c.carrierId,
    order_ids: c.orderIds,
    amount: c.amount,
    currency: c.currency,
    payment_method: c.paymentMethod,
    reference: c.reference ?? null,
    status: c.status,
    sent_at: unixSeconds(c.sentAt),
    voided_at: unixOrNull(c.voidedAt),
    void_reason: c.voidReason ?? null,
    remittance_pdf: `/v1/carrier_payments/${c.id}.pdf`,
    remittance: renderDelivery(remittance),
    metadata: c.metadata,
    created: unixSeconds(c.createdAt),
  };
}

export const findCarrierPayment = ownedFinder(CarrierPayment, 'carrier payment', 'carrier_payment_id');

/** The payments with their remittance messages (one query for the page). */
async function withRemittances(ctx: RequestContext, payments: CarrierPayment[]): Promise<CarrierPaymentWithRemittance[]> {
  const messages = await latestMessages(ctx.em, ctx.principal.accountId, payments.map((p) => p.id), 'remittance');
  return payments.map((payment) => ({ payment, remittance: messages.get(payment.id) ?? null }));
}

export async function getCarrierPayment(ctx: RequestContext, id: string): Promise<CarrierPaymentWithRemittance> {
  return (await withRemittances(ctx, [await findCarrierPayment(ctx, id)]))[0]!;
}

/** The remittance advice as a document model, as the payment stands (rendered to PDF by the handler). */
export async function getRemittanceDocument(ctx: RequestContext, id: string) {
  return remittanceDocument(ctx, await findCarrierPayment(ctx, id));
}

export async function listCarrierPayments(ctx: RequestContext, query: ListQuery): Promise<Page<CarrierPaymentWithRemittance>> {
  const where = { ...(query.carrier_id ? { carrierId: query.carrier_id } : {}), ...createdRange(query.created) };
  const page = await listPage(ctx.em, CarrierPayment, ctx.principal.accountId, where, query);
  return { ...page, data: await withRemittances(ctx, page.data) };
}

export async function createCarrierPayment(ctx: RequestContext, input: S['CarrierPaymentCreate']): Promise<CarrierPaymentWithRemittance> {
  try {
    return await inTransaction(ctx, async (tx) => {
      const carrier = await findCarrier(tx, input.carrier_id, { param: 'carrier_id' });
      const now = ctx.clock.now();
      const id = newId('carrierPayment', now.getTime());
      // Locked in id order: two payments naming the same orders queue, and the second sees the first's rows.
      const indexed = input.order_ids.map((orderId, i) => ({ orderId, i })).sort((a, b) => (a.orderId < b.orderId ? -1 : 1));
      const paid: { orderId: string; amount: number; currency: S['Currency'] }[] = [];
      for (const { orderId, i } of indexed) {
        const param = `order_ids[${i}]`;
        const order = await findOrder(tx, orderId, { param, forUpdate: true });
        if (order.carrierId !== carrier.id) throw errors.referenceConflict(param, `Order ${orderId} is not carried by ${carrier.id}.`);
        if (order.status !== 'delivered') {
          throw errors.invalidStateTransition(`Order ${orderId} is ${order.status}; a carrier is paid only for delivered orders.`);
        }
        if (!order.carrierPay) throw errors.referenceConflict(param, `Order ${orderId} has no carrier_pay to pay.`);
        const already = await tx.em.findOne(CarrierPaymentOrder, { orderId });
        if (already) throw errors.orderAlreadyPaid(orderId, already.carrierPaymentId, param);
        paid.push({ orderId, amount: order.carrierPay, currency: order.currency });
      }
      const { amount, currency } = carrierPaymentTotal(paid);
      const payment = tx.em.create(CarrierPayment, {
        id,
        accountId: ctx.principal.accountId,
        carrierId: carrier.id,
        orderIds: input.order_ids,
        amount,
        currency,
        paymentMethod: input.payment_method,
        reference: input.reference ?? null,
        status: 'sent',
        sentAt: now,
        voidedAt: null,
        voidReason: null,
        metadata: input.metadata ?? {},
        createdAt: now,
      });
      tx.em.persist(payment);
      await tx.em.flush(); // the payment row before the rows that reference it
      for (const p of paid) tx.em.persist(tx.em.create(CarrierPaymentOrder, { orderId: p.orderId, accountId: payment.accountId, carrierPaymentId: id, amount: p.amount }));
      // The carrier gets the remittance advice by email, written with the payment.
      const remittance = await queueMessage(tx, {
        kind: 'remittance',
        channel: 'email',
        subjectId: payment.id,
        to: carrier.contactEmail,
        toName: carrier.legalName ?? carrier.contactName,
        replyTo: null,
        document: await remittanceDocument(tx, payment),
        now,
      });
      const done = { payment, remittance };
      // The ledger posts it (payable against cash) as it records carrier_payment.sent.
      await emitEvent(tx, 'carrier_payment.sent', renderCarrierPayment(done), { now });
      await recordAudit(tx, 'carrier_payment.sent', payment.id, { now });
      await tx.em.flush();
      return done;
    });
  } catch (err) {
    // Another transaction paid one of the orders between our check and our insert.
    if (err instanceof UniqueConstraintViolationException && /carrier_payment_orders/.test(err.message)) {
      const orderId = /\(order_id\)=\(([^)]+)\)/.exec(err.message)?.[1] ?? 'in order_ids';
      throw errors.orderAlreadyPaid(orderId, null, 'order_ids');
    }
    throw err;
  }
}

/**
 * A carrier payment recorded by mistake, voided: it keeps its row and its entry in the ledger, and
 * gets `voided_at` and `void_reason`; its orders are free to be paid again (their rows in
 * carrier_payment_orders go); the remittance email not sent yet is withdrawn; carrier_payment.voided
 * (on which the ledger posts the reversal: cash against carrier payable) and the audit entry are
 * written in the same transaction. The payment is locked first: a second void waits and is refused.
 */
export async function voidCarrierPayment(ctx: RequestContext, id: string, input: S['CarrierPaymentVoid']): Promise<CarrierPaymentWithRemittance> {
  return inTransaction(ctx, async (tx) => {
    const payment = await findCarrierPayment(tx, id, { forUpdate: true });
    if (payment.voidedAt) throw errors.invalidStateTransition(`The carrier payment ${payment.id} is already voided.`);
    const now = ctx.clock.now();
    payment.status = 'voided';
    payment.voidedAt = now;
    payment.voidReason = input.reason;
    await tx.em.nativeDelete(CarrierPaymentOrder, { carrierPaymentId: payment.id, accountId: payment.accountId });
    await withdrawMessages(tx, payment.accountId, payment.id, now, ['remittance']);
    await tx.em.flush();
    const [done] = await withRemittances(tx, [payment]);
    // The ledger posts the reversal (cash against payable) as it records carrier_payment.voided.
    await emitEvent(tx, 'carrier_payment.voided', renderCarrierPayment(done!), { now });
    await recordAudit(tx, 'carrier_payment.voided', payment.id, { now });
    await tx.em.flush();
    return done!;
  });
}
