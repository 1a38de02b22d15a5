// npm run bench:webhooks: the delivery path in every shape users make, each beside its baseline, in one run.
//
// Each drain: a backlog of order.created deliveries is emitted through the service (as the API makes
// them), held back while the worker starts, then made due at once (as a recovery does) and drained to
// a local receiver that answers 200 at once; beside it, the baseline: a raw keep-alive POST loop
// (16 in flight, same receiver, same body, no database; the best of three runs of 20,000) and the
// ratio, and a loop of one POST at a time on one keep-alive connection (as a simple client sends;
// the best of three runs of 5,000) and the ratio to it. Also the
// rate events were emitted at, the CPU each part used per delivery, the worker's RSS, and (where the
// server keeps pg_stat_statements) the deliveries each record statement carried. Every drain is
// checked: every delivery recorded as delivered, the receiver reached once per delivery. Anything
// that went wrong prints NOT A MEASURE and exits 1.
//
// The shapes (PostgreSQL, worker processes started as production runs them: dist/main.js, ROLE=worker):
// 1. One endpoint subscribed to everything, BENCH_ONE_EVENTS (default 4,000) deliveries, statistics
//    taken after the burst; then the same burst after a quiet spell: the queue last analyzed empty,
//    autovacuum off on it until drained (no analyze).
// 2. Ten endpoints, BENCH_EVENTS (default 1,000) events each: one worker process, then two.
// 3. The same while 100, 1,000 and 10,000 other endpoints each hold a retry waiting (a receiver
//    outage), with the median time of a claim of 64 beside each.
// 4. Scale-out: BENCH_SLOW_EVENTS (default 250) events to 40 endpoints whose receiver answers after
//    BENCH_SLOW_MS (default 50) ms, by 1 then 2 worker processes (one keeps 64 deliveries in flight).
// 5. Noisy neighbour: account H's create->receipt latency (p50, p99) alone, then while account N's
//    endpoint hangs with 300 deliveries due.
// And on the embedded database (PGlite), shape 2 by the in-process worker.
// BENCH_DATABASE_URL (default TEST_DATABASE_URL, else the local server) names the PostgreSQL server;
// BENCH_ENDPOINT_CONCURRENCY sets WEBHOOK_ENDPOINT_CONCURRENCY (default: the product's, 4);
// BENCH_DATABASES=postgresql (or pglite) runs one database only; BENCH_ONLY=one,ten,waiting,slow,noisy
// (any of them) runs those PostgreSQL shapes only.
// Profiling (PostgreSQL): BENCH_PROFILE=1 prints the statements that took the most time in each drain,
// nested ones included, from pg_stat_statements (the server must preload it, with
// pg_stat_statements.track = all); BENCH_EXPLAIN=<ms> also logs the plans of statements slower than
// that to the server's log (auto_explain); BENCH_CPU_PROF=<dir> writes each worker's CPU profile there.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createServer, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { pino } from 'pino';
import { Agent, request } from 'undici';
import { openDatabase, type Database } from '../../src/db/orm.js';
import { createApiKey, authenticate } from '../../src/auth/auth.service.js';
import { createCustomer } from '../../src/customers/customers.service.js';
import { createOrder } from '../../src/orders/orders.service.js';
import { createEndpoint } from '../../src/webhooks/webhooks.service.js';
import { DeliveryWorker, DEFAULT_ENDPOINT_CONCURRENCY } from '../../src/webhooks/worker.js';
import { DELIVERIES_CHANNEL } from '../../src/webhooks/emitter.js';
import { createTransport } from '../../src/webhooks/transport.js';
import { sealEndpointSecret } from '../../src/webhooks/endpoint-secrets.js';
import { systemClock as clock } from '../../src/shared/clock.js';
import { newSecretsKey, parseSecretsKey, useSecretsKeyring } from '../../src/shared/secrets.js';
import { DEFAULT_SIGN_IN_POLICY, type RequestContext } from '../../src/shared/context.js';

