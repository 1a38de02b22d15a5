// Test clocks: objects created on a clock live on its time; advancing it makes everything due on them
// happen in order at its times (webhook retries on their schedule, monitoring reads with their
// alerts and suspensions, invoices going past due), the same in steps as in one jump; nothing on a
// clock moves in real time; deleting a clock deletes what lives on it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { backends, type Backend } from './support/databases.js';
import { orderBody, startHarness, TestClock, type Harness } from './support/harness.js';
import { startReceiver, type Receiver } from './support/receiver.js';
import { vettingJob, VET_CARRIER_JOB } from '../src/carriers/carriers.service.js';
import { monitorDue, useMonitoring } from '../src/carriers/monitor.service.js';
import { scanCompliance } from '../src/carriers/compliance.service.js';
import { announceOverdueInvoices } from '../src/accounting/invoices.service.js';
import { createLocalRegistryProvider, type RegistryProvider } from '../src/carriers/registry/index.js';
import { JobRunner } from '../src/jobs/runner.js';
import { createTransport } from '../src/webhooks/transport.js';
import { DeliveryWorker } from '../src/webhooks/worker.js';
import { ATTEMPT_DELAYS_MS } from '../src/webhooks/schedule.js';
import { TEST_CLOCK_ADVANCE_JOB, testClockAdvanceJob } from '../src/test-helpers/test-clocks.service.js';
import { CLOCK_LIMITS } from '../src/clocks/object-clock.js';
import { verifySignature } from '../src/webhooks/signer.js';

type Json = Record<string, any>;
const silent = pino({ level: 'silent' });
const DAY = 86_400_000;
const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 28, 15, 0, 0);
const unix = (ms: number) => Math.floor(ms / 1000);

