// The delivery log's retention on the embedded database (src/webhooks/retention.ts): a week goes once
// the whole of it is 30 days old, so an event is kept 30 to 37 days; ids tell their day and week.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/orm.js';
import { newId } from '../../src/shared/ids.js';
import { DAY_MS, dayOfId, ensureLogPartitions, ensurePartitionOf, purgeExpiredLog, weekOf } from '../../src/webhooks/retention.js';
import { openEmbeddedDatabase } from '../support/embedded-database.js';

let db: Database;
beforeAll(async () => {
  db = await openEmbeddedDatabase();
  await db.em().execute(`insert into accounts (id, name, created_at) values ('acct_unit', 'Unit', now())`);
}, 60_000);
afterAll(() => db?.close());

/** 2026-12-31T10:00Z. */
const NOW = Date.UTC(2026, 11, 31, 10, 0, 0);
const TODAY = Math.floor(NOW / DAY_MS);
const ULID = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** An event id of time `ms` (the ULID time, then a fixed tail). */
const eventAt = (ms: number, tail = '0000000000000000') => {
  let time = '';
  for (let t = ms, i = 0; i < 10; i++, t = Math.floor(t / 32)) time = ULID[t % 32] + time;
  return `evt_${time}${tail}`;
};

describe('dayOfId', () => {
  it("reads the day (UTC) of an id's ULID time", () => {
    expect(dayOfId(newId('event', NOW))).toBe(TODAY);
    expect(dayOfId(newId('webhookDelivery', Date.UTC(2030, 0, 1) - 1))).toBe(Date.UTC(2029, 11, 31) / DAY_MS);
    expect(dayOfId(eventAt(Date.UTC(2026, 11, 31)))).toBe(TODAY);
    expect(dayOfId(eventAt(Date.UTC(2026, 11, 31) - 1, 'ZZZZZZZZZZZZZZZZ'))).toBe(TODAY - 1);
  });
});

describe('weekOf', () => {
  it("is the Monday of a day's week (UTC)", () => {
    const monday = Date.UTC(2026, 10, 23) / DAY_MS;
    for (let d = 0; d < 7; d++) expect(weekOf(monday + d)).toBe(monday);
    expect(weekOf(monday - 1)).toBe(monday - 7);
    expect(weekOf(monday + 7)).toBe(monday + 7);
    // Before the epoch's first Monday (1970-01-05).
    expect(weekOf(0)).toBe(-3);
  });
});

describe('purgeExpiredLog', () => {
  const event = async (ms: number) => {
    const id = eventAt(ms);
    await ensureLogPartitions(db.em(), dayOfId(id), dayOfId(id));
    await db.em().execute(`insert into events (id, account_id, type, data, created_at) values (?, 'acct_unit', 'order.created', '{}', ?)`, [id, new Date(ms)]);
    return id;
  };
  const ids = async () => (await db.em().execute<{ id: string }[]>('select id from events order by id')).map((r) => r.id);
  const iso = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

  it('drops a week once its end is 30 days old, not a millisecond before; counts its events', async () => {
    const oldWeek = weekOf(TODAY - 40);
    const old = [await event(oldWeek * DAY_MS), await event((oldWeek + 7) * DAY_MS - 1)];
    const kept = await event((oldWeek + 7) * DAY_MS);
    // (Older weeks, empty, may go too: the partitions the embedded database was made with.)
    const endOfOld = (oldWeek + 7) * DAY_MS + 30 * DAY_MS;
    const before = await purgeExpiredLog(db, new Date(endOfOld - 1));
    expect(before).toMatchObject({ events: 0 });
    expect(before.weeks).not.toContain(iso(oldWeek));
    expect(await ids()).toEqual(expect.arrayContaining([...old, kept]));
    expect(await purgeExpiredLog(db, new Date(endOfOld))).toEqual({ weeks: [iso(oldWeek)], events: 2 });
    expect(await ids()).toEqual([kept]);
    // Retention can be given: 2 days keeps the week that has not ended.
    const thisWeek = await event(weekOf(TODAY) * DAY_MS + 5);
    expect((await purgeExpiredLog(db, new Date(NOW), 2 * DAY_MS)).weeks).toContain(iso(oldWeek + 7));
    expect(await ids()).toEqual([thisWeek]);
  });
});

describe('ensurePartitionOf', () => {
  it("makes an id's week on each database it is asked about, once per database", async () => {
    const other = await openEmbeddedDatabase();
    try {
      const id = eventAt(Date.UTC(2034, 5, 7, 12));
      const monday = 'p20340605';
      const has = async (d: Database) => (await d.em().execute<{ n: number }[]>(`select count(*)::int as n from pg_class where relname like ?`, [`%\\_${monday}`]))[0]!.n;
      expect(await has(db)).toBe(0);
      await ensurePartitionOf(db.em(), id);
      expect(await has(db)).toBe(3);
      // Another database of the same process is not taken for the first.
      expect(await has(other)).toBe(0);
      await ensurePartitionOf(other.em(), id);
      expect(await has(other)).toBe(3);
    } finally {
      await other.close();
    }
  }, 60_000);
});