// Webhook signing secrets are sealed at rest: a key for this run, which the worker processes get too.
const SECRETS_KEY = newSecretsKey('bench');
useSecretsKeyring({ current: parseSecretsKey(SECRETS_KEY, 'bench key'), old: [] });

execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build/server.ts'], { stdio: ['ignore', 'ignore', 'inherit'] });

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1000);
const ONE_EVENTS = Number(process.env.BENCH_ONE_EVENTS ?? 4000);
const TEN = 10;
const ENDPOINT_CONCURRENCY = Number(process.env.BENCH_ENDPOINT_CONCURRENCY ?? DEFAULT_ENDPOINT_CONCURRENCY);
const RAW_IN_FLIGHT = 16;
/** Requests of each run of the raw loop. */
const RAW_REQUESTS = 20_000;
const H_SAMPLES = 50;
const N_BURST = 300;
const SLOW_EVENTS = Number(process.env.BENCH_SLOW_EVENTS ?? 250);
const SLOW_ENDPOINTS = 40;
const SLOW_MS = Number(process.env.BENCH_SLOW_MS ?? 50);
const pgBase = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const log = pino({ level: 'silent' });

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The receiver: 200 at once (paths under /n never answer); notes each arrival's time and event. */
async function startReceiver() {
  const state = { count: 0, first: 0, last: 0, hCount: 0, hLast: 0, nCount: 0, hanging: new Set<ServerResponse>(), body: '' };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const now = performance.now();
      state.count++;
      state.first ||= now;
      state.last = now;
      const id = req.headers['service-event-id'];
      if (req.url === '/h') Object.assign(state, { hCount: state.hCount + 1, hLast: now });
      if (req.url === '/n') state.nCount++;
      if (!state.body && id) state.body = Buffer.concat(chunks).toString('utf8');
      if (req.url?.startsWith('/n')) return void state.hanging.add(res);
      if (req.url?.startsWith('/slow/')) return void setTimeout(() => res.writeHead(200).end(), SLOW_MS);
      res.writeHead(200).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const reset = () => Object.assign(state, { count: 0, first: 0, last: 0 });
  const close = () => {
    for (const res of state.hanging) res.destroy();
    server.closeAllConnections();
    return new Promise<void>((r) => server.close(() => r()));
  };
  return { base, state, reset, close };
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** The baseline: `total` plain keep-alive POSTs of `body`, `inFlight` at once (RAW_IN_FLIGHT unless told). Answers requests/s. */
async function rawLoop(url: string, body: string, total: number, inFlight = RAW_IN_FLIGHT): Promise<number> {
  const agent = new Agent({ connections: inFlight, pipelining: 1 });
  let sent = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (sent < total) {
        sent++;
        const res = await request(url, { dispatcher: agent, method: 'POST', headers: { 'content-type': 'application/json' }, body });
        await res.body.dump();
      }
    }),
  );
  const rate = total / ((performance.now() - t0) / 1000);
  await agent.close();
  return rate;
}

async function account(db: Database, name: string) {
  const { secret } = await createApiKey(db.em(), { accountName: name, scopes: ['orders:read', 'orders:write', 'customers:write', 'webhooks:manage'] }, clock);
  const who = await authenticate(db.em(), secret, clock);
  if (typeof who === 'string') throw new Error(`bench key refused: ${who}`);
  const request = (): RequestContext => ({ em: db.em(), clock, log, settings: { production: false, signIn: DEFAULT_SIGN_IN_POLICY }, requestId: 'req_bench', ip: null, principal: who });
  const accountId = who.accountId;
  const customer = await createCustomer(request(), { name });
  const order = () =>
    createOrder(request(), {
      customer_id: customer.id,
      pickup: { address1: '1200 W Lake St', city: 'Chicago', state: 'IL', zip: '60607' },
      delivery: { address1: '500 Ocean Dr', city: 'Miami Beach', state: 'FL', zip: '33139' },
      vehicles: [{ vin: '1HGCM82633A004352', year: 2003, make: 'Honda', model: 'Accord', inoperable: false }],
      ready_date: '2026-12-01',
      delivery_window_days: 7,
      currency: 'usd',
    });
  /** `n` orders, 10 at a time; answers events/s. */
  const orders = async (n: number) => {
    let made = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (made < n) {
          made++;
          await order();
        }
      }),
    );
    return n / ((performance.now() - t0) / 1000);
  };
  /** `n` endpoints of this account on `url` + '/' + their number, subscribed to order.created. */
  const endpoints = async (n: number, url: string) => {
    for (let i = 0; i < n; i++) await createEndpoint(request(), { url: `${url}/${i}`, enabled_events: ['order.created'] });
  };
  return { accountId, request, order, orders, endpoints };
}
type Account = Awaited<ReturnType<typeof account>>;

