// Recording an event (API-DESIGN, "Webhooks"): the envelope an endpoint receives for its pinned API
// version, which endpoints receive which event (the test event only its own endpoint), and the
// transactional outbox: the event and one pending delivery per receiving enabled endpoint of the
// account, written on the embedded database (PGlite, in memory, migrated), the workers woken; and the
// other domains' reactions to it, run in the same transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { CompiledQuery, Transaction } from 'kysely';
import type { Database } from '../../src/db/orm.js';
import { openEmbeddedDatabase } from '../support/embedded-database.js';
import type { Context, RequestContext } from '../../src/shared/context.js';
import { DEFAULT_SIGN_IN_POLICY } from '../../src/shared/context.js';
import type { Event } from '../../src/webhooks/events.entities.js';
import { WebhookEndpoint } from '../../src/webhooks/webhooks.entities.js';
import { newId } from '../../src/shared/ids.js';
import { DELIVERIES_CHANNEL, emitEvent, emitUpdated, newDelivery, notifyWorkers, objectIdOf, previousAttributes, receives, renderEnvelope, subscribes, TEST_EVENT } from '../../src/webhooks/emitter.js';
import { reactions as processReactions } from '../../src/db/orm.js';
import { useReactions, type Happened } from '../../src/shared/reactions.js';

const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);
const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
const order = { object: 'order', id: 'ord_1', status: 'pending', pickup: { city: 'Austin' }, delivery: { city: 'Boston' } };
const event = (over: Partial<Event> = {}): Event => ({
  id: 'evt_1',
  accountId: 'acct_1',
  type: 'order.created',
  data: order,
  requestId: 'req_1',
  objectId: 'ord_1',
  sequence: 1,
  previousEventId: null,
  idempotencyKey: null,
  traceparent: null,
  tracestate: null,
  createdAt: new Date(T0 + 999),
  ...over,
});

describe('objectIdOf: the object an event is about', () => {
  it("is its data's id, or the event's own id when the data has none", () => {
    expect(objectIdOf({ id: 'ord_1', object: 'order' }, 'evt_1')).toBe('ord_1');
    expect(objectIdOf({ object: 'order' }, 'evt_1')).toBe('evt_1');
    expect(objectIdOf({ id: '' }, 'evt_1')).toBe('evt_1');
    expect(objectIdOf({ id: 42 }, 'evt_1')).toBe('evt_1');
    expect(objectIdOf(null, 'evt_1')).toBe('evt_1');
  });

  it("is, for an update's data ({object, previous_attributes}), the id of the resource in `object`", () => {
    expect(objectIdOf({ object: { id: 'cus_1', object: 'customer' }, previous_attributes: { name: 'Old' } }, 'evt_1')).toBe('cus_1');
    expect(objectIdOf({ id: 'cus_2', object: { id: 'cus_1' } }, 'evt_1')).toBe('cus_1');
    expect(objectIdOf({ object: { object: 'customer' }, previous_attributes: {} }, 'evt_1')).toBe('evt_1');
    expect(objectIdOf({ object: { id: '' } }, 'evt_1')).toBe('evt_1');
    expect(objectIdOf({ id: 'ord_1', object: null }, 'evt_1')).toBe('ord_1');
  });
});

