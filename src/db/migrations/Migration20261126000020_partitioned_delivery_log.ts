import { Migration } from '@mikro-orm/migrations';

/**
 * The delivery log (events, deliveries, attempts) in weekly partitions, so that retention drops a
 * week's partitions (no row deleted one by one, no dead rows left for the claims to step over) and a
 * log of tens of millions of rows costs each claim, record and page about what a week's does.
 *
 * - Partitioned by range of id. Ids are type prefix + ULID, whose first ten characters are the
 *   creation time in ms: a week's partition (Monday 00:00 UTC to the next Monday, named after its
 *   Monday: `events_p20261123`) holds the ids from `evt_<ULID time of that Monday>` to the next
 *   Monday's. Weeks, not days: a list's first page plans and opens every partition of its table,
 *   so five of them cost a page a fraction of what thirty would. A row found by id is looked for in one partition (an event by the API);
 *   attempts are partitioned by their delivery's id, with the same bounds, so a delivery and its
 *   attempts live and go together. The id columns are in the "C" collation: byte order is time
 *   order, whatever the database's default.
 * - Deliveries are first partitioned by status: the waiting ones (pending) in a small table of their
 *   own, the queue (`webhook_deliveries_queue`), with the claim's indexes; the others in the log
 *   (`webhook_deliveries_log`), by week. A delivery moves from one to the other as its status changes
 *   (an UPDATE moves the row). Every claim and record reads the queue alone, so its cost does not
 *   grow with the weeks of the log (by id alone, every week's partition would be looked in: the
 *   record of a batch is re-created below to say the status it moves).
 * - `ensure_log_partitions(from, to)` creates the partitions of the weeks of those days (UTC) that
 *   are missing, under a transaction-scoped lock: every process calls it at start for yesterday to a
 *   week ahead, the worker every hour, and the emitter before the first event of a week it has not
 *   seen (test clocks, a stopped worker). It creates each partition as a table of its own and
 *   attaches it, which locks the parent only in SHARE UPDATE EXCLUSIVE mode: reads and writes go on.
 * - There is no default partition: it would forbid `DETACH PARTITION ... CONCURRENTLY`, with which
 *   retention takes a week's partitions away without blocking a claim (src/webhooks/retention.ts).
 * - Foreign keys between the three tables are gone: detaching a referenced partition checks every
 *   referencing row, which takes seconds at this size. A delivery is only ever created for an event
 *   that exists; retention removes a week's deliveries and attempts with its events (and, first, the
 *   later deliveries of its events: replays); deleting an endpoint deletes its deliveries' attempts.
 *   The uniqueness of (event, endpoint), which a partitioned table can only enforce with the
 *   partition keys, is kept by the writers: an event's deliveries are created with it, and a replay
 *   locks the event before it looks for existing deliveries.
 * - Every row is kept: the existing tables are copied into partitions covering their weeks, then
 *   dropped; the indexes are built once the rows are in.
 */
export class Migration20261126000020_partitioned_delivery_log extends Migration {
  override async up(): Promise<void> {
    for (const sql of STATEMENTS) this.addSql(sql);
  }
}

/** The ULID alphabet (Crockford's base 32). */
const ENCODING = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

