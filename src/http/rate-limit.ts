// Token bucket per key or OAuth client: `burst` tokens of capacity, refilled continuously at
// `perMinute`. One atomic take per request in a store every server process shares: Redis (when
// REDIS_URL is set) or PostgreSQL; the embedded single-process database keeps buckets in memory.
// Time comes from the injected clock (not the store's), so tests can drive refill.
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
  take(key: string, policy: RateLimitPolicy, now: Date, em: EntityManager): Promise<{ tokens: number; allowed: boolean }>;
  close(): Promise<void>;
}

const perMs = (policy: RateLimitPolicy) => policy.perMinute / 60_000;

/** The embedded (single-process) mode. */
export function memoryStore(): BucketStore {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    kind: 'memory',
    async take(key, policy, now) {
      const t = now.getTime();
      const b = buckets.get(key) ?? { tokens: policy.burst, at: t };
      const tokens = Math.min(policy.burst, b.tokens + Math.max(0, t - b.at) * perMs(policy));
      const allowed = tokens >= 1;
      buckets.set(key, { tokens: allowed ? tokens - 1 : tokens, at: Math.max(b.at, t) });
      return { tokens: allowed ? tokens - 1 : tokens, allowed };
    },
    close: async () => buckets.clear(),
  };
}

const TAKE_SQL = `
  insert into rate_limit_buckets as b (bucket_key, tokens, refreshed_at, allowed)
  values ($1, $2::float8 - 1, $3, true)
  on conflict (bucket_key) do update set
    tokens = case
      when least($2::float8, b.tokens + greatest(0, extract(epoch from (excluded.refreshed_at - b.refreshed_at))) * $4::float8) >= 1
        then least($2::float8, b.tokens + greatest(0, extract(epoch from (excluded.refreshed_at - b.refreshed_at))) * $4::float8) - 1
      else least($2::float8, b.tokens + greatest(0, extract(epoch from (excluded.refreshed_at - b.refreshed_at))) * $4::float8)
    end,
    allowed = least($2::float8, b.tokens + greatest(0, extract(epoch from (excluded.refreshed_at - b.refreshed_at))) * $4::float8) >= 1,
    refreshed_at = greatest(b.refreshed_at, excluded.refreshed_at)
  returning tokens, allowed`;

/** Shared by every process on one PostgreSQL: one upsert, atomic under the row lock. */
export function postgresStore(): BucketStore {
  return {
    kind: 'postgresql',
    async take(key, policy, now, em) {
      const rows = await queryRows<{ tokens: number | string; allowed: boolean }>(em, TAKE_SQL, [key, policy.burst, now, policy.perMinute / 60]);
      return { tokens: Number(rows[0]?.tokens ?? 0), allowed: rows[0]?.allowed ?? true };
    },
    close: async () => undefined,
  };
}

// KEYS[1] bucket; ARGV: capacity, tokens per ms, now (ms). Returns {tokens left as a string, 1|0}.
const TAKE_LUA = `
local cap = tonumber(ARGV[1]); local rate = tonumber(ARGV[2]); local now = tonumber(ARGV[3])
local b = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local at = tonumber(b[2]) or now
local tokens = math.min(cap, (tonumber(b[1]) or cap) + math.max(0, now - at) * rate)
local allowed = 0
if tokens >= 1 then tokens = tokens - 1; allowed = 1 end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(math.max(at, now)))
redis.call('PEXPIRE', KEYS[1], math.ceil((cap - tokens) / rate) + 60000)
return {tostring(tokens), allowed}`;

/** Shared through Redis (REDIS_URL): one Lua script per take. */
export function redisStore(url: string): BucketStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  redis.defineCommand('takeToken', { numberOfKeys: 1, lua: TAKE_LUA });
  const take = (redis as unknown as { takeToken(...args: (string | number)[]): Promise<[string, number]> }).takeToken.bind(redis);
  return {
    kind: 'redis',
    async take(key, policy, now) {
      const [tokens, allowed] = await take(`ratelimit:${key}`, policy.burst, perMs(policy), now.getTime());
      return { tokens: Number(tokens), allowed: allowed === 1 };
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
  const perSecond = policy.perMinute / 60;
  const result = await store.take(key, policy, now, em);
  const tokens = Math.max(0, result.tokens);
  const reset = Math.ceil(now.getTime() / 1000 + (policy.burst - tokens) / perSecond);
  return {
    allowed: result.allowed,
    headers: {
      'X-RateLimit-Limit': String(policy.burst),
      'X-RateLimit-Remaining': String(Math.floor(tokens)),
      'X-RateLimit-Reset': String(reset),
    },
    retryAfter: Math.max(1, Math.ceil((1 - tokens) / perSecond)),
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
