// Deleting an account's test data (DELETE /v1/test_data): a row that records the request and its
// progress, and a job that removes the test account's objects a batch at a time, each batch in one
// transaction with the progress it adds, children before their parents. Keys, OAuth clients, webhook
// endpoints (but those on a test clock), users, sessions and the audit log stay, and nothing of live mode is read or touched:
// every statement names the test account.
import { assertCanTakeAway } from '../shared/grants.js';
import { allScopes } from '../shared/spec.js';
import type { components } from '../../generated/openapi.js';
import { recordAudit } from '../audit/audit.service.js';
import type { Job } from '../jobs/jobs.entities.js';
import { enqueueJob, type JobHandler } from '../jobs/runner.js';
import { unixOrNull, unixSeconds } from '../shared/clock.js';
import { inTransaction, type Context, type RequestContext } from '../shared/context.js';
import { errors } from '../shared/errors.js';
import { lockOne, ownedFinder } from '../shared/find.js';
import { newId } from '../shared/ids.js';
import { livemodeOf, testAccountIdOf } from '../shared/livemode.js';
import { queryRows } from '../shared/sql.js';
import { TestDataDeletion } from './test-helpers.entities.js';

type S = components['schemas'];

export const TEST_DATA_DELETION_JOB = 'test_data.delete';
/** Rows removed per statement (and per transaction). */
const BATCH = 500;
/** A run's time, then the job is rescheduled at once (its lease stays short; other jobs get their turn). */
const RUN_BUDGET_MS = 5_000;
/** Attempts of a run that fails (the database away, say), 5 s apart, before the deletion is marked failed. */
const MAX_ATTEMPTS = 100;

export function renderTestDataDeletion(d: TestDataDeletion): S['TestDataDeletion'] {
  return {
    id: d.id,
    object: 'test_data_deletion',
    livemode: livemodeOf(d.accountId),
    status: d.status,
    deleted: d.deleted,
    created: unixSeconds(d.createdAt),
    updated: unixSeconds(d.updatedAt),
    completed_at: unixOrNull(d.completedAt),
  };
}

export const findTestDataDeletion = ownedFinder(TestDataDeletion, 'test data deletion', 'test_data_deletion_id');

/**
 * Starts deleting the caller's account's test data, or answers the deletion already under way when
 * the caller's mode asked for it (409 when the other mode did: one deletion at a time per account).
 */
export function deleteTestData(ctx: RequestContext): Promise<TestDataDeletion> {
  // It takes away everything of test mode: only a credential holding every scope (an owner's reach) may.
  assertCanTakeAway(ctx.principal, allScopes(), "The account's test data");
  return inTransaction(ctx, async (tx) => {
    const testAccount = testAccountIdOf(ctx.principal.accountId);
    // Requests of both modes for one account are taken one at a time (the unique index is the backstop).
    await queryRows(tx.em, 'select pg_advisory_xact_lock(hashtext($1))', [testAccount]);
    const [running] = await queryRows<{ id: string; account_id: string }>(
      tx.em,
      `select id, account_id from test_data_deletions where test_account_id = $1 and status in ('pending', 'running') order by id desc limit 1`,
      [testAccount],
    );
    if (running) {
      if (running.account_id === ctx.principal.accountId) return findTestDataDeletion(tx, running.id);
      throw errors.invalidStateTransition(`A deletion of this account's test data, asked for in ${livemodeOf(running.account_id) ? 'live' : 'test'} mode, is under way; ask again once it has finished.`);
    }
    const now = ctx.clock.now();
    const deletion = tx.em.create(TestDataDeletion, {
      id: newId('testDataDeletion', now.getTime()),
      accountId: ctx.principal.accountId,
      testAccountId: testAccount,
      status: 'pending',
      deleted: {},
      createdAt: now,
      updatedAt: now,
      completedAt: null,
    });
    tx.em.persist(deletion);
    await enqueueJob(tx.em, { kind: TEST_DATA_DELETION_JOB, subjectId: deletion.id, runAt: now, maxAttempts: MAX_ATTEMPTS });
    await recordAudit(tx, 'test_data.deleted', deletion.id, { now });
    await tx.em.flush();
    return deletion;
  });
}

/**
 * What is removed, in order (what refers to a row goes before it). Each step removes up to `BATCH`
 * rows of the test account `$1` and answers how many; `$2` is the batch size.
 */
