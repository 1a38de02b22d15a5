// A worker process killed mid-delivery loses nothing: its lease expires and another process delivers.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backends, createTestDatabase, type Backend } from './support/databases.js';
import { orderBody } from './support/harness.js';
import { startReceiver } from './support/receiver.js';
import { freePort } from './support/ports.js';
import { checkedFetch } from './support/contract-check.js';

const node = process.execPath;

async function startProcess(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(node, ['--import', 'tsx', 'src/main.ts'], {
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'warn', NODE_ENV: 'development', WEBHOOK_LEASE_SECONDS: '11' },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await checkedFetch(`${url}/readyz`)).ok) return { child, url };
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not become ready');
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));

describe.each(backends({ pooler: true }))('a worker killed mid-delivery on %s', (backend: Backend) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('is taken over after its lease and the delivery completes once', async () => {
    let env: Record<string, string>;
    if (backend === 'pglite') {
      const dir = mkdtempSync(join(tmpdir(), 'vt-crash-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      env = { DATA_DIR: dir };
    } else {
      // A database of its own, emptied of connections before the processes use it.
      const db = await createTestDatabase(backend);
      await db.db.close();
      cleanups.push(() => db.drop());
      env = { ...db.env };
    }
    const key = execFileSync(node, ['--import', 'tsx', 'src/keys-cli.ts', 'create', '--account', 'crash', '--scopes', 'all'], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    receiver.queue.push('hang');

    const first = await startProcess(env);
    const auth = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
    const post = (url: string, path: string, body: unknown) =>
      checkedFetch(url + path, { method: 'POST', headers: auth, body: JSON.stringify(body) }).then((r) => r.json() as Promise<any>);
    const endpoint = await post(first.url, '/v1/webhook_endpoints', { url: receiver.url, enabled_events: ['order.created'] });
    const customer = await post(first.url, '/v1/customers', { name: 'Crash Test' });
    await post(first.url, '/v1/orders', orderBody(customer.id));
    await receiver.waitFor(1, 10_000); // the first worker is now inside the POST, which never answers
    first.child.kill('SIGKILL');
    await exited(first.child);

    const second = await startProcess(env);
    cleanups.push(async () => {
      second.child.kill('SIGTERM');
      await exited(second.child);
    });
    const t0 = Date.now();
    await receiver.waitFor(2, 20_000);
    expect(Date.now() - t0).toBeLessThan(15_000);
    expect(receiver.received[1]!.headers['service-event-id']).toBe(receiver.received[0]!.headers['service-event-id']);
    await new Promise((r) => setTimeout(r, 500));
    const log = (await checkedFetch(`${second.url}/v1/webhook_endpoints/${endpoint.id}/deliveries`, { headers: auth }).then((r) => r.json())) as any;
    expect(log.data).toHaveLength(1);
    // The killed worker's attempt never got recorded; the survivor's did.
    expect(log.data[0]).toMatchObject({ status: 'succeeded', attempt_count: 1 });
    expect(receiver.received).toHaveLength(2);
  }, 90_000);

  it('loses none of a batch of outcomes when killed between sending and recording them', async () => {
    let env: Record<string, string>;
    if (backend === 'pglite') {
      const dir = mkdtempSync(join(tmpdir(), 'vt-crash-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      env = { DATA_DIR: dir };
    } else {
      const db = await createTestDatabase(backend);
      await db.db.close();
      cleanups.push(() => db.drop());
      env = { ...db.env };
    }
    env.WEBHOOK_ENDPOINT_CONCURRENCY = '8';
    const key = execFileSync(node, ['--import', 'tsx', 'src/keys-cli.ts', 'create', '--account', 'crash', '--scopes', 'all'], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    // The first worker sends all eight; none is answered before it dies, so none is recorded.
    receiver.queue.push(...Array<'hang'>(8).fill('hang'));

    const first = await startProcess(env);
    const auth = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
    const post = (url: string, path: string, body: unknown) =>
      checkedFetch(url + path, { method: 'POST', headers: auth, body: JSON.stringify(body) }).then((r) => r.json() as Promise<any>);
    const endpoint = await post(first.url, '/v1/webhook_endpoints', { url: receiver.url, enabled_events: ['order.created'] });
    const customer = await post(first.url, '/v1/customers', { name: 'Crash Test' });
    for (let i = 0; i < 8; i++) await post(first.url, '/v1/orders', orderBody(customer.id));
    await receiver.waitFor(8, 20_000);
    first.child.kill('SIGKILL');
    await exited(first.child);

    const second = await startProcess(env);
    cleanups.push(async () => {
      second.child.kill('SIGTERM');
      await exited(second.child);
    });
    await receiver.waitFor(16, 30_000);
    const log = async () =>
      ((await checkedFetch(`${second.url}/v1/webhook_endpoints/${endpoint.id}/deliveries?limit=100`, { headers: auth }).then((r) => r.json())) as any).data as any[];
    for (let i = 0; i < 100 && (await log()).some((d) => d.status !== 'succeeded'); i++) await new Promise((r) => setTimeout(r, 100));
    const deliveries = await log();
    expect(deliveries).toHaveLength(8);
    // Every delivery recorded once, by the survivor; each event sent twice (at least once), none lost.
    for (const d of deliveries) {
      expect(d).toMatchObject({ status: 'succeeded', attempt_count: 1 });
      expect(d.attempts).toHaveLength(1);
    }
    const sent = receiver.received.map((r) => r.headers['service-event-id']);
    expect(new Set(sent).size).toBe(8);
    expect(sent).toHaveLength(16);
  }, 120_000);
});
