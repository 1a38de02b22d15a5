// The payment lifecycle as a table: a payment is recorded succeeded or failed, and a succeeded one can
// be taken back by the bank (returned). Nothing moves a failed or returned payment.
import type { components } from '../../generated/openapi.js';
import type { EventType } from '../../generated/events.js';
import { stateMachine, type Transition } from '../shared/state-machine.js';

type PaymentStatus = components['schemas']['PaymentStatus'];

export const paymentLifecycle = stateMachine('payment', {
  return: { from: ['succeeded'], to: 'returned', event: 'payment.returned', verb: 'returned', audit: 'payment.returned' },
} satisfies Record<string, Transition<PaymentStatus, EventType>>);
