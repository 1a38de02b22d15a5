// Continuous monitoring of carriers against a registry that changes: the local registry is a file
// this test rewrites between reads. Each finding is checked through the API (carrier, alerts, reads,
// audit log) and through the webhooks a real local receiver gets.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { backends, type Backend } from './support/databases.js';
import { startHarness, TestClock, type Harness } from './support/harness.js';
import { startReceiver, type Receiver } from './support/receiver.js';
import { registryFileEntry } from './support/registry-records.js';
import { JobRunner } from '../src/jobs/runner.js';
import { vettingJob, VET_CARRIER_JOB } from '../src/carriers/carriers.service.js';
import { monitorJob, MONITOR_JOB, MONITOR_JOB_ID, useMonitoring } from '../src/carriers/monitor.service.js';
import { createLocalRegistryProvider, type RegistryProvider } from '../src/carriers/registry/index.js';
import { enqueueJob } from '../src/jobs/runner.js';
import { DeliveryWorker } from '../src/webhooks/worker.js';
import { createTransport } from '../src/webhooks/transport.js';

type Json = Record<string, any>;
const silent = pino({ level: 'silent' });
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(backends({ pooler: true }))('carrier monitoring on %s', (backend: Backend) => {
  let h: Harness;
  let runner: JobRunner;
  let receiver: Receiver;
  let worker: DeliveryWorker;
  const transport = createTransport({ allowPrivateTargets: true, timeoutMs: 2_000 });
  const clock = new TestClock(Date.UTC(2026, 10, 22, 12, 0, 0));
  const dir = mkdtempSync(join(tmpdir(), 'vt-monitor-'));
  const file = join(dir, 'registry.json');
  const registryRecords = new Map<string, Json>();
  let calls = 0;
  const writeRegistry = () => writeFileSync(file, JSON.stringify({ carriers: [...registryRecords.values()] }));
  const base = createLocalRegistryProvider(file, { clock });
  const registry: RegistryProvider = {
    name: base.name,
    findByDot: (dot) => ((calls += 1), base.findByDot(dot)),
    findByMc: (mc) => base.findByMc(mc),
  };
  let dot = 6_100_000 + Math.floor(Math.random() * 100_000);

  const ok = <T = Json>(r: { status: number; body: any; text: string }, status = 200): T => {
    expect(r.status, r.text).toBe(status);
    return r.body as T;
  };
  const runJobs = async () => {
    for (let i = 0; i < 100 && (await runner.runOnce()) > 0; i++);
  };
  const deliver = async () => {
    for (let i = 0; i < 100 && (await worker.runOnce()) > 0; i++);
  };
  const alertsOf = async (carrierId: string) => ok<Json>(await h.call('GET', `/v1/compliance_alerts?carrier_id=${carrierId}&limit=100`)).data as Json[];
  const received = (carrierId: string) =>
    receiver.received.map((r) => JSON.parse(r.body) as Json).filter((e) => e.data.carrier_id === carrierId || e.data.id === carrierId || e.data.target === carrierId);
  /** An active carrier, vetted against its record. */
  const activeCarrier = async (over: Json = {}) => {
    const dotNumber = String(dot++);
    registryRecords.set(dotNumber, registryFileEntry(dotNumber, over));
    writeRegistry();
    const c = ok<Json>(await h.call('POST', '/v1/carriers', { body: { dot_number: dotNumber, contact_name: 'Dispatch', contact_email: 'ops@broker.example', phone: '+16025550100' } }), 201);
    await runJobs();
    const vetted = ok<Json>(await h.call('GET', `/v1/carriers/${c.id}`));
    expect(vetted.status).toBe('active');
    return { id: c.id as string, dot: dotNumber };
  };
  const change = (dotNumber: string, over: Json | null) => {
    if (over === null) registryRecords.delete(dotNumber);
    else registryRecords.set(dotNumber, { ...registryRecords.get(dotNumber)!, ...over });
    writeRegistry();
  };
  /** A day and a bit later (every read due), one monitoring pass, and its webhooks delivered. */
  const nextDay = async () => {
    clock.advance(DAY + 3 * HOUR);
    await runJobs();
    await deliver();
  };

  beforeAll(async () => {
    writeRegistry();
    h = await startHarness(backend, { clock });
    useMonitoring({ registry, intervalMs: DAY });
    runner = new JobRunner({
      db: h.database.db,
      clock,
      log: silent,
      handlers: {
        [VET_CARRIER_JOB]: vettingJob({ context: () => h.background(clock), registry, monitorIntervalMs: DAY }),
        [MONITOR_JOB]: monitorJob({ context: () => h.background(clock), registry, intervalMs: DAY, ratePerMinute: 1_000 }),
      },
    });
    await enqueueJob(h.database.db.em(), { id: MONITOR_JOB_ID, kind: MONITOR_JOB, runAt: clock.now(), maxAttempts: 1_000_000 });
    receiver = await startReceiver();
    ok(await h.call('POST', '/v1/webhook_endpoints', { body: { url: receiver.url, enabled_events: ['carrier.suspended', 'compliance.alert', 'audit.privileged_action'] } }), 201);
    worker = new DeliveryWorker({ db: h.database.db, clock, log: silent, transport });
  });
  afterAll(async () => {
    await receiver.close();
    await transport.close();
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('suspends on revoked authority and cancelled insurance, alerts on a changed phone, each once; a read with no change does nothing', async () => {
    const c = await activeCarrier();
    const vetted = ok<Json>(await h.call('GET', `/v1/carriers/${c.id}`));
    // Vetting was the first read; the next comes about a day later (within a tenth of it).
    expect(vetted.monitoring.last_checked_at).toBe(clock.now().getTime() / 1000);
    expect(Math.abs(vetted.monitoring.next_check_at - (clock.now().getTime() + DAY) / 1000)).toBeLessThanOrEqual(DAY / 10 / 1000);
    expect(vetted.monitoring.last_change_at).toBeNull();

    change(c.dot, { allowedToOperate: false, commonAuthority: 'inactive', bipdInsuranceOnFileUsd: 0, phone: '+13055550199' });
    await nextDay();

    const carrier = ok<Json>(await h.call('GET', `/v1/carriers/${c.id}`));
    expect(carrier.status).toBe('suspended');
    expect(carrier.suspension_reason).toBe('Registry monitoring found: authority revoked, insurance cancelled.');
    expect(carrier.monitoring.last_change_at).toBe(clock.now().getTime() / 1000);
    const alerts = await alertsOf(c.id);
    expect(alerts.map((a) => a.kind).sort()).toEqual(['authority_revoked', 'identity_changed', 'insurance_cancelled']);
    const identity = alerts.find((a) => a.kind === 'identity_changed')!;
    expect(identity.details.changes).toEqual([{ field: 'phone', previous: '+16025550117', current: '+13055550199' }]);
    expect(identity.details.summary).toBe('The registered phone changed.');
    for (const a of alerts) expect(a).toMatchObject({ status: 'open', cleared_at: null, expiry_date: clock.now().toISOString().slice(0, 10) });

    const [read] = ok<Json>(await h.call('GET', `/v1/carriers/${c.id}/registry_snapshots`)).data;
    expect(read).toMatchObject({ object: 'carrier_registry_snapshot', carrier_id: c.id, provider: 'local', suspended: true });
    expect(read.new_findings).toEqual(['authority_revoked', 'insurance_cancelled']);
    expect(read.changes.map((x: Json) => x.field)).toEqual(['phone', 'allowed_to_operate', 'common_authority', 'bipd_insurance_on_file_usd']);
    expect(read.alert_ids.sort()).toEqual(alerts.map((a) => a.id).sort());
    for (const a of alerts) expect(a.details.snapshot_id).toBe(read.id);

    // The webhooks: one suspension, three alerts, one audit entry by `system`.
    const events = received(c.id);
    expect(events.map((e) => e.type).sort()).toEqual(['audit.privileged_action', 'carrier.suspended', 'compliance.alert', 'compliance.alert', 'compliance.alert']);
    const audit = events.find((e) => e.type === 'audit.privileged_action')!;
    expect(audit.data).toMatchObject({ actor: 'system', action: 'carrier.suspended', target: c.id, request_id: null });
    expect(events.every((e) => e.request === null)).toBe(true);
    const logged = ok<Json>(await h.call('GET', `/v1/audit_logs?target=${c.id}`)).data;
    expect(logged.map((x: Json) => [x.actor, x.action])).toEqual([['system', 'carrier.suspended']]);

    // A day later, nothing changed: a read kept, and nothing else.
    const before = receiver.received.length;
    await nextDay();
    expect(receiver.received.length).toBe(before);
    expect((await alertsOf(c.id)).length).toBe(3);
    const reads = ok<Json>(await h.call('GET', `/v1/carriers/${c.id}/registry_snapshots`)).data;
    expect(reads).toHaveLength(2);
    expect(reads[0]).toMatchObject({ changes: [], new_findings: [], cleared_findings: [], alert_ids: [], suspended: false, findings: ['authority_revoked', 'insurance_cancelled'] });
  });

  it("alerts when the DOT number's MC docket changes (an identity taken over), leaving the carrier active", async () => {
    const c = await activeCarrier({ mcNumber: '918274' });
    change(c.dot, { mcNumber: '801734' });
    await nextDay();
    const [alert] = await alertsOf(c.id);
    expect(alert).toMatchObject({ kind: 'identity_changed', details: { changes: [{ field: 'mc_number', previous: '918274', current: '801734' }], summary: 'The registered MC number changed.' } });
    expect(ok<Json>(await h.call('GET', `/v1/carriers/${c.id}`)).status).toBe('active');
  });

  it('notes a finding that clears on its alert (the carrier stays suspended), and alerts when the record disappears', async () => {
    const c = await activeCarrier();
    change(c.dot, { outOfServiceDate: 'today-1d' });
    await nextDay();
    const oos = (await alertsOf(c.id))[0]!;
    expect(oos).toMatchObject({ kind: 'out_of_service', cleared_at: null });
    expect(ok<Json>(await h.call('GET', `/v1/carriers/${c.id}`)).status).toBe('suspended');

    change(c.dot, { outOfServiceDate: null });
    const before = received(c.id).length;
    await nextDay();
    const cleared = (await alertsOf(c.id)).find((a) => a.id === oos.id)!;
    expect(cleared).toMatchObject({ status: 'open', cleared_at: clock.now().getTime() / 1000 });
    expect(ok<Json>(await h.call('GET', `/v1/carriers/${c.id}`)).status).toBe('suspended');
    // The deprecated compliance.alert, sent again about the same alert as before. Its sequence counts
    // the alert's other events too (compliance_alert.opened 1, compliance.alert 2, compliance_alert.cleared 3),
    // which this endpoint does not subscribe to.
    const again = received(c.id).slice(before);
    expect(again.map((e) => [e.type, e.data.id, e.sequence])).toEqual([['compliance.alert', oos.id, 4]]);

    change(c.dot, null);
    await nextDay();
    const missing = (await alertsOf(c.id)).find((a) => a.kind === 'registry_record_missing')!;
    expect(missing.details.changes).toEqual([{ field: 'record', previous: 'present', current: null }]);
    // Already suspended: no second suspension, no audit entry.
    expect(ok<Json>(await h.call('GET', `/v1/audit_logs?target=${c.id}`)).data).toHaveLength(1);
  });

  it('leaves the carrier alone when the registry cannot answer, and reads it again after a backoff', async () => {
    const c = await activeCarrier();
    const vetted = ok<Json>(await h.call('GET', `/v1/carriers/${c.id}`));
    change(c.dot, { simulate: 'unreachable' });
    const readsBefore = ok<Json>(await h.call('GET', `/v1/carriers/${c.id}/registry_snapshots`)).data.length;
    await nextDay();
    const after = ok<Json>(await h.call('GET', `/v1/carriers/${c.id}`));
    expect(after.status).toBe('active');
    expect(after.monitoring.last_checked_at).toBe(vetted.monitoring.last_checked_at);
    expect(after.monitoring.next_check_at).toBe(clock.now().getTime() / 1000 + 300);
    expect(ok<Json>(await h.call('GET', `/v1/carriers/${c.id}/registry_snapshots`)).data).toHaveLength(readsBefore);
    expect(await alertsOf(c.id)).toEqual([]);
    // On demand: 503, nothing changed.
    const r = await h.call('POST', `/v1/carriers/${c.id}/monitor`);
    expect(r.status).toBe(503);
    expect(r.body.error).toMatchObject({ type: 'api_error', code: 'registry_unavailable' });
    expect(r.headers.get('retry-after')).toBe('60');
    // Back: the next read is a normal one.
    change(c.dot, { simulate: undefined });
    clock.advance(10 * 60_000);
    await runJobs();
    expect(ok<Json>(await h.call('GET', `/v1/carriers/${c.id}`)).monitoring.last_checked_at).toBe(clock.now().getTime() / 1000);
  });

  it('reads on demand: answers what the read found, suspends as the caller (audited), refuses a carrier not monitored', async () => {
    const c = await activeCarrier();
    const quiet = ok<Json>(await h.call('POST', `/v1/carriers/${c.id}/monitor`));
    expect(quiet).toMatchObject({ carrier_id: c.id, changes: [], findings: [], new_findings: [], suspended: false });
    expect(quiet.record).toMatchObject({ dot_number: c.dot, phone: '+16025550117', physical_address: '4100 FISHER RD, COLUMBUS, OH 43228' });
    change(c.dot, { safetyRating: 'unsatisfactory', email: 'new@elsewhere.example' });
    const found = await h.call('POST', `/v1/carriers/${c.id}/monitor`, { headers: { 'Idempotency-Key': `monitor-${c.id}` } });
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ new_findings: ['unsatisfactory_rating'], suspended: true });
    expect(found.body.alert_ids).toHaveLength(2);
    const logged = ok<Json>(await h.call('GET', `/v1/audit_logs?target=${c.id}`)).data;
    expect(logged).toHaveLength(1);
    expect(logged[0].actor).toMatch(/^key_/);
    expect(logged[0].request_id).toBe(found.headers.get('request-id'));
    await deliver();
    const alertEvents = received(c.id).filter((e) => e.type === 'compliance.alert');
    for (const e of alertEvents) expect(e.request).toEqual({ id: found.headers.get('request-id'), idempotency_key: `monitor-${c.id}` });

    const pendingDot = String(dot++);
    const pending = ok<Json>(await h.call('POST', '/v1/carriers', { body: { dot_number: pendingDot, contact_name: 'A', contact_email: 'a@b.example', phone: '+16025550117' } }), 201);
    const refused = await h.call('POST', `/v1/carriers/${pending.id}/monitor`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('invalid_state_transition');
    expect(ok<Json>(await h.call('GET', `/v1/carriers/${pending.id}`)).monitoring).toEqual({ last_checked_at: null, next_check_at: null, last_change_at: null });
  });

  it('reads every monitored carrier once a round at the configured rate, no more calls than carriers', async () => {
    // Due now: the carriers of the tests above, and these.
    for (let i = 0; i < 30; i++) {
      const d = String(dot++);
      registryRecords.set(d, registryFileEntry(d));
    }
    writeRegistry();
    const em = h.database.db.em();
    const accountId = (await em.execute<{ account_id: string }[]>(`select account_id from webhook_endpoints limit 1`))[0]!.account_id;
    const now = clock.now();
    const dots = [...registryRecords.keys()].slice(-30);
    for (const [i, d] of dots.entries()) {
      await em.execute(
        `insert into carriers (id, account_id, status, safer_pull_status, dot_number, contact_name, contact_email, phone, metadata, monitor_next_check_at, monitor_failures, created_at, updated_at)
         values (?, ?, 'active', 'completed', ?, 'A', 'a@b.example', '+16025550117', '{}', ?, 0, ?, ?)`,
        [`car_RATE${String(i).padStart(22, '0')}`, accountId, d, new Date(now.getTime() + DAY + i), now, now],
      );
    }
    const monitored = Number((await em.execute<{ n: string }[]>(`select count(*) as n from carriers where status in ('active', 'suspended')`))[0]!.n);
    clock.advance(DAY + 3 * HOUR);
    const ratePerMinute = 7;
    const rate = new JobRunner({
      db: h.database.db,
      clock,
      log: silent,
      handlers: { [MONITOR_JOB]: monitorJob({ context: () => h.background(clock), registry, intervalMs: DAY, ratePerMinute, jitter: () => 0.5 }) },
    });
    const perRun: number[] = [];
    for (let minute = 0; minute < 20; minute++) {
      const start = calls;
      await rate.runOnce();
      perRun.push(calls - start);
      if (calls - start === 0) break;
      clock.advance(60_000);
    }
    // Every run within the rate, every carrier read once, none twice.
    expect(Math.max(...perRun)).toBeLessThanOrEqual(ratePerMinute);
    expect(perRun.reduce((a, b) => a + b, 0)).toBe(monitored);
    expect(Math.ceil(monitored / ratePerMinute)).toBe(perRun.filter((n) => n > 0).length);
    const next = await em.execute<{ t: Date }[]>(`select monitor_next_check_at as t from carriers where status in ('active', 'suspended')`);
    for (const row of next) expect(new Date(row.t).getTime()).toBeGreaterThan(clock.now().getTime() + DAY - 60 * 60_000);
  });
});
