import { Migration } from '@mikro-orm/migrations';
import { CLAIM_FUNCTION, CLAIM_SETTINGS } from './Migration20261128000050_endpoint_window.js';

/**
 * Test clocks (test mode): a clock per row, frozen at `frozen_time` until advanced, and the objects
 * that live on its time: customers, orders, carriers and webhook endpoints name it in
 * `test_clock_id`. Nothing that happens by itself in real time touches them: a delivery to an
 * endpoint on a clock is `clocked`, out of both indexes the claims read, and the delivery claim
 * (redefined here, as migration ...000050 made it, reading those indexes with `not clocked`, and with
 * `e.test_clock_id is null` beside `e.status = 'enabled'`) never takes one; the jobs skip the other
 * objects of a clock (src/test-helpers/test-clocks.service.ts runs all of it when the clock advances).
 */
export class Migration20261128000080_test_clocks extends Migration {
  override async up(): Promise<void> {
    for (const sql of UP) this.addSql(sql);
  }

  override async down(): Promise<void> {
    for (const sql of DOWN) this.addSql(sql);
  }
}

const CLOCKED = ['customers', 'orders', 'carriers', 'webhook_endpoints'] as const;

/** Each edit of a text, once: a text that is not found exactly once is an error, not a silent skip. */
function edited(text: string, edits: [from: string, to: string][]): string {
  for (const [from, to] of edits) {
    const at = text.split(from).length - 1;
    if (at !== 1) throw new Error(`migration ...000080: "${from}" found ${at} times in the claim of ...000050`);
    text = text.replace(from, to);
  }
  return text;
}

/**
 * The claim of migration ...000050, reading the claims' indexes with `not clocked` (their predicates
 * now say it: a query must too, for the planner to use them), and taking no endpoint on a clock.
 */
const CLAIM_AWARE_OF_CLOCKS = edited(CLAIM_FUNCTION, [
  ['create function', 'create or replace function'],
  ['where s.scheduled and s.next_attempt_at <= p_now', 'where s.scheduled and not s.clocked and s.next_attempt_at <= p_now'],
  ['where not q.scheduled order by q.endpoint_id', 'where not q.scheduled and not q.clocked order by q.endpoint_id'],
  ['where not q.scheduled and q.endpoint_id > w.endpoint_id', 'where not q.scheduled and not q.clocked and q.endpoint_id > w.endpoint_id'],
  ['where d.endpoint_id = w.endpoint_id and not d.scheduled and', 'where d.endpoint_id = w.endpoint_id and not d.scheduled and not d.clocked and'],
  ['where d.endpoint_id = e.id and not d.scheduled and', 'where d.endpoint_id = e.id and not d.scheduled and not d.clocked and'],
  ["where e.status = 'enabled'\n", "where e.status = 'enabled' and e.test_clock_id is null\n"],
  ["where e.id = any(v_endpoints) and e.status = 'enabled'", "where e.id = any(v_endpoints) and e.status = 'enabled' and e.test_clock_id is null"],
]);

const UP = [
  `create table test_clocks (
    id text primary key,
    account_id text not null references accounts (id) deferrable initially deferred,
    name text,
    frozen_time timestamptz not null,
    status text not null check (status in ('ready', 'advancing', 'internal_failure')),
    advancing_to timestamptz,
    -- The last midnight (UTC) whose work (compliance, overdue invoices, retention) is done on the clock.
    midnight_done_at timestamptz not null,
    -- The run of an advance under way, and until when it holds the clock (one run at a time).
    runner text,
    runner_until timestamptz,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    check (left(account_id, 10) = 'acct_test_'),
    check ((status = 'advancing') = (advancing_to is not null))
  )`,
  `create index test_clocks_account_idx on test_clocks (account_id, id desc)`,
  ...CLOCKED.flatMap((table) => [
    // Metadata only (no default): no table is rewritten.
    `alter table ${table} add column test_clock_id text references test_clocks (id) deferrable initially deferred`,
    `create index ${table}_test_clock_idx on ${table} (test_clock_id) where test_clock_id is not null`,
  ]),
  // A delivery to an endpoint on a clock is made by the clock's advance only: it is in neither index
  // the claims read (metadata only: a constant default), so no claim ever steps over it.
  `alter table webhook_deliveries add column clocked boolean not null default false`,
  `drop index webhook_deliveries_endpoint_ready_idx`,
  `create index webhook_deliveries_endpoint_ready_idx on webhook_deliveries_queue (endpoint_id, next_attempt_at, id) where not scheduled and not clocked`,
  `drop index webhook_deliveries_scheduled_idx`,
  `create index webhook_deliveries_scheduled_idx on webhook_deliveries_queue (next_attempt_at) where scheduled and not clocked`,
  // The clocks' own, which their advances read.
  `create index webhook_deliveries_clocked_idx on webhook_deliveries_queue (endpoint_id, next_attempt_at, id) where clocked`,
  CLAIM_AWARE_OF_CLOCKS,
  ...CLAIM_SETTINGS,
];

const DOWN = [
  CLAIM_FUNCTION.replace('create function', 'create or replace function'),
  ...CLAIM_SETTINGS,
  `drop index webhook_deliveries_clocked_idx`,
  `drop index webhook_deliveries_endpoint_ready_idx`,
  `create index webhook_deliveries_endpoint_ready_idx on webhook_deliveries_queue (endpoint_id, next_attempt_at, id) where not scheduled`,
  `drop index webhook_deliveries_scheduled_idx`,
  `create index webhook_deliveries_scheduled_idx on webhook_deliveries_queue (next_attempt_at) where scheduled`,
  `alter table webhook_deliveries drop column clocked`,
  ...CLOCKED.flatMap((table) => [`drop index ${table}_test_clock_idx`, `alter table ${table} drop column test_clock_id`]),
  `drop table test_clocks`,
];