async function waitFor(check: () => boolean, timeoutMs: number, what: string) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await sleep(5);
  }
}

/** A loopback port nothing listens on now (the system's pick). */
async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** Worker processes (ROLE=worker) over `databaseUrl`. */
async function startWorkers(n: number, databaseUrl: string): Promise<ChildProcess[]> {
  return Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const port = await freePort();
      // As production runs it (the Dockerfile's CMD): the built dist/main.js.
      const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
      const child = spawn(process.execPath, ['--max-semi-space-size=2', ...profile, 'dist/main.js'], {
        env: {
          ...process.env,
          ROLE: 'worker',
          WORKER_JOBS: 'deliveries',
          DATABASE_URL: databaseUrl,
          PORT: String(port),
          LOG_LEVEL: 'warn',
          NODE_ENV: 'development',
          SECRETS_KEY,
          WEBHOOK_ENDPOINT_CONCURRENCY: String(ENDPOINT_CONCURRENCY),
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      let exited: string | null = null;
      child.once('exit', (code, signal) => (exited = `worker exited (${signal ?? code}) before it was ready`));
      for (let t = 0; t < 600; t++) {
        if (exited) throw new Error(exited);
        try {
          if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return child;
        } catch {
          /* starting */
        }
        await sleep(100);
      }
      throw new Error('worker did not start');
    }),
  );
}

async function stopWorkers(children: ChildProcess[]) {
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null) return resolve();
          c.once('exit', () => resolve());
          c.kill('SIGTERM');
        }),
    ),
  );
}

/** CPU time (user + system, ms) a process has used, from /proc (clock ticks of 10 ms). */
const cpuMsOf = (pid: number) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
};
/** CPU time of each PostgreSQL server process on this machine, by pid (empty when not readable). */
const postgresCpu = () => {
  const byPid = new Map<number, number>();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') byPid.set(Number(pid), cpuMsOf(Number(pid)));
    } catch {
      /* gone */
    }
  }
  return byPid;
};
/** PostgreSQL's CPU time since `before`: of the processes running now (a connection closed meanwhile is not counted). */
const postgresCpuMsSince = (before: Map<number, number>) => {
  let total = 0;
  for (const [pid, ms] of postgresCpu()) total += ms - (before.get(pid) ?? 0);
  return total;
};
const ownCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** `n` worker processes as a drain of `throughput`: their RSS (the largest) and CPU (the sum). */
async function workerProcesses(n: number, databaseUrl: string) {
  const children = await startWorkers(n, databaseUrl);
  return {
    stop: () => stopWorkers(children),
    rss: () => Math.max(...children.map((c) => rssMb(c.pid!))),
    cpuMs: () => children.reduce((sum, c) => sum + cpuMsOf(c.pid!), 0),
  };
}

const rssMb = (pid: number) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);

