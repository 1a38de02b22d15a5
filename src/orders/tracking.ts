// An order's tracking page as its customer sees it, from the token of its link alone: the vehicles
// (the VIN's last 6 characters), the stops' cities and dates, the status in the customer's words,
// the carrier's name and, once delivered, the signed bill of lading. Nothing meant for the brokerage
// only: no carrier pay, no notes, no street addresses or contacts, the price only when the account
// shows it. A link that is unknown, rotated or past its 30 days opens nothing (null), whichever it is.
import { Account } from '../auth/auth.entities.js';
import { Carrier } from '../carriers/carriers.entities.js';
import type { BillOfLadingDocument } from '../documents/documents.models.js';
import { money } from '../documents/format.js';
import { unixSeconds } from '../shared/clock.js';
import type { Context } from '../shared/context.js';
import { findPublicLink, linkOpens, publicLinkUrl } from '../shared/public-links.js';
import { billOfLadingDocument } from './orders.documents.js';
import { Order } from './orders.entities.js';

export interface TrackingStep {
  label: string;
  /** Unix seconds. */
  at: number;
}

export interface TrackingView {
  broker: { name: string; phone: string | null; email: string | null };
  number: string;
  reference: string | null;
  /** The status in the customer's words. */
  status: string;
  delivered: boolean;
  cancelled: boolean;
  vehicles: { year: number; make: string; model: string; vinLast6: string }[];
  pickup: { city: string; state: string; when: string };
  delivery: { city: string; state: string; when: string };
  timeline: TrackingStep[];
  carrier: string | null;
  price: string | null;
}

const STATUS_WORDS: Record<Order['status'], string> = {
  pending: 'Booked',
  dispatched: 'Carrier assigned',
  in_transit: 'Picked up, on the way',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** Exceptions a customer is told of, in their words (a billing dispute is the brokerage's own business). */
const EXCEPTION_WORDS: Partial<Record<string, string>> = { delay: 'Delay reported', damage: 'Damage reported' };

/** The order a tracking token opens now, or null. */
export async function trackedOrder(ctx: Context, token: string): Promise<Order | null> {
  const link = await findPublicLink(ctx.em, 'tracking', token);
  if (!link) return null;
  // The link's own account as well as its order: a link never reaches outside the account that made it.
  const order = await ctx.em.findOne(Order, { id: link.objectId, accountId: link.accountId });
  if (!order || !linkOpens(order.deliveredAt ?? order.cancelledAt, ctx.clock.now())) return null;
  return order;
}

const day = (d: Date): string => d.toISOString().slice(0, 10);
const addDays = (date: string, days: number): string => day(new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000));

export async function trackingView(ctx: Context, order: Order): Promise<TrackingView> {
  const account = await ctx.em.findOneOrFail(Account, { id: order.accountId });
  const carrier = order.carrierId ? await ctx.em.findOne(Carrier, { id: order.carrierId, accountId: order.accountId }) : null;
  const timeline: TrackingStep[] = [
    { label: 'Booked', at: unixSeconds(order.createdAt) },
    ...(order.dispatchedAt ? [{ label: 'Carrier assigned', at: unixSeconds(order.dispatchedAt) }] : []),
    ...(order.pickedUpAt ? [{ label: 'Picked up', at: unixSeconds(order.pickedUpAt) }] : []),
    ...(order.deliveredAt ? [{ label: 'Delivered', at: unixSeconds(order.deliveredAt) }] : []),
    ...(order.cancelledAt ? [{ label: 'Cancelled', at: unixSeconds(order.cancelledAt) }] : []),
    ...order.exceptions.flatMap((e) => (EXCEPTION_WORDS[e.kind] ? [{ label: EXCEPTION_WORDS[e.kind]!, at: e.created }] : [])),
  ].sort((a, b) => a.at - b.at);
  const deliverBy = addDays(order.readyDate, order.deliveryWindowDays);
  return {
    broker: { name: account.legalName ?? account.name, phone: account.phone ?? null, email: account.email ?? null },
    number: order.number,
    reference: order.reference ?? null,
    status: STATUS_WORDS[order.status],
    delivered: order.status === 'delivered',
    cancelled: order.status === 'cancelled',
    vehicles: order.vehicles.map((v) => ({ year: v.year, make: v.make, model: v.model, vinLast6: v.vin.slice(-6) })),
    pickup: {
      city: order.pickup.city,
      state: order.pickup.state,
      when: order.pickedUpAt ? `Picked up ${day(order.pickedUpAt)}` : `Ready from ${order.readyDate}`,
    },
    delivery: {
      city: order.delivery.city,
      state: order.delivery.state,
      when: order.deliveredAt ? `Delivered ${day(order.deliveredAt)}` : `Expected by ${deliverBy}`,
    },
    timeline,
    carrier: carrier ? (carrier.legalName ?? carrier.contactName) : null,
    price: account.trackingShowsPrice && order.price !== null && order.price !== undefined ? money(order.price, order.currency) : null,
  };
}

/** The signed bill of lading of a delivered order; null before delivery. */
export async function trackedBillOfLading(ctx: Context, order: Order): Promise<BillOfLadingDocument | null> {
  return order.status === 'delivered' ? billOfLadingDocument(ctx, order) : null;
}

/** The tracking page's address of each order that has one (the hosted invoice lists its loads'). */
export const trackingUrlOf = (order: Pick<Order, 'id' | 'trackingLink' | 'deliveredAt' | 'cancelledAt'>, now: Date): string | null =>
  linkOpens(order.deliveredAt ?? order.cancelledAt, now) ? publicLinkUrl('tracking', order.id, order.trackingLink) : null;
