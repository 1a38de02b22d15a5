// npm run bench: throughput, latency and memory (RSS) of the API on the embedded database and on
// PostgreSQL, beside a bare Koa + pg server (scripts/baseline-server.mjs) as the baseline.
// Builds dist/ first and starts the server as production does (the Dockerfile's CMD: node with its
// V8 flags, dist/main.js), one child process per database, driven with autocannon. Idle RSS is read
// IDLE_SECONDS after the server is ready, before any load.
// BENCH_DATABASE_URL (default: TEST_DATABASE_URL, else the local server) names a PostgreSQL server
// where a scratch database is created and dropped; BENCH_SECONDS sets each run's length (default 8).
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
const IDLE_SECONDS = 5;
const pgBase = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const node = process.execPath;

/** The production command's arguments after `node`, from the Dockerfile's `CMD ["node", ...]`. */
const productionArgs = (() => {
  const line = readFileSync('Dockerfile', 'utf8').split('\n').filter((l) => l.startsWith('CMD ')).at(-1);
  return (JSON.parse(line!.slice(4)) as string[]).slice(1);
})();
const nodeFlags = productionArgs.slice(0, -1);
execFileSync(node, ['--import', 'tsx', 'scripts/build.ts'], { stdio: ['ignore', 'ignore', 'inherit'] });

interface Server {
  url: string;
  key: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function startServer(env: Record<string, string>, args = productionArgs): Promise<Server & { output: () => string }> {
  const port = await freePort();
  const child = spawn(node, args, {
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'warn', RATE_LIMIT_BURST: '100000000', RATE_LIMIT_PER_MINUTE: '100000000' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    key: '',
    child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function rssMb(pid: number): Promise<number> {
  try {
    const status = execFileSync('cat', [`/proc/${pid}/status`], { encoding: 'utf8' });
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

async function load(name: string, opts: autocannon.Options) {
  const result = await autocannon({ connections: 10, duration: seconds, ...opts });
  const errors = result.non2xx + result.errors + result.timeouts;
  return {
    scenario: name,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors,
  };
}

async function scenarios(server: Server) {
  const auth = { Authorization: `Bearer ${server.key}`, 'Content-Type': 'application/json' };
  const customer = (await (await fetch(`${server.url}/v1/customers`, { method: 'POST', headers: auth, body: '{"name":"Bench"}' })).json()) as { id: string };
  const orderBody = JSON.stringify({
    customer_id: customer.id,
    pickup: { address1: '1200 W Lake St', city: 'Chicago', state: 'IL', zip: '60607' },
    delivery: { address1: '500 Ocean Dr', city: 'Miami Beach', state: 'FL', zip: '33139' },
    vehicles: [{ vin: '1HGCM82633A004352', year: 2003, make: 'Honda', model: 'Accord' }],
    ready_date: '2026-12-01',
  });
  const order = (await (await fetch(`${server.url}/v1/orders`, { method: 'POST', headers: auth, body: orderBody })).json()) as { id: string };
  const rows = [];
  rows.push(await load('GET /v1/orders/{id}', { url: `${server.url}/v1/orders/${order.id}`, headers: auth }));
  rows.push(await load('POST /v1/orders (create + event)', { url: `${server.url}/v1/orders`, method: 'POST', headers: auth, body: orderBody }));
  rows.push(await load('GET /v1/orders?limit=20', { url: `${server.url}/v1/orders?limit=20`, headers: auth }));
  rows.push(await load('GET /healthz (no auth, no db)', { url: `${server.url}/healthz` }));
  return rows;
}

const results: Record<string, unknown>[] = [];
const idleRss = async (server: Server) => {
  await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
  return rssMb(server.child.pid!);
};

{
  const server = await startServer({ DATA_DIR: 'memory://', NODE_ENV: 'development' });
  server.key = /sk_[0-9A-Za-z]{43}/.exec(server.output())?.[0] ?? '';
  if (!server.key) throw new Error(`no bootstrap key printed:\n${server.output()}`);
  results.push({ database: 'pglite', scenario: 'server RSS idle (MB)', 'req/s': await idleRss(server) });
  for (const row of await scenarios(server)) results.push({ database: 'pglite', ...row });
  results.push({ database: 'pglite', scenario: 'server RSS after load (MB)', 'req/s': await rssMb(server.child.pid!) });
  await server.stop();
}

{
  const name = `vt_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgBase });
  let reachable = true;
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (err) {
    reachable = false;
    console.error(`PostgreSQL not reachable at ${pgBase} (${(err as Error).message}); skipping it.`);
  }
  if (reachable) {
    const url = new URL(pgBase);
    url.pathname = `/${name}`;
    const env = { DATABASE_URL: url.toString(), SECRETS_KEY: `bench:${randomBytes(32).toString('base64')}` };
    const keyOut = execFileSync(node, ['dist/keys-cli.js', 'create', '--account', 'bench', '--scopes', 'all'], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const server = await startServer({ ...env, NODE_ENV: 'production' });
    server.key = keyOut.trim();
    results.push({ database: 'postgresql', scenario: 'server RSS idle (MB)', 'req/s': await idleRss(server) });
    for (const row of await scenarios(server)) results.push({ database: 'postgresql', ...row });
    results.push({ database: 'postgresql', scenario: 'server RSS after load (MB)', 'req/s': await rssMb(server.child.pid!) });
    await server.stop();

    // The baseline: Koa + pg and nothing else, with the same V8 flags.
    const baseline = await startServer(env, [...nodeFlags, 'scripts/baseline-server.mjs']);
    results.push({ database: 'baseline (Koa + pg)', scenario: 'server RSS idle (MB)', 'req/s': await idleRss(baseline) });
    results.push({ database: 'baseline (Koa + pg)', ...(await load('GET /items/{id} (one query)', { url: `${baseline.url}/items/ord_1` })) });
    results.push({ database: 'baseline (Koa + pg)', scenario: 'server RSS after load (MB)', 'req/s': await rssMb(baseline.child.pid!) });
    await baseline.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
  }
  await admin.end().catch(() => undefined);
}

console.table(results);