const PROFILE = process.env.BENCH_PROFILE === '1';
/** Clears pg_stat_statements (BENCH_PROFILE=1; the server must preload it); false when it cannot. */
async function statementsReset(db: Database): Promise<boolean> {
  try {
    await db.em().execute(`create extension if not exists pg_stat_statements`);
    await db.em().execute(`select pg_stat_statements_reset()`);
    if (process.env.BENCH_EXPLAIN) for (const q of [`session_preload_libraries = 'auto_explain'`, `auto_explain.log_min_duration = ${process.env.BENCH_EXPLAIN}`, `auto_explain.log_nested_statements = on`, `auto_explain.log_analyze = on`, `auto_explain.log_buffers = on`]) await db.em().execute(`do $$ begin execute format('alter database %I set ${q.replace(/'/g, "''")}', current_database()); end $$`);
    return true;
  } catch (err) {
    console.error(`no statement profile: ${(err as Error).message}`);
    return false;
  }
}

/** The statements (nested ones included) that took the most time since the reset, per delivery. */
async function printStatements(db: Database, deliveries: number) {
  const rows = await db.em().execute<Record<string, unknown>[]>(
    `select calls, round(total_plan_time::numeric, 1) as plan_ms, round(total_exec_time::numeric, 1) as total_ms, round((total_exec_time / ${deliveries})::numeric, 4) as ms_per_delivery,
            round(mean_exec_time::numeric, 3) as mean_ms, rows, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) as query
     from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
     order by total_exec_time desc limit 12`,
  );
  console.table(rows);
}

interface Row {
  database: string;
  shape: string;
  workers: number | string;
  'events emitted/s': number | string;
  'deliveries/s': number;
  'raw POST loop/s': number;
  ratio: number;
  'one-at-a-time loop/s': number;
  'ratio to it': number;
  'deliveries per record statement': number | string;
  'worker CPU ms/delivery': number;
  'PostgreSQL CPU ms/delivery': number | string;
  'bench+receiver CPU ms/delivery': number | string;
  'worker RSS MB': number;
}

/** What went wrong in this run: any of it makes the figures NOT A MEASURE. */
const failures: string[] = [];

/** Record statements made since the last call (pg_stat_statements, when the server preloads it; null otherwise). */
async function recordStatements(db: Database): Promise<number | null> {
  try {
    const [row] = await db.em().execute<{ calls: string }[]>(
      `select coalesce(sum(calls), 0) as calls from pg_stat_statements
       where dbid = (select oid from pg_database where datname = current_database()) and query like 'select record_and_claim_webhook_deliveries(%'`,
    );
    return Number(row!.calls);
  } catch {
    return null;
  }
}

/**
 * Emits a backlog of `events` x the account's endpoints deliveries, held back (due tomorrow) while the
 * worker starts; then makes it due at once, wakes the worker and times it until the receiver got them
 * all, and checks that every one was recorded as delivered, once. CPU time is counted from that
 * moment: the worker's, the PostgreSQL server's, and this process's (the receiver).
 * `beforeDrain` runs with the backlog emitted and due, before it is held back (claim timings).
 */
