// Reports for running the brokerage: margin per period (and per customer, carrier or lane) from the
// general ledger (so it agrees with the trial balance), receivables aged per customer, and orders per
// period with the on-time rate. Aggregates are answers that are not an entity: one SQL statement each
// (queryRows), every period of the range a row.
import type { components, operations } from '../../generated/openapi.js';
import { livemodeOf } from '../shared/livemode.js';
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

/**
 * Every period of the range ($1 interval, $2 from, $3 to): its first day. The range's instants are
 * computed from the days in SQL (the day after 9999-12-31 is past what a JavaScript Date serializes
 * for the embedded database).
 */
const PERIODS = `
  periods as (
    select g::date as period_start
    from generate_series(date_trunc($1, $2::date::timestamp), date_trunc($1, $3::date::timestamp), ('1 ' || $1)::interval) g
  )`;
/**
 * A row's first day, clipped to the range: the first period may begin before `from` (a week's
 * Monday, a month's 1st) while its figures count from `from` only, so it is labelled `from`.
 * (Calendar dates as YYYY-MM-DD compare as text.)
 */
const clipped = (periodStart: string, from: string): string => (periodStart < from ? from : periodStart);

/** The period of an instant. */
const periodOf = (column: string) => `date_trunc($1, ${column} at time zone 'utc')::date`;

/**
 * The revenue and carrier-cost lines of the range, each with the load it is about (lines posted
 * before loads were named: a delivery's source is its load) and whether it is a delivery's or a
 * reopened delivery's reversal (the loads counted: those whose deliveries outnumber their reversals
 * in the period, or over the range for a group); per period, and with `group_by` ($8) per customer,
 * carrier or lane of the load.
 */
const MARGIN = `
  with ${PERIODS},
  lines as (
    select ${periodOf('l.created_at')} as period_start,
      coalesce(l.order_id, case when l.source_type = 'order' then l.source_id end) as load_id,
      case when l.ledger_account = 'revenue' then (case when l.direction = 'credit' then l.amount else -l.amount end) else 0 end as revenue,
      case when l.ledger_account = 'carrier_cost' then (case when l.direction = 'debit' then l.amount else -l.amount end) else 0 end as carrier_cost,
      coalesce(l.kind, case when l.source_type = 'order' then 'order_delivered' end) = 'order_delivered' as is_delivery,
      l.kind = 'order_reopened' as is_reopening,
      l.journal_entry_id
    from ledger_entries l
    where l.account_id = $4 and l.currency = $5 and l.ledger_account in ('revenue', 'carrier_cost')
      and l.id >= $6 and l.id < $7 and l.created_at >= ($2::date::timestamp at time zone 'utc') and l.created_at < (($3::date + 1)::timestamp at time zone 'utc')
  ),
  deliveries as (
    select period_start, load_id,
      count(distinct journal_entry_id) filter (where is_delivery) - count(distinct journal_entry_id) filter (where is_reopening) as net
    from lines group by 1, 2
  ),
  delivered_in_range as (
    select load_id from deliveries group by 1 having sum(net) > 0
  ),
  sums as (
    select l.period_start, (select count(*) from deliveries d where d.period_start = l.period_start and d.net > 0) as loads,
      sum(revenue) as revenue, sum(carrier_cost) as carrier_cost
    from lines l group by 1
  ),
  grouped as (
    select case $8::text when 'customer' then o.customer_id when 'carrier' then o.carrier_id
             when 'lane' then (o.pickup->>'state') || '->' || (o.delivery->>'state') end as key,
           case $8::text when 'customer' then c.name when 'carrier' then coalesce(k.legal_name, k.contact_name)
             when 'lane' then (o.pickup->>'state') || '->' || (o.delivery->>'state') end as label,
           count(distinct lines.load_id) filter (where lines.load_id in (select load_id from delivered_in_range)) as loads, sum(revenue) as revenue, sum(carrier_cost) as carrier_cost
    from lines
    left join orders o on o.id = lines.load_id and o.account_id = $4
    left join customers c on c.id = o.customer_id and $8::text = 'customer'
    left join carriers k on k.id = o.carrier_id and $8::text = 'carrier'
    where $8::text is not null
    group by 1, 2
  )
  select 'period' as dim, p.period_start::text as key, null as label,
    coalesce(s.loads, 0)::int as loads, coalesce(s.revenue, 0)::bigint as revenue, coalesce(s.carrier_cost, 0)::bigint as carrier_cost
  from periods p left join sums s on s.period_start = p.period_start
  union all
  select 'group', key, label, loads::int, revenue::bigint, carrier_cost::bigint from grouped
  order by 1, 2`;

