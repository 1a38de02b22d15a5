// npm run bench:scale: the delivery log at the size real traffic makes, beside the same figures on an
// empty log, in one run on one PostgreSQL.
//
// 1. On a new database (BENCH_DATABASE_URL's server): an account with 10 webhook endpoints at a local
//    receiver that answers 200 at once, and the API (dist/main.js, ROLE=api) beside it; 99 other
//    accounts of 10 enabled endpoints each, which nothing is sent to during the measures.
// 2. The figures, on the empty log:
//    - a claim's time (claim_webhook_deliveries, 64 of a backlog of BENCH_BACKLOG due deliveries, in a
//      transaction rolled back; median of 30 after 5 not counted);
//    - one worker process draining that backlog: deliveries/s, and the batch statement's mean time
//      (record_and_claim_webhook_deliveries, from pg_stat_user_functions);
//    - then the API's latency (median and p95 of 30 in a row) of an endpoint's delivery log (first
//      page, 1,000 deep, each status filter) and of the event list (first page, 1,000 deep, by type,
//      by creation range): on the empty log, the backlog just delivered is what they list.
// 3. The log filled in SQL: BENCH_SCALE_EVENTS events (default 4,000,000) over the last 30 days, in
//    100 accounts of 10 endpoints each (the bench account a quarter of them, so each of its endpoints
//    holds about 200,000 deliveries), two deliveries per event and an attempt per delivery (about
//    20 million rows at the default), 0.5% permanently failed, the rest succeeded but for the
//    endpoints of five accounts (failing ones: 5% of the endpoints), 2% of whose deliveries wait for
//    a retry far ahead; then ANALYZE and a CHECKPOINT.
// 4. The same figures on the full log, and the ratios.
// 5. Retention of the oldest week: its time, the locks it takes (sampled from pg_locks every 10 ms) and
//    the latency of claims made meanwhile, beside claims made before it.
// 6. On a database of its own, a claim's time beside the number of enabled endpoints (10 to 10,000;
//    10 of them with a backlog due), with nothing waiting for the others, and with a retry waiting
//    (not due) for each of them.
// Also the row sizes (table and indexes per row) and the log's size. BENCH_KEEP=1 keeps the database;
// BENCH_ONLY=claims runs step 6 alone, BENCH_CLAIM_ENDPOINTS=0 leaves it out.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { pino } from 'pino';
import type { Database } from '../../src/db/orm.js';
import { benchDatabase } from './database.js';
import { createApiKey, parseScopes } from '../../src/auth/auth.service.js';
import { newId } from '../../src/shared/ids.js';
import { newSecretsKey, parseSecretsKey, sealSecret, useSecretsKeyring } from '../../src/shared/secrets.js';
import { DAY_MS, ensureLogPartitions, purgeExpiredLog } from '../../src/webhooks/retention.js';

const SECRETS_KEY = newSecretsKey('scale');
useSecretsKeyring({ current: parseSecretsKey(SECRETS_KEY, 'bench key'), old: [] });
execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build/server.ts'], { stdio: ['ignore', 'ignore', 'inherit'] });

const EVENTS = Number(process.env.BENCH_SCALE_EVENTS ?? 4_000_000);
const DAYS = 30;
const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 20_000);
const ACCOUNTS = 100;
const ENDPOINTS_PER_ACCOUNT = 10;
const SAMPLES = 30;
const WARM_UP = 5;
const log = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;
const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;
const elapsed = (t0: number) => (performance.now() - t0) / 1000;

/** A receiver answering 200 at once; counts what it got. */
async function startReceiver() {
  const state = { count: 0, first: 0, last: 0 };
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const now = performance.now();
      state.count++;
      state.first ||= now;
      state.last = now;
      res.writeHead(200).end('{"received":true}');
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, state, close: () => (server.closeAllConnections(), new Promise<void>((r) => server.close(() => r()))) };
}