async function throughput(
  db: Database,
  receiver: Receiver,
  who: Account,
  total: number,
  emit: () => Promise<number>,
  drain: () => Promise<{ stop: () => Promise<void>; rss: () => number; cpuMs: () => number }>,
  external: boolean,
  options: { analyzeAfterEmit?: boolean; beforeDrain?: () => Promise<void> } = {},
) {
  const delivered = async () =>
    Number((await db.em().execute<{ n: number | string }[]>(`select count(*) as n from webhook_deliveries_log where account_id = ? and status = 'succeeded'`, [who.accountId]))[0]!.n);
  const deliveredBefore = await delivered();
  const emitted = await emit();
  if (options.analyzeAfterEmit) await db.em().execute(`analyze webhook_deliveries_queue`);
  await options.beforeDrain?.();
  await db.em().execute(`update webhook_deliveries set next_attempt_at = now() + interval '1 day' where status = 'pending' and account_id = ?`, [who.accountId]);
  receiver.reset();
  const profiling = external && PROFILE && (await statementsReset(db));
  const statementsBefore = external ? await recordStatements(db) : null;
  const worker = await drain();
  await sleep(200);
  const before = { worker: worker.cpuMs(), pg: postgresCpu(), own: ownCpuMs() };
  await db.em().execute(`update webhook_deliveries set next_attempt_at = now() where status = 'pending' and account_id = ?`, [who.accountId]);
  await db.em().execute(`select pg_notify('${DELIVERIES_CHANNEL}', '')`);
  try {
    await waitFor(() => receiver.state.count >= total, 300_000, `${total} deliveries received`);
  } catch (err) {
    failures.push((err as Error).message);
  }
  if (profiling) await printStatements(db, total);
  const per = (ms: number) => Number((ms / total).toFixed(3));
  // Embedded: database, worker and receiver share this process, counted as the worker's.
  const cpu = external
    ? { worker: per(worker.cpuMs() - before.worker), pg: per(postgresCpuMsSince(before.pg)), own: per(ownCpuMs() - before.own) }
    : { worker: per(ownCpuMs() - before.own), pg: 'in the worker', own: 'in the worker' };
  const seconds = (receiver.state.last - receiver.state.first) / 1000;
  const rss = worker.rss();
  // Every delivery recorded as delivered (the last batch's record may still be under way), none twice.
  let recorded = 0;
  for (let i = 0; i < 100; i++) {
    recorded = (await delivered()) - deliveredBefore;
    if (recorded >= total) break;
    await sleep(50);
  }
  const statements = external && statementsBefore !== null ? ((await recordStatements(db)) ?? 0) - statementsBefore : null;
  await worker.stop();
  if (recorded !== total) failures.push(`${recorded} of ${total} deliveries recorded as succeeded`);
  if (receiver.state.count !== total) failures.push(`the receiver got ${receiver.state.count} deliveries for ${total}`);
  return { emitted: Math.round(emitted), rate: Math.round(total / seconds), rss, cpu, perStatement: statements ? Number((total / statements).toFixed(1)) : 'n/a' };
}

const rows: Row[] = [];
/** The raw loop's rate for `total` requests with the last delivery's body, and the row beside it. */
async function row(receiver: Receiver, database: string, shape: string, workers: number | string, total: number, r: Awaited<ReturnType<typeof throughput>>) {
  // Warmed up, then the best of three runs of RAW_REQUESTS: what the loop can do on this machine at
  // this time (a short run, or one disturbed by the database's background work, says less).
  await rawLoop(`${receiver.base}/raw`, receiver.state.body, 2_000);
  let raw = 0;
  for (let i = 0; i < 3; i++) raw = Math.max(raw, await rawLoop(`${receiver.base}/raw`, receiver.state.body, RAW_REQUESTS));
  // And a loop of one POST at a time on one keep-alive connection (as a simple client sends).
  let single = 0;
  for (let i = 0; i < 3; i++) single = Math.max(single, await rawLoop(`${receiver.base}/raw`, receiver.state.body, RAW_REQUESTS / 4, 1));
  const measured: Row = {
    database,
    shape,
    workers,
    'events emitted/s': r.emitted,
    'deliveries/s': r.rate,
    'raw POST loop/s': Math.round(raw),
    ratio: Number((r.rate / raw).toFixed(2)),
    'one-at-a-time loop/s': Math.round(single),
    'ratio to it': Number((r.rate / single).toFixed(2)),
    'deliveries per record statement': r.perStatement,
    'worker CPU ms/delivery': r.cpu.worker,
    'PostgreSQL CPU ms/delivery': r.cpu.pg,
    'bench+receiver CPU ms/delivery': r.cpu.own,
    'worker RSS MB': r.rss,
  };
  rows.push(measured);
  console.error(JSON.stringify(measured));
}

