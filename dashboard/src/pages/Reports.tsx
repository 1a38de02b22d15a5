// Reports: revenue, carrier cost and margin per period (from the ledger) and split by customer,
// carrier or lane, orders per period with the on-time rate, and the receivables aged by days past due
// at a day's end; the period, the grouping and the day in the URL, each table drawn as a chart or
// marked, and downloadable as CSV.
import { Link, useSearchParams } from 'react-router';
import { BarChart } from '../chart.tsx';
import { toCsv } from '../csv.ts';
import { api, must, type S } from '../api.ts';
import { MARGIN_GROUPINGS, REPORT_INTERVALS } from '../catalog.ts';
import { useSession } from '../session.tsx';
import { Field, Loadable, PageHeader, money, useLoad } from '../ui.tsx';

const DAY = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

function Download({ name, csv }: { name: string; csv: string }) {
  return (
    <button
      type="button"
      className="secondary"
      onClick={() => {
        const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
        const a = document.createElement('a');
        a.href = url;
        a.download = name;
        a.click();
        setTimeout(() => URL.revokeObjectURL(url), 1000);
      }}
    >
      Download CSV
    </button>
  );
}


/** A margin percent as the API gives it (two decimals), or a dash without revenue. */
const percent = (x: number | null) => (x === null ? '—' : `${x.toLocaleString('en-US', { maximumFractionDigits: 2 })}%`);

function Margin({ report }: { report: S['MarginReport'] }) {
  const header = ['period_start', 'loads', 'revenue', 'carrier_cost', 'margin', 'margin_percent'];
  const line = (period: string, f: S['MarginFigures']) => [period, f.loads, f.revenue, f.carrier_cost, f.margin, f.margin_percent];
  const csv = toCsv(header, [...report.rows.map((r) => line(r.period_start, r)), line('total', report.totals)]);
  return (
    <section className="card wide">
      <h2>Margin</h2>
      <BarChart
        label={`Revenue ${money(report.totals.revenue, report.currency)}, carrier cost ${money(report.totals.carrier_cost, report.currency)}, margin ${money(report.totals.margin, report.currency)}`}
        labels={report.rows.map((r) => r.period_start)}
        sets={[
          { label: 'Revenue', data: report.rows.map((r) => r.revenue / 100), color: '#1f4e79' },
          { label: 'Carrier cost', data: report.rows.map((r) => r.carrier_cost / 100), color: '#b26a00' },
          { label: 'Margin', data: report.rows.map((r) => r.margin / 100), color: '#2e7d32' },
        ]}
      />
      <table data-testid="margin-table">
        <thead>
          <tr>
            <th scope="col">Period</th>
            <th scope="col">Loads</th>
            <th scope="col">Revenue</th>
            <th scope="col">Carrier cost</th>
            <th scope="col">Margin</th>
            <th scope="col">Margin %</th>
          </tr>
        </thead>
        <tbody>
          {report.rows
            .filter((r) => r.loads || r.revenue || r.carrier_cost)
            .map((r) => (
              <tr key={r.period_start}>
                <td>{r.period_start}</td>
                <td>{r.loads}</td>
                <td>{money(r.revenue, report.currency)}</td>
                <td>{money(r.carrier_cost, report.currency)}</td>
                <td>{money(r.margin, report.currency)}</td>
                <td>{percent(r.margin_percent)}</td>
              </tr>
            ))}
        </tbody>
        <tfoot>
          <tr data-testid="margin-totals">
            <th scope="row">Total</th>
            <td>{report.totals.loads}</td>
            <td>{money(report.totals.revenue, report.currency)}</td>
            <td>{money(report.totals.carrier_cost, report.currency)}</td>
            <td>{money(report.totals.margin, report.currency)}</td>
            <td>{percent(report.totals.margin_percent)}</td>
          </tr>
        </tfoot>
      </table>
      <Download name={`margin-${report.from}-${report.to}-${report.interval}.csv`} csv={csv} />
    </section>
  );
}

const GROUP_NAMES: Record<S['MarginGrouping'], string> = { customer: 'Customer', carrier: 'Carrier', lane: 'Lane' };

