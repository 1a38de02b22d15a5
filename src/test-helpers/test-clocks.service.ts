// Test clocks (test mode): a clock is a time of its own, frozen until advanced. Customers, orders,
// carriers and webhook endpoints created with `test_clock` live on it: they are created at the
// clock's time, and nothing that happens by itself in real time touches them (the delivery claim
// skips a clock's endpoints, and every scheduled job skips a clock's objects: see their
// `testClockId` parameters). Advancing a clock runs, in a job, everything due on its objects between
// its old time and the new one, in time order, each at its time on the clock (a discrete-event
// simulation: the next thing due is found, the clock is moved to its time, it happens, and so on):
//
// - webhook deliveries to its endpoints, with their retries on the real schedule (each attempt a
//   real request, recorded at the clock's time), and an endpoint failing for 5 days disabled;
// - monitoring reads of its carriers (the test registry), with their alerts and suspensions;
// - at each midnight (UTC), compliance expiries of its carriers, invoices of its customers going
//   past due, and the retention of the clock's events (30 days after their week, as the log's).
//
// Advancing in steps or in one call makes the same things happen at the same times: what happens is
// decided by the due times alone (a monitoring read's next one is due exactly an interval later,
// with no jitter, on a clock).
import { randomUUID } from 'node:crypto';
import type { components, operations } from '../../generated/openapi.js';
import type { Job } from '../jobs/jobs.entities.js';
import { enqueueJob, type JobHandler } from '../jobs/runner.js';
import { monitorDue } from '../carriers/monitor.service.js';
import { scanCompliance } from '../carriers/compliance.service.js';
import type { RegistryProvider } from '../carriers/registry/index.js';
import { announceOverdueInvoices } from '../accounting/invoices.service.js';
import { unixOrNull, unixSeconds } from '../shared/clock.js';
import { inTransaction, type Context, type RequestContext } from '../shared/context.js';
import { errors } from '../shared/errors.js';
import { assertCanTakeAway } from '../shared/grants.js';
import { lockOne } from '../shared/find.js';
import { newId } from '../shared/ids.js';
import { livemodeOf } from '../shared/livemode.js';
import { listPage, type Page } from '../shared/pagination.js';
import { queryRows } from '../shared/sql.js';
import { emitEvent } from '../webhooks/emitter.js';
import { subscriptionScopes } from '../webhooks/event-types.js';
import { WebhookEndpoint } from '../webhooks/webhooks.entities.js';
import { disableFailingEndpoints, FAILING_DISABLE_MS } from '../webhooks/health.js';
import { ATTEMPT_DELAYS_MS, MAX_ATTEMPTS } from '../webhooks/schedule.js';
import { EVENT_RETENTION_MS, weekOf } from '../webhooks/retention.js';
import type { Transport } from '../webhooks/transport.js';
import { BREAKER_THRESHOLD, outcomeRows, signedHeaders, summarise, type Claimed, type Outcome } from '../webhooks/worker.js';
import { TestClock } from '../clocks/clocks.entities.js';
import { atTime, CLOCK_LIMITS, DAY_MS, findTestClock, fixedClock } from '../clocks/object-clock.js';

type S = components['schemas'];

export const TEST_CLOCK_ADVANCE_JOB = 'test_clock.advance';
/** Attempts of an advance's job that fails (the database away, say), 5 s apart, before the clock is `internal_failure`. */
const ADVANCE_ATTEMPTS = 10;
/** A run's time, then the job is rescheduled at once (its lease stays short; other jobs get their turn). */
const RUN_BUDGET_MS = 20_000;
/** Deliveries due at one instant sent at once (each at most a transport timeout, so a step stays within the job's lease). */
const DELIVERIES_PER_STEP = 5;
/** How long the clock holds the deliveries it is sending. */
const DELIVERY_LEASE_MS = 5 * 60_000;

export function renderTestClock(c: TestClock): S['TestClock'] {
  return {
    id: c.id,
    object: 'test_helpers.test_clock',
    livemode: livemodeOf(c.accountId),
    name: c.name ?? null,
    frozen_time: unixSeconds(c.frozenTime),
    status: c.status,
    advancing_to: unixOrNull(c.advancingTo),
    created: unixSeconds(c.createdAt),
    updated: unixSeconds(c.updatedAt),
  };
}

