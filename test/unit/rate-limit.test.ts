// The rate limit (API-DESIGN, "Rate limits"): a token bucket of 200 refilled at 100 per minute, and no
// 10 seconds holding more than 200 accepted requests; the step that computes it (once, for every
// store), the `X-RateLimit-*` headers and `Retry-After` it answers; the buckets in process memory and
// in PostgreSQL (the embedded database, in memory: the real statements); the per-address throttle
// and the caller's limit as pipeline steps. The properties are checked against an exact model
// (test/support/rate-limit-model.ts) on random sequences of requests.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, hashSecret } from '../../src/auth/auth.service.js';
import type { Database } from '../../src/db/orm.js';
import { RATE_LIMIT_STEP_FUNCTION } from '../../src/db/migrations/Migration20261126000010_rate_limit_constant_state.js';
import { openEmbeddedDatabase } from '../support/embedded-database.js';
import { checkBoundaries, checkProperties, type Answered } from '../support/rate-limit-model.js';
import {
  clientThrottle,
  limitOf,
  memoryStore,
  postgresStore,
  rateLimit,
  stepPolicy,
  throttleAddresses,
  withMemoryFallback,
  type BucketStore,
  type RateLimitPolicy,
  type Take,
} from '../../src/http/rate-limit.js';
import { plpgsqlFunction, stepNow, type BucketState } from '../../src/http/rate-limit.step.js';
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

/** A bucket at T0 as a fresh one is (full, its window empty), with `over` changed. */
const state = (over: Partial<BucketState> = {}): BucketState => ({ tokens: 200, at: T0, windowStart: T0, count: 0, ...over });
const take = (over: Partial<BucketState> = {}, allowed = true): Take => ({ allowed, state: state(over) });
const FRESH = { allowed: true, state: state() };

describe('the step', () => {
  const p = stepPolicy(POLICY);
  const run = (s: BucketState | undefined, ms: number, taking = true) => stepNow(s, p, T0 + ms, taking);

  it('is the function the migration creates in the database, word for word', () => {
    expect(plpgsqlFunction()).toBe(RATE_LIMIT_STEP_FUNCTION);
  });

  it('a fresh bucket: full and its window empty; the first take leaves 199 and counts one', () => {
    expect(run(undefined, 0, false)).toEqual(FRESH);
    expect(run(undefined, 0)).toEqual(take({ tokens: 199, count: 1 }));
  });

  it('refills at 100 per minute from the time it last counted, never above 200, never from an earlier time', () => {
    let spent = run(undefined, 0).state;
    for (let i = 1; i < 10; i++) spent = run(spent, 0).state;
    expect(run(spent, 3_000).state.tokens).toBeCloseTo(190 + 5 - 1, 9);
    expect(run(spent, 3_600_000).state.tokens).toBe(199);
    const s = state({ tokens: 0, count: 200 });
    const early = run(s, -60_000);
    expect(early).toEqual({ allowed: false, state: s });
    // 0.6 s after the last count (not 60.6 s after the early one): one token.
    expect(run(early.state, 600, false).state.tokens).toBeCloseTo(1, 9);
  });

  it('refuses while less than a whole token is left, even with room in the window', () => {
    const s = state({ tokens: 0.999, count: 5 });
    expect(run(s, 0)).toEqual({ allowed: false, state: s });
    expect(run(state({ tokens: 1, count: 5 }), 0)).toEqual(take({ tokens: 0, count: 6 }));
  });

  it('refuses once the window holds the limit, with tokens left', () => {
    const s = state({ tokens: 50, count: 200 });
    expect(run(s, 0)).toEqual({ allowed: false, state: s });
    expect(run(state({ tokens: 50, count: 199 }), 0)).toEqual(take({ tokens: 49, count: 200 }));
  });

  it('a window ends 10 s after it started; the next starts with the first request after it', () => {
    const s = state({ tokens: 100, windowStart: T0, count: 200 });
    expect(run(s, 9_999)).toMatchObject({ allowed: false, state: { windowStart: T0, count: 200 } });
    expect(run(s, 10_000)).toMatchObject({ allowed: true, state: { windowStart: T0 + 10_000, count: 1 } });
    // A window that ended long ago: the next starts with this request, whenever it comes.
    expect(run(state({ windowStart: T0 - 95_000, count: 3 }), 0)).toEqual(take({ tokens: 199, count: 1 }));
  });

  it('a peek answers what a take would, taking nothing', () => {
    const s = state({ tokens: 10, count: 3 });
    expect(run(s, 0, false)).toEqual({ allowed: true, state: s });
    expect(run(state({ tokens: 0.5 }), 0, false).allowed).toBe(false);
    expect(run(state({ count: 200 }), 0, false).allowed).toBe(false);
  });
});

