// The queue's statements keep their plans from an empty queue to a burst, whatever the statistics say.
// A burst of 100,000 deliveries lands after the queue was last analyzed nearly empty (as after a
// quiet spell: autovacuum analyzes after 1,000 changes, and not before the burst is being drained),
// with no analyze in between. The same claims and records, made on the same endpoints with and
// without the burst, must read about as many pages: the work of the rows they take, not a walk of
// the queue. Pages (buffers) are counted by the database, so this holds on a slow machine as on a
// fast one; each phase runs on one connection, whose plans are made by a first, unmeasured call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from '@mikro-orm/sql';
import { backends, type Backend } from './support/databases.js';
import { startHarness, type Harness } from './support/harness.js';
import { queryRows } from '../src/shared/sql.js';
import { newId } from '../src/shared/ids.js';
import { ATTEMPT_DELAYS_MS, MAX_ATTEMPTS } from '../src/webhooks/schedule.js';
import { BREAKER_THRESHOLD } from '../src/webhooks/worker.js';

const BURST = 100_000;
/** Other endpoints, each with a few deliveries ready and a retry waiting. */
const OTHERS = 20;

interface PlanNode {
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
}

describe.each(backends())('claim plans on %s', (backend: Backend) => {
  let h: Harness;
  let busy: string;
  let account: string;
  let others: string[];
  const owner = 'plan-test';
  /** This run's ids: a real id's time (the log is partitioned by it), a letter per kind, the row's number. */
  const base = newId('webhookDelivery').slice(0, -9);
  const eventBase = newId('event').slice(0, -9);
  const id = (kind: string, n: number) => `${base}${kind}${String(n).padStart(8, '0')}`;

  const em = () => h.database.db.em() as unknown as EntityManager;

  /** Pages a statement read (hit or read) by its plan, the function's own statements included. */
  const pages = async (tx: EntityManager, sql: string, params: unknown[]) => {
    const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(tx, `explain (analyze, buffers, format json) ${sql}`, params);
    const raw = row!['QUERY PLAN'];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
    return (plan[0]!.Plan['Shared Hit Blocks'] ?? 0) + (plan[0]!.Plan['Shared Read Blocks'] ?? 0);
  };
  const claim = (tx: EntityManager, limit: number) =>
    pages(tx, `select * from claim_webhook_deliveries(now(), 4, $1, $2, now() + interval '1 minute')`, [limit, owner]);
  const leased = async (tx: EntityManager, kind: string) =>
    (await queryRows<{ id: string }>(tx, `select id from webhook_deliveries_queue where lease_owner = $1 and id like $2 order by id`, [owner, `${base}${kind}%`])).map((r) => r.id);
  /** Records the busy endpoint's leased deliveries as delivered, and claims up to 16 again. */
  const record = async (tx: EntityManager, kind: string) => {
    const at = new Date().toISOString();
    const outcomes = (await leased(tx, kind)).map((d) => ({
      id: d, started_at: at, finished_at: at, duration_ms: 1, response_status: 200, response_body: '', error: null, error_detail: null, ok: true,
    }));
    const endpoints = [{ id: busy, succeeded: true, failures_after: 0, first_failure_after: null, last_success_at: at, answered: true, unreachable_after: 0, probed: false, at }];
    return pages(tx, `select record_and_claim_webhook_deliveries($1, $2, $3, $4, $5, $6, now(), 4, 16, now() + interval '1 minute')`, [
      JSON.stringify(outcomes), JSON.stringify(endpoints), MAX_ATTEMPTS, JSON.stringify(ATTEMPT_DELAYS_MS), BREAKER_THRESHOLD, owner,
    ]);
  };
  const insert = (kind: string, endpointExpr: string, count: number, due: string, scheduled: boolean) =>
    em().execute(
      `insert into webhook_deliveries (id, account_id, event_id, endpoint_id, event_type, payload, status, attempt_count, cycle_failures,
         next_attempt_at, created_at, updated_at, scheduled)
       select '${base}${kind}' || lpad(g::text, 8, '0'), ?, '${eventBase}${kind}' || lpad(g::text, 8, '0'), ${endpointExpr}, 'order.created',
         '{}', 'pending', ${scheduled ? 1 : 0}, ${scheduled ? 1 : 0}, ${due}, now(), now(), ${scheduled}
       from generate_series(1, ${count}) g`,
      [account],
    );
  /**
   * One phase on one connection: the busy endpoint's deliveries of `kind` and the others' ready ones
   * claimed, then three batches of the busy endpoint's recorded, each claiming its next four. Answers
   * the pages each measured statement read.
   */
  const phase = (kind: string) =>
    em().transactional(async (tx) => {
      const read: number[] = [];
      await claim(tx, 1); // plans this connection's statements
      read.push(await claim(tx, 8), await claim(tx, 256), await claim(tx, 256));
      // The busy endpoint's four oldest (its limit); every other endpoint's ready deliveries.
      expect(await leased(tx, kind)).toEqual([1, 2, 3, 4].map((n) => id(kind, n)));
      for (let round = 0; round < 3; round++) read.push(await record(tx, kind));
      expect(await leased(tx, kind)).toEqual([13, 14, 15, 16].map((n) => id(kind, n)));
      // Leases given back, so that the next phase starts where this one did.
      await tx.execute(`update webhook_deliveries_queue set lease_owner = null, lease_expires_at = null where lease_owner = ?`, [owner]);
      return read;
    });

  beforeAll(async () => {
    h = await startHarness(backend);
    const endpoint = async (n: number) =>
      (await h.call('POST', '/v1/webhook_endpoints', { body: { url: `http://127.0.0.1:9/hooks/${n}`, enabled_events: ['order.created'] } })).body.id as string;
    busy = await endpoint(0);
    others = [];
    for (let i = 1; i <= OTHERS; i++) others.push(await endpoint(i));
    account = ((await em().execute(`select account_id from webhook_endpoints where id = ?`, [busy])) as { account_id: string }[])[0]!.account_id;
    const list = `(array[${others.map((o) => `'${o}'`).join(',')}])[1 + g % ${OTHERS}]`;
    await insert('R', list, OTHERS * 3, `now() - interval '1 minute'`, false);
    await insert('S', list, OTHERS, `now() + interval '1 hour'`, true);
    await insert('Q', `'${busy}'`, 20, `now() - interval '1 minute'`, false);
    // The statistics a quiet spell leaves: taken with the queue nearly empty.
    await em().execute(`analyze webhook_deliveries_queue`);
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  it('claims and records with a burst of 100,000 made after the last analyze by reading what it reads without', async () => {
    const quiet = await phase('Q');
    // The quiet phase's own deliveries of the busy endpoint are out of the way (recorded, or later than the burst's).
    await em().execute(`update webhook_deliveries_queue set next_attempt_at = now() + interval '1 day' where id like ?`, [`${base}Q%`]);
    await insert('B', `'${busy}'`, BURST, `now() - interval '2 minutes'`, false);
    const [stats] = (await em().execute(`select reltuples::float8 as reltuples from pg_class where relname = 'webhook_deliveries_queue'`)) as { reltuples: number }[];
    expect(stats!.reltuples).toBeLessThan(1_000); // no analyze since the burst
    const burst = await phase('B');
    // Each statement reads about what it did without the burst: the rows it takes cost a few more
    // pages each in the larger queue's deeper indexes (up to twice here), but nothing walks the queue
    // (planned from the quiet spell's statistics, the claims read 3,500-8,000 pages of it).
    for (const [i, pagesWith] of burst.entries()) expect(pagesWith, `statement ${i}: ${burst} vs ${quiet}`).toBeLessThan(quiet[i]! * 2 + 150);
  });
});