/** A process of the product (dist/main.js, as the image runs it), ready when /readyz answers. */
async function startProcess(role: 'api' | 'worker', databaseUrl: string): Promise<{ url: string; child: ChildProcess; stop: () => Promise<void> }> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, ['--max-semi-space-size=2', 'dist/main.js'], {
    env: {
      ...process.env,
      ROLE: role,
      WORKER_JOBS: 'deliveries',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      SECRETS_KEY,
      RATE_LIMIT_BURST: '1000000000',
      RATE_LIMIT_PER_MINUTE: '1000000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200; i++) {
    if (await fetch(`${url}/readyz`).then((r) => r.ok, () => false)) break;
    await sleep(100);
  }
  const stop = () => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM'))));
  return { url, child, stop };
}

const ORDER = {
  object: 'order',
  status: 'pending',
  customer_id: 'cus_01JF3Q9R2S4T6V8W0X2Y4Z6A8B',
  carrier_id: null,
  pickup: { address1: '1200 W Lake St', address2: null, city: 'Chicago', state: 'IL', zip: '60607', contact_name: 'Dock 4', contact_phone: '+13125550142' },
  delivery: { address1: '500 Ocean Dr', address2: null, city: 'Miami Beach', state: 'FL', zip: '33139', contact_name: null, contact_phone: null },
  vehicles: [{ vin: '1HGCM82633A004352', year: 2003, make: 'Honda', model: 'Accord', type: null, inoperable: false }],
  ready_date: '2026-12-01',
  delivery_window_days: 7,
  price: 145000,
  carrier_pay: 120000,
  currency: 'usd',
  bill_of_lading: null,
  exceptions: [],
  cancellation_reason: null,
  metadata: { tms_load: 'LD-448812' },
};

interface Subjects {
  db: Database;
  databaseUrl: string;
  admin: pg.Client;
  key: string;
  accountId: string;
  endpoints: string[];
  receiver: Awaited<ReturnType<typeof startReceiver>>;
}

/** `BACKLOG` pending deliveries of new events to the bench endpoints, held back (due tomorrow). */
async function backlog(s: Subjects): Promise<void> {
  const events = Math.ceil(BACKLOG / s.endpoints.length);
  const now = Date.now();
  const rows = Array.from({ length: events }, () => newId('event', now));
  await ensureLogPartitions(s.db.em(), Math.floor(now / DAY_MS), Math.floor(now / DAY_MS) + 1);
  await s.admin.query(
    `insert into events (id, account_id, type, data, created_at)
     select e, $2, case when n % 20 = 0 then 'order.delivered' else 'order.created' end, $3::jsonb, now() from unnest($1::text[]) with ordinality as x (e, n)`,
    [rows, s.accountId, JSON.stringify({ ...ORDER, id: 'ord_bench' })],
  );
  const deliveries = rows.flatMap((e) => s.endpoints.map((ep) => [newId('webhookDelivery', now), e, ep]));
  for (let i = 0; i < deliveries.length; i += 5_000) {
    const chunk = deliveries.slice(i, i + 5_000);
    await s.admin.query(
      `insert into webhook_deliveries (id, account_id, event_id, endpoint_id, event_type, payload, status, next_attempt_at, created_at, updated_at)
       select d.id, $4, d.event_id, d.endpoint_id, 'order.created', $5, 'pending', now() + interval '1 day', now(), now()
       from unnest($1::text[], $2::text[], $3::text[]) as d (id, event_id, endpoint_id)`,
      [chunk.map((d) => d[0]), chunk.map((d) => d[1]), chunk.map((d) => d[2]), s.accountId, JSON.stringify({ id: 'evt_bench', object: 'event', type: 'order.created', data: ORDER })],
    );
  }
}

/** Median and p95 (ms) of `SAMPLES` requests in a row, after `WARM_UP` not counted (the process's and the cache's first reads). */
async function latency(url: string, key: string): Promise<{ p50: number; p95: number; status: number }> {
  const times: number[] = [];
  let status = 0;
  for (let i = 0; i < WARM_UP; i++) await (await fetch(url, { headers: { Authorization: `Bearer ${key}` } })).arrayBuffer();
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { Authorization: `Bearer ${key}` } });
    await res.arrayBuffer();
    status = res.status;
    times.push(performance.now() - t0);
  }
  return { p50: round(median(times), 2), p95: round(p95(times), 2), status };
}

