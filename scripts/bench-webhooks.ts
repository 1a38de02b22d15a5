// npm run bench:webhooks: events emitted per second, deliveries per second to a local receiver, and the
// delay from commit to first delivery attempt (p50, p99), on the embedded database and on PostgreSQL.
// BENCH_DATABASE_URL (default TEST_DATABASE_URL, else the local server) names the PostgreSQL server;
// BENCH_EVENTS (default 1000) sets how many events each throughput run emits.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { pino } from 'pino';
import { openDatabase, type Database } from '../src/db/orm.js';
import { createApiKey, authenticate } from '../src/auth/auth.service.js';
import { createCustomer } from '../src/customers/customers.service.js';
import { createOrder } from '../src/orders/orders.service.js';
import { createEndpoint } from '../src/webhooks/webhooks.service.js';
import { DeliveryWorker } from '../src/webhooks/worker.js';
import { createTransport } from '../src/webhooks/transport.js';
import { systemClock } from '../src/shared/clock.js';
import { newSecretsKey, parseSecretsKey, useSecretsKeyring } from '../src/shared/secrets.js';
import { DEFAULT_SIGN_IN_POLICY, type RequestContext } from '../src/shared/context.js';
import { WebhookDelivery } from '../src/webhooks/webhooks.entities.js';

// Webhook signing secrets are sealed at rest: a key for this run.
useSecretsKeyring({ current: parseSecretsKey(newSecretsKey('bench'), 'bench key'), old: [] });

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1000);
const LATENCY_SAMPLES = 200;
const pgBase = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const log = pino({ level: 'silent' });
const clock = systemClock;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function run(name: string, db: Database) {
  // A receiver that answers 200 at once and notes when each event arrived.
  const arrivals = new Map<string, number>();
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrivals.set(String(req.headers['service-event-id']), performance.now());
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

  const { secret } = await createApiKey(db.em(), { accountName: 'bench', scopes: ['orders:write', 'customers:write', 'webhooks:manage'] }, clock);
  const who = await authenticate(db.em(), secret, clock);
  if (typeof who === 'string') throw new Error(`bench key refused: ${who}`);
  // Each call is a request of its own, with a fresh entity manager.
  const request = (): RequestContext => ({ em: db.em(), clock, log, settings: { production: false, signIn: DEFAULT_SIGN_IN_POLICY }, requestId: 'req_bench', ip: null, principal: who });
  await createEndpoint(request(), { url, enabled_events: ['order.created'] });
  const customer = await createCustomer(request(), { name: 'Bench' });
  const order = () =>
    createOrder(
      request(),
      {
        customer_id: customer.id,
        pickup: { address1: '1200 W Lake St', city: 'Chicago', state: 'IL', zip: '60607' },
        delivery: { address1: '500 Ocean Dr', city: 'Miami Beach', state: 'FL', zip: '33139' },
        vehicles: [{ vin: '1HGCM82633A004352', year: 2003, make: 'Honda', model: 'Accord', inoperable: false }],
        ready_date: '2026-12-01',
        delivery_window_days: 7,
        currency: 'usd',
      },
    );

  // 1. Emitting: each order commits its row, its event and one delivery in one transaction (10 in parallel).
  let t0 = performance.now();
  let made = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (made < EVENTS) {
        made++;
        await order();
      }
    }),
  );
  const emitSeconds = (performance.now() - t0) / 1000;

  // 2. Delivering the backlog with one worker (16 in flight).
  const transport = createTransport({ allowPrivateTargets: true });
  const worker = new DeliveryWorker({ db, clock, log, transport, pollMs: 50 });
  t0 = performance.now();
  await worker.start();
  while ((await db.em().count(WebhookDelivery, { status: 'pending' })) > 0) await new Promise((r) => setTimeout(r, 20));
  const deliverSeconds = (performance.now() - t0) / 1000;

  // 3. Commit -> first attempt, one event at a time while the worker idles on LISTEN.
  const delays: number[] = [];
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    const before = arrivals.size;
    await order();
    const committed = performance.now();
    while (arrivals.size === before) await new Promise((r) => setImmediate(r));
    const latest = [...arrivals.values()].at(-1)!;
    delays.push(latest - committed);
    await new Promise((r) => setTimeout(r, 5));
  }
  await worker.stop();
  await transport.close();
  receiver.close();
  delays.sort((a, b) => a - b);
  return {
    database: name,
    'events emitted/s': Math.round(EVENTS / emitSeconds),
    'deliveries/s': Math.round(EVENTS / deliverSeconds),
    'commit->attempt p50 ms': Number(percentile(delays, 50).toFixed(1)),
    'commit->attempt p99 ms': Number(percentile(delays, 99).toFixed(1)),
  };
}

const rows = [];
{
  const db = await openDatabase({ dataDir: 'memory://' });
  rows.push(await run('pglite', db));
  await db.close();
}
{
  const name = `vt_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgBase });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(pgBase);
    url.pathname = `/${name}`;
    const db = await openDatabase({ databaseUrl: url.toString() });
    rows.push(await run('postgresql', db));
    await db.close();
    await admin.query(`drop database if exists ${name} with (force)`);
  } catch (err) {
    console.error(`PostgreSQL run skipped: ${(err as Error).message}`);
  } finally {
    await admin.end().catch(() => undefined);
  }
}
console.table(rows);
