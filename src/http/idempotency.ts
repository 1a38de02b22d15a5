// Idempotency keys (Stripe-style): a POST with `Idempotency-Key` is recorded per account before its
// handler runs (in progress) and completed with its answer afterwards, in PostgreSQL, for 24 hours.
// The row is inserted only after the request passed validation, and deleted again when the answer is
// a 400 or a 5xx, so those are never stored and can be retried with the same key. A claim in progress
// is a lease: if the process running the request dies, nothing completes or deletes its row, so once
// IDEMPOTENCY_LEASE_MS have passed the next request with the same key and body takes the key over.
// A key is the caller's: another credential of the account reusing it gets 409, and the answers kept
// are sealed at rest (they may hold a secret shown once).
// The rules themselves (what a row means, what is stored) are in idempotency.rules.ts.
import type { EntityManager } from '@mikro-orm/sql';
import type { Clock } from '../shared/clock.js';
import { errors } from '../shared/errors.js';
import { isSealed, openSecret, sealSecret } from '../shared/secrets.js';
import {
  errorAnswer, fingerprint, isStorable, judgeRow, purgeSchedule, replayed, requestKey, retentionStart, storedAnswer,
  type KeyRow, type StoredAnswer,
} from './idempotency.rules.js';
import type { Step } from './state.js';

export { IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_TTL_MS, REPLAYED_HEADER, fingerprint, type StoredAnswer } from './idempotency.rules.js';

export type Claim = { kind: 'claimed' } | { kind: 'replay'; answer: StoredAnswer };

/**
 * Claims `key` for this request, or answers what an earlier request with it got. Concurrent identical
 * requests race on the primary key: exactly one inserts; the others see it in progress (409) or done.
 */
export async function claim(em: EntityManager, accountId: string, key: string, print: string, now: Date): Promise<Claim> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const inserted = await em.execute<unknown[]>(
      `insert into idempotency_keys (account_id, key, fingerprint, status, created_at)
       values (?, ?, ?, 'in_progress', ?) on conflict (account_id, key) do nothing returning key`,
      [accountId, key, print, now],
    );
    if (inserted.length === 1) return { kind: 'claimed' };
    const [row] = await em.execute<KeyRow[]>(
      `select fingerprint, status, response_status, response_body, response_headers, created_at
       from idempotency_keys where account_id = ? and key = ?`,
      [accountId, key],
    );
    if (!row) continue; // deleted meanwhile (the first request failed): try to claim it again
    switch (judgeRow(row, print, now)) {
      case 'expired':
        await em.execute(`delete from idempotency_keys where account_id = ? and key = ? and created_at = ?`, [accountId, key, row.created_at]);
        continue;
      case 'reused':
        throw errors.idempotencyKeyReused();
      case 'in_use':
        throw errors.idempotencyKeyInUse();
      case 'take_over': {
        // Its lease ran out: the request that claimed it died with its process. Take the key over
        // (only one of several concurrent takers matches the old lease start).
        const taken = await em.execute<unknown[]>(
          `update idempotency_keys set created_at = ? where account_id = ? and key = ? and status = 'in_progress' and created_at = ? returning key`,
          [now, accountId, key, row.created_at],
        );
        if (taken.length === 1) return { kind: 'claimed' };
        continue;
      }
      case 'replay':
        return { kind: 'replay', answer: storedAnswer({ ...row, response_body: openBody(row.response_body, accountId, key) }) };
    }
  }
  throw errors.idempotencyKeyInUse();
}

/** Stores the answer of a claimed key, or releases the key when the answer must not be stored. */
export async function complete(em: EntityManager, accountId: string, key: string, answer: StoredAnswer): Promise<void> {
  if (!isStorable(answer.status)) {
    await release(em, accountId, key);
    return;
  }
  await em.execute(
    `update idempotency_keys set status = 'completed', response_status = ?, response_body = ?, response_headers = ?
     where account_id = ? and key = ?`,
    [answer.status, answer.body === undefined ? null : sealSecret(JSON.stringify(answer.body), bodyContext(accountId, key)), JSON.stringify(answer.headers), accountId, key],
  );
}

/**
 * A stored answer may hold a secret shown once (a key's, a client's, an endpoint's, a new user's
 * password): it is kept sealed like every secret at rest (src/shared/secrets.ts), bound to its key.
 */
const bodyContext = (accountId: string, key: string) => `idempotency:${accountId}:${key}`;

/** The stored body as JSON text: opened when sealed (rows stored before sealing are plain JSON). */
function openBody(stored: string | null, accountId: string, key: string): string | null {
  return stored !== null && isSealed(stored) ? openSecret(stored, bodyContext(accountId, key)) : stored;
}

export async function release(em: EntityManager, accountId: string, key: string): Promise<void> {
  await em.execute(`delete from idempotency_keys where account_id = ? and key = ? and status = 'in_progress'`, [accountId, key]);
}

/** Drops keys older than 24 h (called now and then by the pipeline). */
export async function purgeExpired(em: EntityManager, now: Date): Promise<void> {
  await em.execute(`delete from idempotency_keys where created_at < ?`, [retentionStart(now)]);
}

/**
 * A POST with `Idempotency-Key` from an authenticated caller: answered from the stored answer when
 * the key was used before, else claimed, run, and completed with the answer (an error answer
 * included, when storable).
 */
export function idempotency(clock: Clock): Step {
  const purgeDue = purgeSchedule();
  return async (c, next) => {
    const key = requestKey(c.method, c.get('Idempotency-Key'));
    const principal = c.state.principal;
    if (!key || !principal) return next();
    const { em } = c.state;
    if (purgeDue()) await purgeExpired(em, clock.now());
    const claimed = await claim(em, principal.accountId, key, fingerprint('post', c.path, c.state.input!.body, principal.actorId), clock.now());
    if (claimed.kind === 'replay') {
      c.state.reply = replayed(claimed.answer);
      return;
    }
    try {
      await next();
    } catch (err) {
      await complete(em, principal.accountId, key, errorAnswer(err, c.state.requestId));
      throw err;
    }
    const reply = c.state.reply!;
    await complete(em, principal.accountId, key, { status: reply.status, body: reply.body, headers: reply.headers ?? {} });
  };
}
