// The database goes away: API operations answer 503 `service_unavailable` with `Retry-After` in the
// error envelope, quickly, never a 500 or a hang; service resumes when it is back. The server reaches
// PostgreSQL through a TCP proxy of the test's own, which the test stops (connections cut, new ones
// refused), turns into a black hole (connections accepted, nothing answered) and starts again.
import { connect, createServer, type Server, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/orm.js';
import { startHarness, type Harness } from './support/harness.js';
import type { TestDatabase } from './support/databases.js';

type Mode = 'up' | 'down' | 'blackhole';

/** A TCP proxy to PostgreSQL that the test can cut, black-hole and restore on the same port. */
class DatabaseProxy {
  private server: Server | null = null;
  private sockets = new Set<Socket>();
  mode: Mode = 'down';
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  async start(mode: Mode = 'up'): Promise<void> {
    this.mode = mode;
    this.server = createServer((client) => {
      this.track(client);
      if (this.mode === 'blackhole') return; // accepted, never answered
      const upstream = connect(this.target.port, this.target.host);
      this.track(upstream);
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  /** Cuts every connection and refuses new ones. */
  async stop(): Promise<void> {
    this.mode = 'down';
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async blackhole(): Promise<void> {
    await this.stop();
    await this.start('blackhole');
  }

  private track(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.sockets.delete(socket));
  }
}

const base = process.env.TEST_DATABASE_URL;

describe.skipIf(!base)('when PostgreSQL cannot be reached', () => {
  let proxy: DatabaseProxy;
  let h: Harness;
  let key: string;
  let name: string;
  let database: TestDatabase;

  beforeAll(async () => {
    const url = new URL(base!);
    name = `vt_test_outage_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    proxy = new DatabaseProxy({ host: url.hostname, port: Number(url.port || 5432) });
    await proxy.start();
    const viaProxy = new URL(base!);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    viaProxy.pathname = `/${name}`;
    const db = await openDatabase({ databaseUrl: viaProxy.toString() });
    database = { db, url: viaProxy.toString(), env: { DATABASE_URL: viaProxy.toString() }, drop: () => db.close() };
    h = await startHarness('postgresql', { database, rateLimit: { burst: 1000, perMinute: 1000 } });
    key = await h.key('outage');
  }, 60_000);

  afterAll(async () => {
    await h?.close();
    if (proxy.mode !== 'up') {
      await proxy.stop();
      await proxy.start();
    }
    await database?.drop().catch(() => undefined);
    await proxy.stop();
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  const expectOutage = (r: { status: number; headers: Headers; body: any }) => {
    expect(r.status).toBe(503);
    expect(r.headers.get('retry-after')).toBe('5');
    expect(r.headers.get('request-id')).toMatch(/^req_/);
    expect(r.headers.get('x-ratelimit-limit')).toBe('1000');
  };

  it('answers 200 while the database is there', async () => {
    expect((await h.call('GET', '/v1/orders', { key })).status).toBe(200);
  });

  it('answers 503 service_unavailable with Retry-After when the database is stopped, on reads, writes and OAuth', async () => {
    await proxy.stop();
    const list = await h.call('GET', '/v1/orders', { key });
    expectOutage(list);
    expect(list.body).toEqual({
      error: { type: 'api_error', code: 'service_unavailable', message: 'The service is temporarily unavailable; retry after 5 seconds.', request_id: list.headers.get('request-id') },
    });
    const create = await h.call('POST', '/v1/customers', { key, body: { name: 'Acme', email: 'a@acme.example' }, headers: { 'Idempotency-Key': 'outage-1' } });
    expectOutage(create);
    expect(create.body.error.code).toBe('service_unavailable');
    const token = await h.call('POST', '/oauth/token', { key: null, raw: 'grant_type=client_credentials&client_id=oac_x&client_secret=y', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expectOutage(token);
    expect(token.body).toMatchObject({ error: 'temporarily_unavailable' });
    expect((await h.call('GET', '/readyz', { key: null })).status).toBe(503);
  }, 60_000);

  it('answers 503 rather than hanging when the database accepts connections and never answers', async () => {
    await proxy.blackhole();
    const r = await h.call('GET', '/v1/customers', { key });
    expectOutage(r);
    expect(r.body.error.code).toBe('service_unavailable');
  }, 60_000);

  it('serves again once the database is back, and the failed write can be retried with its key', async () => {
    await proxy.stop();
    await proxy.start();
    expect((await h.call('GET', '/v1/orders', { key })).status).toBe(200);
    const create = await h.call('POST', '/v1/customers', { key, body: { name: 'Acme', email: 'a@acme.example' }, headers: { 'Idempotency-Key': 'outage-1' } });
    expect(create.status).toBe(201);
    expect((await h.call('GET', '/readyz', { key: null })).status).toBe(200);
  }, 60_000);
});
