// Compliance: a scheduled scan raises one alert per lapsed insurance certificate, bond or process-agent
// filing (compliance.alert), and suspends carriers whose insurance lapsed; alerts are listed and resolved.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/sql';
import type { components, operations } from '../../generated/openapi.js';
import type { Principal } from '../auth/auth.service.js';
import { unixOrNull, unixSeconds, type Clock } from '../shared/clock.js';
import { newId } from '../shared/ids.js';
import { listPage, type Page } from '../shared/pagination.js';
import { ApiError, notFound } from '../http/errors.js';
import { emitEvent } from '../webhooks/emitter.js';
import type { JobHandler } from '../jobs/runner.js';
import { Carrier, ComplianceAlert } from './carriers.entities.js';
import { suspend } from './carriers.service.js';

type S = components['schemas'];

export const COMPLIANCE_SCAN_JOB = 'compliance.scan';
/** One scan job exists at a time, whatever the number of workers. */
export const COMPLIANCE_SCAN_JOB_ID = 'job_compliance_scan';

/** The compliance items watched on a carrier, and what a lapse does. */
const ITEMS: { kind: S['ComplianceAlertKind']; field: 'insuranceExpiresOn' | 'bondExpiresOn' | 'processAgentExpiresOn'; suspends: boolean }[] = [
  { kind: 'insurance_certificate', field: 'insuranceExpiresOn', suspends: true },
  { kind: 'bond', field: 'bondExpiresOn', suspends: false },
  { kind: 'process_agent', field: 'processAgentExpiresOn', suspends: false },
];

export function renderAlert(a: ComplianceAlert): S['ComplianceAlert'] {
  return {
    id: a.id,
    object: 'compliance_alert',
    carrier_id: a.carrierId,
    kind: a.kind,
    expired_on: a.expiredOn,
    status: a.status,
    resolution_note: a.resolutionNote ?? null,
    resolved_at: unixOrNull(a.resolvedAt),
    created: unixSeconds(a.createdAt),
    updated: unixSeconds(a.updatedAt),
  };
}

const today = (now: Date) => now.toISOString().slice(0, 10);

/** Scans every carrier with a date before today; returns how many alerts it raised. */
export async function scanCompliance(em: EntityManager, clock: Clock): Promise<number> {
  const now = clock.now();
  const day = today(now);
  const lapsed = await em.find(Carrier, {
    status: { $in: ['active', 'suspended'] },
    $or: ITEMS.map((i) => ({ [i.field]: { $lt: day } })),
  });
  let raised = 0;
  for (const candidate of lapsed) {
    raised += await em.fork().transactional(async (tem) => {
      const carrier = await tem.findOne(Carrier, { id: candidate.id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      if (!carrier) return 0;
      let count = 0;
      for (const item of ITEMS) {
        const expiredOn = carrier[item.field];
        if (!expiredOn || expiredOn >= day) continue;
        // One alert per lapse: the (carrier, kind, date) key makes a second scan a no-op.
        const exists = await tem.count(ComplianceAlert, { carrierId: carrier.id, kind: item.kind, expiredOn });
        if (exists) continue;
        const alert = tem.create(ComplianceAlert, {
          id: newId('complianceAlert', now.getTime()),
          accountId: carrier.accountId,
          carrierId: carrier.id,
          kind: item.kind,
          expiredOn,
          status: 'open',
          resolutionNote: null,
          resolvedAt: null,
          createdAt: now,
          updatedAt: now,
        });
        tem.persist(alert);
        await emitEvent(tem, 'compliance.alert', renderAlert(alert), { accountId: carrier.accountId, requestId: null, now });
        if (item.suspends && carrier.status === 'active') {
          await suspend(tem, carrier, `${item.kind.replace('_', ' ')} lapsed on ${expiredOn}`, { now, requestId: null });
        }
        count++;
      }
      await tem.flush();
      return count;
    });
  }
  return raised;
}

/** The recurring scan job: runs, then schedules itself `intervalMs` later. */
export function complianceScanJob(deps: { em: () => EntityManager; clock: Clock; intervalMs: number }): JobHandler {
  return {
    async run() {
      await scanCompliance(deps.em(), deps.clock);
      return { rescheduleAt: new Date(deps.clock.now().getTime() + deps.intervalMs) };
    },
    backoffMs: () => 60_000,
  };
}

export async function findAlert(em: EntityManager, accountId: string, id: string, forUpdate = false): Promise<ComplianceAlert> {
  const alert = await em.findOne(ComplianceAlert, { id, accountId }, forUpdate ? { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } : {});
  if (!alert) throw notFound('compliance alert', id, 'compliance_alert_id');
  return alert;
}

export function listAlerts(
  em: EntityManager,
  who: Principal,
  query: NonNullable<operations['listComplianceAlerts']['parameters']['query']>,
): Promise<Page<S['ComplianceAlert']>> {
  const where: Record<string, unknown> = {};
  if (query.status) where.status = query.status;
  if (query.carrier_id) where.carrierId = query.carrier_id;
  return listPage(em, ComplianceAlert, where, { accountId: who.accountId, limit: query.limit, cursor: query.cursor }, renderAlert);
}

export async function resolveAlert(em: EntityManager, who: Principal, id: string, note: string | undefined, clock: Clock): Promise<ComplianceAlert> {
  return em.transactional(async (tem) => {
    const alert = await findAlert(tem, who.accountId, id, true);
    if (alert.status !== 'open') {
      throw new ApiError('conflict_error', 'invalid_state_transition', 'This compliance alert is already resolved.');
    }
    const now = clock.now();
    alert.status = 'resolved';
    alert.resolutionNote = note ?? null;
    alert.resolvedAt = now;
    alert.updatedAt = now;
    await tem.flush();
    return alert;
  });
}