describe("previousAttributes: an update's changed fields, as they were (Stripe's previous_attributes)", () => {
  const before = { id: 'ord_1', object: 'order', price: 100, carrier_pay: null, pickup: { city: 'Austin', zip: '78701' }, vehicles: [{ vin: 'A' }, { vin: 'B' }], metadata: { po: '1' }, updated: 10 };

  it('lists exactly the top-level fields whose value changed, each with its value before', () => {
    const after = { ...before, price: 120, carrier_pay: 90, updated: 20 };
    expect(previousAttributes(before, after)).toEqual({ price: 100, carrier_pay: null });
  });

  it('gives a changed nested value whole, as it was (a stop, a list, the metadata)', () => {
    const after = { ...before, pickup: { city: 'Austin', zip: '78702' }, vehicles: [{ vin: 'A' }], metadata: { po: '1', rush: 'yes' } };
    expect(previousAttributes(before, after)).toEqual({ pickup: { city: 'Austin', zip: '78701' }, vehicles: [{ vin: 'A' }, { vin: 'B' }], metadata: { po: '1' } });
  });

  it('never lists `updated`, and is empty when nothing else changed', () => {
    expect(previousAttributes(before, { ...before, updated: 99 })).toEqual({});
    expect(previousAttributes(before, structuredClone(before))).toEqual({});
  });

  it('compares objects whatever their key order (jsonb keeps none), and arrays in order', () => {
    expect(previousAttributes(before, { ...before, pickup: { zip: '78701', city: 'Austin' }, metadata: { po: '1' } })).toEqual({});
    expect(previousAttributes(before, { ...before, vehicles: [{ vin: 'B' }, { vin: 'A' }] })).toEqual({ vehicles: before.vehicles });
  });

  it('tells apart values that only look alike: null and an object, an array and an object, a missing key and a null one, numbers and their strings', () => {
    const b = { a: null, b: [1], c: { x: null }, d: 1, e: { x: 1 }, f: [] as unknown[], g: {} as Record<string, unknown> };
    expect(previousAttributes(b, { a: {}, b: { 0: 1 }, c: {}, d: '1', e: { x: 1, y: 2 }, f: {}, g: [] })).toEqual({ a: null, b: [1], c: { x: null }, d: 1, e: { x: 1 }, f: [], g: {} });
    expect(previousAttributes({ a: {} }, { a: null })).toEqual({ a: {} });
    // A value against an object with no keys (a string or a number has none of its own either way).
    expect(previousAttributes({ a: 1, b: '', c: {}, d: {} }, { a: {}, b: [], c: 1, d: '' })).toEqual({ a: 1, b: '', c: {}, d: {} });
    expect(previousAttributes({ a: { x: 1 } }, { a: { y: 1 } })).toEqual({ a: { x: 1 } });
  });

  it('gives null as the old value of a field the resource did not have before', () => {
    expect(previousAttributes({ id: 'x' }, { id: 'x', added: 'now' })).toEqual({ added: null });
  });
});

describe('renderEnvelope', () => {
  it('is the event as the endpoint receives it: its version, unix seconds, the request that caused it', () => {
    expect(renderEnvelope(event() as never, '2026-07-01')).toEqual({
      id: 'evt_1',
      object: 'event',
      livemode: true,
      type: 'order.created',
      api_version: '2026-07-01',
      created: T0 / 1000,
      request_id: 'req_1',
      sequence: 1,
      previous_event_id: null,
      request: { id: 'req_1', idempotency_key: null },
      data: order,
    });
  });

  it("says the mode of the event's account: false for a test account's", () => {
    expect(renderEnvelope(event({ accountId: 'acct_test_1' }) as never, '2026-07-01')).toMatchObject({ livemode: false });
  });

  it('names the event before it about the object, and the idempotency key of the request; no request, no request object', () => {
    const later = renderEnvelope(event({ sequence: 7, previousEventId: 'evt_0', idempotencyKey: 'k-1' }) as never, '2026-07-01');
    expect(later).toMatchObject({ sequence: 7, previous_event_id: 'evt_0', request: { id: 'req_1', idempotency_key: 'k-1' } });
    expect(renderEnvelope(event({ requestId: null, idempotencyKey: 'ignored' }) as never, '2026-07-01')).toMatchObject({ request_id: null, request: null });
  });

  it("renders the data for the endpoint's pinned version", () => {
    const envelope = renderEnvelope(event() as never, '2026-01-15') as unknown as { api_version: string; data: unknown };
    expect(envelope.api_version).toBe('2026-01-15');
    expect(envelope.data).toEqual({ object: 'order', id: 'ord_1', status: 'pending', origin: { city: 'Austin' }, destination: { city: 'Boston' } });
  });

  it('answers null for work no request caused', () => {
    expect(renderEnvelope(event({ requestId: null }) as never, '2026-07-01')).toMatchObject({ request_id: null });
    expect(renderEnvelope(event({ requestId: undefined as never }) as never, '2026-07-01')).toMatchObject({ request_id: null });
  });
});

