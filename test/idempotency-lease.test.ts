// An idempotency key claimed by a request whose process dies is not stuck for 24 hours: the claim is a
// lease. A server process is killed (SIGKILL) while its request waits on a row lock the test holds;
// another server on the same database answers 409 `idempotency_key_in_use` while the lease runs and
// runs the request once it has expired.
import { spawn } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/databases.js';
import { orderBody, startHarness, TestClock, type Harness } from './support/harness.js';
import { freePort } from './support/ports.js';
import { IDEMPOTENCY_LEASE_MS } from '../src/http/idempotency.js';
import { checkedFetch } from './support/contract-check.js';

describe.skipIf(!process.env.TEST_DATABASE_URL)('an idempotency key whose process died', () => {
  let database: TestDatabase;
  let h: Harness;
  const clock = new TestClock();
  beforeAll(async () => {
    database = await createTestDatabase('postgresql');
    h = await startHarness('postgresql', { database, clock });
  }, 60_000);
  afterAll(async () => {
    await h.close();
    await database.drop();
  });

  it('is in use while its lease runs, then free for the same request, which then runs once', async () => {
    const key = await h.key('lease');
    const customer = (await h.op('createCustomer', { key, body: { name: 'Lease Co' } })).body;
    const order = (await h.op('createOrder', { key, body: orderBody(customer.id) as never })).body;

    // Hold the order's row so the cancellation waits inside its handler, its key claimed.
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    await locker.query('begin');
    await locker.query('select id from orders where id = $1 for update', [order.id]);

    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      env: { ...process.env, ROLE: 'api', PORT: String(port), DATABASE_URL: database.url!, LOG_LEVEL: 'silent' },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      for (let i = 0; ; i++) {
        if (await checkedFetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false)) break;
        if (i > 300) throw new Error('server not ready');
        await new Promise((r) => setTimeout(r, 100));
      }
      const cancel = { reason: 'customer_request' };
      const pending = checkedFetch(`http://127.0.0.1:${port}/v1/orders/${order.id}/cancel`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', 'Idempotency-Key': 'killed-1' },
        body: JSON.stringify(cancel),
      }).catch(() => 'connection lost');
      // Wait until the request holds its key, then kill its process.
      for (let i = 0; ; i++) {
        const rows = await locker.query(`select status from idempotency_keys where key = 'killed-1'`).catch(() => ({ rows: [] }));
        if (rows.rows[0]?.status === 'in_progress') break;
        if (i > 300) throw new Error('the request never claimed its key');
        await new Promise((r) => setTimeout(r, 50));
      }
      child.kill('SIGKILL');
      await exited;
      expect(await pending).toBe('connection lost');
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await locker.query('rollback');
      await locker.end();
    }

    const again = () => h.call('POST', `/v1/orders/${order.id}/cancel`, { key, body: { reason: 'customer_request' }, headers: { 'Idempotency-Key': 'killed-1' } });
    clock.advance(Date.now() - clock.now().getTime());
    const inUse = await again();
    expect(inUse.status).toBe(409);
    expect(inUse.body.error.code).toBe('idempotency_key_in_use');
    expect((await h.op('getOrder', { key, params: { order_id: order.id } })).body.status).toBe('pending');

    // The killed process claimed the key by the real clock; move the test's clock past its lease.
    clock.advance(Date.now() - clock.now().getTime() + IDEMPOTENCY_LEASE_MS + 1000);
    const taken = await again();
    expect(taken.status, taken.text).toBe(200);
    expect(taken.body.status).toBe('cancelled');
    const replayed = await again();
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
  }, 120_000);
});
