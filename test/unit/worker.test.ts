// The delivery worker (API-DESIGN, "Webhooks"): what a batch of outcomes says of each endpoint (its
// health and circuit breaker), and the worker on the embedded database (PGlite, in memory, loaded from
// the migrated dump: test/support/embedded-database.ts) POSTing to a loopback receiver: the lease of a
// claim (60 s), deliveries in flight at once (64 per worker, 4 per endpoint), each outcome recorded
// (retry schedule, attempts), the breaker opening after 5 unreachable attempts in a row, and events
// kept 30 days.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SpanStatusCode, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import type { Database } from '../../src/db/orm.js';
import { DEFAULT_SIGN_IN_POLICY, type RequestContext } from '../../src/shared/context.js';
import { emitEvent } from '../../src/webhooks/emitter.js';
import { verifySignature } from '../../src/webhooks/signer.js';
import { openEmbeddedDatabase } from '../support/embedded-database.js';
import { createTransport, type DeliveryOutcome } from '../../src/webhooks/transport.js';
import { DeliveryWorker, FAST_ANSWER_MS, grantWindows, isDeadlock, quick, summarise, windowFor, windowHolders, type Claimed, type Outcome } from '../../src/webhooks/worker.js';

const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);
const DAY = 24 * 3_600_000;

const answer = (status: number): DeliveryOutcome => ({ status, durationMs: 5, responseBody: '', error: null, errorDetail: null });
const failure = (error: DeliveryOutcome['error']): DeliveryOutcome => ({ status: null, durationMs: 5, responseBody: '', error, errorDetail: 'detail' });
const outcome = (endpointId: string, ms: number, result: DeliveryOutcome, probe = false): Outcome => ({
  claimed: { id: `wdl_${ms}`, endpointId, probe } as Claimed,
  startedAt: new Date(T0 + ms - 5),
  finishedAt: new Date(T0 + ms),
  outcome: result,
  done: () => undefined,
  failed: () => undefined,
});
const at = (ms: number) => new Date(T0 + ms);

describe('summarise: what a batch says of each endpoint', () => {
  it('nothing for an empty batch', () => {
    expect(summarise([])).toEqual([]);
  });

  it('a success: healthy, answered, its time the last success', () => {
    expect(summarise([outcome('we_1', 10, answer(200))])).toEqual([
      { id: 'we_1', succeeded: true, failures_after: 0, first_failure_after: null, last_success_at: at(10), answered: true, unreachable_after: 0, probed: false, at: at(10) },
    ]);
  });

  it('counts the failures after the last success, in the order they finished', () => {
    const [s] = summarise([outcome('we_1', 10, answer(204)), outcome('we_1', 20, answer(500)), outcome('we_1', 30, failure('timeout'))]);
    expect(s).toEqual({ id: 'we_1', succeeded: true, failures_after: 2, first_failure_after: at(20), last_success_at: at(10), answered: true, unreachable_after: 1, probed: false, at: at(30) });
  });

  it('a success clears the failures before it', () => {
    const [s] = summarise([outcome('we_1', 10, failure('timeout')), outcome('we_1', 20, answer(500)), outcome('we_1', 30, answer(200))]);
    expect(s).toEqual({ id: 'we_1', succeeded: true, failures_after: 0, first_failure_after: null, last_success_at: at(30), answered: true, unreachable_after: 0, probed: false, at: at(30) });
  });

  it('timeouts and connection errors count as unreachable; an HTTP answer of any status starts the count again', () => {
    const unreachable = ['timeout', 'connection_refused', 'connection_reset', 'network_error', 'dns_failure', 'tls_error'] as const;
    const [s] = summarise(unreachable.map((e, i) => outcome('we_1', 10 * (i + 1), failure(e))));
    expect(s).toEqual({ id: 'we_1', succeeded: false, failures_after: 6, first_failure_after: at(10), last_success_at: null, answered: false, unreachable_after: 6, probed: false, at: at(60) });
    const [after] = summarise([outcome('we_1', 10, failure('timeout')), outcome('we_1', 20, answer(503)), outcome('we_1', 30, failure('dns_failure'))]);
    expect(after).toMatchObject({ succeeded: false, failures_after: 3, answered: true, unreachable_after: 1 });
  });

  it('a refused target or an invalid URL is a failure, not an unreachable endpoint', () => {
    const [s] = summarise([outcome('we_1', 10, failure('refused_target')), outcome('we_1', 20, failure('invalid_url'))]);
    expect(s).toMatchObject({ failures_after: 2, first_failure_after: at(10), answered: false, unreachable_after: 0 });
  });

  it('2xx answers succeed; 1xx, 3xx and others fail', () => {
    const ok = (status: number) => summarise([outcome('we_1', 10, answer(status))])[0]!.succeeded;
    expect([199, 200, 299, 300, 404].map(ok)).toEqual([false, true, true, false, false]);
  });

  it('an attempt not made (breaker open) says nothing of the endpoint, but a probe is noted', () => {
    expect(summarise([outcome('we_1', 10, failure('endpoint_unavailable'))])).toEqual([
      { id: 'we_1', succeeded: false, failures_after: 0, first_failure_after: null, last_success_at: null, answered: false, unreachable_after: 0, probed: false, at: at(10) },
    ]);
    const [s] = summarise([outcome('we_1', 10, failure('timeout'), true), outcome('we_1', 20, failure('endpoint_unavailable'))]);
    expect(s).toMatchObject({ failures_after: 1, unreachable_after: 1, probed: true, at: at(10) });
  });

  it('one summary per endpoint, ordered by id (batches lock endpoints in one order)', () => {
    const summaries = summarise([outcome('we_b', 10, answer(200)), outcome('we_c', 20, answer(500)), outcome('we_a', 30, failure('timeout')), outcome('we_b', 40, answer(500))]);
    expect(summaries.map((s) => [s.id, s.failures_after])).toEqual([
      ['we_a', 1],
      ['we_b', 1],
      ['we_c', 1],
    ]);
    const reversed = summarise(['we_e', 'we_d', 'we_c', 'we_b', 'we_a'].map((id, i) => outcome(id, 10 * (i + 1), answer(200))));
    expect(reversed.map((s) => s.id)).toEqual(['we_a', 'we_b', 'we_c', 'we_d', 'we_e']);
  });
});

