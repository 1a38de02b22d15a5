// The customer's emails about its load: at dispatch, pickup and delivery, as its `notifications`
// ask (the delivery one by default), each with the load's tracking link, the delivered one with the
// signed bill of lading attached. Written through the mail outbox in the transaction of the move,
// so they are sent (and retried) by the mail worker, withdrawn if the load is cancelled before they
// go out, and kept, never sent, in test mode.
import { brokerOf } from '../account/account.service.js';
import { Carrier } from '../carriers/carriers.entities.js';
import { Customer } from '../customers/customers.entities.js';
import type { LoadNotice } from '../documents/documents.models.js';
import { queueMessage } from '../mail/outbox.js';
import type { Context } from '../shared/context.js';
import { publicLinkUrl } from '../shared/public-links.js';
import { billOfLadingDocument, loadOf } from './orders.documents.js';
import type { Order } from './orders.entities.js';

export type LoadMoment = 'dispatched' | 'picked_up' | 'delivered';

const KINDS: Record<LoadMoment, LoadNotice['kind']> = { dispatched: 'order_dispatched', picked_up: 'order_picked_up', delivered: 'order_delivered' };

/** Writes the customer's email about `order` at `moment` (the order as it is after the move), when its settings ask for one. */
export async function noticeCustomer(tx: Context, order: Order, moment: LoadMoment, now: Date): Promise<void> {
  const customer = await tx.em.findOneOrFail(Customer, { id: order.customerId, accountId: order.accountId });
  const settings = customer.notifications;
  const to = settings.email ?? customer.email;
  if (!settings.moments.includes(moment) || !to) return;
  const carrier = order.carrierId ? await tx.em.findOne(Carrier, { id: order.carrierId, accountId: order.accountId }) : null;
  const broker = await brokerOf(tx, order.accountId);
  await queueMessage(tx, {
    kind: KINDS[moment],
    channel: 'email',
    subjectId: order.id,
    to,
    toName: customer.name,
    replyTo: broker.email,
    document: {
      kind: KINDS[moment],
      broker,
      customer: { name: customer.name },
      load: loadOf(order),
      carrier_name: carrier ? (carrier.legalName ?? carrier.contactName) : null,
      tracking_url: publicLinkUrl('tracking', order.id, order.trackingLink),
      bill_of_lading: moment === 'delivered' ? await billOfLadingDocument(tx, order) : null,
    },
    accountId: order.accountId,
    now,
  });
}
