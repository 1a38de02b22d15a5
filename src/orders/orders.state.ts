// The order state machine as a table: which statuses each action is allowed from, and where it leads.
import type { components } from '../../generated/openapi.js';
import type { EventType } from '../../generated/events.js';
import { ApiError } from '../http/errors.js';

export type OrderStatus = components['schemas']['OrderStatus'];

interface Transition {
  from: readonly OrderStatus[];
  /** Absent for edits that keep the status. */
  to?: OrderStatus;
  event?: EventType;
}

export const ORDER_TRANSITIONS = {
  update: { from: ['pending'] },
  dispatch: { from: ['pending'], to: 'dispatched', event: 'order.dispatched' },
  pickup: { from: ['dispatched'], to: 'in_transit', event: 'order.in_transit' },
  deliver: { from: ['in_transit'], to: 'delivered', event: 'order.delivered' },
  cancel: { from: ['pending', 'dispatched'], to: 'cancelled', event: 'order.cancelled' },
  report_exception: { from: ['pending', 'dispatched', 'in_transit', 'delivered'], event: 'order.exception' },
} as const satisfies Record<string, Transition>;

const VERB: Record<OrderAction, string> = {
  update: 'updated',
  dispatch: 'dispatched',
  pickup: 'picked up',
  deliver: 'delivered',
  cancel: 'cancelled',
  report_exception: 'given an exception',
};

export type OrderAction = keyof typeof ORDER_TRANSITIONS;

/** Throws 409 invalid_state_transition unless `action` is allowed from `status`. */
export function assertTransition<A extends OrderAction>(action: A, status: OrderStatus): (typeof ORDER_TRANSITIONS)[A] {
  const t = ORDER_TRANSITIONS[action];
  if (!(t.from as readonly OrderStatus[]).includes(status)) {
    const allowed = t.from.join(' or ');
    throw new ApiError(
      'conflict_error',
      'invalid_state_transition',
      `An order in status ${status} cannot be ${VERB[action]}; allowed from ${allowed}.`,
    );
  }
  return t;
}
