// Token bucket per key or OAuth client: `burst` tokens of capacity, refilled continuously at
// `perMinute` (the sustained rate), and a sliding window: no `windowSeconds` (10 s) may hold more
// than `burst` accepted requests. The bucket alone lets a fresh key take its 200 plus what refills
// while it spends them (216 in 10 s at 100/min); the window's log of the last accepted times makes
// "200 within 10 seconds" exact. One atomic take per request in a store every server process
// shares: Redis (when REDIS_URL is set) or PostgreSQL; the embedded single-process database keeps
// buckets in memory. Time comes from the injected clock (not the store's), so tests can drive it.
//
// Why not rate-limiter-flexible: its limiters, BurstyRateLimiter included, are fixed
// windows. A window of N points per D seconds refills all at once at the window's end, so it gives
// neither the bucket's gradual refill (`Retry-After` of one token, 0.6 s at 100/min) nor its long-run
// rate (a burst window adds its points/duration on top of the sustained one). Each store below is
// one atomic statement (SQL upsert, Lua script), so there is no store logic beyond the formula.
import { Redis } from 'ioredis';
import type { EntityManager } from '@mikro-orm/sql';
import type { Clock } from '../shared/clock.js';
import { errors } from '../shared/errors.js';
import { queryRows } from '../shared/sql.js';
import type { Step } from './state.js';

export interface RateLimitPolicy {
  burst: number;
  perMinute: number;
  /** The window no more than `burst` accepted requests may fall in (default 10 s). */
  windowSeconds?: number;
}

const windowMs = (policy: RateLimitPolicy) => (policy.windowSeconds ?? 10) * 1000;

/** What a take leaves: the bucket's tokens, and the accepted requests now in the window. */
export interface Take {
  tokens: number;
  allowed: boolean;
  /** Accepted requests in the window ending now (this one included when allowed). */
  inWindow: number;
  /** Times (ms) of the oldest and newest of them, when there are any. */
  oldest: number | undefined;
  newest: number | undefined;
}

export interface RateLimitResult {
  allowed: boolean;
  headers: Record<string, string>;
  /** Whole seconds until one token is available (when refused). */
  retryAfter: number;
}

/** Takes one token from `key`'s bucket if it holds one; answers the tokens left (fractional). */
export interface BucketStore {
  readonly kind: 'memory' | 'postgresql' | 'redis';
  take(key: string, policy: RateLimitPolicy, now: Date, em: EntityManager): Promise<Take>;
  close(): Promise<void>;
}

const perMs = (policy: RateLimitPolicy) => policy.perMinute / 60_000;

/** The embedded (single-process) mode. */
export function memoryStore(): BucketStore {
  const buckets = new Map<string, { tokens: number; at: number; recent: number[] }>();
  return {
    kind: 'memory',
    async take(key, policy, now) {
      const t = now.getTime();
      const b = buckets.get(key) ?? { tokens: policy.burst, at: t, recent: [] };
      let tokens = Math.min(policy.burst, b.tokens + Math.max(0, t - b.at) * perMs(policy));
      const recent = b.recent.filter((x) => x > t - windowMs(policy));
      const allowed = tokens >= 1 && recent.length < policy.burst;
      if (allowed) {
        tokens -= 1;
        recent.push(t);
      }
      buckets.set(key, { tokens, at: Math.max(b.at, t), recent });
      return { tokens, allowed, inWindow: recent.length, oldest: recent.length ? Math.min(...recent) : undefined, newest: recent.length ? Math.max(...recent) : undefined };
    },
    close: async () => buckets.clear(),
  };
}

// Params: $1 key, $2 capacity, $3 now, $4 now (ms), $5 window limit, $6 tokens per second, $7 window start (ms).
// The bucket refills by the time since the row's last take; the window keeps the accepted times
// after its start; a take is accepted when a whole token is left and the window is not full.
const TAKE_SQL = `
  insert into rate_limit_buckets as b (bucket_key, tokens, refreshed_at, allowed, recent)
  values ($1, $2::float8 - 1, $3, true, array[$4::bigint])
  on conflict (bucket_key) do update set (tokens, allowed, recent, refreshed_at) = (
    select case when s.ok then s.t - 1 else s.t end, s.ok, case when s.ok then s.r || excluded.recent else s.r end,
      greatest(b.refreshed_at, excluded.refreshed_at)
    from (
      select w.t, w.r, w.t >= 1 and cardinality(w.r) < $5::int as ok
      from (
        select least($2::float8, b.tokens + greatest(0, extract(epoch from (excluded.refreshed_at - b.refreshed_at))::float8) * $6::float8) as t,
          array(select x from unnest(b.recent) as x where x > $7::bigint) as r
      ) w
    ) s
  )
  returning tokens, allowed, cardinality(recent) as in_window,
    (select min(x) from unnest(recent) as x) as oldest, (select max(x) from unnest(recent) as x) as newest`;

