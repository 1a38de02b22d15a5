// Token bucket per key or OAuth client: `burst` tokens of capacity, refilled continuously at
// `perMinute` (the sustained rate), and a window: no `windowSeconds` (10 s) may hold more than
// `burst` accepted requests. The bucket alone would let a fresh key take its 200 plus what refills
// while it spends them (216 in 10 s at 100/min); the window keeps a burst to 200 for 10 s. A
// bucket's state is four numbers whatever the limit, and its arithmetic is written once
// (rate-limit.step.ts) and run by every store: one atomic take per request in a store every server
// process shares, Redis (when REDIS_URL is set) or PostgreSQL; the embedded single-process database
// keeps buckets in memory. Time comes from the injected clock (not the store's), so tests can drive it.
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
// rate (a burst window adds its points/duration on top of the sustained one). Each store is one
// atomic statement or script (the SQL below, the Lua of rate-limit.redis.ts) around the one step.
import type { EntityManager } from '@mikro-orm/sql';
import type { Clock } from '../shared/clock.js';
import { KEY_COLUMNS, type KeyRow } from '../auth/auth.service.js';
import { errors } from '../shared/errors.js';
import { queryRows } from '../shared/sql.js';
import { STATE_FIELDS, stepNow, type BucketState, type StepPolicy } from './rate-limit.step.js';
import type { PipelineContext, Step } from './state.js';
import type { RateLimitPolicy, Take } from './rate-limit.types.js';

export type { RateLimitPolicy, Take } from './rate-limit.types.js';

/** The window's length in ms. */
export const windowMs = (policy: RateLimitPolicy) => (policy.windowSeconds ?? 10) * 1000;

/** The policy as the step reads it. */
export const stepPolicy = (policy: RateLimitPolicy): StepPolicy => ({
  capacity: policy.burst,
  perMs: policy.perMinute / 60_000,
  window: windowMs(policy),
  limit: policy.burst,
});

export interface RateLimitResult {
  allowed: boolean;
  headers: Record<string, string>;
  /** Whole seconds until a request can be accepted (when refused). */
  retryAfter: number;
}

/** Takes one token from `key`'s bucket if the policy allows a request now. */
export interface BucketStore {
  readonly kind: 'memory' | 'postgresql' | 'redis';
  take(key: string, policy: RateLimitPolicy, now: Date, em: EntityManager): Promise<Take>;
  /** What `key`'s bucket holds now, taking nothing (`allowed`: a take would be accepted). */
  peek(key: string, policy: RateLimitPolicy, now: Date, em: EntityManager): Promise<Take>;
  /**
   * `take(key)` and `peek(peekKey)` (same policy) in one round trip to the store: an authenticated
   * request's own bucket and its address's, checked together.
   */
  takeAndPeek(key: string, peekKey: string, policy: RateLimitPolicy, now: Date, em: EntityManager): Promise<[Take, Take]>;
  /**
   * Where the buckets live beside the keys (PostgreSQL): the API key whose secret hashes to
   * `secretHash`, a take from its bucket (`actor:<key id>`; none for an unknown or revoked key) and
   * `peekKey`'s bucket, in one statement.
   */
  authenticateKey?(secretHash: string, peekKey: string, policy: RateLimitPolicy, now: Date, em: EntityManager): Promise<KeyTake>;
  close(): Promise<void>;
}

/** What `authenticateKey` found: the key's row, its bucket's take, the peeked bucket. */
export interface KeyTake {
  key: KeyRow | undefined;
  own: Take | undefined;
  peek: Take;
}

/** Buckets kept in memory before the ones a fresh bucket would answer alike are let go. */
const MEMORY_SWEEP_AT = 10_000;

/** A bucket kept in memory, with the policy it was last taken under. */
interface Kept {
  state: BucketState;
  policy: StepPolicy;
}

/** Whether a bucket answers as a fresh one would at `now` (full, its window ended): it can be forgotten. */
const forgettable = ({ state: s, policy }: Kept, now: number) =>
  s.tokens + Math.max(0, now - s.at) * policy.perMs >= policy.capacity && s.windowStart + policy.window <= now;