describe('which endpoints receive an event', () => {
  it('an endpoint subscribed to the type, or to every type', () => {
    expect(subscribes({ enabledEvents: ['*'] }, 'order.created')).toBe(true);
    expect(subscribes({ enabledEvents: ['order.created'] }, 'order.created')).toBe(true);
    expect(subscribes({ enabledEvents: ['order.updated', 'order.created'] }, 'order.created')).toBe(true);
    expect(subscribes({ enabledEvents: ['order.updated'] }, 'order.created')).toBe(false);
    expect(subscribes({ enabledEvents: [] }, 'order.created')).toBe(false);
    expect(receives({ id: 'we_1', enabledEvents: ['order.created'] }, { type: 'order.created', data: order })).toBe(true);
    expect(receives({ id: 'we_1', enabledEvents: ['order.updated'] }, { type: 'order.created', data: order })).toBe(false);
  });

  it('the test event reaches only the endpoint it tests, subscribed or not', () => {
    expect(TEST_EVENT).toBe('webhook_endpoint.test');
    const test = { type: 'webhook_endpoint.test', data: { object: 'webhook_endpoint', id: 'we_1' } };
    expect(receives({ id: 'we_1', enabledEvents: ['order.created'] }, test)).toBe(true);
    expect(receives({ id: 'we_1', enabledEvents: [] }, test)).toBe(true);
    expect(receives({ id: 'we_2', enabledEvents: ['*'] }, test)).toBe(false);
    expect(receives({ id: 'we_2', enabledEvents: ['webhook_endpoint.test'] }, test)).toBe(false);
  });
});