/** Shared by every process on one PostgreSQL: one upsert, atomic under the row lock. */
export function postgresStore(): BucketStore {
  return {
    kind: 'postgresql',
    async take(key, policy, now, em) {
      const t = now.getTime();
      type Row = { tokens: number | string; allowed: boolean; in_window: number | string; oldest: number | string | null; newest: number | string | null };
      const rows = await queryRows<Row>(em, TAKE_SQL, [key, policy.burst, now, t, policy.burst, policy.perMinute / 60, t - windowMs(policy)]);
      const row = rows[0];
      const ms = (v: number | string | null | undefined) => (v === null || v === undefined ? undefined : Number(v));
      return { tokens: Number(row?.tokens ?? 0), allowed: row?.allowed ?? true, inWindow: Number(row?.in_window ?? 0), oldest: ms(row?.oldest), newest: ms(row?.newest) };
    },
    close: async () => undefined,
  };
}

// KEYS[1] the bucket (tokens, at, seq), KEYS[2] the window (accepted times, scored in ms);
// ARGV: capacity, tokens per ms, now (ms), window (ms). Returns {tokens left as a string, 1|0,
// accepted in the window, oldest, newest}.
const TAKE_LUA = `
local cap = tonumber(ARGV[1]); local rate = tonumber(ARGV[2]); local now = tonumber(ARGV[3]); local window = tonumber(ARGV[4])
local b = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local at = tonumber(b[2]) or now
local tokens = math.min(cap, (tonumber(b[1]) or cap) + math.max(0, now - at) * rate)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[2])
local allowed = 0
if tokens >= 1 and count < cap then
  tokens = tokens - 1; allowed = 1; count = count + 1
  local seq = redis.call('HINCRBY', KEYS[1], 'seq', 1)
  redis.call('ZADD', KEYS[2], now, tostring(now) .. ':' .. seq)
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(math.max(at, now)))
local ttl = math.max(math.ceil((cap - tokens) / rate), window) + 60000
redis.call('PEXPIRE', KEYS[1], ttl)
redis.call('PEXPIRE', KEYS[2], ttl)
local oldest = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
local newest = redis.call('ZRANGE', KEYS[2], -1, -1, 'WITHSCORES')
return {tostring(tokens), allowed, count, oldest[2] or '', newest[2] or ''}`;

/** Shared through Redis (REDIS_URL): one Lua script per take. */
export function redisStore(url: string): BucketStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  redis.defineCommand('takeToken', { numberOfKeys: 2, lua: TAKE_LUA });
  const take = (redis as unknown as { takeToken(...args: (string | number)[]): Promise<[string, number, number, string, string]> }).takeToken.bind(redis);
  const ms = (v: string) => (v === '' ? undefined : Number(v));
  return {
    kind: 'redis',
    async take(key, policy, now) {
      // One hash tag for both keys, so a Redis Cluster keeps them on one node (a script's keys must be).
      const [tokens, allowed, inWindow, oldest, newest] = await take(`{ratelimit:${key}}`, `{ratelimit:${key}}:window`, policy.burst, perMs(policy), now.getTime(), windowMs(policy));
      return { tokens: Number(tokens), allowed: allowed === 1, inWindow: Number(inWindow), oldest: ms(oldest), newest: ms(newest) };
    },
    close: async () => {
      await redis.quit();
    },
  };
}

export async function takeToken(
  store: BucketStore,
  em: EntityManager,
  key: string,
  policy: RateLimitPolicy,
  clock: Clock,
): Promise<RateLimitResult> {
  const now = clock.now();
  const t = now.getTime();
  const perSecond = policy.perMinute / 60;
  const result = await store.take(key, policy, now, em);
  const tokens = Math.max(0, result.tokens);
  const window = windowMs(policy);
  // Remaining: what both limits still allow now. Reset: when the bucket is full and the window empty.
  const remaining = Math.max(0, Math.min(Math.floor(tokens), policy.burst - result.inWindow));
  const reset = Math.ceil(Math.max(t / 1000 + (policy.burst - tokens) / perSecond, result.newest === undefined ? 0 : (result.newest + window) / 1000));
  // Retry-After: until a whole token is back and, when the window is full, until its oldest leaves.
  const forToken = tokens >= 1 ? 0 : (1 - tokens) / perSecond;
  const forWindow = result.inWindow >= policy.burst && result.oldest !== undefined ? (result.oldest + window - t) / 1000 : 0;
  return {
    allowed: result.allowed,
    headers: {
      'X-RateLimit-Limit': String(policy.burst),
      'X-RateLimit-Remaining': String(remaining),
      'X-RateLimit-Reset': String(reset),
    },
    retryAfter: Math.max(1, Math.ceil(Math.max(forToken, forWindow))),
  };
}

/**
 * Takes one token from the caller's bucket (authenticated operations): 429 with `Retry-After` when it
 * is empty. The `X-RateLimit-*` headers go on the answer whatever it turns out to be.
 */
export function rateLimit(store: BucketStore, policy: RateLimitPolicy, clock: Clock): Step {
  return async (c, next) => {
    const principal = c.state.principal;
    if (principal) {
      const limit = await takeToken(store, c.state.em, `actor:${principal.actorId}`, policy, clock);
      Object.assign(c.state.answerHeaders, limit.headers);
      if (!limit.allowed) throw errors.rateLimitExceeded(limit.retryAfter, limit.headers);
    }
    await next();
  };
}
