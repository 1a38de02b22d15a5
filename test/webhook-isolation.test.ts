// Endpoint isolation in one process: fair claims within each endpoint's limit over workers, the
// circuit breaker (endpoint_unavailable attempts on schedule without a connection, one probe), health
// in the API, and the automatic disabling of an endpoint failing for five days.
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { backends, type Backend } from './support/databases.js';
import { orderBody, startHarness, TestClock, type Harness } from './support/harness.js';
import { onDelivery, startReceiver, type Receiver } from './support/receiver.js';
import { DeliveryWorker } from '../src/webhooks/worker.js';
import { createTransport, type Transport } from '../src/webhooks/transport.js';
import { ATTEMPT_DELAYS_MS } from '../src/webhooks/schedule.js';
import { FAILING_DISABLE_MS } from '../src/webhooks/health.js';

const silent = pino({ level: 'silent' });

/** A server that counts connections and resets each one, or (once `answer` is set) answers 200. */
async function flakyServer() {
  const state = { connections: 0, answer: false, ok: [] as string[] };
  const server: Server = createServer((req, res) => {
    onDelivery(req, () => {
      state.ok.push(String(req.headers['service-event-id']));
      res.writeHead(200).end();
    });
  });
  server.on('connection', (socket: Socket) => {
    state.connections++;
    if (!state.answer) socket.destroy();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  const close = () => {
    server.closeAllConnections();
    return new Promise<void>((r) => server.close(() => r()));
  };
  return { state, url, close };
}

describe.each(backends())('webhook endpoint isolation on %s', (backend: Backend) => {
  let h: Harness;
  const clock = new TestClock(Date.UTC(2026, 10, 22, 12, 0, 0));
  const transports: Transport[] = [];
  const closers: (() => Promise<void>)[] = [];
  let customerId: string;

  const worker = (options: { workerId?: string; endpointConcurrency?: number } = {}) => {
    const transport = createTransport({ allowPrivateTargets: true, timeoutMs: 2_000 });
    transports.push(transport);
    return new DeliveryWorker({ db: h.database.db, clock, log: silent, transport, ...options });
  };
  const receiver = async (...args: Parameters<typeof startReceiver>): Promise<Receiver> => {
    const r = await startReceiver(...args);
    closers.push(() => r.close());
    return r;
  };
  const endpoint = async (url: string, key?: string) => {
    const r = await h.call('POST', '/v1/webhook_endpoints', { body: { url, enabled_events: ['order.created'] }, ...(key ? { key } : {}) });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as { id: string };
  };
  const orders = async (n: number, key?: string, customer = customerId) => {
    for (let i = 0; i < n; i++) await h.call('POST', '/v1/orders', { body: orderBody(customer), ...(key ? { key } : {}) });
  };
  const getEndpoint = async (id: string) => (await h.call('GET', `/v1/webhook_endpoints/${id}`)).body;
  const deliveries = async (id: string) => (await h.call('GET', `/v1/webhook_endpoints/${id}/deliveries?limit=100`)).body.data as any[];

  beforeAll(async () => {
    h = await startHarness(backend, { clock });
    customerId = (await h.call('POST', '/v1/customers', { body: { name: 'Isolated' } })).body.id;
  });
  afterEach(async () => {
    for (const c of closers.splice(0)) await c();
    const list = await h.call('GET', '/v1/webhook_endpoints?limit=100');
    for (const e of list.body.data) await h.call('DELETE', `/v1/webhook_endpoints/${e.id}`);
  });
  afterAll(async () => {
    await Promise.all(transports.map((t) => t.close()));
    await h?.close();
  });

  describe('claims', () => {
    it('take every endpoint in turn and never more than its limit over all workers', async () => {
      const busy = await receiver('hang');
      const quiet = await receiver();
      const noisy = await endpoint(busy.url);
      await orders(20); // 20 deliveries due to the noisy endpoint, created first
      const otherKey = await h.key('acct_isolation_other');
      const otherCustomer = (await h.call('POST', '/v1/customers', { body: { name: 'Other' }, key: otherKey })).body.id;
      const healthy = await endpoint(quiet.url, otherKey);
      await orders(1, otherKey, otherCustomer); // then one to a healthy endpoint of another account

      const a = worker({ workerId: 'worker-a' });
      const b = worker({ workerId: 'worker-b' });
      const first = await a.claim(3);
      // Round-robin: the healthy endpoint's only delivery is in the first claim despite 20 older ones.
      expect(first.map((c) => c.endpointId).sort()).toEqual([noisy.id, noisy.id, healthy.id].sort());
      const second = await b.claim(64);
      const third = await a.claim(64);
      const noisyLeased = [...first, ...second, ...third].filter((c) => c.endpointId === noisy.id);
      expect(noisyLeased).toHaveLength(4); // the default limit, counted over both workers
      expect(third).toHaveLength(0);
      // Within one endpoint, oldest due first.
      const logged = (await deliveries(noisy.id)).reverse();
      expect(noisyLeased.map((c) => c.id)).toEqual(logged.slice(0, 4).map((d) => d.id));
      // Their leases expire: the next four are claimed.
      clock.advance(60_000);
      expect((await b.claim(64)).filter((c) => c.endpointId === noisy.id).map((c) => c.id)).toEqual(logged.slice(0, 4).map((d) => d.id));
      await h.call('DELETE', `/v1/webhook_endpoints/${healthy.id}`, { key: otherKey }); // afterEach cleans the default account only
    });
  });

  describe('the window claimed ahead', () => {
    it('goes to one worker at a time: over two running workers, a quick endpoint has its limit in flight at most', async () => {
      // A receiver answering each request a millisecond after it arrived, noting the most in flight at once.
      const state = { inFlight: 0, max: 0, ok: 0 };
      const server = createServer((req, res) => {
        state.max = Math.max(state.max, ++state.inFlight);
        onDelivery(req, () =>
          setTimeout(() => {
            state.inFlight--;
            state.ok++;
            res.writeHead(200).end();
          }, 1),
        );
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      closers.push(() => {
        server.closeAllConnections();
        return new Promise<void>((r) => server.close(() => r()));
      });
      const quick = await endpoint(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`);
      await orders(60);

      // The endpoint's leases, sampled while the workers drain it: how many, and held by how many owners.
      const samples: { owners: number; total: number }[] = [];
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          const held = await h.database.db
            .em()
            .execute<{ n: number }[]>(
              'select lease_owner, count(*)::int as n from webhook_deliveries_queue where endpoint_id = ? and lease_owner is not null group by lease_owner',
              [quick.id],
            );
          samples.push({ owners: held.length, total: held.reduce((sum, r) => sum + r.n, 0) });
          await new Promise((r) => setTimeout(r, 2));
        }
      })();
      const a = worker({ workerId: 'worker-a' });
      const b = worker({ workerId: 'worker-b' });
      // Both hold leases of the endpoint from the start: b two, a the rest of the limit.
      const held = await b.claim(2);
      expect(held).toHaveLength(2);
      await Promise.all([a.start(), b.start()]);
      for (const c of held) void b.deliver(c);
      try {
        for (let i = 0; i < 400 && state.ok < 60; i++) await new Promise((r) => setTimeout(r, 25));
      } finally {
        await Promise.all([a.stop(), b.stop()]);
        sampling = false;
        await sampler;
      }
      expect(state.ok).toBe(60);
      expect((await deliveries(quick.id)).filter((d) => d.status === 'succeeded')).toHaveLength(60);
      expect(state.max).toBeGreaterThan(0);
      expect(state.max).toBeLessThanOrEqual(4); // the default limit, over both workers
      expect(samples.length).toBeGreaterThan(0);
      // The limit and its window (64) at most; while two workers held leases of it, the limit at most.
      expect(Math.max(...samples.map((s) => s.total))).toBeLessThanOrEqual(68);
      expect(Math.max(0, ...samples.filter((s) => s.owners > 1).map((s) => s.total))).toBeLessThanOrEqual(4);
    });
  });

  describe('circuit breaker', () => {
    it('opens after 5 unreachable attempts, records endpoint_unavailable on schedule without a connection, and a probe closes it', async () => {
      const server = await flakyServer();
      closers.push(server.close);
      const ep = await endpoint(server.url);
      await orders(7);
      const w = worker({ endpointConcurrency: 10 });
      const t0 = clock.now().getTime();

      // 1. Seven connection resets in a row: the breaker opens.
      expect(await w.runOnce()).toBe(7);
      const connections = server.state.connections;
      expect(connections).toBeGreaterThanOrEqual(7);
      let health = (await getEndpoint(ep.id)).health;
      expect(health).toMatchObject({ breaker: 'open', consecutive_failures: 7, failing_since: t0 / 1000, last_success_at: null });

      // 2. 30 s later all seven are due again: one probe connects, six are recorded without a connection.
      clock.advance(ATTEMPT_DELAYS_MS[1]);
      expect(await w.runOnce()).toBe(7);
      expect(server.state.connections).toBe(connections + 1);
      health = (await getEndpoint(ep.id)).health;
      expect(health).toMatchObject({ breaker: 'open', consecutive_failures: 8 });
      let log = await deliveries(ep.id);
      const secondAttempts = log.map((d) => d.attempts[1].error).sort();
      expect(secondAttempts).toEqual(['connection_reset', ...Array(6).fill('endpoint_unavailable')]);
      expect(log.find((d) => d.attempts[1].error === 'endpoint_unavailable').attempts[1]).toMatchObject({ response_status: null, duration_ms: 0 });

      // 3. The endpoint recovers; 5 min later the probe succeeds and closes the breaker.
      server.state.answer = true;
      clock.advance(ATTEMPT_DELAYS_MS[2]);
      expect(await w.runOnce()).toBe(7);
      expect(server.state.ok).toHaveLength(1);
      health = (await getEndpoint(ep.id)).health;
      expect(health).toMatchObject({ breaker: 'closed', consecutive_failures: 0, failing_since: null, last_success_at: clock.now().getTime() / 1000 });

      // 4. 30 min later the six others are sent for real and succeed.
      clock.advance(ATTEMPT_DELAYS_MS[3]);
      expect(await w.runOnce()).toBe(6);
      expect(await w.runOnce()).toBe(0);
      log = await deliveries(ep.id);
      expect(log.every((d) => d.status === 'succeeded')).toBe(true);
      // Each event reached the receiver exactly once with a 200: nothing lost, nothing sent twice.
      expect(new Set(server.state.ok).size).toBe(7);
      expect(server.state.ok).toHaveLength(7);
      // The exact schedule, the unavailable attempts included.
      const waited = log.find((d) => d.attempt_count === 4);
      expect(waited.attempts.map((a: { error: string | null }) => a.error)).toEqual(['connection_reset', 'endpoint_unavailable', 'endpoint_unavailable', null]);
      const starts = waited.attempts.map((a: { started_at: number }) => a.started_at);
      expect(starts.slice(1).map((s: number, i: number) => s - starts[i])).toEqual(ATTEMPT_DELAYS_MS.slice(1, 4).map((d) => d / 1000));
    });

    it('does not open on HTTP errors: the endpoint answers', async () => {
      const r = await receiver({ status: 503 });
      const ep = await endpoint(r.url);
      await orders(6);
      await worker({ endpointConcurrency: 10 }).runOnce();
      expect((await getEndpoint(ep.id)).health).toMatchObject({ breaker: 'closed', consecutive_failures: 6 });
    });
  });

  describe('health', () => {
    it('disables an endpoint failing for five days without a success, audited; re-enabling starts afresh', async () => {
      const r = await receiver({ status: 500 });
      const ep = await endpoint(r.url);
      await orders(1);
      const w = worker();
      await w.runOnce();
      const failingSince = clock.now().getTime() / 1000;
      expect((await getEndpoint(ep.id)).health).toMatchObject({ consecutive_failures: 1, failing_since: failingSince });
      for (const delay of ATTEMPT_DELAYS_MS.slice(1)) {
        clock.advance(delay);
        await w.runOnce();
      }
      // 30 h 35 min of failures: still enabled.
      expect(await getEndpoint(ep.id)).toMatchObject({ status: 'enabled', disabled_reason: null });
      clock.advance(FAILING_DISABLE_MS);
      await w.start(); // its housekeeping runs before its first claim
      await w.stop();
      const disabled = await getEndpoint(ep.id);
      expect(disabled).toMatchObject({ status: 'disabled', disabled_reason: 'failing', health: { consecutive_failures: 6, failing_since: failingSince } });
      const audit = (await h.call('GET', '/v1/events?type=audit.privileged_action&limit=5')).body.data.map((e: { data: unknown }) => e.data);
      expect(audit).toContainEqual(expect.objectContaining({ action: 'webhook_endpoint.disabled', target: ep.id, actor: 'system' }));

      const enabled = await h.call('PATCH', `/v1/webhook_endpoints/${ep.id}`, { body: { status: 'enabled' } });
      expect(enabled.body).toMatchObject({ status: 'enabled', disabled_reason: null, health: { consecutive_failures: 0, failing_since: null, breaker: 'closed' } });
      const manual = await h.call('PATCH', `/v1/webhook_endpoints/${ep.id}`, { body: { status: 'disabled' } });
      expect(manual.body).toMatchObject({ status: 'disabled', disabled_reason: 'manual' });
    });
  });
});