type Figures = Record<string, number>;

async function measure(s: Subjects, label: string): Promise<Figures> {
  const figures: Figures = {};
  // A claim of a fresh backlog, due at once.
  await backlog(s);
  await s.admin.query(`update webhook_deliveries set next_attempt_at = now() where status = 'pending' and account_id = $1 and next_attempt_at < now() + interval '2 days'`, [s.accountId]);
  // What autovacuum does within a minute of that many changes to the queue (its thresholds are 1,000).
  await s.admin.query('analyze webhook_deliveries_queue');
  const claims: number[] = [];
  for (let i = -WARM_UP; i < SAMPLES; i++) {
    await s.admin.query('begin');
    const t0 = performance.now();
    await s.admin.query(`select count(*) from claim_webhook_deliveries(now(), 4, 64, 'bench', now() + interval '1 minute')`);
    if (i >= 0) claims.push(performance.now() - t0);
    await s.admin.query('rollback');
  }
  figures['claim of 64 (backlog due at once): median ms'] = round(median(claims), 2);
  console.error(`${label}: claim ${figures['claim of 64 (backlog due at once): median ms']} ms`);

  // One worker drains it.
  await s.admin.query('select pg_stat_reset()');
  s.receiver.state.count = 0;
  s.receiver.state.first = 0;
  const worker = await startProcess('worker', s.databaseUrl);
  const t0 = performance.now();
  while (s.receiver.state.count < BACKLOG && elapsed(t0) < 600) await sleep(20);
  if (s.receiver.state.count < BACKLOG) throw new Error(`${label}: the backlog was not drained in 10 minutes`);
  figures['one worker: deliveries/s'] = Math.round(BACKLOG / ((s.receiver.state.last - s.receiver.state.first) / 1000));
  await sleep(1_500);
  await worker.stop();
  await sleep(1_000);
  const [fn] = (
    await s.admin.query(`select calls, total_time from pg_stat_user_functions where funcname = 'record_and_claim_webhook_deliveries'`)
  ).rows as { calls: string; total_time: number }[];
  figures['batch statement (record and claim): calls'] = Number(fn?.calls ?? 0);
  figures['batch statement (record and claim): mean ms'] = fn ? round(fn.total_time / Number(fn.calls), 2) : NaN;
  console.error(`${label}: ${figures['one worker: deliveries/s']} deliveries/s, batch statement ${figures['batch statement (record and claim): mean ms']} ms`);

  // The API's pages (the log now holds at least the backlog just delivered).
  const api = await startProcess('api', s.databaseUrl);
  const endpoint = s.endpoints[0]!;
  const deep = async (table: string, where: string, params: unknown[]) =>
    (await s.admin.query(`select id from ${table} where ${where} order by id desc offset 1000 limit 1`, params)).rows[0]?.id as string | undefined;
  const deliveryCursor = await deep('webhook_deliveries', 'endpoint_id = $1', [endpoint]);
  const eventCursor = await deep('events', 'account_id = $1', [s.accountId]);
  const since = Math.floor(Date.now() / 1000) - 25 * 86_400;
  const pages: [string, string][] = [
    ['deliveries, first page', `/v1/webhook_endpoints/${endpoint}/deliveries`],
    ['deliveries, 1,000 deep', `/v1/webhook_endpoints/${endpoint}/deliveries${deliveryCursor ? `?cursor=${deliveryCursor}` : ''}`],
    ['deliveries, status=succeeded', `/v1/webhook_endpoints/${endpoint}/deliveries?status=succeeded`],
    ['deliveries, status=pending', `/v1/webhook_endpoints/${endpoint}/deliveries?status=pending`],
    ['deliveries, status=permanently_failed', `/v1/webhook_endpoints/${endpoint}/deliveries?status=permanently_failed`],
    ['events, first page', '/v1/events'],
    ['events, 1,000 deep', `/v1/events${eventCursor ? `?cursor=${eventCursor}` : ''}`],
    ['events, type=order.delivered', '/v1/events?type=order.delivered'],
    ['events, type=carrier.suspended', '/v1/events?type=carrier.suspended'],
    ['events, created 25 to 24 days ago', `/v1/events?created[gte]=${since}&created[lte]=${since + 86_400}`],
  ];
  for (const [name, path] of pages) {
    const r = await latency(api.url + path, s.key);
    if (r.status !== 200) throw new Error(`${name}: ${r.status}`);
    figures[`GET ${name}: p50 ms`] = r.p50;
    figures[`GET ${name}: p95 ms`] = r.p95;
    console.error(`${label}: GET ${name}: p50 ${r.p50} ms, p95 ${r.p95} ms`);
  }
  await api.stop();

  return figures;
}

