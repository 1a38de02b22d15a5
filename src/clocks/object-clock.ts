// The clock an object lives on: the real time, or a test clock's (test mode), below the domains so
// that each of them can read it: the clock an object being created lives on (its time, and its
// limits), a context at one time, and the time of a clock, for work on its objects done outside an
// advance. The clocks themselves, and advancing them, are test mode's:
// src/test-helpers/test-clocks.service.ts.
import type { Clock } from '../shared/clock.js';
import type { Context, RequestContext } from '../shared/context.js';
import { errors } from '../shared/errors.js';
import { ownedFinder } from '../shared/find.js';
import { queryRows } from '../shared/sql.js';
import { TestClock } from './clocks.entities.js';

export const DAY_MS = 86_400_000;

/** The limits of test clocks (documented in docs/testing.md and the spec). */
export const CLOCK_LIMITS = {
  /** Clocks of one account at once. */
  clocksPerAccount: 100,
  /** Objects of each kind (customers, orders, carriers, webhook endpoints) on one clock. */
  objectsPerKind: 100,
  /** How far one advance may move a clock. */
  advanceMs: 90 * DAY_MS,
  /** How far after the real time a clock may be. */
  aheadMs: 366 * DAY_MS,
  /** How far before the real time a new clock may start. */
  behindMs: 7 * DAY_MS,
} as const;

/** The kinds of object that live on a clock, by table. */
export type ClockedTable = 'customers' | 'orders' | 'carriers' | 'webhook_endpoints';

export const findTestClock = ownedFinder(TestClock, 'test clock', 'test_clock_id');

/** A clock that always says `now`: the context of what happens at one time on a test clock. */
export const fixedClock = (now: Date): Clock => ({ now: () => now });
export const atTime = <C extends Context>(ctx: C, now: Date): C => ({ ...ctx, clock: fixedClock(now), realClock: ctx.realClock ?? ctx.clock });

/**
 * The clock an object being created is to live on, locked for the rest of the creation (objects
 * of one clock are made one at a time, so its limits hold): its id and its time, which the object
 * is created at. Null without one. 404 for a clock not of the caller's account (a live caller has
 * none), 409 while it advances, 400 `test_clock_limit` when it holds as many of the kind as it may.
 */
export async function clockForNew(tx: RequestContext, testClockId: string | undefined, table: ClockedTable): Promise<{ id: string; now: Date } | null> {
  if (testClockId === undefined) return null;
  const clock = await findTestClock(tx, testClockId, { forUpdate: true, param: 'test_clock' });
  if (clock.status === 'advancing') throw errors.invalidStateTransition(`Test clock ${clock.id} is advancing: create objects on it once it is ready.`);
  const [row] = await queryRows<{ n: number | string }>(tx.em, `select count(*) as n from ${table} where test_clock_id = $1`, [clock.id]);
  if (Number(row!.n) >= CLOCK_LIMITS.objectsPerKind) {
    throw errors.testClockLimit('test_clock', `A test clock holds at most ${CLOCK_LIMITS.objectsPerKind} ${table.replace('_', ' ')}.`);
  }
  return { id: clock.id, now: clock.frozenTime };
}

/** The time of a clock (null: the clock is gone), for work on its objects done outside an advance (vetting). */
export async function clockTime(ctx: Context, testClockId: string): Promise<Date | null> {
  const [row] = await queryRows<{ frozen_time: Date | string }>(ctx.em, 'select frozen_time from test_clocks where id = $1', [testClockId]);
  return row ? new Date(row.frozen_time) : null;
}
