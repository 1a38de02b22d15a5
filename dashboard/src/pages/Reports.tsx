// Reports: revenue, carrier cost and margin per period (from the ledger), and orders per period with
// the on-time rate; the period in the URL, each table drawn as a chart and downloadable as CSV.
import { useSearchParams } from 'react-router';
import { BarChart } from '../chart.tsx';
import { api, must, type S } from '../api.ts';
import { REPORT_INTERVALS } from '../catalog.ts';
import { Field, Loadable, PageHeader, money, useLoad } from '../ui.tsx';

const DAY = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/** A table as CSV (RFC 4180: quoted when needed), offered as a file. */
export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  const cell = (v: string | number | null) => {
    const s = v === null ? '' : String(v);
    return /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\n') + '\n';
}

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


function Margin({ report }: { report: S['MarginReport'] }) {
  const header = ['period_start', 'revenue', 'carrier_cost', 'margin'];
  const rows = report.rows.map((r) => [r.period_start, r.revenue, r.carrier_cost, r.margin]);
  const csv = toCsv(header, [...rows, ['total', report.totals.revenue, report.totals.carrier_cost, report.totals.margin]]);
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
            <th scope="col">Revenue</th>
            <th scope="col">Carrier cost</th>
            <th scope="col">Margin</th>
          </tr>
        </thead>
        <tbody>
          {report.rows
            .filter((r) => r.revenue || r.carrier_cost)
            .map((r) => (
              <tr key={r.period_start}>
                <td>{r.period_start}</td>
                <td>{money(r.revenue, report.currency)}</td>
                <td>{money(r.carrier_cost, report.currency)}</td>
                <td>{money(r.margin, report.currency)}</td>
              </tr>
            ))}
        </tbody>
        <tfoot>
          <tr data-testid="margin-totals">
            <th scope="row">Total</th>
            <td>{money(report.totals.revenue, report.currency)}</td>
            <td>{money(report.totals.carrier_cost, report.currency)}</td>
            <td>{money(report.totals.margin, report.currency)}</td>
          </tr>
        </tfoot>
      </table>
      <Download name={`margin-${report.from}-${report.to}-${report.interval}.csv`} csv={csv} />
    </section>
  );
}

const pct = (x: number | null) => (x === null ? '—' : `${Math.round(x * 1000) / 10}%`);

function Operations({ report }: { report: S['OperationsReport'] }) {
  const header = ['period_start', 'created', 'dispatched', 'delivered', 'cancelled', 'on_time', 'on_time_rate', 'average_transit_days'];
  const line = (period: string, f: S['OperationsFigures']) => [period, f.created, f.dispatched, f.delivered, f.cancelled, f.on_time, f.on_time_rate, f.average_transit_days];
  const csv = toCsv(header, [...report.rows.map((r) => line(r.period_start, r)), line('total', report.totals)]);
  const exceptions = Object.entries(report.totals.exceptions);
  return (
    <section className="card wide">
      <h2>Operations</h2>
      <BarChart
        label={`Orders: ${report.totals.created} created, ${report.totals.delivered} delivered (${pct(report.totals.on_time_rate)} on time), ${report.totals.cancelled} cancelled`}
        labels={report.rows.map((r) => r.period_start)}
        sets={[
          { label: 'Created', data: report.rows.map((r) => r.created), color: '#1f4e79' },
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
            .filter((r) => r.created || r.dispatched || r.delivered || r.cancelled)
            .map((r) => (
              <tr key={r.period_start}>
                <td>{r.period_start}</td>
                <td>{r.created}</td>
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
            <td>{report.totals.created}</td>
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

export function Reports() {
  const [params, setParams] = useSearchParams();
  const today = Date.now();
  const from = params.get('from') ?? isoDay(today - 29 * DAY);
  const to = params.get('to') ?? isoDay(today);
  const interval = (REPORT_INTERVALS as readonly string[]).includes(params.get('interval') ?? '') ? (params.get('interval') as S['ReportInterval']) : 'day';
  const set = (next: Partial<{ from: string; to: string; interval: string }>) => setParams({ from, to, interval, ...next });
  const query = { from, to, interval };
  const margin = useLoad(() => must(api.GET('/v1/reports/margin', { params: { query } })), [from, to, interval]);
  const operations = useLoad(() => must(api.GET('/v1/reports/operations', { params: { query } })), [from, to, interval]);
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
        <Loadable state={operations}>{(r) => <Operations report={r} />}</Loadable>
      </div>
    </>
  );
}
