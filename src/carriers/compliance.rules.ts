// The compliance scan's rules, apart from the database work (compliance.service.ts runs them): which
// carriers are scanned, which of their filings have lapsed on a given day, which lapse suspends, and
// the suspension reason it records.
import type { components } from '../../generated/openapi.js';

type S = components['schemas'];

export type ComplianceField = 'insuranceExpiresOn' | 'bondExpiresOn' | 'processAgentExpiresOn';

export interface ComplianceItem {
  kind: S['ComplianceAlertKind'];
  field: ComplianceField;
  /** Whether its lapse suspends an active carrier. */
  suspends: boolean;
}

/** The compliance items watched on a carrier, and what a lapse does (API-DESIGN, "Compliance alert"). */
export const COMPLIANCE_ITEMS: readonly ComplianceItem[] = [
  { kind: 'insurance_certificate', field: 'insuranceExpiresOn', suspends: true },
  { kind: 'bond', field: 'bondExpiresOn', suspends: false },
  { kind: 'process_agent', field: 'processAgentExpiresOn', suspends: false },
];

/** Carriers in these statuses are scanned (a pending, rejected or offboarded one has nothing to watch). */
export const SCANNED_STATUSES: readonly S['CarrierStatus'][] = ['active', 'suspended'];

/** The UTC calendar day (`YYYY-MM-DD`) of `now`: a filing expiring on a day is valid through that day. */
export const calendarDay = (now: Date): string => now.toISOString().slice(0, 10);

/** The query for carriers that may have a lapse on `day` (any watched date before it). */
export function lapsedCandidatesWhere(day: string) {
  return {
    status: { $in: [...SCANNED_STATUSES] },
    $or: COMPLIANCE_ITEMS.map((i) => ({ [i.field]: { $lt: day } })),
  };
}

export interface Lapse {
  item: ComplianceItem;
  expiredOn: string;
}

/** The items of `carrier` that lapsed before `day`, in COMPLIANCE_ITEMS order. */
export function lapses(carrier: Readonly<Record<ComplianceField, string | null | undefined>>, day: string): Lapse[] {
  const out: Lapse[] = [];
  for (const item of COMPLIANCE_ITEMS) {
    const expiredOn = carrier[item.field];
    if (expiredOn && expiredOn < day) out.push({ item, expiredOn });
  }
  return out;
}

/** Whether a lapse of `item` suspends a carrier in `status` (only an active carrier is suspended). */
export const suspendsCarrier = (item: ComplianceItem, status: string): boolean => item.suspends && status === 'active';

/** The suspension reason recorded on the carrier: "insurance certificate lapsed on 2026-01-31". */
export const suspensionReason = (lapse: Lapse): string => `${lapse.item.kind.replaceAll('_', ' ')} lapsed on ${lapse.expiredOn}`;
