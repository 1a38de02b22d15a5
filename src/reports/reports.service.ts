// Reports for running the brokerage: margin per period from the general ledger (so it agrees with
// the trial balance), and orders per period with the on-time rate. Aggregates are answers that are
// not an entity: one SQL statement each (queryRows), every period of the range a row.
import type { components, operations } from '../../generated/openapi.js';
import type { RequestContext } from '../shared/context.js';
import { errors } from '../shared/errors.js';
import { firstIdAt, ID_TIME_LEAD_MS } from '../shared/ids.js';
import { queryRows } from '../shared/sql.js';

type S = components['schemas'];
type Interval = S['ReportInterval'];

const DAY_MS = 86_400_000;
/** The longest range a report covers. */
export const MAX_REPORT_DAYS = 366;

/** The range's bounds as instants (UTC midnights, `to` inclusive), checked. */
export function reportRange(from: string, to: string): { lo: Date; hi: Date } {
  const lo = new Date(`${from}T00:00:00.000Z`);
  const hi = new Date(new Date(`${to}T00:00:00.000Z`).getTime() + DAY_MS);
  if (Number.isNaN(lo.getTime()) || from !== lo.toISOString().slice(0, 10)) throw errors.invalidValue('from', `Invalid value for from: ${JSON.stringify(from)} is not a calendar date.`);
  if (Number.isNaN(hi.getTime()) || to !== new Date(hi.getTime() - DAY_MS).toISOString().slice(0, 10)) throw errors.invalidValue('to', `Invalid value for to: ${JSON.stringify(to)} is not a calendar date.`);
  if (hi <= lo) throw errors.invalidValue('to', 'Invalid value for to: the range ends before it starts.');
  if (hi.getTime() - lo.getTime() > MAX_REPORT_DAYS * DAY_MS) throw errors.invalidValue('to', `Invalid value for to: a report covers at most ${MAX_REPORT_DAYS} days.`);
  return { lo, hi };
}

/** Every period of the range ($1 interval, $2 from, $3 to): its first day. */
const PERIODS = `
  periods as (
    select g::date as period_start
    from generate_series(date_trunc($1, $2::date::timestamp), date_trunc($1, $3::date::timestamp), ('1 ' || $1)::interval) g
  )`;
/** The period of an instant. */
const periodOf = (column: string) => `date_trunc($1, ${column} at time zone 'utc')::date`;

const MARGIN = `
  with ${PERIODS},
  sums as (
    select ${periodOf('created_at')} as period_start,
      sum(case when ledger_account = 'revenue' then (case when direction = 'credit' then amount else -amount end) else 0 end) as revenue,
      sum(case when ledger_account = 'carrier_cost' then (case when direction = 'debit' then amount else -amount end) else 0 end) as carrier_cost
    from ledger_entries
    where account_id = $4 and currency = $5 and ledger_account in ('revenue', 'carrier_cost')
      and id >= $6 and id < $7 and created_at >= $8 and created_at < $9
    group by 1
  )
  select p.period_start::text as period_start, coalesce(s.revenue, 0)::bigint as revenue, coalesce(s.carrier_cost, 0)::bigint as carrier_cost
  from periods p left join sums s on s.period_start = p.period_start
  order by p.period_start`;

export async function marginReport(ctx: RequestContext, query: operations['getMarginReport']['parameters']['query']): Promise<S['MarginReport']> {
  const interval: Interval = query.interval ?? 'day';
  const currency = query.currency ?? 'usd';
  const { lo, hi } = reportRange(query.from, query.to);
  const rows = await queryRows<{ period_start: string; revenue: string | number; carrier_cost: string | number }>(ctx.em, MARGIN, [
    interval,
    query.from,
    query.to,
    ctx.principal.accountId,
    currency,
    // Ledger ids are made for their time: the range of ids bounds the index walk.
    firstIdAt('ledgerEntry', lo.getTime()),
    firstIdAt('ledgerEntry', hi.getTime() + ID_TIME_LEAD_MS),
    lo,
    hi,
  ]);
  const out = rows.map((r) => {
    const revenue = Number(r.revenue);
    const carrierCost = Number(r.carrier_cost);
    return { period_start: r.period_start, revenue, carrier_cost: carrierCost, margin: revenue - carrierCost };
  });
  const sum = (k: 'revenue' | 'carrier_cost' | 'margin') => out.reduce((a, r) => a + r[k], 0);
  return {
    object: 'margin_report',
    interval,
    from: query.from,
    to: query.to,
    currency,
    rows: out,
    totals: { revenue: sum('revenue'), carrier_cost: sum('carrier_cost'), margin: sum('margin') },
  };
}

