// The specification, statement by statement, against a live server on each database: one test per
// statement of statements.ts that is neither a documented choice nor pending, named by its id.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { backends, type Backend } from '../../test/support/databases.js';
import { orderBody, startHarness, TestClock, type Harness } from '../../test/support/harness.js';
import { checkedFetch } from '../../test/support/contract-check.js';
import { startReceiver, type Receiver } from '../../test/support/receiver.js';
import { DeliveryWorker } from '../../src/webhooks/worker.js';
import { createTransport } from '../../src/webhooks/transport.js';
import { ATTEMPT_DELAYS_MS } from '../../src/webhooks/schedule.js';
import { JobRunner } from '../../src/jobs/runner.js';
import { vettingJob, VET_CARRIER_JOB } from '../../src/carriers/carriers.service.js';
import { scanCompliance } from '../../src/carriers/compliance.service.js';
import { createLocalRegistryProvider, LOCAL_REGISTRY_SAMPLES as DOT } from '../../src/carriers/registry/index.js';
import { EVENT_TYPES } from '../../generated/events.js';
import { SUPPORTED_VERSIONS } from '../../src/shared/versions.js';
import { STATEMENTS } from './statements.js';

const silent = pino({ level: 'silent' });
const text = (id: string) => STATEMENTS.find((s) => s.id === id)!.text;
const ULID = '[0-9A-HJKMNP-TV-Z]{26}';
const SPEC_EVENT_TYPES = [
  'order.created', 'order.dispatched', 'order.in_transit', 'order.delivered', 'order.cancelled', 'order.exception',
  'carrier.onboarded', 'carrier.vetted', 'carrier.suspended', 'invoice.created', 'invoice.sent', 'invoice.paid',
  'invoice.voided', 'payment.received', 'payment.failed', 'carrier_payment.sent', 'compliance.alert', 'audit.privileged_action',
];
const SPEC_SCOPES = ['orders:read', 'orders:write', 'carriers:read', 'carriers:write', 'accounting:read', 'accounting:write', 'webhooks:manage'];

