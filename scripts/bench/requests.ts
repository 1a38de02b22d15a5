// npm run bench: throughput and latency of the request path beside its baseline, and memory (RSS).
// Builds dist/ first and starts the API as production does (the Dockerfile's CMD: node with its V8
// flags, dist/main.js, ROLE=api), once on PostgreSQL and once on the embedded database, and the bare
// Koa + pg server of scripts/bench/baseline-server.mjs (same flags) on the PostgreSQL API's own database,
// so that all three answer the same requests with the same key: `GET /v1/orders/{id}` and
// `POST /v1/orders` (for an account with one webhook endpoint subscribed to order.created, so each
// order writes its event and one delivery). The three servers run side by side and are loaded one
// at a time by autocannon, interleaved (product, baseline, embedded, then the other way round) for
// BENCH_ROUNDS rounds, so the machine's other load weighs on each alike; the table gives each one's
// mean over the rounds and the ratios:
//   vs baseline    the API's req/s over the bare Koa + pg server's (targets: GET 0.8, POST 0.8)
//   vs postgresql  the embedded database's req/s over the PostgreSQL API's (targets: GET 0.7, POST 0.5)
// and each server's idle RSS (target for the PostgreSQL API, the production start: 120 MB; the
// embedded default's is shown beside it)
// and each server's CPU time per request (user + system, from /proc), which the machine's other load
// changes far less than req/s.
// BENCH_DATABASE_URL (default: TEST_DATABASE_URL, else the local server) names a PostgreSQL server
// where a scratch database is created and dropped; BENCH_SECONDS sets each run's length (default 8),
// BENCH_ROUNDS the number of rounds (default 3), BENCH_CONNECTIONS the connections (default 10).
// Two load shapes, each with its own three servers (the rate-limit policy is a process setting), so
// that the cost of a request is seen not to depend on the configured limit:
//   keys   BENCH_KEYS keys of one account (default 150), one after the other, as many integrations of
//          a brokerage would send it, under the production policy except the sustained rate: a burst
//          of 200 and the 10-second window of 200 per key, and a refill fast enough that the bucket
//          never runs dry over the bench's minutes (at 100 a minute, each key would be refused after
//          its burst);
//   busy   one key whose limits are set very high (RATE_LIMIT_BURST and RATE_LIMIT_PER_MINUTE at
//          1e9), as an operator would for a heavy integration or an internal caller: every request
//          takes from the same bucket.
// BENCH_SHAPES picks them (default `keys,busy`). The last table sets the shapes side by side.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { createServer } from 'node:net';

/** A port free on 127.0.0.1 right now (the OS picks it). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const IDLE_SECONDS = 5;
const pgBase = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const node = process.execPath;
const manyKeys = Math.max(1, Number(process.env.BENCH_KEYS ?? 150));

interface Shape {
  name: 'keys' | 'busy';
  label: string;
  keys: number;
  limits: { RATE_LIMIT_BURST: string; RATE_LIMIT_PER_MINUTE: string };
}
const SHAPES: Shape[] = [
  // The production burst and window; the sustained rate raised so that the bench measures takes, not refusals.
  { name: 'keys', label: `${manyKeys} keys, production burst and window`, keys: manyKeys, limits: { RATE_LIMIT_BURST: '200', RATE_LIMIT_PER_MINUTE: '100000000' } },
  { name: 'busy', label: 'one key, limits of 1e9', keys: 1, limits: { RATE_LIMIT_BURST: '1000000000', RATE_LIMIT_PER_MINUTE: '1000000000' } },
];
const shapes = (process.env.BENCH_SHAPES ?? 'keys,busy').split(',').map((n) => {
  const shape = SHAPES.find((s) => s.name === n.trim());
  if (!shape) throw new Error(`BENCH_SHAPES: unknown shape ${n} (keys, busy)`);
  return shape;
});

/** The production command's arguments after `node`, from the Dockerfile's `CMD ["node", ...]`. */
const productionArgs = (() => {
  const line = readFileSync('Dockerfile', 'utf8').split('\n').filter((l) => l.startsWith('CMD ')).at(-1);
  return (JSON.parse(line!.slice(4)) as string[]).slice(1);
})();
const nodeFlags = productionArgs.slice(0, -1);
execFileSync(node, ['--import', 'tsx', 'scripts/build/server.ts'], { stdio: ['ignore', 'ignore', 'inherit'] });

