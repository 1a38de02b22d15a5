// Continuous monitoring: every active or suspended carrier is read again from the federal registry
// about once per interval (a recurring job, a bounded number of reads per minute), on demand too
// (`POST /v1/carriers/{id}/monitor`). Each read is kept with what changed since the one before; a
// finding that appears opens a compliance alert and suspends an active carrier (audited, by
// `system` or the caller), a change of identity opens an `identity_changed` alert (nobody is
// suspended: a person decides), and a finding that goes away is noted on its open alerts.
import type { components, operations } from '../../generated/openapi.js';
import { asSystem, recordAudit } from '../audit/audit.service.js';
import type { Job } from '../jobs/jobs.entities.js';
import type { JobHandler } from '../jobs/runner.js';
import { unixSeconds } from '../shared/clock.js';
import { inTransaction, type Context, type RequestContext } from '../shared/context.js';
import { errors } from '../shared/errors.js';
import { lockOne } from '../shared/find.js';
import { newId } from '../shared/ids.js';
import { listPage, type Page } from '../shared/pagination.js';
import { Carrier, CarrierRegistrySnapshot, ComplianceAlert } from './carriers.entities.js';
import { carrierLifecycle } from './carriers.state.js';
import { findCarrier, snapshot, suspend } from './carriers.service.js';
import { announceAlert } from './compliance.service.js';
import {
  changesBetween,
  findingsOf,
  findingsOfVetting,
  identityChanges,
  monitoringSuspensionReason,
  nextCheckAt,
  retryAfterFailureMs,
  summaryOf,
  without,
  type Change,
  type Finding,
  type RecordSnapshot,
} from './monitor.rules.js';
import { createRegistryProvider, registryFor, RegistryUnavailableError, type CarrierRecord, type RegistryProvider } from './registry/index.js';
import { DEFAULT_MONITOR_INTERVAL_MS } from './carriers.service.js';
import { livemodeOf } from '../shared/livemode.js';
import { atTime, clockTime } from '../clocks/object-clock.js';

type S = components['schemas'];

export const MONITOR_JOB = 'carrier.monitor';
/** One monitoring job exists at a time, whatever the number of workers. */
export const MONITOR_JOB_ID = 'job_carrier_monitor';
/** The job runs once a minute; a run reads at most `ratePerMinute` carriers and stops after this long. */
export const MONITOR_RUN_EVERY_MS = 60_000;
export const MONITOR_RUN_BUDGET_MS = 45_000;

export interface MonitorSettings {
  registry: RegistryProvider;
  /** CARRIER_MONITOR_INTERVAL_HOURS. */
  intervalMs: number;
  /** CARRIER_MONITOR_RPM: registry reads per minute at most. */
  ratePerMinute: number;
  /** [0, 1): where in its tenth of the interval the next read falls. */
  jitter?: () => number;
}

const MONITORED: ReadonlySet<S['CarrierStatus']> = new Set(['active', 'suspended']);

let onDemand: Pick<MonitorSettings, 'registry' | 'intervalMs'> | undefined;
/** The registry and interval of on-demand reads (the API process's; set at start-up). */
export function useMonitoring(settings: Pick<MonitorSettings, 'registry' | 'intervalMs'>): void {
  onDemand = settings;
}
/** As set, or the local registry and the default interval (development). */
export const monitoringSettings = (): Pick<MonitorSettings, 'registry' | 'intervalMs'> =>
  (onDemand ??= { registry: createRegistryProvider({}), intervalMs: DEFAULT_MONITOR_INTERVAL_MS });

export function renderSnapshot(s: CarrierRegistrySnapshot): S['CarrierRegistrySnapshot'] {
  return {
    id: s.id,
    object: 'carrier_registry_snapshot',
    livemode: livemodeOf(s.accountId),
    carrier_id: s.carrierId,
    provider: s.provider,
    record: s.record ?? null,
    changes: s.changes,
    findings: s.findings,
    new_findings: s.newFindings,
    cleared_findings: s.clearedFindings,
    alert_ids: s.alertIds,
    suspended: s.suspended,
    created: unixSeconds(s.createdAt),
  };
}

export async function listSnapshots(ctx: RequestContext, carrierId: string, query: NonNullable<operations['listCarrierRegistrySnapshots']['parameters']['query']>): Promise<Page<CarrierRegistrySnapshot>> {
  const carrier = await findCarrier(ctx, carrierId);
  return listPage(ctx.em, CarrierRegistrySnapshot, ctx.principal.accountId, { carrierId: carrier.id }, query);
}

