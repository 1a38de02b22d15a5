// What the rate limit must do, independently of how it is computed: an exact reference model (a log
// of every accepted request and a token bucket run request by request), the properties every
// sequence of requests must keep, and the boundary scenarios every store must answer alike. Used by
// the unit tests (memory, the embedded database) and the integration tests (PostgreSQL, Redis).
import type { EntityManager } from '@mikro-orm/sql';
import { expect } from 'vitest';
import { limitOf, type BucketStore, type RateLimitPolicy } from '../../src/http/rate-limit.js';

/** One request of a sequence: its time, whether it was let through, and the answer's numbers. */
export interface Answered {
  t: number;
  allowed: boolean;
  remaining: number;
  retryAfter: number;
}

/**
 * The properties of a sequence of answered requests under `policy` (each one's `allowed` is what the
 * limiter said), against the exact model:
 * - a request is refused only when the exact rule refuses it too: less than a whole token by the
 *   exact bucket, or `burst` accepted requests in the window ending then (by the log of them);
 * - no stretch of time holds more than the bucket allows: `burst` plus the refill over its length;
 *   so no window holds more than `burst` plus one window's refill (the stated bound).
 */
export function checkProperties(policy: RateLimitPolicy, answered: Answered[]): void {
  const windowMs = (policy.windowSeconds ?? 10) * 1000;
  const perMs = policy.perMinute / 60_000;
  const log: number[] = [];
  // The oldest accepted request inside the window ending now.
  let first = 0;
  // The bucket's envelope: for accepted requests i <= j, j - i + 1 <= burst + (t_j - t_i) * perMs,
  // that is (j + 1 - t_j * perMs) - (i - t_i * perMs) <= burst: the least (i - t_i * perMs) so far.
  let least = Infinity;
  let tokens = policy.burst;
  let at = answered[0]?.t ?? 0;
  for (const a of answered) {
    tokens = Math.min(policy.burst, tokens + Math.max(0, a.t - at) * perMs);
    at = Math.max(at, a.t);
    while (first < log.length && log[first]! <= a.t - windowMs) first++;
    if (a.allowed) {
      expect(tokens, `a request at ${a.t} accepted without a token`).toBeGreaterThanOrEqual(1 - 1e-9);
      tokens -= 1;
      log.push(a.t);
      expect(log.length - first, `accepted in the window ending at ${a.t}`).toBeLessThanOrEqual(policy.burst + windowMs * perMs + 1e-6);
      const j = log.length - 1;
      least = Math.min(least, j - a.t * perMs);
      expect(j + 1 - a.t * perMs - least, `accepted up to ${a.t}, beyond the bucket's envelope`).toBeLessThanOrEqual(policy.burst + 1e-6);
    } else if (tokens >= 1 + 1e-9) {
      expect(log.length - first, `a refusal at ${a.t} with ${tokens} tokens and room in the window`).toBeGreaterThanOrEqual(policy.burst);
    }
  }
}

/** Takes `count` requests at `t` from `key`; answers what each was told. */
export async function takeMany(store: BucketStore, em: EntityManager, key: string, policy: RateLimitPolicy, t: number, count = 1): Promise<Answered[]> {
  const answers: Answered[] = [];
  for (let i = 0; i < count; i++) {
    const taken = await store.take(key, policy, new Date(t), em);
    const limit = limitOf(policy, new Date(t), taken);
    answers.push({ t, allowed: taken.allowed, remaining: Number(limit.headers['X-RateLimit-Remaining']), retryAfter: limit.retryAfter });
  }
  return answers;
}

/**
 * The boundaries of the default policy (200 at once, 100 a minute, 200 in any 10 s), on one store:
 * the 199th, 200th and 201st request within 10 seconds; the sustained rate at the 60th and 61st
 * second after the burst is spent.
 */
export async function checkBoundaries(store: BucketStore, em: EntityManager, key: (name: string) => string, T0: number): Promise<void> {
  const policy = { burst: 200, perMinute: 100 };
  // 200 spread over 9.95 s (one every 50 ms): the 199th leaves one, the 200th none, the 201st
  // (at 9.999 s, 200 already in the last 10 s) is refused though tokens are left, until the window
  // ends at 10 s. Then what the bucket refilled meanwhile (16.7): 16 at once, the 17th refused. (A
  // log of every request would let one through as each of the 200 leaves: this is the bound, 200
  // plus 10 s of refill in one window.)
  const spread = key('spread');
  const answers: Answered[] = [];
  for (let i = 0; i < 200; i++) answers.push(...(await takeMany(store, em, spread, policy, T0 + i * 50)));
  expect(answers.every((a) => a.allowed)).toBe(true);
  expect(answers[198]!.remaining).toBe(1);
  expect(answers[199]!.remaining).toBe(0);
  const [over] = await takeMany(store, em, spread, policy, T0 + 9_999);
  expect(over).toEqual({ t: T0 + 9_999, allowed: false, remaining: 0, retryAfter: 1 });
  const next10 = await takeMany(store, em, spread, policy, T0 + 10_000, 17);
  expect(next10.filter((a) => a.allowed)).toHaveLength(16);
  expect(next10[16]).toMatchObject({ allowed: false, remaining: 0, retryAfter: 1 });
  checkProperties(policy, [...answers, over!, ...next10]);

  // 200 at once: the 201st is refused for 10 s (the window), though a token is back after 0.6 s.
  const burst = key('burst');
  const at0 = await takeMany(store, em, burst, policy, T0, 201);
  expect(at0.slice(0, 200).every((a) => a.allowed)).toBe(true);
  expect(at0[200]).toEqual({ t: T0, allowed: false, remaining: 0, retryAfter: 10 });
  expect((await takeMany(store, em, burst, policy, T0 + 600))[0]).toMatchObject({ allowed: false, retryAfter: 10 });
  expect((await takeMany(store, em, burst, policy, T0 + 9_999))[0]).toMatchObject({ allowed: false, retryAfter: 1 });
  // At 10 s, what refilled in 10 s (16.7 tokens): 16 at once, the 17th refused until its token.
  const at10 = await takeMany(store, em, burst, policy, T0 + 10_000, 17);
  expect(at10.filter((a) => a.allowed)).toHaveLength(16);
  expect(at10[16]).toMatchObject({ allowed: false, remaining: 0, retryAfter: 1 });
  checkProperties(policy, [...at0, ...at10]);

  // The sustained rate: after a burst, 100 more in the next minute (the 100th token at 60 s), and the
  // next in the 61st second, 0.6 s later.
  const minute = key('minute');
  await takeMany(store, em, minute, policy, T0, 200);
  const at59 = await takeMany(store, em, minute, policy, T0 + 59_999, 100);
  expect(at59.filter((a) => a.allowed)).toHaveLength(99);
  expect(at59[99]).toMatchObject({ allowed: false, remaining: 0, retryAfter: 1 });
  const at60 = await takeMany(store, em, minute, policy, T0 + 60_001, 2);
  expect(at60.map((a) => a.allowed)).toEqual([true, false]);
  expect((await takeMany(store, em, minute, policy, T0 + 60_599))[0]!.allowed).toBe(false);
  expect((await takeMany(store, em, minute, policy, T0 + 60_602))[0]!.allowed).toBe(true);
}
