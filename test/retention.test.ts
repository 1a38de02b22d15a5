// The delivery log in weekly partitions (migration ...000020, src/webhooks/retention.ts): a week's
// events, deliveries and attempts go together once the whole week is more than 30 days old, with the
// later deliveries (replays) of its events and its deliveries still waiting; the weeks ahead are
// made before they are needed; dropping a week blocks no claim; a detach a killed process left
// pending is finished; the migration from the unpartitioned tables keeps every row.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, dayOfId, ensureDaysAround, ensureLogPartitions, logRetentionJob, purgeExpiredLog, weekOf } from '../src/webhooks/retention.js';
import { migratedUpTo } from './support/migrating.js';
import { backends, createTestDatabase, type TestDatabase } from './support/databases.js';

const ULID = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** An id of time `ms` (not monotonic with the process's other ids): a row made at that time. */
function idAt(prefix: string, ms: number): string {
  let time = '';
  for (let t = ms, i = 0; i < 10; i++, t = Math.floor(t / 32)) time = ULID[t % 32] + time;
  let random = '';
  for (const b of randomBytes(16)) random += ULID[b & 31];
  return `${prefix}_${time}${random}`;
}

/** 2026-12-31T10:00Z (a Thursday), and the days before it. */
const NOW = Date.UTC(2026, 11, 31, 10, 0, 0);
const TODAY = Math.floor(NOW / DAY_MS);
const at = (day: number, ms = 12 * 3_600_000) => day * DAY_MS + ms;
const ymd = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10).replaceAll('-', '');
/** The partitions' name suffix of a day's week: its Monday. */
const week = (day: number) => ymd(weekOf(day));