describe.each(backends())('test clocks on %s', (backend: Backend) => {
  let h: Harness;
  let test: string;
  let live: string;
  let runner: JobRunner;
  const clock = new TestClock(T0);
  const transport = createTransport({ allowPrivateTargets: true, timeoutMs: 2_000 });
  const receivers: Receiver[] = [];
  const liveReads: string[] = [];
  const localRegistry = createLocalRegistryProvider(undefined, { clock });
  const liveRegistry: RegistryProvider = {
    name: localRegistry.name,
    findByDot: (dot) => (liveReads.push(dot), localRegistry.findByDot(dot)),
    findByMc: (mc) => (liveReads.push(`MC ${mc}`), localRegistry.findByMc(mc)),
  };

  const ok = <T = Json>(r: { status: number; body: unknown; text: string }, status = 200): T => {
    expect(r.status, r.text).toBe(status);
    return r.body as T;
  };
  const runJobs = async () => {
    for (let i = 0; i < 1_000 && (await runner.runOnce()) > 0; i++);
  };
  const receiver = async (status: number) => {
    const r = await startReceiver({ status, body: status < 300 ? '{"received":true}' : '{"error":"down"}' });
    receivers.push(r);
    return r;
  };
  const newClock = async (name: string, at = T0) => ok(await h.call('POST', '/v1/test_helpers/test_clocks', { key: test, body: { frozen_time: unix(at), name } }), 201);
  const advance = async (id: string, to: number) => {
    const advancing = ok(await h.call('POST', `/v1/test_helpers/test_clocks/${id}/advance`, { key: test, body: { frozen_time: unix(to) } }));
    expect(advancing).toMatchObject({ status: 'advancing', advancing_to: unix(to) });
    await runJobs();
    const ready = ok(await h.call('GET', `/v1/test_helpers/test_clocks/${id}`, { key: test }));
    expect(ready).toMatchObject({ status: 'ready', frozen_time: unix(to), advancing_to: null });
    return ready;
  };
  const endpoint = async (clockId: string, url: string, events: string[]) =>
    ok(await h.call('POST', '/v1/webhook_endpoints', { key: test, body: { url, enabled_events: events, test_clock: clockId } }), 201);
  const carrier = async (clockId: string | undefined, dot: string, key = test) =>
    ok(await h.call('POST', '/v1/carriers', { key, body: { dot_number: dot, contact_name: 'Dispatch', contact_email: 'ops@carrier.example', phone: '+16025550100', ...(clockId ? { test_clock: clockId } : {}) } }), 201);
  const deliveries = async (endpointId: string) => ok(await h.call('GET', `/v1/webhook_endpoints/${endpointId}/deliveries?limit=100`, { key: test })).data as Json[];

  beforeAll(async () => {
    h = await startHarness(backend, { clock });
    live = await h.key('clockworks');
    test = await h.key('clockworks', 'all', { livemode: false });
    useMonitoring({ registry: liveRegistry, intervalMs: DAY });
    runner = new JobRunner({
      db: h.database.db,
      clock,
      log: silent,
      handlers: {
        [VET_CARRIER_JOB]: vettingJob({ context: () => h.background(clock), registry: liveRegistry, monitorIntervalMs: DAY }),
        [TEST_CLOCK_ADVANCE_JOB]: testClockAdvanceJob({ context: () => h.background(clock), transport, registry: liveRegistry, monitorIntervalMs: DAY }),
      },
    });
  });
  afterAll(async () => {
    for (const r of receivers) await r.close();
    await transport.close();
    await h?.close();
  });

  it('takes a delivery to a failing endpoint through all six attempts to permanently_failed in a 2-day advance, each attempt at its offset of the clock\'s time', async () => {
    const c = await newClock('retries');
    expect(c).toMatchObject({ object: 'test_helpers.test_clock', livemode: false, name: 'retries', status: 'ready', frozen_time: unix(T0), advancing_to: null });
    const failing = await receiver(500);
    const ep = await endpoint(c.id, failing.url, ['carrier.onboarded']);
    expect(ep.test_clock).toBe(c.id);
    const made = await carrier(c.id, '3100001');
    expect(made).toMatchObject({ test_clock: c.id, created: unix(T0) });
    await runJobs();
    // Nothing is sent before the clock moves.
    expect(failing.received).toHaveLength(0);
    const [pending] = await deliveries(ep.id);
    expect(pending).toMatchObject({ status: 'pending', attempt_count: 0, next_attempt_at: unix(T0) });

    await advance(c.id, T0 + 2 * DAY);
    expect(failing.received).toHaveLength(6);
    // Each request is signed at the real time, with the endpoint's secret.
    expect(verifySignature(failing.received[0]!.body, failing.received[0]!.headers['service-signature'] as string, [ep.secret], { now: unix(T0) })).toBeNull();
    const [done] = await deliveries(ep.id);
    expect(done).toMatchObject({ status: 'permanently_failed', attempt_count: 6, next_attempt_at: null });
    const offsets = ATTEMPT_DELAYS_MS.map((_, i) => ATTEMPT_DELAYS_MS.slice(0, i + 1).reduce((a, b) => a + b, 0));
    expect((done!.attempts as Json[]).map((a) => a.started_at - unix(T0))).toEqual(offsets.map((ms) => ms / 1000));
    expect((done!.attempts as Json[]).every((a) => a.response_status === 500)).toBe(true);

    // Replayed (or recovered), it is due at the clock's time, and the next advance sends it.
    const replayed = ok(await h.call('POST', `/v1/events/${done!.event_id}/replay`, { key: test, body: { webhook_endpoint_id: ep.id } }));
    expect(replayed.deliveries[0]).toMatchObject({ id: done!.id, status: 'pending', next_attempt_at: unix(T0 + 2 * DAY) });
    failing.fallback = { status: 200 };
    await advance(c.id, T0 + 2 * DAY + HOUR);
    expect(failing.received).toHaveLength(7);
    const [again] = await deliveries(ep.id);
    expect(again).toMatchObject({ status: 'succeeded', attempt_count: 7 });
    expect(again!.attempts[6].started_at).toBe(unix(T0 + 2 * DAY));
    const recovered = ok(await h.call('POST', `/v1/webhook_endpoints/${ep.id}/recover`, { key: test, body: { since: unix(T0) - 10 } }));
    expect(recovered.requeued).toBe(0); // nothing failed for good any more
  });

  it('makes the same things happen at the same times advanced 31 days in steps as in one jump: retries to permanently_failed, a carrier suspended when its record is revoked, an invoice overdue', async () => {
    const run = async (name: string, dot: string, steps: number[]) => {
      const c = await newClock(name);
      const seen = await receiver(200);
      const failing = await receiver(500);
      const types = ['carrier.onboarded', 'carrier.vetted', 'carrier.suspended', 'compliance.alert', 'invoice.created', 'invoice.sent', 'invoice.overdue', 'order.created'];
      const watching = await endpoint(c.id, seen.url, types);
      const broken = await endpoint(c.id, failing.url, ['order.created']);
      const made = await carrier(c.id, dot);
      await runJobs();
      expect(ok(await h.call('GET', `/v1/carriers/${made.id}`, { key: test }))).toMatchObject({ status: 'active' });
      ok(await h.call('POST', `/v1/test_helpers/carriers/${made.id}/registry_record`, { key: test, body: { change: 'authority_revoked' } }));
      const customer = ok(await h.call('POST', '/v1/customers', { key: test, body: { name: `${name} Motors`, email: 'ap@motors.example', test_clock: c.id } }), 201);
      expect(customer).toMatchObject({ test_clock: c.id, created: unix(T0) });
      const order = ok(await h.call('POST', '/v1/orders', { key: test, body: orderBody(customer.id) }), 201);
      expect(order).toMatchObject({ test_clock: c.id, created: unix(T0) });
      const dueDate = new Date(T0 + 10 * DAY).toISOString().slice(0, 10);
      const invoice = ok(
        await h.call('POST', '/v1/invoices', { key: test, body: { customer_id: customer.id, currency: 'usd', due_date: dueDate, lines: [{ description: 'Transport', quantity: 1, unit_amount: 145_000 }], send: true } }),
        201,
      );
      for (const to of steps) await advance(c.id, to);
      const events = seen.received.map((r) => JSON.parse(r.body) as Json).map((e) => ({ type: e.type, object: e.data.object, at: e.created - unix(T0) }));
      const [failed] = await deliveries(broken.id);
      const endpointNow = ok(await h.call('GET', `/v1/webhook_endpoints/${broken.id}`, { key: test }));
      return {
        endpoint: { status: endpointNow.status, disabled_reason: endpointNow.disabled_reason, failing_since: endpointNow.health.failing_since - unix(T0) },
        events,
        retries: (failed!.attempts as Json[]).map((a) => a.started_at - unix(T0)),
        failedStatus: failed!.status,
        carrier: ok(await h.call('GET', `/v1/carriers/${made.id}`, { key: test })),
        invoice: ok(await h.call('GET', `/v1/invoices/${invoice.id ?? invoice.invoice?.id}`, { key: test })),
      };
    };
    const jump = await run('jump', '3100002', [T0 + 31 * DAY]);
    const steps = await run('steps', '3100003', [T0 + HOUR, T0 + DAY, T0 + DAY + 1000, T0 + 3 * DAY + 7 * HOUR, T0 + 10 * DAY, T0 + 11 * DAY, T0 + 20 * DAY, T0 + 31 * DAY]);

    expect(steps.events).toEqual(jump.events);
    expect(steps.retries).toEqual(jump.retries);
    expect(steps.endpoint).toEqual(jump.endpoint);
    // Failing since its first attempt, the endpoint is disabled 5 days on, on the clock.
    expect(jump.endpoint).toEqual({ status: 'disabled', disabled_reason: 'failing', failing_since: 0 });
    expect(jump.failedStatus).toBe('permanently_failed');
    expect(jump.retries).toHaveLength(6);
    // The carrier is suspended by the first monitoring read after its record changed, a day after vetting.
    const suspended = jump.events.find((e) => e.type === 'carrier.suspended');
    expect(suspended).toEqual({ type: 'carrier.suspended', object: 'carrier', at: DAY / 1000 });
    expect(jump.events.filter((e) => e.type === 'compliance.alert')[0]).toEqual({ type: 'compliance.alert', object: 'compliance_alert', at: DAY / 1000 });
    expect(jump.carrier).toMatchObject({ status: 'suspended' });
    // The invoice goes past due at the first midnight after its due date, on the clock.
    const overdueAt = (Math.floor((T0 + 10 * DAY) / DAY) + 1) * DAY;
    expect(jump.events.filter((e) => e.type === 'invoice.overdue')).toEqual([{ type: 'invoice.overdue', object: 'invoice', at: (overdueAt - T0) / 1000 }]);
    expect(jump.events.map((e) => e.type).slice(0, 2)).toEqual(['carrier.onboarded', 'carrier.vetted']);
    // The test registry was read, never the live one.
    expect(liveReads.filter((d) => d.startsWith('31000'))).toEqual([]);
  });

  it('leaves what lives on a clock alone in real time: no delivery, monitoring read, compliance scan or overdue check touches it', async () => {
    const c = await newClock('frozen');
    const r = await receiver(200);
    const ep = await endpoint(c.id, r.url, ['*']);
    const made = await carrier(c.id, '3100004');
    await runJobs();
    const customer = ok(await h.call('POST', '/v1/customers', { key: test, body: { name: 'Frozen Motors', email: 'ap@frozen.example', test_clock: c.id } }), 201);
    ok(await h.call('POST', '/v1/invoices', { key: test, body: { customer_id: customer.id, currency: 'usd', due_date: new Date(T0 - 2 * DAY).toISOString().slice(0, 10), lines: [{ description: 'Transport', quantity: 1, unit_amount: 1_000 }], send: true } }), 201);
    const before = await deliveries(ep.id);
    // Real time, 40 days on: every real-time schedule runs.
    const later = new TestClock(T0 + 40 * DAY);
    const worker = new DeliveryWorker({ db: h.database.db, clock: later, log: silent, transport });
    for (let i = 0; i < 10 && (await worker.runOnce()) > 0; i++);
    await monitorDue(h.background(later), { registry: liveRegistry, intervalMs: DAY, ratePerMinute: 1_000 });
    await scanCompliance(h.background(later));
    await announceOverdueInvoices(h.background(later));
    expect(r.received).toHaveLength(0);
    const after = await deliveries(ep.id);
    expect(after.map((d) => [d.id, d.status, d.attempt_count])).toEqual(before.map((d) => [d.id, d.status, d.attempt_count]));
    expect(after.every((d) => d.status === 'pending')).toBe(true);
    expect(ok(await h.call('GET', `/v1/carriers/${made.id}/registry_snapshots`, { key: test })).data).toEqual([]);
    const types = after.map((d) => d.event_type);
    expect(types).not.toContain('invoice.overdue');
    // The clock's advance does it, at the clock's time.
    await advance(c.id, T0 + HOUR);
    const sent = r.received.map((x) => JSON.parse(x.body).type as string);
    // ... and its ready event, at the clock's new time.
    expect(sent).toEqual([...after.map((d) => d.event_type as string).reverse(), 'test_helpers.test_clock.advancing', 'test_helpers.test_clock.ready']);
    await advance(c.id, T0 + DAY + HOUR);
    const overdue = (await deliveries(ep.id)).filter((d) => d.event_type === 'invoice.overdue');
    expect(overdue).toHaveLength(1);
    expect(overdue[0]!.attempts[0].started_at).toBe(unix((Math.floor(T0 / DAY) + 1) * DAY));
  });

  it('checks what a clock is asked: test mode only, forward only, within its limits, one advance at a time, objects within one clock', async () => {
    // A live key: the helpers do not exist, and a test clock is not one of its objects.
    const livePost = await h.call('POST', '/v1/test_helpers/test_clocks', { key: live, body: { frozen_time: unix(T0) } });
    expect(livePost.status).toBe(404);
    expect(livePost.body.error.code).toBe('route_not_found');
    const c = await newClock('limits');
    // Created: 201, and `Location` is the clock's URL (2027-01-15).
    const made = await h.call('POST', '/v1/test_helpers/test_clocks', { key: test, body: { frozen_time: unix(T0), name: 'located' } });
    expect(made.status).toBe(201);
    expect(made.headers.get('location')).toBe(`/v1/test_helpers/test_clocks/${made.body.id}`);
    // A key pinned to 2026-12-01 is answered 200, without `Location`, as it always was.
    const pinned = await h.key('clockworks', 'all', { livemode: false, apiVersion: '2026-12-01' });
    const old = await h.call('POST', '/v1/test_helpers/test_clocks', { key: pinned, body: { frozen_time: unix(T0), name: 'pinned' } });
    expect(old.status).toBe(200);
    expect(old.headers.get('location')).toBeNull();
    expect(old.headers.get('service-version')).toBe('2026-12-01');
    expect(old.body).toMatchObject({ object: 'test_helpers.test_clock', name: 'pinned', status: 'ready' });
    // Its idempotent replay too, and the current version's replay of the same key is 201 again.
    const once = await h.call('POST', '/v1/test_helpers/test_clocks', { key: pinned, headers: { 'Idempotency-Key': 'clock-once' }, body: { frozen_time: unix(T0), name: 'once' } });
    const twice = await h.call('POST', '/v1/test_helpers/test_clocks', { key: pinned, headers: { 'Idempotency-Key': 'clock-once' }, body: { frozen_time: unix(T0), name: 'once' } });
    expect([once.status, twice.status, twice.headers.get('idempotent-replayed'), twice.body.id]).toEqual([200, 200, 'true', once.body.id]);
    for (const clock of [made, old, once]) expect((await h.call('DELETE', `/v1/test_helpers/test_clocks/${clock.body.id}`, { key: test })).status).toBe(200);
    const liveCustomer = await h.call('POST', '/v1/customers', { key: live, body: { name: 'Live', test_clock: c.id } });
    expect(liveCustomer.status).toBe(404);
    expect(liveCustomer.body.error).toMatchObject({ code: 'resource_missing', param: 'test_clock' });
    expect((await h.call('GET', `/v1/test_helpers/test_clocks/${c.id}`, { key: live })).body.error.code).toBe('route_not_found');

    const tooOld = await h.call('POST', '/v1/test_helpers/test_clocks', { key: test, body: { frozen_time: unix(T0 - 8 * DAY) } });
    expect(tooOld.status).toBe(400);
    expect(tooOld.body.error).toMatchObject({ type: 'validation_error', code: 'invalid_value', param: 'frozen_time' });
    const back = await h.call('POST', `/v1/test_helpers/test_clocks/${c.id}/advance`, { key: test, body: { frozen_time: unix(T0 - 1000) } });
    expect(back.status).toBe(400);
    expect(back.body.error).toMatchObject({ code: 'invalid_value', param: 'frozen_time' });
    const far = await h.call('POST', `/v1/test_helpers/test_clocks/${c.id}/advance`, { key: test, body: { frozen_time: unix(T0 + 91 * DAY) } });
    expect(far.status).toBe(400);
    expect(far.body.error).toMatchObject({ code: 'invalid_value', param: 'frozen_time' });
    const ahead = await h.call('POST', '/v1/test_helpers/test_clocks', { key: test, body: { frozen_time: unix(T0 + 367 * DAY) } });
    expect(ahead.body.error).toMatchObject({ code: 'invalid_value', param: 'frozen_time' });

    // While it advances, it is not advanced again, nor given objects, nor deleted.
    ok(await h.call('POST', `/v1/test_helpers/test_clocks/${c.id}/advance`, { key: test, body: { frozen_time: unix(T0 + HOUR) } }));
    expect((await h.call('POST', `/v1/test_helpers/test_clocks/${c.id}/advance`, { key: test, body: { frozen_time: unix(T0 + 2 * HOUR) } })).body.error.code).toBe('invalid_state_transition');
    expect((await h.call('POST', '/v1/customers', { key: test, body: { name: 'Late', test_clock: c.id } })).body.error.code).toBe('invalid_state_transition');
    expect((await h.call('DELETE', `/v1/test_helpers/test_clocks/${c.id}`, { key: test })).body.error.code).toBe('invalid_state_transition');
    await runJobs();

    // An order lives on its customer's clock; a carrier of another clock (or none) is not dispatched to.
    const other = await newClock('other');
    const customer = ok(await h.call('POST', '/v1/customers', { key: test, body: { name: 'Clocked', test_clock: c.id } }), 201);
    const mismatch = await h.call('POST', '/v1/orders', { key: test, body: { ...orderBody(customer.id), test_clock: other.id } });
    expect(mismatch.status).toBe(409);
    expect(mismatch.body.error).toMatchObject({ code: 'reference_conflict', param: 'test_clock' });
    const order = ok(await h.call('POST', '/v1/orders', { key: test, body: orderBody(customer.id) }), 201);
    expect(order.test_clock).toBe(c.id);
    const elsewhere = await carrier(other.id, '3100005');
    await runJobs();
    const dispatch = await h.call('POST', `/v1/orders/${order.id}/dispatch`, { key: test, body: { carrier_id: elsewhere.id } });
    expect(dispatch.status).toBe(409);
    expect(dispatch.body.error).toMatchObject({ code: 'reference_conflict', param: 'carrier_id' });

    // Objects per clock.
    const full = await newClock('full');
    for (let i = 0; i < CLOCK_LIMITS.objectsPerKind; i++) ok(await h.call('POST', '/v1/customers', { key: test, body: { name: `Shipper ${i}`, test_clock: full.id } }), 201);
    const over = await h.call('POST', '/v1/customers', { key: test, body: { name: 'One too many', test_clock: full.id } });
    expect(over.status).toBe(409);
    expect(over.body.error).toMatchObject({ type: 'conflict_error', code: 'test_clock_limit', param: 'test_clock' });

    const listed = ok(await h.call('GET', '/v1/test_helpers/test_clocks?limit=100', { key: test }));
    expect((listed.data as Json[]).map((x) => x.id)).toEqual(expect.arrayContaining([c.id, other.id, full.id]));
  });

  it('keeps the clock\'s events for 30 days after their week on its time, as the log keeps events in real time', async () => {
    const c = await newClock('retention');
    const made = await carrier(c.id, '3100007');
    const unclocked = await carrier(undefined, '3100008');
    await runJobs();
    const eventsOf = async (id: string) => (ok(await h.call('GET', `/v1/events?limit=100`, { key: test })).data as Json[]).filter((e) => e.data.id === id).map((e) => e.type);
    expect(await eventsOf(made.id)).toEqual(['carrier.vetted', 'carrier.onboarded']);
    // T0 is a Saturday: its week ends on Monday T0 + 2 days, 30 days after which its events go.
    const weekEnd = T0 + 2 * DAY - (T0 % DAY);
    await advance(c.id, weekEnd + 30 * DAY - HOUR);
    expect(await eventsOf(made.id)).toEqual(['carrier.vetted', 'carrier.onboarded']);
    await advance(c.id, weekEnd + 30 * DAY + HOUR);
    expect(await eventsOf(made.id)).toEqual([]);
    // Events of no clock keep to the real time.
    expect(await eventsOf(unclocked.id)).toEqual(['carrier.vetted', 'carrier.onboarded']);
  });

  it('sends what happens on a clock at once to an endpoint on no clock, whatever the time on the clock', async () => {
    const c = await newClock('ahead');
    await advance(c.id, T0 + 20 * DAY);
    const r = await receiver(200);
    const plain = ok(await h.call('POST', '/v1/webhook_endpoints', { key: test, body: { url: r.url, enabled_events: ['order.created', 'carrier.onboarded'] } }), 201);
    const customer = ok(await h.call('POST', '/v1/customers', { key: test, body: { name: 'Ahead Motors', test_clock: c.id } }), 201);
    const order = ok(await h.call('POST', '/v1/orders', { key: test, body: orderBody(customer.id) }), 201);
    expect(order.created).toBe(unix(T0 + 20 * DAY));
    await carrier(c.id, '3100010');
    // The real time is T0: the deliveries are due now, not in 20 days.
    const worker = new DeliveryWorker({ db: h.database.db, clock, log: silent, transport });
    for (let i = 0; i < 10 && (await worker.runOnce()) > 0; i++);
    expect(r.received.map((x) => JSON.parse(x.body).type).sort()).toEqual(['carrier.onboarded', 'order.created']);
    expect((await deliveries(plain.id)).every((d) => d.status === 'succeeded')).toBe(true);
    await h.call('DELETE', `/v1/webhook_endpoints/${plain.id}`, { key: test });
    await runJobs();
  });

  it('runs an advance once, however many runs of its job there are at once', async () => {
    const c = await newClock('twice');
    const failing = await receiver(500);
    await endpoint(c.id, failing.url, ['carrier.onboarded']);
    await carrier(c.id, '3100009');
    await runJobs();
    ok(await h.call('POST', `/v1/test_helpers/test_clocks/${c.id}/advance`, { key: test, body: { frozen_time: unix(T0 + 2 * DAY) } }));
    const deps = { context: () => h.background(clock), transport, registry: liveRegistry, monitorIntervalMs: DAY };
    const { runAdvance } = await import('../src/test-helpers/test-clocks.service.js');
    // Two runs side by side (a job taken over while its run was still going): one holds the clock.
    for (let i = 0; i < 50; i++) {
      const [a, b] = await Promise.all([runAdvance(deps, c.id), runAdvance(deps, c.id)]);
      if (a && b) break;
    }
    expect(ok(await h.call('GET', `/v1/test_helpers/test_clocks/${c.id}`, { key: test }))).toMatchObject({ status: 'ready', frozen_time: unix(T0 + 2 * DAY) });
    expect(failing.received).toHaveLength(6);
    await runJobs();
  });

  it('deletes what lives on a clock with it, and nothing else', async () => {
    // What lives on no clock, beside it, and the books before the clock's money.
    const kept = ok(await h.call('POST', '/v1/customers', { key: test, body: { name: 'Unclocked Motors', email: 'ap@unclocked.example' } }), 201);
    const keptOrder = ok(await h.call('POST', '/v1/orders', { key: test, body: orderBody(kept.id) }), 201);
    const keptInvoice = ok(await h.call('POST', '/v1/invoices', { key: test, body: { customer_id: kept.id, currency: 'usd', due_date: '2026-12-31', lines: [{ description: 'Transport', quantity: 1, unit_amount: 9_000, order_id: keptOrder.id }], send: true } }), 201);
    const booksBefore = ok(await h.call('GET', '/v1/ledger_balances', { key: test }));
    const c = await newClock('doomed');
    const r = await receiver(200);
    const ep = await endpoint(c.id, r.url, ['*']);
    const made = await carrier(c.id, '3100006');
    await runJobs();
    const customer = ok(await h.call('POST', '/v1/customers', { key: test, body: { name: 'Doomed Motors', email: 'ap@doomed.example', test_clock: c.id } }), 201);
    const order = ok(await h.call('POST', '/v1/orders', { key: test, body: orderBody(customer.id, { carrier_pay: 90_000 }) }), 201);
    ok(await h.call('POST', `/v1/test_helpers/orders/${order.id}/deliver`, { key: test, body: { carrier_id: made.id } }));
    const invoice = ok(await h.call('POST', '/v1/invoices', { key: test, body: { customer_id: customer.id, currency: 'usd', due_date: '2026-12-31', lines: [{ description: 'Transport', quantity: 1, unit_amount: 145_000, order_id: order.id }], send: true } }), 201);
    const payment = ok(await h.call('POST', '/v1/payments', { key: test, body: { customer_id: customer.id, invoice_id: invoice.id, amount: 45_000, payment_method: 'ach' } }), 201);
    const carrierPayment = ok(await h.call('POST', '/v1/carrier_payments', { key: test, body: { carrier_id: made.id, order_ids: [order.id], payment_method: 'ach' } }), 201);
    ok(await h.call('POST', `/v1/test_helpers/carriers/${made.id}/registry_record`, { key: test, body: { change: 'out_of_service' } }));
    const read = ok(await h.call('POST', `/v1/carriers/${made.id}/monitor`, { key: test }));
    expect(read.alert_ids).toHaveLength(1);
    const sources = async () => new Set((ok(await h.call('GET', '/v1/ledger_entries?limit=100', { key: test })).data as Json[]).map((e) => e.source_id));
    const subjects = async () => new Set((ok(await h.call('GET', '/v1/messages?limit=100', { key: test })).data as Json[]).map((m) => m.subject_id));
    expect([...(await sources())]).toEqual(expect.arrayContaining([invoice.id, payment.id, carrierPayment.id, keptInvoice.id]));
    expect([...(await subjects())]).toEqual(expect.arrayContaining([invoice.id, carrierPayment.id, order.id, keptInvoice.id]));

    const deleted = ok(await h.call('DELETE', `/v1/test_helpers/test_clocks/${c.id}`, { key: test }));
    expect(deleted).toEqual({ id: c.id, object: 'test_helpers.test_clock', livemode: false, deleted: true });
    for (const path of [
      `/v1/test_helpers/test_clocks/${c.id}`,
      `/v1/customers/${customer.id}`,
      `/v1/orders/${order.id}`,
      `/v1/carriers/${made.id}`,
      `/v1/webhook_endpoints/${ep.id}`,
      `/v1/invoices/${invoice.id}`,
      `/v1/payments/${payment.id}`,
      `/v1/carrier_payments/${carrierPayment.id}`,
      `/v1/compliance_alerts/${read.alert_ids[0]}`,
    ]) {
      expect((await h.call('GET', path, { key: test })).status, path).toBe(404);
    }
    const left = await sources();
    for (const id of [invoice.id, payment.id, carrierPayment.id, order.id]) expect(left.has(id), id).toBe(false);
    const mail = await subjects();
    for (const id of [invoice.id, carrierPayment.id, order.id]) expect(mail.has(id), id).toBe(false);
    // The test registry forgot the clock's carrier: a carrier made later with its DOT number passes.
    const again = await carrier(undefined, '3100006');
    await runJobs();
    expect(ok(await h.call('GET', `/v1/carriers/${again.id}`, { key: test })).status).toBe('active');
    // What lives on no clock stays, with its books and mail.
    for (const path of [`/v1/customers/${kept.id}`, `/v1/orders/${keptOrder.id}`, `/v1/invoices/${keptInvoice.id}`]) expect((await h.call('GET', path, { key: test })).status, path).toBe(200);
    expect(left.has(keptInvoice.id)).toBe(true);
    expect(mail.has(keptInvoice.id)).toBe(true);
    // The books are as they were before the clock's money: whole journal entries went, and they balance.
    const booksAfter = ok(await h.call('GET', '/v1/ledger_balances', { key: test }));
    expect(booksAfter.accounts).toEqual(booksBefore.accounts);
    expect(booksAfter.total_debits).toBe(booksAfter.total_credits);
  });
});
