// npm run bench:webhooks: the delivery path beside its baseline, in one run.
//
// 1. Throughput: BENCH_EVENTS (default 1000) order.created events, each fanned out to BENCH_ENDPOINTS
//    (default 10) endpoints on one local receiver that answers 200 at once, are emitted, then drained
//    by the product: one worker process, then two (PostgreSQL), or the in-process worker (embedded
//    PGlite). Beside it, the baseline: a raw keep-alive POST loop (16 in flight, same receiver, same
//    bodies, no database) and the ratio. Also the rate events are emitted at, and the worker's RSS.
// 2. Scale-out (PostgreSQL): a backlog of BENCH_SLOW_EVENTS (default 250) events to 40 endpoints whose
//    receiver answers after BENCH_SLOW_MS (default 50) ms, drained by 1 then 2 worker processes: one
//    worker keeps at most 64 deliveries in flight, so a second one doubles what is in flight.
// 3. Noisy neighbour (PostgreSQL, one worker process): account H's create->receipt latency (p50, p99)
//    alone, then while account N's endpoint hangs with 300 due deliveries.
// BENCH_DATABASE_URL (default TEST_DATABASE_URL, else the local server) names the PostgreSQL server;
// BENCH_ENDPOINT_CONCURRENCY sets WEBHOOK_ENDPOINT_CONCURRENCY (default: the product's, 4);
// BENCH_DATABASES=postgresql (or pglite) runs one database only.
// Profiling (PostgreSQL): BENCH_PROFILE=1 prints the statements that took the most time in each drain,
// nested ones included, from pg_stat_statements (the server must preload it, with
// pg_stat_statements.track = all); BENCH_EXPLAIN=<ms> also logs the plans of statements slower than
// that to the server's log (auto_explain); BENCH_CPU_PROF=<dir> writes each worker's CPU profile there.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { pino } from 'pino';
import { Agent, request } from 'undici';
import { openDatabase, type Database } from '../src/db/orm.js';
import { createApiKey, authenticate } from '../src/auth/auth.service.js';
import { createCustomer } from '../src/customers/customers.service.js';
import { createOrder } from '../src/orders/orders.service.js';
import { createEndpoint } from '../src/webhooks/webhooks.service.js';
import { DeliveryWorker, DEFAULT_ENDPOINT_CONCURRENCY } from '../src/webhooks/worker.js';
import { DELIVERIES_CHANNEL } from '../src/webhooks/emitter.js';
import { createTransport } from '../src/webhooks/transport.js';
import { systemClock as clock } from '../src/shared/clock.js';
import { newSecretsKey, parseSecretsKey, useSecretsKeyring } from '../src/shared/secrets.js';
import { DEFAULT_SIGN_IN_POLICY, type RequestContext } from '../src/shared/context.js';

// Webhook signing secrets are sealed at rest: a key for this run, which the worker processes get too.
const SECRETS_KEY = newSecretsKey('bench');
useSecretsKeyring({ current: parseSecretsKey(SECRETS_KEY, 'bench key'), old: [] });

execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { stdio: ['ignore', 'ignore', 'inherit'] });

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1000);
const ENDPOINTS = Number(process.env.BENCH_ENDPOINTS ?? 10);
const ENDPOINT_CONCURRENCY = Number(process.env.BENCH_ENDPOINT_CONCURRENCY ?? DEFAULT_ENDPOINT_CONCURRENCY);
const RAW_IN_FLIGHT = 16;
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

/** The baseline: `total` plain keep-alive POSTs of `body`, RAW_IN_FLIGHT at once. Answers requests/s. */
async function rawLoop(url: string, body: string, total: number): Promise<number> {
  const agent = new Agent({ connections: RAW_IN_FLIGHT, pipelining: 1 });
  let sent = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: RAW_IN_FLIGHT }, async () => {
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
  const { secret } = await createApiKey(db.em(), { accountName: name, scopes: ['orders:write', 'customers:write', 'webhooks:manage'] }, clock);
  const who = await authenticate(db.em(), secret, clock);
  if (typeof who === 'string') throw new Error(`bench key refused: ${who}`);
  const request = (): RequestContext => ({ em: db.em(), clock, log, settings: { production: false, signIn: DEFAULT_SIGN_IN_POLICY }, requestId: 'req_bench', ip: null, principal: who });
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
  return { request, order, orders };
}