/** Median time of a claim of 64 (in a transaction rolled back: nothing changes), over `samples` claims. */
async function claimMs(databaseUrl: string, samples = 60): Promise<number> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const times: number[] = [];
    for (let i = -5; i < samples; i++) {
      await c.query('begin');
      const t0 = performance.now();
      await c.query(`select count(*) from claim_webhook_deliveries(now(), $1, 64, 'bench-claim', now() + interval '1 minute')`, [ENDPOINT_CONCURRENCY]);
      if (i >= 0) times.push(performance.now() - t0);
      await c.query('rollback');
    }
    times.sort((a, b) => a - b);
    return Number(percentile(times, 50).toFixed(2));
  } finally {
    await c.end();
  }
}

/** Endpoints `from`..`to`-1 of accounts of their own, each holding a retry waiting for its time (a receiver outage). */
async function waitingRetries(db: Database, from: number, to: number) {
  const em = db.em();
  await em.execute(`insert into accounts (id, name, created_at) select 'acct_down' || g, 'down' || g, now() from generate_series(?::int, ?::int) g`, [from, to - 1]);
  await em.execute(
    `insert into webhook_endpoints (id, account_id, url, enabled_events, api_version, status, secret, created_at, updated_at)
     select 'we_down' || g, 'acct_down' || g, 'http://127.0.0.1:9/down', '["order.created"]', '2026-12-01', 'enabled', ?, now(), now()
     from generate_series(?::int, ?::int) g`,
    // Sealed under this run's key (never opened: nothing of theirs comes due), as every process start expects.
    [sealEndpointSecret('we_down', 'whsec_down'), from, to - 1],
  );
  // As a failed attempt leaves it: attempted once, scheduled for its retry (in an hour).
  await em.execute(
    `insert into webhook_deliveries (id, account_id, event_id, endpoint_id, event_type, payload, status, next_attempt_at, created_at, updated_at,
       attempt_count, cycle_failures, scheduled)
     select 'wdl_' || ulid_time((extract(epoch from now()) * 1000)::bigint) || lpad(g::text, 16, 'R'), 'acct_down' || g, 'evt_down', 'we_down' || g,
       'order.created', '{}', 'pending', now() + interval '1 hour', now(), now(), 1, 1, true
     from generate_series(?::int, ?::int) g`,
    [from, to - 1],
  );
}

async function runPglite(db: Database) {
  const receiver = await startReceiver();
  try {
    await tenInProcess(db, receiver);
  } finally {
    await receiver.close();
  }
}

async function tenInProcess(db: Database, receiver: Receiver) {
  const bench = await account(db, 'bench');
  await bench.endpoints(TEN, `${receiver.base}/hooks`);
  const total = EVENTS * TEN;
  const r = await throughput(db, receiver, bench, total, () => bench.orders(EVENTS), async () => {
    const transport = createTransport({ allowPrivateTargets: true });
    const worker = new DeliveryWorker({ db, clock, log, transport, pollMs: 50, endpointConcurrency: ENDPOINT_CONCURRENCY });
    await worker.start();
    return { stop: async () => (await worker.stop(), await transport.close()), rss: () => Math.round(process.memoryUsage().rss / 1048576), cpuMs: () => 0 };
  }, false);
  await row(receiver, 'pglite', `ten endpoints, ${EVENTS} events each`, 'in-process', total, r);
}

const claims: Record<string, unknown>[] = [];
const scale: Record<string, unknown>[] = [];
const noisy: Record<string, unknown>[] = [];

const only = process.env.BENCH_ONLY?.split(',');
const shape = (name: 'one' | 'ten' | 'waiting' | 'slow' | 'noisy') => !only || only.includes(name);

