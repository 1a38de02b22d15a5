// Compile-time proof that the two generated type sets agree: the order.* webhook payloads
// (generated/events.ts, Modelina from specs/asyncapi.yaml) and the REST Order
// (generated/openapi.ts, openapi-typescript from specs/openapi.yaml) are the same shape.
// Checked with:
//   tsc --noEmit --strict --module nodenext --moduleResolution nodenext --target es2023 --skipLibCheck \
//     scripts/spec/generated-types.check.ts generated/*.ts
import type { components } from '../../generated/openapi.js';
import type { EventEnvelope, EventPayloads, EventType } from '../../generated/events.js';

type Order = components['schemas']['Order'];
type OrderEventType = Extract<EventType, `order.${string}`>;

// REST Order -> event payload, for every order.* event.
const order = {} as Order;
const created: EventPayloads['order.created'] = order;
const payloads: { [T in OrderEventType]: EventPayloads[T] } = {
  'order.created': order,
  'order.dispatched': order,
  'order.in_transit': order,
  'order.delivered': order,
  'order.cancelled': order,
  'order.exception': order,
  'order.reopened': order,
  'order.updated': { object: order, previous_attributes: { price: null } },
};

// And back: an event payload is a valid REST Order (the two types are mutually assignable).
const fromEvent: Order = {} as EventPayloads['order.created'];
const updatedFromEvent: Order = ({} as EventPayloads['order.updated']).object;

// An envelope carries the REST Order as data.
const envelope: EventEnvelope<'order.created'> = {
  id: 'evt_01JF3QD6F8H0J2K4M6N8P0Q2R4',
  object: 'event',
  livemode: true,
  type: 'order.created',
  api_version: '2026-12-01',
  created: 1764547200,
  request_id: null,
  sequence: 1,
  previous_event_id: null,
  request: null,
  data: order,
};

export { created, payloads, fromEvent, updatedFromEvent, envelope };
