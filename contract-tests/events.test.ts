// Every event the API records renders to an envelope that validates against its AsyncAPI message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Backend } from '../test/support/databases.js';
import { orderBody, startHarness, type Harness } from '../test/support/harness.js';
import { Event } from '../src/webhooks/events.entities.js';
import { renderEnvelope } from '../src/webhooks/emitter.js';
import { CURRENT_VERSION } from '../src/http/versions.js';
import { EVENT_TYPES } from '../generated/events.js';
import { eventTypes, payloadErrors } from './asyncapi-payloads.js';

describe('the AsyncAPI document', () => {
  it('has one message per event type of the specification', () => {
    expect(eventTypes().sort()).toEqual([...EVENT_TYPES].sort());
    expect(EVENT_TYPES).toHaveLength(18);
  });
  it('rejects an envelope whose data does not match', () => {
    expect(payloadErrors({ type: 'order.created', id: 'evt_x', object: 'event', created: 1, api_version: '2026-07-01', data: {} } as never)).not.toBeNull();
  });
});

describe.each(backends())('recorded events on %s', (backend: Backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(() => h.close());

  it('order.created and order.cancelled envelopes validate against their AsyncAPI payload schemas', async () => {
    const customer = (await h.call('POST', '/v1/customers', { body: { name: 'Events Co' } })).body.id;
    const full = orderBody(customer, {
      pickup: { address1: '1 A St', address2: 'Dock 4', city: 'Chicago', state: 'IL', zip: '60607', contact_name: 'Dana', contact_phone: '+13125550188' },
      vehicles: [{ vin: '1HGCM82633A004352', year: 2003, make: 'Honda', model: 'Accord', type: 'car', inoperable: true }],
      price: 100, carrier_pay: 80, metadata: { a: 'b' },
    });
    const order = (await h.call('POST', '/v1/orders', { body: full })).body;
    await h.call('POST', `/v1/orders/${order.id}/cancel`, { body: { reason: 'changed plans' } });
    const events = await h.database.db.em().find(Event, {}, { orderBy: { id: 'asc' } });
    expect(events.map((e) => e.type)).toEqual(['order.created', 'order.cancelled']);
    for (const event of events) {
      const envelope = renderEnvelope(event as never, CURRENT_VERSION);
      expect(payloadErrors(envelope), event.type).toBeNull();
      expect(envelope.id).toMatch(/^evt_[0-9A-HJKMNP-TV-Z]{26}$/);
    }
  });
});