describe('the window claimed ahead of an endpoint', () => {
  it("is sixteen times the endpoint limit, the worker's slots at most, and none with a lease shorter than three timeouts", () => {
    expect(windowFor(4, 60_000, 10_000, undefined, 64)).toBe(64);
    expect(windowFor(1, 60_000, 10_000, undefined, 64)).toBe(16);
    expect(windowFor(8, 60_000, 10_000, undefined, 64)).toBe(64); // the worker's 64 slots
    expect(windowFor(4, 60_000, 10_000, undefined, 8)).toBe(8);
    expect(windowFor(4, 30_000, 10_000, undefined, 64)).toBe(64);
    expect(windowFor(4, 29_999, 10_000, undefined, 64)).toBe(0);
    expect(windowFor(4, 11_000, 10_000, 8, 64)).toBe(0); // the shortest lease allowed: no window
    expect(windowFor(4, 60_000, 10_000, 6, 64)).toBe(6); // as asked, within the bound
    expect(windowFor(4, 60_000, 10_000, 0, 64)).toBe(0);
    expect(windowFor(4, 60_000, 10_000, 100, 64)).toBe(64);
    expect(windowFor(4, 15_000, 5_000, 100, 50)).toBe(50);
  });

  it('goes to the endpoints already holding one, and to new ones while fewer than the most allowed hold one', () => {
    const gates = new Map([
      ['we_a', { waiting: [1] }],
      ['we_sending', { waiting: [] }],
      ['we_b', { waiting: [1, 2] }],
    ]);
    expect([...windowHolders(gates)]).toEqual(['we_a', 'we_b']);
    expect([...windowHolders(new Map())]).toEqual([]);
    expect(grantWindows(['we_new', 'we_a'], new Set(['we_a']), 1)).toEqual(['we_a']);
    expect(grantWindows(['we_new', 'we_a', 'we_other'], new Set(['we_a']), 2)).toEqual(['we_new', 'we_a']);
    expect(grantWindows(['we_x', 'we_y', 'we_z'], new Set(), 2)).toEqual(['we_x', 'we_y']);
    expect(grantWindows(['we_x'], new Set(['we_a', 'we_b']), 1)).toEqual([]);
    expect(grantWindows(['we_x'], new Set(), 0)).toEqual([]);
  });

  it('goes to the endpoints of a batch whose every delivery in it succeeded within 10 ms', () => {
    const timed = (status: number | null, durationMs: number): DeliveryOutcome =>
      status === null ? { ...failure('timeout'), durationMs } : { ...answer(status), durationMs };
    expect(FAST_ANSWER_MS).toBe(10);
    expect(quick([])).toEqual([]);
    expect(
      quick([
        outcome('we_fast', 1, timed(200, 3)),
        outcome('we_fast', 2, timed(204, 9)),
        outcome('we_slow', 3, timed(200, 2)),
        outcome('we_slow', 4, timed(200, 10)),
        outcome('we_failed', 5, timed(500, 1)),
        outcome('we_failed', 6, timed(200, 1)),
        outcome('we_timeout', 7, timed(null, 1)),
        outcome('we_redirect', 8, timed(302, 1)),
        outcome('we_second', 9, timed(200, 0)),
      ]),
    ).toEqual(['we_fast', 'we_second']);
  });
});

describe('isDeadlock: a batch to record again, a claim to make again', () => {
  it("PostgreSQL's deadlock or serialization failure code, or an error saying deadlock", () => {
    expect(isDeadlock({ code: '40P01', message: 'x' })).toBe(true);
    expect(isDeadlock({ code: '40001', message: 'tuple to be locked was already moved to another partition due to concurrent update' })).toBe(true);
    expect(isDeadlock({ code: '40002', message: 'x' })).toBe(false);
    expect(isDeadlock(new Error('Deadlock detected'))).toBe(true);
    expect(isDeadlock({ code: '23505', message: 'duplicate key' })).toBe(false);
    expect(isDeadlock(new Error('connection terminated'))).toBe(false);
    expect(isDeadlock(null)).toBe(false);
    expect(isDeadlock(undefined)).toBe(false);
  });
});