const STEPS: { kind: string; sql: string }[] = [
  {
    // A delivery's attempts go with it (the attempts name no account: they are found by their delivery).
    kind: 'webhook_deliveries',
    sql: `with d as (select id from webhook_deliveries where account_id = $1 limit $2),
               a as (delete from webhook_delivery_attempts where delivery_id in (select id from d))
          delete from webhook_deliveries where id in (select id from d) and account_id = $1`,
  },
  { kind: 'events', sql: `delete from events where id in (select id from events where account_id = $1 limit $2) and account_id = $1` },
  { kind: 'event_sequences', sql: `delete from event_sequences where (account_id, object_id) in (select account_id, object_id from event_sequences where account_id = $1 limit $2)` },
  { kind: 'idempotency_keys', sql: `delete from idempotency_keys where (account_id, key) in (select account_id, key from idempotency_keys where account_id = $1 limit $2)` },
  { kind: 'compliance_alerts', sql: `delete from compliance_alerts where id in (select id from compliance_alerts where account_id = $1 limit $2)` },
  { kind: 'carrier_registry_snapshots', sql: `delete from carrier_registry_snapshots where id in (select id from carrier_registry_snapshots where account_id = $1 limit $2)` },
  { kind: 'carrier_payment_orders', sql: `delete from carrier_payment_orders where order_id in (select order_id from carrier_payment_orders where account_id = $1 limit $2)` },
  { kind: 'carrier_payments', sql: `delete from carrier_payments where id in (select id from carrier_payments where account_id = $1 limit $2)` },
  { kind: 'payments', sql: `delete from payments where id in (select id from payments where account_id = $1 limit $2)` },
  { kind: 'invoice_lines', sql: `delete from invoice_lines where id in (select id from invoice_lines where account_id = $1 limit $2)` },
  { kind: 'invoices', sql: `delete from invoices where id in (select id from invoices where account_id = $1 limit $2)` },
  { kind: 'invoice_counters', sql: `delete from invoice_counters where account_id = $1` },
  { kind: 'public_links', sql: `delete from public_links where token_hash in (select token_hash from public_links where account_id = $1 limit $2)` },
  { kind: 'ledger_entries', sql: `delete from ledger_entries where id in (select id from ledger_entries where account_id = $1 limit $2)` },
  { kind: 'messages', sql: `delete from messages where id in (select id from messages where account_id = $1 limit $2)` },
  { kind: 'orders', sql: `delete from orders where id in (select id from orders where account_id = $1 limit $2)` },
  { kind: 'order_counters', sql: `delete from order_counters where account_id = $1` },
  { kind: 'carriers', sql: `delete from carriers where id in (select id from carriers where account_id = $1 limit $2)` },
  { kind: 'customers', sql: `delete from customers where id in (select id from customers where account_id = $1 limit $2)` },
  // Webhook endpoints stay, but those on a test clock are test objects like the clock they live on.
  { kind: 'webhook_endpoints', sql: `delete from webhook_endpoints where id in (select id from webhook_endpoints where account_id = $1 and test_clock_id is not null limit $2)` },
  { kind: 'test_clocks', sql: `delete from test_clocks where id in (select id from test_clocks where account_id = $1 limit $2)` },
  { kind: 'test_registry_records', sql: `delete from test_registry_records where (account_id, dot_number) in (select account_id, dot_number from test_registry_records where account_id = $1 limit $2)` },
];

/**
 * Removes test data of the deletion's account for up to `budgetMs`; answers whether everything is
 * gone (then the deletion has succeeded).
 */
export async function runTestDataDeletion(ctx: Context, id: string, budgetMs = RUN_BUDGET_MS): Promise<boolean> {
  const started = Date.now();
  const first = await ctx.em.fork().findOne(TestDataDeletion, { id });
  if (!first || first.status === 'succeeded' || first.status === 'failed') return true;
  // The test account of the mode that asked: a live key's deletion removes its test mode's data.
  const testAccount = first.testAccountId;
  for (const step of STEPS) {
    for (;;) {
      if (Date.now() - started > budgetMs) return false;
      const removed = await inTransaction({ ...ctx, em: ctx.em.fork() }, async (tx) => {
        const deletion = (await lockOne(tx.em, TestDataDeletion, { id }))!;
        const params = step.sql.includes('$2') ? [testAccount, BATCH] : [testAccount]; // a counter's step has no batch
        const rows = await queryRows<Record<string, unknown>>(tx.em, `${step.sql} returning 1 as removed`, params);
        const now = tx.clock.now();
        if (rows.length) deletion.deleted = { ...deletion.deleted, [step.kind]: (deletion.deleted[step.kind] ?? 0) + rows.length };
        deletion.status = 'running';
        deletion.updatedAt = now;
        await tx.em.flush();
        return rows.length;
      });
      if (removed < BATCH) break;
    }
  }
  await inTransaction({ ...ctx, em: ctx.em.fork() }, async (tx) => {
    const deletion = (await tx.em.findOne(TestDataDeletion, { id }))!;
    const now = tx.clock.now();
    deletion.status = 'succeeded';
    deletion.completedAt = now;
    deletion.updatedAt = now;
    await tx.em.flush();
  });
  return true;
}

/** The job: a run of the deletion, rescheduled at once until every test object is gone. */
export function testDataDeletionJob(deps: { context: () => Context }): JobHandler {
  return {
    async run(job: Job) {
      const ctx = deps.context();
      const done = await runTestDataDeletion(ctx, job.subjectId as string);
      return done ? undefined : { rescheduleAt: ctx.clock.now() };
    },
    backoffMs: () => 5_000,
    async onFailed(job: Job) {
      // Given up: said so, and a new deletion may be asked for (it goes on from what is left).
      const ctx = deps.context();
      await ctx.em.nativeUpdate(TestDataDeletion, { id: job.subjectId as string, status: { $in: ['pending', 'running'] } }, { status: 'failed', updatedAt: ctx.clock.now() });
    },
  };
}
