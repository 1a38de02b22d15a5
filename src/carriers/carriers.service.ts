// Carriers: onboarding, asynchronous vetting against the federal record, suspension and reinstatement.
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/sql';
import type { components, operations } from '../../generated/openapi.js';
import { unixOrNull, unixSeconds } from '../shared/clock.js';
import { inTransaction, type Context, type RequestContext } from '../shared/context.js';
import { errors } from '../shared/errors.js';
import { lockOne, ownedFinder } from '../shared/find.js';
import { newId } from '../shared/ids.js';
import { mergeMetadata } from '../shared/metadata.js';
import { listPage, type Page } from '../shared/pagination.js';
import { recordAudit } from '../audit/audit.service.js';
import { emitEvent, emitUpdated } from '../webhooks/emitter.js';
import { enqueueJob, type JobHandler } from '../jobs/runner.js';
import type { Job } from '../jobs/jobs.entities.js';
import { Carrier } from './carriers.entities.js';
import { carrierLifecycle } from './carriers.state.js';
import { registryFor, vetCarrier, type CarrierRecord, type RegistryProvider } from './registry/index.js';
import { nextCheckAt } from './monitor.rules.js';
import { livemodeOf } from '../shared/livemode.js';
import { atTime, clockForNew, clockTime } from '../clocks/object-clock.js';

/** How often an active or suspended carrier is read again (CARRIER_MONITOR_INTERVAL_HOURS). */
export const DEFAULT_MONITOR_INTERVAL_MS = 24 * 3_600_000;

type S = components['schemas'];

export const VET_CARRIER_JOB = 'carrier.vet';
/**
 * Attempts of the vetting job while the registry is unreachable (each look-up already retries inside
 * the registry client), spaced by VETTING_BACKOFF_MS: about 16 hours in all, then the carrier shows
 * `safer_pull_status: failed` until `revet` queues it again.
 */
export const VETTING_BACKOFF_MS = [10_000, 60_000, 300_000, 900_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000];
export const VETTING_ATTEMPTS = VETTING_BACKOFF_MS.length + 1;

// ---------- rendering and look-ups ----------

export function renderCarrier(c: Carrier): S['Carrier'] {
  return {
    id: c.id,
    object: 'carrier',
    livemode: livemodeOf(c.accountId),
    test_clock: c.testClockId ?? null,
    status: c.status,
    safer_pull_status: c.saferPullStatus,
    dot_number: c.dotNumber,
    mc_number: c.mcNumber ?? null,
    legal_name: c.legalName ?? null,
    contact_name: c.contactName,
    contact_email: c.contactEmail,
    phone: c.phone,
    vetting: c.vetting ?? null,
    insurance_expiry_date: c.insuranceExpiresOn ?? null,
    bond_expiry_date: c.bondExpiresOn ?? null,
    process_agent_expiry_date: c.processAgentExpiresOn ?? null,
    suspension_reason: c.suspensionReason ?? null,
    suspended_at: unixOrNull(c.suspendedAt),
    monitoring: {
      last_checked_at: unixOrNull(c.monitorLastCheckedAt),
      next_check_at: c.status === 'active' || c.status === 'suspended' ? unixOrNull(c.monitorNextCheckAt) : null,
      last_change_at: unixOrNull(c.monitorLastChangeAt),
    },
    metadata: c.metadata,
    created: unixSeconds(c.createdAt),
    updated: unixSeconds(c.updatedAt),
  };
}

export const findCarrier = ownedFinder(Carrier, 'carrier', 'carrier_id');

export function listCarriers(ctx: RequestContext, query: NonNullable<operations['listCarriers']['parameters']['query']>): Promise<Page<Carrier>> {
  return listPage(ctx.em, Carrier, ctx.principal.accountId, query.status ? { status: query.status } : {}, query);
}

// ---------- onboarding, edits, suspension ----------

const queueVetting = (em: EntityManager, carrier: Carrier, now: Date) =>
  enqueueJob(em, { kind: VET_CARRIER_JOB, subjectId: carrier.id, runAt: now, maxAttempts: VETTING_ATTEMPTS });