async function waitFor(check: () => boolean, timeoutMs: number, what: string) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await sleep(5);
  }
}

/** Worker processes (ROLE=worker) over `databaseUrl`. */
async function startWorkers(n: number, databaseUrl: string): Promise<ChildProcess[]> {
  return Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const port = 20_000 + Math.floor(Math.random() * 20_000) + i;
      // As production runs it (the Dockerfile's CMD): the built dist/main.js.
      const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
      const child = spawn(process.execPath, ['--max-semi-space-size=4', ...profile, 'dist/main.js'], {
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
      for (let t = 0; t < 600; t++) {
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

interface Row {
  database: string;
  product: string;
  'events emitted/s': number | string;
  'deliveries/s': number;
  'raw POST loop/s': number;
  ratio: number;
  'worker CPU ms/delivery': number;
  'PostgreSQL CPU ms/delivery': number | string;
  'bench+receiver CPU ms/delivery': number | string;
  'worker RSS MB': number;
}

/**
 * Emits a backlog of EVENTS x ENDPOINTS deliveries, held back (due tomorrow) while the worker starts;
 * then makes it due at once, wakes the worker and times it until the receiver got them all. CPU time is
 * counted from that moment: the worker's, the PostgreSQL server's, and this process's (the receiver).
 */
async function throughput(
  db: Database,
  receiver: Receiver,
  emit: (n: number) => Promise<number>,
  drain: () => Promise<{ stop: () => Promise<void>; rss: () => number; cpuMs: () => number }>,
  external: boolean,
  events = EVENTS,
  endpoints = ENDPOINTS,
) {
  const total = events * endpoints;
  const emitted = await emit(events);
  await db.em().execute(`update webhook_deliveries set next_attempt_at = now() + interval '1 day' where status = 'pending'`);
  receiver.reset();
  const profiling = external && PROFILE && (await statementsReset(db));
  const worker = await drain();
  await sleep(200);
  const before = { worker: worker.cpuMs(), pg: postgresCpu(), own: ownCpuMs() };
  await db.em().execute(`update webhook_deliveries set next_attempt_at = now() where status = 'pending'`);
  await db.em().execute(`select pg_notify('${DELIVERIES_CHANNEL}', '')`);
  await waitFor(() => receiver.state.count >= total, 600_000, 'backlog drained');
  if (profiling) await printStatements(db, total);
  const per = (ms: number) => Number((ms / total).toFixed(3));
  // Embedded: database, worker and receiver share this process, counted as the worker's.
  const cpu = external
    ? { worker: per(worker.cpuMs() - before.worker), pg: per(postgresCpuMsSince(before.pg)), own: per(ownCpuMs() - before.own) }
    : { worker: per(ownCpuMs() - before.own), pg: 'in the worker', own: 'in the worker' };
  const seconds = (receiver.state.last - receiver.state.first) / 1000;
  const rss = worker.rss();
  await worker.stop();
  return { emitted: Math.round(emitted), rate: Math.round(total / seconds), rss, cpu };
}

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

async function run(name: 'pglite' | 'postgresql', db: Database, databaseUrl?: string): Promise<{ rows: Row[]; noisy: Record<string, unknown>[]; scale: Record<string, unknown>[] }> {
  const receiver = await startReceiver();
  const bench = await account(db, 'bench');
  for (let i = 0; i < ENDPOINTS; i++) await createEndpoint(bench.request(), { url: `${receiver.base}/hooks/${i}`, enabled_events: ['order.created'] });
  const rows: Row[] = [];
  const row = async (product: string, r: Awaited<ReturnType<typeof throughput>>) => {
    const raw = await rawLoop(`${receiver.base}/raw`, receiver.state.body, EVENTS * ENDPOINTS);
    const measured = {
      database: name,
      product,
      'events emitted/s': r.emitted,
      'deliveries/s': r.rate,
      'raw POST loop/s': Math.round(raw),
      ratio: Number((r.rate / raw).toFixed(2)),
      'worker CPU ms/delivery': r.cpu.worker,
      'PostgreSQL CPU ms/delivery': r.cpu.pg,
      'bench+receiver CPU ms/delivery': r.cpu.own,
      'worker RSS MB': r.rss,
    };
    rows.push(measured);
    console.error(JSON.stringify(measured));
  };

  if (!databaseUrl) {
    // Embedded PGlite: one process, the worker in it.
    const r = await throughput(db, receiver, bench.orders, async () => {
      const transport = createTransport({ allowPrivateTargets: true });
      const worker = new DeliveryWorker({ db, clock, log, transport, pollMs: 50, endpointConcurrency: ENDPOINT_CONCURRENCY });
      await worker.start();
      return { stop: async () => (await worker.stop(), await transport.close()), rss: () => Math.round(process.memoryUsage().rss / 1048576), cpuMs: () => 0 };
    }, false);
    await row('in-process worker', r);
    await receiver.close();
    return { rows, noisy: [], scale: [] };
  }

  for (const n of [1, 2]) {
    const r = await throughput(db, receiver, bench.orders, () => workerProcesses(n, databaseUrl), true);
    await row(`${n} worker process${n > 1 ? 'es' : ''}`, r);
  }

  // Scale-out: receivers that take SLOW_MS to answer; what is in flight is the limit.
  const scale: Record<string, unknown>[] = [];
  const slow = await account(db, 'slow');
  for (let i = 0; i < SLOW_ENDPOINTS; i++) await createEndpoint(slow.request(), { url: `${receiver.base}/slow/${i}`, enabled_events: ['order.created'] });
  for (const n of [1, 2]) {
    const r = await throughput(db, receiver, slow.orders, () => workerProcesses(n, databaseUrl), true, SLOW_EVENTS, SLOW_ENDPOINTS);
    const measured = { 'receiver answers in': `${SLOW_MS} ms`, endpoints: SLOW_ENDPOINTS, product: `${n} worker process${n > 1 ? 'es' : ''}`, 'deliveries/s': r.rate, 'worker CPU ms/delivery': r.cpu.worker, 'PostgreSQL CPU ms/delivery': r.cpu.pg };
    scale.push(measured);
    console.error(JSON.stringify(measured));
  }

  // Noisy neighbour: H's create->receipt, alone and then with N's 300 hanging deliveries due.
  const h = await account(db, 'healthy');
  await createEndpoint(h.request(), { url: `${receiver.base}/h`, enabled_events: ['order.created'] });
  const n = await account(db, 'noisy');
  await createEndpoint(n.request(), { url: `${receiver.base}/n`, enabled_events: ['order.created'] });
  const children = await startWorkers(1, databaseUrl);
  const hLatency = async () => {
    const delays: number[] = [];
    for (let i = 0; i < H_SAMPLES; i++) {
      const before = receiver.state.hCount;
      const created = performance.now();
      await h.order();
      await waitFor(() => receiver.state.hCount > before, 600_000, 'H delivery');
      delays.push(receiver.state.hLast - created);
      await sleep(5);
    }
    delays.sort((a, b) => a - b);
    return { 'H create->receipt p50 ms': Number(percentile(delays, 50).toFixed(1)), 'H create->receipt p99 ms': Number(percentile(delays, 99).toFixed(1)) };
  };
  const noisy: Record<string, unknown>[] = [];
  noisy.push({ scenario: "H alone", ...(await hLatency()) });
  await n.orders(N_BURST);
  await waitFor(() => receiver.state.nCount > 0, 60_000, 'N burst started');
  noisy.push({ scenario: `H while N hangs with ${N_BURST} due`, ...(await hLatency()) });
  await stopWorkers(children);
  await receiver.close();
  return { rows, noisy, scale };
}

const rows: Row[] = [];
const noisy: Record<string, unknown>[] = [];
const scale: Record<string, unknown>[] = [];
const databases = (process.env.BENCH_DATABASES ?? 'pglite,postgresql').split(',');
if (databases.includes('pglite')) {
  const db = await openDatabase({ dataDir: 'memory://' });
  rows.push(...(await run('pglite', db)).rows);
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
    const result = await run('postgresql', db, url.toString());
    rows.push(...result.rows);
    noisy.push(...result.noisy);
    scale.push(...result.scale);
    await db.close();
    await admin.query(`drop database if exists ${name} with (force)`);
  } catch (err) {
    console.error(`PostgreSQL run skipped: ${(err as Error).message}`);
  } finally {
    await admin.end().catch(() => undefined);
  }
}
const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`${EVENTS} events x ${ENDPOINTS} endpoints = ${EVENTS * ENDPOINTS} deliveries per run; WEBHOOK_ENDPOINT_CONCURRENCY=${ENDPOINT_CONCURRENCY}; load average ${load}`);
console.table(rows);
if (scale.length) console.table(scale);
if (noisy.length) console.table(noisy);
