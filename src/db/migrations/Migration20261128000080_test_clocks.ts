import { Migration } from '@mikro-orm/migrations';

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

const CLAIM_ARGS = 'timestamptz, integer, integer, text, timestamptz';
const CLOCKED = ['customers', 'orders', 'carriers', 'webhook_endpoints'] as const;

const CLAIM_SETTINGS = [
  `alter function claim_webhook_deliveries(${CLAIM_ARGS}, integer, text[]) set enable_bitmapscan = off`,
  `alter function claim_webhook_deliveries(${CLAIM_ARGS}, integer, text[]) set enable_seqscan = off`,
  `alter function claim_webhook_deliveries(${CLAIM_ARGS}, integer, text[]) set jit = off`,
  `alter function claim_webhook_deliveries(${CLAIM_ARGS}, integer, text[]) set plan_cache_mode = force_generic_plan`,
];

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
    failure text,
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
  `create or replace function claim_webhook_deliveries(p_now timestamptz, p_per_endpoint integer, p_limit integer, p_owner text, p_until timestamptz,
    p_window integer, p_fast text[])
  returns table (id text, event_id text, endpoint_id text, payload text, url text, secret text, previous_secret text,
                 previous_secret_expires_at timestamptz, breaker_open boolean, next_attempt_at timestamptz,
                 traceparent text, tracestate text)
  language plpgsql volatile as $fn$
  declare
    v_endpoints text[];
  begin
    -- Retries come due since the last claim join the deliveries ready to go: found by their due
    -- time (the scheduled index holds only retries waiting), each taken once over all workers.
    update webhook_deliveries_queue q set scheduled = false
    where q.id = any(array(
      select s.id from webhook_deliveries_queue s
      where s.scheduled and not s.clocked and s.next_attempt_at <= p_now
      order by s.next_attempt_at
      limit 10000
      for update skip locked
    )) and q.scheduled;
    select array_agg(c.id) into v_endpoints from (
      with recursive waiting as (
        -- The endpoints with anything ready in the queue, one index step each (a skip scan of the
        -- ready index), ordered as the ready index is (Migration20261128000040_claim_plans).
        (select q.endpoint_id from webhook_deliveries_queue q where not q.scheduled and not q.clocked order by q.endpoint_id, q.next_attempt_at, q.id limit 1)
        union all
        select (select q.endpoint_id from webhook_deliveries_queue q where not q.scheduled and not q.clocked and q.endpoint_id > w.endpoint_id
                order by q.endpoint_id, q.next_attempt_at, q.id limit 1)
        from waiting w where w.endpoint_id is not null
      )
      select e.id from (
        -- Of those, the ones with a delivery due now, before anything else is looked at.
        select w.endpoint_id, due.next_attempt_at from waiting w
        cross join lateral (
          select d.next_attempt_at from webhook_deliveries_queue d
          where d.endpoint_id = w.endpoint_id and not d.scheduled and not d.clocked and d.next_attempt_at <= p_now
            and (d.lease_expires_at is null or d.lease_expires_at <= p_now)
          order by d.next_attempt_at, d.id
          limit 1
        ) due
        offset 0
      ) due
      join webhook_endpoints e on e.id = due.endpoint_id
      where e.status = 'enabled' and e.test_clock_id is null
        and (select count(*) from webhook_deliveries_queue l
             where l.endpoint_id = e.id and l.lease_owner is not null and l.lease_expires_at > p_now)
          < p_per_endpoint + case when p_window > 0 and e.id = any(p_fast) and e.breaker_state = 'closed'
              and not exists (select 1 from webhook_deliveries_queue o
                              where o.endpoint_id = e.id and o.lease_owner is not null and o.lease_expires_at > p_now and o.lease_owner <> p_owner)
            then p_window else 0 end
      order by due.next_attempt_at, e.id
      limit p_limit
      for no key update of e skip locked
    ) c;
    if v_endpoints is null then
      return;
    end if;
    return query
    with inflight as (
      select l.endpoint_id, count(*)::int as n, count(*) filter (where l.lease_owner <> p_owner)::int as others
      from webhook_deliveries_queue l
      where l.endpoint_id = any(v_endpoints) and l.lease_owner is not null and l.lease_expires_at > p_now
      group by l.endpoint_id
    ),
    picked as (
      select x.id from webhook_endpoints e
      left join inflight i on i.endpoint_id = e.id
      cross join lateral (
        select d.id, d.next_attempt_at, row_number() over (order by d.next_attempt_at, d.id) as rank
        from webhook_deliveries_queue d
        where d.endpoint_id = e.id and not d.scheduled and not d.clocked and d.next_attempt_at <= p_now
          and (d.lease_expires_at is null or d.lease_expires_at <= p_now)
        order by d.next_attempt_at, d.id
        limit greatest(p_per_endpoint - coalesce(i.n, 0)
          + case when p_window > 0 and e.id = any(p_fast) and e.breaker_state = 'closed' and coalesce(i.others, 0) = 0 then p_window else 0 end, 0)
      ) x
      where e.id = any(v_endpoints) and e.status = 'enabled' and e.test_clock_id is null
      order by x.rank, x.next_attempt_at, x.id
      limit p_limit
    ),
    claimed as (
      update webhook_deliveries_queue d set lease_owner = p_owner, lease_expires_at = p_until
      where d.id = any(array(select picked.id from picked)) and (d.lease_expires_at is null or d.lease_expires_at <= p_now)
      returning d.id, d.event_id, d.endpoint_id, d.payload, d.next_attempt_at, d.traceparent, d.tracestate
    )
    select c.id, c.event_id, c.endpoint_id, c.payload, e.url, e.secret, e.previous_secret, e.previous_secret_expires_at,
           e.breaker_state = 'open', c.next_attempt_at, c.traceparent, c.tracestate
    from claimed c join webhook_endpoints e on e.id = c.endpoint_id
    order by c.next_attempt_at, c.id;
  end
  $fn$`,
  ...CLAIM_SETTINGS,
];