const timeFrom = (seconds: number): Date => new Date(seconds * 1000);

export function createTestClock(ctx: RequestContext, input: S['TestClockCreate']): Promise<TestClock> {
  return inTransaction(ctx, async (tx) => {
    const now = ctx.clock.now();
    const frozen = timeFrom(input.frozen_time);
    if (frozen.getTime() < now.getTime() - CLOCK_LIMITS.behindMs || frozen.getTime() > now.getTime() + CLOCK_LIMITS.aheadMs) {
      throw errors.invalidValue('frozen_time', `A test clock starts from 7 days before now to 366 days after (now: ${now.toISOString()}).`);
    }
    // Clocks of one account are made one at a time, so the limit holds.
    await queryRows(tx.em, 'select pg_advisory_xact_lock(hashtext($1))', [`test_clocks:${ctx.principal.accountId}`]);
    const count = await tx.em.count(TestClock, { accountId: ctx.principal.accountId });
    if (count >= CLOCK_LIMITS.clocksPerAccount) {
      throw errors.testClockLimit(undefined, `An account has at most ${CLOCK_LIMITS.clocksPerAccount} test clocks: delete one first.`);
    }
    const clock = tx.em.create(TestClock, {
      id: newId('testClock', now.getTime()),
      accountId: ctx.principal.accountId,
      name: input.name ?? null,
      frozenTime: frozen,
      status: 'ready',
      advancingTo: null,
      // Nothing lived on it before: the midnight before it starts is as good as done.
      midnightDoneAt: new Date(Math.floor(frozen.getTime() / DAY_MS) * DAY_MS),
      runner: null,
      runnerUntil: null,
      createdAt: now,
      updatedAt: now,
    });
    tx.em.persist(clock);
    await tx.em.flush();
    return clock;
  });
}

export function listTestClocks(ctx: RequestContext, query: NonNullable<operations['listTestClocks']['parameters']['query']>): Promise<Page<TestClock>> {
  return listPage(ctx.em, TestClock, ctx.principal.accountId, {}, query);
}

/** Starts moving a clock forward: `advancing` at once, the rest in the background (TEST_CLOCK_ADVANCE_JOB). */
export function advanceTestClock(ctx: RequestContext, id: string, input: S['TestClockAdvance']): Promise<TestClock> {
  return inTransaction(ctx, async (tx) => {
    const clock = await findTestClock(tx, id, { forUpdate: true });
    if (clock.status === 'advancing') throw errors.invalidStateTransition(`Test clock ${clock.id} is advancing: wait until it is ready.`);
    const target = timeFrom(input.frozen_time);
    const from = clock.frozenTime.getTime();
    if (target.getTime() <= from) {
      throw errors.invalidValue('frozen_time', `A test clock moves forward only: frozen_time must be after ${clock.frozenTime.toISOString()}.`);
    }
    if (target.getTime() - from > CLOCK_LIMITS.advanceMs) {
      throw errors.invalidValue('frozen_time', `One advance moves a test clock 90 days at most (to ${new Date(from + CLOCK_LIMITS.advanceMs).toISOString()}).`);
    }
    const now = ctx.clock.now();
    if (target.getTime() > now.getTime() + CLOCK_LIMITS.aheadMs) {
      throw errors.invalidValue('frozen_time', `A test clock goes 366 days after the real time at most (to ${new Date(now.getTime() + CLOCK_LIMITS.aheadMs).toISOString()}).`);
    }
    clock.status = 'advancing';
    clock.advancingTo = target;
    clock.updatedAt = now;
    // At the clock's time (due then to its own endpoints, now to the others).
    await emitEvent(atTime(tx, clock.frozenTime), 'test_helpers.test_clock.advancing', renderTestClock(clock), { now: clock.frozenTime });
    await enqueueJob(tx.em, { kind: TEST_CLOCK_ADVANCE_JOB, subjectId: clock.id, runAt: now, maxAttempts: ADVANCE_ATTEMPTS });
    await tx.em.flush();
    return clock;
  });
}

