// Events a receiver can order and trace: the sequence of each object's events under concurrent
// changes, a receiver that rebuilds an object from shuffled deliveries (retries and replays
// included), the causing request and its trace in every delivery, the event-type catalog.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { pino } from 'pino';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { migratedUpTo } from './support/migrating.js';
import { backends, type Backend } from './support/databases.js';
import { newId } from '../src/shared/ids.js';
import { orderBody, startHarness, TestClock, type Harness } from './support/harness.js';
import { startReceiver, type Receiver } from './support/receiver.js';
import { fixtures } from './support/fixtures.js';
import { DeliveryWorker } from '../src/webhooks/worker.js';
import { createTransport, type Transport } from '../src/webhooks/transport.js';
import { ATTEMPT_DELAYS_MS } from '../src/webhooks/schedule.js';
import { EVENT_TYPES } from '../generated/events.js';
import { emitEvent, objectIdOf } from '../src/webhooks/emitter.js';
import { inTransaction } from '../src/shared/context.js';
import { JobRunner } from '../src/jobs/runner.js';
import { vettingJob, VET_CARRIER_JOB } from '../src/carriers/carriers.service.js';
import { createLocalRegistryProvider } from '../src/carriers/registry/index.js';

type Json = Record<string, any>;
interface Envelope {
  id: string;
  type: string;
  sequence: number;
  previous_event_id: string | null;
  request: { id: string; idempotency_key: string | null } | null;
  request_id: string | null;
  data: Json;
}

const silent = pino({ level: 'silent' });
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';

