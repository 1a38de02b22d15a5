// Compliance: a scheduled scan raises one alert per lapsed insurance certificate, bond or process-agent
// filing (compliance_alert.opened, and the deprecated compliance.alert), and suspends carriers whose
// insurance lapsed; alerts are listed and resolved (compliance_alert.resolved).
import type { components, operations } from '../../generated/openapi.js';
import { unixOrNull, unixSeconds } from '../shared/clock.js';
import { inTransaction, type Context, type RequestContext } from '../shared/context.js';
import { lockOne, ownedFinder } from '../shared/find.js';
import { newId } from '../shared/ids.js';
import { listPage, type Page } from '../shared/pagination.js';
import { emitEvent } from '../webhooks/emitter.js';
import type { JobHandler } from '../jobs/runner.js';
import { Carrier, ComplianceAlert } from './carriers.entities.js';
import { suspend } from './carriers.service.js';
import { complianceAlertLifecycle } from './carriers.state.js';
import { calendarDay, lapsedCandidatesWhere, lapses, suspendsCarrier, suspensionReason } from './compliance.rules.js';
import { livemodeOf } from '../shared/livemode.js';

type S = components['schemas'];

export const COMPLIANCE_SCAN_JOB = 'compliance.scan';
/** One scan job exists at a time, whatever the number of workers. */
export const COMPLIANCE_SCAN_JOB_ID = 'job_compliance_scan';

export function renderAlert(a: ComplianceAlert): S['ComplianceAlert'] {
  return {
    id: a.id,
    object: 'compliance_alert',
    livemode: livemodeOf(a.accountId),
    carrier_id: a.carrierId,
    kind: a.kind,
    expiry_date: a.expiredOn,
    status: a.status,
    resolution_note: a.resolutionNote ?? null,
    resolved_at: unixOrNull(a.resolvedAt),
    details: a.details ?? null,
    cleared_at: unixOrNull(a.clearedAt),
    created: unixSeconds(a.createdAt),
    updated: unixSeconds(a.updatedAt),
  };
}

/**
 * Records what happened to an alert: its own event (`compliance_alert.opened`, `.cleared`,
 * `.resolved`) and, at the opening and the clearing, the deprecated `compliance.alert` as before,
 * for the endpoints that still subscribe to it (the opened or cleared event first).
 */
export async function announceAlert(
  ctx: Context,
  type: 'compliance_alert.opened' | 'compliance_alert.cleared' | 'compliance_alert.resolved',
  alert: ComplianceAlert,
  now: Date,
): Promise<void> {
  const data = renderAlert(alert);
  await emitEvent(ctx, type, data, { accountId: alert.accountId, now });
  if (type !== 'compliance_alert.resolved') await emitEvent(ctx, 'compliance.alert', data, { accountId: alert.accountId, now });
}

/**
 * Scans every carrier with a date before today; returns how many alerts it raised. The carriers of
 * no test clock (real time), or of the clock `testClockId` (run by its advance, at the clock's time).
 */
export async function scanCompliance(ctx: Context, testClockId: string | null = null): Promise<number> {
  const now = ctx.clock.now();
  const day = calendarDay(now);
  const lapsed = await ctx.em.find(Carrier, { ...lapsedCandidatesWhere(day), testClockId });
  let raised = 0;
  for (const candidate of lapsed) {
    // One transaction per carrier: one carrier's failure does not undo the others' alerts.
    raised += await inTransaction({ ...ctx, em: ctx.em.fork() }, async (tx) => {
      const carrier = await lockOne(tx.em, Carrier, { id: candidate.id });
      if (!carrier) return 0;
      let count = 0;
      for (const lapse of lapses(carrier, day)) {
        const { item, expiredOn } = lapse;
        // One alert per lapse: the (carrier, kind, date) key of lapses makes a second scan a no-op.
        const exists = await tx.em.count(ComplianceAlert, { carrierId: carrier.id, kind: item.kind, expiredOn });
        if (exists) continue;
        const alert = tx.em.create(ComplianceAlert, {
          id: newId('complianceAlert', now.getTime()),
          accountId: carrier.accountId,
          carrierId: carrier.id,
          kind: item.kind,
          expiredOn,
          status: 'open',
          resolutionNote: null,
          resolvedAt: null,
          details: null,
          clearedAt: null,
          createdAt: now,
          updatedAt: now,
        });
        tx.em.persist(alert);
        await announceAlert(tx, 'compliance_alert.opened', alert, now);
        if (suspendsCarrier(item, carrier.status)) await suspend(tx, carrier, suspensionReason(lapse), now);
        count++;
      }
      await tx.em.flush();
      return count;
    });
  }
  return raised;
}

/** The recurring scan job: runs, then schedules itself `intervalMs` later. */
export function complianceScanJob(deps: { context: () => Context; intervalMs: number }): JobHandler {
  return {
    async run() {
      const ctx = deps.context();
      await scanCompliance(ctx);
      return { rescheduleAt: new Date(ctx.clock.now().getTime() + deps.intervalMs) };
    },
    backoffMs: () => 60_000,
  };
}

export const findAlert = ownedFinder(ComplianceAlert, 'compliance alert', 'compliance_alert_id');

export function listAlerts(ctx: RequestContext, query: NonNullable<operations['listComplianceAlerts']['parameters']['query']>): Promise<Page<ComplianceAlert>> {
  const where = {
    ...(query.status ? { status: query.status } : {}),
    ...(query.carrier_id ? { carrierId: query.carrier_id } : {}),
  };
  return listPage(ctx.em, ComplianceAlert, ctx.principal.accountId, where, query);
}

export function resolveAlert(ctx: RequestContext, id: string, note: string | undefined): Promise<ComplianceAlert> {
  return inTransaction(ctx, async (tx) => {
    const alert = await findAlert(tx, id, { forUpdate: true });
    const t = complianceAlertLifecycle.assert('resolve', alert.status, alert.id);
    const now = ctx.clock.now();
    alert.status = t.to;
    alert.resolutionNote = note ?? null;
    alert.resolvedAt = now;
    alert.updatedAt = now;
    await announceAlert(tx, 'compliance_alert.resolved', alert, now);
    await tx.em.flush();
    return alert;
  });
}