/**
 * What lives on a clock, and what belongs to it, in the order it goes (what refers to a row goes
 * before it). $1: the clock, $2: its account. An order lives on its customer's clock and is
 * dispatched to a carrier of its own clock only, so nothing off the clock refers to any of it.
 */
const CLOCK_CUSTOMERS = `select id from customers where test_clock_id = $1`;
const CLOCK_CARRIERS = `select id from carriers where test_clock_id = $1`;
const CLOCK_SOURCES = `
  select id from invoices where customer_id in (${CLOCK_CUSTOMERS})
  union all select id from payments where customer_id in (${CLOCK_CUSTOMERS})
  union all select id from orders where test_clock_id = $1
  union all select id from carrier_payments where carrier_id in (${CLOCK_CARRIERS})`;
const DELETE_CLOCK: { kind: string; sql: string }[] = [
  {
    kind: 'webhook_deliveries',
    sql: `with d as (select d.id from webhook_deliveries d where d.endpoint_id in (select id from webhook_endpoints where test_clock_id = $1)),
               a as (delete from webhook_delivery_attempts where delivery_id in (select id from d))
          delete from webhook_deliveries where id in (select id from d) and account_id = $2`,
  },
  { kind: 'webhook_endpoints', sql: `delete from webhook_endpoints where test_clock_id = $1 and account_id = $2` },
  {
    kind: 'ledger_entries',
    sql: `delete from ledger_entries where account_id = $2 and journal_entry_id in (
            select journal_entry_id from ledger_entries where account_id = $2 and source_id in (${CLOCK_SOURCES}))`,
  },
  { kind: 'messages', sql: `delete from messages where account_id = $2 and subject_id in (${CLOCK_SOURCES})` },
  {
    kind: 'carrier_payment_orders',
    sql: `delete from carrier_payment_orders where account_id = $2 and (order_id in (select id from orders where test_clock_id = $1)
            or carrier_payment_id in (select id from carrier_payments where carrier_id in (${CLOCK_CARRIERS})))`,
  },
  { kind: 'carrier_payments', sql: `delete from carrier_payments where account_id = $2 and carrier_id in (${CLOCK_CARRIERS})` },
  { kind: 'payments', sql: `delete from payments where account_id = $2 and customer_id in (${CLOCK_CUSTOMERS})` },
  {
    kind: 'invoice_lines',
    sql: `delete from invoice_lines where account_id = $2 and (invoice_id in (select id from invoices where customer_id in (${CLOCK_CUSTOMERS}))
            or order_id in (select id from orders where test_clock_id = $1))`,
  },
  { kind: 'invoices', sql: `delete from invoices where account_id = $2 and customer_id in (${CLOCK_CUSTOMERS})` },
  { kind: 'compliance_alerts', sql: `delete from compliance_alerts where account_id = $2 and carrier_id in (${CLOCK_CARRIERS})` },
  { kind: 'carrier_registry_snapshots', sql: `delete from carrier_registry_snapshots where account_id = $2 and carrier_id in (${CLOCK_CARRIERS})` },
  { kind: 'orders', sql: `delete from orders where test_clock_id = $1 and account_id = $2` },
  // The test registry's record of each (what a helper changed, how often it was read): a DOT number
  // is one carrier's within an account, so a carrier made later with that number starts afresh.
  {
    kind: 'test_registry_records',
    sql: `delete from test_registry_records where account_id = $2 and dot_number in (select dot_number from carriers where test_clock_id = $1)`,
  },
  { kind: 'carriers', sql: `delete from carriers where test_clock_id = $1 and account_id = $2` },
  { kind: 'customers', sql: `delete from customers where test_clock_id = $1 and account_id = $2` },
  { kind: 'test_clocks', sql: `delete from test_clocks where id = $1 and account_id = $2` },
];