/** The read before this one: the last snapshot, else what vetting read (undefined: nothing to compare with). */
async function previousRead(ctx: Context, carrier: Carrier): Promise<{ record: RecordSnapshot | null | undefined; findings: Finding[] }> {
  const [last] = await ctx.em.find(CarrierRegistrySnapshot, { carrierId: carrier.id }, { orderBy: { id: 'desc' }, limit: 1 });
  if (last) return { record: last.record ?? null, findings: last.findings };
  if (carrier.vetting) return { record: carrier.vetting.record ?? null, findings: findingsOfVetting(carrier.vetting.reasons) };
  return { record: undefined, findings: [] };
}

/**
 * Records one read of `record` (null: no such carrier) for the carrier, in one transaction with
 * everything it causes. A carrier that is no longer monitored (rejected, or being vetted again)
 * is left alone: answers null.
 */
export async function recordRead(
  ctx: Context | RequestContext,
  carrierId: string,
  record: CarrierRecord | null,
  settings: Pick<MonitorSettings, 'registry' | 'intervalMs' | 'jitter'>,
): Promise<CarrierRegistrySnapshot | null> {
  return inTransaction(ctx, async (tx) => {
    const carrier = await lockOne(tx.em, Carrier, { id: carrierId });
    if (!carrier || !MONITORED.has(carrier.status)) return null;
    const now = tx.clock.now();
    const current = record ? snapshot(record, settings.registry.name) : null;
    const previous = await previousRead(tx, carrier);
    const findings = findingsOf(record, now);
    const appeared = without(findings, previous.findings);
    const cleared = without(previous.findings, findings);
    const changes = changesBetween(previous.record, current);
    const identity = identityChanges(changes);
    const snapshotId = newId('registrySnapshot', now.getTime());
    const alertIds: string[] = [];

    const openAlert = async (kind: S['ComplianceAlertKind'] & (Finding | 'identity_changed'), relevant: Change[]) => {
      const alert = tx.em.create(ComplianceAlert, {
        id: newId('complianceAlert', now.getTime()),
        accountId: carrier.accountId,
        carrierId: carrier.id,
        kind,
        expiredOn: now.toISOString().slice(0, 10),
        status: 'open',
        resolutionNote: null,
        resolvedAt: null,
        details: { snapshot_id: snapshotId, summary: summaryOf(kind, relevant), changes: relevant },
        clearedAt: null,
        createdAt: now,
        updatedAt: now,
      });
      tx.em.persist(alert);
      alertIds.push(alert.id);
      await announceAlert(tx, 'compliance_alert.opened', alert, now);
    };
    // A finding's alert names what changed of the record but the identity, which has its own.
    for (const kind of appeared) await openAlert(kind, changes.filter((c) => !identity.includes(c)));
    if (identity.length) await openAlert('identity_changed', identity);

    // What a previous read found and this one does not: noted on its open alerts (a person reinstates).
    if (cleared.length) {
      const open = await tx.em.find(ComplianceAlert, { carrierId: carrier.id, kind: { $in: cleared }, status: 'open', clearedAt: null }, { orderBy: { id: 'asc' } });
      for (const alert of open) {
        alert.clearedAt = now;
        alert.updatedAt = now;
        alertIds.push(alert.id);
        await announceAlert(tx, 'compliance_alert.cleared', alert, now);
      }
    }

    const suspends = appeared.length > 0 && carrierLifecycle.allows('suspend', carrier.status);
    if (suspends) {
      await suspend(tx, carrier, monitoringSuspensionReason(appeared), now);
      // By the caller on demand, by `system` on the schedule.
      await recordAudit('principal' in tx ? (tx as RequestContext) : asSystem(tx, carrier.accountId), carrierLifecycle.table.suspend.audit, carrier.id, { now });
    }

    const read = tx.em.create(CarrierRegistrySnapshot, {
      id: snapshotId,
      accountId: carrier.accountId,
      carrierId: carrier.id,
      provider: settings.registry.name,
      record: current,
      changes,
      findings,
      newFindings: appeared,
      clearedFindings: cleared,
      alertIds,
      suspended: suspends,
      createdAt: now,
    });
    tx.em.persist(read);
    carrier.monitorLastCheckedAt = now;
    if (changes.length) carrier.monitorLastChangeAt = now;
    carrier.monitorFailures = 0;
    carrier.monitorNextCheckAt = nextCheckAt(now, settings.intervalMs, (settings.jitter ?? Math.random)());
    await tx.em.flush();
    return read;
  });
}

