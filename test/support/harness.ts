// An API server on a random port over a test database, with helpers to create keys and call it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { createApp } from '../../src/http/app.js';
import { createApiKey, parseScopes } from '../../src/auth/auth.service.js';
import type { Clock } from '../../src/shared/clock.js';
import { backgroundContext, DEFAULT_SESSION_POLICY, DEFAULT_SIGN_IN_POLICY, type Context, type SessionPolicy, type Settings, type SignInPolicy } from '../../src/shared/context.js';
import type { HandlerInput, OperationId } from '../../src/shared/handlers.js';
import { openApiDocument } from '../../src/shared/spec.js';
import type { components, operations } from '../../generated/openapi.js';
import type { RateLimitPolicy } from '../../src/http/rate-limit.js';
import { checkAnswer, writeContractCheckCounts } from './contract-check.js';
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

type Responses<Id extends OperationId> = operations[Id]['responses'];
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
/** The body of the operation's success answer, as the spec types it. */
export type SuccessBody<Id extends OperationId> = JsonOf<Responses<Id>[(200 | 201) & keyof Responses<Id>]>;

/** An answer to a typed call: the success body, or the error of the envelope. */
export interface OpReply<Id extends OperationId> {
  status: number;
  headers: Headers;
  body: SuccessBody<Id>;
  /** The envelope's error when the status is 4xx/5xx. */
  error: components['schemas']['Error']['error'] | undefined;
}

export interface OpOptions<Id extends OperationId> {
  params?: HandlerInput<Id>['params'];
  /** Query parameters by name; deepObject ones as they are sent (`'created[gte]': 1764547200`). */
  query?: Partial<Record<keyof HandlerInput<Id>['query'], string | number>> & Record<string, string | number | undefined>;
  body?: HandlerInput<Id>['body'];
  key?: string | null;
  headers?: Record<string, string>;
}

/** Method and path template of every operation, from the spec. */
const ROUTES = new Map(
  Object.entries(openApiDocument().paths).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, op]) => (op.operationId ? [[op.operationId, { method: method.toUpperCase(), path }] as const] : [])),
  ),
);

export interface Harness {
  url: string;
  database: TestDatabase;
  clock: Clock;
  /** A fresh key for an account (created when new), scopes `all` unless given, live unless `livemode: false`, pinned to the current API version unless `apiVersion` names another. */
  key(account?: string, scopes?: string, options?: { livemode?: boolean; apiVersion?: string }): Promise<string>;
  call<T = any>(method: string, path: string, options?: { key?: string | null; body?: unknown; raw?: string; headers?: Record<string, string> }): Promise<Reply<T>>;
  /** Calls an operation by its operationId, with input and answer typed from the spec. */
  op<Id extends OperationId>(id: Id, options?: OpOptions<Id>): Promise<OpReply<Id>>;
  /** The context background work (jobs, scans) runs with, on this harness's database. */
  background(clock?: Clock): Context;
  close(): Promise<void>;
}

export async function startHarness(
  backend: Backend,
  options: { clock?: Clock; rateLimit?: RateLimitPolicy; publicPageLimit?: RateLimitPolicy; production?: boolean; redisUrl?: string; database?: TestDatabase; signIn?: SignInPolicy; sessions?: SessionPolicy; trustedProxies?: number; port?: number; metrics?: { port?: number; token?: string }; keepsMail?: boolean } = {},
): Promise<Harness> {
  const database = options.database ?? (await createTestDatabase(backend));
  const clock = options.clock ?? { now: () => new Date() };
  const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const settings: Settings = { production: options.production ?? false, signIn: options.signIn ?? DEFAULT_SIGN_IN_POLICY, sessions: options.sessions ?? DEFAULT_SESSION_POLICY, ...(options.keepsMail ? { keepsMail: true } : {}) };
  const app = await createApp({ db: database.db, clock, log, rateLimit: options.rateLimit ?? { burst: 100_000, perMinute: 100_000 }, publicPageLimit: options.publicPageLimit ?? { burst: 100_000, perMinute: 100_000 }, redisUrl: options.redisUrl, trustedProxies: options.trustedProxies ?? 0, metrics: { port: options.metrics?.port, token: options.metrics?.token }, ...settings });
  const server: Server = createServer(app.koa.callback());
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let defaultKey: string | undefined;
  const key = async (account = 'acme', scopes = 'all', options: { livemode?: boolean; apiVersion?: string } = {}) =>
    (await createApiKey(database.db.em(), { accountName: account, scopes: parseScopes(scopes), livemode: options.livemode ?? true, ...(options.apiVersion ? { apiVersion: options.apiVersion } : {}) }, clock)).secret;
  const harness: Harness = {
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
      // Every answer against its version's published document (test/support/contract-check.ts).
      checkAnswer(method, url + path, { status: res.status, headers: res.headers, text, body: parsed });
      return { status: res.status, headers: res.headers, body: parsed as never, text };
    },
    async op(id, opts = {}) {
      const route = ROUTES.get(id);
      if (!route) throw new Error(`no operation ${id} in the spec`);
      const params = (opts.params ?? {}) as Record<string, string>;
      let path = route.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? `{${name}}`));
      const query = Object.entries(opts.query ?? {}).filter(([, v]) => v !== undefined);
      if (query.length) path += `?${new URLSearchParams(query.map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
      const r = await harness.call(route.method, path, { ...(opts.key !== undefined ? { key: opts.key } : {}), ...(opts.body !== undefined ? { body: opts.body } : {}), ...(opts.headers ? { headers: opts.headers } : {}) });
      return { status: r.status, headers: r.headers, body: r.body, error: r.status >= 400 ? r.body?.error : undefined };
    },
    background: (c = clock) => backgroundContext({ em: database.db.em(), clock: c, log, settings }),
    async close() {
      // Requests still waiting (a listener's long poll) end with the server, as in a restart.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await app.close();
      if (!options.database) await database.drop();
      writeContractCheckCounts();
    },
  };
  return harness;
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
