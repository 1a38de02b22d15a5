import { Migration } from '@mikro-orm/migrations';

/**
 * A claimed window ahead for a busy endpoint. An endpoint's deliveries in flight are bounded by
 * WEBHOOK_ENDPOINT_CONCURRENCY (C) over every worker, and the claim enforced it by leasing at most C:
 * one endpoint's backlog went at C per round trip (POST, then the statement recording the outcomes
 * and claiming the next C), the POSTs idle while the statement ran.
 *
 * The claim may now lease an endpoint up to C + `p_window` deliveries, to be sent C at a time by the
 * worker holding them, so that its POSTs go on while their outcomes are recorded and the next claimed:
 *
 * - only to one worker at a time (affinity): an endpoint any other owner holds an unexpired lease of
 *   gets no window, and the count of its leases over every owner stays bounded by C. While two owners
 *   hold leases of one endpoint, the second one's claim found fewer than C leased, and neither may
 *   then lease past C: deliveries in flight, each within its owner's leases, stay at most C. While
 *   one owner holds them all, its local gate sends C at once;
 * - only to the endpoints the claiming worker names in `p_fast` (those whose last answers came
 *   quickly, see src/webhooks/worker.ts), with their breaker closed: a slow or hanging endpoint's
 *   window would hold leases and gain nothing;
 * - the worker gives the rest of a window back (its leases released) at the first answer that is
 *   not a quick 2xx, and sends a delivery of it only with a timeout's worth of its lease left.
 *
 * The functions of five and ten parameters stay, for workers of the previous release during a
 * rolling deploy: they claim with no window (and see the window's leases in their count). The new
 * record is the previous one, claiming nothing, followed by the new claim.
 */
export class Migration20261128000050_endpoint_window extends Migration {
  override async up(): Promise<void> {
    for (const sql of STATEMENTS) this.addSql(sql);
  }
}

const CLAIM_ARGS = 'timestamptz, integer, integer, text, timestamptz';
const RECORD_ARGS = 'jsonb, jsonb, integer, jsonb, integer, text, timestamptz, integer, integer, timestamptz';

/** The claim with a window (a later migration that redefines it starts from this text). */
export const CLAIM_FUNCTION = `create function claim_webhook_deliveries(p_now timestamptz, p_per_endpoint integer, p_limit integer, p_owner text, p_until timestamptz,
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
  $fn$`;

/** The claim's settings (a new definition has none; each must set them again). */
export const CLAIM_SETTINGS = [
  `alter function claim_webhook_deliveries(${CLAIM_ARGS}, integer, text[]) set enable_bitmapscan = off`,
  `alter function claim_webhook_deliveries(${CLAIM_ARGS}, integer, text[]) set enable_seqscan = off`,
  `alter function claim_webhook_deliveries(${CLAIM_ARGS}, integer, text[]) set jit = off`,
  `alter function claim_webhook_deliveries(${CLAIM_ARGS}, integer, text[]) set plan_cache_mode = force_generic_plan`,
];

const STATEMENTS = [
  CLAIM_FUNCTION,
  ...CLAIM_SETTINGS,
  // The previous release's claim: no window.
  `create or replace function claim_webhook_deliveries(p_now timestamptz, p_per_endpoint integer, p_limit integer, p_owner text, p_until timestamptz)
  returns table (id text, event_id text, endpoint_id text, payload text, url text, secret text, previous_secret text,
                 previous_secret_expires_at timestamptz, breaker_open boolean, next_attempt_at timestamptz,
                 traceparent text, tracestate text)
  language sql volatile as $fn$
    select * from claim_webhook_deliveries(p_now, p_per_endpoint, p_limit, p_owner, p_until, 0, '{}'::text[])
  $fn$`,
  // The record of a batch is the previous release's, unchanged (claiming nothing); the claim that
  // follows it, in the same transaction, is the one above.
  `create function record_and_claim_webhook_deliveries(p_outcomes jsonb, p_endpoints jsonb, p_max_attempts integer,
    p_delays jsonb, p_threshold integer, p_owner text, p_now timestamptz, p_per_endpoint integer, p_limit integer, p_until timestamptz,
    p_window integer, p_fast text[])
  returns json language plpgsql volatile as $fn$
  declare
    v_recorded json := record_and_claim_webhook_deliveries(p_outcomes, p_endpoints, p_max_attempts, p_delays, p_threshold, p_owner, p_now,
      p_per_endpoint, 0, p_until) -> 'recorded';
    v_claimed json;
  begin
    if p_limit > 0 then
      select json_agg(c order by c.next_attempt_at, c.id) into v_claimed
      from claim_webhook_deliveries(p_now, p_per_endpoint, p_limit, p_owner, p_until, p_window, p_fast) c;
    end if;
    return json_build_object('recorded', v_recorded, 'claimed', coalesce(v_claimed, '[]'::json));
  end
  $fn$`,
  `alter function record_and_claim_webhook_deliveries(${RECORD_ARGS}, integer, text[]) set jit = off`,
  `alter function record_and_claim_webhook_deliveries(${RECORD_ARGS}, integer, text[]) set plan_cache_mode = force_generic_plan`,
];