/** The embedded (single-process) mode, and the fallback while a shared store cannot be reached. */
export function memoryStore(): BucketStore & { readonly size: number } {
  const buckets = new Map<string, Kept>();
  const peek = (key: string, policy: RateLimitPolicy, now: Date) => stepNow(buckets.get(key)?.state, stepPolicy(policy), now.getTime(), false);
  return {
    kind: 'memory',
    /** Buckets held. */
    get size() {
      return buckets.size;
    },
    async take(key, policy, now) {
      const p = stepPolicy(policy);
      const t = now.getTime();
      const taken = stepNow(buckets.get(key)?.state, p, t, true);
      // Many addresses (a scan, a flood): what a fresh bucket would answer alike is let go.
      if (buckets.size >= MEMORY_SWEEP_AT && !buckets.has(key)) for (const [k, kept] of buckets) if (forgettable(kept, t)) buckets.delete(k);
      buckets.set(key, { state: taken.state, policy: p });
      return taken;
    },
    peek: async (key, policy, now) => peek(key, policy, now),
    async takeAndPeek(key, peekKey, policy, now, em) {
      return [await this.take(key, policy, now, em), peek(peekKey, policy, now)];
    },
    close: async () => buckets.clear(),
  };
}

// The bucket's columns, in STATE_FIELDS order, then whether the request was allowed.
const STATE_COLUMNS = ['tokens', 'tokens_at', 'window_start', 'window_count'];
const COLUMNS = [...STATE_COLUMNS, 'allowed'].join(', ');
const STATE_OF = (alias: string) => `${alias}.tokens, ${alias}.tokens_at, ${alias}.window_start, ${alias}.window_count`;
// Params: $2 now (ms), $3 capacity, $4 tokens per ms, $5 window (ms), $6 window limit.
const POLICY_ARGS = '$2::float8, $3::float8, $4::float8, $5::float8, $6::float8';
const NO_STATE = 'null, null, null, null';

/** The take: the step on the bucket's row under its lock, or on no row (a fresh bucket), inserting it. */
const takeSql = (bucketKey: string, from = '', where = '') => `
  insert into rate_limits as b (bucket_key, ${COLUMNS})
  select ${bucketKey}, s.* from ${from}rate_limit_step(${NO_STATE}, ${POLICY_ARGS}, true) s ${where}
  on conflict (bucket_key) do update set (${COLUMNS}) = (select s.* from rate_limit_step(${STATE_OF('b')}, ${POLICY_ARGS}, true) s)
  returning ${COLUMNS}`;
const TAKE_SQL = takeSql('$1');

// The bucket $7 as a step would see it, taking nothing (its row as it was before the statement).
const PEEK_COLUMNS = 'pk.tokens as peek_tokens, pk.at as peek_at, pk.window_start as peek_window_start, pk.count as peek_count, pk.allowed as peek_allowed';
const PEEK_JOIN = `left join rate_limits pb on pb.bucket_key = $7
  cross join lateral rate_limit_step(${STATE_OF('pb')}, ${POLICY_ARGS}, false) pk`;

const PEEK_SQL = `select ${PEEK_COLUMNS} from (select 1) as one ${PEEK_JOIN.replaceAll('$7', '$1')}`;

// TAKE_SQL, and $7's bucket as it was, read in the same statement.
const TAKE_AND_PEEK_SQL = `
  with t as (${TAKE_SQL})
  select t.*, ${PEEK_COLUMNS}
  from t ${PEEK_JOIN}`;

// The caller's API key by its secret's hash ($1), its bucket's take (TAKE_SQL's $2 to $6, the
// bucket named after the key; none for an unknown or revoked key) and the address bucket $7 as it
// was: authentication, rate limit and the address throttle of a request in one statement.
const KEY_TAKE_AND_PEEK_SQL = `
  with k as (select ${KEY_COLUMNS} from api_keys where secret_hash = $1),
  t as (${takeSql("'actor:' || k.id", 'k, ', 'where k.revoked_at is null')})
  select k.*, ${COLUMNS.split(', ').map((c) => `t.${c}`).join(', ')}, ${PEEK_COLUMNS}
  from (select 1) as one left join k on true left join t on true ${PEEK_JOIN}`;

