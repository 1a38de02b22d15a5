// The delivery log's weeks: its partitions made ahead of the rows that need them, and taken away
// whole once a week is past the retention (migration ...000020 says how the log is partitioned).
// Events are kept 30 days: a week's events, deliveries and attempts (Monday to Sunday, UTC, by the
// time in their ids) go together once the whole week is more than 30 days old, so an event is kept
// 30 to 37 days.
//
// A week goes without blocking the claims: each of its partitions is detached CONCURRENTLY (the
// parent locked only in SHARE UPDATE EXCLUSIVE mode, as reads and writes need no more) and then
// dropped. Before that, the deliveries made later for the week's events (replays), which live in
// later weeks' partitions, are deleted with their attempts, as the foreign keys of an unpartitioned
// log cascaded, and so are the week's deliveries still waiting in the queue. A detach interrupted (a
// process killed) is finished by the next run.
import type { EntityManager } from '@mikro-orm/sql';
import type { Database } from '../shared/database.js';
import { firstIdAt, timeOfId } from '../shared/ids.js';
import { queryRows } from '../shared/sql.js';

export const DAY_MS = 86_400_000;
/** Events (with their deliveries and attempts) are kept this long, counted from the end of their week. */
export const EVENT_RETENTION_MS = 30 * DAY_MS;
/** Days a partition holds: a week, Monday to Sunday (UTC). */
export const PARTITION_DAYS = 7;
/** The Monday (days since the epoch, a Thursday: its first Monday is day 4) of a day's week. */
export const weekOf = (day: number): number => day - ((((day - 4) % PARTITION_DAYS) + PARTITION_DAYS) % PARTITION_DAYS);
/** Days ahead whose partitions are made before anything needs them. */
export const DAYS_AHEAD = 7;

/** The tables whose partitions are weeks, in the order a week's partitions go (deliveries: their log; the waiting ones are in the queue). */
const TABLES = ['webhook_delivery_attempts', 'webhook_deliveries_log', 'events'] as const;

/** The day (UTC, as days since the epoch) of the time in an id (`prefix_<ULID>`). */
export const dayOfId = (id: string): number => Math.floor(timeOfId(id) / DAY_MS);

/** The ISO date of a day number. */
const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Makes the log's missing partitions of the weeks of days `from`..`to` (days since the epoch); answers how many it made. */
export async function ensureLogPartitions(em: EntityManager, from: number, to: number): Promise<number> {
  const [row] = await queryRows<{ made: number }>(em, 'select ensure_log_partitions($1::date, $2::date) as made', [isoDay(from), isoDay(to)]);
  return row!.made;
}

/** Per database (its connection): the weeks (their Mondays) whose partitions were seen made (committed, by anyone). */
const madeWeeks = new WeakMap<object, Set<number>>();

/**
 * Makes sure the week of `id` (an event or delivery about to be written) has its partitions, once per
 * week and process: in `em`'s transaction, before the write. Usually the week was made ahead and this
 * costs one statement a week; a test clock, or a log without a worker for a week, gets it made now.
 * A week made by this very call is looked at again next time (its transaction may yet roll back).
 */
export async function ensurePartitionOf(em: EntityManager, id: string): Promise<void> {
  const week = weekOf(dayOfId(id));
  const connection = em.getConnection();
  let made = madeWeeks.get(connection);
  if (!made) madeWeeks.set(connection, (made = new Set()));
  if (made.has(week)) return;
  if ((await ensureLogPartitions(em, week, week)) === 0) made.add(week);
}

/** Yesterday to a week ahead of `now`: what every process makes sure of at start, and the worker every hour. */
export const ensureDaysAround = (em: EntityManager, now: Date): Promise<number> => {
  const today = Math.floor(now.getTime() / DAY_MS);
  return ensureLogPartitions(em, today - 1, today + DAYS_AHEAD);
};

/** What a retention run took away. */
export interface Purged {
  /** Weeks whose partitions were dropped (their Mondays). */
  weeks: string[];
  /** Events dropped with them, as the statistics count them (exactly, for a week never analyzed). */
  events: number;
}

/** The log's partitions, `<table>_pYYYYMMDD`, with the Monday of the week they hold (detached ones pending included). */
async function partitions(em: EntityManager): Promise<{ table: string; child: string; day: number; pending: boolean }[]> {
  const rows = await em.execute<{ parent: string; child: string; pending: boolean }[]>(
    `select p.relname as parent, c.relname as child, i.inhdetachpending as pending
     from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
     where p.relname in ('events', 'webhook_deliveries_log', 'webhook_delivery_attempts') and c.relname ~ '_p[0-9]{8}$'`,
  );
  return rows.map((r) => {
    const ymd = r.child.slice(-8);
    return { table: r.parent, child: r.child, day: Date.UTC(+ymd.slice(0, 4), +ymd.slice(4, 6) - 1, +ymd.slice(6)) / DAY_MS, pending: r.pending };
  });
}

