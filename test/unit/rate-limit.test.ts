// The rate limit (API-DESIGN, "Rate limits"): a token bucket of 200 refilled at 100 per minute, and no
// 10 seconds holding more than 200 accepted requests; the `X-RateLimit-*` headers and `Retry-After`
// it answers; the buckets in process memory and in PostgreSQL (the embedded database, in memory:
// the real statements); the per-address throttle and the caller's limit as pipeline steps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, hashSecret } from '../../src/auth/auth.service.js';
import type { Database } from '../../src/db/orm.js';
import { openEmbeddedDatabase } from '../support/embedded-database.js';
import {
  clientThrottle,
  limitOf,
  memoryStore,
  postgresStore,
  rateLimit,
  throttleAddresses,
  withMemoryFallback,
  type BucketStore,
  type RateLimitPolicy,
  type Take,
} from '../../src/http/rate-limit.js';
import type { PipelineContext } from '../../src/http/state.js';
import { ApiError } from '../../src/shared/errors.js';

/** The design's default policy: 200 at once, 100 per minute, 200 in any 10 s. */
const POLICY: RateLimitPolicy = { burst: 200, perMinute: 100 };
const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);
const T0_S = T0 / 1000;
const at = (ms: number) => new Date(T0 + ms);

/** The embedded database (PGlite, in memory, migrated: test/support/embedded-database.ts), opened only by the tests that use it. */
let db: Database | undefined;
const useDatabase = () => {
  beforeAll(async () => {
    db ??= await openEmbeddedDatabase();
  }, 60_000);
};
afterAll(() => db?.close());
/** An entity manager of the embedded database; the memory store needs none. */
const emOf = () => (db ? db.em() : (undefined as never));

const take = (over: Partial<Take>): Take => ({ tokens: 200, allowed: true, inWindow: 0, oldest: undefined, newest: undefined, ...over });

