// npm run bench:clocks: a test clock's advance beside the real-time jobs doing the same work. BENCH_CARRIERS
// (default 100, a clock's limit) active carriers of one test account, read from the test registry,
// on PostgreSQL:
//   clock      the carriers live on a test clock, advanced BENCH_DAYS days (default 30) in one call:
//              the advance's job (src/test-helpers/test-clocks.service.ts) runs every monitoring read
//              and every midnight's work (compliance, overdue invoices, retention) at its time;
//   baseline   as many carriers on no clock, read by the real-time monitoring job (monitorDue) with the
//              clock moved a day at a time by hand, and the midnight's work run by its jobs each day.
// Prints the reads each made (the same number), the time, the reads a second and the ratio. The work
// is real; the days are simulated.
import { pino } from 'pino';
import { benchDatabase } from './database.js';
import { backgroundContext, DEFAULT_SIGN_IN_POLICY } from '../../src/shared/context.js';
import { monitorDue } from '../../src/carriers/monitor.service.js';
import { scanCompliance } from '../../src/carriers/compliance.service.js';
import { announceOverdueInvoices } from '../../src/accounting/invoices.service.js';
import { createLocalRegistryProvider } from '../../src/carriers/registry/index.js';
import { runAdvance } from '../../src/test-helpers/test-clocks.service.js';
import { createTransport } from '../../src/webhooks/transport.js';

const CARRIERS = Number(process.env.BENCH_CARRIERS ?? 100);
const DAYS = Number(process.env.BENCH_DAYS ?? 30);
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 28, 15, 0, 0);
const LIVE = 'acct_bench';
const TEST = 'acct_test_bench';

const bench = await benchDatabase('vt_bench_clocks');
const { db } = bench;
const transport = createTransport({ allowPrivateTargets: true });
try {
  const em = db.em();
  await em.execute(`insert into accounts (id, name, created_at) values (?, 'Bench', now())`, [LIVE]);
  await em.execute(`insert into accounts (id, name, created_at, livemode, live_account_id) values (?, 'Bench', now(), false, ?)`, [TEST, LIVE]);
  await em.execute(
    `insert into test_clocks (id, account_id, name, frozen_time, status, midnight_done_at, created_at, updated_at)
     values ('clk_BENCH00000000000000000000', ?, 'bench', ?, 'ready', ?, now(), now())`,
    [TEST, new Date(T0), new Date(Math.floor(T0 / DAY) * DAY)],
  );
  // Two sets of carriers, vetted at T0 (first read due a day later): one on the clock, one on none.
  const carriers = (clock: string | null, from: number) =>
    Array.from({ length: CARRIERS }, (_, i) => ({ id: `car_BENCH${clock ? 'C' : 'R'}${String(i).padStart(20, '0')}`, dot: String(from + i), clock, due: new Date(T0 + DAY + i) }));
  await em.execute(
    `insert into carriers (id, account_id, test_clock_id, status, safer_pull_status, dot_number, contact_name, contact_email, phone, metadata, monitor_next_check_at, monitor_failures, created_at, updated_at)
     select r.id, ?, r.clock, 'active', 'completed', r.dot, 'A', 'a@b.example', '+16025550117', '{}', r.due, 0, ?, ?
     from jsonb_to_recordset(?::jsonb) as r(id text, dot text, clock text, due timestamptz)`,
    [TEST, new Date(T0), new Date(T0), JSON.stringify([...carriers('clk_BENCH00000000000000000000', 6_000_000), ...carriers(null, 7_000_000)])],
  );
  const log = pino({ level: 'silent' });
  const settings = { production: true, signIn: DEFAULT_SIGN_IN_POLICY };
  const registry = createLocalRegistryProvider();
  const reads = async (prefix: string) =>
    Number((await em.execute<{ n: string }[]>(`select count(*) as n from carrier_registry_snapshots where carrier_id like ?`, [`${prefix}%`]))[0]!.n);

  // The clock: one advance of DAYS days, run to the end as its job runs it.
  // To the last carrier's last read (they are due a millisecond apart).
  const target = T0 + DAYS * DAY + CARRIERS;
  await em.execute(`update test_clocks set status = 'advancing', advancing_to = ? where id = 'clk_BENCH00000000000000000000'`, [new Date(target)]);
  const realNow = { now: () => new Date() };
  let t0 = performance.now();
  for (let run = 0; run < 10_000 && !(await runAdvance({ context: () => backgroundContext({ em: db.em(), clock: realNow, log, settings }), transport, registry, monitorIntervalMs: DAY }, 'clk_BENCH00000000000000000000')); run++);
  const clockMs = performance.now() - t0;
  const clockReads = await reads('car_BENCHC');

  // The baseline: the real-time jobs, the clock moved a day at a time by hand.
  let now = T0;
  const clock = { now: () => new Date(now) };
  const ctx = () => backgroundContext({ em: db.em(), clock, log, settings });
  t0 = performance.now();
  for (let day = 1; day <= DAYS; day++) {
    now = Math.floor((T0 + day * DAY) / DAY) * DAY;
    await scanCompliance(ctx());
    await announceOverdueInvoices(ctx());
    now = T0 + day * DAY + CARRIERS;
    while ((await monitorDue(ctx(), { registry, intervalMs: DAY, ratePerMinute: 1_000, jitter: () => 0.5 })).read > 0);
  }
  const baselineMs = performance.now() - t0;
  const baselineReads = await reads('car_BENCHR');

  console.log(`bench:clocks: ${CARRIERS} carriers of a test account, ${DAYS} days, test registry, PostgreSQL\n`);
  console.log('| | registry reads | time | reads/s | vs baseline |');
  console.log('|---|---|---|---|---|');
  console.log(`| clock (one advance of ${DAYS} days) | ${clockReads} | ${Math.round(clockMs)} ms | ${Math.round((clockReads / clockMs) * 1000)} | ${((clockReads / clockMs) / (baselineReads / baselineMs)).toFixed(2)} |`);
  console.log(`| baseline (real-time jobs, the clock moved by hand) | ${baselineReads} | ${Math.round(baselineMs)} ms | ${Math.round((baselineReads / baselineMs) * 1000)} | 1.00 |`);
  const state = (await em.execute<{ status: string; frozen_time: Date }[]>(`select status, frozen_time from test_clocks`))[0]!;
  if (clockReads !== CARRIERS * DAYS || baselineReads !== CARRIERS * DAYS || state.status !== 'ready' || new Date(state.frozen_time).getTime() !== target) {
    console.log(`\nNOT A MEASURE: expected ${CARRIERS * DAYS} reads each and the clock ready at its target (${state.status})`);
    process.exitCode = 1;
  }
} finally {
  await transport.close();
  await bench.drop();
}