/** What else lives on a clock, beyond its customers and orders: $1 the clock, $2 its account. */
const CLOCK_HOLDINGS = `select
  (select count(*) from carriers where test_clock_id = $1) as carriers,
  (select count(*) from invoices where account_id = $2 and customer_id in (${CLOCK_CUSTOMERS}))
    + (select count(*) from payments where account_id = $2 and customer_id in (${CLOCK_CUSTOMERS}))
    + (select count(*) from carrier_payments where account_id = $2 and carrier_id in (${CLOCK_CARRIERS})) as accounting`;

/**
 * Deleting a clock takes away what lives on it (the grant rule): besides its customers and orders
 * (the operation's `orders:write`), its carriers need `carriers:write`, its invoices, payments and
 * carrier payments `accounting:write`, and each of its webhook endpoints the scopes of every event
 * it receives, as deleting each of them would. 403 `insufficient_scope` naming what is missing.
 */
async function assertCanDeleteHoldings(tx: RequestContext, clock: TestClock): Promise<void> {
  const [held] = await queryRows<{ carriers: number | string; accounting: number | string }>(tx.em, CLOCK_HOLDINGS, [clock.id, clock.accountId]);
  const endpoints = await tx.em.find(WebhookEndpoint, { testClockId: clock.id, accountId: clock.accountId }, { fields: ['id', 'enabledEvents'] });
  const needs = [
    ...(Number(held!.carriers) ? ['carriers:write'] : []),
    ...(Number(held!.accounting) ? ['accounting:write'] : []),
    ...endpoints.flatMap((e) => ['webhooks:manage', ...subscriptionScopes(e.enabledEvents)]),
  ];
  assertCanTakeAway(tx.principal, needs, `Test clock ${clock.id} (what lives on it)`);
}

/** Deletes a clock and everything that lives on it, in one transaction (a clock holds few objects: CLOCK_LIMITS). */
export function deleteTestClock(ctx: RequestContext, id: string): Promise<S['DeletedTestClock']> {
  return inTransaction(ctx, async (tx) => {
    const clock = await findTestClock(tx, id, { forUpdate: true });
    if (clock.status === 'advancing') throw errors.invalidStateTransition(`Test clock ${clock.id} is advancing: delete it once it is ready.`);
    await assertCanDeleteHoldings(tx, clock);
    for (const step of DELETE_CLOCK) await queryRows(tx.em, step.sql, [clock.id, clock.accountId]);
    return { id: clock.id, object: 'test_helpers.test_clock', livemode: livemodeOf(clock.accountId), deleted: true };
  });
}

// ---------- advancing ----------

export interface AdvanceDeps {
  context: () => Context;
  /** The transport of webhook deliveries (the worker's rules: private targets refused outside development). */
  transport: Transport;
  /** The registry monitoring is configured with; a clock's carriers, all of test mode, read the test registry instead. */
  registry: RegistryProvider;
  /** CARRIER_MONITOR_INTERVAL_HOURS. */
  monitorIntervalMs: number;
}

type StepKind = 'day' | 'monitor' | 'health' | 'delivery';
/** At one instant: midnight's work first, then monitoring, endpoint health, deliveries (what each makes is due at once, and comes next). */
const ORDER: Record<StepKind, number> = { day: 0, monitor: 1, health: 2, delivery: 3 };

/** When the clock's next monitoring read, endpoint health check and delivery are due ($1: the clock; $2: FAILING_DISABLE_MS). */
const NEXT_DUE = `
  (select min(monitor_next_check_at) from carriers where test_clock_id = $1 and status in ('active', 'suspended')) as next_monitor_at,
  (select min(failing_since) + $2 * interval '1 millisecond' from webhook_endpoints
    where test_clock_id = $1 and status = 'enabled' and failing_since is not null) as next_health_at,
  (select min(d.next_attempt_at) from webhook_deliveries_queue d join webhook_endpoints e on e.id = d.endpoint_id
    where e.test_clock_id = $1 and e.status = 'enabled' and d.clocked and d.status = 'pending') as next_delivery_at`;

type NextDue = Record<'next_monitor_at' | 'next_health_at' | 'next_delivery_at', Date | string | null>;

