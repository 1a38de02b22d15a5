// Rate limits: the token bucket of API-DESIGN (200 burst, 100 per minute, 200 in any 10 s) per key or
// OAuth client, shared by every server process through PostgreSQL or Redis; each store answers the
// boundaries alike and computes exactly what the one step (src/http/rate-limit.step.ts) does.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { backends, createTestDatabase, type Backend, type TestDatabase } from './support/databases.js';
import { startHarness, TestClock, type Harness } from './support/harness.js';
import { createApiKey, parseScopes } from '../src/auth/auth.service.js';
import { systemClock } from '../src/shared/clock.js';
import { freePort } from './support/ports.js';
import fc from 'fast-check';
import { memoryStore, postgresStore, stepPolicy } from '../src/http/rate-limit.js';
import { stepNow, type BucketState } from '../src/http/rate-limit.step.js';
import { checkBoundaries } from './support/rate-limit-model.js';
import { redisStore } from '../src/http/rate-limit.redis.js';
import { checkedFetch } from './support/contract-check.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisAvailable = await (async () => {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
})();

describe.each(backends())('the default policy on %s', (backend: Backend) => {
  let h: Harness;
  const clock = new TestClock(Date.UTC(2026, 10, 22, 12, 0, 0));
  beforeAll(async () => {
    h = await startHarness(backend, { clock, rateLimit: { burst: 200, perMinute: 100 } });
  });
  afterAll(() => h.close());

  it('allows a burst of 200, refuses the 201st with Retry-After, and gives one request back every 0.6 s', async () => {
    const key = await h.key('burst');
    for (let i = 0; i < 200; i++) {
      const r = await h.call('GET', '/v1/orders', { key });
      expect(r.status).toBe(200);
      expect(r.headers.get('x-ratelimit-remaining')).toBe(String(199 - i));
    }
    const refused = await h.call('GET', '/v1/orders', { key });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('10'); // the window's oldest leaves in 10 s
    expect(refused.headers.get('x-ratelimit-limit')).toBe('200');
    expect(Number(refused.headers.get('x-ratelimit-reset'))).toBe(Math.ceil(clock.now().getTime() / 1000 + 120));
    // The bucket has a token back after 0.6 s, but the 10-second window already holds 200.
    clock.advance(600);
    const windowFull = await h.call('GET', '/v1/orders', { key });
    expect(windowFull.status).toBe(429);
    expect(windowFull.headers.get('retry-after')).toBe('10');
    clock.advance(9_400);
    expect((await h.call('GET', '/v1/orders', { key })).status).toBe(200);
    clock.advance(60_000);
    const after = await h.call('GET', '/v1/orders', { key });
    expect(after.headers.get('x-ratelimit-remaining')).toBe(String(Math.floor(10 * 100 / 60 - 1 + 100 - 1)));
  }, 60_000);

  it("puts the key's headers on every authenticated answer, errors included, and the address's on the others", async () => {
    const key = await h.key('headers');
    const missing = await h.call('GET', '/v1/orders/ord_01JF3Q9R2S4T6V8W0X2Y4Z6A8B', { key });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-ratelimit-remaining')).toBe('199');
    const health = await h.call('GET', '/healthz', { key: null });
    expect(health.headers.get('x-ratelimit-limit')).toBe('200');
    for (const [method, path] of [['GET', '/v1/nothing-here'], ['DELETE', '/v1/orders'], ['GET', '/v1/orders'], ['POST', '/oauth/token'], ['POST', '/oauth/introspect']] as const) {
      const r = await h.call(method, path, { key: null });
      expect(r.status, path).toBeGreaterThanOrEqual(400);
      for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) expect(r.headers.get(name), `${method} ${path} ${name}`).toMatch(/^\d+$/);
    }
  });
});