describe.each(backends({ pooler: true }))('event order and trace on %s', (backend: Backend) => {
  let h: Harness;
  const clock = new TestClock(Date.UTC(2026, 10, 22, 12, 0, 0));
  const transports: Transport[] = [];
  const receivers: Receiver[] = [];
  let customerId: string;
  let objects = 0;

  const ok = <T = Json>(r: { status: number; body: any; text: string }, status = 200): T => {
    expect(r.status, r.text).toBe(status);
    return r.body as T;
  };
  const worker = () => {
    const transport = createTransport({ allowPrivateTargets: true, timeoutMs: 2_000 });
    transports.push(transport);
    return new DeliveryWorker({ db: h.database.db, clock, log: silent, transport });
  };
  const drain = async (w: DeliveryWorker) => {
    for (let i = 0; i < 1_000 && (await w.runOnce()) > 0; i++);
  };
  const receiver = async () => {
    const r = await startReceiver();
    receivers.push(r);
    return r;
  };
  const endpoint = async (url: string, enabled_events: string[] = EVENT_TYPES.filter((t) => t.startsWith('order.'))) =>
    ok<{ id: string }>(await h.call('POST', '/v1/webhook_endpoints', { body: { url, enabled_events } }), 201);
  const newOrder = async (headers: Record<string, string> = {}) => ok<Json>(await h.call('POST', '/v1/orders', { body: orderBody(customerId), headers }), 201);

  /** Every event about `objectId`, through the API's object filter (pages of `limit`). */
  const eventsOf = async (objectId: string, limit = 100): Promise<Envelope[]> => {
    const all: Envelope[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 100; page++) {
      const r: Json = ok(await h.call('GET', `/v1/events?object_id=${objectId}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`));
      all.push(...r.data);
      if (!r.has_more) return all;
      cursor = r.next_cursor;
    }
    throw new Error('more than 100 pages');
  };

  beforeAll(async () => {
    h = await startHarness(backend, { clock });
    customerId = ok(await h.call('POST', '/v1/customers', { body: { name: 'Ordered' } }), 201).id;
  });
  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((r) => r.close()));
    const list = await h.call('GET', '/v1/webhook_endpoints?limit=100');
    for (const e of list.body.data) await h.call('DELETE', `/v1/webhook_endpoints/${e.id}`);
  });
  afterAll(async () => {
    await Promise.all(transports.map((t) => t.close()));
    await h.close();
  });

  it('counts the events of one object, and the events and audit entries of the account, with include[]=total_count', async () => {
    const order = await newOrder();
    for (let i = 0; i < 3; i++) ok(await h.call('POST', `/v1/orders/${order.id}/exceptions`, { body: { kind: 'delay', note: `late ${i}` } }));
    const page = ok<Json>(await h.call('GET', `/v1/events?object_id=${order.id}&limit=2&include[]=total_count`));
    expect(page).toMatchObject({ has_more: true, total_count: 4 });
    expect(page.data).toHaveLength(2);
    expect(ok<Json>(await h.call('GET', `/v1/events?object_id=${order.id}`))).not.toHaveProperty('total_count');
    const all = ok<Json>(await h.call('GET', '/v1/events?limit=1&include[]=total_count'));
    expect(all.total_count).toBeGreaterThanOrEqual(4);
    expect(ok<Json>(await h.call('GET', '/v1/api_keys?include[]=total_count')).total_count).toBeGreaterThanOrEqual(1);
  });

  it('numbers the events of one object changed by many concurrent requests 1..n, each naming the one before', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('exception', 'exception', 'exception', 'cancel'), { minLength: 2, maxLength: 10 }),
        async (changes) => {
          const order = await newOrder();
          const answers = await Promise.all(
            changes.map((change) =>
              change === 'cancel'
                ? h.call('POST', `/v1/orders/${order.id}/cancel`, { body: { reason: 'customer_request' } })
                : h.call('POST', `/v1/orders/${order.id}/exceptions`, { body: { kind: 'delay', note: 'late truck' } }),
            ),
          );
          // Some changes lose to a cancellation (409); each one that took effect made one event.
          for (const a of answers) expect([200, 201, 409], a.text).toContain(a.status);
          const applied = answers.filter((a) => a.status < 300);
          const events = await eventsOf(order.id, 3);
          expect(events.map((e) => e.sequence)).toEqual(events.map((_, i) => i + 1));
          expect(events.length).toBe(1 + applied.length);
          events.forEach((e, i) => expect(e.previous_event_id).toBe(i === 0 ? null : events[i - 1]!.id));
          // Each applied request caused exactly one of them, and says so.
          const causes = events.slice(1).map((e) => e.request!.id).sort();
          expect(causes).toEqual(applied.map((a) => a.headers.get('request-id')!).sort());
          expect(events[0]!.type).toBe('order.created');
        },
      ),
      { numRuns: backend === 'pglite' ? 4 : 8 },
    );
  }, 120_000);

  it('numbers without gaps or repeats when transactions that lock nothing else record events of one object at once, some rolled back', async () => {
    const accountId = (await h.database.db.em().execute<{ account_id: string }[]>(`select account_id from customers where id = ?`, [customerId]))[0]!.account_id;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.boolean(), { minLength: 2, maxLength: 16 }), async (commits) => {
        const objectId = `ord_${String(++objects).padStart(26, '0')}`;
        const outcomes = await Promise.allSettled(
          commits.map((commit, i) =>
            inTransaction(h.background(clock), async (tx) => {
              await emitEvent(tx, 'order.exception', { id: objectId, object: 'order', n: i } as never, { accountId });
              // Hold the transaction open a moment so that the others queue behind it.
              await new Promise((r) => setTimeout(r, 2));
              if (!commit) throw new Error('rolled back');
            }),
          ),
        );
        expect(outcomes.map((o) => o.status === 'fulfilled')).toEqual(commits);
        const rows = await h.database.db.em().execute<{ id: string; sequence: string; previous_event_id: string | null }[]>(
          'select id, sequence, previous_event_id from events where account_id = ? and object_id = ? order by sequence',
          [accountId, objectId],
        );
        const committed = commits.filter(Boolean).length;
        expect(rows.map((r) => Number(r.sequence))).toEqual(Array.from({ length: committed }, (_, i) => i + 1));
        rows.forEach((r, i) => expect(r.previous_event_id).toBe(i === 0 ? null : rows[i - 1]!.id));
      }),
      { numRuns: backend === 'pglite' ? 3 : 10 },
    );
  }, 120_000);

  it('a receiver rebuilds the object from deliveries in any order, retries and replays included, by sequence alone', async () => {
    const r = await receiver();
    await endpoint(r.url);
    const carrier = await fixtures(h).activeCarrier();
    const order = await newOrder();
    // Every first attempt fails: the retries arrive later, and out of order with the other events.
    r.queue.push(...Array.from({ length: 3 }, () => ({ status: 500 })));
    ok(await h.call('POST', `/v1/orders/${order.id}/exceptions`, { body: { kind: 'damage', note: 'scratch' } }));
    ok(await h.call('POST', `/v1/orders/${order.id}/dispatch`, { body: { carrier_id: carrier } }));
    const w = worker();
    await drain(w);
    ok(await h.call('POST', `/v1/orders/${order.id}/pickup`, { body: {} }));
    ok(await h.call('POST', `/v1/orders/${order.id}/deliver`, { body: { signed_by: 'R. Receiver' } }));
    await drain(w);
    clock.advance(ATTEMPT_DELAYS_MS[1]!);
    await drain(w);
    // Two events replayed: the same events once more.
    const events = await eventsOf(order.id);
    for (const e of [events[1]!, events[3]!]) ok(await h.call('POST', `/v1/events/${e.id}/replay`, { body: {} }), 200);
    await drain(w);
    const final = ok<Json>(await h.call('GET', `/v1/orders/${order.id}`));
    expect(final.status).toBe('delivered');

    const bodies = r.received.map((x) => JSON.parse(x.body) as Envelope);
    expect(bodies.length).toBe(events.length + 3 + 2);
    expect(new Set(bodies.map((b) => b.id)).size).toBe(events.length);

    await fc.assert(
      fc.asyncProperty(fc.shuffledSubarray(bodies, { minLength: 1 }), fc.shuffledSubarray(bodies, { minLength: 0 }), async (first, more) => {
        // The README's receiver: the last sequence applied per object; older and duplicates ignored;
        // a gap filled from the API, in order.
        const last = new Map<string, { sequence: number; state: Json }>();
        const apply = async (e: Envelope) => {
          const id = e.data.id as string;
          const seen = last.get(id)?.sequence ?? 0;
          if (e.sequence <= seen) return; // older, or a duplicate
          if (e.sequence > seen + 1) {
            const cursor = last.get(id) ? `&cursor=${(await eventsOf(id))[seen - 1]!.id}` : '';
            const missed = ok<{ data: Envelope[] }>(await h.call('GET', `/v1/events?object_id=${id}${cursor}&limit=100`)).data;
            for (const m of missed.filter((m) => m.sequence < e.sequence)) last.set(id, { sequence: m.sequence, state: m.data });
          }
          last.set(id, { sequence: e.sequence, state: e.data });
        };
        for (const e of [...first, ...more]) await apply(e);
        const highest = Math.max(...[...first, ...more].map((e) => e.sequence));
        expect(last.get(order.id)!.sequence).toBe(highest);
        // Whatever arrived last, the state is the one of the newest event received.
        expect(last.get(order.id)!.state).toEqual(bodies.find((b) => b.sequence === highest)!.data);
        if (highest === events.length) expect(last.get(order.id)!.state).toEqual(final);
      }),
      { numRuns: 25 },
    );
  }, 60_000);

  it("names the causing request (its Request-Id and Idempotency-Key) and continues its trace in every attempt's traceparent", async () => {
    const r = await receiver();
    await endpoint(r.url);
    r.queue.push({ status: 503 });
    const created = await h.call('POST', '/v1/orders', {
      body: orderBody(customerId),
      headers: { 'Idempotency-Key': 'order-77', traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01`, tracestate: 'vendor=abc' },
    });
    expect(created.status).toBe(201);
    const w = worker();
    await drain(w);
    clock.advance(ATTEMPT_DELAYS_MS[1]!);
    await drain(w);
    expect(r.received).toHaveLength(2);
    for (const got of r.received) {
      const body = JSON.parse(got.body) as Envelope;
      expect(body.request).toEqual({ id: created.headers.get('request-id'), idempotency_key: 'order-77' });
      expect(body.request_id).toBe(created.headers.get('request-id'));
      expect(got.headers.traceparent).toMatch(new RegExp(`^00-${TRACE_ID}-[0-9a-f]{16}-01$`));
      expect(got.headers.tracestate).toBe('vendor=abc');
    }
    const spans = r.received.map((x) => (x.headers.traceparent as string).split('-')[2]);
    // A span per attempt, neither of them the caller's.
    expect(new Set([...spans, CALLER_SPAN]).size).toBe(3);

    // Replayed: the same request and trace, a new span.
    const [event] = ok<{ data: Envelope[] }>(await h.call('GET', `/v1/events?object_id=${created.body.id}`)).data;
    ok(await h.call('POST', `/v1/events/${event!.id}/replay`, { body: {} }));
    await drain(w);
    const replayed = r.received[2]!;
    expect(JSON.parse(replayed.body).request).toEqual({ id: created.headers.get('request-id'), idempotency_key: 'order-77' });
    expect(replayed.headers.traceparent).toMatch(new RegExp(`^00-${TRACE_ID}-`));
    expect(new Set([...spans, (replayed.headers.traceparent as string).split('-')[2]]).size).toBe(3);

    // The idempotent replay of the request changes nothing: no second event.
    const again = await h.call('POST', '/v1/orders', { body: orderBody(customerId), headers: { 'Idempotency-Key': 'order-77' } });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await eventsOf(created.body.id)).toHaveLength(1);
  });

  it('starts a trace for a request that brings none (or a malformed one), and sends none for what no request caused', async () => {
    const r = await receiver();
    await endpoint(r.url, ['order.created', 'carrier.vetted', 'carrier.rejected']);
    await newOrder();
    await newOrder({ traceparent: '00-00000000000000000000000000000000-00f067aa0ba902b7-01' });
    await newOrder({ traceparent: 'garbage' });
    await drain(worker());
    expect(r.received).toHaveLength(3);
    const traces = r.received.map((x) => x.headers.traceparent as string);
    for (const t of traces) expect(t).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(new Set(traces.map((t) => t.split('-')[1])).size).toBe(3);
    expect(traces.some((t) => t.includes('00000000000000000000000000000000'))).toBe(false);
    for (const x of r.received) expect(JSON.parse(x.body).request.idempotency_key).toBeNull();

    // Vetting's result is the service's own doing: no request, no trace.
    const onboarded = ok<Json>(
      await h.call('POST', '/v1/carriers', { body: { dot_number: String(3_100_000 + Math.floor(Math.random() * 100_000)), contact_name: 'Dispatch', contact_email: 'dispatch@carrier.example', phone: '+16025550117' } }),
      201,
    );
    const runner = new JobRunner({
      db: h.database.db,
      clock,
      log: silent,
      handlers: { [VET_CARRIER_JOB]: vettingJob({ context: () => h.background(clock), registry: createLocalRegistryProvider(undefined, { clock }) }) },
    });
    for (let i = 0; i < 20 && (await runner.runOnce()) > 0; i++);
    await drain(worker());
    const vetted = r.received.slice(3).map((x) => ({ headers: x.headers, body: JSON.parse(x.body) as Envelope }));
    expect(vetted.map((v) => [v.body.data.id, v.body.type, v.body.sequence])).toEqual([[onboarded.id, expect.stringMatching(/^carrier\.(vetted|rejected)$/), 2]]);
    expect(vetted[0]!.body).toMatchObject({ request: null, request_id: null });
    expect(vetted[0]!.headers.traceparent).toBeUndefined();
  });

  it('lists an object\'s events in sequence order, from a cursor, with the other filters', async () => {
    const order = await newOrder();
    for (let i = 0; i < 4; i++) ok(await h.call('POST', `/v1/orders/${order.id}/exceptions`, { body: { kind: 'delay' } }));
    const all = await eventsOf(order.id);
    expect(all.map((e) => [e.sequence, e.type])).toEqual([
      [1, 'order.created'],
      [2, 'order.exception'],
      [3, 'order.exception'],
      [4, 'order.exception'],
      [5, 'order.exception'],
    ]);
    const page = ok<Json>(await h.call('GET', `/v1/events?object_id=${order.id}&cursor=${all[1]!.id}&limit=2`));
    expect(page.data.map((e: Envelope) => e.sequence)).toEqual([3, 4]);
    expect(page).toMatchObject({ has_more: true, next_cursor: all[3]!.id });
    const typed = ok<Json>(await h.call('GET', `/v1/events?object_id=${order.id}&type=order.created`));
    expect(typed.data.map((e: Envelope) => e.id)).toEqual([all[0]!.id]);
    // A cursor that is no event of this object (gone, or another's) starts at the first kept.
    const other = await newOrder();
    const fromOther = ok<Json>(await h.call('GET', `/v1/events?object_id=${order.id}&cursor=${(await eventsOf(other.id))[0]!.id}&limit=1`));
    expect(fromOther.data[0].sequence).toBe(1);
    // Another account sees nothing of it.
    const stranger = await h.key('stranger-co');
    expect(ok<Json>(await h.call('GET', `/v1/events?object_id=${order.id}`, { key: stranger })).data).toEqual([]);
    expect((await h.call('GET', '/v1/events?object_id=not-an-id')).status).toBe(400);
  });

  it('publishes every event type with a schema that live deliveries of each version validate against', async () => {
    const catalog = ok<Json>(await h.call('GET', '/v1/event_types?limit=100&include[]=total_count'));
    expect(catalog).toMatchObject({ object: 'list', has_more: false, next_cursor: null, total_count: EVENT_TYPES.length });
    // Paged as every list: 20 by default, the next page after the last type.
    const first = ok<Json>(await h.call('GET', '/v1/event_types'));
    expect(first.data.map((t: Json) => t.type)).toEqual([...EVENT_TYPES].sort().slice(0, 20));
    expect(first).toMatchObject({ has_more: true, next_cursor: [...EVENT_TYPES].sort()[19] });
    expect(first).not.toHaveProperty('total_count');
    const second = ok<Json>(await h.call('GET', `/v1/event_types?cursor=${first.next_cursor}`));
    expect(second.data.map((t: Json) => t.type)).toEqual([...EVENT_TYPES].sort().slice(20, 40));
    // A key pinned to 2026-12-01 gets the whole catalog on one page by default, as it always did.
    const pinned = ok<Json>(await h.call('POST', '/v1/api_keys', { body: { name: 'december', scopes: ['webhooks:manage'], api_version: '2026-12-01' } }), 201).secret as string;
    const whole = ok<Json>(await h.call('GET', '/v1/event_types', { key: pinned }));
    expect(whole).toMatchObject({ object: 'list', has_more: false, next_cursor: null });
    expect(whole.data).toHaveLength(EVENT_TYPES.length);
    expect(ok<Json>(await h.call('GET', '/v1/event_types?limit=3', { key: pinned })).data).toHaveLength(3);
    expect(catalog.data.map((t: Json) => t.type)).toEqual([...EVENT_TYPES].sort());
    const created = catalog.data.find((t: Json) => t.type === 'order.created');
    expect(created).toMatchObject({ object: 'event_type', data_object: 'order', summary: expect.stringMatching(/order/i) });
    expect(catalog.data.find((t: Json) => t.type === 'invoice.paid').data_object).toBe('invoice');
    expect(catalog.data.find((t: Json) => t.type === 'webhook_endpoint.test').description).toMatch(/only/);
    const paged = ok<Json>(await h.call('GET', '/v1/event_types?limit=5&cursor=order.created'));
    expect(paged.data.map((t: Json) => t.type)).toEqual([...EVENT_TYPES].sort().filter((t) => t > 'order.created').slice(0, 5));
    expect(paged.has_more).toBe(true);

    // A key pinned to the preview version gets its shapes: orders with origin and destination.
    const previewKey = ok<Json>(await h.call('POST', '/v1/api_keys', { body: { name: 'preview', scopes: ['webhooks:manage'], api_version: '2026-01-15' } }), 201).secret as string;
    const preview = ok<Json>(await h.call('GET', '/v1/event_types', { key: previewKey }));
    const previewOrder = preview.data.find((t: Json) => t.type === 'order.created').schema.$defs.Order;
    expect(previewOrder.properties.origin).toBeDefined();
    expect(previewOrder.properties.pickup).toBeUndefined();
    expect(created.schema.$defs.Order.properties.pickup).toBeDefined();

    const r = await receiver();
    const current = ok<Json>(await h.call('POST', '/v1/webhook_endpoints', { body: { url: r.url, enabled_events: ['order.created'] } }), 201);
    const old = ok<Json>(await h.call('POST', '/v1/webhook_endpoints', { body: { url: r.url, enabled_events: ['order.created'], api_version: '2026-01-15' } }), 201);
    await newOrder();
    await drain(worker());
    expect(r.received).toHaveLength(2);
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const validateCurrent = ajv.compile(created.schema);
    for (const got of r.received) {
      const body = JSON.parse(got.body);
      if (body.api_version === '2027-01-15') {
        expect(validateCurrent(body), JSON.stringify(validateCurrent.errors)).toBe(true);
      } else {
        expect(body.data.origin).toBeDefined();
        expect(validateCurrent(body)).toBe(false);
        const validateOld = ajv.compile(preview.data.find((t: Json) => t.type === 'order.created').schema);
        expect(validateOld(body), JSON.stringify(validateOld.errors)).toBe(true);
      }
    }
    expect([current.id, old.id]).toHaveLength(2);
  });
});

describe.each(backends())('the migration that numbers events, on %s', (backend: Backend) => {
  it('numbers the events already recorded per object in id order, and the counters go on from there (an old process included)', async () => {
    const { orm, close } = await migratedUpTo(backend, 'Migration20261127000010_event_order_and_trace');
    try {
      const em = orm.em.fork();
      for (const a of ['acct_a', 'acct_b']) await em.execute(`insert into accounts (id, name, created_at) values (?, ?, now())`, [a, a]);
      // As the previous release recorded them: a, b, a, (no id), a in account A; a in account B.
      const recorded: { id: string; account: string; object: string | null }[] = [];
      // (Data with no usable id, as objectIdOf reads it: none, empty, a number: the event is its own object.)
      const cases: [string, unknown][] = [['acct_a', 'ord_a'], ['acct_a', 'ord_b'], ['acct_a', 'ord_a'], ['acct_a', undefined], ['acct_a', 'ord_a'], ['acct_b', 'ord_a'], ['acct_b', ''], ['acct_b', 7]];
      for (const [account, object] of cases) {
        const id = newId('event');
        recorded.push({ id, account, object: typeof object === 'string' ? object : null });
        await em.execute(`insert into events (id, account_id, type, data, created_at) values (?, ?, 'order.exception', ?::jsonb, now())`, [id, account, JSON.stringify(object === undefined ? { n: 1 } : { id: object })]);
      }
      await orm.migrator.up();
      const migrated = orm.em.fork();
      const rows = await migrated.execute<{ id: string; object_id: string; sequence: string; previous_event_id: string | null }[]>(
        'select id, object_id, sequence, previous_event_id from events order by id',
      );
      const [a1, b1, a2, none, a3, other, empty, numeric] = recorded.map((r) => r.id);
      expect(rows.map((r) => [r.id, r.object_id, Number(r.sequence), r.previous_event_id])).toEqual([
        [a1, 'ord_a', 1, null],
        [b1, 'ord_b', 1, null],
        [a2, 'ord_a', 2, a1],
        [none, none, 1, null],
        [a3, 'ord_a', 3, a2],
        [other, 'ord_a', 1, null],
        [empty, empty, 1, null],
        [numeric, numeric, 1, null],
      ]);
      expect(rows.map((r) => r.object_id)).toEqual(cases.map(([, object], i) => objectIdOf(object === undefined ? { n: 1 } : { id: object }, recorded[i]!.id)));
      // A process of the previous release inserting an event now: numbered after them.
      const next = newId('event');
      await migrated.execute(`insert into events (id, account_id, type, data, created_at) values (?, 'acct_a', 'order.exception', '{"id":"ord_a"}', now())`, [next]);
      const [row] = await migrated.execute<{ object_id: string; sequence: string; previous_event_id: string }[]>('select object_id, sequence, previous_event_id from events where id = ?', [next]);
      expect([row!.object_id, Number(row!.sequence), row!.previous_event_id]).toEqual(['ord_a', 4, a3]);
    } finally {
      await close();
    }
  }, 120_000);
});
