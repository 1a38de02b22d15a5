// The order lifecycle as a table: which statuses each action is allowed from, where it leads and the
// event it fires (the effect of each action lives beside it in orders.service.ts).
import type { components } from '../../generated/openapi.js';
import type { EventType } from '../../generated/events.js';
import { stateMachine, type Transition } from '../shared/state-machine.js';

export type OrderStatus = components['schemas']['OrderStatus'];

export const orderLifecycle = stateMachine('order', {
  update: { from: ['pending'], verb: 'updated' },
  dispatch: { from: ['pending'], to: 'dispatched', event: 'order.dispatched', verb: 'dispatched' },
  pickup: { from: ['dispatched'], to: 'in_transit', event: 'order.in_transit', verb: 'picked up' },
  deliver: { from: ['in_transit'], to: 'delivered', event: 'order.delivered', verb: 'delivered' },
  cancel: { from: ['pending', 'dispatched'], to: 'cancelled', event: 'order.cancelled', verb: 'cancelled' },
  // A cancellation or delivery recorded by mistake, undone: back to the status before it (orders.service.ts reopenedStatus).
  reopen: { from: ['cancelled', 'delivered'], event: 'order.reopened', verb: 'reopened', audit: 'order.reopened' },
  report_exception: { from: ['pending', 'dispatched', 'in_transit', 'delivered'], event: 'order.exception', verb: 'given an exception' },
  // Documents: a rate confirmation once a carrier took the load, a bill of lading once delivered.
  confirm_rate: { from: ['dispatched', 'in_transit', 'delivered'], verb: 'given a rate confirmation' },
  print_bill_of_lading: { from: ['delivered'], verb: 'given a bill of lading' },
} satisfies Record<string, Transition<OrderStatus, EventType>>);

export const ORDER_TRANSITIONS = orderLifecycle.table;
export type OrderAction = keyof typeof ORDER_TRANSITIONS;