describe.each(backends({ pooler: true }))('the delivery log by week on %s', (backend) => {
  let t: TestDatabase;
  const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => t.db.em().execute<T[]>(text, params);
  let endpoint = '';
  beforeAll(async () => {
    t = await createTestDatabase(backend);
    await sql(`insert into accounts (id, name, created_at) values ('acct_log', 'Log', now())`);
    endpoint = `we_${randomBytes(6).toString('hex')}`;
    await sql(
      `insert into webhook_endpoints (id, account_id, url, enabled_events, api_version, status, secret, created_at, updated_at)
       values (?, 'acct_log', 'https://hooks.example/x', '["*"]', '2026-07-01', 'enabled', 'whsec_x', now(), now())`,
      [endpoint],
    );
  }, 60_000);
  afterAll(() => t?.drop());

  /** An event of `ms`, a delivery of it made at `deliveredMs` (its time by default) and one attempt. */
  const logged = async (ms: number, deliveredMs = ms) => {
    const event = idAt('evt', ms);
    const delivery = idAt('wdl', deliveredMs);
    await ensureLogPartitions(t.db.em(), dayOfId(event), dayOfId(delivery));
    await sql(`insert into events (id, account_id, type, data, created_at) values (?, 'acct_log', 'order.created', '{}', ?)`, [event, new Date(ms)]);
    await sql(
      `insert into webhook_deliveries (id, account_id, event_id, endpoint_id, event_type, payload, status, created_at, updated_at)
       values (?, 'acct_log', ?, ?, 'order.created', '{}', 'succeeded', ?, ?)`,
      [delivery, event, endpoint, new Date(deliveredMs), new Date(deliveredMs)],
    );
    await sql(`insert into webhook_delivery_attempts (delivery_id, number, started_at, duration_ms, response_body) values (?, 1, ?, 5, '')`, [delivery, new Date(deliveredMs)]);
    return { event, delivery };
  };
  const exists = async (table: string, id: string) =>
    (await sql<{ n: number }>(`select count(*)::int as n from ${table} where ${table === 'webhook_delivery_attempts' ? 'delivery_id' : 'id'} = ?`, [id]))[0]!.n === 1;
  const partitionsOf = async (day: number) =>
    (await sql<{ relname: string }>(`select relname from pg_class where relname like ? order by relname`, [`%\\_p${week(day)}`])).map((r) => r.relname);

  it('keeps a week until the whole of it is 30 days old, then drops its events, deliveries and attempts together', async () => {
    const old = weekOf(TODAY - 45);
    const oldest = await logged(at(old));
    const lastMinute = await logged(at(old + 6, DAY_MS - 60_000));
    // The week of 30 days ago: part of it is younger.
    const young = weekOf(TODAY - 30);
    const kept = await logged(at(young, 60_000));
    expect(await partitionsOf(old)).toEqual([`events_p${week(old)}`, `webhook_deliveries_p${week(old)}`, `webhook_delivery_attempts_p${week(old)}`]);

    const purged = await purgeExpiredLog(t.db, new Date(NOW));
    expect(purged.weeks).toContain(ymdIso(old));
    expect(purged.weeks).not.toContain(ymdIso(young));
    expect(purged.events).toBeGreaterThanOrEqual(2);
    for (const { event, delivery } of [oldest, lastMinute]) {
      expect(await exists('events', event)).toBe(false);
      expect(await exists('webhook_deliveries', delivery)).toBe(false);
      expect(await exists('webhook_delivery_attempts', delivery)).toBe(false);
    }
    expect(await partitionsOf(old)).toEqual([]);
    // Its week goes once the end of the week is 30 days old: kept 30 to 37 days.
    for (const id of [kept.event, kept.delivery]) expect(await exists(id.startsWith('evt') ? 'events' : 'webhook_deliveries', id)).toBe(true);
    const end = (young + 7) * DAY_MS + 30 * DAY_MS;
    expect((await purgeExpiredLog(t.db, new Date(end - 1))).weeks).toEqual([]);
    expect((await purgeExpiredLog(t.db, new Date(end))).weeks).toEqual([ymdIso(young)]);
    expect(await exists('events', kept.event)).toBe(false);
  });

  it("takes the later deliveries of a dropped week's events (replays), with their attempts, and nothing else of their weeks", async () => {
    const replayed = await logged(at(TODAY - 60), at(TODAY - 3));
    const neighbour = await logged(at(TODAY - 3));
    const purged = await purgeExpiredLog(t.db, new Date(NOW));
    expect(purged.weeks).toContain(ymdIso(weekOf(TODAY - 60)));
    expect(await exists('webhook_deliveries', replayed.delivery)).toBe(false);
    expect(await exists('webhook_delivery_attempts', replayed.delivery)).toBe(false);
    expect(await exists('webhook_deliveries', neighbour.delivery)).toBe(true);
    expect(await exists('webhook_delivery_attempts', neighbour.delivery)).toBe(true);
  });

  it("takes the week's deliveries still waiting in the queue (an endpoint disabled for a month), with their attempts", async () => {
    const waiting = await logged(at(TODAY - 50));
    await sql(`update webhook_deliveries set status = 'pending', next_attempt_at = now() where id = ?`, [waiting.delivery]);
    const [row] = await sql<{ t: string }>('select tableoid::regclass::text as t from webhook_deliveries where id = ?', [waiting.delivery]);
    expect(row!.t).toBe('webhook_deliveries_queue');
    expect((await purgeExpiredLog(t.db, new Date(NOW))).weeks).toContain(ymdIso(weekOf(TODAY - 50)));
    expect(await exists('webhook_deliveries', waiting.delivery)).toBe(false);
    expect(await exists('webhook_delivery_attempts', waiting.delivery)).toBe(false);
  });

  it('makes the weeks of yesterday to a week ahead once, whoever asks, and the week of an id that needs one', async () => {
    await ensureDaysAround(t.db.em(), new Date(NOW));
    for (const day of [TODAY - 1, TODAY, TODAY + 7]) expect(await partitionsOf(day)).toHaveLength(3);
    expect(await partitionsOf(weekOf(TODAY + 7) + 7)).toEqual([]);
    expect(await ensureDaysAround(t.db.em(), new Date(NOW))).toBe(0);
    // Rows go to their week's partition.
    const row = await logged(at(TODAY + 2));
    const [where] = await sql<{ t: string }>('select tableoid::regclass::text as t from events where id = ?', [row.event]);
    expect(where!.t).toBe(`events_p${week(TODAY + 2)}`);
  });

  it('runs as a job every hour: the weeks ahead made, the expired ones dropped, said once', async () => {
    const lines: { o: object; m: string }[] = [];
    const job = logRetentionJob({ db: t.db, clock: { now: () => new Date(NOW + 30 * DAY_MS) }, log: { info: (o, m) => lines.push({ o, m }) } });
    await logged(at(TODAY - 15));
    expect(await job.run()).toEqual({ rescheduleAt: new Date(NOW + 30 * DAY_MS + 3_600_000) });
    expect(await partitionsOf(TODAY + 37)).toHaveLength(3);
    expect(await partitionsOf(TODAY - 15)).toEqual([]);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.o).toMatchObject({ weeks_dropped: expect.arrayContaining([ymdIso(weekOf(TODAY - 15))]) });
    await job.run();
    expect(lines).toHaveLength(1);
  });
});

