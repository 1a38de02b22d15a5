import { Migration } from '@mikro-orm/migrations';

/**
 * Events a receiver can order and trace (the AsyncAPI document, "Order" and "Cause and trace"):
 *
 * - Every event names its object (`object_id`, its data's id) and carries `sequence` and
 *   `previous_event_id`, assigned by a trigger on insert from a counter per (account, object) in
 *   `event_sequences`. The counter's row is updated (so locked) in the transaction that records the
 *   event: concurrent changes of one object take their numbers one after the other and a rolled back
 *   change gives its number back, so the numbers of an object are 1..n with none shared or skipped.
 *   The trigger numbers any insert that does not, so a process of the previous release inserting
 *   events during a rolling deploy numbers them too.
 * - The causing request's `Idempotency-Key` and W3C trace context are kept on the event; the trace
 *   also on each delivery, which the claim answers so that the worker sends a `traceparent`.
 * - The events already recorded are numbered in id order (one pass over the log; every row is
 *   rewritten once) and the counters start after them.
 */
export class Migration20261127000010_event_order_and_trace extends Migration {
  override async up(): Promise<void> {
    for (const sql of STATEMENTS) this.addSql(sql);
  }
}

/** The object of an event as `objectIdOf` (src/webhooks/emitter.ts) says: its data's id when a non-empty string, else the event's. */
const OBJECT_ID = (data: string, id: string) => `case when jsonb_typeof(${data}->'id') = 'string' and ${data}->>'id' <> '' then ${data}->>'id' else ${id} end`;

const STATEMENTS = [
  `alter table events
     add column object_id text collate "C",
     add column sequence bigint,
     add column previous_event_id text collate "C",
     add column idempotency_key text,
     add column traceparent text,
     add column tracestate text`,
  `alter table webhook_deliveries add column traceparent text, add column tracestate text`,

  `create table event_sequences (
    account_id text not null,
    object_id text collate "C" not null,
    sequence bigint not null,
    last_event_id text collate "C" not null,
    previous_event_id text collate "C",
    primary key (account_id, object_id)
  )`,

  // An object's events in sequence order (GET /v1/events?object_id=); made before the
  // rows below are numbered (an index cannot be made on a table with writes pending in the transaction).
  `create index events_object_idx on events (account_id, object_id, sequence)`,

  // The events there are, numbered per object in id order, and the counters after them.
  `with numbered as (
     select id, ${OBJECT_ID('data', 'id')} as object_id,
            row_number() over w as sequence, lag(id) over w as previous_event_id
     from events
     window w as (partition by account_id, ${OBJECT_ID('data', 'id')} order by id)
   )
   update events e set object_id = n.object_id, sequence = n.sequence, previous_event_id = n.previous_event_id
   from numbered n where e.id = n.id`,
  `insert into event_sequences (account_id, object_id, sequence, last_event_id, previous_event_id)
   select distinct on (account_id, object_id) account_id, object_id, sequence, id, previous_event_id
   from events order by account_id, object_id, sequence desc`,

  `create function number_event() returns trigger language plpgsql as $fn$
  begin
    if new.sequence is not null then
      return new;
    end if;
    new.object_id := coalesce(new.object_id, ${OBJECT_ID('new.data', 'new.id')});
    insert into event_sequences as s (account_id, object_id, sequence, last_event_id, previous_event_id)
    values (new.account_id, new.object_id, 1, new.id, null)
    on conflict (account_id, object_id) do update
      set sequence = s.sequence + 1, previous_event_id = s.last_event_id, last_event_id = excluded.last_event_id
    returning s.sequence, s.previous_event_id into new.sequence, new.previous_event_id;
    return new;
  end
  $fn$`,
  // On the partitioned table: every partition has it, those made later included.
  `create trigger events_number before insert on events for each row execute function number_event()`,

  // The claim answers the delivery's trace too (a new row type: the function is made anew).
  `drop function claim_webhook_deliveries(timestamptz, integer, integer, text, timestamptz)`,
  `create function claim_webhook_deliveries(p_now timestamptz, p_per_endpoint integer, p_limit integer, p_owner text, p_until timestamptz)
  returns table (id text, event_id text, endpoint_id text, payload text, url text, secret text, previous_secret text,
                 previous_secret_expires_at timestamptz, breaker_open boolean, next_attempt_at timestamptz,
                 traceparent text, tracestate text)
  language plpgsql volatile as $fn$
  declare
    v_endpoints text[];
  begin
    select array_agg(c.id) into v_endpoints from (
      with recursive waiting as (
        -- The endpoints with anything in the queue, one index step each (a skip scan of its
        -- endpoint index): an endpoint with nothing waiting costs the claim nothing.
        (select q.endpoint_id from webhook_deliveries_queue q order by q.endpoint_id limit 1)
        union all
        select (select q.endpoint_id from webhook_deliveries_queue q where q.endpoint_id > w.endpoint_id order by q.endpoint_id limit 1)
        from waiting w where w.endpoint_id is not null
      )
      select e.id from (
        -- Of those, the ones with a delivery due now (most endpoints with retries waiting have
        -- none due), before anything else is looked at (OFFSET 0 keeps the planner to that order).
        select w.endpoint_id, due.next_attempt_at from waiting w
        cross join lateral (
          select d.next_attempt_at from webhook_deliveries_queue d
          where d.endpoint_id = w.endpoint_id and d.next_attempt_at <= p_now
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
];
