// The idempotency rules, apart from the database work (idempotency.ts runs them): which requests are
// keyed, what "the same request" means, how long a key is kept and a claim is leased, what an earlier
// request's row answers to a new one, and which answers are stored (API-DESIGN, "Idempotency").
import { createHash } from 'node:crypto';
import { ApiError } from '../shared/errors.js';

/** How long a key is kept, per account: 24 hours. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/**
 * How long a request may hold its key in progress: far beyond any request the server runs (each
 * query gives up after 15 s), so a key still in progress after it belonged to a process that died.
 */
export const IDEMPOTENCY_LEASE_MS = 60_000;
/** Idempotency keys older than 24 h are purged on about one keyed request in this many. */
export const PURGE_EVERY = 500;

export interface StoredAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/** An earlier request's row, as either database returns it. */
export interface KeyRow {
  fingerprint: string;
  status: string;
  response_status: number | null;
  response_body: string | null;
  response_headers: Record<string, string> | string | null;
  created_at: Date | string;
}

/** The key of a request that is handled idempotently: only a POST's `Idempotency-Key`; '' for none. */
export function requestKey(method: string, header: string | undefined): string {
  return method === 'POST' ? (header ?? '') : '';
}

/** Method, path and body: what "the same request" means. */
export function fingerprint(method: string, path: string, body: unknown, caller?: string): string {
  // The caller is part of the request: another credential of the account reusing a key gets 409, never the first one's answer (which may hold a secret).
  const request = `${method} ${path}\n${body === undefined ? '' : JSON.stringify(body)}`;
  return createHash('sha256').update(caller === undefined ? request : `${caller}\n${request}`).digest('hex');
}

/** The start of the oldest row still kept at `now`: rows created before it are gone. */
export function retentionStart(now: Date): Date {
  return new Date(now.getTime() - IDEMPOTENCY_TTL_MS);
}

/**
 * What an earlier row with the same key means for a request with fingerprint `print` at `now`:
 * - `expired`: older than 24 h, as if absent (delete it, claim again);
 * - `reused`: the key was used for a different request (409 idempotency_key_reused);
 * - `in_use`: the first request still runs within its lease (409 idempotency_key_in_use);
 * - `take_over`: still in progress but its lease ran out (its process died): claim it;
 * - `replay`: completed, answer what it answered.
 */
export type RowVerdict = 'expired' | 'reused' | 'in_use' | 'take_over' | 'replay';

export function judgeRow(row: Pick<KeyRow, 'fingerprint' | 'status' | 'created_at'>, print: string, now: Date): RowVerdict {
  const createdAt = new Date(row.created_at).getTime();
  if (createdAt <= now.getTime() - IDEMPOTENCY_TTL_MS) return 'expired';
  if (row.fingerprint !== print) return 'reused';
  if (row.status !== 'in_progress') return 'replay';
  return createdAt > now.getTime() - IDEMPOTENCY_LEASE_MS ? 'in_use' : 'take_over';
}

/** The answer stored in a completed row (headers as JSON text or as an object, per database). */
export function storedAnswer(row: Pick<KeyRow, 'response_status' | 'response_body' | 'response_headers'>): StoredAnswer {
  const headers = typeof row.response_headers === 'string' ? JSON.parse(row.response_headers) : (row.response_headers ?? {});
  return { status: Number(row.response_status), body: row.response_body === null ? undefined : JSON.parse(row.response_body), headers };
}

/** The reply to a request answered from a stored answer: marked `Idempotent-Replayed: true`. */
export function replayed(answer: StoredAnswer): StoredAnswer {
  return { ...answer, headers: { ...answer.headers, [REPLAYED_HEADER]: 'true' } };
}

/** A 400 (the same request would fail again only if nothing changes) or a 5xx is never stored. */
export function isStorable(status: number): boolean {
  return status !== 400 && status < 500;
}

/** The answer a request that threw gets: its API error as rendered, anything else a bodiless 500. */
export function errorAnswer(err: unknown, requestId: string): StoredAnswer {
  return err instanceof ApiError ? { status: err.status, body: err.body(requestId), headers: err.headers } : { status: 500, body: undefined, headers: {} };
}

/** Counts keyed requests; true on every PURGE_EVERY-th one, when expired keys are purged. */
export function purgeSchedule(): () => boolean {
  let keyedSincePurge = 0;
  return () => {
    if (++keyedSincePurge < PURGE_EVERY) return false;
    keyedSincePurge = 0;
    return true;
  };
}