/** The ISO date of a day number. */
const ymdIso = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

describe.runIf(backends().includes('postgresql'))('dropping a week on postgresql', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('postgresql');
    await t.db.em().execute(`insert into accounts (id, name, created_at) values ('acct_log', 'Log', now())`);
  }, 60_000);
  afterAll(() => t?.drop());

  it('blocks no write or claim while it waits for a transaction that reads the week', async () => {
    const old = idAt('evt', at(TODAY - 45));
    await ensureLogPartitions(t.db.em(), TODAY - 45, TODAY - 45);
    await t.db.em().execute(`insert into events (id, account_id, type, data, created_at) values (?, 'acct_log', 'order.created', '{}', now())`, [old]);
    // A long read of the old day: a concurrent detach waits for it to end.
    const reader = new pg.Client({ connectionString: t.url });
    await reader.connect();
    await reader.query('begin');
    await reader.query('select count(*) from events where id = $1', [old]);
    const purge = purgeExpiredLog(t.db, new Date(NOW));
    let done = false;
    void purge.then(() => (done = true));
    await new Promise((r) => setTimeout(r, 300));
    expect(done).toBe(false);
    // Meanwhile, writes and claims of the log go on.
    const started = Date.now();
    const fresh = idAt('evt', Date.now());
    await ensureLogPartitions(t.db.em(), dayOfId(fresh), dayOfId(fresh));
    await t.db.em().execute(`insert into events (id, account_id, type, data, created_at) values (?, 'acct_log', 'order.created', '{}', now())`, [fresh]);
    await t.db.em().execute(`select * from claim_webhook_deliveries(now(), 4, 10, 'w', now() + interval '1 minute')`);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(done).toBe(false);
    await reader.query('commit');
    await reader.end();
    expect((await purge).weeks).toContain(ymdIso(weekOf(TODAY - 45)));
  });

  it('finishes a detach that a stopped process left pending', async () => {
    await ensureLogPartitions(t.db.em(), TODAY - 60, TODAY - 60);
    const child = `events_p${week(TODAY - 60)}`;
    // A detach stopped in its second phase (cancelled while it waited for a reader).
    const reader = new pg.Client({ connectionString: t.url });
    const detacher = new pg.Client({ connectionString: t.url });
    await Promise.all([reader.connect(), detacher.connect()]);
    await reader.query('begin');
    await reader.query(`select count(*) from ${child}`);
    const detach = detacher.query(`alter table events detach partition ${child} concurrently`).catch((err: Error) => err);
    await new Promise((r) => setTimeout(r, 300));
    await reader.query('select pg_cancel_backend($1)', [(detacher as unknown as { processID: number }).processID]);
    expect(await detach).toBeInstanceOf(Error);
    await reader.query('commit');
    await Promise.all([reader.end(), detacher.end()]);
    const [pending] = await t.db.em().execute<{ pending: boolean }[]>(`select inhdetachpending as pending from pg_inherits where inhrelid = ?::regclass`, [child]);
    expect(pending!.pending).toBe(true);
    const purged = await purgeExpiredLog(t.db, new Date(NOW));
    expect(purged.weeks).toContain(ymdIso(weekOf(TODAY - 60)));
    expect(await t.db.em().execute(`select 1 from pg_class where relname = ?`, [child])).toEqual([]);
  });
});

