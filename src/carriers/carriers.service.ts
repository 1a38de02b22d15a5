// Carriers: onboarding, asynchronous vetting against the federal record, suspension and reinstatement.
import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/sql';
import type { components, operations } from '../../generated/openapi.js';
import type { Principal } from '../auth/auth.service.js';
import { unixOrNull, unixSeconds, type Clock } from '../shared/clock.js';
import { newId } from '../shared/ids.js';
import { mergeMetadata } from '../shared/metadata.js';
import { listPage, type Page } from '../shared/pagination.js';
import { ApiError, notFound } from '../http/errors.js';
import { emitEvent } from '../webhooks/emitter.js';
import { enqueueJob, type JobHandler } from '../jobs/runner.js';
import type { Job } from '../jobs/jobs.entities.js';
import { Carrier } from './carriers.entities.js';
import { vetCarrier, type CarrierRecord, type RegistryProvider } from './registry/index.js';

type S = components['schemas'];

export const VET_CARRIER_JOB = 'carrier.vet';
/** Attempts of the vetting job; each look-up already retries inside the registry client. */
export const VETTING_ATTEMPTS = 3;

// ---------- state machine ----------

/** Which statuses each carrier action is allowed from, and where it leads. */
export const CARRIER_TRANSITIONS = {
  suspend: { from: ['active'], to: 'suspended' },
  reinstate: { from: ['suspended'], to: 'pending_vetting' },
} as const satisfies Record<string, { from: readonly S['CarrierStatus'][]; to: S['CarrierStatus'] }>;

function assertCarrierTransition(action: keyof typeof CARRIER_TRANSITIONS, carrier: Carrier): void {
  const t = CARRIER_TRANSITIONS[action];
  if (!(t.from as readonly string[]).includes(carrier.status)) {
    throw new ApiError(
      'conflict_error',
      'invalid_state_transition',
      `A carrier in status ${carrier.status} cannot be ${action === 'suspend' ? 'suspended' : 'reinstated'}; allowed from ${t.from.join(' or ')}.`,
    );
  }
}

// ---------- rendering and look-ups ----------

export function renderCarrier(c: Carrier): S['Carrier'] {
  return {
    id: c.id,
    object: 'carrier',
    status: c.status,
    safer_pull_status: c.saferPullStatus,
    dot_number: c.dotNumber,
    mc_number: c.mcNumber ?? null,
    legal_name: c.legalName ?? null,
    contact_name: c.contactName,
    contact_email: c.contactEmail,
    phone: c.phone,
    vetting: c.vetting ?? null,
    insurance_expires_on: c.insuranceExpiresOn ?? null,
    bond_expires_on: c.bondExpiresOn ?? null,
    process_agent_expires_on: c.processAgentExpiresOn ?? null,
    suspension_reason: c.suspensionReason ?? null,
    suspended_at: unixOrNull(c.suspendedAt),
    metadata: c.metadata,
    created: unixSeconds(c.createdAt),
    updated: unixSeconds(c.updatedAt),
  };
}

export async function findCarrier(
  em: EntityManager,
  accountId: string,
  id: string,
  options: { forUpdate?: boolean; param?: string } = {},
): Promise<Carrier> {
  const carrier = await em.findOne(Carrier, { id, accountId }, options.forUpdate ? { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } : {});
  if (!carrier) throw notFound('carrier', id, options.param ?? 'carrier_id');
  return carrier;
}

export function listCarriers(
  em: EntityManager,
  who: Principal,
  query: NonNullable<operations['listCarriers']['parameters']['query']>,
): Promise<Page<S['Carrier']>> {
  return listPage(em, Carrier, query.status ? { status: query.status } : {}, { accountId: who.accountId, limit: query.limit, cursor: query.cursor }, renderCarrier);
}

// ---------- onboarding, edits, suspension ----------

const queueVetting = (em: EntityManager, carrier: Carrier, now: Date) =>
  enqueueJob(em, { kind: VET_CARRIER_JOB, subjectId: carrier.id, runAt: now, maxAttempts: VETTING_ATTEMPTS });

export async function createCarrier(em: EntityManager, who: Principal, input: S['CarrierCreate'], ctx: { clock: Clock; requestId: string }): Promise<Carrier> {
  try {
    return await em.transactional(async (tem) => {
      if (await tem.count(Carrier, { accountId: who.accountId, dotNumber: input.dot_number })) throw duplicate(input.dot_number);
      const now = ctx.clock.now();
      const carrier = tem.create(Carrier, {
        id: newId('carrier', now.getTime()),
        accountId: who.accountId,
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
        metadata: input.metadata ?? {},
        createdAt: now,
        updatedAt: now,
      });
      tem.persist(carrier);
      await emitEvent(tem, 'carrier.onboarded', renderCarrier(carrier), { accountId: who.accountId, requestId: ctx.requestId, now });
      await queueVetting(tem, carrier, now);
      await tem.flush();
      return carrier;
    });
  } catch (err) {
    // Two concurrent onboardings of one DOT number: the unique index decides.
    if (err instanceof UniqueConstraintViolationException) throw duplicate(input.dot_number);
    throw err;
  }
}

const duplicate = (dot: string) =>
  new ApiError('conflict_error', 'duplicate_carrier', `A carrier with DOT number ${dot} is already onboarded in this account.`, { param: 'dot_number' });

