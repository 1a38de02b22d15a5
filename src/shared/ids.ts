import { randomFillSync } from 'node:crypto';

export const ID_PREFIXES = {
  account: 'acct',
  apiKey: 'key',
  customer: 'cus',
  order: 'ord',
  carrier: 'car',
  complianceAlert: 'cal',
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
const lastRandom = new Uint8Array(RANDOM_LENGTH); // digit values 0..31

function freshRandom(): void {
  if (poolOffset + RANDOM_LENGTH > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  // 256 is a multiple of 32: the low five bits of a uniform byte are a uniform digit.
  for (let i = 0; i < RANDOM_LENGTH; i++) lastRandom[i] = pool[poolOffset + i]! & 31;
  poolOffset += RANDOM_LENGTH;
}

function incrementRandom(): void {
  for (let i = RANDOM_LENGTH - 1; i >= 0; i--) {
    if (lastRandom[i]! < 31) {
      lastRandom[i]!++;
      return;
    }
    lastRandom[i] = 0;
  }
  throw new Error('ULID randomness overflowed within one millisecond');
}

let lastTimeText = '';

function ulid(now: number): string {
  if (now <= lastTime) incrementRandom();
  else {
    lastTime = now;
    lastTimeText = '';
    for (let t = now, i = 0; i < 10; i++, t = Math.floor(t / 32)) lastTimeText = ENCODING[t % 32]! + lastTimeText;
    freshRandom();
  }
  let random = '';
  for (let i = 0; i < RANDOM_LENGTH; i++) random += ENCODING[lastRandom[i]!];
  return lastTimeText + random;
}

/** Type prefix + ULID: time-sortable, so a newer id sorts after an older one. */
export function newId(kind: IdKind, now: number = Date.now()): string {
  return `${ID_PREFIXES[kind]}_${ulid(now)}`;
}
