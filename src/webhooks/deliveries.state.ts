// The lifecycle of a webhook delivery (one per event and endpoint) as a table. A failed attempt
// keeps it pending until the retry schedule (schedule.ts) runs out; replay and recovery put it back
// at the start of the schedule.
import type { components } from '../../generated/openapi.js';
import { stateMachine, type Transition } from '../shared/state-machine.js';

type DeliveryStatus = components['schemas']['WebhookDelivery']['status'];

export const deliveryLifecycle = stateMachine('webhook delivery', {
  succeed: { from: ['pending'], to: 'succeeded', verb: 'marked succeeded' },
  retry: { from: ['pending'], to: 'pending', verb: 'retried' },
  give_up: { from: ['pending'], to: 'permanently_failed', verb: 'given up' },
  replay: { from: ['pending', 'succeeded', 'permanently_failed'], to: 'pending', verb: 'replayed' },
  recover: { from: ['permanently_failed'], to: 'pending', verb: 'recovered' },
} satisfies Record<string, Transition<DeliveryStatus>>);
