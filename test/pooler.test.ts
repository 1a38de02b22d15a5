// Behind a transaction-mode pooler (PgBouncer 1.18 from Debian, started by scripts/test/pgbouncer.sh;
// TEST_POOLER_URL), as a managed host's pooled DATABASE_URL: an API and a worker process run the
// whole scenario (orders through delivery, a webhook that fails and is retried, a replay, carriers
// vetted by the worker, invoices, payments and carrier payments) with no error in their logs; with
// DATABASE_DIRECT_URL a delivery's first attempt comes within milliseconds of the commit (LISTEN on
// PostgreSQL itself); without it, the processes say so once, migrate together under a
// transaction-scoped lock, and deliveries come by polling.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCAL_REGISTRY_SAMPLES } from '../src/carriers/registry/index.js';
import { loadConfig } from '../src/config.js';
import { POLL_WITHOUT_WAKEUPS_MS } from '../src/jobs/loop.js';
import { backends, createTestDatabase } from './support/databases.js';
import { orderBody } from './support/harness.js';
import { freePort } from './support/ports.js';
import { startReceiver, type Receiver } from './support/receiver.js';
import { checkedFetch } from './support/contract-check.js';

const node = process.execPath;
/** The key that seals webhook signing secrets, shared by the processes of the file. */
const SECRETS_KEY = `pooler:${randomBytes(32).toString('base64')}`;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

interface Started {
  url: string;
  child: ChildProcess;
  /** Every line the process logged (JSON lines, pino). */
  lines: () => string[];
}