/** The other accounts and their endpoints (enabled, at a receiver nothing is sent to): there before the empty log is measured. */
async function otherAccounts(s: Subjects): Promise<void> {
  for (let a = 1; a < ACCOUNTS; a++) {
    const accountId = `acct_scale${a}`;
    await s.admin.query(`insert into accounts (id, name, created_at) values ($1, $1, now())`, [accountId]);
    for (let e = 0; e < ENDPOINTS_PER_ACCOUNT; e++) {
      const id = `we_scale${a}x${e}`;
      await s.admin.query(
        `insert into webhook_endpoints (id, account_id, url, enabled_events, api_version, status, secret, created_at, updated_at)
         values ($1, $2, 'https://hooks.example/scale', '["*"]', '2026-12-01', 'enabled', $3, now(), now())`,
        [id, accountId, sealSecret('whsec_scale', id)],
      );
    }
  }
}

/** The log filled in SQL: `EVENTS` events over the last `DAYS` days, two deliveries each, an attempt per delivery. */
async function fill(s: Subjects): Promise<void> {
  const today = Math.floor(Date.now() / DAY_MS);
  const perDay = Math.ceil(EVENTS / DAYS);
  const payload = JSON.stringify({ ...ORDER, id: 'ord_scale' });
  const envelope = JSON.stringify({ id: 'evt_scale', object: 'event', type: 'order.created', api_version: '2026-12-01', created: 0, request_id: null, data: ORDER });
  await ensureLogPartitions(s.db.em(), today - DAYS, today);
  const started = performance.now();
  for (let d = DAYS; d >= 1; d--) {
    const day = today - d;
    const t = performance.now();
    // The row's time, account (a quarter the bench account's) and endpoint (two of its account's ten).
    const series = `
      select i, ${day * DAY_MS}::bigint + (i::bigint * ${DAY_MS} / ${perDay}) as t,
        case when i % 4 = 0 then $1 else 'acct_scale' || (1 + i % ${ACCOUNTS - 1}) end as account_id,
        case i % 20 when 0 then 'order.delivered' else case when i % 50000 = 7 then 'carrier.suspended' else 'order.created' end end as type
      from generate_series(0, ${perDay - 1}) as i`;
    const eventId = `'evt_' || ulid_time(s.t) || upper(substr(md5(s.i::text || '${day}e'), 1, 16))`;
    await s.admin.query(
      `insert into events (id, account_id, type, data, created_at)
       select ${eventId}, s.account_id, s.type, $2::jsonb, to_timestamp(s.t / 1000.0) from (${series}) s`,
      [s.accountId, payload],
    );
    const deliveries = `
      select s.*, k, 'wdl_' || ulid_time(s.t) || upper(substr(md5(s.i::text || '${day}d' || k), 1, 16)) as id, ${eventId} as event_id,
        case when s.account_id = $1 then ($2::text[])[1 + (s.i / 4 + k * 5) % 10] else 'we_scale' || substr(s.account_id, 11) || 'x' || ((s.i + k * 5) % 10) end as endpoint_id,
        case when (s.i * 2 + k) % 200 = 3 then 'permanently_failed'
          when s.account_id <> $1 and (1 + s.i % ${ACCOUNTS - 1}) % 20 = 1 and (s.i * 2 + k) % 50 = 5 then 'pending' else 'succeeded' end as status
      from (${series}) s, generate_series(0, 1) as k`;
    await s.admin.query(
      `insert into webhook_deliveries (id, account_id, event_id, endpoint_id, event_type, payload, status, attempt_count, cycle_failures,
         next_attempt_at, created_at, updated_at)
       select d.id, d.account_id, d.event_id, d.endpoint_id, d.type, $3, d.status, 1, case when d.status = 'succeeded' then 0 else 1 end,
         case when d.status = 'pending' then timestamptz '2100-01-01' end, to_timestamp(d.t / 1000.0), to_timestamp(d.t / 1000.0)
       from (${deliveries}) d`,
      [s.accountId, s.endpoints, envelope],
    );
    await s.admin.query(
      `insert into webhook_delivery_attempts (delivery_id, number, started_at, duration_ms, response_status, response_body, error)
       select d.id, 1, to_timestamp(d.t / 1000.0), 20 + d.i % 180, case when d.status = 'succeeded' then 200 else 503 end,
         case when d.status = 'succeeded' then '{"received":true}' else 'upstream unavailable' end, case when d.status = 'succeeded' then null else 'http_error' end
       from (${deliveries}) d`,
      [s.accountId, s.endpoints],
    );
    console.error(`filled ${new Date(day * DAY_MS).toISOString().slice(0, 10)}: ${perDay} events, ${perDay * 2} deliveries and attempts in ${round(elapsed(t))} s`);
  }
  console.error(`filled in ${round(elapsed(started))} s; analyze, checkpoint`);
  await s.admin.query('analyze');
  await s.admin.query('checkpoint');
}

