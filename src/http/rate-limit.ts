// Token bucket per key or OAuth client: `burst` tokens of capacity, refilled continuously at
// `perMinute`. One atomic take per request in a store every server process shares: Redis (when
// REDIS_URL is set) or PostgreSQL; the embedded single-process database keeps buckets in memory.
// Time comes from the injected clock (not the store's), so tests can drive refill.
//
// Requests that no key, token or session authenticates draw from a bucket of the client's address
// (the same policy): unauthenticated ones, every failed authentication, the OAuth endpoints, unknown
// paths. An address whose bucket is empty is refused before its credential is even looked at, so a
// guess that happens to be right cannot be told from a wrong one. Failed authentications of one OAuth
// client also drain a small bucket of that client's. When the shared store cannot be reached, the
// buckets live in process memory until it answers again.
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
import type { PipelineContext, Step } from './state.js';

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
  /** The tokens `key`'s bucket holds now, taking none. */
  peek(key: string, policy: RateLimitPolicy, now: Date, em: EntityManager): Promise<number>;
  close(): Promise<void>;
}

const perMs = (policy: RateLimitPolicy) => policy.perMinute / 60_000;

/** A bucket's tokens at `now`, refilled since `at` (ms) and capped. */
const refilled = (policy: RateLimitPolicy, tokens: number | undefined, at: number | undefined, now: number) =>
  tokens === undefined || at === undefined ? policy.burst : Math.min(policy.burst, tokens + Math.max(0, now - at) * perMs(policy));

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
    async peek(key, policy, now) {
      const b = buckets.get(key);
      return refilled(policy, b?.tokens, b?.at, now.getTime());
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
    async peek(key, policy, now, em) {
      const rows = await em.execute<{ tokens: number | string; refreshed_at: Date | string }[]>(
        'select tokens, refreshed_at from rate_limit_buckets where bucket_key = ?',
        [key],
      );
      const row = rows[0];
      return refilled(policy, row ? Number(row.tokens) : undefined, row ? new Date(row.refreshed_at).getTime() : undefined, now.getTime());
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
    async peek(key, policy, now) {
      const [tokens, at] = await redis.hmget(`ratelimit:${key}`, 'tokens', 'at');
      return refilled(policy, tokens === null ? undefined : Number(tokens), at === null ? undefined : Number(at), now.getTime());
    },
    close: async () => {
      await redis.quit();
    },
  };
}

/**
 * The shared store, or process memory while it cannot be reached: limits keep holding (per process)
 * through an outage of the store, and an outage of the database is answered by the operation itself.
 */
export function withMemoryFallback(store: BucketStore): BucketStore {
  if (store.kind === 'memory') return store;
  const memory = memoryStore();
  return {
    kind: store.kind,
    take: (key, policy, now, em) => store.take(key, policy, now, em).catch(() => memory.take(key, policy, now, em)),
    peek: (key, policy, now, em) => store.peek(key, policy, now, em).catch(() => memory.peek(key, policy, now, em)),
    close: async () => {
      await Promise.all([store.close(), memory.close()]);
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
  const result = await store.take(key, policy, now, em);
  return limitOf(policy, now, result.tokens, result.allowed);
}

/** What `key`'s bucket holds, taking nothing: `allowed` when it holds a whole token. */
export async function peekToken(store: BucketStore, em: EntityManager, key: string, policy: RateLimitPolicy, clock: Clock): Promise<RateLimitResult> {
  const now = clock.now();
  const tokens = await store.peek(key, policy, now, em);
  return limitOf(policy, now, tokens, tokens >= 1);
}

function limitOf(policy: RateLimitPolicy, now: Date, left: number, allowed: boolean): RateLimitResult {
  const perSecond = policy.perMinute / 60;
  const tokens = Math.max(0, left);
  const reset = Math.ceil(now.getTime() / 1000 + (policy.burst - tokens) / perSecond);
  return {
    allowed,
    headers: {
      'X-RateLimit-Limit': String(policy.burst),
      'X-RateLimit-Remaining': String(Math.floor(tokens)),
      'X-RateLimit-Reset': String(reset),
    },
    retryAfter: Math.max(1, Math.ceil((1 - tokens) / perSecond)),
  };
}

/** Paths whose unauthenticated requests and failed authentications are throttled per address. */
const THROTTLED_PATH = /^\/(v1|oauth)(\/|$)/;

/**
 * The client address's bucket (the address as `c.ip` gives it: the peer, or the entry the configured
 * trusted proxies vouch for in `X-Forwarded-For`). Before anything else: an empty bucket refuses a
 * `/v1` or `/oauth` request with 429, whatever credential it carries. After the request: one token is
 * taken when no key, token or session authenticated it (failed authentications included). Every
 * answer carries this bucket's `X-RateLimit-*` unless the caller's own bucket replaces them.
 */
export function throttleAddresses(store: BucketStore, policy: RateLimitPolicy, clock: Clock): Step {
  return async (c, next) => {
    const key = `address:${c.ip || 'unknown'}`;
    const throttled = THROTTLED_PATH.test(c.path);
    const before = await peekToken(store, c.state.em, key, policy, clock);
    Object.assign(c.state.answerHeaders, before.headers);
    if (throttled && !before.allowed) throw errors.rateLimitExceeded(before.retryAfter, before.headers);
    try {
      await next();
    } finally {
      if (throttled && !c.state.principal) {
        const after = await takeToken(store, c.state.em, key, policy, clock);
        Object.assign(c.state.answerHeaders, after.headers);
      }
    }
  };
}

/** Failed authentications one OAuth client may have: 10 at once, then one every 10 seconds. */
export const CLIENT_FAILURE_POLICY: RateLimitPolicy = { burst: 10, perMinute: 6 };

/** The failed authentications of one OAuth client (by the id it claimed). */
export interface ClientThrottle {
  /** 429 when the client has failed too often lately. */
  check(c: PipelineContext, clientId: string): Promise<void>;
  /** Counts one failed authentication. */
  fail(c: PipelineContext, clientId: string): Promise<void>;
}

export function clientThrottle(store: BucketStore, clock: Clock, failures = CLIENT_FAILURE_POLICY.burst): ClientThrottle {
  const policy = { ...CLIENT_FAILURE_POLICY, burst: failures };
  const key = (clientId: string) => `oauth_client:${clientId}`;
  return {
    async check(c, clientId) {
      const state = await peekToken(store, c.state.em, key(clientId), policy, clock);
      if (!state.allowed) throw errors.clientThrottled(state.retryAfter);
    },
    async fail(c, clientId) {
      await takeToken(store, c.state.em, key(clientId), policy, clock);
    },
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
