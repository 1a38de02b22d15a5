import { Migration } from '@mikro-orm/migrations';

/**
 * A claim that does not grow with the endpoints whose receivers fail. The claim found the endpoints
 * with a delivery due by visiting every endpoint with anything in the queue (a skip scan of its
 * endpoint index, then a look for a due delivery at each): with 10,000 endpoints each holding a retry
 * that is not due (a widespread receiver outage), every claim made 20,000 index descents to find the
 * few endpoints with work, 47 ms instead of 1.6.
 *
 * A retry waiting for its time is now marked `scheduled` when its attempt is recorded, and leaves
 * the claim's index (`endpoint_id, next_attempt_at, id` where not scheduled); a second, small index
 * holds the scheduled ones by due time. Each claim first moves the retries come due since the last
 * one back among the ready (as a job queue moves its scheduled set into the ready queue), at the cost
 * of the rows come due, then visits only the endpoints with something ready. A delivery is ready from
 * its creation (the column's default), when recovered, and once its retry comes due.
 */
export class Migration20261128000030_scheduled_retries extends Migration {
  override async up(): Promise<void> {
    for (const sql of STATEMENTS) this.addSql(sql);
  }
}

const STATEMENTS = [
  // Metadata only (a constant default): no table is rewritten, the log's old weeks included.
  `alter table webhook_deliveries add column scheduled boolean not null default false`,
  // The retries waiting now are scheduled from the start.
  `update webhook_deliveries_queue set scheduled = true where next_attempt_at > now() and attempt_count > 0`,
  `drop index webhook_deliveries_endpoint_due_idx`,
  `create index webhook_deliveries_endpoint_ready_idx on webhook_deliveries_queue (endpoint_id, next_attempt_at, id) where not scheduled`,
  `create index webhook_deliveries_scheduled_idx on webhook_deliveries_queue (next_attempt_at) where scheduled`,
  `create or replace function claim_webhook_deliveries(p_now timestamptz, p_per_endpoint integer, p_limit integer, p_owner text, p_until timestamptz)
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
    where q.id in (
      select s.id from webhook_deliveries_queue s
      where s.scheduled and s.next_attempt_at <= p_now
      order by s.next_attempt_at
      limit 10000
      for update skip locked
    );
    select array_agg(c.id) into v_endpoints from (
      with recursive waiting as (
        -- The endpoints with anything ready in the queue, one index step each (a skip scan of the
        -- ready index): an endpoint with nothing ready, only a retry waiting, costs the claim nothing.
        (select q.endpoint_id from webhook_deliveries_queue q where not q.scheduled order by q.endpoint_id limit 1)
        union all
        select (select q.endpoint_id from webhook_deliveries_queue q where not q.scheduled and q.endpoint_id > w.endpoint_id order by q.endpoint_id limit 1)
        from waiting w where w.endpoint_id is not null
      )
      select e.id from (
        -- Of those, the ones with a delivery due now (most endpoints with retries waiting have
        -- none due), before anything else is looked at (OFFSET 0 keeps the planner to that order).
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
        and (select count(*) from webhook_deliveries l
             where l.endpoint_id = e.id and l.status = 'pending' and l.lease_owner is not null and l.lease_expires_at > p_now) < p_per_endpoint
      order by due.next_attempt_at, e.id
      limit p_limit
      for no key update of e skip locked
    ) c;
    if v_endpoints is null then
      return;
    end if;
    return query
    with inflight as (
      select l.endpoint_id, count(*)::int as n from webhook_deliveries l
      where l.endpoint_id = any(v_endpoints) and l.status = 'pending' and l.lease_owner is not null and l.lease_expires_at > p_now
      group by l.endpoint_id
    ),
    picked as (
      select x.id from webhook_endpoints e
      left join inflight i on i.endpoint_id = e.id
      cross join lateral (
        select d.id, d.next_attempt_at, row_number() over (order by d.next_attempt_at, d.id) as rank
        from webhook_deliveries d
        where d.endpoint_id = e.id and d.status = 'pending' and not d.scheduled and d.next_attempt_at <= p_now
          and (d.lease_expires_at is null or d.lease_expires_at <= p_now)
        order by d.next_attempt_at, d.id
        limit greatest(p_per_endpoint - coalesce(i.n, 0), 0)
      ) x
      where e.id = any(v_endpoints) and e.status = 'enabled'
      order by x.rank, x.next_attempt_at, x.id
      limit p_limit
    ),
    claimed as (
      update webhook_deliveries d set lease_owner = p_owner, lease_expires_at = p_until
      from picked
      where d.id = picked.id and d.status = 'pending' and (d.lease_expires_at is null or d.lease_expires_at <= p_now)
      returning d.id, d.event_id, d.endpoint_id, d.payload, d.next_attempt_at, d.traceparent, d.tracestate
    )
    select c.id, c.event_id, c.endpoint_id, c.payload, e.url, e.secret, e.previous_secret, e.previous_secret_expires_at,
           e.breaker_state = 'open', c.next_attempt_at, c.traceparent, c.tracestate
    from claimed c join webhook_endpoints e on e.id = c.endpoint_id
    order by c.next_attempt_at, c.id;
  end
  $fn$`,
  // As migration ...000020 set them (a new definition has none).
  `alter function claim_webhook_deliveries(timestamptz, integer, integer, text, timestamptz) set enable_bitmapscan = off`,
  `alter function claim_webhook_deliveries(timestamptz, integer, integer, text, timestamptz) set jit = off`,
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
          scheduled = not v.ok and d.cycle_failures + 1 < p_max_attempts,
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
  `alter function record_and_claim_webhook_deliveries(jsonb, jsonb, integer, jsonb, integer, text, timestamptz, integer, integer, timestamptz)
    set jit = off`,
  `analyze webhook_deliveries_queue`,
];