/** Rows, and table + index bytes per row, of the log's tables. */
async function sizes(admin: pg.Client) {
  const rows: Record<string, unknown>[] = [];
  for (const table of ['events', 'webhook_deliveries', 'webhook_delivery_attempts']) {
    const { rows: r } = await admin.query(
      `select (select count(*) from ${table})::bigint as n,
         sum(pg_table_size(relid))::bigint as table_bytes, sum(pg_indexes_size(relid))::bigint as index_bytes
       from pg_partition_tree($1::regclass) where isleaf`,
      [table],
    );
    const { n, table_bytes, index_bytes } = r[0] as { n: string; table_bytes: string; index_bytes: string };
    rows.push({
      table,
      rows: Number(n),
      'table MB': Math.round(Number(table_bytes) / 2 ** 20),
      'indexes MB': Math.round(Number(index_bytes) / 2 ** 20),
      'bytes/row (table + indexes)': Number(n) ? Math.round((Number(table_bytes) + Number(index_bytes)) / Number(n)) : '',
    });
  }
  return rows;
}

/** Retention of the oldest week: its time, the locks it held, and claims made meanwhile. */
async function retention(s: Subjects) {
  const probe = new pg.Client({ connectionString: s.databaseUrl });
  const locks = new pg.Client({ connectionString: s.databaseUrl });
  await Promise.all([probe.connect(), locks.connect()]);
  const probePid = (probe as unknown as { processID: number }).processID;
  const claim = async () => {
    await probe.query('begin');
    const t0 = performance.now();
    await probe.query(`select count(*) from claim_webhook_deliveries(now(), 4, 64, 'bench', now() + interval '1 minute')`);
    const ms = performance.now() - t0;
    await probe.query('rollback');
    return ms;
  };
  const before: number[] = [];
  for (let i = 0; i < SAMPLES; i++) before.push(await claim());
  const during: number[] = [];
  const held = new Set<string>();
  let running = true;
  const claiming = (async () => {
    while (running) {
      during.push(await claim());
      await sleep(10);
    }
  })();
  const sampling = (async () => {
    while (running) {
      const { rows } = await locks.query(
        `select c.relname, l.mode from pg_locks l join pg_class c on c.oid = l.relation
         where l.granted and l.pid not in (pg_backend_pid(), $1) and c.relkind in ('r', 'p')
           and c.relname ~ '^(events|webhook_deliveries|webhook_delivery_attempts)(_p[0-9]{8})?$'`,
        [probePid],
      );
      for (const r of rows as { relname: string; mode: string }[]) held.add(`${r.relname.replace(/_p\d{8}$/, '_p<day>')}: ${r.mode}`);
      await sleep(10);
    }
  })();
  const t0 = performance.now();
  // The oldest filled week expires within a week from now: as the job would see it then.
  const { rows: oldest } = await s.admin.query(`select min(relname) as name from pg_class where relname ~ '^events_p[0-9]{8}$'`);
  const ymd = String((oldest[0] as { name: string }).name).slice(-8);
  const monday = Date.UTC(+ymd.slice(0, 4), +ymd.slice(4, 6) - 1, +ymd.slice(6));
  const purged = await purgeExpiredLog(s.db, new Date(monday + 37 * DAY_MS));
  const seconds = elapsed(t0);
  running = false;
  await Promise.all([claiming, sampling]);
  await Promise.all([probe.end(), locks.end()]);
  return {
    purged,
    seconds: round(seconds, 2),
    claims: { before: { p50: round(median(before), 2), max: round(Math.max(...before), 2) }, during: { n: during.length, p50: round(median(during), 2), max: round(Math.max(...during), 2) } },
    locks: [...held].sort(),
  };
}

