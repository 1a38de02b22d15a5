// Webhooks over real HTTP: endpoints API, signing, the durable retry schedule, workers, replay, recovery.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { backends, type Backend } from './support/databases.js';
import { orderBody, startHarness, TestClock, type Harness } from './support/harness.js';
import { startReceiver, type Receiver } from './support/receiver.js';
import { DeliveryWorker } from '../src/webhooks/worker.js';
import { createTransport, type Transport } from '../src/webhooks/transport.js';
import { verifySignature } from '../src/webhooks/signer.js';
import { ATTEMPT_DELAYS_MS, MAX_ATTEMPTS } from '../src/webhooks/schedule.js';
import { EVENT_TYPES } from '../generated/events.js';
import { emitEvent } from '../src/webhooks/emitter.js';
import { ID_TIME_LEAD_MS, newId } from '../src/shared/ids.js';

/** Each backend's run of the creation filter test, at times of its own after the last one's. */
let createdFilterRuns = 0;

const silent = pino({ level: 'silent' });
/**
 * What the tests' endpoints subscribe to unless they say otherwise: every type but the audit log's
 * (changing, replaying or recovering an endpoint is itself audited, and would be delivered too).
 */
const ALL_BUT_AUDIT = EVENT_TYPES.filter((t) => t !== 'audit.privileged_action' && t !== 'webhook_endpoint.test');
const isAudit = (body: string) => JSON.parse(body).type === 'audit.privileged_action';

