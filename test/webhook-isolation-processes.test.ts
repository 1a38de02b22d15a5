// Endpoint isolation over two worker processes on PostgreSQL: account N's endpoint hangs with 300
// due deliveries; account H's deliveries still arrive one by one as they are created, and no endpoint
// ever has more than WEBHOOK_ENDPOINT_CONCURRENCY requests in flight over both processes. (The
// create->receipt latency itself is printed by `npm run bench:webhooks`.)
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { backends, createTestDatabase } from './support/databases.js';
import { orderBody } from './support/harness.js';
import { freePort } from './support/ports.js';
import { onDelivery } from './support/receiver.js';
import { checkedFetch } from './support/contract-check.js';

const node = process.execPath;
const LIMIT = 4;

/** A receiver counting requests in flight per path: /n never answers, /s answers after 150 ms, others at once. */
async function countingReceiver() {
  const inFlight = new Map<string, number>();
  const max = new Map<string, number>();
  const received = new Map<string, string[]>();
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const path = req.url ?? '';
    const now = (inFlight.get(path) ?? 0) + 1;
    inFlight.set(path, now);
    max.set(path, Math.max(max.get(path) ?? 0, now));
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      inFlight.set(path, (inFlight.get(path) ?? 1) - 1);
    };
    res.on('close', finish);
    onDelivery(req, () => {
      received.set(path, [...(received.get(path) ?? []), String(req.headers['service-event-id'])]);
      if (path === '/n') return void hanging.add(res);
      const answer = () => {
        finish();
        res.writeHead(200).end();
      };
      if (path === '/s') setTimeout(answer, 150);
      else answer();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const count = (path: string) => received.get(path)?.length ?? 0;
  const close = async () => {
    for (const res of hanging) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  };
  return { base, max, count, received, close };
}

async function until(what: string, check: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function startProcess(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(node, ['--import', 'tsx', 'src/main.ts'], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      RATE_LIMIT_BURST: '100000',
      RATE_LIMIT_PER_MINUTE: '1000000',
      WEBHOOK_ENDPOINT_CONCURRENCY: String(LIMIT),
      WORKER_JOBS: 'deliveries',
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      // A worker's probe is outside the API's document (see /readyz there): read unchecked.
      if ((await fetch(`${url}/readyz`)).ok) return { child, url };
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('process did not become ready');
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));

describe.runIf(backends().includes('postgresql'))('endpoint isolation over two worker processes on postgresql', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it("keeps H's deliveries flowing past N's hanging backlog, each endpoint within its limit over both processes", async () => {
    const db = await createTestDatabase('postgresql');
    await db.db.close();
    cleanups.push(() => db.drop());
    const env = { DATABASE_URL: db.url as string };
    const key = (account: string) =>
      execFileSync(node, ['--import', 'tsx', 'src/keys-cli.ts', 'create', '--account', account, '--scopes', 'all'], {
        env: { ...process.env, ...env },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
    const keys = { n: key('noisy'), h: key('healthy'), s: key('steady') };
    const receiver = await countingReceiver();
    cleanups.push(receiver.close);

    const api = await startProcess({ ...env, ROLE: 'all' });
    const worker = await startProcess({ ...env, ROLE: 'worker' });
    for (const p of [api, worker]) {
      cleanups.push(async () => {
        p.child.kill('SIGKILL');
        await exited(p.child);
      });
    }
    const post = (k: string, path: string, body: unknown) =>
      checkedFetch(api.url + path, { method: 'POST', headers: { Authorization: `Bearer ${k}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then(
        (r) => r.json() as Promise<any>,
      );
    const customers: Record<string, string> = {};
    for (const [account, k] of Object.entries(keys)) {
      await post(k, '/v1/webhook_endpoints', { url: `${receiver.base}/${account}`, enabled_events: ['order.created'] });
      customers[account] = (await post(k, '/v1/customers', { name: account })).id;
    }
    const orders = async (account: 'n' | 'h' | 's', n: number, parallel: number) => {
      let made = 0;
      await Promise.all(
        Array.from({ length: parallel }, async () => {
          while (made < n) {
            made++;
            await post(keys[account], '/v1/orders', orderBody(customers[account]!));
          }
        }),
      );
    };

    // N's burst: 300 deliveries to an endpoint that never answers (10 s timeout each).
    await orders('n', 300, 10);
    await until('N at its limit', () => receiver.count('/n') >= LIMIT, 20_000);

    // H creates orders one at a time; each arrives before the next is created, while N's backlog waits.
    for (let i = 1; i <= 20; i++) {
      await orders('h', 1, 1);
      await until(`H's delivery ${i}`, () => receiver.count('/h') >= i, 10_000);
      expect(receiver.count('/n'), 'N is held to its limit while H flows').toBeLessThanOrEqual(2 * LIMIT);
    }
    expect(receiver.count('/h')).toBe(20);
    expect(new Set(receiver.received.get('/h')).size).toBe(20);

    // A steady endpoint with a backlog of 40 drains at its limit, shared by both processes.
    await orders('s', 40, 10);
    await until('S drained', () => receiver.count('/s') >= 40, 60_000);
    expect(new Set(receiver.received.get('/s')).size).toBe(40);

    expect(receiver.max.get('/n')).toBe(LIMIT);
    expect(receiver.max.get('/s')).toBeLessThanOrEqual(LIMIT);
    expect(receiver.max.get('/h')).toBeLessThanOrEqual(LIMIT);
  }, 240_000);
});