export async function createCarrier(ctx: RequestContext, input: S['CarrierCreate']): Promise<Carrier> {
  try {
    return await inTransaction(ctx, async (tx) => {
      const existing = await tx.em.findOne(Carrier, { accountId: ctx.principal.accountId, dotNumber: input.dot_number }, { fields: ['id', 'status'] });
      if (existing) throw errors.duplicateCarrier(input.dot_number, existing);
      // On a test clock, created at the clock's time (and vetted at it: vetCarrierNow).
      const clock = await clockForNew(tx, input.test_clock, 'carriers');
      const now = clock?.now ?? ctx.clock.now();
      const carrier = tx.em.create(Carrier, {
        id: newId('carrier', now.getTime()),
        accountId: ctx.principal.accountId,
        testClockId: clock?.id ?? null,
        status: 'pending_vetting',
        saferPullStatus: 'queued',
        dotNumber: input.dot_number,
        mcNumber: input.mc_number ?? null,
        legalName: null,
        contactName: input.contact_name,
        contactEmail: input.contact_email,
        phone: input.phone,
        vetting: null,
        insuranceExpiresOn: null,
        bondExpiresOn: null,
        processAgentExpiresOn: null,
        suspensionReason: null,
        suspendedAt: null,
        monitorLastCheckedAt: null,
        monitorNextCheckAt: null,
        monitorLastChangeAt: null,
        monitorFailures: 0,
        metadata: input.metadata ?? {},
        createdAt: now,
        updatedAt: now,
      });
      tx.em.persist(carrier);
      // On a clock, at the clock's time (due then to its endpoints, now to the others).
      await emitEvent(clock ? atTime(tx, now) : tx, 'carrier.onboarded', renderCarrier(carrier), { now });
      await queueVetting(tx.em, carrier, ctx.clock.now());
      await tx.em.flush();
      return carrier;
    });
  } catch (err) {
    // Two concurrent onboardings of one DOT number: the unique index decides.
    if (err instanceof UniqueConstraintViolationException) throw errors.duplicateCarrier(input.dot_number);
    throw err;
  }
}

export function updateCarrier(ctx: RequestContext, id: string, input: S['CarrierUpdate']): Promise<Carrier> {
  return inTransaction(ctx, async (tx) => {
    const carrier = await findCarrier(tx, id, { forUpdate: true });
    const before = structuredClone(renderCarrier(carrier));
    const was = carrier.updatedAt;
    if (input.contact_name !== undefined) carrier.contactName = input.contact_name;
    if (input.contact_email !== undefined) carrier.contactEmail = input.contact_email;
    if (input.phone !== undefined) carrier.phone = input.phone;
    if (input.insurance_expiry_date !== undefined) carrier.insuranceExpiresOn = input.insurance_expiry_date;
    if (input.bond_expiry_date !== undefined) carrier.bondExpiresOn = input.bond_expiry_date;
    if (input.process_agent_expiry_date !== undefined) carrier.processAgentExpiresOn = input.process_agent_expiry_date;
    if (input.metadata !== undefined) carrier.metadata = mergeMetadata(carrier.metadata, input.metadata);
    const now = ctx.clock.now();
    carrier.updatedAt = now;
    // carrier.updated with what changed; an update that changes nothing records nothing, `updated` included.
    if (!(await emitUpdated(tx, 'carrier.updated', before, renderCarrier(carrier), { now }))) carrier.updatedAt = was;
    await tx.em.flush();
    return carrier;
  });
}

/** Suspends an active carrier and fires carrier.suspended (used by the API and the compliance scan). */
export async function suspend(ctx: Context, carrier: Carrier, reason: string, now: Date): Promise<void> {
  const t = carrierLifecycle.assert('suspend', carrier.status, carrier.id);
  carrier.status = t.to;
  carrier.suspensionReason = reason;
  carrier.suspendedAt = now;
  carrier.updatedAt = now;
  await emitEvent(ctx, t.event, renderCarrier(carrier), { accountId: carrier.accountId, now });
}

export function suspendCarrier(ctx: RequestContext, id: string, reason: string): Promise<Carrier> {
  return inTransaction(ctx, async (tx) => {
    const carrier = await findCarrier(tx, id, { forUpdate: true });
    const now = ctx.clock.now();
    await suspend(tx, carrier, reason, now);
    // Audited when a caller suspends; the compliance scan's suspensions are its compliance alerts.
    await recordAudit(tx, carrierLifecycle.table.suspend.audit, carrier.id, { now });
    await tx.em.flush();
    return carrier;
  });
}