const DOWN = [
  `create or replace function claim_webhook_deliveries(p_now timestamptz, p_per_endpoint integer, p_limit integer, p_owner text, p_until timestamptz,
    p_window integer, p_fast text[])
  returns table (id text, event_id text, endpoint_id text, payload text, url text, secret text, previous_secret text,
                 previous_secret_expires_at timestamptz, breaker_open boolean, next_attempt_at timestamptz,
                 traceparent text, tracestate text)
  language plpgsql volatile as $fn$
  declare
    v_endpoints text[];
  begin
    -- Retries come due since the last claim join the deliveries ready to go: found by their due
    -- time (the scheduled index holds only retries waiting), each taken once over all workers.
    update webhook_deliveries_queue q set scheduled = false
    where q.id = any(array(
      select s.id from webhook_deliveries_queue s
      where s.scheduled and s.next_attempt_at <= p_now
      order by s.next_attempt_at
      limit 10000
      for update skip locked
    )) and q.scheduled;
    select array_agg(c.id) into v_endpoints from (
      with recursive waiting as (
        -- The endpoints with anything ready in the queue, one index step each (a skip scan of the
        -- ready index), ordered as the ready index is (Migration20261128000040_claim_plans).
        (select q.endpoint_id from webhook_deliveries_queue q where not q.scheduled order by q.endpoint_id, q.next_attempt_at, q.id limit 1)
        union all
        select (select q.endpoint_id from webhook_deliveries_queue q where not q.scheduled and q.endpoint_id > w.endpoint_id
                order by q.endpoint_id, q.next_attempt_at, q.id limit 1)
        from waiting w where w.endpoint_id is not null
      )
      select e.id from (
        -- Of those, the ones with a delivery due now, before anything else is looked at.
        select w.endpoint_id, due.next_attempt_at from waiting w
        cross join lateral (
          select d.next_attempt_at from webhook_deliveries_queue d
          where d.endpoint_id = w.endpoint_id and not d.scheduled and d.next_attempt_at <= p_now
            and (d.lease_expires_at is null or d.lease_expires_at <= p_now)
          order by d.next_attempt_at, d.id
          limit 1
        ) due
        offset 0
      ) due
      join webhook_endpoints e on e.id = due.endpoint_id
      where e.status = 'enabled'
        and (select count(*) from webhook_deliveries_queue l
             where l.endpoint_id = e.id and l.lease_owner is not null and l.lease_expires_at > p_now)
          < p_per_endpoint + case when p_window > 0 and e.id = any(p_fast) and e.breaker_state = 'closed'
              and not exists (select 1 from webhook_deliveries_queue o
                              where o.endpoint_id = e.id and o.lease_owner is not null and o.lease_expires_at > p_now and o.lease_owner <> p_owner)
            then p_window else 0 end
      order by due.next_attempt_at, e.id
      limit p_limit
      for no key update of e skip locked
    ) c;
    if v_endpoints is null then
      return;
    end if;
    return query
    with inflight as (
      select l.endpoint_id, count(*)::int as n, count(*) filter (where l.lease_owner <> p_owner)::int as others
      from webhook_deliveries_queue l
      where l.endpoint_id = any(v_endpoints) and l.lease_owner is not null and l.lease_expires_at > p_now
      group by l.endpoint_id
    ),
    picked as (
      select x.id from webhook_endpoints e
      left join inflight i on i.endpoint_id = e.id
      cross join lateral (
        select d.id, d.next_attempt_at, row_number() over (order by d.next_attempt_at, d.id) as rank
        from webhook_deliveries_queue d
        where d.endpoint_id = e.id and not d.scheduled and d.next_attempt_at <= p_now
          and (d.lease_expires_at is null or d.lease_expires_at <= p_now)
        order by d.next_attempt_at, d.id
        limit greatest(p_per_endpoint - coalesce(i.n, 0)
          + case when p_window > 0 and e.id = any(p_fast) and e.breaker_state = 'closed' and coalesce(i.others, 0) = 0 then p_window else 0 end, 0)
      ) x
      where e.id = any(v_endpoints) and e.status = 'enabled'
      order by x.rank, x.next_attempt_at, x.id
      limit p_limit
    ),
    claimed as (
      update webhook_deliveries_queue d set lease_owner = p_owner, lease_expires_at = p_until
      where d.id = any(array(select picked.id from picked)) and (d.lease_expires_at is null or d.lease_expires_at <= p_now)
      returning d.id, d.event_id, d.endpoint_id, d.payload, d.next_attempt_at, d.traceparent, d.tracestate
    )
    select c.id, c.event_id, c.endpoint_id, c.payload, e.url, e.secret, e.previous_secret, e.previous_secret_expires_at,
           e.breaker_state = 'open', c.next_attempt_at, c.traceparent, c.tracestate
    from claimed c join webhook_endpoints e on e.id = c.endpoint_id
    order by c.next_attempt_at, c.id;
  end
  $fn$`,
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
