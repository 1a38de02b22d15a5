// npm run bench:monitor: a monitoring round of BENCH_CARRIERS (default 1,000) carriers at
// CARRIER_MONITOR_RPM reads a minute (default 60), on one PostgreSQL, with the local registry (a
// file of their records, a tenth of them changed since the read before: a new phone, and for some
// of those revoked authority). The minutes are simulated (the clock moves a minute between runs);
// the work of each run is real and timed. Prints the runs a round takes (what the rate allows), the
// registry calls (no more than the carriers), and each run's time beside the minute it must fit in.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { benchDatabase } from './database.js';
import { registryFileEntry } from '../../test/support/registry-records.js';
import { backgroundContext, DEFAULT_SIGN_IN_POLICY } from '../../src/shared/context.js';
import { monitorDue, MONITOR_RUN_BUDGET_MS } from '../../src/carriers/monitor.service.js';
import { createLocalRegistryProvider, type RegistryProvider } from '../../src/carriers/registry/index.js';

const CARRIERS = Number(process.env.BENCH_CARRIERS ?? 1000);
const RPM = Number(process.env.CARRIER_MONITOR_RPM ?? 60);
const DAY = 86_400_000;

let now = Date.UTC(2026, 10, 26, 12, 0, 0);
const clock = { now: () => new Date(now) };
const dir = mkdtempSync(join(tmpdir(), 'vt-bench-monitor-'));
const file = join(dir, 'registry.json');
const dotOf = (i: number) => String(5_000_000 + i);
const record = (i: number, changed: boolean) =>
  registryFileEntry(dotOf(i), {
    legalName: `CARRIER ${i} LLC`,
    allowedToOperate: !(changed && i % 3 === 0),
    phone: changed ? `+1305555${String(i).padStart(4, '0')}` : '+16025550117',
  });
writeFileSync(file, JSON.stringify({ carriers: Array.from({ length: CARRIERS }, (_, i) => record(i, i % 10 === 0)) }));
const local = createLocalRegistryProvider(file, { clock });
let calls = 0;
const registry: RegistryProvider = { name: local.name, findByDot: (d) => ((calls += 1), local.findByDot(d)), findByMc: (m) => local.findByMc(m) };

const bench = await benchDatabase('vt_bench_monitor');
const { db } = bench;
try {
  const em = db.em();
  await em.execute(`insert into accounts (id, name, created_at) values ('acct_bench', 'Bench', now())`);
  // Vetted a day ago against the unchanged record; due now, spread over the last minute.
  const vetting = (i: number) => ({ passed: true, reasons: [], vetted_at: Math.floor((now - DAY) / 1000), record: { provider: 'local', legal_name: `CARRIER ${i} LLC`, dot_number: dotOf(i), mc_number: null, allowed_to_operate: true, common_authority: 'active', contract_authority: 'none', bipd_insurance_on_file_usd: 1_000_000, bipd_insurance_required_usd: 750_000, safety_rating: 'satisfactory', out_of_service_date: null, phone: '+16025550117', email: 'dispatch@carrier.example', physical_address: '4100 FISHER RD, COLUMBUS, OH 43228', retrieved_at: Math.floor((now - DAY) / 1000) } });
  const rows = Array.from({ length: CARRIERS }, (_, i) => ({ id: `car_BENCH${String(i).padStart(21, '0')}`, dot: dotOf(i), vetting: vetting(i), due: new Date(now - 60_000 + i) }));
  await em.execute(
    `insert into carriers (id, account_id, status, safer_pull_status, dot_number, contact_name, contact_email, phone, vetting, metadata, monitor_next_check_at, monitor_failures, created_at, updated_at)
     select r.id, 'acct_bench', 'active', 'completed', r.dot, 'A', 'a@b.example', '+16025550117', r.vetting, '{}', r.due, 0, now(), now()
     from jsonb_to_recordset(?::jsonb) as r(id text, dot text, vetting jsonb, due timestamptz)`,
    [JSON.stringify(rows)],
  );
  const ctx = () => backgroundContext({ em: db.em(), clock, log: pino({ level: 'silent' }), settings: { production: true, signIn: DEFAULT_SIGN_IN_POLICY } });
  const runs: { read: number; ms: number }[] = [];
  for (let minute = 0; minute < Math.ceil(CARRIERS / RPM) + 5; minute++) {
    const t0 = performance.now();
    const { read } = await monitorDue(ctx(), { registry, intervalMs: DAY, ratePerMinute: RPM });
    runs.push({ read, ms: performance.now() - t0 });
    if (read === 0) break;
    now += 60_000;
  }
  const counts = await em.execute<{ reads: string; alerts: string; suspended: string; checked: string }[]>(
    `select (select count(*) from carrier_registry_snapshots) as reads, (select count(*) from compliance_alerts) as alerts,
            (select count(*) from carriers where status = 'suspended') as suspended,
            (select count(*) from carriers where monitor_last_checked_at is not null) as checked`,
  );
  const busy = runs.filter((r) => r.read > 0);
  const slowest = Math.max(...busy.map((r) => r.ms));
  const total = busy.reduce((a, r) => a + r.ms, 0);
  console.log(`bench:monitor: ${CARRIERS} carriers due, CARRIER_MONITOR_RPM=${RPM}, local registry, PostgreSQL\n`);
  console.log(`| runs (minutes) for the round | allowed by the rate | registry calls | reads kept | alerts | suspended | slowest run | run budget | reads/s while running |`);
  console.log(`|---|---|---|---|---|---|---|---|---|`);
  console.log(
    `| ${busy.length} | ${Math.ceil(CARRIERS / RPM)} | ${calls} (carriers: ${CARRIERS}) | ${counts[0]!.reads} | ${counts[0]!.alerts} | ${counts[0]!.suspended} | ${Math.round(slowest)} ms | ${MONITOR_RUN_BUDGET_MS} ms of each minute | ${Math.round((CARRIERS / total) * 1000)} |`,
  );
  if (calls !== CARRIERS || Number(counts[0]!.checked) !== CARRIERS || busy.some((r) => r.read > RPM)) {
    console.log('\nNOT A ROUND: a carrier was read twice or not at all, or a run went over the rate');
    process.exitCode = 1;
  }
} finally {
  await bench.drop();
  rmSync(dir, { recursive: true, force: true });
}
