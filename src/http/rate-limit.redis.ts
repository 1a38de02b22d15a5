// The rate limit's buckets shared through Redis (REDIS_URL), the store every server process uses
// when Redis is configured: one Lua script per take, the same formula as the other stores
// (rate-limit.ts). It runs only against a Redis server: test/rate-limit.test.ts tests it (both
// policies, the fallback) whenever REDIS_URL's server answers.
import { Redis, type ChainableCommander } from 'ioredis';
import { peeked, perMs, windowMs, type BucketStore, type RateLimitPolicy, type Take } from './rate-limit.js';

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
  type Script = { takeToken(...args: (string | number)[]): Promise<[string, number, number, string, string]> };
  const take = (redis as unknown as Script).takeToken.bind(redis);
  const ms = (v: string) => (v === '' ? undefined : Number(v));
  // One hash tag for both keys, so a Redis Cluster keeps them on one node (a script's keys must be).
  const takeArgs = (key: string, policy: RateLimitPolicy, now: Date) =>
    [`{ratelimit:${key}}`, `{ratelimit:${key}}:window`, policy.burst, perMs(policy), now.getTime(), windowMs(policy)] as const;
  const taken = ([tokens, allowed, inWindow, oldest, newest]: [string, number, number, string, string]): Take =>
    ({ tokens: Number(tokens), allowed: allowed === 1, inWindow: Number(inWindow), oldest: ms(oldest), newest: ms(newest) });
  /** The commands of a peek, queued on `batch`: the bucket, then the window's times after its start. */
  const queuePeek = (batch: ChainableCommander, key: string, policy: RateLimitPolicy, t: number) =>
    batch.hmget(`{ratelimit:${key}}`, 'tokens', 'at').zrangebyscore(`{ratelimit:${key}}:window`, `(${t - windowMs(policy)}`, '+inf', 'WITHSCORES');
  const peekOf = (bucket: (string | null)[], recent: string[], policy: RateLimitPolicy, t: number) => {
    const [tokens, at] = bucket;
    const times = recent.filter((_, i) => i % 2 === 1).map(Number);
    return peeked(policy, tokens == null ? undefined : Number(tokens), at == null ? undefined : Number(at), times, t);
  };
  return {
    kind: 'redis',
    async take(key, policy, now) {
      return taken(await take(...takeArgs(key, policy, now)));
    },
    async peek(key, policy, now) {
      const t = now.getTime();
      const [[, bucket], [, recent]] = (await queuePeek(redis.multi(), key, policy, t).exec()) as [[unknown, (string | null)[]], [unknown, string[]]];
      return peekOf(bucket, recent, policy, t);
    },
    async takeAndPeek(key, peekKey, policy, now) {
      const t = now.getTime();
      // A pipeline (not a transaction: the two buckets live under different hash tags): one round trip.
      const batch = (redis.pipeline() as unknown as { takeToken(...a: (string | number)[]): ChainableCommander }).takeToken(...takeArgs(key, policy, now));
      const results = (await queuePeek(batch, peekKey, policy, t).exec()) as [Error | null, unknown][];
      const failed = results.find(([err]) => err);
      if (failed) throw failed[0];
      const [[, own], [, bucket], [, recent]] = results as [[null, [string, number, number, string, string]], [null, (string | null)[]], [null, string[]]];
      return [taken(own), peekOf(bucket, recent, policy, t)];
    },
    close: async () => {
      await redis.quit();
    },
  };
}