const PEEK_NAMES = ['peek_tokens', 'peek_at', 'peek_window_start', 'peek_count'];
type Row = Record<string, unknown>;
/** A bucket's state from a row's columns `names` (float8: numbers from both drivers). */
const stateOf = (row: Row, names: string[]): BucketState =>
  Object.fromEntries(STATE_FIELDS.map((f, i) => [f, Number(row[names[i]!])])) as unknown as BucketState;
const takeOf = (row: Row): Take => ({ allowed: row.allowed as boolean, state: stateOf(row, STATE_COLUMNS) });
const peekOf = (row: Row): Take => ({ allowed: row.peek_allowed as boolean, state: stateOf(row, PEEK_NAMES) });
const params = (policy: RateLimitPolicy, now: Date) => {
  const p = stepPolicy(policy);
  return [now.getTime(), p.capacity, p.perMs, p.window, p.limit];
};

/** Shared by every process on one PostgreSQL: one statement, atomic under the bucket row's lock. */
export function postgresStore(): BucketStore {
  return {
    kind: 'postgresql',
    async take(key, policy, now, em) {
      const [row] = await queryRows<Row>(em, TAKE_SQL, [key, ...params(policy, now)]);
      return takeOf(row!);
    },
    async peek(key, policy, now, em) {
      const [row] = await queryRows<Row>(em, PEEK_SQL, [key, ...params(policy, now)]);
      return peekOf(row!);
    },
    async takeAndPeek(key, peekKey, policy, now, em) {
      const [row] = await queryRows<Row>(em, TAKE_AND_PEEK_SQL, [key, ...params(policy, now), peekKey]);
      return [takeOf(row!), peekOf(row!)];
    },
    async authenticateKey(secretHash, peekKey, policy, now, em) {
      // One row always (the key's columns null when no key has that secret, the take's when no take).
      const [row] = await queryRows<Row & Partial<KeyRow>>(em, KEY_TAKE_AND_PEEK_SQL, [secretHash, ...params(policy, now), peekKey]);
      const key = row!.id ? (row as KeyRow) : undefined;
      return { key, own: row!.allowed == null ? undefined : takeOf(row!), peek: peekOf(row!) };
    },
    close: async () => undefined,
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
    takeAndPeek: (key, peekKey, policy, now, em) =>
      store.takeAndPeek(key, peekKey, policy, now, em).catch(() => memory.takeAndPeek(key, peekKey, policy, now, em)),
    // The key lives in the same database: when it cannot be reached, neither can the key (503).
    ...(store.authenticateKey ? { authenticateKey: store.authenticateKey.bind(store) } : {}),
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
  return limitOf(policy, now, await store.take(key, policy, now, em));
}

/** What `key`'s bucket holds, taking nothing: `allowed` when a take would be accepted. */
export async function peekToken(store: BucketStore, em: EntityManager, key: string, policy: RateLimitPolicy, clock: Clock): Promise<RateLimitResult> {
  const now = clock.now();
  return limitOf(policy, now, await store.peek(key, policy, now, em));
}

/** The answer to a take or peek: allowed or not, the `X-RateLimit-*` headers and `Retry-After`. */
export function limitOf(policy: RateLimitPolicy, now: Date, { allowed, state: s }: Take): RateLimitResult {
  const t = now.getTime();
  const p = stepPolicy(policy);
  // The state is as of its take (`at`): the tokens refill from then; the window may have ended since.
  const tokens = Math.max(0, Math.min(p.capacity, s.tokens + Math.max(0, t - s.at) * p.perMs));
  const windowEnd = s.windowStart + p.window;
  const inWindow = windowEnd > t ? s.count : 0;
  // Remaining: what both limits still allow now. Reset: when the bucket is full and the window's count gone.
  const remaining = Math.max(0, Math.min(Math.floor(tokens), p.limit - inWindow));
  const full = t + (p.capacity - tokens) / p.perMs;
  const reset = Math.ceil(Math.max(full, inWindow > 0 ? windowEnd : 0) / 1000);
  // Retry-After: until a whole token is back and, when the window is full, until it ends.
  const forToken = (1 - tokens) / p.perMs;
  const forWindow = inWindow >= p.limit ? windowEnd - t : 0;
  return {
    allowed,
    headers: {
      'X-RateLimit-Limit': String(policy.burst),
      'X-RateLimit-Remaining': String(remaining),
      'X-RateLimit-Reset': String(reset),
    },
    retryAfter: Math.max(1, Math.ceil(Math.max(forToken, forWindow) / 1000)),
  };
}

/** Paths whose unauthenticated requests and failed authentications are throttled per address. */
const THROTTLED_PATH = /^\/(v1|oauth)(\/|$)/;

/** Whether the request offers a key, token or session, which the caller's own bucket may then answer for. */
// Stryker disable next-line StringLiteral: equivalent, a cookie header without `vt_session=` reads as no session, whatever its text
const offersCredential = (c: PipelineContext) => Boolean(c.headers.authorization) || /(^|;)\s*vt_session=/.test(c.headers.cookie ?? '');

/**
 * The client address's bucket (the address as `c.ip` gives it: the peer, or the entry the configured
 * trusted proxies vouch for in `X-Forwarded-For`). An empty bucket refuses a `/v1` or `/oauth` request
 * with 429, whatever credential it carries; one token is taken from it by every request that no key,
 * token or session authenticates (failed authentications included). Every answer carries this
 * bucket's `X-RateLimit-*` unless the caller's own bucket replaces them.
 *
 * One store call per request: a request offering no credential takes its token at once (refused:
 * 429). One offering a credential is checked once the credential is judged: authenticated, by the
 * caller's own take, which reads the address's bucket in the same call (`rateLimit` below); refused,
 * by the token its failure takes, and an empty bucket turns the 401 into the same 429 a valid
 * credential gets, so a guess that happens to be right cannot be told from a wrong one.
 */
export function throttleAddresses(store: BucketStore, policy: RateLimitPolicy, clock: Clock): Step {
  return async (c, next) => {
    const key = `address:${c.ip || 'unknown'}`;
    if (!THROTTLED_PATH.test(c.path)) {
      // Not throttled (health, documents): the answer shows the bucket all the same.
      Object.assign(c.state.answerHeaders, (await peekToken(store, c.state.em, key, policy, clock)).headers);
      return next();
    }
    if (!offersCredential(c)) {
      const taken = await takeToken(store, c.state.em, key, policy, clock);
      Object.assign(c.state.answerHeaders, taken.headers);
      if (!taken.allowed) throw errors.rateLimitExceeded(taken.retryAfter, taken.headers);
      return next();
    }
    c.state.addressCheck = { key, policy, done: false };
    try {
      await next();
    } finally {
      if (!c.state.principal) {
        const after = await takeToken(store, c.state.em, key, policy, clock);
        Object.assign(c.state.answerHeaders, after.headers);
        // Refused: the bucket was empty before this request, which the credential cannot change.
        // eslint-disable-next-line no-unsafe-finally
        if (!after.allowed) throw errors.rateLimitExceeded(after.retryAfter, after.headers);
      } else if (!c.state.addressCheck.done) {
        // Identified (a 404 or 405 answers in the caller's version) but never rate limited.
        const before = await peekToken(store, c.state.em, key, policy, clock);
        Object.assign(c.state.answerHeaders, before.headers);
        // eslint-disable-next-line no-unsafe-finally
        if (!before.allowed) throw errors.rateLimitExceeded(before.retryAfter, before.headers);
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
      const key = `actor:${principal.actorId}`;
      const address = c.state.addressCheck;
      let limit: RateLimitResult;
      if (address && !address.done) {
        // The caller's bucket and the address's (throttleAddresses) in one store call, or already
        // read in the statement that found the key.
        const taken = c.state.taken;
        const now = taken?.now ?? clock.now();
        const [own, before] = taken ? [taken.own, taken.address] : await store.takeAndPeek(key, address.key, policy, now, c.state.em);
        address.done = true;
        // An empty address bucket answers first, with its own headers.
        const byAddress = limitOf(address.policy, now, before);
        limit = byAddress.allowed ? limitOf(policy, now, own) : byAddress;
      } else {
        limit = await takeToken(store, c.state.em, key, policy, clock);
      }
      Object.assign(c.state.answerHeaders, limit.headers);
      if (!limit.allowed) throw errors.rateLimitExceeded(limit.retryAfter, limit.headers);
    }
    await next();
  };
}
