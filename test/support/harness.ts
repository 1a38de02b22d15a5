// An API server on a random port over a test database, with helpers to create keys and call it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { createApp } from '../../src/http/app.js';
import { createApiKey, parseScopes } from '../../src/auth/auth.service.js';
import type { Clock } from '../../src/shared/clock.js';
import type { RateLimitPolicy } from '../../src/http/rate-limit.js';
import { createTestDatabase, type Backend, type TestDatabase } from './databases.js';

export class TestClock implements Clock {
  constructor(private t: number = Date.now()) {}
  now = (): Date => new Date(this.t);
  advance(ms: number): void {
    this.t += ms;
  }
}

export interface Reply<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface Harness {
  url: string;
  database: TestDatabase;
  clock: Clock;
  /** A fresh key for an account (created when new), scopes `all` unless given. */
  key(account?: string, scopes?: string): Promise<string>;
  call<T = any>(method: string, path: string, options?: { key?: string | null; body?: unknown; raw?: string; headers?: Record<string, string> }): Promise<Reply<T>>;
  close(): Promise<void>;
}

export async function startHarness(
  backend: Backend,
  options: { clock?: Clock; rateLimit?: RateLimitPolicy; production?: boolean; redisUrl?: string; database?: TestDatabase } = {},
): Promise<Harness> {
  const database = options.database ?? (await createTestDatabase(backend));
  const clock = options.clock ?? { now: () => new Date() };
  const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const app = await createApp({ db: database.db, clock, log, rateLimit: options.rateLimit ?? { burst: 100_000, perMinute: 100_000 }, redisUrl: options.redisUrl, production: options.production ?? false });
  const server: Server = createServer(app.koa.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let defaultKey: string | undefined;
  const key = async (account = 'acme', scopes = 'all') =>
    (await createApiKey(database.db.em(), { accountName: account, scopes: parseScopes(scopes) }, clock)).secret;
  return {
    url,
    database,
    clock,
    key,
    async call(method, path, opts = {}) {
      if (opts.key === undefined && !defaultKey) defaultKey = await key();
      const bearer = opts.key === undefined ? defaultKey : opts.key;
      const headers: Record<string, string> = { ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}), ...opts.headers };
      let body: string | undefined = opts.raw;
      if (opts.body !== undefined) {
        body = JSON.stringify(opts.body);
        headers['Content-Type'] ??= 'application/json';
      }
      const res = await fetch(url + path, { method, headers, ...(body !== undefined ? { body } : {}) });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: res.status, headers: res.headers, body: parsed as never, text };
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
      if (!options.database) await database.drop();
    },
  };
}

/** A valid order-creation body for a customer. */
export const orderBody = (customerId: string, overrides: Record<string, unknown> = {}) => ({
  customer_id: customerId,
  pickup: { address1: '1200 W Lake St', city: 'Chicago', state: 'IL', zip: '60607' },
  delivery: { address1: '500 Ocean Dr', city: 'Miami Beach', state: 'FL', zip: '33139' },
  vehicles: [{ vin: '1HGCM82633A004352', year: 2003, make: 'Honda', model: 'Accord' }],
  ready_date: '2026-12-01',
  ...overrides,
});