/** A read that failed: tried again after a backoff; nothing else about the carrier changes. */
async function recordFailure(ctx: Context, carrierId: string, intervalMs: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const carrier = await lockOne(tx.em, Carrier, { id: carrierId });
    if (!carrier || !MONITORED.has(carrier.status)) return;
    const now = tx.clock.now();
    carrier.monitorFailures += 1;
    carrier.monitorNextCheckAt = new Date(now.getTime() + retryAfterFailureMs(carrier.monitorFailures, intervalMs));
    await tx.em.flush();
  });
}

/** `POST /v1/carriers/{id}/monitor`: reads the registry now, records what it found, answers the read. */
export async function monitorNow(ctx: RequestContext, carrierId: string, settings: Pick<MonitorSettings, 'registry' | 'intervalMs'>): Promise<CarrierRegistrySnapshot> {
  const carrier = await findCarrier(ctx, carrierId);
  if (!MONITORED.has(carrier.status)) {
    throw errors.invalidStateTransition(`Carrier ${carrier.id} is ${carrier.status}: only active and suspended carriers are monitored.`);
  }
  const registry = registryFor(carrier.accountId, settings.registry, ctx);
  let record: CarrierRecord | null;
  try {
    record = await registry.findByDot(carrier.dotNumber);
  } catch (err) {
    if (err instanceof RegistryUnavailableError) throw errors.registryUnavailable(err.reason, 60);
    throw err;
  }
  // A carrier on a test clock is read at the clock's time, its next read due exactly an interval later.
  const onClock = carrier.testClockId ? await clockTime(ctx, carrier.testClockId) : null;
  const read = await recordRead(onClock ? atTime(ctx, onClock) : ctx, carrier.id, record, { ...settings, registry, ...(onClock ? { jitter: () => 0.5 } : {}) });
  // Vetted again or rejected between the read and its recording: as if it were not monitored.
  if (!read) throw errors.invalidStateTransition(`Carrier ${carrier.id} is no longer active or suspended.`);
  return read;
}

/**
 * One run of the schedule: the carriers due, oldest due first, at most `ratePerMinute` of them,
 * one registry read at a time, for at most MONITOR_RUN_BUDGET_MS. Answers the reads made and how
 * many of them failed. The carriers of no test clock (real time), or of the clock `testClockId`
 * (run by its advance, with the clock's time as `ctx.clock`).
 */
export async function monitorDue(ctx: Context, settings: MonitorSettings, testClockId: string | null = null): Promise<{ read: number; failed: number }> {
  const started = Date.now();
  const now = ctx.clock.now();
  const due = await ctx.em.find(
    Carrier,
    { status: { $in: [...MONITORED] }, monitorNextCheckAt: { $lte: now }, testClockId },
    { orderBy: { monitorNextCheckAt: 'asc', id: 'asc' }, limit: settings.ratePerMinute, fields: ['id', 'accountId', 'dotNumber'] },
  );
  let read = 0;
  let failed = 0;
  for (const carrier of due) {
    if (Date.now() - started > MONITOR_RUN_BUDGET_MS) break;
    read++;
    try {
      const registry = registryFor(carrier.accountId, settings.registry, ctx);
      const record = await registry.findByDot(carrier.dotNumber);
      await recordRead({ ...ctx, em: ctx.em.fork() }, carrier.id, record, { ...settings, registry });
    } catch (err) {
      failed++;
      ctx.log.warn({ carrier_id: carrier.id, err: err instanceof Error ? err.message : String(err) }, 'carrier monitoring read failed; will retry');
      await recordFailure({ ...ctx, em: ctx.em.fork() }, carrier.id, settings.intervalMs);
    }
  }
  if (read) ctx.log.info({ read, failed }, 'carrier monitoring run');
  return { read, failed };
}

/** The recurring job: a run, then the next one a minute after this one started. */
export function monitorJob(deps: { context: () => Context } & MonitorSettings): JobHandler {
  return {
    async run(_job: Job) {
      const ctx = deps.context();
      const startedAt = ctx.clock.now();
      await monitorDue(ctx, deps);
      return { rescheduleAt: new Date(startedAt.getTime() + MONITOR_RUN_EVERY_MS) };
    },
    backoffMs: () => MONITOR_RUN_EVERY_MS,
  };
}