describe.each(backends())('the specification on %s', (backend: Backend) => {
  let h: Harness;
  let receiver: Receiver;
  let jobs: JobRunner;
  let worker: DeliveryWorker;
  let endpoint: { id: string; secret: string; api_version: string };
  let customer: string;
  const clock = new TestClock(Date.now());
  const transport = createTransport({ allowPrivateTargets: true, timeoutMs: 5_000 });
  const call = (...args: Parameters<Harness['call']>) => h.call(...args);
  const carrier = (dot: string, key?: string) =>
    call('POST', '/v1/carriers', { body: { dot_number: dot, contact_name: 'Maria Delgado', contact_email: 'dispatch@carrier.example', phone: '+16025550117' }, ...(key ? { key } : {}) });
  const deliver = async () => {
    while ((await worker.runOnce()) > 0);
  };
  const vet = async () => {
    while ((await jobs.runOnce()) > 0);
  };
  /** Endpoints made up by a test (at hosts that do not exist) go, so later retries do not wait on them. */
  const dropMadeUpEndpoints = async () => {
    for (const ep of (await call('GET', '/v1/webhook_endpoints?limit=100')).body.data) {
      if (ep.url.startsWith('https://hooks.example.com')) await call('DELETE', `/v1/webhook_endpoints/${ep.id}`);
    }
  };
  const delivered = (type: string) => receiver.received.map((r) => ({ r, e: JSON.parse(r.body) })).filter((x) => x.e.type === type);

  beforeAll(async () => {
    h = await startHarness(backend, { clock });
    receiver = await startReceiver();
    jobs = new JobRunner({ db: h.database.db, clock, log: silent, handlers: { [VET_CARRIER_JOB]: vettingJob({ context: () => h.background(), registry: createLocalRegistryProvider() }) } });
    worker = new DeliveryWorker({ db: h.database.db, clock, log: silent, transport });
    endpoint = (await call('POST', '/v1/webhook_endpoints', { body: { url: receiver.url, enabled_events: ['*'], description: 'Conformance receiver' } })).body;
    customer = (await call('POST', '/v1/customers', { body: { name: 'Conformance Shipper' } })).body.id;
  });
  afterAll(async () => {
    await receiver.close();
    await transport.close();
    await h.close();
  });

  describe('What the service does', () => {
    it(`S1: ${text('S1')}`, async () => {
      const r = await call('GET', '/v1/orders');
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    });
    it(`S2: ${text('S2')}`, async () => {
      const order = (await call('POST', '/v1/orders', { body: orderBody(customer) })).body;
      await deliver();
      const got = delivered('order.created').find((x) => x.e.data.id === order.id);
      expect(got?.r.method).toBe('POST');
      expect(got?.r.path).toBe(new URL(receiver.url).pathname);
    });
    it(`S3: ${text('S3')}`, async () => {
      const c = (await carrier(DOT.pass[0]!)).body;
      expect(c.status).toBe('pending_vetting'); // answered before vetting ran
      await vet();
      await deliver();
      expect(delivered('carrier.vetted').map((x) => x.e.data.id)).toContain(c.id);
    });
    it(`S5: ${text('S5')}`, async () => {
      expect((await call('GET', '/v1/compliance_alerts')).status).toBe(200);
    });
    it(`S6: ${text('S6')}`, async () => {
      const key = (await call('POST', '/v1/api_keys', { body: { name: 'audited', scopes: ['orders:read'] } })).body;
      const logs = await call('GET', '/v1/audit_logs?limit=100');
      expect(logs.status).toBe(200);
      expect(JSON.stringify(logs.body.data)).toContain(key.id);
    });
  });

  describe('Identifiers', () => {
    it(`ID1: ${text('ID1')}`, async () => {
      const order = (await call('POST', '/v1/orders', { body: orderBody(customer) })).body;
      const c = (await carrier(DOT.pass[1]!)).body;
      await deliver();
      const evt = receiver.received.at(-1)!.headers['service-event-id'];
      const req = (await call('GET', '/v1/orders/ord_nope')).headers.get('request-id');
      expect(customer).toMatch(new RegExp(`^cus_${ULID}$`));
      expect(order.id).toMatch(new RegExp(`^ord_${ULID}$`));
      expect(c.id).toMatch(new RegExp(`^car_${ULID}$`));
      expect(evt).toMatch(new RegExp(`^evt_${ULID}$`));
      expect(req).toMatch(new RegExp(`^req_${ULID}$`));
    });
  });

  describe('Order', () => {
    const create = (body: unknown) => call('POST', '/v1/orders', { body });
    it(`O1: ${text('O1')}`, async () => {
      const { customer_id: _, ...body } = orderBody(customer);
      expect((await create(body)).body.error).toMatchObject({ type: 'validation_error', code: 'missing_required_field', param: 'customer_id' });
    });
    it(`O2: ${text('O2')}`, async () => {
      const r = await create(orderBody(customer));
      expect(r.body.pickup).toMatchObject({ address1: '1200 W Lake St', city: 'Chicago', state: 'IL', zip: '60607' });
      expect((await create(orderBody(customer, { pickup: { address1: 'x', city: 'y', state: 'Illinois', zip: '60607' } }))).body.error.param).toBe('pickup.state');
      expect((await create(orderBody(customer, { delivery: { address1: 'x', city: 'y', state: 'FL', zip: '3313' } }))).body.error.param).toBe('delivery.zip');
    });
    it(`O3: ${text('O3')}`, async () => {
      expect((await create(orderBody(customer, { vehicles: [] }))).status).toBe(400);
      const two = [{ vin: '1HGCM82633A004352', year: 2003, make: 'Honda', model: 'Accord' }, { vin: '124379N512345', year: 1969, make: 'Chevrolet', model: 'Camaro' }];
      const r = await create(orderBody(customer, { vehicles: two }));
      expect(r.status).toBe(201);
      expect(r.body.vehicles).toHaveLength(2);
    });
    it(`O4: ${text('O4')}`, async () => {
      expect((await create(orderBody(customer, { ready_date: '2026-12-01' }))).body.ready_date).toBe('2026-12-01');
      expect((await create(orderBody(customer, { ready_date: '12/01/2026' }))).body.error).toMatchObject({ code: 'invalid_format', param: 'ready_date' });
    });
    it(`O5: ${text('O5')}`, async () => {
      expect((await create(orderBody(customer, { delivery_window_days: 5 }))).body.delivery_window_days).toBe(5);
      expect((await create(orderBody(customer, { delivery_window_days: 2.5 }))).body.error.param).toBe('delivery_window_days');
    });
    it(`O6: ${text('O6')}`, async () => {
      const r = await create(orderBody(customer));
      expect(r.body).toMatchObject({ id: expect.any(String), status: expect.any(String), vehicles: expect.any(Array) });
      expect((await call('GET', `/v1/orders/${r.body.id}`)).body).toMatchObject({ id: r.body.id, status: r.body.status });
    });
  });

  describe('Carrier', () => {
    it(`C1: ${text('C1')}`, async () => {
      const bad = async (field: string, value: string) => (await call('POST', '/v1/carriers', { body: { dot_number: '2847193', contact_name: 'M', contact_email: 'm@carrier.example', phone: '+16025550117', [field]: value } })).body.error?.param;
      expect(await bad('mc_number', 'MC12')).toBe('mc_number');
      expect(await bad('dot_number', 'DOT1')).toBe('dot_number');
      expect(await bad('contact_email', 'not-mail')).toBe('contact_email');
      expect(await bad('phone', '602-555-0117')).toBe('phone');
    });
    it(`C2: ${text('C2')}`, async () => {
      const c = (await carrier(DOT.pass[2]!)).body;
      expect(c).toMatchObject({ id: expect.stringMatching(/^car_/), status: 'pending_vetting', safer_pull_status: 'queued' });
    });
  });

  describe('Event envelope', () => {
    it(`E1: ${text('E1')}`, async () => {
      await call('POST', '/v1/orders', { body: orderBody(customer) });
      await deliver();
      const last = receiver.received.at(-1)!;
      const e = JSON.parse(last.body);
      expect(e.id).toBe(last.headers['service-event-id']);
      expect(e.id).toMatch(/^evt_/);
      expect(EVENT_TYPES).toContain(e.type);
      expect(Number.isInteger(e.created) && Math.abs(e.created - Date.now() / 1000) < 3600).toBe(true);
      expect(typeof e.data).toBe('object');
    });
  });

  describe('Webhook endpoint', () => {
    afterAll(() => dropMadeUpEndpoints());
    const create = (body: Record<string, unknown>) => call('POST', '/v1/webhook_endpoints', { body: { enabled_events: ['*'], ...body } });
    it(`W1: ${text('W1')}`, async () => {
      expect((await create({ url: 'http://hooks.example.com/x' })).body.error).toMatchObject({ param: 'url' });
      expect((await create({ url: 'https://hooks.example.com/x' })).status).toBe(201);
    });
    it(`W2: ${text('W2')}`, async () => {
      expect((await create({ url: 'https://hooks.example.com/some', enabled_events: ['order.created'] })).body.enabled_events).toEqual(['order.created']);
      expect((await create({ url: 'https://hooks.example.com/all', enabled_events: ['*'] })).body.enabled_events).toEqual(['*']);
    });
    it(`W3: ${text('W3')}`, async () => {
      const ep = (await create({ url: 'https://hooks.example.com/pinned', api_version: SUPPORTED_VERSIONS.at(-1) })).body;
      expect(ep.api_version).toBe(SUPPORTED_VERSIONS.at(-1));
      const changed = await call('PATCH', `/v1/webhook_endpoints/${ep.id}`, { body: { api_version: SUPPORTED_VERSIONS[0] } });
      expect(changed.status).toBe(400); // pinned: not a field of an update
    });
    it(`W4: ${text('W4')}`, async () => {
      expect((await create({ url: 'https://hooks.example.com/d', description: 'TMS sync for the night shift' })).body.description).toBe('TMS sync for the night shift');
    });
  });

  describe('States and transitions', () => {
    it(`ST1: ${text('ST1')}`, async () => {
      const r = await carrier(DOT.pass[0]!, await h.key('st1'));
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({ status: 'pending_vetting', safer_pull_status: 'queued' });
      await vet();
      expect((await call('GET', `/v1/carriers/${r.body.id}`, { key: await h.key('st1') })).body.safer_pull_status).toBe('completed');
    });
  });

  describe('Endpoints', () => {
    afterAll(() => dropMadeUpEndpoints());
    it(`EP1: ${text('EP1')}`, async () => {
      const r = await call('POST', '/v1/customers', { raw: 'name=x', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
      expect(r.status).toBe(415);
      expect((await call('POST', '/v1/customers', { body: { name: 'JSON Co' } })).status).toBe(201);
    });
    it(`EP2: ${text('EP2')}`, async () => {
      const r = await call('GET', '/v1/orders', { key: null });
      expect(r.status).toBe(401);
      expect(r.headers.get('www-authenticate')).toMatch(/^Bearer/);
    });
    it(`EP3: ${text('EP3')}`, async () => {
      const reader = await h.key('acme', 'orders:read');
      expect((await call('POST', '/v1/orders', { key: reader, body: orderBody(customer) })).body.error).toMatchObject({ code: 'insufficient_scope' });
      expect((await call('POST', '/v1/orders', { key: await h.key('acme', 'orders:write'), body: orderBody(customer) })).status).toBe(201);
    });
    it(`EP4: ${text('EP4')}`, async () => {
      expect((await call('GET', '/v1/orders', { key: await h.key('acme', 'orders:write') })).status).toBe(403);
      const reader = await h.key('acme', 'orders:read');
      const o = (await call('POST', '/v1/orders', { body: orderBody(customer) })).body;
      const c = (await call('GET', '/v1/carriers?limit=100')).body.data.find((x: { status: string }) => x.status === 'active');
      await call('POST', `/v1/orders/${o.id}/dispatch`, { body: { carrier_id: c.id } });
      await call('POST', `/v1/orders/${o.id}/pickup`);
      const moving = await call('GET', '/v1/orders?status=in_transit&limit=1', { key: reader });
      expect(moving.body.data.map((x: { id: string; status: string }) => [x.id, x.status])).toEqual([[o.id, 'in_transit']]);
      expect((await call('GET', '/v1/orders?limit=2', { key: reader })).body.data).toHaveLength(2);
    });
    it(`EP5: ${text('EP5')}`, async () => {
      const first = (await call('GET', '/v1/orders?limit=1')).body;
      expect(first).toMatchObject({ data: [expect.any(Object)], has_more: true, next_cursor: first.data[0].id });
      const next = (await call('GET', `/v1/orders?limit=1&cursor=${first.next_cursor}`)).body;
      expect(next.data[0].id < first.data[0].id).toBe(true);
      const all = (await call('GET', '/v1/orders?limit=100')).body;
      expect(all).toMatchObject({ has_more: false, next_cursor: null });
    });
    it(`EP7: ${text('EP7')}`, async () => {
      expect((await carrier('2598341', await h.key('acme', 'carriers:read'))).status).toBe(403);
      const r = await carrier('2598341', await h.key('ep7', 'carriers:write'));
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({ id: expect.stringMatching(/^car_/), status: 'pending_vetting', safer_pull_status: 'queued' });
    });
    it(`EP8: ${text('EP8')}`, async () => {
      const body = { url: 'https://hooks.example.com/ep8', enabled_events: ['order.created'], description: 'ep8' };
      expect((await call('POST', '/v1/webhook_endpoints', { key: await h.key('acme', 'orders:write'), body })).status).toBe(403);
      // The endpoint receives orders: its maker must read them too (docs/security.md, the grant rule).
      expect((await call('POST', '/v1/webhook_endpoints', { key: await h.key('acme', 'webhooks:manage'), body })).status).toBe(403);
      const r = await call('POST', '/v1/webhook_endpoints', { key: await h.key('acme', 'webhooks:manage orders:read'), body });
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({ url: body.url, enabled_events: body.enabled_events, description: 'ep8', api_version: expect.any(String) });
    });
  });

  describe('Authentication', () => {
    it(`A1: ${text('A1')}`, async () => {
      const key = await h.key();
      expect((await call('GET', '/v1/orders', { key: null, headers: { Authorization: `Bearer ${key}` } })).status).toBe(200);
      expect((await call('GET', '/v1/orders', { key: 'sk_not_a_key' })).body.error.type).toBe('authentication_error');
    });
    it(`A2: ${text('A2')}`, async () => {
      const client = (await call('POST', '/v1/oauth_clients', { body: { name: 'partner', scopes: ['orders:read'] } })).body;
      const token = await checkedFetch(`${h.url}/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Basic ${Buffer.from(`${client.id}:${client.client_secret}`).toString('base64')}` },
        body: 'grant_type=client_credentials',
      }).then((r) => r.json() as Promise<{ access_token: string; token_type: string }>);
      expect(token.token_type).toBe('Bearer');
      expect((await call('GET', '/v1/orders', { key: token.access_token })).status).toBe(200);
      expect((await call('POST', '/v1/orders', { key: token.access_token, body: orderBody(customer) })).status).toBe(403);
    });
    it(`A3: ${text('A3')}`, async () => {
      const r = await call('POST', '/v1/api_keys', { body: { name: 'seven', scopes: SPEC_SCOPES } });
      expect(r.status).toBe(201);
      expect([...r.body.scopes].sort()).toEqual([...SPEC_SCOPES].sort());
      const key = r.body.secret;
      // With exactly these scopes an integrator can do what the table grants, orders included.
      const cus = (await call('POST', '/v1/customers', { key, body: { name: 'Seven Co' } })).body.id;
      const o = await call('POST', '/v1/orders', { key, body: orderBody(cus) });
      expect(o.status).toBe(201);
      expect((await call('POST', `/v1/orders/${o.body.id}/cancel`, { key, body: { reason: 'test' } })).status).toBe(200);
      expect((await call('GET', '/v1/carriers', { key })).status).toBe(200);
      expect((await call('GET', '/v1/webhook_endpoints', { key })).status).toBe(200);
      expect((await call('GET', '/v1/api_keys', { key })).status).toBe(403); // not a scope of the table
    });
    it(`A4: ${text('A4')}`, async () => {
      const old = SUPPORTED_VERSIONS.at(-1)!;
      const key = (await call('POST', '/v1/api_keys', { body: { scopes: ['orders:read'], api_version: old } })).body.secret;
      expect((await call('GET', '/v1/orders', { key })).headers.get('service-version')).toBe(old);
      expect((await call('GET', '/v1/orders')).headers.get('service-version')).toBe(SUPPORTED_VERSIONS[0]);
    });
    it(`A5: ${text('A5')}`, async () => {
      await call('POST', '/v1/orders', { body: orderBody(customer) });
      await deliver();
      const last = receiver.received.at(-1)!;
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(last.headers['service-signature']))!;
      expect(createHmac('sha256', endpoint.secret).update(`${t}.${last.body}`).digest('hex')).toBe(v1);
      expect(createHmac('sha256', 'whsec_wrong').update(`${t}.${last.body}`).digest('hex')).not.toBe(v1);
    });
  });

  describe('Events', () => {
    it(`EV1: ${text('EV1')}`, () => {
      for (const type of SPEC_EVENT_TYPES) expect(EVENT_TYPES).toContain(type);
    });
    it(`EV2: ${text('EV2')}`, async () => {
      const active = (await call('GET', '/v1/carriers?limit=100')).body.data.find((x: { status: string }) => x.status === 'active').id;
      const a = (await call('POST', '/v1/orders', { body: orderBody(customer) })).body.id;
      const b = (await call('POST', '/v1/orders', { body: orderBody(customer) })).body.id;
      await call('POST', `/v1/orders/${a}/dispatch`, { body: { carrier_id: active } });
      await call('POST', `/v1/orders/${a}/pickup`);
      await call('POST', `/v1/orders/${a}/exceptions`, { body: { kind: 'delay', note: 'Weather' } });
      await call('POST', `/v1/orders/${a}/deliver`, { body: { signed_by: 'Jordan Price' } });
      await call('POST', `/v1/orders/${b}/cancel`, { body: { reason: 'Customer changed plans' } });
      await deliver();
      // In the order they happened (event ids sort by creation), whatever order the deliveries took.
      const of = (id: string) => receiver.received.map((r) => JSON.parse(r.body)).filter((e) => e.data?.id === id).sort((x, y) => (x.id < y.id ? -1 : 1)).map((e) => e.type);
      expect(of(a)).toEqual(['order.created', 'order.dispatched', 'order.in_transit', 'order.exception', 'order.delivered']);
      expect(of(b)).toEqual(['order.created', 'order.cancelled']);
    });
    it(`EV3: ${text('EV3')}`, async () => {
      const key = await h.key('ev3');
      await call('POST', '/v1/webhook_endpoints', { key, body: { url: receiver.url, enabled_events: ['*'] } });
      const c = (await carrier(DOT.pass[1]!, key)).body;
      await vet();
      await call('POST', `/v1/carriers/${c.id}/suspend`, { key, body: { reason: 'Lapsed insurance' } });
      await deliver();
      const types = receiver.received.map((r) => JSON.parse(r.body)).filter((e) => e.data?.id === c.id).sort((x, y) => (x.id < y.id ? -1 : 1)).map((e) => e.type);
      expect(types).toEqual(['carrier.onboarded', 'carrier.vetted', 'carrier.suspended']);
    });
    it(`EV5: ${text('EV5')}`, async () => {
      const key = await h.key('ev5');
      await call('POST', '/v1/webhook_endpoints', { key, body: { url: receiver.url, enabled_events: ['compliance.alert'] } });
      await carrier(DOT.insurance_expired, key);
      await vet();
      await scanCompliance(h.background());
      await deliver();
      expect(delivered('compliance.alert').length).toBeGreaterThan(0);
    });
    it(`EV6: ${text('EV6')}`, async () => {
      const key = (await call('POST', '/v1/api_keys', { body: { name: 'to revoke', scopes: ['orders:read'] } })).body;
      await call('POST', `/v1/api_keys/${key.id}/revoke`);
      await deliver();
      expect(delivered('audit.privileged_action').some((x) => JSON.stringify(x.e.data).includes(key.id))).toBe(true);
    });
    it(`EV8: ${text('EV8')}`, async () => {
      await call('POST', '/v1/orders', { body: orderBody(customer) });
      await deliver();
      const last = receiver.received.at(-1)!;
      expect(last.headers['content-type']).toMatch(/^application\/json/);
      expect(last.headers['service-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(last.headers['service-event-id']).toBe(JSON.parse(last.body).id);
    });
  });

  describe('Signature', () => {
    it(`SG1: ${text('SG1')}`, async () => {
      await call('POST', '/v1/orders', { body: orderBody(customer) });
      await deliver();
      const last = receiver.received.at(-1)!;
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(last.headers['service-signature']))!;
      expect(createHmac('sha256', endpoint.secret).update(`${t}.${last.body}`).digest('hex')).toBe(v1);
    });
    it(`SG2: ${text('SG2')}`, async () => {
      await call('POST', '/v1/orders', { body: orderBody(customer) });
      await deliver();
      const t = Number(/^t=(\d+)/.exec(String(receiver.received.at(-1)!.headers['service-signature']))![1]);
      expect(Math.abs(t - clock.now().getTime() / 1000)).toBeLessThan(5); // fresh: a receiver's staleness check passes
    });
  });

  describe('Retries', () => {
    const failing = async () => {
      const key = await h.key(`retries-${Math.random()}`);
      const bad = await startReceiver({ status: 500 });
      await call('POST', '/v1/webhook_endpoints', { key, body: { url: bad.url, enabled_events: ['order.created'] } });
      const cus = (await call('POST', '/v1/customers', { key, body: { name: 'R' } })).body.id;
      await call('POST', '/v1/orders', { key, body: orderBody(cus) });
      return { key, bad };
    };
    it(`R1: ${text('R1')}`, async () => {
      const key = await h.key('r1');
      const r = await startReceiver({ status: 302, headers: { Location: 'https://example.com' } });
      try {
        const ep = (await call('POST', '/v1/webhook_endpoints', { key, body: { url: r.url, enabled_events: ['order.created'] } })).body;
        const cus = (await call('POST', '/v1/customers', { key, body: { name: 'R1' } })).body.id;
        await call('POST', '/v1/orders', { key, body: orderBody(cus) });
        await deliver();
        const d = (await call('GET', `/v1/webhook_endpoints/${ep.id}/deliveries`, { key })).body.data[0];
        expect(d).toMatchObject({ status: 'pending', attempt_count: 1 });
      } finally {
        await r.close();
      }
    });
    it(`R2: ${text('R2')}`, async () => {
      expect(ATTEMPT_DELAYS_MS).toEqual([0, 30_000, 300_000, 1_800_000, 21_600_000, 86_400_000]);
    });
    it(`R3: ${text('R3')}`, async () => {
      const { key, bad } = await failing();
      try {
        for (const delay of ATTEMPT_DELAYS_MS) {
          clock.advance(delay);
          await deliver();
        }
        const ep = (await call('GET', '/v1/webhook_endpoints', { key })).body.data[0].id;
        const d = (await call('GET', `/v1/webhook_endpoints/${ep}/deliveries`, { key })).body.data[0];
        expect(d).toMatchObject({ status: 'permanently_failed', attempt_count: 6 });
        expect(d.attempts).toHaveLength(6);
        expect(bad.received).toHaveLength(6);
      } finally {
        await bad.close();
      }
    }, 120_000);
    it(`R4: ${text('R4')}`, async () => {
      const evt = delivered('order.created').at(-1)!.e.id;
      const before = receiver.received.length;
      expect((await call('POST', `/v1/events/${evt}/replay`, { body: {} })).status).toBe(200);
      await deliver();
      expect(receiver.received.slice(before).map((r) => JSON.parse(r.body).id)).toContain(evt);
    });
  });

  describe('Idempotency', () => {
    it(`I1: ${text('I1')}`, async () => {
      const evt = delivered('order.created').at(-1)!.e.id;
      await call('POST', `/v1/events/${evt}/replay`, { body: {} });
      await deliver();
      const copies = receiver.received.filter((r) => r.headers['service-event-id'] === evt);
      expect(copies.length).toBeGreaterThanOrEqual(2);
      expect(new Set(copies.map((r) => JSON.parse(r.body).id))).toEqual(new Set([evt]));
    });
  });

  describe('Errors', () => {
    it(`ER1: ${text('ER1')}`, async () => {
      const r = await call('POST', '/v1/orders', { body: { ...orderBody(customer), customer_id: undefined } });
      expect(Object.keys(r.body)).toEqual(['error']);
      expect(r.body.error).toMatchObject({ type: expect.any(String), code: expect.any(String), message: expect.any(String), param: 'customer_id', request_id: expect.stringMatching(/^req_/) });
      expect(r.body.error.request_id).toBe(r.headers.get('request-id'));
    });
    it(`ER2: ${text('ER2')}`, async () => {
      const r = await call('POST', '/v1/customers', { body: {} });
      expect(r.body.error).toMatchObject({ type: 'validation_error', code: 'missing_required_field', param: 'name' });
    });
    it(`ER3: ${text('ER3')}`, async () => {
      const limited = await startHarness(backend, { database: h.database, rateLimit: { burst: 1, perMinute: 1 } });
      try {
        const key = await limited.key('er3');
        await limited.call('GET', '/v1/orders', { key });
        expect((await limited.call('GET', '/v1/orders', { key })).status).toBe(429);
      } finally {
        await limited.close();
      }
    });
  });

  describe('Accounting', () => {
    // One account of its own, with a receiver subscribed to everything, walks the money flow once;
    // each statement then reads what it names from that flow.
    let key: string;
    const flow: { invoice?: any; paid?: any; payments: any[]; carrierPayment?: any } = { payments: [] };
    const events = (type: string) => delivered(type).map((x) => x.e).filter((e) => [flow.invoice?.id, ...flow.payments.map((p) => p.id), flow.carrierPayment?.id].includes(e.data?.id));
    beforeAll(async () => {
      key = await h.key('conformance-accounting');
      await call('POST', '/v1/webhook_endpoints', { key, body: { url: receiver.url, enabled_events: ['*'] } });
      const cus = (await call('POST', '/v1/customers', { key, body: { name: 'Lakeside Motors', email: 'ap@lakeside.example' } })).body.id;
      const car = (await carrier(DOT.pass[0]!, key)).body.id;
      await vet();
      const order = (await call('POST', '/v1/orders', { key, body: orderBody(cus, { price: 145_000, carrier_pay: 120_000 }) })).body.id;
      await call('POST', `/v1/orders/${order}/dispatch`, { key, body: { carrier_id: car } });
      await call('POST', `/v1/orders/${order}/pickup`, { key });
      await call('POST', `/v1/orders/${order}/deliver`, { key, body: { signed_by: 'Jordan Price' } });
      const created = await call('POST', '/v1/invoices', { key, body: { customer_id: cus, due_date: '2026-12-31', lines: [{ description: 'Chicago, IL to Miami Beach, FL', quantity: 1, unit_amount: 145_000, order_id: order }] } });
      expect(created.status).toBe(201);
      flow.invoice = created.body;
      const sent = await call('POST', `/v1/invoices/${flow.invoice.id}/send`, { key, body: { email: 'ap@lakeside.example' } });
      expect(sent.status).toBe(200);
      for (const amount of [45_000, 100_000]) {
        const p = await call('POST', '/v1/payments', { key, body: { customer_id: cus, invoice_id: flow.invoice.id, amount, currency: 'usd', payment_method: 'ach', reference: `ACH-${amount}` } });
        expect(p.status).toBe(201);
        flow.payments.push(p.body);
      }
      const failed = await call('POST', '/v1/payments', { key, body: { customer_id: cus, amount: 5_000, currency: 'usd', payment_method: 'card', failure_reason: 'card_declined' } });
      expect(failed.status).toBe(201);
      flow.payments.push(failed.body);
      flow.paid = (await call('GET', `/v1/invoices/${flow.invoice.id}`, { key })).body;
      const cp = await call('POST', '/v1/carrier_payments', { key, body: { carrier_id: car, order_ids: [order], payment_method: 'ach', reference: 'ACH-CARRIER-1' } });
      expect(cp.status).toBe(201);
      flow.carrierPayment = cp.body;
      await deliver();
    });

    it(`S4: ${text('S4')}`, async () => {
      expect(flow.paid).toMatchObject({ object: 'invoice', status: 'PAID', amount_due: 145_000, amount_paid: 145_000, amount_remaining: 0 });
      expect(flow.payments.map((p) => p.status)).toEqual(['succeeded', 'succeeded', 'failed']);
      expect(flow.carrierPayment).toMatchObject({ object: 'carrier_payment', status: 'sent', amount: 120_000 });
      for (const path of ['/v1/invoices', '/v1/payments', '/v1/carrier_payments']) {
        expect((await call('GET', path, { key })).body.data.length).toBeGreaterThan(0);
      }
    });
    it(`ID2: ${text('ID2')}`, () => {
      expect(flow.invoice.id).toMatch(new RegExp(`^inv_${ULID}$`));
    });
    it(`E2: ${text('E2')}`, () => {
      const [paid] = events('invoice.paid');
      expect(Object.keys(paid.data).sort()).toEqual(['amount', 'currency', 'customer_id', 'id', 'paid_at', 'payment_method']);
      expect(paid.data).toMatchObject({ id: flow.invoice.id, amount: 145_000, customer_id: flow.invoice.customer_id, payment_method: 'ach' });
      expect(paid.data.currency).toMatch(/^[a-z]{3}$/);
      expect(Number.isInteger(paid.data.paid_at)).toBe(true);
    });
    it(`the choice made for E3 (amounts in cents, four payment methods)`, async () => {
      // The choice: integer cents, and payment_method one of ach, wire, check, card (anything else is a 400).
      expect(Number.isInteger(flow.payments[0].amount)).toBe(true);
      const r = await call('POST', '/v1/payments', { key, body: { customer_id: flow.invoice.customer_id, amount: 100, currency: 'usd', payment_method: 'bitcoin' } });
      expect(r.status).toBe(400);
      expect(r.body.error.param).toBe('payment_method');
    });
    it(`the choice made for ST5 (invoice states)`, async () => {
      expect(flow.invoice.status).toBe('DRAFT');
      const cus = flow.invoice.customer_id;
      const direct = (await call('POST', '/v1/invoices', { key, body: { customer_id: cus, due_date: '2026-12-31', send: true, lines: [{ description: 'Storage', quantity: 1, unit_amount: 5_000 }] } })).body;
      expect(direct.status).toBe('SENT');
      expect((await call('POST', `/v1/invoices/${direct.id}/void`, { key })).body.status).toBe('VOID');
      const again = await call('POST', `/v1/invoices/${flow.invoice.id}/void`, { key });
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('invalid_state_transition');
    });
    it(`EV4: ${text('EV4')}`, async () => {
      const types = (id: string) => receiver.received.map((r) => JSON.parse(r.body)).filter((e) => e.data?.id === id).sort((x, y) => (x.id < y.id ? -1 : 1)).map((e) => e.type);
      expect(types(flow.invoice.id)).toEqual(['invoice.created', 'invoice.sent', 'invoice.paid']);
      // invoice.sent: "emailed or posted to the customer": its message, with the invoice's PDF, is written with it.
      const messages = (await call('GET', `/v1/messages?subject_id=${flow.invoice.id}`, { key })).body.data;
      expect(messages.map((m: { kind: string; attachments: unknown[] }) => [m.kind, m.attachments.length])).toEqual([['invoice', 1]]);
      expect(types(flow.payments[0].id)).toEqual(['payment.received']);
      expect(types(flow.payments[1].id)).toEqual(['payment.received']);
      expect(types(flow.payments[2].id)).toEqual(['payment.failed']);
      expect(types(flow.carrierPayment.id)).toEqual(['carrier_payment.sent']);
    });
  });

  describe('Versioning', () => {
    it(`V1: ${text('V1')}`, () => {
      for (const v of SUPPORTED_VERSIONS) expect(v).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    });
    it(`V3: ${text('V3')}`, async () => {
      const key = (await call('POST', '/v1/api_keys', { body: { scopes: ['orders:read'], api_version: SUPPORTED_VERSIONS.at(-1) } })).body;
      expect((await call('GET', `/v1/api_keys/${key.id}`)).body.api_version ?? key.api_version).toBe(SUPPORTED_VERSIONS.at(-1));
      const newer = (await call('POST', '/v1/api_keys', { body: { scopes: ['orders:read'] } })).body;
      expect(newer.api_version).toBe(SUPPORTED_VERSIONS[0]);
    });
    it(`V4: ${text('V4')}`, async () => {
      expect(endpoint.api_version).toBe(SUPPORTED_VERSIONS[0]);
      expect((await call('GET', `/v1/webhook_endpoints/${endpoint.id}`)).body.api_version).toBe(endpoint.api_version);
    });
    it(`V5: ${text('V5')}`, async () => {
      expect((await call('GET', '/v1/orders')).status).toBe(200);
      expect((await call('GET', '/orders')).status).toBe(404);
    });
  });
});

