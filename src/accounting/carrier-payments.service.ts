// Payments to carriers: for delivered orders of one carrier, each paid at most once (its row in
// carrier_payment_orders is keyed by the order), the amount their carrier_pay. Posts payable against
// cash, fires carrier_payment.sent and is audited, in one transaction. Also the carrier-cost posting
// of a delivered order, which the order's deliver transition calls.
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { components, operations } from '../../generated/openapi.js';
import { recordAudit } from '../audit/audit.service.js';
import { findCarrier } from '../carriers/carriers.service.js';
import { findOrder } from '../orders/orders.service.js';
import { unixSeconds } from '../shared/clock.js';
import { inTransaction, type RequestContext } from '../shared/context.js';
import { errors } from '../shared/errors.js';
import { ownedFinder } from '../shared/find.js';
import { newId } from '../shared/ids.js';
import { createdRange, listPage, type Page } from '../shared/pagination.js';
import { emitEvent } from '../webhooks/emitter.js';
import { CarrierPayment, CarrierPaymentOrder } from './accounting.entities.js';
import { carrierPaymentPosting, carrierPaymentTotal } from './accounting.rules.js';
import { postJournalEntry } from './ledger.service.js';

type S = components['schemas'];
type ListQuery = NonNullable<operations['listCarrierPayments']['parameters']['query']>;

export function renderCarrierPayment(c: CarrierPayment): S['CarrierPayment'] {
  return {
    id: c.id,
    object: 'carrier_payment',
    carrier_id: c.carrierId,
    order_ids: c.orderIds,
    amount: c.amount,
    currency: c.currency,
    payment_method: c.paymentMethod,
    reference: c.reference ?? null,
    status: c.status,
    sent_at: unixSeconds(c.sentAt),
    created: unixSeconds(c.createdAt),
  };
}

export const findCarrierPayment = ownedFinder(CarrierPayment, 'carrier payment', 'carrier_payment_id');

export function listCarrierPayments(ctx: RequestContext, query: ListQuery): Promise<Page<CarrierPayment>> {
  const where = { ...(query.carrier_id ? { carrierId: query.carrier_id } : {}), ...createdRange(query.created) };
  return listPage(ctx.em, CarrierPayment, ctx.principal.accountId, where, query);
}

export async function createCarrierPayment(ctx: RequestContext, input: S['CarrierPaymentCreate']): Promise<CarrierPayment> {
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
        createdAt: now,
      });
      tx.em.persist(payment);
      await tx.em.flush(); // the payment row before the rows that reference it
      for (const p of paid) tx.em.persist(tx.em.create(CarrierPaymentOrder, { orderId: p.orderId, accountId: payment.accountId, carrierPaymentId: id, amount: p.amount }));
      postJournalEntry(tx, { ...carrierPaymentPosting(payment, carrier.id), accountId: payment.accountId, currency, now });
      await emitEvent(tx, 'carrier_payment.sent', renderCarrierPayment(payment), { now });
      await recordAudit(tx, 'carrier_payment.sent', payment.id, { now });
      await tx.em.flush();
      return payment;
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
