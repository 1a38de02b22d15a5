// Token bucket per key or OAuth client: `burst` tokens of capacity, refilled continuously at
// `perMinute` (the sustained rate), and a sliding window: no `windowSeconds` (10 s) may hold more
// than `burst` accepted requests. The bucket alone lets a fresh key take its 200 plus what refills
// while it spends them (216 in 10 s at 100/min); the window's log of the last accepted times makes
// "200 within 10 seconds" exact. One atomic take per request in a store every server process
// shares: Redis (when REDIS_URL is set) or PostgreSQL; the embedded single-process database keeps
// buckets in memory. Time comes from the injected clock (not the store's), so tests can drive it.
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
// atomic statement (the SQL upsert below, the Lua script of rate-limit.redis.ts), so there is no
// store logic beyond the formula.
import type { EntityManager } from '@mikro-orm/sql';
import type { Clock } from '../shared/clock.js';
import { KEY_COLUMNS, type KeyRow } from '../auth/auth.service.js';
import { errors } from '../shared/errors.js';
import { queryRows } from '../shared/sql.js';
import type { PipelineContext, Step } from './state.js';

export interface RateLimitPolicy {
  burst: number;
  perMinute: number;
  /** The window no more than `burst` accepted requests may fall in (default 10 s). */
  windowSeconds?: number;
}

/** The window's length in ms. */
export const windowMs = (policy: RateLimitPolicy) => (policy.windowSeconds ?? 10) * 1000;

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
  /** What `key`'s bucket and window hold now, taking nothing (`allowed`: a take would be accepted). */
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

/** Tokens refilled per ms. */
export const perMs = (policy: RateLimitPolicy) => policy.perMinute / 60_000;

/** A bucket's tokens at `now`, refilled since `at` (ms) and capped. */
const refilled = (policy: RateLimitPolicy, tokens: number | undefined, at: number | undefined, now: number) =>
  // Stryker disable next-line LogicalOperator,ConditionalExpression: equivalent, tokens and at are undefined together (no bucket yet)
  tokens === undefined || at === undefined ? policy.burst : Math.min(policy.burst, tokens + Math.max(0, now - at) * perMs(policy));

/** What a take would see, without taking: the refilled tokens and the accepted times still in the window. */
export function peeked(policy: RateLimitPolicy, tokens: number | undefined, at: number | undefined, recent: number[], now: number): Take {
  const left = refilled(policy, tokens, at, now);
  const inWindow = recent.filter((x) => x > now - windowMs(policy));
  return {
    tokens: left,
    allowed: left >= 1 && inWindow.length < policy.burst,
    inWindow: inWindow.length,
    oldest: inWindow.length ? Math.min(...inWindow) : undefined,
    newest: inWindow.length ? Math.max(...inWindow) : undefined,
  };
}