async function runPostgresql(db: Database, databaseUrl: string) {
  // Record statements are counted where the server keeps statement statistics.
  await db.em().execute(`create extension if not exists pg_stat_statements`).catch(() => undefined);
  const receiver = await startReceiver();
  const workers = (n: number) => () => workerProcesses(n, databaseUrl);

  try {
    // One endpoint subscribed to everything, the shape most integrations have.
    if (shape('one')) await oneEndpoint(db, receiver, workers);
    if (shape('ten') || shape('waiting')) await tenEndpoints(db, receiver, workers, databaseUrl);
    if (shape('slow')) await slowReceivers(db, receiver, workers);
    if (shape('noisy')) await noisyNeighbour(db, receiver, databaseUrl);
  } finally {
    // Open, it would keep the bench from exiting after a failure.
    await receiver.close();
  }
}

type Workers = (n: number) => () => ReturnType<typeof workerProcesses>;

async function oneEndpoint(db: Database, receiver: Receiver, workers: Workers) {
  const one = await account(db, 'one');
  await one.endpoints(1, `${receiver.base}/one`);
  const r1 = await throughput(db, receiver, one, ONE_EVENTS, () => one.orders(ONE_EVENTS), workers(1), true, { analyzeAfterEmit: true });
  await row(receiver, 'postgresql', `one endpoint, ${ONE_EVENTS} events`, 1, ONE_EVENTS, r1);

  // The same burst after a quiet spell: the queue last analyzed empty, and not again until it is drained.
  await db.em().execute(`analyze webhook_deliveries_queue`);
  await db.em().execute(`alter table webhook_deliveries_queue set (autovacuum_enabled = false)`);
  try {
    const r = await throughput(db, receiver, one, ONE_EVENTS, () => one.orders(ONE_EVENTS), workers(1), true);
    await row(receiver, 'postgresql', `one endpoint, ${ONE_EVENTS} events, after a quiet spell (no analyze)`, 1, ONE_EVENTS, r);
  } finally {
    await db.em().execute(`alter table webhook_deliveries_queue reset (autovacuum_enabled)`);
  }

}

async function tenEndpoints(db: Database, receiver: Receiver, workers: Workers, databaseUrl: string) {
  // Ten endpoints, by one worker process and by two.
  const ten = await account(db, 'ten');
  await ten.endpoints(TEN, `${receiver.base}/ten`);
  for (const n of shape('ten') ? [1, 2] : []) {
    const r = await throughput(db, receiver, ten, EVENTS * TEN, () => ten.orders(EVENTS), workers(n), true);
    await row(receiver, 'postgresql', `ten endpoints, ${EVENTS} events each`, n, EVENTS * TEN, r);
  }

  // Ten endpoints while thousands of others hold a retry waiting (a receiver outage), and a claim's
  // time beside the number waiting.
  let down = 0;
  for (const waiting of shape('waiting') ? [100, 1_000, 10_000] : []) {
    await waitingRetries(db, down, waiting);
    down = waiting;
    let claim = NaN;
    const r = await throughput(db, receiver, ten, EVENTS * TEN, () => ten.orders(EVENTS), workers(1), true, {
      // Each measured on a vacuumed queue, as the worker keeps it (the drains before left dead rows).
      beforeDrain: async () => {
        await db.em().execute(`vacuum webhook_deliveries_queue`);
        claim = await claimMs(databaseUrl);
      },
    });
    await row(receiver, 'postgresql', `ten endpoints, ${waiting.toLocaleString('en-US')} others with a retry waiting`, 1, EVENTS * TEN, r);
    claims.push({ 'endpoints with a retry waiting': waiting, 'claim of 64 (ten endpoints with 1,000 due each): median ms': claim });
  }
  const base = claims[0]?.['claim of 64 (ten endpoints with 1,000 due each): median ms'] as number;
  for (const c of claims) c['beside 100 waiting'] = Number(((c['claim of 64 (ten endpoints with 1,000 due each): median ms'] as number) / base).toFixed(2));
  // The outage ends: the endpoints are gone.
  await db.em().execute(`delete from webhook_endpoints where id like 'we_down%'`);
}