describe('limitOf: the headers and Retry-After of a take', () => {
  it('after the first request of a fresh key: 199 remaining, full again once that request leaves the window', () => {
    const r = limitOf(POLICY, at(0), take({ tokens: 199, inWindow: 1, oldest: T0, newest: T0 }));
    expect(r.allowed).toBe(true);
    expect(r.headers).toEqual({ 'X-RateLimit-Limit': '200', 'X-RateLimit-Remaining': '199', 'X-RateLimit-Reset': String(T0_S + 10) });
  });

  it('after 200 at once: refused, Retry-After 10 (the oldest leaves the window), reset when 200 tokens are back (120 s)', () => {
    const r = limitOf(POLICY, at(0), take({ tokens: 0, allowed: false, inWindow: 200, oldest: T0, newest: T0 }));
    expect(r.allowed).toBe(false);
    expect(r.retryAfter).toBe(10);
    expect(r.headers).toEqual({ 'X-RateLimit-Limit': '200', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': String(T0_S + 120) });
  });

  it('a full window with tokens left: Retry-After is when its oldest request leaves', () => {
    const r = limitOf(POLICY, at(0), take({ tokens: 50, allowed: false, inWindow: 200, oldest: T0 - 4_000, newest: T0 }));
    expect(r.retryAfter).toBe(6);
    expect(r.headers['X-RateLimit-Remaining']).toBe('0');
    // 150 tokens at 100/min: 90 s; the window empties in 10 s.
    expect(r.headers['X-RateLimit-Reset']).toBe(String(T0_S + 90));
  });

  it('an empty window and less than a token: Retry-After is until a whole token is back, rounded up', () => {
    // 0.4 tokens at 100/min: 0.6 / (100/60) = 0.36 s, answered as 1.
    expect(limitOf(POLICY, at(0), take({ tokens: 0.4, allowed: false })).retryAfter).toBe(1);
    // 0.25 tokens at 6/min: 0.75 / 0.1 = 7.5 s, answered as 8.
    expect(limitOf({ burst: 10, perMinute: 6 }, at(0), take({ tokens: 0.25, allowed: false })).retryAfter).toBe(8);
    // A bucket overdrawn (never below empty for the answer): a whole token in 10 s at 6/min.
    const overdrawn = limitOf({ burst: 10, perMinute: 6 }, at(0), take({ tokens: -1, allowed: false }));
    expect(overdrawn.retryAfter).toBe(10);
    expect(overdrawn.headers['X-RateLimit-Reset']).toBe(String(T0_S + 100));
    expect(overdrawn.headers['X-RateLimit-Remaining']).toBe('0');
  });

  it('Retry-After is at least 1 second, and the window counts only once it is full', () => {
    // A whole token and a window one short of full: nothing to wait for, answered as 1.
    expect(limitOf(POLICY, at(0), take({ tokens: 1, inWindow: 199, oldest: T0 - 1_000, newest: T0 })).retryAfter).toBe(1);
    // A full window whose oldest request is 9.5 s old: half a second, answered as 1.
    expect(limitOf(POLICY, at(0), take({ tokens: 5, allowed: false, inWindow: 200, oldest: T0 - 9_500, newest: T0 })).retryAfter).toBe(1);
    // A store that counts the window without its times: only the token counts.
    expect(limitOf({ burst: 10, perMinute: 6 }, at(0), take({ tokens: 0.5, allowed: false, inWindow: 10 })).retryAfter).toBe(5);
  });

  it('Remaining: what both limits still allow, whole tokens only, never below 0', () => {
    expect(limitOf(POLICY, at(0), take({ tokens: 50.7, inWindow: 195, oldest: T0, newest: T0 })).headers['X-RateLimit-Remaining']).toBe('5');
    expect(limitOf(POLICY, at(0), take({ tokens: 3.9, inWindow: 10, oldest: T0, newest: T0 })).headers['X-RateLimit-Remaining']).toBe('3');
    // The window holds more than a lowered burst allows.
    expect(limitOf(POLICY, at(0), take({ tokens: 100, inWindow: 205, oldest: T0, newest: T0 })).headers['X-RateLimit-Remaining']).toBe('0');
  });

  it('Reset: unix seconds, rounded up, when the bucket is full and the window empty', () => {
    // Full bucket, last request 3 s ago: the window empties in 7 s.
    expect(limitOf(POLICY, at(0), take({ tokens: 200, inWindow: 1, oldest: T0 - 3_000, newest: T0 - 3_000 })).headers['X-RateLimit-Reset']).toBe(String(T0_S + 7));
    // Half a token short, nothing in the window: 0.3 s after 0.5 s past the second.
    expect(limitOf(POLICY, at(500), take({ tokens: 199.5 })).headers['X-RateLimit-Reset']).toBe(String(T0_S + 1));
    // Full and empty: now.
    expect(limitOf(POLICY, at(0), take({})).headers['X-RateLimit-Reset']).toBe(String(T0_S));
  });

  it('takes the window from the policy (10 s by default)', () => {
    const r = limitOf({ ...POLICY, windowSeconds: 60 }, at(0), take({ tokens: 10, allowed: false, inWindow: 200, oldest: T0 - 20_000, newest: T0 }));
    expect(r.retryAfter).toBe(40);
    // 190 tokens at 100/min: 114 s; the window empties in 60 s.
    expect(r.headers['X-RateLimit-Reset']).toBe(String(T0_S + 114));
  });
});

describe.each(['memory', 'postgresql'] as const)('the %s store', (kind) => {
  let store: BucketStore;
  let n = 0;
  /** A key of this test only (the database is shared by the file). */
  const fresh = () => `test:${kind}:${++n}`;
  if (kind === 'postgresql') useDatabase();
  beforeAll(() => {
    store = kind === 'memory' ? memoryStore() : postgresStore();
  });
  const em = emOf;
  const spend = async (key: string, count: number, ms = 0, policy = POLICY) => {
    let last: Take | undefined;
    for (let i = 0; i < count; i++) last = await store.take(key, policy, at(ms), em());
    return last!;
  };

  it('names its kind', () => {
    expect(store.kind).toBe(kind);
  });

  it('accepts 200 at once and refuses the 201st; a token is back after 0.6 s but the window holds 200 for 10 s', async () => {
    const key = fresh();
    const first = await store.take(key, POLICY, at(0), em());
    expect(first).toEqual({ tokens: 199, allowed: true, inWindow: 1, oldest: T0, newest: T0 });
    const last = await spend(key, 199);
    expect(last).toEqual({ tokens: 0, allowed: true, inWindow: 200, oldest: T0, newest: T0 });
    expect(await store.take(key, POLICY, at(0), em())).toEqual({ tokens: 0, allowed: false, inWindow: 200, oldest: T0, newest: T0 });
    const refilled = await store.take(key, POLICY, at(600), em());
    expect(refilled.allowed).toBe(false);
    expect(refilled.tokens).toBeCloseTo(1, 6);
    expect(refilled.inWindow).toBe(200);
    expect((await store.take(key, POLICY, at(9_999), em())).allowed).toBe(false);
    const next = await store.take(key, POLICY, at(10_000), em());
    expect(next.allowed).toBe(true);
    expect(next.inWindow).toBe(1);
    expect(next.oldest).toBe(T0 + 10_000);
    expect(next.tokens).toBeCloseTo(200 * 0 + 10_000 * (100 / 60_000) - 1, 6);
  });

  it('refills at 100 per minute, never above 200', async () => {
    const key = fresh();
    await spend(key, 10);
    const later = await store.take(key, POLICY, at(3_000), em());
    expect(later.tokens).toBeCloseTo(190 + 5 - 1, 6);
    expect(later).toMatchObject({ allowed: true, inWindow: 11, oldest: T0, newest: T0 + 3_000 });
    const muchLater = await store.take(key, POLICY, at(3_600_000), em());
    expect(muchLater).toEqual({ tokens: 199, allowed: true, inWindow: 1, oldest: T0 + 3_600_000, newest: T0 + 3_600_000 });
  });

  it('refuses a take while less than a whole token is left, even with room in the window', async () => {
    const policy = { burst: 2, perMinute: 6, windowSeconds: 1 };
    const key = fresh();
    await spend(key, 2, 0, policy);
    const refused = await store.take(key, policy, at(5_000), em());
    expect(refused).toMatchObject({ allowed: false, inWindow: 0, oldest: undefined, newest: undefined });
    expect(refused.tokens).toBeCloseTo(0.5, 6);
    const accepted = await store.take(key, policy, at(10_000), em());
    expect(accepted.allowed).toBe(true);
    expect(accepted.tokens).toBeCloseTo(0, 6);
  });

  it('a take stamped earlier than the last one neither refills nor moves the bucket back in time', async () => {
    const key = fresh();
    await spend(key, 200);
    const early = await store.take(key, POLICY, at(-60_000), em());
    expect(early.allowed).toBe(false);
    expect(early.tokens).toBeCloseTo(0, 6);
    // 0.6 s after the last take (not 60.6 s after the early one): one token.
    const after = await store.take(key, POLICY, at(600), em());
    expect(after.tokens).toBeCloseTo(1, 6);
  });

  it('peeks without taking: the refilled tokens and the accepted requests still in the window', async () => {
    const key = fresh();
    expect(await store.peek(key, POLICY, at(0), em())).toEqual({ tokens: 200, allowed: true, inWindow: 0, oldest: undefined, newest: undefined });
    await spend(key, 20);
    await spend(key, 1, 2_000);
    const seen = await store.peek(key, POLICY, at(3_200), em());
    expect(seen).toMatchObject({ allowed: true, inWindow: 21, oldest: T0, newest: T0 + 2_000 });
    expect(seen.tokens).toBeCloseTo(179 + 3.2 * (100 / 60), 6);
    expect((await store.peek(key, POLICY, at(3_200), em())).tokens).toBeCloseTo(seen.tokens, 6);
    // The first three leave the window 10 s after they came.
    expect(await store.peek(key, POLICY, at(10_000), em())).toMatchObject({ inWindow: 1, oldest: T0 + 2_000, newest: T0 + 2_000 });
    expect(await store.peek(key, POLICY, at(12_000), em())).toMatchObject({ inWindow: 0, oldest: undefined, newest: undefined });
  });

  it('a peek is refused when a take would be: a full window, or less than a token', async () => {
    const full = fresh();
    await spend(full, 200);
    expect(await store.peek(full, POLICY, at(5_000), em())).toMatchObject({ allowed: false, inWindow: 200 });
    const policy = { burst: 2, perMinute: 6, windowSeconds: 1 };
    const empty = fresh();
    await spend(empty, 2, 0, policy);
    const seen = await store.peek(empty, policy, at(5_000), em());
    expect(seen).toMatchObject({ allowed: false, inWindow: 0 });
    expect(seen.tokens).toBeCloseTo(0.5, 6);
  });

  it('a bucket not yet created is full, whatever the clock', async () => {
    const full = { tokens: 200, allowed: true, inWindow: 0, oldest: undefined, newest: undefined };
    const [, peeked] = await store.takeAndPeek(fresh(), fresh(), POLICY, new Date(0), em());
    expect(peeked).toEqual(full);
    expect(await store.peek(fresh(), POLICY, new Date(1_000), em())).toEqual(full);
  });

  it("takes from one bucket and peeks at another's in one call", async () => {
    const own = fresh();
    const address = fresh();
    await spend(address, 50, 11_000);
    await spend(address, 1, 12_000);
    const [taken, peeked] = await store.takeAndPeek(own, address, POLICY, at(15_000), em());
    expect(taken).toEqual({ tokens: 199, allowed: true, inWindow: 1, oldest: T0 + 15_000, newest: T0 + 15_000 });
    expect(peeked).toMatchObject({ allowed: true, inWindow: 51, oldest: T0 + 11_000, newest: T0 + 12_000 });
    expect(peeked.tokens).toBeCloseTo(149 + 4 * (100 / 60), 6);
    // The address's bucket is not taken from.
    expect((await store.peek(address, POLICY, at(15_000), em())).tokens).toBeCloseTo(peeked.tokens, 6);
    const [, unknown] = await store.takeAndPeek(own, fresh(), POLICY, at(15_000), em());
    expect(unknown).toEqual({ tokens: 200, allowed: true, inWindow: 0, oldest: undefined, newest: undefined });
  });
});

describe('the PostgreSQL store with the keys', () => {
  useDatabase();
  const em = emOf;
  const clock = { now: () => at(0) };
  it("finds the key by its secret's hash, takes from its bucket and peeks at the address's, in one statement", async () => {
    const store = postgresStore();
    const { key, secret } = await createApiKey(em(), { accountName: 'rate limit unit', scopes: [] }, clock);
    for (let i = 0; i < 10; i++) await store.take('address:192.0.2.1', POLICY, at(0), em());
    const found = await store.authenticateKey!(hashSecret(secret), 'address:192.0.2.1', POLICY, at(1_200), em());
    expect(found.key).toMatchObject({ id: key.id, account_id: key.accountId, revoked_at: null });
    expect(found.own).toEqual({ tokens: 199, allowed: true, inWindow: 1, oldest: T0 + 1_200, newest: T0 + 1_200 });
    expect(found.peek).toMatchObject({ allowed: true, inWindow: 10, oldest: T0, newest: T0 });
    expect(found.peek.tokens).toBeCloseTo(190 + 2, 6);
    // The key's bucket is the one the caller's own take uses.
    expect((await store.peek(`actor:${key.id}`, POLICY, at(1_200), em())).tokens).toBeCloseTo(199, 6);

    const early = await store.authenticateKey!(hashSecret('sk_unknown'), 'address:none', POLICY, new Date(0), em());
    expect(early.peek).toEqual({ tokens: 200, allowed: true, inWindow: 0, oldest: undefined, newest: undefined });
    const unknown = await store.authenticateKey!(hashSecret('sk_unknown'), 'address:192.0.2.1', POLICY, at(1_200), em());
    expect(unknown.key).toBeUndefined();
    expect(unknown.own).toBeUndefined();
    expect(unknown.peek).toMatchObject({ inWindow: 10, oldest: T0 });

    await em().execute('update api_keys set revoked_at = ? where id = ?', [at(0), key.id]);
    const revoked = await store.authenticateKey!(hashSecret(secret), 'address:192.0.2.2', POLICY, at(1_200), em());
    expect(revoked.key?.id).toBe(key.id);
    expect(revoked.own).toBeUndefined();
    expect(revoked.peek).toEqual({ tokens: 200, allowed: true, inWindow: 0, oldest: undefined, newest: undefined });
  });

  it('runs inside a transaction as well as outside one', async () => {
    const store = postgresStore();
    const taken = await em().transactional((em) => store.takeAndPeek('test:tx', 'test:tx-peek', POLICY, at(0), em));
    expect(taken[0]).toMatchObject({ tokens: 199, allowed: true, inWindow: 1 });
    expect(taken[1]).toMatchObject({ tokens: 200, inWindow: 0 });
  });
});

describe('withMemoryFallback', () => {
  const em = emOf;
  const unreachable = (kind: 'redis' | 'postgresql', closed: string[]): BucketStore => ({
    kind,
    take: () => Promise.reject(new Error('unreachable')),
    peek: () => Promise.reject(new Error('unreachable')),
    takeAndPeek: () => Promise.reject(new Error('unreachable')),
    close: async () => void closed.push(kind),
  });

  it('answers from process memory while the shared store cannot be reached', async () => {
    const closed: string[] = [];
    const store = withMemoryFallback(unreachable('redis', closed));
    expect(store.kind).toBe('redis');
    expect(store.authenticateKey).toBeUndefined();
    expect(await store.take('k', POLICY, at(0), em())).toEqual({ tokens: 199, allowed: true, inWindow: 1, oldest: T0, newest: T0 });
    expect((await store.peek('k', POLICY, at(0), em())).tokens).toBe(199);
    const [own, peeked] = await store.takeAndPeek('k', 'other', POLICY, at(0), em());
    expect(own.tokens).toBe(198);
    expect(peeked.tokens).toBe(200);
    await store.close();
    expect(closed).toEqual(['redis']);
    // Closing empties the memory buckets too.
    expect((await store.peek('k', POLICY, at(0), em())).tokens).toBe(200);
  });

  describe('on the embedded database', () => {
    useDatabase();
    it('answers from the shared store while it can be reached, and keeps its key lookup', async () => {
      const store = withMemoryFallback(postgresStore());
      expect(store.kind).toBe('postgresql');
      await store.take('test:fallback', POLICY, at(0), em());
      expect((await postgresStore().peek('test:fallback', POLICY, at(0), em())).tokens).toBe(199);
      const found = await store.authenticateKey!(hashSecret('sk_nobody'), 'test:fallback', POLICY, at(0), em());
      expect(found.peek.tokens).toBe(199);
    });
  });

  it('leaves the memory store as it is', () => {
    const memory = memoryStore();
    expect(withMemoryFallback(memory)).toBe(memory);
  });
});

/** A Koa-like context: what the steps read of a request, and the state they fill. */
function request(path: string, headers: Record<string, string> = {}, ip = '203.0.113.7', state: Record<string, unknown> = {}) {
  return { ip, path, headers, state: { answerHeaders: {}, em: undefined, ...state } } as unknown as PipelineContext;
}
const clockAt = (ms: number) => ({ now: () => at(ms) });
const passes = () => {
  const calls = { n: 0 };
  return Object.assign(async () => void calls.n++, { calls });
};
const rateLimited = (retryAfter: number) =>
  expect.objectContaining({ code: 'rate_limit_exceeded', status: 429, message: `Too many requests; retry after ${retryAfter} second(s).` });

describe('throttleAddresses', () => {
  const spendAddress = async (store: BucketStore, ip: string, count = 200) => {
    for (let i = 0; i < count; i++) await store.take(`address:${ip}`, POLICY, at(0), undefined as never);
  };

  it("takes a token from the address's bucket of a /v1 or /oauth request without a credential", async () => {
    const store = memoryStore();
    const step = throttleAddresses(store, POLICY, clockAt(0));
    for (const path of ['/v1/orders', '/v1', '/oauth/token', '/oauth']) {
      const c = request(path);
      const next = passes();
      await step(c, next);
      expect(next.calls.n).toBe(1);
      expect(c.state.answerHeaders).toMatchObject({ 'X-RateLimit-Limit': '200' });
    }
    expect((await store.peek('address:203.0.113.7', POLICY, at(0), undefined as never)).tokens).toBe(196);
  });

  it('refuses with 429 once the bucket is empty, without running the operation', async () => {
    const store = memoryStore();
    await spendAddress(store, '203.0.113.7');
    const c = request('/v1/orders');
    const next = passes();
    const err = await throttleAddresses(store, POLICY, clockAt(0))(c, next).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toEqual(rateLimited(10));
    expect((err as ApiError).headers).toEqual({ 'X-RateLimit-Limit': '200', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': String(T0_S + 120), 'Retry-After': '10' });
    expect(c.state.answerHeaders).toMatchObject({ 'X-RateLimit-Remaining': '0' });
    expect(next.calls.n).toBe(0);
  });

  it('only shows the bucket on other paths (health, documents), whatever it holds', async () => {
    const store = memoryStore();
    await spendAddress(store, '203.0.113.7');
    for (const path of ['/health', '/v1beta', '/docs/v1/x', '/oauthx']) {
      const c = request(path);
      const next = passes();
      await throttleAddresses(store, POLICY, clockAt(0))(c, next);
      expect(next.calls.n).toBe(1);
      expect(c.state.answerHeaders).toMatchObject({ 'X-RateLimit-Remaining': '0' });
    }
    const other = request('/health', {}, '198.51.100.1');
    await throttleAddresses(store, POLICY, clockAt(0))(other, passes());
    expect(other.state.answerHeaders).toEqual({ 'X-RateLimit-Limit': '200', 'X-RateLimit-Remaining': '200', 'X-RateLimit-Reset': String(T0_S) });
    expect((await store.peek('address:198.51.100.1', POLICY, at(0), undefined as never)).tokens).toBe(200);
  });

  it('counts requests without an address under one bucket', async () => {
    const store = memoryStore();
    await throttleAddresses(store, POLICY, clockAt(0))(request('/v1/orders', {}, ''), passes());
    expect((await store.peek('address:unknown', POLICY, at(0), undefined as never)).tokens).toBe(199);
  });

  it('a request offering a credential that fails takes its token after the attempt; an empty bucket turns the failure into 429', async () => {
    const store = memoryStore();
    const failing = async () => {
      throw new Error('invalid_api_key');
    };
    const c = request('/v1/orders', { authorization: 'Bearer sk_wrong' });
    await expect(throttleAddresses(store, POLICY, clockAt(0))(c, failing)).rejects.toThrow('invalid_api_key');
    expect(c.state.addressCheck).toEqual({ key: 'address:203.0.113.7', policy: POLICY, done: false });
    expect(c.state.answerHeaders).toMatchObject({ 'X-RateLimit-Remaining': '199' });
    await spendAddress(store, '203.0.113.7', 199);
    const refused = request('/v1/orders', { authorization: 'Bearer sk_right' });
    await expect(throttleAddresses(store, POLICY, clockAt(0))(refused, passes())).rejects.toEqual(rateLimited(10));
    expect(refused.state.answerHeaders).toMatchObject({ 'X-RateLimit-Remaining': '0' });
  });

  it('a session cookie is a credential too', async () => {
    for (const cookie of ['vt_session=abc', 'theme=dark; vt_session=abc', 'theme=dark;vt_session=abc']) {
      const store = memoryStore();
      const c = request('/v1/orders', { cookie });
      await throttleAddresses(store, POLICY, clockAt(0))(c, passes());
      expect(c.state.addressCheck).toBeDefined();
    }
    for (const cookie of ['xvt_session=abc', 'vt_sessions=abc']) {
      const c = request('/v1/orders', { cookie });
      await throttleAddresses(memoryStore(), POLICY, clockAt(0))(c, passes());
      expect(c.state.addressCheck).toBeUndefined();
    }
  });

  it('an identified request the caller\'s limit never checked (404, 405): the address is peeked, and refused when empty', async () => {
    const store = memoryStore();
    const identify = (c: PipelineContext) => async () => {
      c.state.principal = { actorId: 'key_1' } as never;
    };
    const c = request('/v1/nowhere', { authorization: 'Bearer sk_right' });
    await throttleAddresses(store, POLICY, clockAt(0))(c, identify(c));
    expect(c.state.answerHeaders).toMatchObject({ 'X-RateLimit-Remaining': '200' });
    expect((await store.peek('address:203.0.113.7', POLICY, at(0), undefined as never)).tokens).toBe(200);
    await spendAddress(store, '203.0.113.7');
    const refused = request('/v1/nowhere', { authorization: 'Bearer sk_right' });
    await expect(throttleAddresses(store, POLICY, clockAt(0))(refused, identify(refused))).rejects.toEqual(rateLimited(10));
    expect(refused.state.answerHeaders).toMatchObject({ 'X-RateLimit-Remaining': '0' });
  });

  it("leaves an identified request alone once the caller's limit has checked its address", async () => {
    const store = memoryStore();
    await spendAddress(store, '203.0.113.7');
    const c = request('/v1/orders', { authorization: 'Bearer sk_right' });
    await throttleAddresses(store, POLICY, clockAt(0))(c, async () => {
      c.state.principal = { actorId: 'key_1' } as never;
      c.state.addressCheck!.done = true;
    });
    expect(c.state.answerHeaders).toEqual({});
  });
});

describe('rateLimit', () => {
  const principal = { actorId: 'key_1', accountId: 'acct_1' } as never;

  it("takes a token from the caller's bucket and refuses with 429 once it is empty", async () => {
    const store = memoryStore();
    const step = rateLimit(store, POLICY, clockAt(0));
    for (let i = 0; i < 200; i++) {
      const c = request('/v1/orders', {}, '203.0.113.7', { principal });
      const next = passes();
      await step(c, next);
      expect(next.calls.n).toBe(1);
      expect(c.state.answerHeaders).toMatchObject({ 'X-RateLimit-Remaining': String(199 - i) });
    }
    const c = request('/v1/orders', {}, '203.0.113.7', { principal });
    const next = passes();
    await expect(step(c, next)).rejects.toEqual(rateLimited(10));
    expect(c.state.answerHeaders).toMatchObject({ 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': String(T0_S + 120) });
    expect(next.calls.n).toBe(0);
    expect((await store.peek('actor:key_1', POLICY, at(0), undefined as never)).inWindow).toBe(200);
  });

  it('lets an unidentified request through untouched', async () => {
    const store = memoryStore();
    const c = request('/v1/orders');
    const next = passes();
    await rateLimit(store, POLICY, clockAt(0))(c, next);
    expect(next.calls.n).toBe(1);
    expect(c.state.answerHeaders).toEqual({});
  });

  it("checks the address's bucket with the caller's take, in one store call: an empty address is refused first", async () => {
    const store = memoryStore();
    const addressPolicy = { burst: 2, perMinute: 6 };
    await store.take('address:a', addressPolicy, at(0), undefined as never);
    const first = request('/v1/orders', {}, 'a', { principal, addressCheck: { key: 'address:a', policy: addressPolicy, done: false } });
    await rateLimit(store, POLICY, clockAt(0))(first, passes());
    expect(first.state.addressCheck!.done).toBe(true);
    expect(first.state.answerHeaders).toMatchObject({ 'X-RateLimit-Limit': '200', 'X-RateLimit-Remaining': '199' });
    // The address's bucket is read, not taken from.
    expect((await store.peek('address:a', addressPolicy, at(0), undefined as never)).tokens).toBe(1);
    await store.take('address:a', addressPolicy, at(0), undefined as never);
    const refused = request('/v1/orders', {}, 'a', { principal, addressCheck: { key: 'address:a', policy: addressPolicy, done: false } });
    const next = passes();
    await expect(rateLimit(store, POLICY, clockAt(0))(refused, next)).rejects.toEqual(rateLimited(10));
    expect(refused.state.answerHeaders).toMatchObject({ 'X-RateLimit-Limit': '2', 'X-RateLimit-Remaining': '0' });
    expect(next.calls.n).toBe(0);
    expect((await store.peek('actor:key_1', POLICY, at(0), undefined as never)).tokens).toBe(198);
  });

  it("answers from the take the key's statement already made, calling the store no more", async () => {
    const store: BucketStore = { ...memoryStore(), take: () => Promise.reject(new Error('no call')), takeAndPeek: () => Promise.reject(new Error('no call')) };
    const addressCheck = { key: 'address:a', policy: POLICY, done: false };
    const own = take({ tokens: 0, allowed: false, inWindow: 200, oldest: T0 - 7_000, newest: T0 - 7_000 });
    const c = request('/v1/orders', {}, 'a', { principal, addressCheck, taken: { own, address: take({}), now: at(-7_000) } });
    // Seven seconds earlier than the step's clock: the take's own time counts.
    await expect(rateLimit(store, POLICY, clockAt(0))(c, passes())).rejects.toEqual(rateLimited(10));
    expect(c.state.answerHeaders).toMatchObject({ 'X-RateLimit-Reset': String(T0_S - 7 + 120) });
    expect(addressCheck.done).toBe(true);
  });

  it('an address already checked: only the caller\'s take', async () => {
    const store = memoryStore();
    const c = request('/v1/orders', {}, 'a', { principal, addressCheck: { key: 'address:a', policy: POLICY, done: true } });
    await rateLimit(store, POLICY, clockAt(0))(c, passes());
    expect(c.state.answerHeaders).toMatchObject({ 'X-RateLimit-Remaining': '199' });
    expect((await store.peek('address:a', POLICY, at(0), undefined as never)).tokens).toBe(200);
  });
});

describe('clientThrottle: failed authentications of one OAuth client', () => {
  it('allows 10 failures at once, then one every 10 seconds', async () => {
    const store = memoryStore();
    let now = 0;
    const throttle = clientThrottle(store, { now: () => at(now) });
    const c = request('/oauth/token');
    for (let i = 0; i < 10; i++) {
      await throttle.check(c, 'oac_1');
      await throttle.fail(c, 'oac_1');
    }
    const err = await throttle.check(c, 'oac_1').catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'rate_limit_exceeded', status: 429, headers: { 'Retry-After': '10' } });
    expect((err as Error).message).toBe('Too many failed authentications of this client; retry after 10 second(s).');
    // Another client is not affected.
    await throttle.check(c, 'oac_2');
    now = 9_999;
    await expect(throttle.check(c, 'oac_1')).rejects.toMatchObject({ headers: { 'Retry-After': '1' } });
    now = 10_000;
    await throttle.check(c, 'oac_1');
  });

  it('takes the number of failures allowed at once', async () => {
    const store = memoryStore();
    const throttle = clientThrottle(store, clockAt(0), 3);
    const c = request('/oauth/token');
    for (let i = 0; i < 3; i++) await throttle.fail(c, 'oac_1');
    await expect(throttle.check(c, 'oac_1')).rejects.toMatchObject({ code: 'rate_limit_exceeded' });
    expect((await store.peek('oauth_client:oac_1', { burst: 3, perMinute: 6 }, at(0), undefined as never)).inWindow).toBe(3);
  });
});