/** Detaches a partition without blocking reads and writes of its table, then drops it. */
async function dropPartition(db: Database, table: string, child: string, pending: boolean): Promise<void> {
  // Outside any transaction (CONCURRENTLY runs as transactions of its own); FINALIZE ends one a
  // killed process left pending.
  await db.em().execute(`alter table ${table} detach partition ${child} ${pending ? 'finalize' : 'concurrently'}`);
  await db.em().execute(`drop table ${child}`);
}

/**
 * Takes away the weeks of the log whose whole week is more than `retentionMs` before `now`, oldest
 * first, and the later deliveries (with their attempts) of their events.
 */
export async function purgeExpiredLog(db: Database, now: Date, retentionMs = EVENT_RETENTION_MS): Promise<Purged> {
  // A week expires when its end (its last day's end) is `retentionMs` ago.
  const lastExpired = Math.floor((now.getTime() - retentionMs) / DAY_MS) - 1;
  const all = await partitions(db.em());
  const weeks = [...new Set(all.filter((p) => p.day + PARTITION_DAYS - 1 <= lastExpired).map((p) => p.day))].sort((a, b) => a - b);
  let events = 0;
  for (const day of weeks) {
    // The week's ids: from its Monday's first to the next Monday's.
    const [lo, hi] = [firstIdAt('event', day * DAY_MS), firstIdAt('event', (day + PARTITION_DAYS) * DAY_MS)];
    const [first, later] = [firstIdAt('webhookDelivery', day * DAY_MS), firstIdAt('webhookDelivery', (day + PARTITION_DAYS) * DAY_MS)];
    // As many as the statistics say the week's partition holds (counting them would read the whole
    // partition, seconds at millions of events): exact for one never analyzed, which is small.
    const [count] = await queryRows<{ n: number }>(
      db.em(),
      `select coalesce(sum(case when c.reltuples >= 0 then c.reltuples::bigint
         else (select count(*) from events where id >= $2 and id < $3) end), 0)::int as n
       from pg_class c where c.relname = any($1::text[])`,
      [all.filter((p) => p.table === 'events' && p.day === day).map((p) => p.child), lo, hi],
    );
    await db.em().transactional(async (em) => {
      // The week's events' deliveries in later weeks (replays), and their attempts.
      await em.execute(
        `delete from webhook_delivery_attempts a using webhook_deliveries d
         where a.delivery_id = d.id and d.event_id >= ? and d.event_id < ? and d.id >= ?`,
        [lo, hi, later],
      );
      await em.execute('delete from webhook_deliveries where event_id >= ? and event_id < ? and id >= ?', [lo, hi, later]);
      // The week's deliveries still waiting (an endpoint disabled for a month), in the queue.
      await em.execute(
        `delete from webhook_delivery_attempts a using webhook_deliveries_queue q where a.delivery_id = q.id and q.id >= ? and q.id < ?`,
        [first, later],
      );
      await em.execute('delete from webhook_deliveries_queue where id >= ? and id < ?', [first, later]);
    });
    for (const table of TABLES) {
      for (const p of all.filter((x) => x.table === table && x.day === day)) await dropPartition(db, p.table, p.child, p.pending);
    }
    events += count!.n;
  }
  return { weeks: weeks.map(isoDay), events };
}

/** The retention job: one row whatever the number of workers, run every hour by whichever claims it. */
export const LOG_RETENTION_JOB = 'webhooks.log_retention';
export const LOG_RETENTION_JOB_ID = 'job_log_retention';
const RETENTION_EVERY_MS = 3_600_000;

/**
 * Every hour: the weeks ahead made, the expired weeks taken away. A job of the job runner, so it runs
 * beside the delivery loop, never in it, and one worker at a time.
 */
export function logRetentionJob(deps: { db: Database; clock: { now(): Date }; log: { info(o: object, m: string): void } }) {
  return {
    async run() {
      const now = deps.clock.now();
      const made = await ensureDaysAround(deps.db.em(), now);
      const purged = await purgeExpiredLog(deps.db, now);
      if (made || purged.weeks.length) deps.log.info({ partitions_made: made, weeks_dropped: purged.weeks, events_dropped: purged.events }, 'delivery log partitions kept');
      return { rescheduleAt: new Date(now.getTime() + RETENTION_EVERY_MS) };
    },
    backoffMs: () => 60_000,
  };
}
