import { Migration } from '@mikro-orm/migrations';

/**
 * The delivery claim (`claim_webhook_deliveries`, see Migration20261123000020_webhook_isolation) in
 * PL/pgSQL instead of SQL: the same lock and the same query, but a SQL-language function's query is
 * planned again on every call, while PL/pgSQL keeps its plan for the session. Every worker claims
 * many times a second, one claim at a time over all workers (the advisory lock), so the planning
 * was time every other claim waited for. Each statement of the function still takes its own
 * snapshot (volatile), so the query sees every lease taken before the lock was granted.
 */
export class Migration20261123000050_claim_plan_cached extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
  create or replace function claim_webhook_deliveries(p_now timestamptz, p_per_endpoint integer, p_limit integer, p_owner text, p_until timestamptz)
  returns table (id text, event_id text, endpoint_id text, payload text, url text, secret text, previous_secret text,
                 previous_secret_expires_at timestamptz, breaker_open boolean, next_attempt_at timestamptz)
  language plpgsql volatile as $fn$
  begin
    perform pg_advisory_xact_lock(130242591613804);
    return query
    with inflight as (
      select l.endpoint_id, count(*)::int as n from webhook_deliveries l
      where l.status = 'pending' and l.lease_owner is not null and l.lease_expires_at > p_now
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
      where e.status = 'enabled'
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
  }
}