/** A claim's median time beside the number of enabled endpoints, on a database of its own (step 6). */
async function claimByEndpoints(): Promise<Record<string, unknown>[]> {
  const bench = await benchDatabase('vt_scale_claims');
  const { db } = bench;
  const c = new pg.Client({ connectionString: bench.url });
  await c.connect();
  const rows: Record<string, unknown>[] = [];
  try {
    const now = Date.now();
    await ensureLogPartitions(db.em(), Math.floor(now / DAY_MS) - 1, Math.floor(now / DAY_MS) + 1);
    const endpoints = async (from: number, to: number) => {
      await c.query(`insert into accounts (id, name, created_at) select 'acct_c' || g, 'c' || g, now() from generate_series($1::int, $2::int) g`, [from, to]);
      await c.query(
        `insert into webhook_endpoints (id, account_id, url, enabled_events, api_version, status, secret, created_at, updated_at)
         select 'we_c' || g, 'acct_c' || g, 'https://hooks.example/c', '["*"]', '2026-12-01', 'enabled', 'x', now(), now() from generate_series($1::int, $2::int) g`,
        [from, to],
      );
    };
    const claim = async () => {
      const times: number[] = [];
      for (let i = -WARM_UP; i < SAMPLES; i++) {
        await c.query('begin');
        const t0 = performance.now();
        await c.query(`select count(*) from claim_webhook_deliveries(now(), 4, 64, 'bench', now() + interval '1 minute')`);
        if (i >= 0) times.push(performance.now() - t0);
        await c.query('rollback');
      }
      return round(median(times), 2);
    };
    // Ten endpoints with 2,000 deliveries each due.
    await endpoints(0, 9);
    await c.query(
      `insert into webhook_deliveries (id, account_id, event_id, endpoint_id, event_type, payload, status, next_attempt_at, created_at, updated_at)
       select 'wdl_' || ulid_time($1::bigint) || lpad(g::text, 16, '0'), 'acct_c' || (g % 10), 'evt_c', 'we_c' || (g % 10), 'order.created', 'x', 'pending', now(), now(), now()
       from generate_series(0, 19999) g`,
      [now],
    );
    let made = 10;
    for (const target of [10, 100, 1_000, 10_000]) {
      if (target > made) await endpoints(made, target - 1);
      await c.query(`delete from webhook_deliveries_queue where next_attempt_at > now() + interval '1 year'`);
      await c.query('analyze');
      const quiet = await claim();
      // Now each of the others with a retry waiting (not due).
      await c.query(
        // As a failed attempt leaves it: attempted once, scheduled for its retry.
        `insert into webhook_deliveries (id, account_id, event_id, endpoint_id, event_type, payload, status, next_attempt_at, created_at, updated_at, attempt_count, cycle_failures, scheduled)
         select 'wdl_' || ulid_time($1::bigint) || lpad(g::text, 16, 'R'), 'acct_c' || g, 'evt_c', 'we_c' || g, 'order.created', 'x', 'pending', timestamptz '2100-01-01', now(), now(), 1, 1, true
         from generate_series(10, $2::int - 1) g`,
        [now, target],
      );
      await c.query('analyze');
      const waiting = await claim();
      made = target;
      rows.push({ 'enabled endpoints': target, 'claim ms, nothing waiting for the others': quiet, 'claim ms, a retry waiting for each': waiting });
      console.error(`claim with ${target} enabled endpoints: ${quiet} ms, ${waiting} ms with a retry waiting for each`);
    }
  } finally {
    await c.end();
    await bench.drop();
  }
  return rows;
}