describe.each(backends())('the limits on %s', (backend: Backend) => {
  let h: Harness;
  const clock = new TestClock(Date.UTC(2026, 10, 23, 12, 0, 0));
  beforeAll(async () => {
    h = await startHarness(backend, { clock, rateLimit: { burst: 200, perMinute: 100 } });
  });
  afterAll(() => h.close());
  let key: string;
  it(`L2: ${text('L2')}`, async () => {
    key = await h.key('limits');
    const statuses: number[] = [];
    for (let i = 0; i < 201; i++) statuses.push((await h.call('GET', '/v1/orders', { key })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(200);
    clock.advance(9_000); // still inside the same 10 seconds: nothing more, refill or not
    expect((await h.call('GET', '/v1/orders', { key })).status).toBe(429);
  }, 120_000);
  it(`L1: ${text('L1')}`, async () => {
    clock.advance(61_000); // 70 s after the burst: 116 tokens back at 100 a minute
    let ok = 0;
    while ((await h.call('GET', '/v1/orders', { key })).status === 200) ok++;
    expect(ok).toBe(Math.floor((70 * 100) / 60));
  }, 120_000);
  it(`L3: ${text('L3')}`, async () => {
    clock.advance(120_000);
    const r = await h.call('GET', '/v1/orders', { key });
    expect(r.headers.get('x-ratelimit-limit')).toBe('200');
    expect(Number(r.headers.get('x-ratelimit-remaining'))).toBe(199);
    expect(Number(r.headers.get('x-ratelimit-reset'))).toBeGreaterThanOrEqual(Math.floor(clock.now().getTime() / 1000));
    expect((await h.call('GET', '/v1/orders/ord_01JF3Q9R2S4T6V8W0X2Y4Z6A8B', { key })).headers.get('x-ratelimit-remaining')).toBe('198');
  });
  it(`L4: ${text('L4')}`, async () => {
    let r = await h.call('GET', '/v1/orders', { key });
    while (r.status === 200) r = await h.call('GET', '/v1/orders', { key });
    expect(r.status).toBe(429);
    expect(r.body.error).toMatchObject({ type: 'rate_limit_error', code: 'rate_limit_exceeded' });
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  }, 120_000);
});
