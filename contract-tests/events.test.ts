// Every webhook the service delivers validates against its AsyncAPI message payload schema.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { backends, type Backend } from '../test/support/databases.js';
import { orderBody, startHarness, type Harness } from '../test/support/harness.js';
import { startReceiver, type Receiver } from '../test/support/receiver.js';
import { DeliveryWorker } from '../src/webhooks/worker.js';
import { createTransport } from '../src/webhooks/transport.js';
import { EVENT_TYPES } from '../generated/events.js';
import { JobRunner } from '../src/jobs/runner.js';
import { vettingJob, VET_CARRIER_JOB } from '../src/carriers/carriers.service.js';
import { scanCompliance } from '../src/carriers/compliance.service.js';
import { createLocalRegistryProvider, LOCAL_REGISTRY_SAMPLES } from '../src/carriers/registry/index.js';
import { eventTypes, headerErrors, payloadErrors } from './asyncapi-payloads.js';

describe('the AsyncAPI document', () => {
  it('has one message per event type: the eighteen of the specification, the test event and carrier.rejected', () => {
    expect(eventTypes().sort()).toEqual([...EVENT_TYPES].sort());
    expect(EVENT_TYPES).toHaveLength(20);
    expect(EVENT_TYPES).toContain('webhook_endpoint.test');
    expect(EVENT_TYPES).toContain('carrier.rejected');
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
    const jobs = new JobRunner({
      db: h.database.db,
      clock: h.clock,
      log,
      handlers: { [VET_CARRIER_JOB]: vettingJob({ context: () => h.background(), registry: createLocalRegistryProvider() }) },
    });
    const endpoint = (await h.call('POST', '/v1/webhook_endpoints', { body: { url: receiver.url, enabled_events: ['*'] } })).body.id;
    await h.call('POST', `/v1/webhook_endpoints/${endpoint}/test`);
    const carrier = (id: string) =>
      h.call('POST', '/v1/carriers', {
        body: { dot_number: id, mc_number: '801734', contact_name: 'Maria', contact_email: 'm@carrier.example', phone: '+16025550117' },
      });
    const active = (await carrier(LOCAL_REGISTRY_SAMPLES.pass[0]!)).body.id;
    await carrier(LOCAL_REGISTRY_SAMPLES.insurance_expired); // vetted, then its lapsed insurance raises an alert
    await carrier(LOCAL_REGISTRY_SAMPLES.not_found); // rejected: carrier.rejected, no carrier.vetted
    while ((await jobs.runOnce()) > 0);
    await scanCompliance(h.background());
    const suspended = (await carrier(LOCAL_REGISTRY_SAMPLES.pass[1]!)).body.id;
    while ((await jobs.runOnce()) > 0);
    await h.call('POST', `/v1/carriers/${suspended}/suspend`, { body: { reason: 'audit' } });

    const customer = (await h.call('POST', '/v1/customers', { body: { name: 'Events Co' } })).body.id;
    const full = orderBody(customer, {
      pickup: { address1: '1 A St', address2: 'Dock 4', city: 'Chicago', state: 'IL', zip: '60607', contact_name: 'Dana', contact_phone: '+13125550188' },
      vehicles: [
        { vin: '1HGCM82633A004352', year: 2003, make: 'Honda', model: 'Accord', type: 'car', inoperable: true },
        { vin: '1HGCM82633A004353', year: 1975, make: 'Ford', model: 'Bronco' },
      ],
      price: 100,
      carrier_pay: 80,
      metadata: { a: 'b' },
    });
    const a = (await h.call('POST', '/v1/orders', { body: full })).body.id;
    const b = (await h.call('POST', '/v1/orders', { body: orderBody(customer) })).body.id;
    await h.call('POST', `/v1/orders/${a}/dispatch`, { body: { carrier_id: active } });
    await h.call('POST', `/v1/orders/${a}/pickup`);
    await h.call('POST', `/v1/orders/${a}/exceptions`, { body: { kind: 'damage', note: 'Scratch' } });
    await h.call('POST', `/v1/orders/${a}/deliver`, { body: { signed_by: 'Jordan Price' } });
    await h.call('POST', `/v1/orders/${b}/cancel`);
    const key = (await h.call('POST', '/v1/api_keys', { body: { name: 'audited', scopes: ['orders:read'] } })).body.id;
    await h.call('POST', `/v1/api_keys/${key}/revoke`);

    // Accounting: an invoice sent at creation and paid in full, one sent then voided, a failed
    // payment, and the carrier paid for the delivered order.
    const invoice = (lines: unknown[]) =>
      h.call('POST', '/v1/invoices', { body: { customer_id: customer, due_date: '2026-12-31', lines, send: { email: 'ap@events.example' } } });
    const billed = (await invoice([{ description: 'Transport', quantity: 1, unit_amount: 100, order_id: a }])).body.id;
    await h.call('POST', '/v1/payments', { body: { customer_id: customer, invoice_id: billed, amount: 100, payment_method: 'wire', reference: 'W-1' } });
    const voided = (await invoice([{ description: 'Storage', quantity: 2, unit_amount: 50 }])).body.id;
    await h.call('POST', `/v1/invoices/${voided}/void`);
    await h.call('POST', '/v1/payments', { body: { customer_id: customer, amount: 10, payment_method: 'card', failure_reason: 'Card declined.' } });
    await h.call('POST', '/v1/carrier_payments', { body: { carrier_id: active, order_ids: [a], payment_method: 'ach' } });

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
        'order.cancelled',
        'order.created',
        'order.delivered',
        'order.dispatched',
        'order.exception',
        'order.in_transit',
        'webhook_endpoint.test',
        'invoice.created',
        'invoice.sent',
        'invoice.paid',
        'invoice.voided',
        'payment.received',
        'payment.failed',
        'carrier_payment.sent',
      ].sort(),
    );
  });
});
