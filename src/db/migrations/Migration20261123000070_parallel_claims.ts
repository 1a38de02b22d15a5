import { Migration } from '@mikro-orm/migrations';

/**
 * The delivery claim (`claim_webhook_deliveries`, same parameters and rows as before) without the
 * advisory lock that ran every claim of every worker one at a time: a second worker added no
 * throughput, it waited for the lock. Each endpoint's row is now the lock that keeps its limit exact:
 *
 * 1. The endpoints to claim from: enabled, with a due delivery nobody holds and a free slot (by this
 *    statement's snapshot), the one with the oldest such delivery first, at most `limit` of them; each
 *    is locked (FOR NO KEY UPDATE) and one another claim holds is skipped, never waited for, so
 *    concurrent claims take different endpoints.
 * 2. The same fair query as before (round-robin by rank, then due time), over the locked endpoints
 *    only. It is a statement of its own in a volatile function: its snapshot is taken after the locks
 *    were granted, so it sees every lease the previous claim of each endpoint took, and an endpoint
 *    never has more than `per_endpoint` leases.
 *
 * The locks go with the claim's transaction; an outcome recorded meanwhile waits for them (the
 * record updates the endpoint's health), milliseconds.
 *
 * And `record_and_claim_webhook_deliveries`: a worker's batch of outcomes recorded and, in the same
 * transaction and round trip, the slots it frees claimed again (see RECORD in src/webhooks/worker.ts
 * for what recording does). The endpoints whose health the batch changes are locked first, in id
 * order, so two workers' records do not deadlock; a healthy endpoint's successes change only its
 * `last_success_at`, written at most once a second, so busy healthy endpoints are not locked or
 * rewritten by every batch of every worker. The claim runs after the record, so it sees the slots the
 * record freed.
 * Answers `{"recorded": [ids], "claimed": [rows of claim_webhook_deliveries]}`.
 */
export class Migration20261123000070_parallel_claims extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
  create or replace function claim_webhook_deliveries(p_now timestamptz, p_per_endpoint integer, p_limit integer, p_owner text, p_until timestamptz)
  returns table (id text, event_id text, endpoint_id text, payload text, url text, secret text, previous_secret text,
                 previous_secret_expires_at timestamptz, breaker_open boolean, next_attempt_at timestamptz)
  language plpgsql volatile as $fn$
  declare
    v_endpoints text[];
  begin
    select array_agg(c.id) into v_endpoints from (
      select e.id from webhook_endpoints e
      cross join lateral (
        select d.next_attempt_at from webhook_deliveries d
        where d.endpoint_id = e.id and d.status = 'pending' and d.next_attempt_at <= p_now
          and (d.lease_expires_at is null or d.lease_expires_at <= p_now)
        order by d.next_attempt_at, d.id
        limit 1
      ) due
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
        where d.endpoint_id = e.id and d.status = 'pending' and d.next_attempt_at <= p_now
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
      returning d.id, d.event_id, d.endpoint_id, d.payload, d.next_attempt_at
    )
    select c.id, c.event_id, c.endpoint_id, c.payload, e.url, e.secret, e.previous_secret, e.previous_secret_expires_at,
           e.breaker_state = 'open', c.next_attempt_at
    from claimed c join webhook_endpoints e on e.id = c.endpoint_id
    order by c.next_attempt_at, c.id;
  end
  $fn$`);
    this.addSql(`
  create or replace function record_and_claim_webhook_deliveries(p_outcomes jsonb, p_endpoints jsonb, p_max_attempts integer,
    p_delays jsonb, p_threshold integer, p_owner text, p_now timestamptz, p_per_endpoint integer, p_limit integer, p_until timestamptz)
  returns json language plpgsql volatile as $fn$
  declare
    v_recorded text[];
    v_claimed json;
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
        where d.id = v.id and d.lease_owner = p_owner
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
  $fn$`);
  }
}