const STATEMENTS = [
  // The ten characters of a ULID's time, for a time in ms.
  `create function ulid_time(p_ms bigint) returns text language plpgsql immutable strict parallel safe as $$
declare
  v_text text := '';
  v_rest bigint := p_ms;
begin
  for i in 1..10 loop
    v_text := substr('${ENCODING}', (v_rest % 32)::int + 1, 1) || v_text;
    v_rest := v_rest / 32;
  end loop;
  return v_text;
end
$$`,
  // The time in ms an id (prefix, '_', ULID) was made at.
  `create function ulid_ms(p_id text) returns bigint language plpgsql immutable strict parallel safe as $$
declare
  v_time text := substr(p_id, strpos(p_id, '_') + 1, 10);
  v_ms bigint := 0;
begin
  for i in 1..10 loop
    v_ms := v_ms * 32 + strpos('${ENCODING}', substr(v_time, i, 1)) - 1;
  end loop;
  return v_ms;
end
$$`,
  // The day (UTC) of a time in ms.
  `create function utc_day(p_ms bigint) returns date language sql immutable strict parallel safe as $$
  select (timestamp 'epoch' + p_ms * interval '1 millisecond')::date
$$`,
  // Creates the missing partitions of the delivery log for the weeks (Monday to Sunday, UTC) of the
  // days p_from..p_to; answers how many.
  `create function ensure_log_partitions(p_from date, p_to date) returns integer language plpgsql as $$
declare
  v_day date;
  v_first date := p_from - (extract(isodow from p_from)::int - 1);
  v_table record;
  v_child text;
  v_locked boolean := false;
  v_created integer := 0;
  v_lo text;
  v_hi text;
begin
  for v_day in select d::date from generate_series(v_first, p_to, interval '7 days') as d loop
    for v_table in select * from (values ('events', 'events', 'evt'), ('webhook_deliveries_log', 'webhook_deliveries', 'wdl'),
        ('webhook_delivery_attempts', 'webhook_delivery_attempts', 'wdl')) as t (parent, name, prefix) loop
      v_child := v_table.name || '_p' || to_char(v_day, 'YYYYMMDD');
      continue when exists (select 1 from pg_inherits where inhrelid = to_regclass(v_child) and inhparent = v_table.parent::regclass);
      if not v_locked then
        -- Processes creating the same partitions at once: one at a time, each looking again.
        perform pg_advisory_xact_lock(8536131954733158);
        v_locked := true;
        continue when exists (select 1 from pg_inherits where inhrelid = to_regclass(v_child) and inhparent = v_table.parent::regclass);
      end if;
      v_lo := v_table.prefix || '_' || ulid_time((extract(epoch from v_day::timestamp) * 1000)::bigint);
      v_hi := v_table.prefix || '_' || ulid_time((extract(epoch from (v_day + 7)::timestamp) * 1000)::bigint);
      -- A table of that name not attached (retention stopped between detaching and dropping it) goes first.
      execute format('drop table if exists %I', v_child);
      execute format('create table %I (like %I including defaults including constraints)', v_child, v_table.parent);
      execute format('alter table %I attach partition %I for values from (%L) to (%L)', v_table.parent, v_child, v_lo, v_hi);
      v_created := v_created + 1;
    end loop;
  end loop;
  return v_created;
end
$$`,

  // The tables as they were, aside.
  `alter table webhook_delivery_attempts rename to webhook_delivery_attempts_unpartitioned`,
  `alter table webhook_deliveries rename to webhook_deliveries_unpartitioned`,
  `alter table events rename to events_unpartitioned`,

  `create table events (
    id text collate "C" not null,
    account_id text not null,
    type text not null,
    data jsonb not null,
    request_id text,
    created_at timestamptz not null
  ) partition by range (id)`,
  // Deliveries waiting (pending) in a small table of their own, the queue every claim reads; the
  // others in the log, by week. A delivery moves from one to the other with its status.
  `create table webhook_deliveries (
    id text collate "C" not null,
    account_id text not null,
    event_id text collate "C" not null,
    endpoint_id text not null,
    event_type text not null,
    payload text not null,
    status text not null check (status in ('pending', 'succeeded', 'permanently_failed')),
    attempt_count integer not null default 0,
    cycle_failures integer not null default 0,
    next_attempt_at timestamptz,
    lease_owner text,
    lease_expires_at timestamptz,
    created_at timestamptz not null,
    updated_at timestamptz not null
  ) partition by list (status)`,
  `create table webhook_deliveries_queue partition of webhook_deliveries for values in ('pending')`,
  `create table webhook_deliveries_log partition of webhook_deliveries for values in ('succeeded', 'permanently_failed') partition by range (id)`,
  `create table webhook_delivery_attempts (
    delivery_id text collate "C" not null,
    number integer not null,
    started_at timestamptz not null,
    duration_ms integer not null,
    response_status integer,
    response_body text not null,
    error text,
    error_detail text
  ) partition by range (delivery_id)`,

  // The days of the rows there are, and yesterday to a week ahead.
  `select ensure_log_partitions(
    least((now() at time zone 'utc')::date - 1,
      (select utc_day(ulid_ms(min(id))) from events_unpartitioned),
      (select utc_day(ulid_ms(min(id))) from webhook_deliveries_unpartitioned),
      (select utc_day(ulid_ms(min(delivery_id))) from webhook_delivery_attempts_unpartitioned)),
    greatest((now() at time zone 'utc')::date + 7,
      (select utc_day(ulid_ms(max(id))) from events_unpartitioned),
      (select utc_day(ulid_ms(max(id))) from webhook_deliveries_unpartitioned),
      (select utc_day(ulid_ms(max(delivery_id))) from webhook_delivery_attempts_unpartitioned)))`,

  `insert into events (id, account_id, type, data, request_id, created_at)
    select id, account_id, type, data, request_id, created_at from events_unpartitioned`,
  `insert into webhook_deliveries (id, account_id, event_id, endpoint_id, event_type, payload, status, attempt_count, cycle_failures,
      next_attempt_at, lease_owner, lease_expires_at, created_at, updated_at)
    select id, account_id, event_id, endpoint_id, event_type, payload, status, attempt_count, cycle_failures,
      next_attempt_at, lease_owner, lease_expires_at, created_at, updated_at from webhook_deliveries_unpartitioned`,
  `insert into webhook_delivery_attempts (delivery_id, number, started_at, duration_ms, response_status, response_body, error, error_detail)
    select delivery_id, number, started_at, duration_ms, response_status, response_body, error, error_detail from webhook_delivery_attempts_unpartitioned`,

  `drop table webhook_delivery_attempts_unpartitioned`,
  `drop table webhook_deliveries_unpartitioned`,
  `drop table events_unpartitioned`,

  // Keys and indexes, on every partition (and every partition made later).
  `alter table events add primary key (id)`,
  `alter table events add foreign key (account_id) references accounts (id) deferrable initially deferred`,
  `create index events_account_idx on events (account_id, id desc)`,
  // No index on created_at: a creation range is also a range of ids (an id's time is its creation
  // time, up to ID_TIME_LEAD_MS after), which the account's index answers newest first; one on
  // created_at had the planner read a whole day of the account's events and sort them (10 ms at a
  // million events, growing with the log), to answer a page of ten.
  `create index events_account_type_idx on events (account_id, type, id desc)`,

  // (A key of a partitioned table holds its partition keys: the status, then the id.)
  `alter table webhook_deliveries add primary key (id, status)`,
  `alter table webhook_deliveries add foreign key (account_id) references accounts (id) deferrable initially deferred`,
  `alter table webhook_deliveries add foreign key (endpoint_id) references webhook_endpoints (id) on delete cascade deferrable initially deferred`,
  `create index webhook_deliveries_event_idx on webhook_deliveries (event_id, endpoint_id)`,
  `create index webhook_deliveries_endpoint_idx on webhook_deliveries (endpoint_id, id desc)`,
  // An endpoint's log filtered by status: a status the endpoint has none of is answered at once. On
  // the log alone: in the queue every row is pending, and there the index misled the claim's plans.
  `create index webhook_deliveries_endpoint_status_idx on webhook_deliveries_log (endpoint_id, status, id desc)`,
  `create index webhook_deliveries_account_idx on webhook_deliveries (account_id, id)`,
  // The queue churns (every delivery goes in and out): vacuumed and analyzed after every 1,000
  // changes, not after a fraction of its size.
  `alter table webhook_deliveries_queue set (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000,
    autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 1000)`,
  // A claim reads each endpoint's oldest due deliveries in the order of its index. Planned from
  // statistics that lag the queue (a recovery makes thousands due before the next analyze), a
  // bitmap scan and a sort of each endpoint's whole backlog looked cheaper: 35 ms per claim with
  // 20,000 due instead of 3. And those estimates crossed jit_above_cost: each claim was compiled
  // to machine code first, 25 ms of a 47 ms claim. The claim needs neither.
  `alter function claim_webhook_deliveries(timestamptz, integer, integer, text, timestamptz) set enable_bitmapscan = off`,
  `alter function claim_webhook_deliveries(timestamptz, integer, integer, text, timestamptz) set jit = off`,
  // The claim's indexes, on the queue alone.
  `create index webhook_deliveries_leased_idx on webhook_deliveries_queue (endpoint_id, lease_expires_at) where lease_owner is not null`,
  `create index webhook_deliveries_endpoint_due_idx on webhook_deliveries_queue (endpoint_id, next_attempt_at, id)`,

  `alter table webhook_delivery_attempts add primary key (delivery_id, number)`,
  `analyze events`,
  `analyze webhook_deliveries`,
  `analyze webhook_delivery_attempts`,

  // The record of a batch as migration ...000070 made it, its deliveries looked for in the queue alone
  // (the rows it moves are pending: by id alone, every week of the log would be looked in), by
  // their ids as a list, which the queue's key answers whatever its statistics say (planned as a
  // join, a queue last analyzed empty was read through: 9 ms a batch with 20,000 waiting).
  `create or replace function record_and_claim_webhook_deliveries(p_outcomes jsonb, p_endpoints jsonb, p_max_attempts integer,
    p_delays jsonb, p_threshold integer, p_owner text, p_now timestamptz, p_per_endpoint integer, p_limit integer, p_until timestamptz)
  returns json language plpgsql volatile as $fn$
  declare
    v_recorded text[];
    v_claimed json;
    v_ids text[] := array(select o ->> 'id' from jsonb_array_elements(p_outcomes) as o);
  begin
    if jsonb_array_length(p_outcomes) > 0 then
      -- The endpoints whose health this batch changes, locked in id order (a healthy endpoint's
      -- successes change nothing but last_success_at, written at most once a second).
      perform 1 from webhook_endpoints e
      join jsonb_to_recordset(p_endpoints) as x(id text, succeeded boolean, failures_after integer, last_success_at timestamptz,
        answered boolean, unreachable_after integer, probed boolean) on x.id = e.id
      where not (x.succeeded and x.failures_after = 0 and x.answered and x.unreachable_after = 0 and not x.probed
        and e.consecutive_failures = 0 and e.failing_since is null and e.breaker_failures = 0 and e.breaker_state = 'closed'
        and e.breaker_opened_at is null and e.last_success_at is not null and e.last_success_at >= x.last_success_at - interval '1 second')
      order by e.id
      for no key update of e;
      with v as (
        select * from jsonb_to_recordset(p_outcomes) as v(id text, started_at timestamptz, finished_at timestamptz, duration_ms integer,
          response_status integer, response_body text, error text, error_detail text, ok boolean)
      ),
      moved as (
        update webhook_deliveries d set
          attempt_count = d.attempt_count + 1,
          cycle_failures = case when v.ok then d.cycle_failures else d.cycle_failures + 1 end,
          status = case when v.ok then 'succeeded' when d.cycle_failures + 1 >= p_max_attempts then 'permanently_failed' else 'pending' end,
          next_attempt_at = case when v.ok or d.cycle_failures + 1 >= p_max_attempts then null
            else v.finished_at + ((p_delays ->> (d.cycle_failures + 1))::bigint * interval '1 millisecond') end,
          lease_owner = null, lease_expires_at = null, updated_at = v.finished_at
        from v
        where d.id = any(v_ids) and d.id = v.id and d.status = 'pending' and d.lease_owner = p_owner
        returning d.id, d.attempt_count
      ),
      logged as (
        insert into webhook_delivery_attempts (delivery_id, number, started_at, duration_ms, response_status, response_body, error, error_detail)
        select v.id, moved.attempt_count, v.started_at, v.duration_ms, v.response_status, v.response_body, v.error, v.error_detail
        from moved join v on v.id = moved.id
      ),
      health as (
        update webhook_endpoints e set
          consecutive_failures = case when x.succeeded then x.failures_after else e.consecutive_failures + x.failures_after end,
          failing_since = case when x.failures_after = 0 and x.succeeded then null
            when x.succeeded then x.first_failure_after else coalesce(e.failing_since, x.first_failure_after) end,
          last_success_at = case when x.succeeded then greatest(e.last_success_at, x.last_success_at) else e.last_success_at end,
          breaker_failures = case when x.answered then x.unreachable_after else e.breaker_failures + x.unreachable_after end,
          breaker_state = case when (case when x.answered then x.unreachable_after else e.breaker_failures + x.unreachable_after end) >= p_threshold then 'open'
            when x.succeeded then 'closed' else e.breaker_state end,
          breaker_opened_at = case when (case when x.answered then x.unreachable_after else e.breaker_failures + x.unreachable_after end) >= p_threshold
              then coalesce(case when e.breaker_state = 'open' then e.breaker_opened_at end, x.at)
            when x.succeeded then null else e.breaker_opened_at end,
          probe_owner = case when x.probed and e.probe_owner = p_owner then null else e.probe_owner end,
          probe_expires_at = case when x.probed and e.probe_owner = p_owner then null else e.probe_expires_at end
        from jsonb_to_recordset(p_endpoints) as x(id text, succeeded boolean, failures_after integer, first_failure_after timestamptz,
          last_success_at timestamptz, answered boolean, unreachable_after integer, probed boolean, at timestamptz)
        where e.id = x.id
          and not (x.succeeded and x.failures_after = 0 and x.answered and x.unreachable_after = 0 and not x.probed
            and e.consecutive_failures = 0 and e.failing_since is null and e.breaker_failures = 0 and e.breaker_state = 'closed'
            and e.breaker_opened_at is null and e.last_success_at is not null and e.last_success_at >= x.last_success_at - interval '1 second')
      )
      select array_agg(moved.id) into v_recorded from moved;
    end if;
    if p_limit > 0 then
      select json_agg(c order by c.next_attempt_at, c.id) into v_claimed
      from claim_webhook_deliveries(p_now, p_per_endpoint, p_limit, p_owner, p_until) c;
    end if;
    return json_build_object('recorded', coalesce(v_recorded, '{}'::text[]), 'claimed', coalesce(v_claimed, '[]'::json));
  end
  $fn$`,
  // Nor does the record of a batch compile to machine code (it did, from the same estimates).
  `alter function record_and_claim_webhook_deliveries(jsonb, jsonb, integer, jsonb, integer, text, timestamptz, integer, integer, timestamptz)
    set jit = off`,
  // No query of this service gains from being compiled to machine code (JIT): each is small, and
  // estimates made from lagging statistics (a queue that grew since its last analyze) crossed
  // jit_above_cost and compiled a list page or a claim for 20-25 ms first. Off for the database, when
  // the migration may say so (its owner may; otherwise the functions above still have it off).
  `do $$
begin
  execute format('alter database %I set jit = off', current_database());
exception when insufficient_privilege then
  raise notice 'jit stays as configured: only the database owner can turn it off';
end
$$`,
];