if (process.env.BENCH_ONLY === 'claims') {
  console.table(await claimByEndpoints());
  process.exit(0);
}

// Function timings for pg_stat_user_functions (the batch statement's time).
const bench = await benchDatabase('vt_scale', { track_functions: 'pl' });
const { db, url: databaseUrl } = bench;
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const receiver = await startReceiver();
try {
  const { key, secret } = await createApiKey(db.em(), { accountName: 'scale bench', scopes: parseScopes('all') }, { now: () => new Date() });
  const endpoints: string[] = [];
  for (let i = 0; i < ENDPOINTS_PER_ACCOUNT; i++) {
    const id = newId('webhookEndpoint');
    endpoints.push(id);
    await client.query(
      `insert into webhook_endpoints (id, account_id, url, enabled_events, api_version, status, secret, created_at, updated_at)
       values ($1, $2, $3, '["*"]', '2026-12-01', 'enabled', $4, now(), now())`,
      [id, key.accountId, `${receiver.base}/hooks/${i}`, sealSecret('whsec_bench', id)],
    );
  }
  const subjects: Subjects = { db, databaseUrl, admin: client, key: secret, accountId: key.accountId, endpoints, receiver };
  await otherAccounts(subjects);
  const empty = await measure(subjects, 'empty');
  await fill(subjects);
  const full = await measure(subjects, 'full');
  const table = Object.keys(empty).map((k) => ({
    figure: k,
    'empty log': empty[k],
    'full log': full[k],
    'full / empty': k.endsWith('calls') ? '' : round(k.includes('deliveries/s') ? empty[k]! / full[k]! : full[k]! / empty[k]!, 2),
  }));
  const retained = await retention(subjects);
  const byEndpoints = process.env.BENCH_CLAIM_ENDPOINTS === '0' ? [] : await claimByEndpoints();
  const rowSizes = await sizes(client);
  const { rows: total } = await client.query(`select pg_size_pretty(pg_database_size(current_database())) as size`);
  console.log(`\nthe delivery log at ${EVENTS.toLocaleString('en-US')} events over ${DAYS} days beside an empty one (full / empty: the cost on the full log over the empty; for deliveries/s, empty over full)`);
  console.table(table);
  console.table(rowSizes);
  console.log(`database: ${(total[0] as { size: string }).size}`);
  console.log(`retention of the oldest week: ${retained.seconds} s, ${retained.purged.events.toLocaleString('en-US')} events (weeks of ${retained.purged.weeks.join(', ')})`);
  console.log(`claims before it: p50 ${retained.claims.before.p50} ms, max ${retained.claims.before.max} ms; during it (${retained.claims.during.n}): p50 ${retained.claims.during.p50} ms, max ${retained.claims.during.max} ms`);
  console.log(`locks held on the log's tables while it ran:\n  ${retained.locks.join('\n  ')}`);
  if (byEndpoints.length) {
    console.log(`\na claim of 64 beside the number of enabled endpoints (10 of them with 2,000 deliveries due each; median of ${SAMPLES})`);
    console.table(byEndpoints);
  }
  console.log(`machine load average ${(await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(' ')}`);
} finally {
  await receiver.close();
  await client.end();
  await bench.drop();
  if (process.env.BENCH_KEEP) console.log(`kept database ${databaseUrl}`);
}