/** The next thing due on the clock after (or at) its time: what and when. */
function nextDue(clock: TestClock, times: NextDue): { kind: StepKind; at: Date } {
  // The midnight after the last one done (one that failed midway is done again: its work is idempotent).
  const due = [{ kind: 'day' as StepKind, at: new Date(Math.max(clock.midnightDoneAt.getTime() + DAY_MS, clock.frozenTime.getTime())) }];
  const found: [StepKind, Date | string | null][] = [['monitor', times.next_monitor_at], ['health', times.next_health_at], ['delivery', times.next_delivery_at]];
  for (const [kind, at] of found) if (at !== null) due.push({ kind, at: new Date(Math.max(new Date(at).getTime(), clock.frozenTime.getTime())) });
  due.sort((a, b) => a.at.getTime() - b.at.getTime() || ORDER[a.kind] - ORDER[b.kind]);
  return due[0]!;
}

/** Due deliveries of the clock's endpoints, with what sending them needs. */
const DUE_DELIVERIES = `
  select d.id, d.event_id, d.endpoint_id, d.payload, d.traceparent, d.tracestate,
         e.url, e.secret, e.previous_secret, e.previous_secret_expires_at
  from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
  where e.test_clock_id = $1 and e.status = 'enabled' and d.clocked and d.status = 'pending' and d.next_attempt_at <= $2
  order by d.next_attempt_at, d.id
  limit $3`;

const LEASE = `update webhook_deliveries set lease_owner = $2, lease_expires_at = $3 where id = any($1::text[]) and status = 'pending'`;

/** Records outcomes as the worker does (migration ...000050), claiming nothing. */
const RECORD = `select record_and_claim_webhook_deliveries($1, $2, $3, $4, $5, $6, $7, $8, 0, $9, 0, '{}'::text[]) as result`;

interface DueDelivery {
  id: string;
  event_id: string;
  endpoint_id: string;
  payload: string;
  traceparent: string | null;
  tracestate: string | null;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | string | null;
}

/**
 * Sends the deliveries due at `at` on the clock (a few at a time): each a real request, signed at
 * the real time (receivers check the signature's time against theirs), recorded as made at `at`,
 * so the next attempt is due at `at` plus the schedule's delay, on the clock.
 */
async function sendDue(ctx: Context, deps: AdvanceDeps, clockId: string, at: Date): Promise<number> {
  const due = await queryRows<DueDelivery>(ctx.em, DUE_DELIVERIES, [clockId, at, DELIVERIES_PER_STEP]);
  if (!due.length) return 0;
  const owner = `test_clock:${clockId}`;
  const until = new Date(ctx.clock.now().getTime() + DELIVERY_LEASE_MS);
  await queryRows(ctx.em, LEASE, [due.map((d) => d.id), owner, until]);
  const outcomes: Outcome[] = await Promise.all(
    due.map(async (d) => {
      const claimed: Claimed = {
        id: d.id,
        eventId: d.event_id,
        endpointId: d.endpoint_id,
        payload: d.payload,
        url: d.url,
        secret: d.secret,
        previousSecret: d.previous_secret,
        previousSecretExpiresAt: d.previous_secret_expires_at === null ? null : new Date(d.previous_secret_expires_at),
        breakerOpen: false,
        probe: false,
        trace: d.traceparent ? { traceparent: d.traceparent, tracestate: d.tracestate } : null,
        leaseExpiresAt: until,
      };
      const outcome = await deps.transport.post({
        url: d.url,
        headers: {
          ...signedHeaders(claimed, ctx.clock.now()),
          ...(d.traceparent ? { traceparent: d.traceparent } : {}),
          ...(d.tracestate ? { tracestate: d.tracestate } : {}),
        },
        body: d.payload,
      });
      return { claimed, startedAt: at, finishedAt: at, outcome, done: () => undefined, failed: () => undefined };
    }),
  );
  await queryRows(ctx.em, RECORD, [
    JSON.stringify(outcomeRows(outcomes)),
    JSON.stringify(summarise(outcomes)),
    MAX_ATTEMPTS,
    JSON.stringify(ATTEMPT_DELAYS_MS),
    BREAKER_THRESHOLD,
    owner,
    at,
    DELIVERIES_PER_STEP,
    until,
  ]);
  return due.length;
}