describe('limitOf: the headers and Retry-After of a take', () => {
  it('after the first request of a fresh key: 199 remaining, full again once its window ends', () => {
    const r = limitOf(POLICY, at(0), take({ tokens: 199, count: 1 }));
    expect(r.allowed).toBe(true);
    expect(r.headers).toEqual({ 'X-RateLimit-Limit': '200', 'X-RateLimit-Remaining': '199', 'X-RateLimit-Reset': String(T0_S + 10) });
  });

  it('after 200 at once: refused, Retry-After 10 (the window), reset when 200 tokens are back (120 s)', () => {
    const r = limitOf(POLICY, at(0), take({ tokens: 0, count: 200 }, false));
    expect(r.allowed).toBe(false);
    expect(r.retryAfter).toBe(10);
    expect(r.headers).toEqual({ 'X-RateLimit-Limit': '200', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': String(T0_S + 120) });
  });

  it('a full window with tokens left: Retry-After is when the window ends', () => {
    const r = limitOf(POLICY, at(0), take({ tokens: 50, windowStart: T0 - 4_000, count: 200 }, false));
    expect(r.retryAfter).toBe(6);
    expect(r.headers['X-RateLimit-Remaining']).toBe('0');
    // 150 tokens at 100/min: 90 s; the window ends in 6 s.
    expect(r.headers['X-RateLimit-Reset']).toBe(String(T0_S + 90));
  });

  it("a window's count stops counting once it ended", () => {
    const started = (windowStart: number) => take({ tokens: 150, windowStart, count: 120 });
    expect(limitOf(POLICY, at(0), started(T0 - 9_999)).headers).toMatchObject({ 'X-RateLimit-Remaining': '80', 'X-RateLimit-Reset': String(T0_S + 30) });
    expect(limitOf(POLICY, at(0), started(T0 - 10_000)).headers).toMatchObject({ 'X-RateLimit-Remaining': '150', 'X-RateLimit-Reset': String(T0_S + 30) });
    // A full bucket whose window still counts: full again when the window ends.
    expect(limitOf(POLICY, at(0), take({ windowStart: T0 - 2_500, count: 1 })).headers['X-RateLimit-Reset']).toBe(String(T0_S + 8));
  });

  it('an empty window and less than a token: Retry-After is until a whole token is back, rounded up', () => {
    // 0.4 tokens at 100/min: 0.6 / (100/60) = 0.36 s, answered as 1.
    expect(limitOf(POLICY, at(0), take({ tokens: 0.4 }, false)).retryAfter).toBe(1);
    // 0.25 tokens at 6/min: 0.75 / 0.1 = 7.5 s, answered as 8.
    expect(limitOf({ burst: 10, perMinute: 6 }, at(0), take({ tokens: 0.25 }, false)).retryAfter).toBe(8);
    // A bucket overdrawn (never below empty for the answer): a whole token in 10 s at 6/min.
    const overdrawn = limitOf({ burst: 10, perMinute: 6 }, at(0), take({ tokens: -1 }, false));
    expect(overdrawn.retryAfter).toBe(10);
    expect(overdrawn.headers['X-RateLimit-Reset']).toBe(String(T0_S + 100));
    expect(overdrawn.headers['X-RateLimit-Remaining']).toBe('0');
  });

  it('Retry-After is at least 1 second, and the window counts only once it is full', () => {
    // A whole token and a window one short of full: nothing to wait for, answered as 1.
    expect(limitOf(POLICY, at(0), take({ tokens: 1, count: 199 })).retryAfter).toBe(1);
    // A full window that ends in half a second: answered as 1.
    expect(limitOf(POLICY, at(0), take({ tokens: 5, windowStart: T0 - 9_500, count: 200 }, false)).retryAfter).toBe(1);
    // Both: the longer wait.
    expect(limitOf(POLICY, at(0), take({ tokens: 0, windowStart: T0 - 9_500, count: 200 }, false)).retryAfter).toBe(1);
    expect(limitOf({ burst: 10, perMinute: 6 }, at(0), take({ tokens: 0, windowStart: T0 - 9_500, count: 10 }, false)).retryAfter).toBe(10);
  });

  it('Remaining: what both limits still allow, whole tokens only, never below 0', () => {
    expect(limitOf(POLICY, at(0), take({ tokens: 50.7, count: 195 })).headers['X-RateLimit-Remaining']).toBe('5');
    expect(limitOf(POLICY, at(0), take({ tokens: 3.9, count: 10 })).headers['X-RateLimit-Remaining']).toBe('3');
    // The window holds more than a lowered burst allows.
    expect(limitOf(POLICY, at(0), take({ tokens: 100, count: 205 })).headers['X-RateLimit-Remaining']).toBe('0');
  });

  it('counts the tokens refilled since the take counted them', () => {
    // Counted 6 s ago at 10 tokens: 20 now.
    expect(limitOf(POLICY, at(0), take({ tokens: 10, at: T0 - 6_000 })).headers['X-RateLimit-Remaining']).toBe('20');
    expect(limitOf(POLICY, at(0), take({ tokens: 199, at: T0 - 600_000 })).headers['X-RateLimit-Remaining']).toBe('200');
  });

  it('Reset: unix seconds, rounded up, when the bucket is full and the window ended', () => {
    // Half a token short, nothing in the window: 0.3 s after 0.5 s past the second.
    expect(limitOf(POLICY, at(500), take({ tokens: 199.5, at: T0 + 500 })).headers['X-RateLimit-Reset']).toBe(String(T0_S + 1));
    // Full and empty: now.
    expect(limitOf(POLICY, at(0), FRESH).headers['X-RateLimit-Reset']).toBe(String(T0_S));
  });

  it('takes the window from the policy (10 s by default)', () => {
    const policy = { ...POLICY, windowSeconds: 60 };
    const r = limitOf(policy, at(0), take({ tokens: 10, windowStart: T0 - 20_000, count: 200 }, false));
    expect(r.retryAfter).toBe(40);
    // 190 tokens at 100/min: 114 s; the window ends in 40 s.
    expect(r.headers['X-RateLimit-Reset']).toBe(String(T0_S + 114));
  });
});

/** A random policy, small enough for its limits to be reached by a few hundred requests. */
const policies = fc.record({ burst: fc.integer({ min: 1, max: 40 }), perMinute: fc.integer({ min: 1, max: 1_200 }), windowSeconds: fc.integer({ min: 1, max: 20 }) });
/** Gaps (ms) between requests: many at one instant, close together, and pauses of several windows. */
const gaps = fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 200 }), fc.integer({ min: 200, max: 25_000 })), { minLength: 1, maxLength: 400 });

