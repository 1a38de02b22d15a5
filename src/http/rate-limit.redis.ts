// The rate limit's buckets shared through Redis (REDIS_URL), the store every server process uses
// when Redis is configured: one Lua script per request running the one step of rate-limit.step.ts
// (emitted as Lua), on one hash per bucket. It runs only against a Redis server:
// test/rate-limit.test.ts tests it (both policies, the fallback) whenever REDIS_URL's server answers.
import { Redis } from 'ioredis';
import { INFIX, program, snake, STATE_FIELDS, type BucketState } from './rate-limit.step.js';
import { stepPolicy, type BucketStore, type RateLimitPolicy, type Take } from './rate-limit.js';

/** The step as Lua (Redis runs Lua 5.1): a function of the stored state (nil when fresh) and the inputs. */
function luaStep(): string {
  const { lines, out } = program(
    (v) => String(v),
    (name, op, [x, y, z]) => {
      const infix = INFIX[op];
      if (infix) return `  local ${name} = ${x} ${infix} ${y}`;
      // Not Lua's `c and x or y`, which is wrong when x is false or nil.
      if (op === 'pick') return `  local ${name}; if ${x} then ${name} = ${y} else ${name} = ${z} end`;
      return `  local ${name} = math.${op}(${x}, ${y})`;
    },
    { fresh: '(s_at == nil)', now: 'now', capacity: 'capacity', perMs: 'per_ms', window: 'window', limit: 'limit', take: 'take' },
  );
  const params = [...STATE_FIELDS.map((f) => `s_${snake(f)}`), 'now', 'capacity', 'per_ms', 'window', 'limit', 'take'];
  return `local function step(${params.join(', ')})
${lines.join('\n')}
  return ${[...STATE_FIELDS.map((f) => out.state[f]), out.allowed].join(', ')}
end`;
}

// KEYS[1] the bucket to take from (or only look at, ARGV[6] = '0'), KEYS[2] (optional) a bucket to
// look at; ARGV: now (ms), capacity, tokens per ms, window (ms), window limit, take. A bucket is a
// hash of the step's four numbers, written with 17 significant digits so that they read back as the
// same doubles. Returns each bucket's four numbers as strings, then 1|0 (allowed).
const FIELDS = STATE_FIELDS.map((_, i) => `'f${i}'`).join(', ');
const SCRIPT = `
${luaStep()}
local function fmt(x) return string.format('%.17g', x) end
local now, capacity, per_ms, window, limit = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local function run(key, take)
  local b = redis.call('HMGET', key, ${FIELDS})
  local s = {}
  for i = 1, ${STATE_FIELDS.length} do s[i] = tonumber(b[i]) end
  local r = {step(s[1], s[2], s[3], s[4], now, capacity, per_ms, window, limit, take)}
  local out = {}
  for i = 1, ${STATE_FIELDS.length} do out[i] = fmt(r[i]) end
  out[${STATE_FIELDS.length + 1}] = r[${STATE_FIELDS.length + 1}] and 1 or 0
  if take then
    local fields = {}
    for i = 1, ${STATE_FIELDS.length} do fields[2 * i - 1] = 'f' .. (i - 1); fields[2 * i] = out[i] end
    redis.call('HSET', key, unpack(fields))
    -- Kept while it answers otherwise than a fresh bucket: until full and its window ended.
    local ttl = math.max((capacity - r[1]) / per_ms, r[3] + window - now, 0) + 60000
    redis.call('PEXPIRE', key, math.ceil(ttl))
  end
  return out
end
local result = run(KEYS[1], ARGV[6] == '1')
if KEYS[2] then
  local peeked = run(KEYS[2], false)
  for i = 1, #peeked do result[#result + 1] = peeked[i] end
end
return result`;

type Reply = (string | number)[];
type Script = { rateLimit(numberOfKeys: number, ...args: (string | number)[]): Promise<Reply> };

/** Shared through Redis (REDIS_URL): one Lua script per request. */
export function redisStore(url: string): BucketStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  redis.defineCommand('rateLimit', { lua: SCRIPT });
  const run = (redis as unknown as Script).rateLimit.bind(redis);
  const args = (policy: RateLimitPolicy, now: Date, take: boolean) => {
    const p = stepPolicy(policy);
    return [now.getTime(), p.capacity, p.perMs, p.window, p.limit, take ? 1 : 0];
  };
  const bucket = (key: string) => `ratelimit:${key}`;
  /** The take (or peek) of a reply starting at `from`. */
  const takeOf = (reply: Reply, from = 0): Take => ({
    state: Object.fromEntries(STATE_FIELDS.map((f, i) => [f, Number(reply[from + i])])) as unknown as BucketState,
    allowed: reply[from + STATE_FIELDS.length] === 1,
  });
  return {
    kind: 'redis',
    async take(key, policy, now) {
      return takeOf(await run(1, bucket(key), ...args(policy, now, true)));
    },
    async peek(key, policy, now) {
      return takeOf(await run(1, bucket(key), ...args(policy, now, false)));
    },
    async takeAndPeek(key, peekKey, policy, now) {
      // Both buckets in one script: the caller's take and its address's, one round trip. (A Redis
      // Cluster would need both keys in one slot; this store speaks to one Redis server.)
      const reply = await run(2, bucket(key), bucket(peekKey), ...args(policy, now, true));
      return [takeOf(reply), takeOf(reply, STATE_FIELDS.length + 1)];
    },
    close: async () => {
      await redis.quit();
    },
  };
}