/** A server process (`role`), its logs kept; ready when /readyz answers. */
async function start(role: 'api' | 'worker', env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const child = spawn(node, ['--import', 'tsx', 'src/main.ts'], {
    env: { ...process.env, SECRETS_KEY, ...env, ROLE: role, PORT: String(port), LOG_LEVEL: 'info', NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    // A worker's probe is outside the API's document (see /readyz there): read unchecked.
    if (await (role === 'worker' ? fetch : checkedFetch)(`${url}/readyz`).then((r) => r.ok, () => false)) return { url, child, lines: () => output.split('\n').filter(Boolean) };
    if (child.exitCode !== null) throw new Error(`${role} exited ${child.exitCode}:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${role} not ready:\n${output}`);
}

/** Log lines at warn or above (pino levels 40+), and anything that is not JSON (a stack trace). */
const problems = (p: Started) => p.lines().filter((l) => !/^\{.*"level":(10|20|30)\b/.test(l));

/** Calls the API with `key`; fails on a 5xx. */
const client = (api: Started, key: string) => async (method: string, path: string, body?: unknown) => {
  const res = await checkedFetch(api.url + path, {
    method,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  expect(res.status, `${method} ${path}: ${text}`).toBeLessThan(500);
  return { status: res.status, body: JSON.parse(text) as any };
};

/** The time each delivery of `type` reached the receiver. */
const arrivals = (receiver: Receiver, type: string) => receiver.received.filter((r) => JSON.parse(r.body).type === type);

const available = backends({ pooler: true }).includes('pgbouncer');

describe.runIf(available)('behind PgBouncer in transaction mode, with DATABASE_DIRECT_URL', () => {
  it('runs the whole scenario with no error in the logs, and a first attempt comes within 100 ms of the commit', async () => {
    const database = await createTestDatabase('pgbouncer');
    await database.db.close();
    cleanups.push(() => database.drop());
    const env: Record<string, string> = { ...database.env, SECRETS_KEY };
    expect(env.DATABASE_URL).toBe(database.url);
    expect(env.DATABASE_DIRECT_URL).not.toBe(database.url);
    const key = execFileSync(node, ['--import', 'tsx', 'src/keys-cli.ts', 'create', '--account', 'pooled', '--scopes', 'all'], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    const [api, worker] = await Promise.all([start('api', env), start('worker', env)]);
    const call = client(api, key);
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    // The first delivery fails: it is retried 30 s later.
    receiver.queue.push({ status: 500 });
    const endpoint = (await call('POST', '/v1/webhook_endpoints', { url: receiver.url, enabled_events: ['*'] })).body;
    const customer = (await call('POST', '/v1/customers', { name: 'Pooled Motors', email: 'ap@pooled.example' })).body;

    // Orders: each order.created reaches the receiver within 100 ms of the answer (the commit).
    const created: { id: string; answered: number }[] = [];
    for (let i = 0; i < 10; i++) {
      const order = (await call('POST', '/v1/orders', orderBody(customer.id, { price: 145_000, carrier_pay: 120_000 }))).body;
      created.push({ id: order.id, answered: Date.now() });
      // Its own order.created (the customer's customer.created arrives beside them).
      for (let t = 0; t < 200 && !arrivals(receiver, 'order.created').some((r) => JSON.parse(r.body).data.id === order.id); t++) await new Promise((r) => setTimeout(r, 50));
    }
    const unsorted = created.map((o) => arrivals(receiver, 'order.created').find((r) => JSON.parse(r.body).data.id === o.id)!.at - o.answered);
    const delays = [...unsorted].sort((a, b) => a - b);
    expect(delays[Math.floor(delays.length / 2)], `first attempts after the commit: ${delays.join(', ')} ms`).toBeLessThan(100);
    expect(delays.at(-1), `first attempts after the commit, in order: ${unsorted.join(", ")} ms`).toBeLessThan(1_000);

    // Carriers: vetted by the worker against the local registry.
    const carrier = (await call('POST', '/v1/carriers', { dot_number: LOCAL_REGISTRY_SAMPLES.pass[0], contact_name: 'Dispatch', contact_email: 'dispatch@carrier.example', phone: '+16025550117' })).body;
    for (let i = 0; i < 200 && (await call('GET', `/v1/carriers/${carrier.id}`)).body.status !== 'active'; i++) await new Promise((r) => setTimeout(r, 100));
    expect((await call('GET', `/v1/carriers/${carrier.id}`)).body.status).toBe('active');

    // The lifecycle, then the money: an invoice sent and paid, the carrier paid.
    const [first, second] = created;
    for (const order of [first!, second!]) {
      expect((await call('POST', `/v1/orders/${order.id}/dispatch`, { carrier_id: carrier.id })).status).toBe(200);
      expect((await call('POST', `/v1/orders/${order.id}/pickup`, {})).status).toBe(200);
      expect((await call('POST', `/v1/orders/${order.id}/deliver`, { signed_by: 'R. Receiver' })).status).toBe(200);
    }
    const invoice = await call('POST', '/v1/invoices', { customer_id: customer.id, due_date: '2026-12-31', send: true, lines: [{ description: 'Chicago to Miami', quantity: 2, unit_amount: 145_000, order_id: first!.id }] });
    expect(invoice.body).toMatchObject({ object: "invoice", status: "SENT", amount_remaining: 290_000 });
    const payment = await call('POST', '/v1/payments', { customer_id: customer.id, invoice_id: invoice.body.id, amount: 290_000, payment_method: 'ach' });
    expect(payment.body).toMatchObject({ object: 'payment', amount: 290_000 });
    expect((await call('GET', `/v1/invoices/${invoice.body.id}`)).body.status).toBe('PAID');
    expect((await call('POST', '/v1/carrier_payments', { carrier_id: carrier.id, order_ids: [first!.id, second!.id], payment_method: 'ach' })).status).toBe(201);

    // A replay of the first order's event: delivered again, as a new delivery.
    const event = arrivals(receiver, 'order.created').find((r) => JSON.parse(r.body).data.id === first!.id)!;
    const replayed = await call('POST', `/v1/events/${JSON.parse(event.body).id}/replay`, {});
    expect(replayed.status, JSON.stringify(replayed.body)).toBeLessThan(300);

    // The failed first delivery is retried and succeeds; every delivery ends succeeded.
    const deliveries = async () => {
      const r = await call('GET', `/v1/webhook_endpoints/${endpoint.id}/deliveries?limit=100`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data as { status: string; attempt_count: number }[];
    };
    // Every half second (the retry comes 30 s after the failure), well inside the key's rate limit.
    for (let i = 0; i < 90 && (await deliveries()).some((d) => d.status !== 'succeeded'); i++) await new Promise((r) => setTimeout(r, 500));
    const all = await deliveries();
    expect(all.filter((d) => d.status !== 'succeeded')).toEqual([]);
    expect(all.some((d) => d.attempt_count === 2)).toBe(true);

    expect(problems(api)).toEqual([]);
    expect(problems(worker)).toEqual([]);
  }, 120_000);
});

describe.runIf(available)('behind PgBouncer in transaction mode, without a direct URL', () => {
  it('starts processes together on an empty database, says once that workers poll, and delivers by polling', async () => {
    const database = await createTestDatabase('pgbouncer');
    // An empty database: the processes started together migrate it, one after the other.
    await database.db.em().execute('drop schema public cascade');
    await database.db.em().execute('create schema public');
    await database.db.close();
    cleanups.push(() => database.drop());
    const env = { DATABASE_URL: database.url!, DATABASE_POOLER: 'transaction', SECRETS_KEY };
    const [api, worker, second] = await Promise.all([start('api', env), start('worker', env), start('worker', env)]);
    for (const p of [api, worker, second]) {
      const warnings = problems(p);
      expect(warnings, p.lines().join('\n')).toHaveLength(1);
      expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40, pollMs: POLL_WITHOUT_WAKEUPS_MS, msg: expect.stringContaining('DATABASE_DIRECT_URL is not set') });
    }
    const key = execFileSync(node, ['--import', 'tsx', 'src/keys-cli.ts', 'create', '--account', 'polled', '--scopes', 'all'], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    const call = client(api, key);
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    await call('POST', '/v1/webhook_endpoints', { url: receiver.url, enabled_events: ['order.created'] });
    const customer = (await call('POST', '/v1/customers', { name: 'Polled Motors' })).body;
    const delays: number[] = [];
    for (let i = 0; i < 5; i++) {
      await call('POST', '/v1/orders', orderBody(customer.id));
      const answered = Date.now();
      await receiver.waitFor(i + 1, 10_000);
      delays.push(receiver.received[i]!.at - answered);
    }
    // Found by a poll every 200 ms (one worker or the other), not by a wake-up.
    expect(Math.max(...delays), delays.join(', ')).toBeLessThan(POLL_WITHOUT_WAKEUPS_MS + 800);
    for (const p of [api, worker, second]) expect(problems(p)).toHaveLength(1);
  }, 120_000);
});

describe('the pooler settings', () => {
  const direct = 'postgresql://app@db.example:5432/vt';
  const pooled = 'postgresql://app@pooler.example:6432/vt';
  const database = (env: Record<string, string>) => {
    const c = loadConfig(env);
    return { url: c.databaseUrl, direct: c.databaseDirectUrl, pooled: c.databasePooled };
  };

  it('a direct URL other than DATABASE_URL makes DATABASE_URL a pooler; the same URL, or none, does not', () => {
    expect(database({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: direct })).toEqual({ url: pooled, direct, pooled: true });
    expect(database({ DATABASE_URL: direct, DATABASE_DIRECT_URL: direct })).toEqual({ url: direct, direct, pooled: false });
    expect(database({ DATABASE_URL: direct })).toEqual({ url: direct, direct: undefined, pooled: false });
  });

  it('DATABASE_POOLER says so either way, and refuses anything but transaction or none', () => {
    expect(database({ DATABASE_URL: pooled, DATABASE_POOLER: 'transaction' })).toEqual({ url: pooled, direct: undefined, pooled: true });
    expect(database({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: direct, DATABASE_POOLER: 'none' })).toMatchObject({ pooled: false });
    expect(() => loadConfig({ DATABASE_URL: pooled, DATABASE_POOLER: 'session' })).toThrow('DATABASE_POOLER must be transaction or none, got "session"');
  });

  it("Prisma's pgbouncer=true marks a pooler and is taken off the URL", () => {
    expect(database({ DATABASE_URL: `${pooled}?pgbouncer=true&sslmode=require` })).toEqual({ url: `${pooled}?sslmode=require`, direct: undefined, pooled: true });
    expect(database({ DATABASE_URL: `${pooled}?pgbouncer=false` })).toEqual({ url: pooled, direct: undefined, pooled: false });
  });

  it('the embedded database has no pooler; a connection string that is not a URL is passed on as it is', () => {
    expect(database({ DATABASE_DIRECT_URL: direct, DATABASE_POOLER: 'transaction' })).toEqual({ url: undefined, direct: undefined, pooled: false });
    expect(database({ DATABASE_URL: '/var/run/postgresql vt' })).toEqual({ url: '/var/run/postgresql vt', direct: undefined, pooled: false });
  });
});