/** The embedded (single-process) mode. */
export function memoryStore(): BucketStore {
  const buckets = new Map<string, { tokens: number; at: number; recent: number[] }>();
  return {
    kind: 'memory',
    async take(key, policy, now) {
      const t = now.getTime();
      // Stryker disable next-line ArrayDeclaration: equivalent, a time that is not a number never falls in the window
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
    async peek(key, policy, now) {
      const b = buckets.get(key);
      // Stryker disable next-line ArrayDeclaration: equivalent, a time that is not a number never falls in the window
      return peeked(policy, b?.tokens, b?.at, b?.recent ?? [], now.getTime());
    },
    async takeAndPeek(key, peekKey, policy, now, em) {
      return [await this.take(key, policy, now, em), await this.peek(peekKey, policy, now, em)];
    },
    close: async () => buckets.clear(),
  };
}

// Params: $1 key, $2 capacity, $3 now, $4 now (ms), $5 window limit, $6 tokens per second, $7 window start (ms).
// The bucket refills by the time since the row's last take; the window keeps the accepted times
// after its start; a take is accepted when a whole token is left and the window is not full.
/** The take, inserting the bucket's first row from `source` (its key, then $2 to $4 as below). */
const takeSql = (source: string) => `
  insert into rate_limit_buckets as b (bucket_key, tokens, refreshed_at, allowed, recent)
  ${source}
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
const TAKE_SQL = takeSql('values ($1, $2::float8 - 1, $3, true, array[$4::bigint])');

// The peeked bucket `p` (its row joined on $8) as it was before the statement: its tokens, last take
// and accepted times after $7 (peekOf reads them).
const PEEK_COLUMNS = `p.tokens as peek_tokens, p.refreshed_at as peek_refreshed_at,
    array(select x from unnest(p.recent) as x where x > $7::bigint) as peek_recent`;
const PEEK_JOIN = 'left join rate_limit_buckets p on p.bucket_key = $8';

// TAKE_SQL, and $8's bucket as it was, read in the same statement.
const TAKE_AND_PEEK_SQL = `
  with t as (${TAKE_SQL})
  select t.*, ${PEEK_COLUMNS}
  from t ${PEEK_JOIN}`;

// The caller's API key by its secret's hash ($1), its bucket's take (TAKE_SQL's $2 to $7, the
// bucket named after the key; none for an unknown or revoked key) and the address bucket $8 as it
// was: authentication, rate limit and the address throttle of a request in one statement.
const KEY_TAKE_AND_PEEK_SQL = `
  with k as (select ${KEY_COLUMNS} from api_keys where secret_hash = $1),
  t as (${takeSql("select 'actor:' || k.id, $2::float8 - 1, $3, true, array[$4::bigint] from k where k.revoked_at is null")})
  select k.*, t.tokens, t.allowed, t.in_window, t.oldest, t.newest, ${PEEK_COLUMNS}
  from (select 1) as one left join k on true left join t on true ${PEEK_JOIN}`;

type TakeRow = { tokens: number | string; allowed: boolean; in_window: number | string; oldest: number | string | null; newest: number | string | null };
const msOf = (v: number | string | null) => (v === null ? undefined : Number(v));
/** A take's row (the statement always answers one). */
const takeOf = (row: TakeRow): Take => ({
  tokens: Number(row.tokens),
  allowed: row.allowed,
  inWindow: Number(row.in_window),
  oldest: msOf(row.oldest),
  newest: msOf(row.newest),
});
type PeekRow = TakeRow & { peek_tokens: number | string | null; peek_refreshed_at: Date | string | null; peek_recent: (number | string)[] | null };
/** The peeked bucket's columns of a row. */
const peekOf = (row: PeekRow, policy: RateLimitPolicy, now: Date): Take => {
  // Stryker disable next-line ConditionalExpression: equivalent, either of the two undefined reads as no bucket yet (refilled)
  const at = row.peek_refreshed_at == null ? undefined : new Date(row.peek_refreshed_at).getTime();
  // Stryker disable next-line ConditionalExpression: equivalent, either of the two undefined reads as no bucket yet (refilled)
  const tokens = row.peek_tokens == null ? undefined : Number(row.peek_tokens);
  // Stryker disable next-line ArrayDeclaration: equivalent, a time that is not a number never falls in the window
  return peeked(policy, tokens, at, (row.peek_recent ?? []).map(Number), now.getTime());
};
const takeParams = (key: string, policy: RateLimitPolicy, now: Date) => {
  const t = now.getTime();
  return [key, policy.burst, now, t, policy.burst, policy.perMinute / 60, t - windowMs(policy)];
};

/** Shared by every process on one PostgreSQL: one upsert, atomic under the row lock. */
export function postgresStore(): BucketStore {
  return {
    kind: 'postgresql',
    async take(key, policy, now, em) {
      const [row] = await queryRows<TakeRow>(em, TAKE_SQL, takeParams(key, policy, now));
      return takeOf(row!);
    },
    async takeAndPeek(key, peekKey, policy, now, em) {
      const [row] = await queryRows<PeekRow>(em, TAKE_AND_PEEK_SQL, [...takeParams(key, policy, now), peekKey]);
      return [takeOf(row!), peekOf(row!, policy, now)];
    },
    async authenticateKey(secretHash, peekKey, policy, now, em) {
      type Row = PeekRow & Partial<KeyRow> & { allowed: boolean | null };
      // One row always (the key's columns null when no key has that secret).
      // Stryker disable next-line StringLiteral: equivalent, the key parameter is dropped (the statement names the bucket after the key it finds)
      const row = (await queryRows<Row>(em, KEY_TAKE_AND_PEEK_SQL, [secretHash, ...takeParams('', policy, now).slice(1), peekKey]))[0]!;
      const key = row.id ? (row as KeyRow) : undefined;
      return { key, own: row.allowed == null ? undefined : takeOf(row), peek: peekOf(row, policy, now) };
    },
    async peek(key, policy, now, em) {
      const rows = await em.execute<{ tokens: number | string; refreshed_at: Date | string; recent: (number | string)[] | null }[]>(
        'select tokens, refreshed_at, recent from rate_limit_buckets where bucket_key = ?',
        [key],
      );
      const row = rows[0];
      const at = row ? new Date(row.refreshed_at).getTime() : undefined;
      // Stryker disable next-line ArrayDeclaration: equivalent, a time that is not a number never falls in the window
      return peeked(policy, row ? Number(row.tokens) : undefined, at, (row?.recent ?? []).map(Number), now.getTime());
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
export function limitOf(policy: RateLimitPolicy, now: Date, result: Take): RateLimitResult {
  const t = now.getTime();
  const perSecond = policy.perMinute / 60;
  const tokens = Math.max(0, result.tokens);
  const window = windowMs(policy);
  const allowed = result.allowed;
  // Remaining: what both limits still allow now. Reset: when the bucket is full and the window empty.
  const remaining = Math.max(0, Math.min(Math.floor(tokens), policy.burst - result.inWindow));
  const reset = Math.ceil(Math.max(t / 1000 + (policy.burst - tokens) / perSecond, result.newest === undefined ? 0 : (result.newest + window) / 1000));
  // Retry-After: until a whole token is back and, when the window is full, until its oldest leaves.
  // (Not positive once a whole token is left: the window or the 1-second floor answers then.)
  const forToken = (1 - tokens) / perSecond;
  const forWindow = result.inWindow >= policy.burst && result.oldest !== undefined ? (result.oldest + window - t) / 1000 : 0;
  return {
    allowed,
    headers: {
      'X-RateLimit-Limit': String(policy.burst),
      'X-RateLimit-Remaining': String(remaining),
      'X-RateLimit-Reset': String(reset),
    },
    retryAfter: Math.max(1, Math.ceil(Math.max(forToken, forWindow))),
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