async function slowReceivers(db: Database, receiver: Receiver, workers: Workers) {
  // Scale-out: receivers that take SLOW_MS to answer; what is in flight is the limit.
  const slow = await account(db, 'slow');
  await slow.endpoints(SLOW_ENDPOINTS, `${receiver.base}/slow`);
  for (const n of [1, 2]) {
    const r = await throughput(db, receiver, slow, SLOW_EVENTS * SLOW_ENDPOINTS, () => slow.orders(SLOW_EVENTS), workers(n), true);
    const measured = { 'receiver answers in': `${SLOW_MS} ms`, endpoints: SLOW_ENDPOINTS, workers: n, 'deliveries/s': r.rate, 'worker CPU ms/delivery': r.cpu.worker, 'PostgreSQL CPU ms/delivery': r.cpu.pg };
    scale.push(measured);
    console.error(JSON.stringify(measured));
  }
}

async function noisyNeighbour(db: Database, receiver: Receiver, databaseUrl: string) {
  // Noisy neighbour: H's create->receipt, alone and then with N's 300 hanging deliveries due.
  const h = await account(db, 'healthy');
  await createEndpoint(h.request(), { url: `${receiver.base}/h`, enabled_events: ['order.created'] });
  const n = await account(db, 'noisy');
  await createEndpoint(n.request(), { url: `${receiver.base}/n`, enabled_events: ['order.created'] });
  const children = await startWorkers(1, databaseUrl);
  try {
    const hLatency = async () => {
      const delays: number[] = [];
      for (let i = 0; i < H_SAMPLES; i++) {
        const before = receiver.state.hCount;
        const created = performance.now();
        await h.order();
        await waitFor(() => receiver.state.hCount > before, 30_000, 'H delivery');
        delays.push(receiver.state.hLast - created);
        await sleep(5);
      }
      delays.sort((a, b) => a - b);
      return { 'H create->receipt p50 ms': Number(percentile(delays, 50).toFixed(1)), 'H create->receipt p99 ms': Number(percentile(delays, 99).toFixed(1)) };
    };
    noisy.push({ scenario: 'H alone', ...(await hLatency()) });
    await n.orders(N_BURST);
    await waitFor(() => receiver.state.nCount > 0, 60_000, 'N burst started');
    noisy.push({ scenario: `H while N hangs with ${N_BURST} due`, ...(await hLatency()) });
  } catch (err) {
    failures.push((err as Error).message);
  } finally {
    await stopWorkers(children);
  }
}

const databases = (process.env.BENCH_DATABASES ?? 'pglite,postgresql').split(',');
if (databases.includes('pglite')) {
  const db = await openDatabase({ dataDir: 'memory://' });
  try {
    await runPglite(db);
  } catch (err) {
    failures.push(`pglite: ${(err as Error).message}`);
  }
  await db.close();
}
if (databases.includes('postgresql')) {
  const name = `vt_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgBase });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(pgBase);
    url.pathname = `/${name}`;
    const db = await openDatabase({ databaseUrl: url.toString() });
    try {
      await runPostgresql(db, url.toString());
    } catch (err) {
      failures.push(`postgresql: ${(err as Error).message}`);
    }
    await db.close();
    if (process.env.BENCH_KEEP) console.log(`kept: ${url}`);
    else await admin.query(`drop database if exists ${name} with (force)`);
  } catch (err) {
    failures.push(`PostgreSQL run not made: ${(err as Error).message}`);
  } finally {
    await admin.end().catch(() => undefined);
  }
}
const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`WEBHOOK_ENDPOINT_CONCURRENCY=${ENDPOINT_CONCURRENCY}; raw loop: ${RAW_IN_FLIGHT} keep-alive POSTs in flight; one-at-a-time loop: 1; load average ${load}`);
console.table(rows);
if (claims.length) console.table(claims);
if (scale.length) console.table(scale);
if (noisy.length) console.table(noisy);
if (failures.length) {
  console.log(`NOT A MEASURE: ${failures.length} thing(s) went wrong, so the figures above say nothing:`);
  for (const f of failures) console.log(`- ${f}`);
  process.exitCode = 1;
}