export async function updateCarrier(em: EntityManager, who: Principal, id: string, input: S['CarrierUpdate'], clock: Clock): Promise<Carrier> {
  return em.transactional(async (tem) => {
    const carrier = await findCarrier(tem, who.accountId, id, { forUpdate: true });
    if (input.contact_name !== undefined) carrier.contactName = input.contact_name;
    if (input.contact_email !== undefined) carrier.contactEmail = input.contact_email;
    if (input.phone !== undefined) carrier.phone = input.phone;
    if (input.insurance_expires_on !== undefined) carrier.insuranceExpiresOn = input.insurance_expires_on;
    if (input.bond_expires_on !== undefined) carrier.bondExpiresOn = input.bond_expires_on;
    if (input.process_agent_expires_on !== undefined) carrier.processAgentExpiresOn = input.process_agent_expires_on;
    if (input.metadata !== undefined) carrier.metadata = mergeMetadata(carrier.metadata, input.metadata);
    carrier.updatedAt = clock.now();
    await tem.flush();
    return carrier;
  });
}

/** Suspends an active carrier and fires carrier.suspended (used by the API and the compliance scan). */
export async function suspend(em: EntityManager, carrier: Carrier, reason: string, ctx: { now: Date; requestId: string | null }): Promise<void> {
  assertCarrierTransition('suspend', carrier);
  carrier.status = 'suspended';
  carrier.suspensionReason = reason;
  carrier.suspendedAt = ctx.now;
  carrier.updatedAt = ctx.now;
  await emitEvent(em, 'carrier.suspended', renderCarrier(carrier), { accountId: carrier.accountId, requestId: ctx.requestId, now: ctx.now });
}

export async function suspendCarrier(em: EntityManager, who: Principal, id: string, reason: string, ctx: { clock: Clock; requestId: string }): Promise<Carrier> {
  return em.transactional(async (tem) => {
    const carrier = await findCarrier(tem, who.accountId, id, { forUpdate: true });
    await suspend(tem, carrier, reason, { now: ctx.clock.now(), requestId: ctx.requestId });
    await tem.flush();
    return carrier;
  });
}

export async function reinstateCarrier(em: EntityManager, who: Principal, id: string, clock: Clock): Promise<Carrier> {
  return em.transactional(async (tem) => {
    const carrier = await findCarrier(tem, who.accountId, id, { forUpdate: true });
    assertCarrierTransition('reinstate', carrier);
    const now = clock.now();
    carrier.status = 'pending_vetting';
    carrier.saferPullStatus = 'queued';
    carrier.suspensionReason = null;
    carrier.suspendedAt = null;
    carrier.updatedAt = now;
    await queueVetting(tem, carrier, now);
    await tem.flush();
    return carrier;
  });
}

// ---------- vetting (a background job) ----------

function snapshot(record: CarrierRecord, provider: string): S['RegistrySnapshot'] {
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
    retrieved_at: unixSeconds(record.retrievedAt),
  };
}

/** The vetting job: queued -> in_progress, look-up outside any transaction, then active or rejected. */
export function vettingJob(deps: { em: () => EntityManager; registry: RegistryProvider; clock: Clock }): JobHandler {
  const setPullStatus = (id: string, status: S['SaferPullStatus']) =>
    deps.em().nativeUpdate(Carrier, { id, status: 'pending_vetting' }, { saferPullStatus: status, updatedAt: deps.clock.now() });
  return {
    backoffMs: (attempt) => [10_000, 60_000, 300_000][attempt - 1] ?? 300_000,
    async run(job: Job) {
      const id = job.subjectId as string;
      const carrier = await deps.em().findOne(Carrier, { id });
      if (!carrier || carrier.status !== 'pending_vetting') return; // reinstated/suspended meanwhile: nothing to judge
      await setPullStatus(id, 'in_progress');
      const record = await deps.registry.findByDot(carrier.dotNumber); // throws RegistryUnavailableError: retried
      await deps.em().transactional(async (tem) => {
        const c = await tem.findOne(Carrier, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
        if (!c || c.status !== 'pending_vetting') return;
        const now = deps.clock.now();
        const result = vetCarrier(record, now);
        c.vetting = {
          passed: result.passed,
          reasons: result.reasons,
          vetted_at: unixSeconds(now),
          record: record ? snapshot(record, deps.registry.name) : null,
        };
        c.saferPullStatus = 'completed';
        c.status = result.passed ? 'active' : 'rejected';
        if (record) {
          c.legalName = record.legalName;
          c.mcNumber ??= record.mcNumber;
          // The registry's dates fill what the broker has not set.
          c.insuranceExpiresOn ??= record.insuranceExpiresOn;
          c.bondExpiresOn ??= record.bondExpiresOn;
          c.processAgentExpiresOn ??= record.processAgentExpiresOn;
        }
        c.updatedAt = now;
        if (result.passed) await emitEvent(tem, 'carrier.vetted', renderCarrier(c), { accountId: c.accountId, requestId: null, now });
        await tem.flush();
      });
    },
    async onFailed(job: Job) {
      // The registry stayed unreachable through every retry (RegistryUnavailableError): the carrier
      // stays pending_vetting with safer_pull_status failed, visibly.
      await setPullStatus(job.subjectId as string, 'failed');
    },
  };
}
