// Carrier vetting against a registry record: broker practice, as a table of rules.
// Each rule names the reason it produces; every failing rule is reported, in table order.
import type { components } from '../../../generated/openapi.js';
import { normalizeMcNumber, toCalendarDate, type CarrierRecord } from './types.js';

/** Why vetting rejected a carrier: the specification's list (a new reason starts there). */
export type VettingReason = components['schemas']['VettingReason'];

export interface VettingResult {
  passed: boolean;
  reasons: VettingReason[];
}

/**
 * The federal minimum BIPD for a for-hire carrier of general (non-hazardous) freight in vehicles
 * of 10,001 lb or more (49 CFR 387.9): used when the registry gives no required amount.
 */
export const FEDERAL_MINIMUM_BIPD_USD = 750_000;

interface Rule {
  reason: Exclude<VettingReason, 'not_found'>;
  /** What the carrier must satisfy, for documentation and audit. */
  requirement: string;
  passes(record: CarrierRecord, today: string, claimed: Claimed): boolean;
}

/** What the broker was told of the carrier, checked against the registry. */
export interface Claimed {
  /** The MC number the carrier gave (any form `normalizeMcNumber` reads), or null when it gave none. */
  mcNumber?: string | null;
}

/** The order of this table is the order of `reasons`. */
export const VETTING_RULES: readonly Rule[] = [
  {
    reason: 'not_authorized',
    // Stryker disable next-line StringLiteral: documentation, read by no code
    requirement: 'allowed to operate, and common or contract operating authority active',
    passes: (r) =>
      r.allowedToOperate && (r.commonAuthority === 'active' || r.contractAuthority === 'active'),
  },
  {
    reason: 'insurance_below_minimum',
    // Stryker disable next-line StringLiteral: documentation, read by no code
    requirement: `BIPD insurance on file > 0 and >= the required amount (${FEDERAL_MINIMUM_BIPD_USD} USD when unknown)`,
    passes: (r) => {
      const required = r.bipdInsuranceRequiredUsd > 0 ? r.bipdInsuranceRequiredUsd : FEDERAL_MINIMUM_BIPD_USD;
      // The required amount is always positive, so `>= required` also means some insurance is on file.
      return r.bipdInsuranceOnFileUsd >= required;
    },
  },
  {
    reason: 'unsatisfactory_rating',
    // Stryker disable next-line StringLiteral: documentation, read by no code
    requirement: 'safety rating is not Unsatisfactory (Satisfactory, Conditional or unrated pass)',
    passes: (r) => r.safetyRating !== 'unsatisfactory',
  },
  {
    reason: 'out_of_service',
    // Stryker disable next-line StringLiteral: documentation, read by no code
    requirement: 'no out-of-service order in effect (an order dated today or earlier counts)',
    passes: (r, today) => r.outOfServiceDate === null || r.outOfServiceDate > today,
  },
  {
    // A docket that is not the DOT number's own is the classic sign of double brokering and identity
    // fraud: someone hauling under another carrier's authority, or another carrier's identity.
    reason: 'mc_number_mismatch',
    // Stryker disable next-line StringLiteral: documentation, read by no code
    requirement: "the MC number given is the registry's docket for the DOT number (when both are known)",
    passes: (r, _today, claimed) => {
      const given = normalizeMcNumber(claimed.mcNumber);
      return given === null || r.mcNumber === null || normalizeMcNumber(r.mcNumber) === given;
    },
  },
];

/**
 * Vet a registry record. A null record (the registry has no such carrier) fails with `not_found`
 * alone. `now` decides whether an out-of-service order is already in effect; `claimed` is what the
 * carrier said of itself (its MC number), compared with the record.
 */
export function vetCarrier(record: CarrierRecord | null, now: Date = new Date(), claimed: Claimed = {}): VettingResult {
  if (record === null) return { passed: false, reasons: ['not_found'] };
  const today = toCalendarDate(now);
  const reasons = VETTING_RULES.filter((rule) => !rule.passes(record, today, claimed)).map((rule) => rule.reason);
  return { passed: reasons.length === 0, reasons };
}
