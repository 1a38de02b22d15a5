// What a registry read finds, and what changed since the read before it (no database, no clock):
// the rules monitoring acts on (monitor.service.ts).
import type { components } from '../../generated/openapi.js';
import { vetCarrier, type VettingReason } from './registry/checks.js';
import type { CarrierRecord } from './registry/types.js';

type S = components['schemas'];
export type Finding = S['MonitoringFinding'];
export type RecordSnapshot = S['RegistrySnapshot'];
export type Change = S['RegistryChange'];

/**
 * Each vetting reason as the monitoring finding (and alert kind) it is. A docket that differs is no
 * finding: monitoring compares the registry with itself, and a changed docket is an identity change.
 */
const FINDING_OF: Record<Exclude<VettingReason, 'mc_number_mismatch'>, Finding> = {
  not_authorized: 'authority_revoked',
  out_of_service: 'out_of_service',
  insurance_below_minimum: 'insurance_cancelled',
  unsatisfactory_rating: 'unsatisfactory_rating',
  not_found: 'registry_record_missing',
};

/** The findings of a record (null: the registry has no such carrier): the vetting rules, as of `now`. */
export function findingsOf(record: CarrierRecord | null, now: Date): Finding[] {
  return findingsOfVetting(vetCarrier(record, now).reasons);
}

/** The findings a vetting left (the baseline before the first monitoring read). */
export const findingsOfVetting = (reasons: readonly VettingReason[]): Finding[] =>
  reasons.flatMap((r) => (r === 'mc_number_mismatch' ? [] : [FINDING_OF[r]]));

/**
 * The registry's identity of a carrier: a change of any of these opens an `identity_changed` alert
 * (a docket moved to another carrier, or a new one, is how an identity is taken over).
 */
export const IDENTITY_FIELDS = ['legal_name', 'mc_number', 'phone', 'email', 'physical_address'] as const satisfies readonly (keyof RecordSnapshot)[];

/**
 * Fields a registry gives on a best-effort look-up (QCMobile reads the MC docket with a second request):
 * null there means "not said", so a change to or from null is not a change.
 */
const BEST_EFFORT: readonly string[] = ['mc_number'];

/** What a read says of itself rather than of the carrier: never compared. */
const NOT_COMPARED: readonly string[] = ['provider', 'retrieved_at'];

/**
 * What changed from `previous` to `current`. A field the previous record does not have (a record
 * read before the registry carried it) is not compared; a carrier that appeared or disappeared is
 * one `record` change. No previous read at all: nothing to compare.
 */
export function changesBetween(previous: RecordSnapshot | null | undefined, current: RecordSnapshot | null): Change[] {
  if (previous === undefined) return [];
  if (previous === null || current === null) {
    return previous === current ? [] : [{ field: 'record', previous: previous === null ? null : 'present', current: current === null ? null : 'present' }];
  }
  const changes: Change[] = [];
  // Every field of the record, its identity first.
  const fields = [...IDENTITY_FIELDS, ...Object.keys(current).filter((k) => !NOT_COMPARED.includes(k) && !(IDENTITY_FIELDS as readonly string[]).includes(k))] as (keyof RecordSnapshot)[];
  for (const field of fields) {
    if (!(field in previous)) continue;
    const before = previous[field] ?? null;
    const after = current[field] ?? null;
    if (BEST_EFFORT.includes(field) && (before === null || after === null)) continue;
    if (before !== after) changes.push({ field, previous: before, current: after });
  }
  return changes;
}

/** The changes of the carrier's identity among `changes`. */
export const identityChanges = (changes: readonly Change[]): Change[] => changes.filter((c) => (IDENTITY_FIELDS as readonly string[]).includes(c.field));

/** Findings in `a` and not in `b`, in `a`'s order. */
export const without = (a: readonly Finding[], b: readonly Finding[]): Finding[] => a.filter((f) => !b.includes(f));

/** The reason a carrier suspended by monitoring shows. */
export const monitoringSuspensionReason = (findings: readonly Finding[]): string => `Registry monitoring found: ${findings.map((f) => f.replaceAll('_', ' ')).join(', ')}.`;

/** One line saying what a monitoring alert is about. */
export function summaryOf(kind: Finding | 'identity_changed', changes: readonly Change[]): string {
  switch (kind) {
    case 'authority_revoked':
      return 'The registry shows the carrier not allowed to operate, or without active operating authority.';
    case 'out_of_service':
      return 'The registry shows an out-of-service order in effect.';
    case 'insurance_cancelled':
      return 'The registry shows BIPD insurance on file below the required amount (cancelled or reduced).';
    case 'unsatisfactory_rating':
      return 'The registry shows an Unsatisfactory safety rating.';
    case 'registry_record_missing':
      return 'The registry no longer has this carrier.';
    case 'identity_changed':
      return `The registered ${changes.map((c) => (c.field === 'mc_number' ? 'MC number' : c.field.replaceAll('_', ' '))).join(', ')} changed.`;
  }
}

/**
 * When to read a carrier next after a read at `now`: one interval later, moved by up to a tenth of
 * it either way (`jitter` in [0, 1)), so that carriers read together drift apart over the days.
 */
export const nextCheckAt = (now: Date, intervalMs: number, jitter: number): Date => new Date(now.getTime() + intervalMs + Math.round((jitter * 2 - 1) * intervalMs * 0.1));

/** After `failures` failed reads in a row: 5 minutes, doubling, never more than the interval. */
export const retryAfterFailureMs = (failures: number, intervalMs: number): number => Math.min(5 * 60_000 * 2 ** Math.max(0, failures - 1), intervalMs);
