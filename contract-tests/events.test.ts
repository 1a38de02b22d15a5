// Every webhook the service delivers validates against its AsyncAPI message payload schema.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { backends, type Backend } from '../test/support/databases.js';
import { startHarness, type Harness } from '../test/support/harness.js';
import { startReceiver, type Receiver } from '../test/support/receiver.js';
import { DeliveryWorker } from '../src/webhooks/worker.js';
import { createTransport } from '../src/webhooks/transport.js';
import { EVENT_TYPES } from '../generated/events.js';
import { emitEveryEventType, emitTestModeEventTypes } from '../test/support/events.js';
import { eventTypes, headerErrors, payloadErrors } from './asyncapi-payloads.js';

describe('the AsyncAPI document', () => {
  it('has one message per event type: the eighteen of the specification, the test event, carrier.rejected, invoice.overdue, invoice.delivery_failed, payment.returned, invoice.reopened, order.reopened, carrier_payment.voided, the two of test clocks, customer.created, the four *.updated and the three compliance_alert.*', () => {
    expect(eventTypes().sort()).toEqual([...EVENT_TYPES].sort());
    expect(EVENT_TYPES).toHaveLength(36);
    for (const t of ['customer.created', 'customer.updated', 'order.updated', 'carrier.updated', 'invoice.updated', 'compliance_alert.opened', 'compliance_alert.cleared', 'compliance_alert.resolved']) {
      expect(EVENT_TYPES).toContain(t);
    }
    expect(EVENT_TYPES).toContain('test_helpers.test_clock.advancing');
    expect(EVENT_TYPES).toContain('test_helpers.test_clock.ready');
    expect(EVENT_TYPES).toContain('webhook_endpoint.test');
    expect(EVENT_TYPES).toContain('carrier.rejected');
    expect(EVENT_TYPES).toContain('invoice.overdue');
    expect(EVENT_TYPES).toContain('invoice.delivery_failed');
  });
  it('rejects delivery headers that break the document (a malformed traceparent, a missing signature)', () => {
    const good = { 'content-type': 'application/json', 'service-signature': `t=1,v1=${'a'.repeat(64)}`, 'service-event-id': 'evt_01JF3QD6F8H0J2K4M6N8P0Q2R4' };
    expect(headerErrors(good)).toBeNull();
    expect(headerErrors({ ...good, traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' })).toBeNull();
    expect(headerErrors({ ...good, traceparent: 'garbage' })).not.toBeNull();
    expect(headerErrors({ ...good, 'service-signature': undefined })).not.toBeNull();
  });
  it('rejects an envelope whose data does not match', () => {
    const envelope = { type: 'order.created', id: 'evt_01JF3QD6F8H0J2K4M6N8P0Q2R4', object: 'event', created: 1, api_version: '2026-07-01', request_id: null, data: {} };
    expect(payloadErrors(envelope)).not.toBeNull();
  });
});

describe.each(backends())('delivered webhooks on %s', (backend: Backend) => {
  let h: Harness;
  let receiver: Receiver;
  const transport = createTransport({ allowPrivateTargets: true, timeoutMs: 5_000 });
  beforeAll(async () => {
    h = await startHarness(backend);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await transport.close();
    await h.close();
  });

  it('validate against their AsyncAPI payload schemas, for every event type the API emits', async () => {
    const log = pino({ level: 'silent' });
    const endpoint = (await h.call('POST', '/v1/webhook_endpoints', { body: { url: receiver.url, enabled_events: ['*'] } })).body.id;
    await emitEveryEventType(h, endpoint);
    // The test clock's events, of test mode only, to an endpoint of the account's test mode.
    const testKey = await h.key('acme', 'all', { livemode: false });
    expect((await h.call('POST', '/v1/webhook_endpoints', { key: testKey, body: { url: receiver.url, enabled_events: ['*'] } })).status).toBe(201);
    await emitTestModeEventTypes(h, testKey);

    const worker = new DeliveryWorker({ db: h.database.db, clock: h.clock, log, transport });
    while ((await worker.runOnce()) > 0);
    const types = new Set<string>();
    for (const request of receiver.received) {
      const envelope = JSON.parse(request.body);
      types.add(envelope.type);
      expect(payloadErrors(envelope), request.body).toBeNull();
      expect(request.headers['service-event-id']).toBe(envelope.id);
      expect(request.headers['service-signature']).toMatch(/^t=\d+(,v1=[0-9a-f]{64}){1,2}$/);
      expect(headerErrors(request.headers), JSON.stringify(request.headers)).toBeNull();
      // What a request caused carries its trace; what the service did by itself, none.
      expect(request.headers.traceparent !== undefined, request.body).toBe(envelope.request !== null);
    }
    // The ordering and cause fields are required: a delivery without one of them does not validate.
    const sample = JSON.parse(receiver.received[0]!.body) as { type: string } & Record<string, unknown>;
    for (const field of ['sequence', 'previous_event_id', 'request']) {
      const { [field]: _dropped, ...without } = sample;
      expect(payloadErrors(without as { type: string }), field).toMatch(new RegExp(field));
    }
    const zero = { ...sample, sequence: 0 } as { type: string };
    expect(payloadErrors(zero)).not.toBeNull();
    expect(receiver.received.some((r) => r.headers.traceparent)).toBe(true);
    expect(receiver.received.some((r) => !r.headers.traceparent)).toBe(true);
    expect([...types].sort()).toEqual(
      [
        'audit.privileged_action',
        'carrier.onboarded',
        'carrier.rejected',
        'carrier.suspended',
        'carrier.vetted',
        'compliance.alert',
        'compliance_alert.opened',
        'compliance_alert.cleared',
        'compliance_alert.resolved',
        'customer.created',
        'customer.updated',
        'order.updated',
        'carrier.updated',
        'invoice.updated',
        'order.cancelled',
        'order.created',
        'order.delivered',
        'order.dispatched',
        'order.exception',
        'order.in_transit',
        'order.reopened',
        'webhook_endpoint.test',
        'invoice.created',
        'invoice.sent',
        'invoice.paid',
        'invoice.voided',
        'invoice.reopened',
        'invoice.overdue',
        'invoice.delivery_failed',
        'payment.received',
        'payment.failed',
        'payment.returned',
        'carrier_payment.sent',
        'carrier_payment.voided',
        'test_helpers.test_clock.advancing',
        'test_helpers.test_clock.ready',
      ].sort(),
    );
  });
});
