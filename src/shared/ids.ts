import { randomFillSync } from 'node:crypto';

export const ID_PREFIXES = {
  account: 'acct',
  apiKey: 'key',
  customer: 'cus',
  order: 'ord',
  carrier: 'car',
  complianceAlert: 'cal',
  registrySnapshot: 'crs',
  job: 'job',
  event: 'evt',
  webhookEndpoint: 'we',
  webhookDelivery: 'wdl',
  oauthClient: 'oac',
  auditLog: 'aud',
  request: 'req',
  user: 'usr',
  session: 'ses',
  signInFailure: 'sif',
  invoice: 'inv',
  invoiceLine: 'il',
  payment: 'pay',
  carrierPayment: 'cpy',
  ledgerEntry: 'lge',
  journalEntry: 'jrn',
  message: 'msg',
  testDataDeletion: 'tdd',
  testClock: 'clk',
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

// ULIDs (https://github.com/ulid/spec): 10 characters of millisecond time, 16 of randomness, in
// Crockford's base 32; monotonic within a millisecond (the randomness of the previous id plus one),
// as the `ulid` package's monotonicFactory makes them. Every request takes at least one id, so the
// randomness comes from a pool filled by one call to the CSPRNG per 256 ids, not one call per character.
const ENCODING = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const RANDOM_LENGTH = 16;
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

let lastTime = -1;
let lastTimeText = '';
const lastRandom = new Uint8Array(RANDOM_LENGTH); // digit values 0..31

/** Where the next `bytes` random bytes of the pool start (refilled when it runs short). */
function takeFromPool(bytes: number): number {
  if (poolOffset + bytes > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const at = poolOffset;
  poolOffset += bytes;
  return at;
}

/**
 * `bytes` random bytes in hex (trace and span ids: one of each per request), from the same pool.
 */
export function randomHex(bytes: number): string {
  const at = takeFromPool(bytes);
  return pool.toString('hex', at, at + bytes);
}

function freshRandom(random: Uint8Array): Uint8Array {
  const at = takeFromPool(RANDOM_LENGTH);
  // 256 is a multiple of 32: the low five bits of a uniform byte are a uniform digit.
  for (let i = 0; i < RANDOM_LENGTH; i++) random[i] = pool[at + i]! & 31;
  return random;
}

function incrementRandom(random: Uint8Array): Uint8Array {
  for (let i = RANDOM_LENGTH - 1; i >= 0; i--) {
    if (random[i]! < 31) {
      random[i]!++;
      return random;
    }
    random[i] = 0;
  }
  throw new Error('ULID randomness overflowed within one millisecond');
}

const encodeTime = (ms: number): string => {
  let text = '';
  for (let t = ms, i = 0; i < 10; i++, t = Math.floor(t / 32)) text = ENCODING[t % 32]! + text;
  return text;
};

const encodeRandom = (random: Uint8Array): string => {
  let text = '';
  for (let i = 0; i < RANDOM_LENGTH; i++) text += ENCODING[random[i]!];
  return text;
};

/**
 * How far an id's time may be ahead of the time it was made for: a clock read a little behind the
 * last id's (another request's `now`, taken later) still gets an id after it, at the last id's time;
 * a clock further behind (a clock set back, a request's `now` older than this) gets ids at its own
 * time, each after the last one made for that same millisecond. So an id's time is never before,
 * and less than this after, the time it was made for: a filter on an object's creation time may be
 * answered by a range of its ids.
 */
export const ID_TIME_LEAD_MS = 60_000;

/** The randomness of the last id made for each of the latest milliseconds left behind, least recently used first. */
const behind = new Map<number, Uint8Array>();
const BEHIND_KEPT = 256;

function ulid(now: number): string {
  if (now > lastTime) {
    // Kept, should a clock set back come to that millisecond again.
    if (lastTime >= 0) remember(lastTime, lastRandom.slice());
    lastTime = now;
    lastTimeText = encodeTime(now);
    return lastTimeText + encodeRandom(freshRandom(lastRandom));
  }
  if (now > lastTime - ID_TIME_LEAD_MS) return lastTimeText + encodeRandom(incrementRandom(lastRandom));
  return apart(now);
}

/** An id at its own time, after the last one made for that same millisecond (one of the latest used). */
function apart(now: number): string {
  let random = behind.get(now);
  if (random) incrementRandom(random);
  else random = freshRandom(new Uint8Array(RANDOM_LENGTH));
  // Used again, it is the latest used: a time made ids for over and over (a fixed clock in a test,
  // while a test clock's advance has made ids ahead of it) stays among those kept while it is used.
  remember(now, random);
  return encodeTime(now) + encodeRandom(random);
}

function remember(time: number, random: Uint8Array): void {
  behind.delete(time);
  behind.set(time, random);
  if (behind.size > BEHIND_KEPT) behind.delete(behind.keys().next().value!);
}

/** The last time (ms) ten characters of base 32 hold. */
const LAST_TIME = 32 ** 10 - 1;

/** The smallest id of a kind made for time `ms` (milliseconds): every id made for `ms` or later sorts at or after it. */
export function firstIdAt(kind: IdKind, ms: number): string {
  return `${ID_PREFIXES[kind]}_${encodeTime(Math.min(Math.max(0, Math.floor(ms)), LAST_TIME))}${'0'.repeat(RANDOM_LENGTH)}`;
}

/** The time (ms) an id (`prefix_<ULID>`) was made at: its first ten characters after the prefix. */
export function timeOfId(id: string): number {
  const start = id.indexOf('_') + 1;
  let ms = 0;
  for (const c of id.slice(start, start + 10)) ms = ms * 32 + ENCODING.indexOf(c);
  return ms;
}

/** Type prefix + ULID: time-sortable, so a newer id sorts after an older one. */
export function newId(kind: IdKind, now: number = Date.now()): string {
  return `${ID_PREFIXES[kind]}_${ulid(now)}`;
}