/**
 * Queues the vetting of a carrier whose look-up failed (registry unreachable through every retry) or
 * that was rejected; audited. A look-up still queued or running is not queued twice.
 */
export function revetCarrier(ctx: RequestContext, id: string, input: S['CarrierRevet'] = {}): Promise<Carrier> {
  return inTransaction(ctx, async (tx) => {
    const carrier = await findCarrier(tx, id, { forUpdate: true });
    if (carrier.status === 'pending_vetting' && carrier.saferPullStatus !== 'failed') {
      throw errors.invalidStateTransition(`Carrier ${carrier.id} is already being vetted (safer_pull_status ${carrier.saferPullStatus}).`);
    }
    const t = carrierLifecycle.assert('revet', carrier.status, carrier.id);
    const now = ctx.clock.now();
    const before = structuredClone(renderCarrier(carrier));
    // A corrected application: the MC number it is vetted with (the rejected one stays in its carrier.rejected event).
    if (input.mc_number !== undefined) carrier.mcNumber = input.mc_number;
    carrier.status = t.to;
    carrier.saferPullStatus = 'queued';
    carrier.updatedAt = now;
    await queueVetting(tx.em, carrier, now);
    // No lifecycle event says it: carrier.updated (status and safer_pull_status, at least one changes).
    await emitUpdated(tx, 'carrier.updated', before, renderCarrier(carrier), { now });
    await recordAudit(tx, t.audit, carrier.id, { now });
    await tx.em.flush();
    return carrier;
  });
}

export function reinstateCarrier(ctx: RequestContext, id: string): Promise<Carrier> {
  return inTransaction(ctx, async (tx) => {
    const carrier = await findCarrier(tx, id, { forUpdate: true });
    const t = carrierLifecycle.assert('reinstate', carrier.status, carrier.id);
    const now = ctx.clock.now();
    const before = structuredClone(renderCarrier(carrier));
    carrier.status = t.to;
    carrier.saferPullStatus = 'queued';
    carrier.suspensionReason = null;
    carrier.suspendedAt = null;
    carrier.updatedAt = now;
    await queueVetting(tx.em, carrier, now);
    // No lifecycle event says it: carrier.updated (suspended -> pending_vetting, vetted again).
    await emitUpdated(tx, 'carrier.updated', before, renderCarrier(carrier), { now });
    await recordAudit(tx, t.audit, carrier.id, { now });
    await tx.em.flush();
    return carrier;
  });
}

// ---------- vetting (a background job) ----------

export function snapshot(record: CarrierRecord, provider: string): S['RegistrySnapshot'] {
  return {
    provider,
    legal_name: record.legalName,
    dot_number: record.dotNumber,
    mc_number: record.mcNumber,
    allowed_to_operate: record.allowedToOperate,
    common_authority: record.commonAuthority,
    contract_authority: record.contractAuthority,
    bipd_insurance_on_file_usd: record.bipdInsuranceOnFileUsd,
    bipd_insurance_required_usd: record.bipdInsuranceRequiredUsd,
    safety_rating: record.safetyRating,
    out_of_service_date: record.outOfServiceDate,
    phone: record.phone,
    email: record.email,
    physical_address: record.physicalAddress,
    retrieved_at: unixSeconds(record.retrievedAt),
  };
}

/** The vetting job: queued -> in_progress, look-up outside any transaction, then active or rejected. */
/**
 * Vets a carrier now against `registry` (the test registry for a test account's): reads its record,
 * then in one transaction judges it, records the result and fires carrier.vetted or carrier.rejected.
 * A carrier no longer waiting for vetting is left alone. Throws RegistryUnavailableError when the
 * registry cannot answer.
 */
