import { Migration } from '@mikro-orm/migrations';

/**
 * The delivery log (events, deliveries, attempts) in daily partitions, so that retention drops a
 * day's partitions (no row deleted one by one, no dead rows left for the claims to step over) and a
 * log of tens of millions of rows costs each claim, record and page what a day's does.
 *
 * - Partitioned by range of id. Ids are type prefix + ULID, whose first ten characters are the
 *   creation time in ms: a day's partition holds the ids from `evt_<ULID time of midnight UTC>` to the
 *   next midnight's. A row found by id is looked for in one partition (a delivery by the worker, an
 *   event by the API); attempts are partitioned by their delivery's id, with the same bounds, so a
 *   delivery and its attempts live and go together. The id columns are in the "C" collation: byte
 *   order is time order, whatever the database's default.
 * - `ensure_log_partitions(from, to)` creates the three tables' partitions of those days (UTC) that
 *   are missing, under a transaction-scoped lock: every process calls it at start for yesterday to a
 *   week ahead, the worker every hour, and the emitter before the first event of a day it has not
 *   seen (test clocks, a stopped worker). It creates each partition as a table of its own and
 *   attaches it, which locks the parent only in SHARE UPDATE EXCLUSIVE mode: reads and writes go on.
 * - There is no default partition: it would forbid `DETACH PARTITION ... CONCURRENTLY`, with which
 *   retention takes a day's partitions away without blocking a claim (src/webhooks/retention.ts).
 * - Foreign keys between the three tables are gone: detaching a referenced partition checks every
 *   referencing row, which takes seconds at this size. A delivery is only ever created for an event
 *   that exists; retention removes a day's deliveries and attempts with its events (and, first, the
 *   later deliveries of its events: replays); deleting an endpoint deletes its deliveries' attempts.
 *   The uniqueness of (event, endpoint), which a partitioned table can only enforce with the
 *   partition key, is kept by the writers: an event's deliveries are created with it, and a replay
 *   locks the event before it looks for existing deliveries.
 * - Every row is kept: the existing tables are copied into partitions covering their days, then
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
  // Creates the missing partitions of the delivery log for the days p_from..p_to (UTC); answers how many.
  `create function ensure_log_partitions(p_from date, p_to date) returns integer language plpgsql as $$
declare
  v_day date;
  v_table record;
  v_child text;
  v_locked boolean := false;
  v_created integer := 0;
  v_lo text;
  v_hi text;
begin
  for v_day in select d::date from generate_series(p_from, p_to, interval '1 day') as d loop
    for v_table in select * from (values ('events', 'evt'), ('webhook_deliveries', 'wdl'), ('webhook_delivery_attempts', 'wdl')) as t (parent, prefix) loop
      v_child := v_table.parent || '_p' || to_char(v_day, 'YYYYMMDD');
      continue when exists (select 1 from pg_inherits where inhrelid = to_regclass(v_child) and inhparent = v_table.parent::regclass);
      if not v_locked then
        -- Processes creating the same partitions at once: one at a time, each looking again.
        perform pg_advisory_xact_lock(8536131954733158);
        v_locked := true;
        continue when exists (select 1 from pg_inherits where inhrelid = to_regclass(v_child) and inhparent = v_table.parent::regclass);
      end if;
      v_lo := v_table.prefix || '_' || ulid_time((extract(epoch from v_day::timestamp) * 1000)::bigint);
      v_hi := v_table.prefix || '_' || ulid_time((extract(epoch from (v_day + 1)::timestamp) * 1000)::bigint);
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
  ) partition by range (id)`,
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
  `create index events_created_idx on events (created_at)`,
  `create index events_account_type_idx on events (account_id, type, id desc)`,

  `alter table webhook_deliveries add primary key (id)`,
  `alter table webhook_deliveries add foreign key (account_id) references accounts (id) deferrable initially deferred`,
  `alter table webhook_deliveries add foreign key (endpoint_id) references webhook_endpoints (id) on delete cascade deferrable initially deferred`,
  `create index webhook_deliveries_event_idx on webhook_deliveries (event_id, endpoint_id)`,
  `create index webhook_deliveries_endpoint_idx on webhook_deliveries (endpoint_id, id desc)`,
  // An endpoint's log filtered by status: a status the endpoint has none of is answered at once.
  `create index webhook_deliveries_endpoint_status_idx on webhook_deliveries (endpoint_id, status, id desc)`,
  `create index webhook_deliveries_account_idx on webhook_deliveries (account_id, id)`,
  `create index webhook_deliveries_leased_idx on webhook_deliveries (endpoint_id, lease_expires_at) where status = 'pending' and lease_owner is not null`,
  `create index webhook_deliveries_endpoint_due_idx on webhook_deliveries (endpoint_id, next_attempt_at, id) where status = 'pending'`,

  `alter table webhook_delivery_attempts add primary key (delivery_id, number)`,
];
