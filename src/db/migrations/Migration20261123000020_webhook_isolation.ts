import { Migration } from '@mikro-orm/migrations';

/**
 * Endpoint isolation: each endpoint's health and circuit breaker (shared by every worker through the
 * row), why it was disabled, the indexes the fair, per-endpoint-limited claim reads (the global due-time
 * index goes: nothing reads it any more, and every lease and outcome paid for it), and the claim itself.
 */
export class Migration20261123000020_webhook_isolation extends Migration {
  override async up(): Promise<void> {
    const statements = `
      alter table webhook_endpoints add column disabled_reason text check (disabled_reason in ('manual', 'failing'));
      update webhook_endpoints set disabled_reason = 'manual' where status = 'disabled';
      alter table webhook_endpoints add column consecutive_failures integer not null default 0;
      alter table webhook_endpoints add column failing_since timestamptz;
      alter table webhook_endpoints add column last_success_at timestamptz;
      alter table webhook_endpoints add column breaker_failures integer not null default 0;
      alter table webhook_endpoints add column breaker_state text not null default 'closed' check (breaker_state in ('closed', 'open'));
      alter table webhook_endpoints add column breaker_opened_at timestamptz;
      alter table webhook_endpoints add column probe_owner text;
      alter table webhook_endpoints add column probe_expires_at timestamptz;
      create index webhook_endpoints_failing_idx on webhook_endpoints (failing_since) where status = 'enabled' and failing_since is not null;
      drop index webhook_deliveries_due_idx;
      create index webhook_deliveries_endpoint_due_idx on webhook_deliveries (endpoint_id, next_attempt_at) where status = 'pending';
      create index webhook_deliveries_leased_idx on webhook_deliveries (endpoint_id, lease_expires_at) where status = 'pending' and lease_owner is not null
    `;
    // One statement per call: prepared statements (PGlite) take a single command.
    for (const sql of statements.split(/;\s*\n/).map((x) => x.trim()).filter(Boolean)) this.addSql(sql);
    this.addSql(CLAIM_FUNCTION);
  }
}

/**
 * The claim of due deliveries, one round trip: `claim_webhook_deliveries(now, per_endpoint, limit,
 * owner, lease_until)`. It first takes a transaction-level advisory lock (key 130242591613804, the
 * bytes of "vtwhcl"), so claims run one at a time over every worker, and the claim query, a statement
 * of its own in a volatile function, reads a snapshot taken after the lock: it sees every lease the
 * previous claim took. It then leases up to `limit` due deliveries round-robin over endpoints: each
 * enabled endpoint offers its oldest due deliveries, no more than its free slots (`per_endpoint`
 * minus its live leases, over all workers), taken by rank (every endpoint's first, then every
 * endpoint's second, ...) and then due time. Rows come back with what sending needs of the endpoint.
 */
const CLAIM_FUNCTION = `
  create function claim_webhook_deliveries(p_now timestamptz, p_per_endpoint integer, p_limit integer, p_owner text, p_until timestamptz)
  returns table (id text, event_id text, endpoint_id text, payload text, url text, secret text, previous_secret text,
                 previous_secret_expires_at timestamptz, breaker_open boolean, next_attempt_at timestamptz)
  language sql volatile as $fn$
    select pg_advisory_xact_lock(130242591613804);
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
    order by c.next_attempt_at, c.id
  $fn$`;