describe.each(backends())('throttling by client address on %s', (backend: Backend) => {
  let h: Harness;
  let admin: string;
  const clock = new TestClock(Date.UTC(2026, 10, 22, 12, 0, 0));
  let n = 0;
  /** A client address of its own for each test (the harness trusts one proxy). */
  const from = () => ({ 'X-Forwarded-For': `198.51.100.${++n}` });
  const form = (fields: Record<string, string>) => ({ raw: new URLSearchParams(fields).toString(), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
  beforeAll(async () => {
    h = await startHarness(backend, { clock, rateLimit: { burst: 200, perMinute: 100 }, trustedProxies: 1 });
    admin = await h.key('throttled');
  });
  afterAll(() => h.close());

  it('answers 429 with Retry-After once 200 bad keys came from one address, even to a good key, until the bucket refills', async () => {
    const address = from();
    const statuses: number[] = [];
    let last: Awaited<ReturnType<Harness['call']>> & { body: any } | undefined;
    for (let i = 0; i < 250; i++) {
      last = await h.call('GET', '/v1/orders', { key: `sk_test_wrong${i}`, headers: address });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 200).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(200).every((s) => s === 429)).toBe(true);
    // 200 within 10 seconds at most (all 200 came at one instant of the test clock): back in 10 s.
    expect(last!.headers.get('retry-after')).toBe('10');
    expect(last!.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(last!.body.error).toMatchObject({ type: 'rate_limit_error', code: 'rate_limit_exceeded' });
    // A right guess cannot be told from a wrong one while the address is throttled.
    expect((await h.call('GET', '/v1/orders', { key: admin, headers: address })).status).toBe(429);
    // Other addresses are not affected; the bucket refills.
    expect((await h.call('GET', '/v1/orders', { key: admin, headers: from() })).status).toBe(200);
    clock.advance(9_000);
    expect((await h.call('GET', '/v1/orders', { key: admin, headers: address })).status).toBe(429);
    clock.advance(1_000);
    expect((await h.call('GET', '/v1/orders', { key: admin, headers: address })).status).toBe(200);
  }, 120_000);

  it('does not charge the address for requests a key authenticated', async () => {
    const address = from();
    for (let i = 0; i < 5; i++) expect((await h.call('GET', '/v1/orders', { key: admin, headers: address })).status).toBe(200);
    const anonymous = await h.call('GET', '/healthz', { key: null, headers: address });
    expect(anonymous.headers.get('x-ratelimit-remaining')).toBe('200');
  });

  it('throttles /oauth/token and /oauth/introspect per address, in the OAuth error shape', async () => {
    const address = from();
    for (let i = 0; i < 200; i++) {
      const path = i % 2 ? '/oauth/token' : '/oauth/introspect';
      const r = await h.call('POST', path, { key: null, ...form({ client_id: `oac_nobody${i}`, client_secret: 'x', grant_type: 'client_credentials', token: 'x' }), headers: { ...form({}).headers, ...address } });
      expect(r.status).toBe(401);
    }
    for (const path of ['/oauth/token', '/oauth/introspect']) {
      const r = await h.call('POST', path, { key: null, ...form({ grant_type: 'client_credentials' }), headers: { ...form({}).headers, ...address } });
      expect(r.status).toBe(429);
      expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(r.headers.get('x-ratelimit-limit')).toBe('200');
      expect(r.body).toMatchObject({ error: 'invalid_request' });
    }
  }, 120_000);

  it("slows down one OAuth client after repeated failed authentications, whatever the address, and leaves the others alone", async () => {
    const created = async () => (await h.call('POST', '/v1/oauth_clients', { key: admin, body: { scopes: ['orders:read'] } })).body as { id: string; client_secret: string };
    const [victim, other] = [await created(), await created()];
    const token = (client: { id: string }, secret: string) =>
      h.call('POST', '/oauth/token', { key: null, ...form({ client_id: client.id, client_secret: secret, grant_type: 'client_credentials' }), headers: { ...form({}).headers, ...from() } });
    for (let i = 0; i < 10; i++) expect((await token(victim, `ocs_guess${i}`)).status).toBe(401);
    const refused = await token(victim, victim.client_secret);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('10');
    expect((await token(other, other.client_secret)).status).toBe(200);
    clock.advance(10_000);
    expect((await token(victim, victim.client_secret)).status).toBe(200);
  }, 60_000);

  it('counts X-Forwarded-For only as far as the trusted proxies go', async () => {
    // One trusted proxy: the client is the last entry; what the client put before it is ignored.
    const a = await h.call('GET', '/healthz', { key: null, headers: { 'X-Forwarded-For': '203.0.113.9, 198.51.100.250' } });
    const b = await h.call('GET', '/v1/nothing', { key: null, headers: { 'X-Forwarded-For': '203.0.113.10, 198.51.100.250' } });
    expect(Number(b.headers.get('x-ratelimit-remaining'))).toBe(Number(a.headers.get('x-ratelimit-remaining')) - 1);
  });
});

/**
 * Every 10-second window of accepted requests from one key, for a client that sends as fast as it is
 * let (times from the injected clock): the most any window holds.
 */
function busiestWindow(accepted: number[], windowMs = 10_000): number {
  let most = 0;
  for (let i = 0, j = 0; i < accepted.length; i++) {
    while (accepted[j]! <= accepted[i]! - windowMs) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

const stores = [
  { name: 'memory', available: true, make: async () => ({ store: memoryStore(), em: undefined as never, done: async () => undefined }) },
  {
    name: 'PostgreSQL',
    available: Boolean(process.env.TEST_DATABASE_URL),
    make: async () => {
      const database = await createTestDatabase('postgresql');
      return { store: postgresStore(), em: database.db.em() as never, done: () => database.drop() };
    },
  },
  { name: 'Redis', available: redisAvailable, make: async () => ({ store: redisStore(REDIS_URL), em: undefined as never, done: async () => undefined }) },
];

describe.each(stores.filter((s) => s.available))('the $name store', ({ make }) => {
  it('lets at most 200 requests through in any 10 seconds, and 100 a minute in the long run', async () => {
    const { store, em, done } = await make();
    try {
      const policy = { burst: 200, perMinute: 100 };
      const key = `window-${Date.now()}-${Math.random()}`;
      const start = Date.UTC(2026, 10, 22, 12, 0, 0);
      const accepted: number[] = [];
      // A client sending every 40 ms for three minutes (4,500 attempts).
      for (let t = start; t < start + 180_000; t += 40) {
        if ((await store.take(key, policy, new Date(t), em)).allowed) accepted.push(t);
      }
      expect(busiestWindow(accepted)).toBe(200);
      expect(accepted.filter((t) => t < start + 10_000)).toHaveLength(200); // the whole burst, at once
      // Three minutes: the burst of 200 plus 100 a minute for the rest (never 216 in the first 10 s).
      expect(accepted.length).toBeLessThanOrEqual(200 + Math.ceil((180_000 * 100) / 60_000));
      expect(accepted.length).toBeGreaterThanOrEqual(200 + Math.floor(((180_000 - 10_000) * 100) / 60_000) - 1);
    } finally {
      await store.close();
      await done();
    }
  }, 120_000);

  it('answers the boundaries: 199, 200 and 201 within 10 s; 100 more in the minute after a burst, the next in the 61st second', async () => {
    const { store, em, done } = await make();
    try {
      const run = `${Date.now()}-${Math.random()}`;
      await checkBoundaries(store, em, (name) => `boundaries:${run}:${name}`, Date.UTC(2026, 10, 22, 12, 0, 0));
    } finally {
      await store.close();
      await done();
    }
  }, 120_000);

  it('computes every take and peek exactly as the step does (the same doubles), on random sequences', async () => {
    const { store, em, done } = await make();
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.record({ burst: fc.integer({ min: 1, max: 40 }), perMinute: fc.integer({ min: 1, max: 1_200 }), windowSeconds: fc.integer({ min: 1, max: 20 }) }),
          fc.array(fc.tuple(fc.integer({ min: 0, max: 12_000 }), fc.boolean()), { minLength: 1, maxLength: 40 }),
          async (policy, list) => {
            const key = `random:${Date.now()}:${Math.random()}`;
            const address = `random-address:${Date.now()}:${Math.random()}`;
            let own: BucketState | undefined;
            let t = Date.UTC(2026, 10, 22, 12, 0, 0);
            for (const [gap, taking] of list) {
              t += gap;
              const expected = stepNow(own, stepPolicy(policy), t, taking);
              if (taking) {
                // The caller's take and its address's bucket in one call, and the address taken from.
                const [got, peeked] = await store.takeAndPeek(key, address, policy, new Date(t), em);
                expect(got).toEqual(expected);
                expect(peeked).toEqual(await store.peek(address, policy, new Date(t), em));
                await store.take(address, policy, new Date(t), em);
                own = expected.state;
              } else {
                expect(await store.peek(key, policy, new Date(t), em)).toEqual(expected);
              }
            }
          },
        ),
        { numRuns: 20 },
      );
    } finally {
      await store.close();
      await done();
    }
  }, 120_000);
});

/** A server process (ROLE=api) on `env`, ready when /readyz answers. */
async function serverProcess(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { ...process.env, ROLE: 'api', PORT: String(port), LOG_LEVEL: 'warn', RATE_LIMIT_BURST: '20', RATE_LIMIT_PER_MINUTE: '1', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    const ok = await checkedFetch(`${url}/readyz`).then((r) => r.status === 200, () => false);
    if (ok) return { url, child };
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server not ready');
}

const sharedStores = [
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL', env: {} as Record<string, string> }] : []),
  ...(process.env.TEST_DATABASE_URL && redisAvailable ? [{ name: 'Redis', env: { REDIS_URL: REDIS_URL } }] : []),
];

describe.skipIf(sharedStores.length === 0).each(sharedStores)('two server processes sharing one budget through $name', ({ env }) => {
  let database: TestDatabase;
  let servers: { url: string; child: ChildProcess }[] = [];
  beforeAll(async () => {
    database = await createTestDatabase('postgresql');
    servers = await Promise.all([0, 1].map(() => serverProcess({ DATABASE_URL: database.url!, ...env })));
  }, 60_000);
  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => new Promise((r) => (s.child.exitCode !== null ? r(null) : s.child.once('exit', r)))));
    await database.drop();
  });

  it('spends one bucket of 20 across both processes', async () => {
    const { secret } = await createApiKey(database.db.em(), { accountName: `shared-${Date.now()}`, scopes: parseScopes('all') }, systemClock);
    const statuses: number[] = [];
    // Alternate between the processes, two at a time, so both serve and race on the same bucket.
    for (let i = 0; i < 15; i++) {
      const replies = await Promise.all(servers.map((s) => checkedFetch(`${s.url}/v1/orders`, { headers: { Authorization: `Bearer ${secret}` } })));
      statuses.push(...replies.map((r) => r.status));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  }, 60_000);
});

describe.skipIf(!redisAvailable)('the Redis store', () => {
  it('is chosen by REDIS_URL and refills by the injected clock', async () => {
    const clock = new TestClock(Date.UTC(2026, 10, 22, 12, 0, 0));
    const h = await startHarness('pglite', { clock, redisUrl: REDIS_URL, rateLimit: { burst: 2, perMinute: 60 } });
    try {
      const key = await h.key(`redis-${Date.now()}-${Math.random()}`);
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await h.call('GET', '/v1/orders', { key })).status);
      expect(statuses).toEqual([200, 200, 429]);
      clock.advance(1000); // a token is back, but the 10-second window holds its 2
      expect((await h.call('GET', '/v1/orders', { key })).status).toBe(429);
      clock.advance(9000);
      const r = await h.call('GET', '/v1/orders', { key });
      expect(r.status).toBe(200);
      expect(r.headers.get('x-ratelimit-remaining')).toBe('1');
    } finally {
      await h.close();
    }
  }, 60_000);
});