/** Margin as a percentage of revenue, two decimals; null without revenue. */
export const marginPercent = (revenue: number, margin: number): number | null => (revenue ? Math.round((margin / revenue) * 10_000) / 100 : null);

const figuresOf = (loads: number, revenue: number, carrierCost: number) => ({
  loads,
  revenue,
  carrier_cost: carrierCost,
  margin: revenue - carrierCost,
  margin_percent: marginPercent(revenue, revenue - carrierCost),
});

export async function marginReport(ctx: RequestContext, query: operations['getMarginReport']['parameters']['query']): Promise<S['MarginReport']> {
  const interval: Interval = query.interval ?? 'day';
  const currency = query.currency ?? 'usd';
  const groupBy = query.group_by ?? null;
  const { lo, hi } = reportRange(query.from, query.to);
  const rows = await queryRows<{ dim: 'period' | 'group'; key: string | null; label: string | null; loads: number; revenue: string | number; carrier_cost: string | number }>(
    ctx.em,
    MARGIN,
    [
      interval,
      query.from,
      query.to,
      ctx.principal.accountId,
      currency,
      // Ledger ids are made for their time: the range of ids bounds the index walk.
      firstIdAt('ledgerEntry', lo.getTime()),
      firstIdAt('ledgerEntry', hi.getTime() + ID_TIME_LEAD_MS),
      groupBy,
    ],
  );
  const figures = (r: (typeof rows)[number]) => figuresOf(Number(r.loads), Number(r.revenue), Number(r.carrier_cost));
  const periods = rows.filter((r) => r.dim === 'period').map((r) => ({ period_start: clipped(r.key!, query.from), ...figures(r) }));
  const groups = rows
    .filter((r) => r.dim === 'group')
    .map((r) => ({ key: r.key, label: r.label ?? 'Not matched to a load', ...figures(r) }))
    .sort((a, b) => b.margin - a.margin || a.label.localeCompare(b.label));
  const sum = (k: 'loads' | 'revenue' | 'carrier_cost') => periods.reduce((a, r) => a + r[k], 0);
  return {
    object: 'margin_report',
    livemode: livemodeOf(ctx.principal.accountId),
    interval,
    from: query.from,
    to: query.to,
    currency,
    rows: periods,
    totals: figuresOf(sum('loads'), sum('revenue'), sum('carrier_cost')),
    group_by: groupBy,
    groups,
  };
}

/** A payment that had been received by the bound and not returned by it (a returned one counts until its return). */
const RECEIVED_BY_END = `p.status in ('succeeded', 'returned') and p.created_at < b.end_at and (p.returned_at is null or p.returned_at >= b.end_at)`;

/**
 * What each customer owed at the end of the day $3 (before the next day's start, computed here: the
 * day after 9999-12-31 is past what a JavaScript Date serializes for the embedded database), by days past due:
 * every invoice sent before then and not voided by then, less the payments applied to it by then
 * (and not returned by then); and the payments received on account (no invoice) by then (the same). Its total is the receivable balance of
 * the ledger at that instant (each is posted with the same time as the row it reads here).
 */
const AGING = `
  with bounds as (select (($3::date + 1)::timestamp at time zone 'utc') as end_at),
  open_invoices as (
    select i.customer_id, ($3::date - i.due_date::date) as days_late,
      i.subtotal - coalesce((select sum(p.amount) from payments p
        where p.invoice_id = i.id and ${RECEIVED_BY_END}), 0) as open
    from invoices i cross join bounds b
    where i.account_id = $1 and i.currency = $2 and i.sent_at < b.end_at and (i.voided_at is null or i.voided_at >= b.end_at)
  ),
  buckets as (
    select customer_id, count(*) filter (where open <> 0) as invoices,
      coalesce(sum(open) filter (where days_late <= 0), 0) as current,
      coalesce(sum(open) filter (where days_late between 1 and 30), 0) as days_1_30,
      coalesce(sum(open) filter (where days_late between 31 and 60), 0) as days_31_60,
      coalesce(sum(open) filter (where days_late between 61 and 90), 0) as days_61_90,
      coalesce(sum(open) filter (where days_late > 90), 0) as days_over_90
    from open_invoices group by 1
  ),
  unapplied as (
    select p.customer_id, sum(p.amount) as amount from payments p cross join bounds b
    where p.account_id = $1 and p.currency = $2 and p.invoice_id is null and ${RECEIVED_BY_END}
    group by 1
  )
  select c.id as customer_id, c.name as customer_name, coalesce(b.invoices, 0)::int as invoices,
    coalesce(b.current, 0)::bigint as current, coalesce(b.days_1_30, 0)::bigint as days_1_30,
    coalesce(b.days_31_60, 0)::bigint as days_31_60, coalesce(b.days_61_90, 0)::bigint as days_61_90,
    coalesce(b.days_over_90, 0)::bigint as days_over_90, coalesce(u.amount, 0)::bigint as unapplied_payments
  from buckets b full join unapplied u on u.customer_id = b.customer_id
  join customers c on c.id = coalesce(b.customer_id, u.customer_id)`;

