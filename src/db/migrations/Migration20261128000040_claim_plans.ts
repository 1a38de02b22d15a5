import { Migration } from '@mikro-orm/migrations';

/**
 * Claim plans that do not depend on when the queue's statistics were taken. Profiled on one endpoint
 * draining a burst of 4,000 made after the queue was last analyzed (empty), each claim read ~3,000
 * pages of a 4,000-row queue, 2.9 ms of the 4 ms a record-and-claim took:
 *
 * - Statements read the queue through the partitioned table with `status = 'pending'`. The queue's
 *   rows are all pending, but with no statistics of `status` the planner took that clause as
 *   selective (0.5%) and walked the primary key's `status` column: a read of the whole queue to count
 *   an endpoint's 4 leases. They now read the queue partition, where the clause is implied.
 * - Moving retries come due back among the ready was planned, from a row count extrapolated from the
 *   bloated queue (80,000 estimated for 4,000), as a scan and sort of the whole queue finding none.
 *   The ids come from the scheduled index into an array, then are updated by key.
 * - The skip scan finding the endpoints with a delivery ready was ordered by endpoint alone, which
 *   the endpoint index (every delivery of the queue) answers as well as the ready index (those not
 *   scheduled): planned from statistics without the retries, it walked every scheduled retry, 10,000
 *   heap reads per claim in a receiver outage. It is now ordered as the ready index alone is.
 * - Beyond the statements' shape, the claim is forbidden sequential scans (as bitmap scans and JIT
 *   already): every statement in it reads a few rows by an index, and a sequential scan is the plan
 *   lagging statistics make look cheap.
 *
 * - Both functions' statements were planned again at every call (PL/pgSQL's plan cache kept
 *   choosing custom plans, as a generic plan's estimate looked costlier): 1.1 ms of planning in each
 *   2.5 ms record-and-claim, more than the statements ran. Their plans are now made once per
 *   connection (`plan_cache_mode = force_generic_plan`): the plans above do not depend on the values.
 *
 * - The record statement joins the batch's endpoints (a JSON list, estimated at 100 rows whatever
 *   it holds) to the endpoints table twice, to lock and to update their health: with 10,000
 *   endpoints, both were planned as a scan of the whole table (3.9 and 5.5 ms per batch instead of
 *   0.1). It too is forbidden sequential scans: it reads the queue and the endpoints by key.
 */
export class Migration20261128000040_claim_plans extends Migration {
  override async up(): Promise<void> {
    for (const sql of STATEMENTS) this.addSql(sql);
  }
}

const STATEMENTS = [
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
        -- ready index): an endpoint with nothing ready, only a retry waiting, costs the claim nothing.
        -- Ordered as the ready index is (endpoint, due, id), so that it is the index read: ordered
        -- by endpoint alone, the endpoint index looked as good, and walked every scheduled retry.
        (select q.endpoint_id from webhook_deliveries_queue q where not q.scheduled order by q.endpoint_id, q.next_attempt_at, q.id limit 1)
        union all
        select (select q.endpoint_id from webhook_deliveries_queue q where not q.scheduled and q.endpoint_id > w.endpoint_id
                order by q.endpoint_id, q.next_attempt_at, q.id limit 1)
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
        and (select count(*) from webhook_deliveries_queue l
             where l.endpoint_id = e.id and l.lease_owner is not null and l.lease_expires_at > p_now) < p_per_endpoint
      order by due.next_attempt_at, e.id
      limit p_limit
      for no key update of e skip locked
    ) c;
    if v_endpoints is null then
      return;
    end if;
    return query
    with inflight as (
      select l.endpoint_id, count(*)::int as n from webhook_deliveries_queue l
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
        limit greatest(p_per_endpoint - coalesce(i.n, 0), 0)
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
  `alter function claim_webhook_deliveries(timestamptz, integer, integer, text, timestamptz) set enable_bitmapscan = off`,
  `alter function claim_webhook_deliveries(timestamptz, integer, integer, text, timestamptz) set enable_seqscan = off`,
  `alter function claim_webhook_deliveries(timestamptz, integer, integer, text, timestamptz) set jit = off`,
  `alter function claim_webhook_deliveries(timestamptz, integer, integer, text, timestamptz) set plan_cache_mode = force_generic_plan`,
  `alter function record_and_claim_webhook_deliveries(jsonb, jsonb, integer, jsonb, integer, text, timestamptz, integer, integer, timestamptz)
    set plan_cache_mode = force_generic_plan`,
  `alter function record_and_claim_webhook_deliveries(jsonb, jsonb, integer, jsonb, integer, text, timestamptz, integer, integer, timestamptz)
    set enable_seqscan = off`,
];