/** Runs `gaps` of requests through the step from a fresh bucket; each one's answer. */
function answersOf(policy: RateLimitPolicy, gapList: number[]): Answered[] {
  let s: BucketState | undefined;
  let t = T0;
  return gapList.map((gap) => {
    t += gap;
    const taken = stepNow(s, stepPolicy(policy), t, true);
    s = taken.state;
    const limit = limitOf(policy, new Date(t), taken);
    return { t, allowed: taken.allowed, remaining: Number(limit.headers['X-RateLimit-Remaining']), retryAfter: limit.retryAfter };
  });
}

describe('the properties, against the exact model, on random sequences of requests', () => {
  it('refuses only what the exact rule refuses; no stretch holds more than the bucket allows, no window more than the limit and its refill', () => {
    fc.assert(fc.property(policies, gaps, (policy, g) => checkProperties(policy, answersOf(policy, g))), { numRuns: 300 });
  });

  it('the default policy under bursts and pauses keeps the same properties', () => {
    const bursts = fc.array(fc.tuple(fc.integer({ min: 0, max: 15_000 }), fc.integer({ min: 1, max: 250 })), { minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(bursts, (list) => checkProperties(POLICY, answersOf(POLICY, list.flatMap(([pause, n]) => [pause, ...Array<number>(n - 1).fill(0)])))),
      { numRuns: 60 },
    );
  });

  it('X-RateLimit-Remaining is exact: that many more at the same instant are accepted, and the next is refused', () => {
    fc.assert(
      fc.property(policies, gaps, (policy, g) => {
        let s: BucketState | undefined;
        let t = T0;
        const p = stepPolicy(policy);
        for (const gap of g) {
          t += gap;
          const taken = stepNow(s, p, t, true);
          s = taken.state;
          const remaining = Number(limitOf(policy, new Date(t), taken).headers['X-RateLimit-Remaining']);
          let probe = s;
          for (let i = 0; i < remaining; i++) {
            const more = stepNow(probe, p, t, true);
            expect(more.allowed).toBe(true);
            probe = more.state;
          }
          expect(stepNow(probe, p, t, true).allowed).toBe(false);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('Retry-After is enough and not a second too long: a request then is accepted, a second earlier it is not', () => {
    fc.assert(
      fc.property(policies, gaps, (policy, g) => {
        let s: BucketState | undefined;
        let t = T0;
        const p = stepPolicy(policy);
        for (const gap of g) {
          t += gap;
          const taken = stepNow(s, p, t, true);
          s = taken.state;
          if (taken.allowed) continue;
          const wait = limitOf(policy, new Date(t), taken).retryAfter * 1000;
          expect(stepNow(s, p, t + wait, false).allowed).toBe(true);
          if (wait > 1000) expect(stepNow(s, p, t + wait - 1000, false).allowed).toBe(false);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('a burst followed by a pause is answered exactly as a log of every request would', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 0, max: 30_000 }), (n, pause) => {
        const answers = answersOf(POLICY, [0, ...Array<number>(n - 1).fill(0), pause, 0]);
        // After n at once and the pause: what the bucket holds, limited by the window's room.
        const tokens = Math.min(200, 200 - n + pause / 600);
        const room = pause >= 10_000 ? 200 : 200 - n;
        expect(answers.at(-2)!.allowed).toBe(tokens >= 1 && room >= 1);
      }),
      { numRuns: 200 },
    );
  });
});

describe.each(['memory', 'postgresql'] as const)('the %s store', (kind) => {
  let store: BucketStore;
  let n = 0;
  /** A key of this test only (the database is shared by the file). */
  const fresh = (name = '') => `test:${kind}:${name}:${++n}`;
  if (kind === 'postgresql') useDatabase();
  beforeAll(() => {
    store = kind === 'memory' ? memoryStore() : postgresStore();
  });
  const em = emOf;

  it('names its kind', () => {
    expect(store.kind).toBe(kind);
  });

  it('answers the boundaries: 199, 200 and 201 within 10 s; 100 more in the minute after a burst, the next in the 61st second', async () => {
    await checkBoundaries(store, em(), fresh, T0);
  }, 30_000);

  it('computes every take and peek exactly as the step does, on random sequences', async () => {
    await fc.assert(
      fc.asyncProperty(policies, fc.array(fc.tuple(fc.integer({ min: 0, max: 12_000 }), fc.boolean()), { minLength: 1, maxLength: 60 }), async (policy, list) => {
        const key = fresh('random');
        let s: BucketState | undefined;
        let t = T0;
        for (const [gap, taking] of list) {
          t += gap;
          const expected = stepNow(s, stepPolicy(policy), t, taking);
          const got = taking ? await store.take(key, policy, new Date(t), em()) : await store.peek(key, policy, new Date(t), em());
          expect(got).toEqual(expected);
          if (taking) s = expected.state;
        }
      }),
      { numRuns: kind === 'memory' ? 200 : 25 },
    );
  }, 60_000);

  it('a bucket not yet created is full, whatever the clock', async () => {
    const [, peeked] = await store.takeAndPeek(fresh(), fresh(), POLICY, new Date(0), em());
    expect(peeked).toEqual({ allowed: true, state: { tokens: 200, at: 0, windowStart: 0, count: 0 } });
    expect(await store.peek(fresh(), POLICY, at(0), em())).toEqual(FRESH);
  });

  it("takes from one bucket and peeks at another's in one call", async () => {
    const own = fresh();
    const address = fresh();
    for (let i = 0; i < 50; i++) await store.take(address, POLICY, at(11_000), em());
    await store.take(address, POLICY, at(12_000), em());
    const [taken, peeked] = await store.takeAndPeek(own, address, POLICY, at(15_000), em());
    expect(taken).toEqual({ allowed: true, state: state({ tokens: 199, at: T0 + 15_000, windowStart: T0 + 15_000, count: 1 }) });
    expect(peeked).toEqual(stepNow((await store.peek(address, POLICY, at(12_000), em())).state, stepPolicy(POLICY), T0 + 15_000, false));
    expect(peeked.state.count).toBe(51);
    // The address's bucket is not taken from.
    expect(await store.peek(address, POLICY, at(15_000), em())).toEqual(peeked);
    const [, unknown] = await store.takeAndPeek(own, fresh(), POLICY, at(15_000), em());
    expect(unknown).toEqual({ allowed: true, state: state({ at: T0 + 15_000, windowStart: T0 + 15_000 }) });
  });
});

describe('the memory store with many buckets', () => {
  it('at 10,000, a new one lets go of those a fresh bucket would answer alike, each judged by its own policy, and keeps the others', async () => {
    const store = memoryStore();
    const none = undefined as never;
    // 1 token a second, a 10 s window; and the same with a 1 s window.
    const policy = { burst: 2, perMinute: 60 };
    const short = { burst: 2, perMinute: 60, windowSeconds: 1 };
    // Forgettable at 10 s, exactly: full again since 1 s, their window ended at 10 s.
    for (let i = 0; i < 9_995; i++) await store.take(`quiet:${i}`, policy, at(0), none);
    // Full again exactly at 10 s, its 1 s window ended exactly then.
    await store.take('edge', short, at(9_000), none);
    // Kept: half a token short at 10 s.
    await store.take('spent', policy, at(9_500), none);
    await store.take('spent', policy, at(9_500), none);
    // Kept: full again (1,000 tokens a second) but its window runs until 19 s.
    await store.take('open', { burst: 2, perMinute: 60_000_000 }, at(9_000), none);
    // Kept: a bucket of a policy of 200 that 150 tokens would make full under the others' policy.
    for (let i = 0; i < 50; i++) await store.take('key', POLICY, at(0), none);
    // Kept: a bucket taken from again at 10 s (not new: no sweep for it).
    await store.take('again', policy, at(0), none);
    expect(store.size).toBe(10_000);
    await store.take('again', policy, at(10_000), none);
    expect(store.size).toBe(10_000);
    await store.take('newcomer', policy, at(10_000), none);
    expect(store.size).toBe(5);
    expect((await store.peek('spent', policy, at(10_000), none)).state.tokens).toBeCloseTo(0.5, 9);
    expect((await store.peek('key', POLICY, at(10_000), none)).state.tokens).toBeCloseTo(150 + 10_000 / 600, 9);
    // A bucket let go reads as fresh, as it would have.
    expect(await store.peek('quiet:1', policy, at(10_000), none)).toEqual(stepNow(undefined, stepPolicy(policy), T0 + 10_000, false));
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
    expect(found.own).toEqual(stepNow(undefined, stepPolicy(POLICY), T0 + 1_200, true));
    expect(found.peek).toMatchObject({ allowed: true, state: { count: 10, windowStart: T0, at: T0 + 1_200 } });
    expect(found.peek.state.tokens).toBeCloseTo(190 + 2, 9);
    // The key's bucket is the one the caller's own take uses.
    expect((await store.peek(`actor:${key.id}`, POLICY, at(1_200), em())).state.tokens).toBe(199);

    const early = await store.authenticateKey!(hashSecret('sk_unknown'), 'address:none', POLICY, new Date(0), em());
    expect(early.peek).toEqual(stepNow(undefined, stepPolicy(POLICY), 0, false));
    const unknown = await store.authenticateKey!(hashSecret('sk_unknown'), 'address:192.0.2.1', POLICY, at(1_200), em());
    expect(unknown.key).toBeUndefined();
    expect(unknown.own).toBeUndefined();
    expect(unknown.peek).toMatchObject({ state: { count: 10, windowStart: T0 } });

    await em().execute('update api_keys set revoked_at = ? where id = ?', [at(0), key.id]);
    const revoked = await store.authenticateKey!(hashSecret(secret), 'address:192.0.2.2', POLICY, at(1_200), em());
    expect(revoked.key?.id).toBe(key.id);
    expect(revoked.own).toBeUndefined();
    expect(revoked.peek).toEqual(stepNow(undefined, stepPolicy(POLICY), T0 + 1_200, false));
    // A revoked key's bucket is not taken from.
    expect((await store.peek(`actor:${key.id}`, POLICY, at(1_200), em())).state.tokens).toBe(199);
  });

  it('runs inside a transaction as well as outside one', async () => {
    const store = postgresStore();
    const taken = await em().transactional((em) => store.takeAndPeek('test:tx', 'test:tx-peek', POLICY, at(0), em));
    expect(taken[0]).toMatchObject({ allowed: true, state: { tokens: 199, count: 1 } });
    expect(taken[1]).toEqual(FRESH);
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
    expect(await store.take('k', POLICY, at(0), em())).toEqual(take({ tokens: 199, count: 1 }));
    expect((await store.peek('k', POLICY, at(0), em())).state.tokens).toBe(199);
    const [own, peeked] = await store.takeAndPeek('k', 'other', POLICY, at(0), em());
    expect(own.state.tokens).toBe(198);
    expect(peeked.state.tokens).toBe(200);
    await store.close();
    expect(closed).toEqual(['redis']);
    // Closing empties the memory buckets too.
    expect((await store.peek('k', POLICY, at(0), em())).state.tokens).toBe(200);
  });

  describe('on the embedded database', () => {
    useDatabase();
    it('answers from the shared store while it can be reached, and keeps its key lookup', async () => {
      const store = withMemoryFallback(postgresStore());
      expect(store.kind).toBe('postgresql');
      await store.take('test:fallback', POLICY, at(0), em());
      expect((await postgresStore().peek('test:fallback', POLICY, at(0), em())).state.tokens).toBe(199);
      const found = await store.authenticateKey!(hashSecret('sk_nobody'), 'test:fallback', POLICY, at(0), em());
      expect(found.peek.state.tokens).toBe(199);
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
    expect((await store.peek('address:203.0.113.7', POLICY, at(0), undefined as never)).state.tokens).toBe(196);
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
    expect((await store.peek('address:198.51.100.1', POLICY, at(0), undefined as never)).state.tokens).toBe(200);
  });

  it('counts requests without an address under one bucket', async () => {
    const store = memoryStore();
    await throttleAddresses(store, POLICY, clockAt(0))(request('/v1/orders', {}, ''), passes());
    expect((await store.peek('address:unknown', POLICY, at(0), undefined as never)).state.tokens).toBe(199);
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
    expect((await store.peek('address:203.0.113.7', POLICY, at(0), undefined as never)).state.tokens).toBe(200);
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
    expect((await store.peek('actor:key_1', POLICY, at(0), undefined as never)).state.count).toBe(200);
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
    expect((await store.peek('address:a', addressPolicy, at(0), undefined as never)).state.tokens).toBe(1);
    await store.take('address:a', addressPolicy, at(0), undefined as never);
    const refused = request('/v1/orders', {}, 'a', { principal, addressCheck: { key: 'address:a', policy: addressPolicy, done: false } });
    const next = passes();
    await expect(rateLimit(store, POLICY, clockAt(0))(refused, next)).rejects.toEqual(rateLimited(10));
    expect(refused.state.answerHeaders).toMatchObject({ 'X-RateLimit-Limit': '2', 'X-RateLimit-Remaining': '0' });
    expect(next.calls.n).toBe(0);
    expect((await store.peek('actor:key_1', POLICY, at(0), undefined as never)).state.tokens).toBe(198);
  });

  it("answers from the take the key's statement already made, calling the store no more", async () => {
    const store: BucketStore = { ...memoryStore(), take: () => Promise.reject(new Error('no call')), takeAndPeek: () => Promise.reject(new Error('no call')) };
    const addressCheck = { key: 'address:a', policy: POLICY, done: false };
    const own = take({ tokens: 0, at: T0 - 7_000, windowStart: T0 - 7_000, count: 200 }, false);
    const c = request('/v1/orders', {}, 'a', { principal, addressCheck, taken: { own, address: FRESH, now: at(-7_000) } });
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
    expect((await store.peek('address:a', POLICY, at(0), undefined as never)).state.tokens).toBe(200);
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
    expect((await store.peek('oauth_client:oac_1', { burst: 3, perMinute: 6 }, at(0), undefined as never)).state.count).toBe(3);
  });
});