describe.each(backends({ pooler: true }))('webhooks on %s', (backend: Backend) => {
  let h: Harness;
  const clock = new TestClock(Date.UTC(2026, 10, 22, 12, 0, 0));
  const transports: Transport[] = [];
  const receivers: Receiver[] = [];
  let customerId: string;

  const transport = (timeoutMs = 2_000) => {
    const t = createTransport({ allowPrivateTargets: true, timeoutMs });
    transports.push(t);
    return t;
  };
  const worker = (options: { timeoutMs?: number; workerId?: string; pollMs?: number } = {}) =>
    new DeliveryWorker({
      db: h.database.db,
      clock,
      log: silent,
      transport: transport(options.timeoutMs),
      ...(options.workerId ? { workerId: options.workerId } : {}),
      ...(options.pollMs ? { pollMs: options.pollMs } : {}),
    });
  const receiver = async (...args: Parameters<typeof startReceiver>) => {
    const r = await startReceiver(...args);
    receivers.push(r);
    return r;
  };
  const endpoint = async (url: string, enabled_events: string[] = ALL_BUT_AUDIT, key?: string) => {
    const r = await h.call('POST', '/v1/webhook_endpoints', { body: { url, enabled_events }, ...(key ? { key } : {}) });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as { id: string; secret: string };
  };
  const order = async (key?: string, customer = customerId) =>
    (await h.call('POST', '/v1/orders', { body: orderBody(customer), ...(key ? { key } : {}) })).body as { id: string };
  /** Runs the worker until nothing is due now. */
  const drain = async (w: DeliveryWorker) => {
    while ((await w.runOnce()) > 0);
  };

  beforeAll(async () => {
    h = await startHarness(backend, { clock });
    customerId = (await h.call('POST', '/v1/customers', { body: { name: 'Hooked' } })).body.id;
  });
  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((r) => r.close()));
    // Endpoints of one test must not receive the next test's events.
    const list = await h.call('GET', '/v1/webhook_endpoints?limit=100');
    for (const e of list.body.data) await h.call('DELETE', `/v1/webhook_endpoints/${e.id}`);
  });
  afterAll(async () => {
    await Promise.all(transports.map((t) => t.close()));
    await h.close();
  });

  describe('endpoints API', () => {
    it('creates an endpoint with a secret shown once, reads, lists, updates and deletes it', async () => {
      const created = await h.call('POST', '/v1/webhook_endpoints', {
        body: { url: 'https://hooks.example.com/vt', enabled_events: ['order.created'], description: 'TMS', metadata: { team: 'ops' } },
      });
      expect(created.status).toBe(201);
      expect(created.headers.get('location')).toBe(`/v1/webhook_endpoints/${created.body.id}`);
      expect(created.body).toMatchObject({
        object: 'webhook_endpoint',
        url: 'https://hooks.example.com/vt',
        enabled_events: ['order.created'],
        api_version: '2027-01-15',
        status: 'enabled',
        description: 'TMS',
        previous_secret_expires_at: null,
      });
      expect(created.body.id).toMatch(/^we_[0-9A-HJKMNP-TV-Z]{26}$/);
      expect(created.body.secret).toMatch(/^whsec_[0-9A-Za-z]{43}$/);
      const read = await h.call('GET', `/v1/webhook_endpoints/${created.body.id}`);
      expect(read.body.secret).toBeUndefined();
      const { secret: _s, ...withoutSecret } = created.body;
      expect(read.body).toEqual(withoutSecret);
      expect((await h.call('GET', '/v1/webhook_endpoints')).body.data.map((e: { id: string }) => e.id)).toContain(created.body.id);
      const updated = await h.call('PATCH', `/v1/webhook_endpoints/${created.body.id}`, {
        body: { enabled_events: ['*'], status: 'disabled', description: null },
      });
      expect(updated.body).toMatchObject({ enabled_events: ['*'], status: 'disabled', description: null });
      const deleted = await h.call('DELETE', `/v1/webhook_endpoints/${created.body.id}`);
      expect(deleted.body).toEqual({ id: created.body.id, object: 'webhook_endpoint', livemode: true, deleted: true });
      expect((await h.call('GET', `/v1/webhook_endpoints/${created.body.id}`)).status).toBe(404);
    });

    it('refuses "*" mixed with types, unknown types, and non-https URLs to other hosts', async () => {
      const mixed = await h.call('POST', '/v1/webhook_endpoints', { body: { url: 'https://a.example.com', enabled_events: ['*', 'order.created'] } });
      expect(mixed.body.error).toMatchObject({ type: 'validation_error', param: 'enabled_events' });
      const unknown = await h.call('POST', '/v1/webhook_endpoints', { body: { url: 'https://a.example.com', enabled_events: ['order.teleported'] } });
      expect(unknown.status).toBe(400);
      const plain = await h.call('POST', '/v1/webhook_endpoints', { body: { url: 'http://hooks.example.com/x', enabled_events: ['*'] } });
      expect(plain.body.error).toMatchObject({ code: 'invalid_format', param: 'url' });
    });

    it('keeps paging when the last item of a page is deleted before the next page is read', async () => {
      const key = await h.key('paging-deleted');
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await h.call('POST', '/v1/webhook_endpoints', { key, body: { url: `https://hooks.example.com/p${i}`, enabled_events: ['order.created'] } })).body.id);
      const first = await h.call('GET', '/v1/webhook_endpoints?limit=2', { key });
      expect(first.body.data.map((e: { id: string }) => e.id)).toEqual([ids[4], ids[3]]);
      expect(first.body.next_cursor).toBe(ids[3]);
      expect((await h.call('DELETE', `/v1/webhook_endpoints/${ids[3]}`, { key })).status).toBe(200);
      const second = await h.call('GET', `/v1/webhook_endpoints?limit=2&cursor=${first.body.next_cursor}`, { key });
      expect(second.status).toBe(200);
      expect(second.body.data.map((e: { id: string }) => e.id)).toEqual([ids[2], ids[1]]);
      const last = await h.call('GET', `/v1/webhook_endpoints?limit=2&cursor=${second.body.next_cursor}`, { key });
      expect(last.body).toMatchObject({ has_more: false, next_cursor: null });
      expect(last.body.data.map((e: { id: string }) => e.id)).toEqual([ids[0]]);
    });

    it("hides another account's endpoints", async () => {
      const mine = await endpoint('https://hooks.example.com/mine');
      const stranger = await h.key('stranger');
      expect((await h.call('GET', `/v1/webhook_endpoints/${mine.id}`, { key: stranger })).status).toBe(404);
      expect((await h.call('DELETE', `/v1/webhook_endpoints/${mine.id}`, { key: stranger })).status).toBe(404);
      expect((await h.call('GET', '/v1/webhook_endpoints', { key: stranger })).body.data).toEqual([]);
    });
  });

  describe('delivery and signature', () => {
    it('POSTs the signed envelope with the event id header; the signature verifies only with the right secret, body and time', async () => {
      const r = await receiver();
      const ep = await endpoint(r.url);
      const o = await order();
      await drain(worker());
      expect(r.received).toHaveLength(1);
      const got = r.received[0]!;
      const body = JSON.parse(got.body);
      expect(got.method).toBe('POST');
      expect(got.headers['content-type']).toBe('application/json');
      expect(got.headers['service-event-id']).toBe(body.id);
      expect(body).toMatchObject({ object: 'event', type: 'order.created', api_version: '2027-01-15', data: { id: o.id } });
      const header = got.headers['service-signature'] as string;
      expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      const now = Math.floor(clock.now().getTime() / 1000);
      expect(verifySignature(got.body, header, ep.secret, { now })).toBeNull();
      expect(verifySignature(got.body, header, 'whsec_wrong', { now })).toBe('no_matching_signature');
      expect(verifySignature(got.body.replace('order.created', 'order.cancelled'), header, ep.secret, { now })).toBe('no_matching_signature');
      expect(verifySignature(got.body, header, ep.secret, { now: now + 301 })).toBe('timestamp_outside_tolerance');
      expect(verifySignature(got.body, undefined, ep.secret, { now })).toBe('malformed_header');
      const log = await h.call('GET', `/v1/webhook_endpoints/${ep.id}/deliveries`);
      expect(log.body.data[0]).toMatchObject({ status: 'succeeded', attempt_count: 1, next_attempt_at: null, event_type: 'order.created' });
      expect(log.body.data[0].attempts[0]).toMatchObject({ number: 1, response_status: 200, response_body: '{"received":true}', error: null });
    });

    it('sends an endpoint only the types it subscribes to', async () => {
      const onlyCancelled = await receiver();
      const all = await receiver();
      await endpoint(onlyCancelled.url, ['order.cancelled']);
      await endpoint(all.url, ['*']);
      const o = await order();
      await h.call('POST', `/v1/orders/${o.id}/cancel`);
      await drain(worker());
      expect(onlyCancelled.received.map((x) => JSON.parse(x.body).type)).toEqual(['order.cancelled']);
      expect(all.received.map((x) => JSON.parse(x.body).type).sort()).toEqual(['order.cancelled', 'order.created']);
    });

    it("never sends an account's events to another account's endpoints", async () => {
      const theirs = await receiver();
      const otherKey = await h.key('other-account');
      await endpoint(theirs.url, ['*'], otherKey);
      await order();
      await drain(worker());
      expect(theirs.received).toHaveLength(0);
    });

    it('records no delivery for a disabled endpoint and resumes pending ones when re-enabled', async () => {
      const r = await receiver();
      const ep = await endpoint(r.url);
      await order();
      await h.call('PATCH', `/v1/webhook_endpoints/${ep.id}`, { body: { status: 'disabled' } });
      await drain(worker());
      expect(r.received).toHaveLength(0);
      await h.call('PATCH', `/v1/webhook_endpoints/${ep.id}`, { body: { status: 'enabled' } });
      await drain(worker());
      expect(r.received).toHaveLength(1);
    });
  });

  describe('retry schedule', () => {
    it(`retries after ${ATTEMPT_DELAYS_MS.slice(1).map((d) => d / 1000).join(', ')} seconds, then is permanently_failed after ${MAX_ATTEMPTS}`, async () => {
      const r = await receiver({ status: 500, body: 'boom' });
      const ep = await endpoint(r.url);
      await order();
      const w = worker();
      const started = clock.now().getTime();
      let elapsed = 0;
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const delay = ATTEMPT_DELAYS_MS[attempt - 1]!;
        if (delay > 0) {
          clock.advance(delay - 1);
          expect(await w.runOnce(), `attempt ${attempt} is not due 1 ms early`).toBe(0);
          clock.advance(1);
        }
        elapsed += delay;
        expect(await w.runOnce(), `attempt ${attempt}`).toBe(1);
        expect(clock.now().getTime() - started).toBe(elapsed);
      }
      clock.advance(7 * 24 * 3_600_000);
      expect(await w.runOnce()).toBe(0);
      expect(r.received).toHaveLength(MAX_ATTEMPTS);
      const log = (await h.call('GET', `/v1/webhook_endpoints/${ep.id}/deliveries?status=permanently_failed`)).body.data;
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ status: 'permanently_failed', attempt_count: 6, next_attempt_at: null });
      const startedAts = log[0].attempts.map((a: { started_at: number }) => a.started_at);
      const gaps = startedAts.slice(1).map((t: number, i: number) => t - startedAts[i]);
      expect(gaps).toEqual(ATTEMPT_DELAYS_MS.slice(1).map((d) => d / 1000));
      expect(log[0].attempts.every((a: { response_status: number; response_body: string }) => a.response_status === 500 && a.response_body === 'boom')).toBe(true);
      // The next attempt is announced while retries remain.
      expect((await h.call('GET', `/v1/webhook_endpoints/${ep.id}/deliveries?status=pending`)).body.data).toEqual([]);
    });

    it('sets a waiting retry aside from the deliveries ready to claim, and takes it back on time', async () => {
      const r = await receiver({ status: 503 });
      const ep = await endpoint(r.url);
      await order();
      const w = worker();
      const scheduled = async () =>
        ((await h.database.db.em().execute('select scheduled from webhook_deliveries_queue where endpoint_id = ?', [ep.id])) as { scheduled: boolean }[]).map((x) => x.scheduled);
      expect(await scheduled()).toEqual([false]); // new: ready at once
      expect(await w.runOnce()).toBe(1);
      expect(await scheduled()).toEqual([true]); // failed: its retry waits, out of the claim's way
      clock.advance(30_000 - 1);
      expect(await w.runOnce()).toBe(0);
      expect(await scheduled()).toEqual([true]);
      clock.advance(1);
      expect(await w.runOnce()).toBe(1); // due: taken back among the ready, claimed and sent
      expect(r.received).toHaveLength(2);
      expect(await scheduled()).toEqual([true]); // failed again: the third attempt waits
    });

    it.each([
      ['a redirect (not followed)', { status: 302, headers: { Location: 'http://127.0.0.1:9/elsewhere' } }, 302, null],
      ['a client error', { status: 404 }, 404, null],
      ['a server error', { status: 503 }, 503, null],
      ['no answer in time', 'hang', null, 'timeout'],
    ] as const)('counts %s as a failure and schedules the next attempt in 30 s', async (_name, behaviour, status, error) => {
      const r = await receiver(behaviour as never);
      const ep = await endpoint(r.url);
      await order();
      await drain(worker({ timeoutMs: 300 }));
      const [d] = (await h.call('GET', `/v1/webhook_endpoints/${ep.id}/deliveries`)).body.data;
      expect(d).toMatchObject({ status: 'pending', attempt_count: 1, next_attempt_at: Math.floor(clock.now().getTime() / 1000) + 30 });
      expect(d.attempts[0]).toMatchObject({ response_status: status, error });
    });

    it('records a refused connection', async () => {
      const r = await receiver();
      const url = r.url;
      await r.close();
      receivers.splice(receivers.indexOf(r), 1);
      const ep = await endpoint(url);
      await order();
      await drain(worker());
      const [d] = (await h.call('GET', `/v1/webhook_endpoints/${ep.id}/deliveries`)).body.data;
      expect(d.attempts[0]).toMatchObject({ response_status: null, error: 'connection_refused' });
    });

    it('does not let a hanging receiver hold up deliveries to others', async () => {
      const slow = await receiver('hang');
      const fast = await receiver();
      await endpoint(slow.url);
      await endpoint(fast.url);
      const w = worker({ timeoutMs: 1_500 });
      await w.start();
      try {
        const t0 = Date.now();
        await order();
        await fast.waitFor(1, 1_000);
        expect(Date.now() - t0).toBeLessThan(1_000);
      } finally {
        await w.stop();
      }
    });
  });

  describe('workers', () => {
    it('two workers never deliver the same attempt twice', async () => {
      const r = await receiver();
      await endpoint(r.url);
      for (let i = 0; i < 25; i++) await order();
      const a = worker({ workerId: 'worker-a' });
      const b = worker({ workerId: 'worker-b' });
      let total = 0;
      for (;;) {
        const [x, y] = await Promise.all([a.runOnce(), b.runOnce()]);
        total += x + y;
        if (x + y === 0) break;
      }
      expect(total).toBe(25);
      const ids = r.received.map((x) => x.headers['service-event-id']);
      expect(new Set(ids).size).toBe(25);
      expect(ids).toHaveLength(25);
    });

    it('wakes on NOTIFY when an event commits, without waiting for its poll', async () => {
      const r = await receiver();
      await endpoint(r.url);
      const w = worker({ pollMs: 60_000 });
      await w.start();
      try {
        await new Promise((res) => setTimeout(res, 100));
        const t0 = Date.now();
        await order();
        await r.waitFor(1, 5_000);
        expect(Date.now() - t0).toBeLessThan(2_000);
      } finally {
        await w.stop();
      }
    });

    it('takes over a claim whose lease expired (a crashed worker) and delivers it', async () => {
      const r = await receiver();
      const ep = await endpoint(r.url);
      await order();
      const crashed = worker({ workerId: 'crashed' });
      const claimed = await crashed.claim(10);
      expect(claimed).toHaveLength(1);
      const other = worker({ workerId: 'survivor' });
      expect(await other.runOnce(), 'still leased').toBe(0);
      clock.advance(60_000);
      expect(await other.runOnce()).toBe(1);
      expect(r.received).toHaveLength(1);
      const [d] = (await h.call('GET', `/v1/webhook_endpoints/${ep.id}/deliveries`)).body.data;
      expect(d).toMatchObject({ status: 'succeeded', attempt_count: 1 });
    });
  });

  describe('secret rotation', () => {
    it('signs with both secrets during the grace period and only the new one after it', async () => {
      const r = await receiver();
      const ep = await endpoint(r.url);
      const rotated = await h.call('POST', `/v1/webhook_endpoints/${ep.id}/rotate_secret`, { body: { grace_period_seconds: 3600 } });
      expect(rotated.status).toBe(200);
      expect(rotated.body.secret).toMatch(/^whsec_/);
      expect(rotated.body.secret).not.toBe(ep.secret);
      expect(rotated.body.previous_secret_expires_at).toBe(Math.floor(clock.now().getTime() / 1000) + 3600);
      await order();
      await drain(worker());
      const during = r.received[0]!;
      const now = () => Math.floor(clock.now().getTime() / 1000);
      expect((during.headers['service-signature'] as string).match(/v1=/g)).toHaveLength(2);
      expect(verifySignature(during.body, during.headers['service-signature'] as string, ep.secret, { now: now() })).toBeNull();
      expect(verifySignature(during.body, during.headers['service-signature'] as string, rotated.body.secret, { now: now() })).toBeNull();
      clock.advance(3600_000 + 1000);
      await order();
      await drain(worker());
      const after = r.received[1]!;
      expect((after.headers['service-signature'] as string).match(/v1=/g)).toHaveLength(1);
      expect(verifySignature(after.body, after.headers['service-signature'] as string, rotated.body.secret, { now: now() })).toBeNull();
      expect(verifySignature(after.body, after.headers['service-signature'] as string, ep.secret, { now: now() })).toBe('no_matching_signature');
      expect((await h.call('GET', `/v1/webhook_endpoints/${ep.id}`)).body.previous_secret_expires_at).toBeNull();
    });
  });

  describe('POST /v1/webhook_endpoints/{id}/test (testWebhookEndpoint)', () => {
    it('sends the endpoint a signed webhook_endpoint.test event, subscribed or not, logged with its attempts', async () => {
      const r = await receiver();
      const ep = await endpoint(r.url, ['order.cancelled']);
      const sent = await h.op('testWebhookEndpoint', { params: { webhook_endpoint_id: ep.id } });
      expect(sent.status).toBe(201);
      expect(sent.headers.get('location')).toBe(`/v1/webhook_deliveries/${sent.body.id}`);
      expect(sent.body).toMatchObject({ object: 'webhook_delivery', webhook_endpoint_id: ep.id, event_type: 'webhook_endpoint.test', status: 'pending', attempt_count: 0, attempts: [] });
      await drain(worker());
      expect(r.received).toHaveLength(1);
      const got = r.received[0]!;
      const body = JSON.parse(got.body);
      const now = Math.floor(clock.now().getTime() / 1000);
      expect(verifySignature(got.body, got.headers['service-signature'] as string, ep.secret, { now })).toBeNull();
      expect(body).toMatchObject({ id: sent.body.event_id, object: 'event', type: 'webhook_endpoint.test', api_version: '2027-01-15' });
      // The endpoint as the API renders it, never with its secret (its health as it was when the event was sent).
      const rendered = await h.op('getWebhookEndpoint', { params: { webhook_endpoint_id: ep.id } });
      expect(body.data).toEqual({ ...rendered.body, health: { ...rendered.body.health, last_success_at: null } });
      expect(rendered.body.health).toMatchObject({ last_success_at: now, consecutive_failures: 0, breaker: 'closed' });
      expect(body.data).not.toHaveProperty('secret');
      expect(got.body).not.toContain(ep.secret);
      const logged = await h.op('getWebhookDelivery', { params: { webhook_delivery_id: sent.body.id } });
      expect(logged.body).toMatchObject({ status: 'succeeded', attempt_count: 1 });
      expect(logged.body.attempts[0]).toMatchObject({ number: 1, response_status: 200, error: null });
      const event = await h.op('getEvent', { params: { event_id: sent.body.event_id } });
      expect(event.body).toMatchObject({ type: 'webhook_endpoint.test', data: { id: ep.id } });
    });

    it('reaches no other endpoint, not even one subscribed to "*", and is replayed only to its own endpoint', async () => {
      const tested = await receiver();
      const bystander = await receiver();
      const ep = await endpoint(tested.url, ['*']);
      const other = await endpoint(bystander.url, ['*']);
      const sent = await h.op('testWebhookEndpoint', { params: { webhook_endpoint_id: ep.id } });
      const w = worker();
      await drain(w);
      // Both receive every audit.privileged_action (the second endpoint's creation, the replay).
      const tests = (r: Receiver) => r.received.filter((x) => !isAudit(x.body));
      expect(tests(tested)).toHaveLength(1);
      expect(tests(bystander)).toHaveLength(0);
      const replayed = await h.op('replayEvent', { params: { event_id: sent.body.event_id }, body: {} });
      expect(replayed.body.deliveries.map((d) => d.webhook_endpoint_id)).toEqual([ep.id]);
      const toOther = await h.op('replayEvent', { params: { event_id: sent.body.event_id }, body: { webhook_endpoint_id: other.id } });
      expect(toOther.status).toBe(409);
      expect(toOther.error).toMatchObject({ code: 'endpoint_not_subscribed', param: 'webhook_endpoint_id' });
      await drain(w);
      expect(tests(tested).map((x) => x.headers['service-event-id'])).toEqual([sent.body.event_id, sent.body.event_id]);
      expect(tests(bystander)).toHaveLength(0);
    });

    it('retries a failing test delivery on the usual schedule', async () => {
      const r = await receiver({ status: 503 });
      const ep = await endpoint(r.url);
      const sent = await h.op('testWebhookEndpoint', { params: { webhook_endpoint_id: ep.id } });
      await drain(worker());
      const logged = await h.op('getWebhookDelivery', { params: { webhook_delivery_id: sent.body.id } });
      expect(logged.body).toMatchObject({ status: 'pending', attempt_count: 1 });
      expect(logged.body.attempts[0]).toMatchObject({ response_status: 503 });
      expect(logged.body.next_attempt_at).toBe(Math.floor((clock.now().getTime() + ATTEMPT_DELAYS_MS[1]!) / 1000));
    });

    it('refuses a disabled endpoint (409 endpoint_disabled), and 404s an unknown or another account\'s endpoint', async () => {
      const r = await receiver();
      const ep = await endpoint(r.url);
      await h.op('updateWebhookEndpoint', { params: { webhook_endpoint_id: ep.id }, body: { status: 'disabled' } });
      const disabled = await h.op('testWebhookEndpoint', { params: { webhook_endpoint_id: ep.id } });
      expect(disabled.status).toBe(409);
      expect(disabled.error).toMatchObject({ code: 'endpoint_disabled', param: 'webhook_endpoint_id' });
      const stranger = await h.key('stranger-test');
      const theirs = await h.op('testWebhookEndpoint', { params: { webhook_endpoint_id: ep.id }, key: stranger });
      expect(theirs.status).toBe(404);
      expect((await h.op('testWebhookEndpoint', { params: { webhook_endpoint_id: 'we_01JF3QE8G0J2K4M6N8P0Q2R4S6' } })).status).toBe(404);
      expect((await h.call('GET', `/v1/webhook_endpoints/${ep.id}/deliveries`)).body.data).toHaveLength(0);
    });
  });

  describe('events, replay and recovery', () => {
    it('lists and reads events, filtered by type, only within the account', async () => {
      const o = await order();
      await h.call('POST', `/v1/orders/${o.id}/cancel`);
      const cancelled = await h.call('GET', '/v1/events?type=order.cancelled&limit=1');
      expect(cancelled.body.data[0]).toMatchObject({ object: 'event', type: 'order.cancelled', data: { id: o.id, status: 'cancelled' } });
      const id = cancelled.body.data[0].id;
      expect((await h.call('GET', `/v1/events/${id}`)).body).toEqual(cancelled.body.data[0]);
      const stranger = await h.key('stranger-events');
      expect((await h.call('GET', `/v1/events/${id}`, { key: stranger })).status).toBe(404);
    });

    it("filters events by creation time to the second, an event whose id runs ahead of its creation time included", async () => {
      const key = await h.key('created-filter');
      const [account] = await h.database.db.em().execute<{ id: string }[]>('select id from accounts where name = ?', ['created-filter']);
      // Times after any id made so far (ids made for a time far behind the last id's are not moved ahead).
      const base = Math.floor(Date.UTC(2099, 10, 20, 8) / 1000) + 7 * 86_400 * createdFilterRuns++;
      const emit = async (second: number, leadMs = 0) => {
        const at = new Date((base + second) * 1000 + 500);
        // Another request took an id for a later time just before: this event's id is made at that time.
        if (leadMs) newId('request', at.getTime() + leadMs);
        return (await emitEvent(h.background(), 'order.created', { id: `ord_${second}` } as never, { accountId: account!.id, now: at })).id;
      };
      const a = await emit(0);
      const b = await emit(1);
      const c = await emit(2, ID_TIME_LEAD_MS - 1);
      newId('request', (base + 86_400) * 1000); // an id a day later: the next is made at its own time
      const d = await emit(61);
      expect(c > d).toBe(true);
      const ids = async (q: string) => (await h.call('GET', `/v1/events?limit=10&${q}`, { key })).body.data.map((e: { id: string }) => e.id);
      expect(await ids(`created[gte]=${base}&created[lte]=${base}`)).toEqual([a]);
      expect(await ids(`created[gte]=${base + 1}&created[lte]=${base + 2}`)).toEqual([c, b]);
      expect(await ids(`created[gte]=${base + 2}&created[lte]=${base + 2}`)).toEqual([c]);
      expect(await ids(`created[lte]=${base + 1}`)).toEqual([b, a]);
      expect(await ids(`created[gte]=${base + 3}`)).toEqual([d]);
      expect(await ids(`created[gte]=${base + 61}&created[lte]=${base + 61}`)).toEqual([d]);
      expect(await ids(`created[gte]=${base + 62}`)).toEqual([]);
      expect(await ids(`created[lte]=${base - 1}`)).toEqual([]);
      // The creation time each shows.
      const all = (await h.call('GET', '/v1/events?limit=10', { key })).body.data as { id: string; created: number }[];
      expect(Object.fromEntries(all.map((e) => [e.id, e.created]))).toEqual({ [a]: base, [b]: base + 1, [c]: base + 2, [d]: base + 61 });
    });

    it('replays an event with the same id, to all subscribed endpoints or one', async () => {
      const r1 = await receiver();
      const r2 = await receiver();
      const e1 = await endpoint(r1.url);
      await endpoint(r2.url);
      await order();
      const w = worker();
      await drain(w);
      const eventId = JSON.parse(r1.received[0]!.body).id;
      const all = await h.call('POST', `/v1/events/${eventId}/replay`);
      expect(all.status).toBe(200);
      expect(all.body).toMatchObject({ object: 'event_replay', event_id: eventId });
      expect(all.body.deliveries).toHaveLength(2);
      await drain(w);
      const one = await h.call('POST', `/v1/events/${eventId}/replay`, { body: { webhook_endpoint_id: e1.id } });
      expect(one.body.deliveries.map((d: { webhook_endpoint_id: string }) => d.webhook_endpoint_id)).toEqual([e1.id]);
      await drain(w);
      // A key pinned to 2026-12-01 sends `endpoint_id` and is answered the list of deliveries, each with its `endpoint_id`.
      const pinned = await h.key('acme', 'all', { apiVersion: '2026-12-01' });
      const old = await h.call('POST', `/v1/events/${eventId}/replay`, { key: pinned, body: { endpoint_id: e1.id } });
      expect(old.status).toBe(200);
      expect(old.headers.get('service-version')).toBe('2026-12-01');
      expect(old.body).toMatchObject({ object: 'list', has_more: false, next_cursor: null });
      expect(old.body.data.map((d: Record<string, unknown>) => [d.endpoint_id, 'webhook_endpoint_id' in d])).toEqual([[e1.id, false]]);
      await drain(w);
      expect(r1.received.map((x) => x.headers['service-event-id'])).toEqual([eventId, eventId, eventId, eventId]);
      expect(r2.received.map((x) => x.headers['service-event-id'])).toEqual([eventId, eventId]);
      expect(r1.received[2]!.body).toBe(r1.received[0]!.body);
    });

    it('refuses to replay to an endpoint that is not subscribed to the type, or disabled (409)', async () => {
      const r = await receiver();
      const other = await endpoint(r.url, ['order.cancelled']);
      const all = await endpoint(r.url, ['*']);
      await order();
      const eventId = (await h.call('GET', '/v1/events?type=order.created&limit=1')).body.data[0].id;
      const notSubscribed = await h.call('POST', `/v1/events/${eventId}/replay`, { body: { webhook_endpoint_id: other.id } });
      expect(notSubscribed.status).toBe(409);
      expect(notSubscribed.body.error).toMatchObject({ code: 'endpoint_not_subscribed', param: 'webhook_endpoint_id' });
      // The older name is no field of the current version.
      const oldName = await h.call('POST', `/v1/events/${eventId}/replay`, { body: { endpoint_id: other.id } });
      expect(oldName.status).toBe(400);
      expect(oldName.body.error).toMatchObject({ code: 'unknown_field', param: 'endpoint_id' });
      // A key pinned to 2026-12-01 is told of the field by the name it sent.
      const pinned = await h.key('acme', 'all', { apiVersion: '2026-12-01' });
      const oldNotSubscribed = await h.call('POST', `/v1/events/${eventId}/replay`, { key: pinned, body: { endpoint_id: other.id } });
      expect(oldNotSubscribed.status).toBe(409);
      expect(oldNotSubscribed.body.error).toMatchObject({ code: 'endpoint_not_subscribed', param: 'endpoint_id' });
      const malformed = await h.call('POST', `/v1/events/${eventId}/replay`, { key: pinned, body: { endpoint_id: 'nope' } });
      expect(malformed.status).toBe(400);
      expect(malformed.body.error.param).toBe('endpoint_id');
      expect(malformed.body.error.message).not.toContain('webhook_endpoint_id');
      await h.call('PATCH', `/v1/webhook_endpoints/${all.id}`, { body: { status: 'disabled' } });
      const disabled = await h.call('POST', `/v1/events/${eventId}/replay`, { body: { webhook_endpoint_id: all.id } });
      expect(disabled.body.error).toMatchObject({ code: 'endpoint_disabled', param: 'webhook_endpoint_id' });
    });

    it('recovers permanently failed deliveries of a time range', async () => {
      const r = await receiver({ status: 500 });
      const ep = await endpoint(r.url);
      const since = Math.floor(clock.now().getTime() / 1000);
      await order();
      const w = worker();
      for (const delay of ATTEMPT_DELAYS_MS) {
        clock.advance(delay);
        await w.runOnce();
      }
      expect((await h.call('GET', `/v1/webhook_endpoints/${ep.id}/deliveries?status=permanently_failed`)).body.data).toHaveLength(1);
      const none = await h.call('POST', `/v1/webhook_endpoints/${ep.id}/recover`, { body: { since: since - 100, until: since - 1 } });
      expect(none.body).toMatchObject({ object: 'webhook_recovery', requeued: 0 });
      r.fallback = { status: 200 };
      const rec = await h.call('POST', `/v1/webhook_endpoints/${ep.id}/recover`, { body: { since } });
      expect(rec.body).toMatchObject({ object: 'webhook_recovery', webhook_endpoint_id: ep.id, since, requeued: 1 });
      await drain(w);
      const [d] = (await h.call('GET', `/v1/webhook_endpoints/${ep.id}/deliveries`)).body.data;
      expect(d).toMatchObject({ status: 'succeeded', attempt_count: 7, webhook_endpoint_id: ep.id });
      // A key pinned to 2026-12-01 reads the delivery and the recovery with `endpoint_id`.
      const pinned = await h.key('acme', 'all', { apiVersion: '2026-12-01' });
      const listed = await h.call('GET', `/v1/webhook_endpoints/${ep.id}/deliveries`, { key: pinned });
      expect(listed.status, listed.text).toBe(200);
      const [old] = listed.body.data;
      expect(old).toMatchObject({ id: d.id, endpoint_id: ep.id });
      expect(old).not.toHaveProperty('webhook_endpoint_id');
      const oldRecovery = await h.call('POST', `/v1/webhook_endpoints/${ep.id}/recover`, { key: pinned, body: { since: since - 100, until: since - 1 } });
      expect(oldRecovery.body).toMatchObject({ object: 'webhook_recovery', endpoint_id: ep.id, requeued: 0 });
      expect(oldRecovery.body).not.toHaveProperty('webhook_endpoint_id');
      expect(r.received.at(-1)!.headers['service-event-id']).toBe(r.received[0]!.headers['service-event-id']);
    });
  });
});

describe.each(backends({ pooler: true }))('webhook URLs in production mode on %s', (backend: Backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend, { production: true });
  });
  afterAll(() => h.close());
  it('accepts only https', async () => {
    const r = await h.call('POST', '/v1/webhook_endpoints', { body: { url: 'http://127.0.0.1:8080/hooks', enabled_events: ['*'] } });
    expect(r.body.error).toMatchObject({ code: 'invalid_value', param: 'url' });
    const ok = await h.call('POST', '/v1/webhook_endpoints', { body: { url: 'https://hooks.example.com/x', enabled_events: ['*'] } });
    expect(ok.status).toBe(201);
  });
});