/** The range's margin split by customer, carrier or lane, largest margin first. */
function MarginGroups({ report, groupBy, onGroupBy }: { report: S['MarginReport']; groupBy: S['MarginGrouping']; onGroupBy: (g: S['MarginGrouping']) => void }) {
  const { can } = useSession();
  const name = GROUP_NAMES[groupBy];
  const groups = report.groups;
  const header = [groupBy, 'label', 'loads', 'revenue', 'carrier_cost', 'margin', 'margin_percent'];
  const csv = toCsv(header, [...groups.map((g) => [g.key, g.label, g.loads, g.revenue, g.carrier_cost, g.margin, g.margin_percent]), ['total', null, report.totals.loads, report.totals.revenue, report.totals.carrier_cost, report.totals.margin, report.totals.margin_percent]]);
  const labelOf = (g: S['MarginGroup']) => {
    if (g.key && groupBy === 'customer' && can('customers:read')) return <Link to={`/customers/${g.key}`}>{g.label}</Link>;
    if (g.key && groupBy === 'carrier' && can('carriers:read')) return <Link to={`/carriers/${g.key}`}>{g.label}</Link>;
    return g.key ? g.label : <span className="muted">{g.label}</span>;
  };
  return (
    <section className="card wide">
      <h2>Margin by {name.toLowerCase()}</h2>
      <div className="filters">
        <Field label="Group by">
          <select name="group_by" value={groupBy} onChange={(e) => onGroupBy(e.target.value as S['MarginGrouping'])}>
            {MARGIN_GROUPINGS.map((g) => (
              <option key={g} value={g}>
                {GROUP_NAMES[g].toLowerCase()}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {groups.length === 0 ? (
        <p className="empty">No load delivered in this period.</p>
      ) : (
        <>
          <BarChart
            testId="margin-groups-chart"
            label={`Margin by ${name.toLowerCase()}: ${groups.map((g) => `${g.label} ${money(g.margin, report.currency)}`).join(', ')}`}
            labels={groups.map((g) => g.label)}
            sets={[{ label: 'Margin', data: groups.map((g) => g.margin / 100), color: '#2e7d32' }]}
          />
          <table data-testid="margin-groups">
            <thead>
              <tr>
                <th scope="col">{name}</th>
                <th scope="col">Loads</th>
                <th scope="col">Revenue</th>
                <th scope="col">Carrier cost</th>
                <th scope="col">Margin</th>
                <th scope="col">Margin %</th>
              </tr>
            </thead>
            <tbody>
              {groups.map((g) => (
                <tr key={g.key ?? ''} data-testid="margin-group">
                  <td>{labelOf(g)}</td>
                  <td>{g.loads}</td>
                  <td>{money(g.revenue, report.currency)}</td>
                  <td>{money(g.carrier_cost, report.currency)}</td>
                  <td>{money(g.margin, report.currency)}</td>
                  <td>{percent(g.margin_percent)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Download name={`margin-by-${groupBy}-${report.from}-${report.to}.csv`} csv={csv} />
        </>
      )}
    </section>
  );
}

const pct = (x: number | null) => (x === null ? '—' : `${Math.round(x * 1000) / 10}%`);

function Operations({ report }: { report: S['OperationsReport'] }) {
  const header = ['period_start', 'created', 'dispatched', 'delivered', 'cancelled', 'on_time', 'on_time_rate', 'average_transit_days'];
  const line = (period: string, f: S['OperationsFigures']) => [period, f.orders_created, f.dispatched, f.delivered, f.cancelled, f.on_time, f.on_time_rate, f.average_transit_days];
  const csv = toCsv(header, [...report.rows.map((r) => line(r.period_start, r)), line('total', report.totals)]);
  const exceptions = Object.entries(report.totals.exceptions);
  return (
    <section className="card wide">
      <h2>Operations</h2>
      <BarChart
        label={`Orders: ${report.totals.orders_created} created, ${report.totals.delivered} delivered (${pct(report.totals.on_time_rate)} on time), ${report.totals.cancelled} cancelled`}
        labels={report.rows.map((r) => r.period_start)}
        sets={[
          { label: 'Created', data: report.rows.map((r) => r.orders_created), color: '#1f4e79' },
          { label: 'Delivered on time', data: report.rows.map((r) => r.on_time), color: '#2e7d32' },
          { label: 'Delivered late', data: report.rows.map((r) => r.delivered - r.on_time), color: '#b26a00' },
          { label: 'Cancelled', data: report.rows.map((r) => r.cancelled), color: '#c62828' },
        ]}
      />
      <table data-testid="operations-table">
        <thead>
          <tr>
            <th scope="col">Period</th>
            <th scope="col">Created</th>
            <th scope="col">Dispatched</th>
            <th scope="col">Delivered</th>
            <th scope="col">Cancelled</th>
            <th scope="col">On time</th>
            <th scope="col">Avg. days in transit</th>
          </tr>
        </thead>
        <tbody>
          {report.rows
            .filter((r) => r.orders_created || r.dispatched || r.delivered || r.cancelled)
            .map((r) => (
              <tr key={r.period_start}>
                <td>{r.period_start}</td>
                <td>{r.orders_created}</td>
                <td>{r.dispatched}</td>
                <td>{r.delivered}</td>
                <td>{r.cancelled}</td>
                <td>{pct(r.on_time_rate)}</td>
                <td>{r.average_transit_days ?? '—'}</td>
              </tr>
            ))}
        </tbody>
        <tfoot>
          <tr data-testid="operations-totals">
            <th scope="row">Total</th>
            <td>{report.totals.orders_created}</td>
            <td>{report.totals.dispatched}</td>
            <td>{report.totals.delivered}</td>
            <td>{report.totals.cancelled}</td>
            <td>{pct(report.totals.on_time_rate)}</td>
            <td>{report.totals.average_transit_days ?? '—'}</td>
          </tr>
        </tfoot>
      </table>
      <p data-testid="exceptions">Exceptions: {exceptions.length ? exceptions.map(([k, n]) => `${k.replaceAll('_', ' ')} ${n}`).join(', ') : 'none'}</p>
      <Download name={`operations-${report.from}-${report.to}-${report.interval}.csv`} csv={csv} />
    </section>
  );
}

const BUCKETS = [
  ['current', 'Current'],
  ['days_1_30', '1–30 days past due'],
  ['days_31_60', '31–60 days past due'],
  ['days_61_90', '61–90 days past due'],
  ['days_over_90', 'Over 90 days past due'],
] as const;

/** What each customer owed at the end of a day, by days past due; past-due amounts are marked. */
function Aging({ report, asOf, onAsOf }: { report: S['ReceivablesAgingReport']; asOf: string; onAsOf: (day: string) => void }) {
  const { can } = useSession();
  const header = ['customer_id', 'customer_name', 'invoices', ...BUCKETS.map(([k]) => k), 'unapplied_payments', 'total'];
  const t = report.totals;
  const csv = toCsv(header, [
    ...report.customers.map((c) => [c.customer_id, c.customer_name, c.invoices, ...BUCKETS.map(([k]) => c[k]), c.unapplied_payments, c.total]),
    ['total', null, null, ...BUCKETS.map(([k]) => t[k]), t.unapplied_payments, t.total],
  ]);
  const cell = (bucket: (typeof BUCKETS)[number][0], amount: number) => (
    <td className={bucket !== 'current' && amount > 0 ? 'past-due' : undefined} data-bucket={bucket}>
      {money(amount, report.currency)}
    </td>
  );
  return (
    <section className="card wide">
      <h2>Receivables aging</h2>
      <div className="filters">
        <Field label="As of">
          <input type="date" name="as_of" value={asOf} onChange={(e) => e.target.value && onAsOf(e.target.value)} />
        </Field>
      </div>
      <p className="hint">What each customer owed at the end of {report.as_of_date} (UTC), by how many days each invoice was past its due date; amounts past due are marked.</p>
      {report.customers.length === 0 ? (
        <p className="empty">No customer owed anything at the end of {report.as_of_date}.</p>
      ) : (
        <>
          <table data-testid="aging-table" className="aging">
            <thead>
              <tr>
                <th scope="col">Customer</th>
                <th scope="col">Invoices</th>
                {BUCKETS.map(([k, label]) => (
                  <th key={k} scope="col">
                    {label}
                  </th>
                ))}
                <th scope="col">Unapplied payments</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {report.customers.map((c) => (
                <tr key={c.customer_id} data-testid="aging-row">
                  <th scope="row">{can('customers:read') ? <Link to={`/customers/${c.customer_id}`}>{c.customer_name}</Link> : c.customer_name}</th>
                  <td>{c.invoices}</td>
                  {BUCKETS.map(([k]) => cell(k, c[k]))}
                  <td>{c.unapplied_payments ? `−${money(c.unapplied_payments, report.currency)}` : money(0, report.currency)}</td>
                  <td>{money(c.total, report.currency)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr data-testid="aging-totals">
                <th scope="row">Total</th>
                <td />
                {BUCKETS.map(([k]) => cell(k, t[k]))}
                <td>{t.unapplied_payments ? `−${money(t.unapplied_payments, report.currency)}` : money(0, report.currency)}</td>
                <td>{money(t.total, report.currency)}</td>
              </tr>
            </tfoot>
          </table>
          <Download name={`receivables-aging-${report.as_of_date}.csv`} csv={csv} />
        </>
      )}
    </section>
  );
}

export function Reports() {
  const [params, setParams] = useSearchParams();
  const today = Date.now();
  const from = params.get('from') ?? isoDay(today - 29 * DAY);
  const to = params.get('to') ?? isoDay(today);
  const interval = (REPORT_INTERVALS as readonly string[]).includes(params.get('interval') ?? '') ? (params.get('interval') as S['ReportInterval']) : 'day';
  const groupBy = (MARGIN_GROUPINGS as readonly string[]).includes(params.get('group_by') ?? '') ? (params.get('group_by') as S['MarginGrouping']) : 'customer';
  const asOf = params.get('as_of') ?? isoDay(today);
  const set = (next: Partial<{ from: string; to: string; interval: string; group_by: string; as_of: string }>) => {
    const all = { from, to, interval, ...(params.get('group_by') ? { group_by: groupBy } : {}), ...(params.get('as_of') ? { as_of: asOf } : {}), ...next };
    setParams(all);
  };
  const query = { from, to, interval };
  // One answer holds the periods and the groups.
  const margin = useLoad(() => must(api.GET('/v1/reports/margin', { params: { query: { ...query, group_by: groupBy } } })), [from, to, interval, groupBy]);
  const operations = useLoad(() => must(api.GET('/v1/reports/operations', { params: { query } })), [from, to, interval]);
  const aging = useLoad(() => must(api.GET('/v1/reports/receivables_aging', { params: { query: { as_of_date: asOf } } })), [asOf]);
  return (
    <>
      <PageHeader title="Reports" />
      <div className="filters">
        <Field label="From">
          <input type="date" name="from" value={from} max={to} onChange={(e) => e.target.value && set({ from: e.target.value })} />
        </Field>
        <Field label="To">
          <input type="date" name="to" value={to} min={from} onChange={(e) => e.target.value && set({ to: e.target.value })} />
        </Field>
        <Field label="Per">
          <select name="interval" value={interval} onChange={(e) => set({ interval: e.target.value })}>
            {REPORT_INTERVALS.map((i) => (
              <option key={i}>{i}</option>
            ))}
          </select>
        </Field>
      </div>
      <div className="grid">
        <Loadable state={margin}>{(r) => <Margin report={r} />}</Loadable>
        <Loadable state={margin}>{(r) => <MarginGroups report={r} groupBy={groupBy} onGroupBy={(g) => set({ group_by: g })} />}</Loadable>
        <Loadable state={operations}>{(r) => <Operations report={r} />}</Loadable>
        <Loadable state={aging}>{(r) => <Aging report={r} asOf={asOf} onAsOf={(d) => set({ as_of: d })} />}</Loadable>
      </div>
    </>
  );
}