interface Server {
  url: string;
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

async function startServer(env: Record<string, string>, shape: Shape, args = productionArgs): Promise<Server> {
  const port = await freePort();
  const child = spawn(node, args, {
    env: { ...process.env, ...env, ...shape.limits, PORT: String(port), LOG_LEVEL: 'warn', ROLE: 'api' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  // Up to two minutes: the machine may be busy, and the embedded database starts slowly.
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

/** CPU seconds (user + system) the process has used so far, from /proc (Linux; 0 elsewhere). */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return 0;
  }
}

interface Target {
  name: string;
  server: Server;
  keys: string[];
  orderId: string;
  orderBody: string;
}

/** A customer, an endpoint subscribed to order.created and one order, through the API with `key`. */
async function seed(url: string, key: string, keyCount: number): Promise<{ orderId: string; orderBody: string; keys: string[] }> {
  const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`seeding ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { id: string };
  };
  const customer = await post('/v1/customers', { name: 'Bench' });
  await post('/v1/webhook_endpoints', { url: 'https://hooks.bench.invalid/orders', enabled_events: ['order.created'] });
  const orderBody = JSON.stringify({
    customer_id: customer.id,
    pickup: { address1: '1200 W Lake St', city: 'Chicago', state: 'IL', zip: '60607' },
    delivery: { address1: '500 Ocean Dr', city: 'Miami Beach', state: 'FL', zip: '33139' },
    vehicles: [{ vin: '1HGCM82633A004352', year: 2003, make: 'Honda', model: 'Accord' }],
    ready_date: '2026-12-01',
  });
  const order = await post('/v1/orders', JSON.parse(orderBody));
  const keys = [key];
  while (keys.length < keyCount) {
    const created = (await post('/v1/api_keys', { name: `bench ${keys.length}`, scopes: ['orders:read', 'orders:write'] })) as { id: string; secret?: string };
    keys.push(created.secret!);
  }
  return { orderId: order.id, orderBody, keys };
}

interface Run {
  rps: number;
  /** The server's CPU time per request (ms): what a request costs whatever else runs on the machine. */
  cpuMs: number;
  p50: number;
  p99: number;
  /** Failures: 5xx, socket errors, timeouts. */
  errors: number;
  /** 4xx answers (429s of the rate limit). */
  refused: number;
}

async function load(target: Target, scenario: 'get' | 'post'): Promise<Run> {
  // Each request from the next key.
  let next = 0;
  const headers = () => ({ Authorization: `Bearer ${target.keys[next++ % target.keys.length]}`, 'Content-Type': 'application/json' });
  const request: autocannon.Request =
    scenario === 'get'
      ? { method: 'GET', path: `/v1/orders/${target.orderId}`, setupRequest: (req) => ({ ...req, headers: headers() }) }
      : { method: 'POST', path: '/v1/orders', body: target.orderBody, setupRequest: (req) => ({ ...req, headers: headers() }) };
  const opts: autocannon.Options = { url: target.server.url, requests: [request] };
  const pid = target.server.child.pid!;
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({ connections, duration: seconds, ...opts });
  return {
    rps: result.requests.average,
    cpuMs: ((cpuSeconds(pid) - cpuBefore) * 1000) / Math.max(1, result.requests.total),
    p50: result.latency.p50,
    p99: result.latency.p99,
    // A 429 is the limiter answering (the keys shape runs its keys near the 10-second window); a
    // 5xx, a socket error or a timeout is a failure.
    refused: result['4xx'],
    errors: result['5xx'] + result['1xx'] + result['3xx'] + result.errors + result.timeouts,
  };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

interface Measured {
  shape: Shape;
  /** Mean req/s per server name and scenario. */
  rps: Map<string, number>;
  p99: Map<string, number>;
  /** Errors answered, per server and scenario (none, or the run measured nothing). */
  errors: string[];
}

/** One shape: its three servers, seeded, loaded interleaved for `rounds` rounds; prints its tables. */
async function runShape(shape: Shape): Promise<Measured> {
  const name = `vt_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const servers: Server[] = [];
  try {
    const url = new URL(pgBase);
    url.pathname = `/${name}`;
    const env = { DATABASE_URL: url.toString(), SECRETS_KEY: `bench:${randomBytes(32).toString('base64')}` };
    const pgKey = execFileSync(node, ['dist/keys-cli.js', 'create', '--account', 'bench', '--scopes', 'all'], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();

    const pgServer = await startServer({ ...env, NODE_ENV: 'production' }, shape);
    const baseServer = await startServer(env, shape, [...nodeFlags, 'scripts/bench/baseline-server.mjs']);
    const liteServer = await startServer({ DATA_DIR: 'memory://', NODE_ENV: 'development' }, shape);
    servers.push(pgServer, baseServer, liteServer);
    // The development key is printed just after the server is ready.
    for (let i = 0; i < 300 && !/sk_live_[0-9A-Za-z]{43}/.test(liteServer.output()); i++) await new Promise((r) => setTimeout(r, 100));
    const liteKey = /sk_live_[0-9A-Za-z]{43}/.exec(liteServer.output())?.[0];
    if (!liteKey) throw new Error(`no bootstrap key printed:\n${liteServer.output()}`);

    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    const idle = new Map(servers.map((s) => [s, rssMb(s.child.pid!)]));

    const pgSeed = await seed(pgServer.url, pgKey, shape.keys);
    const liteSeed = await seed(liteServer.url, liteKey, shape.keys);
    const targets: Target[] = [
      { name: 'api, postgresql', server: pgServer, ...pgSeed },
      // The baseline reads the PostgreSQL API's database: same key, same order, same customer.
      { name: 'baseline (Koa + pg)', server: baseServer, ...pgSeed },
      { name: 'api, embedded', server: liteServer, ...liteSeed },
    ];

    const runs = new Map<string, Run[]>();
    for (let round = 0; round < rounds; round++) {
      for (const scenario of ['get', 'post'] as const) {
        const order = round % 2 === 0 ? targets : [...targets].reverse();
        for (const target of order) {
          const run = await load(target, scenario);
          const k = `${target.name}|${scenario}`;
          runs.set(k, [...(runs.get(k) ?? []), run]);
          console.error(`${shape.name}: round ${round + 1}/${rounds} ${scenario.toUpperCase()} ${target.name}: ${Math.round(run.rps)} req/s`);
        }
      }
    }

    const rps = (target: Target, scenario: string) => mean(runs.get(`${target.name}|${scenario}`)!.map((r) => r.rps));
    const measured: Measured = { shape, rps: new Map(), p99: new Map(), errors: [] };
    const rows: Record<string, unknown>[] = [];
    for (const scenario of ['get', 'post'] as const) {
      const base = rps(targets[1]!, scenario);
      const onPg = rps(targets[0]!, scenario);
      for (const target of targets) {
        const list = runs.get(`${target.name}|${scenario}`)!;
        const own = rps(target, scenario);
        const p99 = mean(list.map((r) => r.p99));
        measured.rps.set(`${target.name}|${scenario}`, own);
        measured.p99.set(`${target.name}|${scenario}`, p99);
        const errors = list.reduce((a, r) => a + r.errors, 0);
        if (errors) measured.errors.push(`${errors} failures (5xx, socket errors, timeouts) from ${target.name} on ${LABELS[scenario]}`);
        rows.push({
          scenario: LABELS[scenario],
          server: target.name,
          'req/s': Math.round(own),
          'req/s per round': list.map((r) => Math.round(r.rps)).join(' '),
          'CPU ms/req': Math.round(mean(list.map((r) => r.cpuMs)) * 100) / 100,
          'p50 ms': Math.round(mean(list.map((r) => r.p50)) * 10) / 10,
          'p99 ms': Math.round(p99 * 10) / 10,
          '4xx': list.reduce((a, r) => a + r.refused, 0),
          errors: list.reduce((a, r) => a + r.errors, 0),
          'vs baseline': target === targets[1] ? '' : (own / base).toFixed(2),
          'vs postgresql': target === targets[2] ? (own / onPg).toFixed(2) : '',
        });
      }
    }
    console.log(`\nshape "${shape.name}": ${shape.label}`);
    console.table(rows);
    console.log('memory (target: the PostgreSQL API idle at most 120 MB)');
    console.table(targets.map((t) => ({ server: t.name, 'RSS idle (MB)': idle.get(t.server), 'RSS after load (MB)': rssMb(t.server.child.pid!) })));
    return measured;
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end().catch(() => undefined);
  }
}

const LABELS = { get: 'GET /v1/orders/{id}', post: 'POST /v1/orders (order, event, delivery)' };
const results: Measured[] = [];
for (const shape of shapes) results.push(await runShape(shape));

// The shapes side by side: each ratio to the baseline of its own run, and the product's p99 over the baseline's.
const api = 'api, postgresql';
const base = 'baseline (Koa + pg)';
console.log('\nthe load shapes side by side (PostgreSQL; targets: GET 0.8, POST 0.8 of the baseline, p99 at most 2x, shapes within 10%; the embedded database: GET 0.7, POST 0.5 of PostgreSQL)');
console.table(
  (['get', 'post'] as const).map((scenario) => {
    const row: Record<string, string> = { scenario: LABELS[scenario] };
    const ratios = results.map((r) => r.rps.get(`${api}|${scenario}`)! / r.rps.get(`${base}|${scenario}`)!);
    results.forEach((r, i) => {
      row[`${r.shape.name}: vs baseline`] = ratios[i]!.toFixed(2);
      row[`${r.shape.name}: p99 vs baseline`] = (r.p99.get(`${api}|${scenario}`)! / r.p99.get(`${base}|${scenario}`)!).toFixed(2);
    });
    if (ratios.length > 1) row['shapes apart'] = `${Math.round((Math.abs(ratios[0]! - ratios[1]!) / Math.max(...ratios)) * 100)}%`;
    return row;
  }),
);
console.log(`${rounds} round(s) of ${seconds} s per server, scenario and shape, ${connections} connections, interleaved; machine load average ${(await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(' ')}`);
// A server that failed requests measured something else: the figures say nothing.
const failed = results.flatMap((r) => r.errors.map((e) => `${r.shape.name}: ${e}`));
if (failed.length) {
  console.log(`\nNOT A MEASURE: requests failed (${failed.join('; ')})`);
  process.exitCode = 1;
}