const OPERATIONS = `
  with ${PERIODS},
  mine as (select * from orders where account_id = $4),
  created as (
    select ${periodOf('created_at')} as period_start, count(*) as n from mine
    where id >= $7 and id < $8 and created_at >= $5 and created_at < $6 group by 1
  ),
  dispatched as (select ${periodOf('dispatched_at')} as period_start, count(*) as n from mine where dispatched_at >= $5 and dispatched_at < $6 group by 1),
  cancelled as (select ${periodOf('cancelled_at')} as period_start, count(*) as n from mine where cancelled_at >= $5 and cancelled_at < $6 group by 1),
  delivered as (
    select ${periodOf('delivered_at')} as period_start, count(*) as n,
      -- On time: no later than the end of the day ready_date + delivery_window_days (UTC).
      count(*) filter (where delivered_at < ((ready_date::date + delivery_window_days + 1)::timestamp at time zone 'utc')) as on_time,
      coalesce(sum(extract(epoch from delivered_at - picked_up_at)) filter (where picked_up_at is not null), 0) as transit_seconds,
      count(*) filter (where picked_up_at is not null) as transits
    from mine where delivered_at >= $5 and delivered_at < $6 group by 1
  ),
  exceptions as (
    select ${periodOf("to_timestamp((e->>'created')::bigint)")} as period_start, e->>'kind' as kind, count(*) as n
    from mine o cross join lateral jsonb_array_elements(o.exceptions) e
    where jsonb_array_length(o.exceptions) > 0
      and to_timestamp((e->>'created')::bigint) >= $5 and to_timestamp((e->>'created')::bigint) < $6
    group by 1, 2
  )
  select p.period_start::text as period_start,
    coalesce(c.n, 0)::int as created, coalesce(d.n, 0)::int as dispatched, coalesce(v.n, 0)::int as delivered,
    coalesce(x.n, 0)::int as cancelled, coalesce(v.on_time, 0)::int as on_time,
    coalesce(v.transit_seconds, 0)::float8 as transit_seconds, coalesce(v.transits, 0)::int as transits,
    coalesce((select jsonb_object_agg(e.kind, e.n) from exceptions e where e.period_start = p.period_start), '{}'::jsonb) as exceptions
  from periods p
  left join created c on c.period_start = p.period_start
  left join dispatched d on d.period_start = p.period_start
  left join delivered v on v.period_start = p.period_start
  left join cancelled x on x.period_start = p.period_start
  order by p.period_start`;

interface OperationsSums {
  created: number;
  dispatched: number;
  delivered: number;
  cancelled: number;
  on_time: number;
  transit_seconds: number;
  transits: number;
  exceptions: Record<string, number>;
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

function figures(s: OperationsSums): S['OperationsFigures'] {
  return {
    created: s.created,
    dispatched: s.dispatched,
    delivered: s.delivered,
    cancelled: s.cancelled,
    on_time: s.on_time,
    on_time_rate: s.delivered ? round(s.on_time / s.delivered, 4) : null,
    average_transit_days: s.transits ? round(s.transit_seconds / s.transits / 86_400, 2) : null,
    exceptions: s.exceptions,
  };
}

export async function operationsReport(ctx: RequestContext, query: operations['getOperationsReport']['parameters']['query']): Promise<S['OperationsReport']> {
  const interval: Interval = query.interval ?? 'day';
  const { lo, hi } = reportRange(query.from, query.to);
  const rows = await queryRows<OperationsSums & { period_start: string }>(ctx.em, OPERATIONS, [
    interval,
    query.from,
    query.to,
    ctx.principal.accountId,
    lo,
    hi,
    firstIdAt('order', lo.getTime()),
    firstIdAt('order', hi.getTime() + ID_TIME_LEAD_MS),
  ]);
  const parsed = rows.map((r) => ({
    ...r,
    transit_seconds: Number(r.transit_seconds),
    exceptions: Object.fromEntries(Object.entries(typeof r.exceptions === 'string' ? (JSON.parse(r.exceptions) as Record<string, number>) : r.exceptions).map(([k, v]) => [k, Number(v)])),
  }));
  const total: OperationsSums = { created: 0, dispatched: 0, delivered: 0, cancelled: 0, on_time: 0, transit_seconds: 0, transits: 0, exceptions: {} };
  for (const r of parsed) {
    for (const k of ['created', 'dispatched', 'delivered', 'cancelled', 'on_time', 'transit_seconds', 'transits'] as const) total[k] += Number(r[k]);
    for (const [kind, n] of Object.entries(r.exceptions)) total.exceptions[kind] = (total.exceptions[kind] ?? 0) + n;
  }
  return {
    object: 'operations_report',
    interval,
    from: query.from,
    to: query.to,
    rows: parsed.map((r) => ({ period_start: r.period_start, ...figures(r) })),
    totals: figures(total),
  };
}