export async function vetCarrierNow(ctx: Context, id: string, liveRegistry: RegistryProvider, interval: number): Promise<void> {
  const carrier = await ctx.em.findOne(Carrier, { id });
  if (!carrier || !carrierLifecycle.allows('pass_vetting', carrier.status)) return; // suspended or vetted meanwhile: nothing to judge
  const registry = registryFor(carrier.accountId, liveRegistry, ctx);
  const record = await registry.findByDot(carrier.dotNumber); // throws RegistryUnavailableError
  // A carrier on a test clock is vetted, on the clock, when it was onboarded there (whenever this job
  // runs: the clock may have moved meanwhile), its first monitoring read due exactly an interval later.
  if (carrier.testClockId && !(await clockTime(ctx, carrier.testClockId))) return; // its clock was deleted meanwhile
  const onClock = carrier.testClockId ? carrier.createdAt : null;
  await inTransaction(onClock ? atTime(ctx, onClock) : ctx, async (tx) => {
    const c = await lockOne(tx.em, Carrier, { id });
    if (!c || !carrierLifecycle.allows('pass_vetting', c.status)) return;
    const now = tx.clock.now();
    // The MC number the broker was given, against the registry's docket for the DOT number.
    const result = vetCarrier(record, now, { mcNumber: c.mcNumber });
    const t = carrierLifecycle.assert(result.passed ? 'pass_vetting' : 'fail_vetting', c.status);
    c.vetting = {
      passed: result.passed,
      reasons: result.reasons,
      vetted_at: unixSeconds(now),
      record: record ? snapshot(record, registry.name) : null,
    };
    c.saferPullStatus = 'completed';
    c.status = t.to;
    // The vetting read is the first: monitoring reads an active carrier again an interval later.
    c.monitorLastCheckedAt = now;
    c.monitorFailures = 0;
    c.monitorNextCheckAt = t.to === 'active' ? nextCheckAt(now, interval, onClock ? 0.5 : Math.random()) : null;
    if (record) {
      c.legalName = record.legalName;
      c.mcNumber ??= record.mcNumber;
      // The registry's dates fill what the broker has not set.
      c.insuranceExpiresOn ??= record.insuranceExpiresOn;
      c.bondExpiresOn ??= record.bondExpiresOn;
      c.processAgentExpiresOn ??= record.processAgentExpiresOn;
    }
    c.updatedAt = now;
    if ('event' in t) await emitEvent(tx, t.event, renderCarrier(c), { accountId: c.accountId, now });
    await tx.em.flush();
  });
}

/** Vetting gave up on an unreachable registry: a carrier still waiting shows safer_pull_status failed (carrier.updated). */
export async function vettingGaveUp(ctx: Context, id: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const carrier = await lockOne(tx.em, Carrier, { id });
    if (!carrier || carrier.status !== 'pending_vetting' || carrier.saferPullStatus === 'failed') return;
    const now = tx.clock.now();
    const before = structuredClone(renderCarrier(carrier));
    carrier.saferPullStatus = 'failed';
    carrier.updatedAt = now;
    await emitUpdated(tx, 'carrier.updated', before, renderCarrier(carrier), { accountId: carrier.accountId, now });
    await tx.em.flush();
  });
}

export function vettingJob(deps: { context: () => Context; registry: RegistryProvider; monitorIntervalMs?: number }): JobHandler {
  const interval = deps.monitorIntervalMs ?? DEFAULT_MONITOR_INTERVAL_MS;
  const setPullStatus = (id: string, status: S['SaferPullStatus']) => {
    const ctx = deps.context();
    return ctx.em.nativeUpdate(Carrier, { id, status: 'pending_vetting' }, { saferPullStatus: status, updatedAt: ctx.clock.now() });
  };
  return {
    backoffMs: (attempt) => VETTING_BACKOFF_MS[attempt - 1] ?? VETTING_BACKOFF_MS.at(-1)!,
    async run(job: Job) {
      const id = job.subjectId as string;
      const carrier = await deps.context().em.findOne(Carrier, { id });
      if (!carrier || !carrierLifecycle.allows('pass_vetting', carrier.status)) return; // suspended or vetted meanwhile: nothing to judge
      await setPullStatus(id, 'in_progress');
      await vetCarrierNow(deps.context(), id, deps.registry, interval); // throws RegistryUnavailableError: retried
    },
    async onFailed(job: Job) {
      // The registry stayed unreachable through every retry (RegistryUnavailableError): the carrier
      // stays pending_vetting with safer_pull_status failed, visibly, and carrier.updated says so.
      await vettingGaveUp(deps.context(), job.subjectId as string);
    },
  };
}