describe('the worker on the embedded database', () => {
  let db: Database;
  let receiver: Server;
  let base: string;
  let refusedUrl: string;
  const received: { path: string; headers: Record<string, string | string[] | undefined>; body: string }[] = [];
  let now = T0;
  const clock = { now: () => new Date(now) };
  const transport = createTransport({ allowPrivateTargets: true, timeoutMs: 5_000 });
  let n = 0;

  beforeAll(async () => {
    db = await openEmbeddedDatabase();
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ path: req.url ?? '', headers: req.headers, body });
        res.statusCode = req.url === '/fail' ? 500 : 200;
        res.end('ok');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    refusedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/hook`;
    await new Promise((r) => closed.close(r));
  }, 60_000);
  afterAll(async () => {
    await transport.close();
    receiver?.close();
    await db?.close();
  });
  afterEach(async () => {
    // Each test's deliveries are its own: none left for the next one to claim.
    await db.em().execute('delete from webhook_delivery_attempts');
    await db.em().execute('delete from webhook_deliveries');
    received.length = 0;
    now = T0;
  });

  /** A fresh account with one endpoint receiving every event at `url`; answers the endpoint's id and an emitter of `count` events. */
  async function endpoint(url: string) {
    const id = `acct_${++n}`;
    const endpointId = `we_${n}`;
    const em = db.em();
    await em.execute('insert into accounts (id, name, created_at) values (?, ?, ?)', [id, id, new Date(T0)]);
    await em.execute(
      `insert into webhook_endpoints (id, account_id, url, enabled_events, api_version, status, secret, created_at, updated_at)
       values (?, ?, ?, '["*"]'::jsonb, '2026-07-01', 'enabled', 'whsec_unit', ?, ?)`,
      [endpointId, id, url, new Date(T0), new Date(T0)],
    );
    const ctx = {
      em,
      clock,
      log: pino({ level: 'silent' }),
      settings: { production: false, signIn: DEFAULT_SIGN_IN_POLICY },
      requestId: 'req_1',
      ip: null,
      principal: { accountId: id, actorId: 'key_1', kind: 'api_key', scopes: new Set(), apiVersion: '2026-07-01' },
    } as unknown as RequestContext;
    const emit = async (count: number) => {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) ids.push((await emitEvent(ctx, 'order.created', { object: 'order', id: `ord_${i}` } as never)).id);
      return ids;
    };
    return { endpointId, emit };
  }
  const worker = (options: Partial<ConstructorParameters<typeof DeliveryWorker>[0]> = {}) =>
    new DeliveryWorker({ db, clock, log: pino({ level: 'silent' }), transport, workerId: 'worker-unit', ...options });
  type Row = Record<string, unknown>;
  const rows = (sql: string, params: unknown[] = []) => db.em().execute<Row[]>(sql, params);
  /** How many of an endpoint's deliveries are recorded as delivered. */
  const succeededOf = async (endpointId: string) =>
    ((await rows("select count(*)::int as n from webhook_deliveries where endpoint_id = ? and status = 'succeeded'", [endpointId])) as { n: number }[])[0]!.n;
  const time = (v: unknown) => (v === null ? null : new Date(v as string).getTime());

  it('leases a claim for 60 s to this worker, and claims nothing for no free slot', async () => {
    const { endpointId, emit } = await endpoint(`${base}/ok`);
    await emit(2);
    const w = worker();
    expect(await w.claim(0)).toEqual([]);
    expect(await w.claim(-1)).toEqual([]);
    const claimed = await w.claim(10);
    expect(claimed).toHaveLength(2);
    expect(claimed[0]).toMatchObject({ endpointId, url: `${base}/ok`, secret: 'whsec_unit', previousSecret: null, previousSecretExpiresAt: null, breakerOpen: false, probe: false });
    expect(claimed[0]!.eventId).toMatch(/^evt_/);
    expect(JSON.parse(claimed[0]!.payload)).toMatchObject({ id: claimed[0]!.eventId, object: 'event' });
    for (const r of await rows('select lease_owner, lease_expires_at from webhook_deliveries')) {
      expect(r.lease_owner).toBe('worker-unit');
      expect(time(r.lease_expires_at)).toBe(T0 + 60_000);
    }
    // Leased: another worker finds nothing until the lease ends.
    expect(await worker({ workerId: 'other' }).claim(10)).toEqual([]);
    now = T0 + 60_001;
    expect(await worker({ workerId: 'other' }).claim(10)).toHaveLength(2);
  });

  it('answers the previous secret and its expiry of an endpoint during a rotation', async () => {
    const { endpointId, emit } = await endpoint(`${base}/ok`);
    await db.em().execute("update webhook_endpoints set previous_secret = 'whsec_old', previous_secret_expires_at = ? where id = ?", [new Date(T0 + DAY), endpointId]);
    await emit(1);
    const [claimed] = await worker().claim(10);
    expect(claimed).toMatchObject({ previousSecret: 'whsec_old', previousSecretExpiresAt: new Date(T0 + DAY) });
  });

  it('has 64 deliveries in flight at once by default, and 4 of one endpoint', async () => {
    const { emit } = await endpoint(`${base}/ok`);
    await emit(65);
    expect(await worker({ endpointConcurrency: 100 }).runOnce()).toBe(64);
    expect(received).toHaveLength(64);
    await rows("update webhook_deliveries set status = 'succeeded' where status = 'pending'");
    await emit(6);
    expect(await worker().runOnce()).toBe(4);
    expect(await worker({ concurrency: 2, endpointConcurrency: 100 }).runOnce()).toBe(2);
  });

  it('signs and POSTs a delivery, and records its success', async () => {
    const { endpointId, emit } = await endpoint(`${base}/ok`);
    const [eventId] = await emit(1);
    expect(await worker().runOnce()).toBe(1);
    const [request] = received;
    expect(request!.path).toBe('/ok');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['service-event-id']).toBe(eventId);
    expect(JSON.parse(request!.body)).toMatchObject({ id: eventId, type: 'order.created' });
    expect(verifySignature(request!.body, String(request!.headers['service-signature']), 'whsec_unit', { now: T0 / 1000 })).toBeNull();
    const [d] = await rows('select * from webhook_deliveries where event_id = ?', [eventId]);
    expect(d).toMatchObject({ status: 'succeeded', attempt_count: 1, cycle_failures: 0, next_attempt_at: null, lease_owner: null, lease_expires_at: null });
    const [attempt] = await rows('select * from webhook_delivery_attempts where delivery_id = ?', [d!.id]);
    expect(attempt).toMatchObject({ number: 1, response_status: 200, response_body: 'ok', error: null });
    const [e] = await rows('select * from webhook_endpoints where id = ?', [endpointId]);
    expect(e).toMatchObject({ consecutive_failures: 0, failing_since: null, breaker_state: 'closed', breaker_failures: 0 });
    expect(time(e!.last_success_at)).toBe(T0);
  });

  it("moves a healthy endpoint's last success forward at most once a second", async () => {
    const { endpointId, emit } = await endpoint(`${base}/ok`);
    const lastSuccess = async () => time((await rows('select last_success_at from webhook_endpoints where id = ?', [endpointId]))[0]!.last_success_at);
    await emit(1);
    await worker().runOnce();
    expect(await lastSuccess()).toBe(T0);
    now = T0 + 1_000;
    await emit(1);
    await worker().runOnce();
    expect(await lastSuccess()).toBe(T0);
    now = T0 + 1_001;
    await emit(1);
    await worker().runOnce();
    expect(await lastSuccess()).toBe(T0 + 1_001);
    // A failure in between: the next success is written at once, the run of failures ended.
    await rows("update webhook_endpoints set url = ? where id = ?", [`${base}/fail`, endpointId]);
    now = T0 + 1_500;
    await emit(1);
    await worker().runOnce();
    await rows("update webhook_endpoints set url = ? where id = ?", [`${base}/ok`, endpointId]);
    await rows("update webhook_deliveries set next_attempt_at = ?, status = 'succeeded' where status = 'pending'", [new Date(T0)]);
    now = T0 + 1_600;
    await emit(1);
    await worker().runOnce();
    expect(await lastSuccess()).toBe(T0 + 1_600);
    const [e] = await rows('select consecutive_failures, failing_since from webhook_endpoints where id = ?', [endpointId]);
    expect(e).toEqual({ consecutive_failures: 0, failing_since: null });
  });

  /** Runs `w` until the receiver got `count` requests (5 s at most), then stops it. */
  async function runUntilReceived(w: DeliveryWorker, count: number) {
    await w.start();
    try {
      for (let i = 0; i < 200 && received.length < count; i++) await new Promise((r) => setTimeout(r, 25));
    } finally {
      await w.stop();
    }
  }

  it('running, claims the slots a recorded batch frees in the same statement, and drains a backlog past its endpoint limit', async () => {
    const { endpointId, emit } = await endpoint(`${base}/ok`);
    const ids = await emit(12);
    const w = worker({ endpointConcurrency: 2, pollMs: 60_000 });
    // Deliveries claimed by the loop's own claims (not by a record's): the first two only, at the start.
    let claimedByLoop = 0;
    const claim = w.claim.bind(w);
    w.claim = async (limit: number) => {
      const got = await claim(limit);
      claimedByLoop += got.length;
      return got;
    };
    // The poll is a minute away and nothing is emitted after the start: only the records' claims move the backlog on.
    await runUntilReceived(w, 12);
    expect(received.map((r) => r.headers['service-event-id']).sort()).toEqual([...ids].sort());
    const counts = await rows("select status, count(*)::int as n from webhook_deliveries where endpoint_id = ? group by status", [endpointId]);
    expect(counts).toEqual([{ status: 'succeeded', n: 12 }]);
    expect(claimedByLoop).toBe(2);
  });

  it('running with 2 in flight at most, each recorded batch claims the slots it frees', async () => {
    const { emit } = await endpoint(`${base}/ok`);
    const ids = await emit(12);
    const w = worker({ concurrency: 2, endpointConcurrency: 100, pollMs: 60_000 });
    // The poll is a minute away and nothing is emitted after the start: only the records' claims move the backlog on.
    await runUntilReceived(w, 12);
    expect(received.map((r) => r.headers['service-event-id']).sort()).toEqual([...ids].sort());
  });

  /** A worker whose statement recording outcomes fails with `errors`, in turn, before it runs. */
  /** A worker whose statements calling `fn` (the record by default) fail with `errors`, one each, in turn. */
  async function failingRecords(errors: unknown[], fn = 'record_and_claim_webhook_deliveries', options: Partial<ConstructorParameters<typeof DeliveryWorker>[0]> = {}) {
    const real = await (db.em().getConnection() as unknown as { getNativeClient(): Promise<{ query(sql: string, params?: unknown[]): Promise<unknown> }> }).getNativeClient();
    const calls = { records: 0, params: [] as unknown[][] };
    const client = {
      query: async (sql: string, params?: unknown[]) => {
        if (sql.includes(`${fn}(`)) {
          calls.records++;
          calls.params.push(params ?? []);
          const err = errors.shift();
          if (err !== undefined) throw err;
        }
        return real.query(sql, params);
      },
    };
    const connection = { getNativeClient: async () => client };
    // `execute` for the running worker's housekeeping (the check of failing endpoints), on the real connection.
    const fake = { ...db, em: () => ({ getConnection: () => connection, isInTransaction: () => false, execute: db.em().execute.bind(db.em()) }) } as unknown as Database;
    return { w: worker({ db: fake, ...options }), calls };
  }

  it('records the outcomes of deliveries sent together in one statement, though they finish moments apart', async () => {
    const { endpointId, emit } = await endpoint(`${base}/ok`);
    await emit(8);
    // Each of the four in flight answers a few turns of the event loop after the one before it.
    let posts = 0;
    const staggered = {
      post: async () => {
        const turns = (posts++ % 4) * 3;
        for (let i = 0; i < turns; i++) await new Promise((r) => setImmediate(r));
        return answer(200);
      },
      close: async () => undefined,
    };
    // However long this machine takes to run those turns.
    const { w, calls } = await failingRecords([], 'record_and_claim_webhook_deliveries', { transport: staggered, coalesceMs: 5_000 });
    expect(await w.runOnce()).toBe(4); // the endpoint's limit
    expect(await w.runOnce()).toBe(4);
    expect(posts).toBe(8);
    expect(await succeededOf(endpointId)).toBe(8);
    // Each four recorded together.
    expect(calls.records).toBe(2);
  });

  it('vacuums the queue every so many deliveries it records, and not before', async () => {
    const { emit } = await endpoint(`${base}/ok`);
    const vacuums = async () =>
      Number(((await rows(`select vacuum_count from pg_stat_user_tables where relname = 'webhook_deliveries_queue'`)) as { vacuum_count: number | string }[])[0]!.vacuum_count);
    const before = await vacuums();
    const w = worker({ vacuumEvery: 5 });
    const record = async (n: number) => {
      await emit(n);
      expect(await w.runOnce()).toBe(n);
      await w.stop(); // waits for a vacuum under way
    };
    await record(4);
    expect(await vacuums()).toBe(before); // 4 recorded: not yet
    await record(1);
    expect(await vacuums()).toBe(before + 1); // the fifth: a vacuum, and the count starts again
    await record(4);
    expect(await vacuums()).toBe(before + 1);
    await record(2);
    expect(await vacuums()).toBe(before + 2); // past the next five: another
  });

  it('logs a vacuum that failed, and records and vacuums on', async () => {
    const { endpointId, emit } = await endpoint(`${base}/ok`);
    const lines: string[] = [];
    const log = pino({ level: 'warn' }, new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }));
    let refused = 0;
    // The database refuses the first vacuum.
    const patched = new Set<object>();
    const refusing = {
      ...db,
      em: () => {
        const em = db.em();
        patched.add(em);
        const execute = em.execute.bind(em) as (...a: unknown[]) => unknown;
        Object.assign(em, {
          execute: (sql: string, ...rest: unknown[]) => (sql.startsWith('vacuum') && refused++ === 0 ? Promise.reject(new Error('vacuum refused')) : execute(sql, ...rest)),
        });
        return em;
      },
    } as unknown as Database;
    const w = worker({ db: refusing, log, vacuumEvery: 1 });
    await emit(1);
    expect(await w.runOnce()).toBe(1);
    await w.stop();
    expect(lines.map((l) => JSON.parse(l).msg)).toEqual(['webhook delivery queue not vacuumed']);
    await emit(1);
    expect(await w.runOnce()).toBe(1);
    await w.stop();
    expect(refused).toBe(2); // vacuumed again after the failure
    for (const em of patched) delete (em as { execute?: unknown }).execute; // the entity manager's own method again
    expect(await succeededOf(endpointId)).toBe(2);
  });

  it('records the outcomes in hand without waiting for a POST older than the wait, nor longer than it', async () => {
    const { endpointId, emit } = await endpoint(`${base}/ok`);
    await emit(3);
    // The first POST answers at once; the second after 50 ms; the third once the test lets it.
    let posts = 0;
    let release = () => undefined as void;
    const held = new Promise<void>((r) => (release = r));
    const transport = {
      post: async () => {
        const n = posts++;
        if (n === 1) await new Promise((r) => setTimeout(r, 50));
        if (n === 2) await held;
        return answer(200);
      },
      close: async () => undefined,
    };
    const w = worker({ transport, coalesceMs: 20 });
    const running = w.runOnce();
    const succeeded = () => succeededOf(endpointId);
    // The first is recorded within the wait (20 ms), not with the second (50 ms), nor the third (held).
    let first = 0;
    for (let i = 0; i < 100 && first === 0; i++) {
      await new Promise((r) => setTimeout(r, 2));
      first = await succeeded();
    }
    expect(first).toBe(1);
    for (let i = 0; i < 100 && (await succeeded()) < 2; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await succeeded()).toBe(2); // the second on its own, the third still held
    release();
    await running;
    expect(await succeeded()).toBe(3);
  });

  /**
   * A transport answering 200 after a turn of the event loop, as having taken `durationMs`, that
   * notes the most POSTs in flight at once and the most leases of the endpoint held at once (over
   * every owner: by `owners`, the most held while two owners held some).
   */
  function countingTransport(endpointId: string, durationMs: number) {
    const seen = { posts: 0, inFlight: 0, maxInFlight: 0, maxLeases: 0, maxLeasesShared: 0, started: [] as string[] };
    const transport = {
      post: async (request: { headers: Record<string, string> }) => {
        seen.posts++;
        seen.started.push(request.headers['Service-Event-Id']!);
        seen.maxInFlight = Math.max(seen.maxInFlight, ++seen.inFlight);
        const held = (await rows(
          'select lease_owner, count(*)::int as n from webhook_deliveries where endpoint_id = ? and lease_owner is not null group by lease_owner',
          [endpointId],
        )) as { n: number }[];
        const total = held.reduce((sum, r) => sum + r.n, 0);
        seen.maxLeases = Math.max(seen.maxLeases, total);
        if (held.length > 1) seen.maxLeasesShared = Math.max(seen.maxLeasesShared, total);
        seen.inFlight--;
        return { ...answer(200), durationMs };
      },
      close: async () => undefined,
    };
    return { seen, transport };
  }

  /** Runs `w` until `count` deliveries of the endpoint are recorded as delivered (5 s at most), then stops it. */
  async function runUntilDelivered(w: DeliveryWorker, endpointId: string, count: number) {
    await w.start();
    try {
      for (let i = 0; i < 200 && (await succeededOf(endpointId)) < count; i++) await new Promise((r) => setTimeout(r, 25));
    } finally {
      await w.stop();
    }
  }

  it('claims a quickly answering endpoint its window ahead, and sends its limit at a time, in claim order', async () => {
    const { endpointId, emit } = await endpoint(`${base}/ok`);
    const ids = await emit(30);
    const { seen, transport } = countingTransport(endpointId, 1);
    await runUntilDelivered(worker({ transport, endpointConcurrency: 2, endpointWindow: 4, pollMs: 60_000 }), endpointId, 30);
    expect(await succeededOf(endpointId)).toBe(30);
    expect(seen.posts).toBe(30);
    expect(seen.maxInFlight).toBe(2);
    // Its limit and the window (the first claim, by the loop, has none: nothing was recorded yet).
    expect(seen.maxLeases).toBe(6);
    // Sent in the order claimed: oldest due first (all due at once here: by id).
    expect(seen.started).toEqual([...ids].sort());
  });

  it('claims no window for an endpoint that answered slowly, nor with a window of 0', async () => {
    const slow = await endpoint(`${base}/ok`);
    await slow.emit(12);
    const s = countingTransport(slow.endpointId, FAST_ANSWER_MS);
    await runUntilDelivered(worker({ transport: s.transport, endpointConcurrency: 2, endpointWindow: 4, pollMs: 60_000 }), slow.endpointId, 12);
    expect(await succeededOf(slow.endpointId)).toBe(12);
    expect(s.seen.maxLeases).toBe(2);

    const none = await endpoint(`${base}/ok`);
    await none.emit(12);
    const n = countingTransport(none.endpointId, 1);
    await runUntilDelivered(worker({ transport: n.transport, endpointConcurrency: 2, endpointWindow: 0, pollMs: 60_000 }), none.endpointId, 12);
    expect(await succeededOf(none.endpointId)).toBe(12);
    expect(n.seen.maxLeases).toBe(2);
  });

  it("claims no window while another worker holds a lease of the endpoint: their leases together stay within its limit", async () => {
    const { endpointId, emit } = await endpoint(`${base}/ok`);
    await emit(13);
    expect(await worker({ workerId: 'other', endpointConcurrency: 2 }).claim(1)).toHaveLength(1); // held for a minute of the frozen clock
    const { seen, transport } = countingTransport(endpointId, 1);
    await runUntilDelivered(worker({ transport, endpointConcurrency: 2, endpointWindow: 4, pollMs: 60_000 }), endpointId, 12);
    expect(await succeededOf(endpointId)).toBe(12);
    expect(seen.maxInFlight).toBe(1);
    expect(seen.maxLeases).toBe(2);
    expect(seen.maxLeasesShared).toBe(2);
  });

  /** `n` deliveries of a new endpoint claimed by this test's worker, as a window would have them claimed. */
  async function claimedAhead(n: number) {
    const { endpointId, emit } = await endpoint(`${base}/ok`);
    await emit(n);
    const claimed = await worker({ endpointConcurrency: n }).claim(n);
    expect(claimed).toHaveLength(n);
    return { endpointId, claimed };
  }
  /** A transport whose POSTs each wait for the test to answer them. */
  function heldTransport() {
    const answers: ((o: DeliveryOutcome) => void)[] = [];
    const transport = { post: () => new Promise<DeliveryOutcome>((r) => answers.push(r)), close: async () => undefined };
    const posted = async (n: number) => {
      for (let i = 0; i < 200 && answers.length < n; i++) await new Promise((r) => setTimeout(r, 5));
      expect(answers).toHaveLength(n);
    };
    return { transport, answers, posted };
  }
  const leasesOf = async (endpointId: string) =>
    (await rows('select lease_owner, attempt_count from webhook_deliveries where endpoint_id = ? and status = ? order by id', [endpointId, 'pending'])) as {
      lease_owner: string | null;
      attempt_count: number;
    }[];

  for (const [what, answered] of [
    ['failed', { ...answer(500), durationMs: 1 }],
    ['answered slowly', { ...answer(200), durationMs: FAST_ANSWER_MS }],
  ] as const) {
    it(`gives the rest of a window back, unsent, when its endpoint ${what}`, async () => {
      const { endpointId, claimed } = await claimedAhead(4);
      const { transport, answers, posted } = heldTransport();
      const w = worker({ transport, endpointConcurrency: 1, endpointWindow: 3 });
      const results = Promise.all(claimed.map((c) => w.deliver(c)));
      await posted(1); // its limit: the other three wait their turn
      answers[0]!(answered);
      expect((await results).map((r) => r?.status ?? null)).toEqual([answered.status, null, null, null]);
      expect(answers).toHaveLength(1);
      // The three went back unattempted, for any worker to claim.
      expect((await leasesOf(endpointId)).filter((l) => l.lease_owner === null && l.attempt_count === 0)).toHaveLength(3);
      expect(await worker({ workerId: 'other', endpointConcurrency: 4 }).claim(4)).toHaveLength(3);
    });
  }

  it('sends the next of a window when its endpoint answered quickly, in claim order', async () => {
    const { claimed } = await claimedAhead(3);
    const { transport, answers, posted } = heldTransport();
    const w = worker({ transport, endpointConcurrency: 1, endpointWindow: 2 });
    const results = Promise.all(claimed.map((c) => w.deliver(c)));
    for (let i = 0; i < 3; i++) {
      await posted(i + 1);
      answers[i]!({ ...answer(200), durationMs: 1 });
    }
    expect((await results).map((r) => r?.status)).toEqual([200, 200, 200]);
  });

  it('gives back, unsent, a delivery of a window whose lease would end before a timed-out answer', async () => {
    const { endpointId, claimed } = await claimedAhead(2);
    const { transport, answers, posted } = heldTransport();
    const w = worker({ transport, endpointConcurrency: 1, endpointWindow: 1, timeoutMs: 10_000 });
    claimed[0]!.leaseExpiresAt = new Date(now + 10_000); // just enough
    claimed[1]!.leaseExpiresAt = new Date(now + 9_999);
    const results = Promise.all(claimed.map((c) => w.deliver(c)));
    await posted(1);
    answers[0]!({ ...answer(200), durationMs: 1 });
    expect((await results).map((r) => r?.status ?? null)).toEqual([200, null]);
    expect(answers).toHaveLength(1);
    expect(await leasesOf(endpointId)).toEqual([{ lease_owner: null, attempt_count: 0 }]);
  });

  it('keeps its endpoint to its limit while some of its POSTs end and others go on', async () => {
    const { claimed } = await claimedAhead(4);
    const { transport, answers, posted } = heldTransport();
    const w = worker({ transport, endpointConcurrency: 2, endpointWindow: 2 });
    const first = Promise.all(claimed.slice(0, 2).map((c) => w.deliver(c)));
    await posted(2);
    answers[0]!({ ...answer(200), durationMs: 1 });
    // One of two slots is free, the other still sending: of the next two, one is sent and one waits.
    const next = Promise.all(claimed.slice(2).map((c) => w.deliver(c)));
    await posted(3);
    await new Promise((r) => setTimeout(r, 50));
    expect(answers).toHaveLength(3);
    answers[1]!({ ...answer(200), durationMs: 1 });
    await posted(4);
    answers[2]!({ ...answer(200), durationMs: 1 });
    answers[3]!({ ...answer(200), durationMs: 1 });
    expect([...(await first), ...(await next)].map((r) => r?.status)).toEqual([200, 200, 200, 200]);
  });

  it('stopped, gives back at once what would wait for a slot, and sends what has one', async () => {
    const { endpointId, claimed } = await claimedAhead(3);
    let posts = 0;
    const transport = { post: async () => (posts++, { ...answer(200), durationMs: 1 }), close: async () => undefined };
    const w = worker({ transport, endpointConcurrency: 1, endpointWindow: 2 });
    await w.stop();
    expect((await Promise.all(claimed.map((c) => w.deliver(c)))).map((r) => r?.status ?? null)).toEqual([200, null, null]);
    expect(posts).toBe(1);
    expect(await leasesOf(endpointId)).toEqual([
      { lease_owner: null, attempt_count: 0 },
      { lease_owner: null, attempt_count: 0 },
    ]);
  });

  it('logs leases it could not give back, which then run out', async () => {
    const { endpointId, claimed } = await claimedAhead(1);
    const lines: { msg: string; deliveries?: number }[] = [];
    const log = pino({ level: 'warn' }, new Writable({ write: (chunk: Buffer, _e, cb) => (lines.push(JSON.parse(chunk.toString())), cb()) }));
    const { w } = await failingRecords([new Error('connection lost')], 'lease_expires_at = null where id = any', { log });
    claimed[0]!.leaseExpiresAt = new Date(now + 1_000);
    expect(await w.deliver(claimed[0]!)).toBeNull();
    expect(lines).toMatchObject([{ msg: 'webhook delivery leases not given back; they expire', deliveries: 1 }]);
    expect(await leasesOf(endpointId)).toEqual([{ lease_owner: 'worker-unit', attempt_count: 0 }]);
  });

  it("frees its endpoint's slot when a delivery cannot be signed, so that the next is sent", async () => {
    const { claimed } = await claimedAhead(3);
    // Sealed under a key this process does not have: signing throws.
    claimed[0]!.secret = 'enc:v1:absent:aaaa:bbbbbbbbbbbbbbbbbbbbbbbb';
    claimed[1]!.secret = 'enc:v1:absent:aaaa:bbbbbbbbbbbbbbbbbbbbbbbb';
    let posts = 0;
    const transport = { post: async () => (posts++, { ...answer(200), durationMs: 1 }), close: async () => undefined };
    const w = worker({ transport, endpointConcurrency: 1, endpointWindow: 2 });
    const settled = await Promise.race([
      Promise.allSettled(claimed.map((c) => w.deliver(c))),
      new Promise<'stuck'>((r) => setTimeout(() => r('stuck'), 3_000)),
    ]);
    expect(settled).not.toBe('stuck');
    expect((settled as PromiseSettledResult<unknown>[]).map((r) => r.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    expect(posts).toBe(1);
  });

  it('stopping, sends none of a window still waiting and gives its leases back', async () => {
    const { endpointId, claimed } = await claimedAhead(3);
    const { transport, answers, posted } = heldTransport();
    const w = worker({ transport, endpointConcurrency: 1, endpointWindow: 2 });
    const results = Promise.all(claimed.map((c) => w.deliver(c)));
    await posted(1);
    const stopped = w.stop();
    // The POST under way is answered and recorded; the two waiting are not sent.
    for (let i = 0; i < 200 && (await leasesOf(endpointId)).filter((l) => l.lease_owner === null).length < 2; i++) await new Promise((r) => setTimeout(r, 5));
    answers[0]!({ ...answer(200), durationMs: 1 });
    await stopped;
    expect((await results).map((r) => r?.status ?? null)).toEqual([200, null, null]);
    expect(answers).toHaveLength(1);
    expect(await leasesOf(endpointId)).toEqual([
      { lease_owner: null, attempt_count: 0 },
      { lease_owner: null, attempt_count: 0 },
    ]);
  });

  it('lets its windows hold as many deliveries as it has slots: with 8 slots and windows of 8, one endpoint at a time', async () => {
    const a = await endpoint(`${base}/ok`);
    const b = await endpoint(`${base}/ok`);
    await a.emit(20);
    await b.emit(20);
    const transport = { post: async () => ({ ...answer(200), durationMs: 1 }), close: async () => undefined };
    const { w, calls } = await failingRecords([], 'record_and_claim_webhook_deliveries', { transport, concurrency: 8, endpointConcurrency: 1, endpointWindow: 8, pollMs: 60_000 });
    await w.start();
    try {
      for (let i = 0; i < 200 && (await succeededOf(a.endpointId)) + (await succeededOf(b.endpointId)) < 40; i++) await new Promise((r) => setTimeout(r, 25));
    } finally {
      await w.stop();
    }
    expect((await succeededOf(a.endpointId)) + (await succeededOf(b.endpointId))).toBe(40);
    // The endpoints each record statement lets have a window.
    const windows = calls.params.map((p) => p[11] as string[]);
    expect(windows.some((ids) => ids.length === 1)).toBe(true);
    expect(Math.max(...windows.map((ids) => ids.length))).toBe(1);
  });

  it('says when the window asked for is more than it may have, and claims the bound', async () => {
    const lines: { msg: string; requested?: number; window?: number }[] = [];
    const log = pino({ level: 'warn' }, new Writable({ write: (chunk: Buffer, _e, cb) => (lines.push(JSON.parse(chunk.toString())), cb()) }));
    worker({ log, leaseMs: 30_000, endpointWindow: 4 });
    worker({ log, concurrency: 8, endpointWindow: 4 });
    expect(lines).toEqual([]);
    const message = 'webhook endpoint window reduced: a window needs a lease of three delivery timeouts, and holds as many deliveries as the worker has slots at most';
    worker({ log, leaseMs: 29_999, endpointWindow: 4 });
    expect(lines).toMatchObject([{ msg: message, requested: 4, window: 0 }]);
    const { endpointId, emit } = await endpoint(`${base}/ok`);
    await emit(30);
    const { seen, transport } = countingTransport(endpointId, 1);
    await runUntilDelivered(worker({ log, transport, concurrency: 8, endpointConcurrency: 2, endpointWindow: 100, pollMs: 60_000 }), endpointId, 30);
    expect(lines).toMatchObject([{ requested: 4 }, { msg: message, requested: 100, window: 8 }]);
    // A window was claimed, within its limit (2) and as many as the 8 slots.
    expect(seen.maxLeases).toBeGreaterThan(2);
    expect(seen.maxLeases).toBeLessThanOrEqual(10);
  });

  it('records a batch again after a deadlock, four times at most', async () => {
    const { emit } = await endpoint(`${base}/ok`);
    await emit(2);
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    const retried = await failingRecords([deadlock, deadlock, deadlock, deadlock]);
    const [first] = await retried.w.claim(1);
    expect((await retried.w.deliver(first!))!.status).toBe(200);
    expect(retried.calls.records).toBe(5);
    expect(await rows('select number from webhook_delivery_attempts where delivery_id = ?', [first!.id])).toEqual([{ number: 1 }]);

    const given = await failingRecords([deadlock, deadlock, deadlock, deadlock, deadlock]);
    const [second] = await given.w.claim(1);
    await expect(given.w.deliver(second!)).rejects.toBe(deadlock);
    expect(given.calls.records).toBe(5);
    expect(await rows('select * from webhook_delivery_attempts where delivery_id = ?', [second!.id])).toEqual([]);
  });

  it('claims nothing, without failing, when another worker moved a delivery the claim waited for; other errors fail it', async () => {
    const { emit } = await endpoint(`${base}/ok`);
    await emit(1);
    const moved = Object.assign(new Error('tuple to be locked was already moved to another partition due to concurrent update'), { code: '40001' });
    const racing = await failingRecords([moved], 'claim_webhook_deliveries');
    expect(await racing.w.claim(5)).toEqual([]);
    expect(racing.calls.records).toBe(1);
    expect(await racing.w.claim(5)).toHaveLength(1);
    const broken = new Error('connection terminated');
    await expect((await failingRecords([broken], 'claim_webhook_deliveries')).w.claim(5)).rejects.toBe(broken);
  });

  it("fails every outcome of a batch whose statement fails, and records no other error again", async () => {
    const { emit } = await endpoint(`${base}/ok`);
    await emit(2);
    const broken = new Error('connection terminated');
    const failing = await failingRecords([broken]);
    const claimed = await failing.w.claim(2);
    expect(claimed).toHaveLength(2);
    const settled = await Promise.allSettled(claimed.map((c) => failing.w.deliver(c)));
    expect(settled).toEqual([
      { status: 'rejected', reason: broken },
      { status: 'rejected', reason: broken },
    ]);
    expect(failing.calls.records).toBe(1);
    expect(await rows('select * from webhook_delivery_attempts where delivery_id in (?, ?)', [claimed[0]!.id, claimed[1]!.id])).toEqual([]);
  });

  it('records a failed attempt: the next one 30 s later, the endpoint failing since then', async () => {
    const { endpointId, emit } = await endpoint(`${base}/fail`);
    const [eventId] = await emit(1);
    await worker().runOnce();
    const [d] = await rows('select * from webhook_deliveries where event_id = ?', [eventId]);
    expect(d).toMatchObject({ status: 'pending', attempt_count: 1, cycle_failures: 1, lease_owner: null });
    expect(time(d!.next_attempt_at)).toBe(T0 + 30_000);
    const [attempt] = await rows('select * from webhook_delivery_attempts where delivery_id = ?', [d!.id]);
    expect(attempt).toMatchObject({ number: 1, response_status: 500 });
    const [e] = await rows('select * from webhook_endpoints where id = ?', [endpointId]);
    expect(e).toMatchObject({ consecutive_failures: 1, breaker_failures: 0, breaker_state: 'closed' });
    expect(time(e!.failing_since)).toBe(T0);
  });

  it("sends each attempt of a traced event as a span of the request's trace, and no trace for an event without one", async () => {
    const exporter = new InMemorySpanExporter();
    const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
    trace.setGlobalTracerProvider(provider);
    try {
      const parent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
      const claimed = (url: string, t: Claimed['trace']): Claimed => ({
        id: 'wdl_t',
        eventId: 'evt_t',
        endpointId: 'we_none',
        payload: '{}',
        url,
        secret: 'whsec_unit',
        previousSecret: null,
        previousSecretExpiresAt: null,
        breakerOpen: false,
        probe: false,
        trace: t,
        leaseExpiresAt: new Date(T0 + 60_000),
      });
      const w = worker();
      await w.deliver(claimed(`${base}/ok`, { traceparent: parent, tracestate: 'v=1' }));
      await w.deliver(claimed(`${base}/fail`, { traceparent: parent, tracestate: null }));
      await w.deliver(claimed(`${base}/ok`, null));
      expect(received.map((r) => r.headers.traceparent === undefined)).toEqual([false, false, true]);
      expect(received.map((r) => r.headers.tracestate)).toEqual(['v=1', undefined, undefined]);
      const spans = exporter.getFinishedSpans();
      expect(spans).toHaveLength(2);
      for (const [i, span] of spans.entries()) {
        const sc = span.spanContext();
        expect(received[i]!.headers.traceparent).toBe(`00-${sc.traceId}-${sc.spanId}-01`);
        expect(sc.traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
        expect(span.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
        expect(span.attributes).toMatchObject({ 'service.delivery_id': 'wdl_t', 'service.event_id': 'evt_t', 'http.response.status_code': i === 0 ? 200 : 500 });
      }
      expect(spans.map((sp) => sp.status.code)).toEqual([SpanStatusCode.UNSET, SpanStatusCode.ERROR]);
    } finally {
      trace.disable();
      await provider.shutdown();
    }
  });

  it('opens the breaker after 5 unreachable attempts in a row, not 4; then records attempts not made without a network call', async () => {
    const four = await endpoint(refusedUrl);
    await four.emit(4);
    await worker({ endpointConcurrency: 10 }).runOnce();
    expect((await rows('select breaker_state, breaker_failures from webhook_endpoints where id = ?', [four.endpointId]))[0]).toEqual({ breaker_state: 'closed', breaker_failures: 4 });
    await rows('delete from webhook_delivery_attempts');
    await rows('delete from webhook_deliveries');
    const five = await endpoint(refusedUrl);
    await five.emit(5);
    await worker({ endpointConcurrency: 10 }).runOnce();
    const [e] = await rows('select breaker_state, breaker_failures, breaker_opened_at from webhook_endpoints where id = ?', [five.endpointId]);
    expect(e).toMatchObject({ breaker_state: 'open', breaker_failures: 5 });
    expect(time(e!.breaker_opened_at)).toBe(T0);

    const w = worker();
    const notSent = await w.deliver({ id: 'wdl_none', eventId: 'evt_none', endpointId: five.endpointId, payload: '{}', url: `${base}/ok`, secret: 'whsec_unit', previousSecret: null, previousSecretExpiresAt: null, breakerOpen: true, probe: false, trace: null, leaseExpiresAt: new Date(T0 + 60_000) });
    expect(notSent).toEqual({
      status: null,
      durationMs: 0,
      responseBody: '',
      error: 'endpoint_unavailable',
      errorDetail: 'not sent: the endpoint failed 5 times in a row (timeouts or connection errors); one probe delivery at a time tests it',
    });
    expect(received).toHaveLength(0);
    // The probe of an open breaker is sent.
    const probe = await w.deliver({ id: 'wdl_none', eventId: 'evt_none', endpointId: five.endpointId, payload: '{}', url: `${base}/ok`, secret: 'whsec_unit', previousSecret: null, previousSecretExpiresAt: null, breakerOpen: true, probe: true, trace: null, leaseExpiresAt: new Date(T0 + 60_000) });
    expect(probe!.status).toBe(200);
    expect(received).toHaveLength(1);
  });

  it('warns, recording nothing, when its lease was taken over', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'warn' }, new Writable({ write: (chunk, _, done) => (lines.push(String(chunk)), done()) }));
    const { emit } = await endpoint(`${base}/ok`);
    await emit(1);
    const w = worker({ log });
    const [claimed] = await w.claim(10);
    await rows("update webhook_deliveries set lease_owner = 'other'");
    await w.deliver(claimed!);
    expect(lines.join('')).toContain('webhook delivery lease lost; attempt not recorded');
    expect(lines.join('')).toContain(claimed!.id);
    expect(await rows('select * from webhook_delivery_attempts where delivery_id = ?', [claimed!.id])).toEqual([]);
  });

  it('warns only of the deliveries of a batch whose lease was taken over', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'warn' }, new Writable({ write: (chunk, _, done) => (lines.push(String(chunk)), done()) }));
    const { emit } = await endpoint(`${base}/ok`);
    await emit(2);
    const w = worker({ log });
    const [lost, kept] = await w.claim(10);
    await rows("update webhook_deliveries set lease_owner = 'other' where id = ?", [lost!.id]);
    await Promise.all([w.deliver(lost!), w.deliver(kept!)]);
    const warned = lines.filter((l) => l.includes('webhook delivery lease lost'));
    expect(warned).toHaveLength(1);
    expect(JSON.parse(warned[0]!)).toMatchObject({ delivery_id: lost!.id, worker: 'worker-unit' });
    expect(await rows('select number from webhook_delivery_attempts where delivery_id = ?', [kept!.id])).toEqual([{ number: 1 }]);
  });

  it("gives one claim of an open breaker's endpoint its probe, over all workers", async () => {
    const open = await endpoint(`${base}/ok`);
    await open.emit(3);
    await rows("update webhook_endpoints set breaker_state = 'open', breaker_failures = 5, breaker_opened_at = ? where id = ?", [new Date(T0), open.endpointId]);
    const claimed = await worker().claim(10);
    expect(claimed.length).toBeGreaterThan(0);
    expect(claimed.every((c) => c.breakerOpen)).toBe(true);
    expect(claimed.filter((c) => c.probe)).toHaveLength(1);
    expect(claimed[0]!.probe).toBe(true);
    const [e] = await rows('select probe_owner, probe_expires_at from webhook_endpoints where id = ?', [open.endpointId]);
    expect(e!.probe_owner).toBe('worker-unit');
    expect(time(e!.probe_expires_at)).toBe(T0 + 60_000);
  });

  it('disables the endpoints failing for 5 days, checking at most once a minute', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, new Writable({ write: (chunk, _, done) => (lines.push(String(chunk)), done()) }));
    const w = worker({ log });
    const beforeTick = () => (w as unknown as { beforeTick(): Promise<void> }).beforeTick();
    const failing = async () => {
      const { endpointId } = await endpoint(`${base}/fail`);
      await rows('update webhook_endpoints set consecutive_failures = 10, failing_since = ? where id = ?', [new Date(now - 5 * DAY), endpointId]);
      return endpointId;
    };
    const status = async (id: string) => (await rows('select status from webhook_endpoints where id = ?', [id]))[0]!.status;
    await beforeTick();
    const disabledLines = () => lines.filter((l) => l.includes('failing webhook endpoints disabled'));
    expect(disabledLines()).toHaveLength(0);
    const first = await failing();
    now = T0 + 60_000;
    await beforeTick();
    expect(await status(first)).toBe('enabled');
    now = T0 + 60_001;
    await beforeTick();
    expect(await status(first)).toBe('disabled');
    expect(disabledLines()).toHaveLength(1);
    expect(JSON.parse(disabledLines()[0]!)).toMatchObject({ disabled: 1 });
  });
});