describe.each(backends())('the migration to weekly partitions on %s', (backend) => {
  it('keeps every row of the unpartitioned log, each in its week', async () => {
    const { orm, close } = await migratedUpTo(backend, 'Migration20261126000020_partitioned_delivery_log');
    try {
      // Migrated up to the migration before, with rows of three days.
      const em = orm.em.fork();
      await em.execute(`insert into accounts (id, name, created_at) values ('acct_old', 'Old', now())`);
      await em.execute(
        `insert into webhook_endpoints (id, account_id, url, enabled_events, api_version, status, secret, created_at, updated_at)
         values ('we_old', 'acct_old', 'https://hooks.example/x', '["*"]', '2026-07-01', 'enabled', 'whsec_x', now(), now())`,
      );
      const rows: { event: string; delivery: string; status: string }[] = [];
      for (const day of [TODAY - 20, TODAY - 2, TODAY]) {
        for (const status of ['succeeded', 'permanently_failed', 'pending']) {
          const event = idAt('evt', at(day, rows.length * 1000));
          const delivery = idAt('wdl', at(day, rows.length * 1000 + 1));
          rows.push({ event, delivery, status });
          await em.execute(`insert into events (id, account_id, type, data, created_at) values (?, 'acct_old', 'order.created', '{"n":1}', now())`, [event]);
          await em.execute(
            `insert into webhook_deliveries (id, account_id, event_id, endpoint_id, event_type, payload, status, created_at, updated_at)
             values (?, 'acct_old', ?, 'we_old', 'order.created', '{}', ?, now(), now())`,
            [delivery, event, status],
          );
          await em.execute(`insert into webhook_delivery_attempts (delivery_id, number, started_at, duration_ms, response_body) values (?, 1, now(), 7, 'ok')`, [delivery]);
        }
      }
      // Then the rest, as a new release's first start does.
      await orm.migrator.up();
      const migrated = orm.em.fork();
      const [count] = await migrated.execute<{ n: number }[]>(
        `select (select count(*) from events)::int + (select count(*) from webhook_deliveries)::int + (select count(*) from webhook_delivery_attempts)::int as n`,
      );
      expect(count!.n).toBe(27);
      for (const { event, delivery, status } of rows) {
        const [e] = await migrated.execute<{ t: string; data: unknown }[]>('select tableoid::regclass::text as t, data from events where id = ?', [event]);
        expect(e).toEqual({ t: `events_p${week(dayOfId(event))}`, data: { n: 1 } });
        const [d] = await migrated.execute<{ t: string; event_id: string; status: string }[]>(
          'select tableoid::regclass::text as t, event_id, status from webhook_deliveries where id = ?',
          [delivery],
        );
        // Waiting: in the queue; done: in its day of the log.
        expect(d).toEqual({ t: status === 'pending' ? 'webhook_deliveries_queue' : `webhook_deliveries_p${week(dayOfId(delivery))}`, event_id: event, status });
        const [a] = await migrated.execute<{ t: string }[]>('select tableoid::regclass::text as t from webhook_delivery_attempts where delivery_id = ?', [delivery]);
        expect(a!.t).toBe(`webhook_delivery_attempts_p${week(dayOfId(delivery))}`);
      }
    } finally {
      await close();
    }
  }, 120_000);
});