const AGING_BUCKETS = ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'days_over_90'] as const;

export async function receivablesAgingReport(
  ctx: RequestContext,
  query: NonNullable<operations['getReceivablesAgingReport']['parameters']['query']>,
): Promise<S['ReceivablesAgingReport']> {
  const currency = query.currency ?? 'usd';
  const asOf = query.as_of_date ?? ctx.clock.now().toISOString().slice(0, 10);
  reportRange(asOf, asOf); // a day the calendar has
  const rows = await queryRows<Record<string, string | number>>(ctx.em, AGING, [ctx.principal.accountId, currency, asOf]);
  const amounts = (r: Record<string, string | number>) => {
    const buckets = Object.fromEntries(AGING_BUCKETS.map((b) => [b, Number(r[b])])) as Record<(typeof AGING_BUCKETS)[number], number>;
    const unapplied = Number(r.unapplied_payments);
    return { ...buckets, unapplied_payments: unapplied, total: AGING_BUCKETS.reduce((a, b) => a + buckets[b], 0) - unapplied };
  };
  const customers = rows
    .map((r) => ({ customer_id: String(r.customer_id), customer_name: String(r.customer_name), invoices: Number(r.invoices), ...amounts(r) }))
    .filter((c) => c.total !== 0 || c.invoices > 0)
    .sort((a, b) => b.total - a.total || a.customer_id.localeCompare(b.customer_id));
  const total = (k: keyof ReturnType<typeof amounts>) => customers.reduce((a, c) => a + c[k], 0);
  return {
    object: 'receivables_aging_report',
    livemode: livemodeOf(ctx.principal.accountId),
    as_of_date: asOf,
    currency,
    customers,
    totals: { ...Object.fromEntries(AGING_BUCKETS.map((b) => [b, total(b)])), unapplied_payments: total('unapplied_payments'), total: total('total') } as S['AgingBuckets'],
  };
}

const OPERATIONS = `
  with ${PERIODS},
  mine as (select * from orders where account_id = $4),
  created as (
    select ${periodOf('created_at')} as period_start, count(*) as n from mine
    where id >= $5 and id < $6 and created_at >= ($2::date::timestamp at time zone 'utc') and created_at < (($3::date + 1)::timestamp at time zone 'utc') group by 1
  ),
  dispatched as (select ${periodOf('dispatched_at')} as period_start, count(*) as n from mine where dispatched_at >= ($2::date::timestamp at time zone 'utc') and dispatched_at < (($3::date + 1)::timestamp at time zone 'utc') group by 1),
  cancelled as (select ${periodOf('cancelled_at')} as period_start, count(*) as n from mine where cancelled_at >= ($2::date::timestamp at time zone 'utc') and cancelled_at < (($3::date + 1)::timestamp at time zone 'utc') group by 1),
  delivered as (
    select ${periodOf('delivered_at')} as period_start, count(*) as n,
      -- On time: no later than the end of the day ready_date + delivery_window_days (UTC).
      count(*) filter (where delivered_at < ((ready_date::date + delivery_window_days + 1)::timestamp at time zone 'utc')) as on_time,
      coalesce(sum(extract(epoch from delivered_at - picked_up_at)) filter (where picked_up_at is not null), 0) as transit_seconds,
      count(*) filter (where picked_up_at is not null) as transits
    from mine where delivered_at >= ($2::date::timestamp at time zone 'utc') and delivered_at < (($3::date + 1)::timestamp at time zone 'utc') group by 1
  ),
  exceptions as (
    select ${periodOf("to_timestamp((e->>'created')::bigint)")} as period_start, e->>'kind' as kind, count(*) as n
    from mine o cross join lateral jsonb_array_elements(o.exceptions) e
    where jsonb_array_length(o.exceptions) > 0
      and to_timestamp((e->>'created')::bigint) >= ($2::date::timestamp at time zone 'utc') and to_timestamp((e->>'created')::bigint) < (($3::date + 1)::timestamp at time zone 'utc')
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
    orders_created: s.created,
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
    livemode: livemodeOf(ctx.principal.accountId),
    interval,
    from: query.from,
    to: query.to,
    rows: parsed.map((r) => ({ period_start: clipped(r.period_start, query.from), ...figures(r) })),
    totals: figures(total),
  };
}