/**
 * The retention of the clock's events, on its time: as the log's (retention.ts), an event goes with
 * its deliveries and their attempts once its whole week (Monday to Sunday, UTC) is more than
 * EVENT_RETENTION_MS old. The clock's events are those about its objects and itself.
 */
const EXPIRE_EVENTS = `
  with objects as (
    ${CLOCK_SOURCES}
    union all ${CLOCK_CUSTOMERS}
    union all ${CLOCK_CARRIERS}
    union all select id from webhook_endpoints where test_clock_id = $1
    union all select id from compliance_alerts where carrier_id in (${CLOCK_CARRIERS})
    union all select $1
  ),
  expired as (select id from events where account_id = $2 and object_id in (select id from objects) and created_at < $3),
  deliveries as (select id from webhook_deliveries where event_id in (select id from expired)),
  attempts as (delete from webhook_delivery_attempts where delivery_id in (select id from deliveries)),
  gone as (delete from webhook_deliveries where id in (select id from deliveries))
  delete from events where id in (select id from expired) and account_id = $2`;

async function expireEvents(em: Context['em'], clock: TestClock, at: Date): Promise<void> {
  const cutoff = weekOf(Math.floor((at.getTime() - EVENT_RETENTION_MS) / DAY_MS)) * DAY_MS;
  await queryRows(em, EXPIRE_EVENTS, [clock.id, clock.accountId, new Date(cutoff)]);
}

/** Does what is due of `kind` at `at` on the clock (`ctx`: the real time's). */
async function step(ctx: Context, deps: AdvanceDeps, clock: TestClock, kind: StepKind, at: Date): Promise<void> {
  const onClock = atTime({ ...ctx, em: ctx.em.fork() }, at);
  switch (kind) {
    case 'day':
      await scanCompliance(onClock, clock.id);
      await announceOverdueInvoices(onClock, Number.MAX_SAFE_INTEGER, clock.accountId, clock.id);
      await expireEvents(onClock.em, clock, at);
      await queryRows(ctx.em.fork(), `update test_clocks set midnight_done_at = greatest(midnight_done_at, $2) where id = $1`, [clock.id, at]);
      return;
    case 'monitor':
      // On a clock, the next read is due exactly an interval later (jitter 0.5: none), whatever the steps.
      await monitorDue(onClock, { registry: deps.registry, intervalMs: deps.monitorIntervalMs, ratePerMinute: 100, jitter: () => 0.5 }, clock.id);
      return;
    case 'health':
      await disableFailingEndpoints({ em: () => ctx.em.fork() }, fixedClock(at), ctx.log, clock.id);
      return;
    case 'delivery':
      await sendDue({ ...ctx, em: ctx.em.fork() }, deps, clock.id, at);
      return;
  }
}

/** How long a run of an advance holds its clock (renewed before each step; a step takes a transport timeout at most). */
const RUNNER_LEASE_MS = 90_000;

/**
 * Takes (or renews) the clock for this run of its advance, and answers it as it is now: one run at a
 * time, whatever the number of workers (a run whose job lease ran out while a step was slow, and
 * the run that took the job over, never step together). Null when it is not advancing, or another
 * run holds it.
 */
async function holdClock(ctx: Context, clockId: string, runner: string): Promise<{ clock: TestClock; next: { kind: StepKind; at: Date } } | null> {
  const now = ctx.clock.now();
  // One statement: the clock taken, and when each kind of thing is next due on it.
  const [row] = await queryRows<Record<string, unknown> & NextDue>(
    ctx.em.fork(),
    `with held as (
       update test_clocks set runner = $3, runner_until = $4
       where id = $1 and status = 'advancing' and advancing_to is not null and (runner is null or runner = $3 or runner_until <= $5) returning *
     )
     select held.*, ${NEXT_DUE} from held`,
    [clockId, FAILING_DISABLE_MS, runner, new Date(now.getTime() + RUNNER_LEASE_MS), now],
  );
  if (!row) return null;
  const { next_monitor_at, next_health_at, next_delivery_at, ...columns } = row;
  const clock = ctx.em.fork().map(TestClock, columns);
  return { clock, next: nextDue(clock, { next_monitor_at, next_health_at, next_delivery_at }) };
}

