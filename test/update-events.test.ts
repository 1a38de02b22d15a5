// An event for every change a receiver mirrors: customer.created, and `<object>.updated` for every
// change of a customer, an order, a carrier or an invoice no more specific event says, with
// `data.object` (the object after the change) and `data.previous_attributes` (exactly the fields that
// changed, as they were), delivered to a real receiver; the compliance alert's moments as their own
// types beside the deprecated compliance.alert; and the rendering of an update for an older version.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { backends, type Backend } from './support/databases.js';
import { orderBody, startHarness, TestClock, type Harness } from './support/harness.js';
import { fixtures, type Fixtures } from './support/fixtures.js';
import { startReceiver, type Receiver } from './support/receiver.js';
import { DeliveryWorker } from '../src/webhooks/worker.js';
import { createTransport, type Transport } from '../src/webhooks/transport.js';
import { recordRead } from '../src/carriers/monitor.service.js';
import { createLocalRegistryProvider, LOCAL_REGISTRY_SAMPLES } from '../src/carriers/registry/index.js';
import { Carrier } from '../src/carriers/carriers.entities.js';

type Json = Record<string, any>;
const silent = pino({ level: 'silent' });

describe.each(backends())('events for every change on %s', (backend: Backend) => {
  let h: Harness;
  let f: Fixtures;
  let transport: Transport;
  const clock = new TestClock(Date.UTC(2026, 10, 23, 12, 0, 0));
  const receivers: Receiver[] = [];
  const endpoints: string[] = [];

  /** A receiver and an endpoint sending it `types` (pinned to `apiVersion` when given). */
  const listen = async (types: string[], apiVersion?: string) => {
    const r = await startReceiver();
    receivers.push(r);
    const made = await h.call('POST', '/v1/webhook_endpoints', { body: { url: r.url, enabled_events: types, ...(apiVersion ? { api_version: apiVersion } : {}) } });
    expect(made.status, made.text).toBe(201);
    endpoints.push(made.body.id);
    return r;
  };
  /** Delivers everything due, and answers the envelopes `r` received, in the order of their events. */
  const delivered = async (r: Receiver): Promise<Json[]> => {
    const worker = new DeliveryWorker({ db: h.database.db, clock, log: silent, transport });
    while ((await worker.runOnce()) > 0);
    return r.received.map((x) => JSON.parse(x.body) as Json).sort((a, b) => (a.id < b.id ? -1 : 1));
  };
  const ok = (r: { status: number; text: string; body: any }, status = 200) => {
    expect(r.status, r.text).toBe(status);
    return r.body as Json;
  };

  beforeAll(async () => {
    h = await startHarness(backend, { clock });
    f = fixtures(h);
    transport = createTransport({ allowPrivateTargets: true, timeoutMs: 5_000 });
  });
  afterEach(async () => {
    clock.advance(1_000);
    for (const id of endpoints.splice(0)) await h.call('DELETE', `/v1/webhook_endpoints/${id}`);
    await Promise.all(receivers.splice(0).map((r) => r.close()));
  });
  afterAll(async () => {
    await transport.close();
    await h.close();
  });

  describe('customers', () => {
    it('a created customer delivers customer.created with the customer as data', async () => {
      const r = await listen(['customer.created', 'customer.updated']);
      const customer = ok(await h.call('POST', '/v1/customers', { body: { name: 'Lakeside Motors', email: 'ap@lakeside.example' } }), 201);
      const [event, ...rest] = await delivered(r);
      expect(rest).toEqual([]);
      expect(event).toMatchObject({ type: 'customer.created', sequence: 1, previous_event_id: null, data: customer });
    });

    it('PATCH delivers customer.updated: data.object after, previous_attributes exactly the changed fields as they were', async () => {
      const id = await f.customer({ name: 'Harbor Autos', phone: '+13125550100', metadata: { erp: 'A-1' } });
      const before = ok(await h.call('GET', `/v1/customers/${id}`));
      const r = await listen(['customer.updated']);
      clock.advance(5_000);
      const after = ok(await h.call('PATCH', `/v1/customers/${id}`, { body: { name: 'Harbor Autos LLC', phone: '+13125550100', metadata: { region: 'midwest' } } }));
      expect(after.updated).toBeGreaterThan(before.updated);
      const events = await delivered(r);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ type: 'customer.updated', sequence: 2, data: { object: after } });
      // The phone was given as it was: not a change. metadata comes whole, as it was.
      expect(events[0]!.data.previous_attributes).toEqual({ name: 'Harbor Autos', metadata: { erp: 'A-1' } });
    });

    it('an update that changes nothing delivers nothing and leaves `updated` as it was', async () => {
      const id = await f.customer({ name: 'Still Motors', email: 'ap@still.example', metadata: { erp: 'S-1' } });
      const before = ok(await h.call('GET', `/v1/customers/${id}`));
      const r = await listen(['*']);
      clock.advance(5_000);
      const after = ok(await h.call('PATCH', `/v1/customers/${id}`, { body: { name: 'Still Motors', email: 'ap@still.example', metadata: { erp: 'S-1' } } }));
      expect(after).toEqual(before);
      const order = ok(await h.call('POST', '/v1/orders', { body: orderBody(id) }), 201);
      clock.advance(5_000);
      expect(ok(await h.call('PATCH', `/v1/orders/${order.id}`, { body: { ready_date: order.ready_date, vehicles: [{ vin: '1HGCM82633A004352', year: 2003, make: 'Honda', model: 'Accord' }] } }))).toEqual(order);
      // Only what the order's creation caused.
      expect((await delivered(r)).map((e) => e.type)).toEqual(['order.created']);
    });
  });

  describe('orders', () => {
    it('PATCH delivers order.updated with exactly the changed fields; the lifecycle actions deliver their own events, never order.updated', async () => {
      const customer = await f.customer();
      const id = await f.order(customer, { until: 'pending', body: { metadata: { po: 'PO-1' } } });
      const before = ok(await h.call('GET', `/v1/orders/${id}`));
      const r = await listen(['order.updated', 'order.dispatched', 'order.cancelled']);
      clock.advance(5_000);
      const pickup = { address1: '77 W Wacker Dr', city: 'Chicago', state: 'IL', zip: '60601' };
      const after = ok(await h.call('PATCH', `/v1/orders/${id}`, { body: { pickup, delivery_window_days: 10, price: before.price, metadata: { rush: 'yes' } } }));
      ok(await h.call('POST', `/v1/orders/${id}/dispatch`, { body: { carrier_id: await f.activeCarrier(), carrier_pay: 99_000 } }));
      const events = await delivered(r);
      expect(events.map((e) => e.type)).toEqual(['order.updated', 'order.dispatched']);
      expect(events[0]!.data.object).toEqual(after);
      expect(events[0]!.data.previous_attributes).toEqual({ pickup: before.pickup, delivery_window_days: 7, metadata: { po: 'PO-1' } });
      expect(events[0]!.sequence + 1).toBe(events[1]!.sequence);
    });

    it('renders previous_attributes for an endpoint pinned to 2026-01-15 with the stops as origin and destination', async () => {
      const customer = await f.customer();
      const id = await f.order(customer, { until: 'pending' });
      const before = ok(await h.call('GET', `/v1/orders/${id}`));
      const old = await listen(['order.updated'], '2026-01-15');
      const current = await listen(['order.updated']);
      const delivery = { address1: '1 Ocean Blvd', city: 'Miami', state: 'FL', zip: '33101' };
      ok(await h.call('PATCH', `/v1/orders/${id}`, { body: { delivery, ready_date: '2026-12-05' } }));
      const [oldEvent] = await delivered(old);
      const [currentEvent] = await delivered(current);
      expect(currentEvent!.data.previous_attributes).toEqual({ delivery: before.delivery, ready_date: before.ready_date });
      expect(oldEvent!.api_version).toBe('2026-01-15');
      expect(oldEvent!.data.previous_attributes).toEqual({ destination: before.delivery, ready_date: before.ready_date });
      expect(oldEvent!.data.object.destination).toEqual({ ...delivery, address2: null, contact_name: null, contact_phone: null });
      expect(oldEvent!.data.object).not.toHaveProperty('delivery');
      expect(oldEvent!.data.object).not.toHaveProperty('pickup');
      expect(oldEvent!.data.object.origin).toEqual(before.pickup);
    });
  });

  describe('carriers', () => {
    it('PATCH delivers carrier.updated with exactly the changed fields', async () => {
      const id = await f.activeCarrier();
      const before = ok(await h.call('GET', `/v1/carriers/${id}`));
      const r = await listen(['carrier.updated']);
      const old = await listen(['carrier.updated'], '2026-12-01');
      const after = ok(await h.call('PATCH', `/v1/carriers/${id}`, { body: { contact_name: 'Night Dispatch', phone: before.phone, insurance_expiry_date: '2027-06-30' } }));
      const events = await delivered(r);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ type: 'carrier.updated', data: { object: after } });
      expect(events[0]!.data.previous_attributes).toEqual({ contact_name: 'Dispatch', insurance_expiry_date: null });
      // An endpoint pinned to 2026-12-01 reads the dates by their names then, in the carrier and in previous_attributes.
      const [oldEvent] = await delivered(old);
      expect(oldEvent!.api_version).toBe('2026-12-01');
      expect(oldEvent!.data.previous_attributes).toEqual({ contact_name: 'Dispatch', insurance_expires_on: null });
      expect(oldEvent!.data.object).toMatchObject({ insurance_expires_on: '2027-06-30', bond_expires_on: null, process_agent_expires_on: null });
      expect(oldEvent!.data.object).not.toHaveProperty('insurance_expiry_date');
    });

    it('takes a carrier update of a key pinned to 2026-12-01 by the names it knows (`*_expires_on`)', async () => {
      const id = await f.activeCarrier();
      const pinned = await h.key('acme', 'all', { apiVersion: '2026-12-01' });
      const r = await listen(['carrier.updated']);
      const answer = await h.call('PATCH', `/v1/carriers/${id}`, { key: pinned, body: { bond_expires_on: '2027-02-01', process_agent_expires_on: null } });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toMatchObject({ bond_expires_on: '2027-02-01', process_agent_expires_on: null });
      expect(answer.body).not.toHaveProperty('bond_expiry_date');
      const [event] = await delivered(r);
      expect(event!.data.object).toMatchObject({ bond_expiry_date: '2027-02-01' });
      expect(event!.data.previous_attributes).toEqual({ bond_expiry_date: null });
      // The current version's names are the current version's.
      const current = await h.call('PATCH', `/v1/carriers/${id}`, { body: { bond_expires_on: null } });
      expect(current.body.error).toMatchObject({ code: 'unknown_field', param: 'bond_expires_on' });
    });

    it('reinstating a suspended carrier (no lifecycle event of its own) delivers carrier.updated; suspending delivers carrier.suspended only', async () => {
      const id = await f.activeCarrier();
      const r = await listen(['carrier.updated', 'carrier.suspended']);
      const suspended = ok(await h.call('POST', `/v1/carriers/${id}/suspend`, { body: { reason: 'Cargo claim under review' } }));
      ok(await h.call('POST', `/v1/carriers/${id}/reinstate`, { body: {} }));
      const events = await delivered(r);
      expect(events.map((e) => e.type)).toEqual(['carrier.suspended', 'carrier.updated']);
      expect(events[1]!.data.object.status).toBe('pending_vetting');
      expect(events[1]!.data.previous_attributes).toEqual({ status: 'suspended', suspension_reason: 'Cargo claim under review', suspended_at: suspended.suspended_at });
    });
  });

  describe('invoices', () => {
    it('PATCH of a draft delivers invoice.updated with the changed fields and the totals they change', async () => {
      const customer = await f.customer();
      const draft = await f.invoice(customer, [], { send: false, amounts: [100_000] });
      const r = await listen(['invoice.updated']);
      const lines = [{ description: 'Transport, enclosed', quantity: 2, unit_amount: 60_000 }];
      const after = ok(await h.call('PATCH', `/v1/invoices/${draft.id}`, { body: { lines, due_date: draft.due_date } }));
      const events = await delivered(r);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ type: 'invoice.updated', data: { object: after } });
      expect(events[0]!.data.previous_attributes).toEqual({ lines: draft.lines, subtotal: 100_000, amount_due: 100_000, amount_remaining: 100_000 });
    });

    it('a payment in part delivers payment.received then invoice.updated; the payment in full invoice.paid, no invoice.updated', async () => {
      const customer = await f.customer();
      const sent = await f.invoice(customer, [], { amounts: [100_000] });
      const r = await listen(['invoice.updated', 'invoice.paid', 'payment.received']);
      await f.pay(customer, sent.id, 40_000);
      await f.pay(customer, sent.id, 60_000);
      const events = await delivered(r);
      expect(events.map((e) => e.type)).toEqual(['payment.received', 'invoice.updated', 'payment.received', 'invoice.paid']);
      expect(events[1]!.data.object).toMatchObject({ id: sent.id, status: 'SENT', amount_paid: 40_000, amount_remaining: 60_000 });
      expect(events[1]!.data.previous_attributes).toEqual({ amount_paid: 0, amount_remaining: 100_000 });
    });
  });

  describe('compliance alerts', () => {
    it('monitoring opens an alert (compliance_alert.opened), clears it (compliance_alert.cleared), a person resolves it (compliance_alert.resolved); compliance.alert still comes at the opening and the clearing', async () => {
      const dot = LOCAL_REGISTRY_SAMPLES.pass[2]!;
      const id = ok(await h.call('POST', '/v1/carriers', { body: { dot_number: dot, contact_name: 'Dispatch', contact_email: 'd@carrier.example', phone: '+16025550117' } }), 201).id as string;
      await h.database.db.em().nativeUpdate(Carrier, { id }, { status: 'active' });
      const fresh = await listen(['compliance_alert.opened', 'compliance_alert.cleared', 'compliance_alert.resolved']);
      const legacy = await listen(['compliance.alert']);
      const settings = { registry: createLocalRegistryProvider(), intervalMs: 86_400_000, jitter: () => 0.5 };
      const record = await createLocalRegistryProvider().findByDot(dot);
      await recordRead(h.background(clock), id, { ...record!, outOfServiceDate: '2026-11-20' }, settings);
      clock.advance(60_000);
      await recordRead(h.background(clock), id, record, settings);
      const alert = (await h.call('GET', `/v1/compliance_alerts?carrier_id=${id}`)).body.data.find((a: Json) => a.kind === 'out_of_service');
      expect(alert.cleared_at).not.toBeNull();
      const resolved = ok(await h.call('POST', `/v1/compliance_alerts/${alert.id}/resolve`, { body: { note: 'Order lifted' } }));
      const events = (await delivered(fresh)).filter((e) => e.data.id === alert.id);
      expect(events.map((e) => e.type)).toEqual(['compliance_alert.opened', 'compliance_alert.cleared', 'compliance_alert.resolved']);
      expect(events[0]!.data).toMatchObject({ status: 'open', cleared_at: null });
      expect(events[1]!.data).toMatchObject({ status: 'open', cleared_at: alert.cleared_at });
      expect(events[2]!.data).toEqual(resolved);
      const old = (await delivered(legacy)).filter((e) => e.data.id === alert.id);
      expect(old.map((e) => [e.type, e.data.cleared_at === null])).toEqual([
        ['compliance.alert', true],
        ['compliance.alert', false],
      ]);
    });
  });

  describe('the catalog and the scopes', () => {
    it('lists the new types with their read scope and object, and marks compliance.alert deprecated', async () => {
      const catalog = new Map<string, Json>();
      let cursor: string | undefined;
      do {
        const page = ok(await h.call('GET', `/v1/event_types?limit=100${cursor ? `&cursor=${cursor}` : ''}`));
        for (const t of page.data) catalog.set(t.type, t);
        cursor = page.has_more ? page.next_cursor : undefined;
      } while (cursor);
      const of = (type: string) => [catalog.get(type)?.scope, catalog.get(type)?.data_object, catalog.get(type)?.deprecated];
      expect(of('customer.created')).toEqual(['customers:read', 'customer', false]);
      expect(of('customer.updated')).toEqual(['customers:read', 'customer', false]);
      expect(of('order.updated')).toEqual(['orders:read', 'order', false]);
      expect(of('carrier.updated')).toEqual(['carriers:read', 'carrier', false]);
      expect(of('invoice.updated')).toEqual(['accounting:read', 'invoice', false]);
      for (const t of ['compliance_alert.opened', 'compliance_alert.cleared', 'compliance_alert.resolved']) expect(of(t)).toEqual(['carriers:read', 'compliance_alert', false]);
      expect(of('compliance.alert')).toEqual(['carriers:read', 'compliance_alert', true]);
      expect([...catalog.values()].filter((t) => t.deprecated).map((t) => t.type)).toEqual(['compliance.alert']);
    });

    it('subscribing to customer events needs customers:read (orders:read reads customers, not their events)', async () => {
      const key = await h.key('acme', 'webhooks:manage orders:read');
      const body = { url: 'https://hooks.example.com/customers', enabled_events: ['customer.updated'] };
      const refused = await h.call('POST', '/v1/webhook_endpoints', { key, body });
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('insufficient_scope');
      const allowed = await h.call('POST', '/v1/webhook_endpoints', { key: await h.key('acme', 'webhooks:manage customers:read'), body });
      expect(allowed.status, allowed.text).toBe(201);
      endpoints.push(allowed.body.id);
    });
  });
});
