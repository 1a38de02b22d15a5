// Idempotency keys (Stripe-style): a POST with `Idempotency-Key` is recorded per account before its
// handler runs (in progress) and completed with its answer afterwards, in PostgreSQL, for 24 hours.
// The row is inserted only after the request passed validation, and deleted again when the answer is
// a 400 or a 5xx, so those are never stored and can be retried with the same key. A claim in progress
// is a lease: if the process running the request dies, nothing completes or deletes its row, so once
// IDEMPOTENCY_LEASE_MS have passed the next request with the same key and body takes the key over.
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/sql';
import type { Clock } from '../shared/clock.js';
import { ApiError, errors } from '../shared/errors.js';
import type { HandlerReply, Step } from './state.js';

export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/**
 * How long a request may hold its key in progress: far beyond any request the server runs (each
 * query gives up after 15 s), so a key still in progress after it belonged to a process that died.
 */
export const IDEMPOTENCY_LEASE_MS = 60_000;

export interface StoredAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

export type Claim = { kind: 'claimed' } | { kind: 'replay'; answer: StoredAnswer };

/** Method, path and body: what "the same request" means. */
export function fingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256').update(`${method} ${path}\n${body === undefined ? '' : JSON.stringify(body)}`).digest('hex');
}

interface Row {
  fingerprint: string;
  status: string;
  response_status: number | null;
  response_body: string | null;
  response_headers: Record<string, string> | string | null;
  created_at: Date | string;
}

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
    const [row] = await em.execute<Row[]>(
      `select fingerprint, status, response_status, response_body, response_headers, created_at
       from idempotency_keys where account_id = ? and key = ?`,
      [accountId, key],
    );
    if (!row) continue; // deleted meanwhile (the first request failed): try to claim it again
    if (new Date(row.created_at).getTime() <= now.getTime() - IDEMPOTENCY_TTL_MS) {
      await em.execute(`delete from idempotency_keys where account_id = ? and key = ? and created_at = ?`, [accountId, key, row.created_at]);
      continue;
    }
    if (row.fingerprint !== print) {
      throw errors.idempotencyKeyReused();
    }
    if (row.status === 'in_progress') {
      if (new Date(row.created_at).getTime() > now.getTime() - IDEMPOTENCY_LEASE_MS) throw errors.idempotencyKeyInUse();
      // Its lease ran out: the request that claimed it died with its process. Take the key over
      // (only one of several concurrent takers matches the old lease start).
      const taken = await em.execute<unknown[]>(
        `update idempotency_keys set created_at = ? where account_id = ? and key = ? and status = 'in_progress' and created_at = ? returning key`,
        [now, accountId, key, row.created_at],
      );
      if (taken.length === 1) return { kind: 'claimed' };
      continue;
    }
    const headers = typeof row.response_headers === 'string' ? JSON.parse(row.response_headers) : (row.response_headers ?? {});
    return {
      kind: 'replay',
      answer: { status: Number(row.response_status), body: row.response_body === null ? undefined : JSON.parse(row.response_body), headers },
    };
  }
  throw errors.idempotencyKeyInUse();
}

/** A 400 (the same request would fail again only if nothing changes) or a 5xx is never stored. */
const storable = (status: number) => status !== 400 && status < 500;

/** Stores the answer of a claimed key, or releases the key when the answer must not be stored. */
export async function complete(em: EntityManager, accountId: string, key: string, answer: StoredAnswer): Promise<void> {
  if (!storable(answer.status)) {
    await release(em, accountId, key);
    return;
  }
  await em.execute(
    `update idempotency_keys set status = 'completed', response_status = ?, response_body = ?, response_headers = ?
     where account_id = ? and key = ?`,
    [answer.status, answer.body === undefined ? null : JSON.stringify(answer.body), JSON.stringify(answer.headers), accountId, key],
  );
}

export async function release(em: EntityManager, accountId: string, key: string): Promise<void> {
  await em.execute(`delete from idempotency_keys where account_id = ? and key = ? and status = 'in_progress'`, [accountId, key]);
}

/** Drops keys older than 24 h (called now and then by the pipeline). */
export async function purgeExpired(em: EntityManager, now: Date): Promise<void> {
  await em.execute(`delete from idempotency_keys where created_at < ?`, [new Date(now.getTime() - IDEMPOTENCY_TTL_MS)]);
}

/** Idempotency keys older than 24 h are purged on about one keyed request in this many. */
const PURGE_EVERY = 500;

/**
 * A POST with `Idempotency-Key` from an authenticated caller: answered from the stored answer when
 * the key was used before, else claimed, run, and completed with the answer (an error answer
 * included, when storable).
 */
export function idempotency(clock: Clock): Step {
  let keyedSincePurge = 0;
  return async (c, next) => {
    const key = c.method === 'POST' ? c.get('Idempotency-Key') : '';
    const principal = c.state.principal;
    if (!key || !principal) return next();
    const { em } = c.state;
    if (++keyedSincePurge >= PURGE_EVERY) {
      keyedSincePurge = 0;
      await purgeExpired(em, clock.now());
    }
    const claimed = await claim(em, principal.accountId, key, fingerprint('post', c.path, c.state.input!.body), clock.now());
    if (claimed.kind === 'replay') {
      c.state.reply = { ...claimed.answer, headers: { ...claimed.answer.headers, [REPLAYED_HEADER]: 'true' } };
      return;
    }
    try {
      await next();
    } catch (err) {
      const answer = err instanceof ApiError ? { status: err.status, body: err.body(c.state.requestId), headers: err.headers } : { status: 500, body: undefined, headers: {} };
      await complete(em, principal.accountId, key, answer);
      throw err;
    }
    const reply = c.state.reply!;
    await complete(em, principal.accountId, key, { status: reply.status, body: reply.body, headers: reply.headers ?? {} });
  };
}
