// The sign-in limits' counters (table `sign_in_counters`): one per email and one per client address,
// each attempt taken by one atomic statement before a password is checked. Signing in takes both;
// changing one's own password takes the email's, since a wrong current password is a guess too.
import type { EntityManager } from '@mikro-orm/sql';
import type { SignInPolicy } from '../shared/context.js';
import { errors } from '../shared/errors.js';
import { queryRows } from '../shared/sql.js';

/** The counters of an attempt: one per email, one per client address (a key each in `sign_in_counters`). */
export const emailKey = (email: string) => `email:${email}`;
export const addressKey = (address: string) => `address:${address}`;

/**
 * Takes one attempt from a key's counter, in one statement: a new key, or one whose window has
 * passed ($3 is the start of the oldest window still running), starts a window now with this
 * attempt; a key under its limit counts one more; a key at its limit is left as it is and no row
 * comes back. The row is locked from the upsert to the end of the statement, so attempts at once
 * are counted one after another, on PostgreSQL as on the embedded database, and without anything
 * that lives in a session (a transaction-mode pooler runs it like any statement).
 */
const TAKE_ATTEMPT = `insert into sign_in_counters as c (key, window_start, count) values ($1, $2, 1)
  on conflict (key) do update set
    window_start = case when c.window_start <= $3 then excluded.window_start else c.window_start end,
    count = case when c.window_start <= $3 then 1 else c.count + 1 end
  where c.window_start <= $3 or c.count < $4
  returning window_start`;

/** Takes an attempt of `key` (answering its window's start), or refuses with 429 and the seconds until its window ends. */
export async function takeAttempt(em: EntityManager, key: string, limit: number, policy: SignInPolicy, now: Date): Promise<Date> {
  const windowOpen = new Date(now.getTime() - policy.windowMs).toISOString();
  const [taken] = await queryRows<{ window_start: Date | string }>(em, TAKE_ATTEMPT, [key, now.toISOString(), windowOpen, limit]);
  if (taken) return new Date(taken.window_start);
  // Refused: how long until the window ends, read after the fact (it only sets Retry-After).
  const [row] = await queryRows<{ window_start: Date | string }>(em, 'select window_start from sign_in_counters where key = $1', [key]);
  const waitMs = row ? new Date(row.window_start).getTime() + policy.windowMs - now.getTime() : 0;
  throw errors.signInThrottled(Math.max(1, Math.ceil(waitMs / 1000)));
}

/** Gives an attempt back to its counter, if the window it was taken in is still the key's. */
export async function giveBack(em: EntityManager, key: string, windowStart: Date): Promise<void> {
  await queryRows(em, 'update sign_in_counters set count = count - 1 where key = $1 and window_start = $2 and count > 0', [key, windowStart.toISOString()]);
}