/**
 * Runs an advance for up to `budgetMs`: the next thing due, then the next, until nothing is due by
 * the target; then the clock is `ready` there, and what is due at that time is sent (its `ready`
 * event included). Answers whether it is done (false: run again; another run may hold the clock).
 */
export async function runAdvance(deps: AdvanceDeps, clockId: string, budgetMs = RUN_BUDGET_MS): Promise<boolean> {
  const started = Date.now();
  const ctx = deps.context();
  const runner = randomUUID();
  for (;;) {
    if (Date.now() - started > budgetMs) return false;
    const held = await holdClock(ctx, clockId, runner);
    if (!held) {
      // Done (ready, failed, deleted), or held by another run: this run is over, done or to be run again.
      const [row] = await queryRows<{ status: string }>(ctx.em.fork(), 'select status from test_clocks where id = $1', [clockId]);
      return row?.status !== 'advancing';
    }
    const { clock, next } = held;
    if (next.at.getTime() > clock.advancingTo!.getTime()) {
      const target = clock.advancingTo!;
      await finishAdvance({ ...ctx, em: ctx.em.fork() }, clockId, runner);
      // What is due at the clock's new time (its `ready` event to its own endpoints) is sent now.
      for (let i = 0; i < 100 && (await sendDue({ ...ctx, em: ctx.em.fork() }, deps, clockId, target)) > 0; i++);
      return true;
    }
    // The clock's time first: what happens now is due by it, and deliveries to its endpoints made now are due at it.
    if (next.at.getTime() !== clock.frozenTime.getTime()) {
      await queryRows(ctx.em.fork(), `update test_clocks set frozen_time = greatest(frozen_time, $2), updated_at = $3 where id = $1 and status = 'advancing' and runner = $4`, [
        clockId,
        next.at,
        ctx.clock.now(),
        runner,
      ]);
    }
    await step(ctx, deps, clock, next.kind, next.at);
  }
}

/** The clock at its target, `ready`, with its event (at the clock's new time), once nothing is due on the way. */
export async function finishAdvance(ctx: Context, clockId: string, runner?: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const clock = await lockOne(tx.em, TestClock, { id: clockId });
    if (!clock || clock.status !== 'advancing' || !clock.advancingTo) return;
    if (runner !== undefined && clock.runner !== runner) return;
    clock.frozenTime = clock.advancingTo;
    clock.advancingTo = null;
    clock.status = 'ready';
    clock.runner = null;
    clock.runnerUntil = null;
    clock.updatedAt = (tx.realClock ?? tx.clock).now();
    // Written first: the event's deliveries to the clock's endpoints are due at its new time.
    await tx.em.flush();
    // At the clock's new time (due then to its own endpoints, now to the others).
    await emitEvent(atTime(tx, clock.frozenTime), 'test_helpers.test_clock.ready', renderTestClock(clock), { accountId: clock.accountId, now: clock.frozenTime });
    await tx.em.flush();
  });
}

/** The job of an advance: runs, rescheduled at once until done; given up, the clock is `internal_failure` where it got to. */
export function testClockAdvanceJob(deps: AdvanceDeps): JobHandler {
  return {
    async run(job: Job) {
      const done = await runAdvance(deps, job.subjectId as string);
      return done ? undefined : { rescheduleAt: deps.context().clock.now() };
    },
    backoffMs: () => 5_000,
    // What stopped it is the job's last error (logged, and kept on its row).
    async onFailed(job: Job) {
      const ctx = deps.context();
      await ctx.em.nativeUpdate(
        TestClock,
        { id: job.subjectId as string, status: 'advancing' },
        { status: 'internal_failure', advancingTo: null, runner: null, runnerUntil: null, updatedAt: ctx.clock.now() },
      );
    },
  };
}