describe('on the embedded database', () => {
  let db: Database;
  let n = 0;
  beforeAll(async () => {
    db = await openEmbeddedDatabase();
  }, 60_000);
  afterAll(() => db?.close());

  /** A fresh account and its endpoints (id, events, version, status), in the order given. */
  async function account(endpoints: [string, string[], string, 'enabled' | 'disabled'][]) {
    const id = `acct_${++n}`;
    const em = db.em();
    await em.execute('insert into accounts (id, name, created_at) values (?, ?, ?)', [id, id, new Date(T0)]);
    for (const [endpointId, events, version, status] of endpoints) {
      await em.execute(
        `insert into webhook_endpoints (id, account_id, url, enabled_events, api_version, status, secret, created_at, updated_at)
         values (?, ?, 'https://example.com/hook', ?::jsonb, ?, ?, 'whsec_test', ?, ?)`,
        [`${endpointId}_${n}`, id, JSON.stringify(events), version, status, new Date(T0), new Date(T0)],
      );
    }
    return id;
  }
  const context = (accountId: string | undefined, now: number, requestId: string | null = 'req_1'): Context | RequestContext => ({
    em: db.em(),
    clock: { now: () => new Date(now) },
    log: pino({ level: 'silent' }),
    settings: { production: false, signIn: DEFAULT_SIGN_IN_POLICY },
    requestId,
    ip: null,
    ...(accountId ? { principal: { accountId, actorId: 'key_1', kind: 'api_key', scopes: new Set(), apiVersion: '2026-07-01' } } : {}),
  }) as RequestContext;
  type DeliveryRow = { id: string; account_id: string; event_id: string; endpoint_id: string; event_type: string; payload: string; status: string; attempt_count: number; cycle_failures: number; next_attempt_at: Date; lease_owner: string | null; lease_expires_at: Date | null; created_at: Date; updated_at: Date };
  const deliveriesOf = (eventId: string) => db.em().execute<DeliveryRow[]>('select * from webhook_deliveries where event_id = ? order by endpoint_id', [eventId]);
  /** Counts the NOTIFYs on the workers' channel while `work` runs. */
  async function notifications(work: () => Promise<unknown>): Promise<number> {
    let count = 0;
    const stop = await db.listen('webhook_deliveries', () => count++);
    try {
      await work();
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      await stop();
    }
    return count;
  }

  const partitionOf = async (table: string, id: string, column = 'id') =>
    (await db.em().execute<{ t: string }[]>(`select tableoid::regclass::text as t from ${table} where ${column} = ?`, [id]))[0]?.t;

  /** The delivery, done (moved from the queue to the log's day partition); the partition it is in. */
  const done = async (id: string) => {
    await db.em().execute(`update webhook_deliveries set status = 'succeeded' where id = ? and status = 'pending'`, [id]);
    return partitionOf('webhook_deliveries', id);
  };

  it("writes the event in its week's partition and its deliveries in the queue, making the week's partitions when it has none", async () => {
    const accountId = await account([['we_far', ['*'], '2026-07-01', 'enabled']]);
    // A clock years ahead: no partition was made for that day.
    const e = await emitEvent(context(accountId, Date.UTC(2032, 0, 1, 12)), 'order.created', order as never);
    // 2032-01-01 is in the week of Monday 2031-12-29.
    expect(await partitionOf('events', e.id)).toBe('events_p20311229');
    const [d] = await deliveriesOf(e.id);
    expect(await partitionOf('webhook_deliveries', d!.id)).toBe('webhook_deliveries_queue');
    expect(await done(d!.id)).toBe('webhook_deliveries_p20311229');
  });

  it("makes its deliveries' week too when a later id was made while the event was written (another request at Sunday's midnight)", async () => {
    const accountId = await account([['we_midnight', ['*'], '2026-07-01', 'enabled']]);
    // Sunday 2033-01-02, the last millisecond of the week of Monday 2032-12-27.
    const beforeMidnight = Date.UTC(2033, 0, 2, 23, 59, 59, 999);
    const e = await db.em().transactional(async (tx) => {
      // While the event is written, another request makes an id of the next day (ids are monotonic).
      // The event's statement runs on the transaction's connection (queryRows): watched there.
      const connection = tx.getTransactionContext<Transaction<unknown>>()!;
      const watched = new Proxy(connection, {
        get(target, property) {
          const value = Reflect.get(target, property) as unknown;
          if (property !== 'executeQuery') return typeof value === 'function' ? value.bind(target) : value;
          return (query: CompiledQuery) => {
            if (query.sql.includes('insert into events')) newId('request', beforeMidnight + 1);
            return target.executeQuery(query);
          };
        },
      });
      const em = new Proxy(tx, {
        get(target, property) {
          if (property === 'getTransactionContext') return () => watched;
          const value = Reflect.get(target, property) as unknown;
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      return emitEvent({ ...context(accountId, beforeMidnight), em }, 'order.created', order as never);
    });
    expect(await partitionOf('events', e.id)).toBe('events_p20321227');
    const [d] = await deliveriesOf(e.id);
    expect(await done(d!.id)).toBe('webhook_deliveries_p20330103');
  });

  it("records the event and one pending delivery per receiving enabled endpoint of the account, rendered for each endpoint's version", async () => {
    const accountId = await account([
      ['we_a', ['*'], '2026-07-01', 'enabled'],
      ['we_b', ['order.created'], '2026-01-15', 'enabled'],
      ['we_c', ['*'], '2026-07-01', 'disabled'],
      ['we_d', ['order.updated'], '2026-07-01', 'enabled'],
      ['we_e', ['order.created'], '2026-07-01', 'enabled'],
    ]);
    await account([['we_other', ['*'], '2026-07-01', 'enabled']]);
    const ctx = { ...context(accountId, T0 + 1_500), idempotencyKey: 'key-1', trace: { traceparent: TRACEPARENT, tracestate: 'vendor=1' } };
    let recorded: Event | undefined;
    const woken = await notifications(async () => {
      recorded = await emitEvent(ctx, 'order.created', order as never);
    });
    expect(woken).toBe(1);
    const e = recorded!;
    expect(e).toMatchObject({ accountId, type: 'order.created', data: order, requestId: 'req_1', createdAt: new Date(T0 + 1_500) });
    expect(e.id).toMatch(/^evt_/);
    const [row] = await db.em().execute<{ account_id: string; type: string; data: unknown; request_id: string; created_at: Date }[]>('select * from events where id = ?', [e.id]);
    expect(row).toMatchObject({ account_id: accountId, type: 'order.created', data: order, request_id: 'req_1' });
    expect(new Date(row!.created_at).getTime()).toBe(T0 + 1_500);

    const deliveries = await deliveriesOf(e.id);
    expect(deliveries.map((d) => d.endpoint_id)).toEqual([`we_a_${n - 1}`, `we_b_${n - 1}`, `we_e_${n - 1}`]);
    for (const d of deliveries) {
      expect(d).toMatchObject({ account_id: accountId, event_id: e.id, event_type: 'order.created', status: 'pending', attempt_count: 0, cycle_failures: 0, lease_owner: null, lease_expires_at: null });
      expect(d).toMatchObject({ traceparent: TRACEPARENT, tracestate: 'vendor=1' });
      expect(d.id).toMatch(/^wdl_/);
      for (const t of [d.next_attempt_at, d.created_at, d.updated_at]) expect(new Date(t).getTime()).toBe(T0 + 1_500);
    }
    expect(new Set(deliveries.map((d) => d.id)).size).toBe(3);
    const [a, b, last] = deliveries.map((d) => JSON.parse(d.payload) as { id: string; api_version: string; created: number; request_id: string; data: Record<string, unknown> });
    expect(a).toEqual({
      id: e.id,
      object: 'event',
      livemode: true,
      type: 'order.created',
      api_version: '2026-07-01',
      created: T0 / 1000 + 1,
      request_id: 'req_1',
      sequence: 1,
      previous_event_id: null,
      request: { id: 'req_1', idempotency_key: 'key-1' },
      data: order,
    });
    expect(b).toMatchObject({ id: e.id, api_version: '2026-01-15', data: { origin: { city: 'Austin' }, destination: { city: 'Boston' } } });
    expect(last).toEqual(a);
  });

  it("records an update as {object, previous_attributes} about the resource (its sequence after the resource's other events), rendered for each endpoint's version; nothing when nothing changed", async () => {
    const accountId = await account([
      ['we_now', ['order.updated'], '2026-12-01', 'enabled'],
      ['we_old', ['*'], '2026-01-15', 'enabled'],
    ]);
    const ctx = context(accountId, T0 + 2_000);
    const created = await emitEvent(ctx, 'order.created', { ...order, id: 'ord_upd' } as never);
    const before = { ...order, id: 'ord_upd', pickup: { city: 'Austin' }, price: 100, updated: 1 };
    const after = { ...before, pickup: { city: 'Dallas' }, price: 100, updated: 2 };
    expect(await emitUpdated(ctx, 'order.updated', before as never, { ...before, updated: 3 } as never)).toBeUndefined();
    const e = (await emitUpdated(ctx, 'order.updated', before as never, after as never))!;
    expect(e).toMatchObject({ type: 'order.updated', objectId: 'ord_upd', sequence: 2, previousEventId: created.id, data: { object: after, previous_attributes: { pickup: { city: 'Austin' } } } });
    const payloads = (await deliveriesOf(e.id)).map((d) => JSON.parse(d.payload) as { api_version: string; data: unknown });
    expect(payloads.map((p) => [p.api_version, p.data])).toEqual([
      ['2026-12-01', { object: after, previous_attributes: { pickup: { city: 'Austin' } } }],
      ['2026-01-15', { object: { object: 'order', id: 'ord_upd', status: 'pending', origin: { city: 'Dallas' }, destination: { city: 'Boston' }, price: 100, updated: 2 }, previous_attributes: { origin: { city: 'Austin' } } }],
    ]);
    const counted = await db.em().execute<{ count: string }[]>('select count(*) from events where object_id = ?', ['ord_upd']);
    expect(Number(counted[0]!.count)).toBe(2);
  });

  it('records only the event, and wakes no worker, when no endpoint receives it', async () => {
    const accountId = await account([['we_x', ['order.updated'], '2026-07-01', 'enabled']]);
    let recorded: Event | undefined;
    const woken = await notifications(async () => {
      recorded = await emitEvent(context(accountId, T0), 'order.created', order as never);
    });
    expect(woken).toBe(0);
    expect(await deliveriesOf(recorded!.id)).toEqual([]);
    expect(await db.em().execute('select id from events where id = ?', [recorded!.id])).toHaveLength(1);
  });

  it('numbers the events of each object 1, 2, 3 per account, each naming the one before, endpoints or not', async () => {
    const accountId = await account([]);
    const other = await account([['we_s', ['*'], '2026-07-01', 'enabled']]);
    const first = await emitEvent(context(accountId, T0), 'order.created', order as never);
    const second = await emitEvent(context(accountId, T0 + 1), 'order.dispatched', order as never);
    const elsewhere = await emitEvent(context(other, T0 + 2), 'order.created', order as never);
    const third = await emitEvent(context(accountId, T0 + 3), 'order.in_transit', order as never);
    const another = await emitEvent(context(accountId, T0 + 4), 'order.created', { ...order, id: 'ord_2' } as never);
    expect([first, second, third].map((e) => [e.objectId, e.sequence, e.previousEventId])).toEqual([
      ['ord_1', 1, null],
      ['ord_1', 2, first.id],
      ['ord_1', 3, second.id],
    ]);
    expect([elsewhere.sequence, elsewhere.previousEventId, another.sequence, another.previousEventId]).toEqual([1, null, 1, null]);
    const stored = await db.em().execute<{ id: string; sequence: string; previous_event_id: string | null; object_id: string }[]>(
      'select id, sequence, previous_event_id, object_id from events where account_id = ? order by sequence, id',
      [accountId],
    );
    expect(stored.map((r) => [r.object_id, Number(r.sequence), r.previous_event_id])).toEqual([
      ['ord_1', 1, null],
      ['ord_2', 1, null],
      ['ord_1', 2, first.id],
      ['ord_1', 3, second.id],
    ]);
    // The delivery of the other account's event says the same as the event.
    expect(JSON.parse((await deliveriesOf(elsewhere.id))[0]!.payload)).toMatchObject({ sequence: 1, previous_event_id: null });
  });

  it("background work names the account and the time; the event then has no request", async () => {
    const accountId = await account([['we_y', ['*'], '2026-07-01', 'enabled']]);
    const ctx = context(undefined, T0, null);
    // A trace or key left in a background context is not the event's: no request caused it.
    const recorded = await emitEvent({ ...ctx, idempotencyKey: 'stale', trace: { traceparent: TRACEPARENT, tracestate: null } }, 'order.created', { ...order, id: `ord_bg_${n}` } as never, {
      accountId,
      now: new Date(T0 + 42_000),
    });
    expect(recorded).toMatchObject({ accountId, requestId: null, idempotencyKey: null, traceparent: null, createdAt: new Date(T0 + 42_000) });
    const [d] = await deliveriesOf(recorded.id);
    expect(d).toMatchObject({ traceparent: null, tracestate: null });
    expect(new Date(d!.next_attempt_at).getTime()).toBe(T0 + 42_000);
    expect(JSON.parse(d!.payload)).toMatchObject({ request_id: null, request: null, sequence: 1, created: T0 / 1000 + 42 });
    await expect(emitEvent(context(undefined, T0), 'order.created', order as never)).rejects.toThrow('emitEvent(order.created) outside a request needs the account');
  });

  it('the test event is delivered only to the endpoint it tests', async () => {
    const accountId = await account([
      ['we_all', ['*'], '2026-07-01', 'enabled'],
      ['we_t', ['order.created'], '2026-07-01', 'enabled'],
    ]);
    const recorded = await emitEvent(context(accountId, T0), 'webhook_endpoint.test', { object: 'webhook_endpoint', id: `we_t_${n}` } as never);
    expect((await deliveriesOf(recorded.id)).map((d) => d.endpoint_id)).toEqual([`we_t_${n}`]);
  });

  it('newDelivery: a pending delivery due at once, its payload the envelope for the endpoint', async () => {
    const accountId = await account([['we_n', ['*'], '2026-01-15', 'enabled']]);
    const em = db.em();
    const endpoint = await em.findOneOrFail(WebhookEndpoint, { id: `we_n_${n}` });
    const recorded = await emitEvent({ ...context(accountId, T0), trace: { traceparent: TRACEPARENT, tracestate: 'v=2' } }, 'order.dispatched', order as never);
    const delivery = newDelivery(em, recorded, endpoint, new Date(T0 + 5_000));
    expect(delivery).toMatchObject({ traceparent: TRACEPARENT, tracestate: 'v=2' });
    // (On an entity manager of its own that is never flushed.)
    expect(newDelivery(db.em(), { ...recorded, traceparent: null, tracestate: null }, endpoint, new Date(T0))).toMatchObject({ traceparent: null, tracestate: null });
    expect(delivery).toMatchObject({
      accountId,
      eventId: recorded.id,
      endpointId: endpoint.id,
      eventType: 'order.dispatched',
      status: 'pending',
      attemptCount: 0,
      cycleFailures: 0,
      nextAttemptAt: new Date(T0 + 5_000),
      leaseOwner: null,
      leaseExpiresAt: null,
      createdAt: new Date(T0 + 5_000),
      updatedAt: new Date(T0 + 5_000),
    });
    expect(JSON.parse(delivery.payload)).toMatchObject({ id: recorded.id, api_version: '2026-01-15', data: { origin: { city: 'Austin' } } });
    expect(delivery.id).toMatch(/^wdl_/);
    // Persisted in the unit of work: written when it flushes (the emit already wrote this pair, so delete it first).
    await em.execute('delete from webhook_deliveries where event_id = ?', [recorded.id]);
    await em.flush();
    expect((await deliveriesOf(recorded.id)).map((d) => d.id)).toEqual([delivery.id]);
  });

  it("runs the reactions to the event's type, in order, in the event's transaction; one that throws takes the change back", async () => {
    const accountId = await account([]);
    const seen: [string, Happened<'order.created'>, boolean][] = [];
    try {
      useReactions({
        'order.created': [
          async (ctx, e) => {
            seen.push(['first', e, ctx.em.isInTransaction()]);
          },
          async (_ctx, e) => {
            seen.push(['second', e, true]);
            if ((e.data as { id: string }).id === 'ord_boom') throw new Error('the reaction refused');
          },
        ],
      });
      const recorded = await db.em().transactional((tx) => emitEvent({ ...context(accountId, T0 + 7), em: tx }, 'order.created', order as never));
      // No reaction to other types.
      await emitEvent(context(accountId, T0), 'order.dispatched', order as never);
      expect(seen.map(([name]) => name)).toEqual(['first', 'second']);
      expect(seen[0]![1]).toEqual({ id: recorded.id, type: 'order.created', accountId, data: order, createdAt: new Date(T0 + 7) });
      expect(seen[0]![2]).toBe(true);
      const failing = db.em().transactional((tx) => emitEvent({ ...context(accountId, T0), em: tx }, 'order.created', { ...order, id: 'ord_boom' } as never));
      await expect(failing).rejects.toThrow('the reaction refused');
      expect(await db.em().execute("select id from events where object_id = 'ord_boom'")).toEqual([]);
      // Given again, a table replaces the one before (each reaction runs once).
      useReactions({ 'order.created': [async (_ctx, e) => void seen.push(['only', e, true])] });
      seen.length = 0;
      await emitEvent(context(accountId, T0), 'order.created', order as never);
      expect(seen.map(([name]) => name)).toEqual(['only']);
    } finally {
      useReactions(processReactions);
    }
  });

  it('notifyWorkers wakes the workers listening on the deliveries channel', async () => {
    expect(DELIVERIES_CHANNEL).toBe('webhook_deliveries');
    expect(await notifications(() => notifyWorkers(db.em()))).toBe(1);
  });
});
