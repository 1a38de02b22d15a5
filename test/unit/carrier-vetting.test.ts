// Carrier vetting as API-DESIGN states the broker's checks: allowed to operate, common or contract
// authority active, BIPD insurance on file >= the required amount (the federal minimum of $750,000,
// 49 CFR 387.9, when the registry gives none), safety rating not Unsatisfactory, no out-of-service order
// in effect. Every failing check is reported, in that order; an unknown carrier fails with not_found.
import { describe, expect, it } from 'vitest';
import { FEDERAL_MINIMUM_BIPD_USD, VETTING_RULES, vetCarrier } from '../../src/carriers/registry/checks.js';
import type { CarrierRecord } from '../../src/carriers/registry/types.js';
import { passingRecord } from '../support/registry-records.js';

const NOW = new Date('2026-03-10T15:00:00.000Z');

const good: CarrierRecord = passingRecord(NOW);
const vet = (change: Partial<CarrierRecord>, now = NOW) => vetCarrier({ ...good, ...change }, now);
const passes = { passed: true, reasons: [] };

describe('vetCarrier', () => {
  it('passes a carrier that meets every check', () => {
    expect(vet({})).toEqual(passes);
  });
  it('fails an unknown carrier with not_found alone', () => {
    expect(vetCarrier(null, NOW)).toEqual({ passed: false, reasons: ['not_found'] });
  });

  describe('authority', () => {
    it.each([
      ['common authority active', { commonAuthority: 'active', contractAuthority: 'none' }, true],
      ['contract authority active', { commonAuthority: 'inactive', contractAuthority: 'active' }, true],
      ['both active', { commonAuthority: 'active', contractAuthority: 'active' }, true],
      ['neither active', { commonAuthority: 'inactive', contractAuthority: 'inactive' }, false],
      ['no authority', { commonAuthority: 'none', contractAuthority: 'none' }, false],
      ['active but not allowed to operate', { allowedToOperate: false }, false],
      ['not allowed to operate, contract active', { allowedToOperate: false, commonAuthority: 'none', contractAuthority: 'active' }, false],
    ] as const)('%s: passes %s', (_, change, ok) => {
      expect(vet(change)).toEqual(ok ? passes : { passed: false, reasons: ['not_authorized'] });
    });
  });

  describe('insurance', () => {
    it.each([
      ['exactly the required amount', { bipdInsuranceOnFileUsd: 1_000_000, bipdInsuranceRequiredUsd: 1_000_000 }, true],
      ['a dollar under the required amount', { bipdInsuranceOnFileUsd: 999_999, bipdInsuranceRequiredUsd: 1_000_000 }, false],
      ['above a small required amount', { bipdInsuranceOnFileUsd: 300_000, bipdInsuranceRequiredUsd: 300_000 }, true],
      ['the federal $750,000 when none is required', { bipdInsuranceOnFileUsd: 750_000, bipdInsuranceRequiredUsd: 0 }, true],
      ['a dollar under $750,000 when none is required', { bipdInsuranceOnFileUsd: 749_999, bipdInsuranceRequiredUsd: 0 }, false],
      ['a dollar under $750,000 when the required amount is unknown (negative)', { bipdInsuranceOnFileUsd: 749_999, bipdInsuranceRequiredUsd: -1 }, false],
      ['none on file', { bipdInsuranceOnFileUsd: 0, bipdInsuranceRequiredUsd: 750_000 }, false],
      ['none on file and none required', { bipdInsuranceOnFileUsd: 0, bipdInsuranceRequiredUsd: 0 }, false],
    ] as const)('%s: passes %s', (_, change, ok) => {
      expect(vet(change)).toEqual(ok ? passes : { passed: false, reasons: ['insurance_below_minimum'] });
    });
    it('names the federal minimum of $750,000', () => {
      expect(FEDERAL_MINIMUM_BIPD_USD).toBe(750_000);
    });
  });

  describe('safety rating', () => {
    it.each([
      ['satisfactory', true],
      ['conditional', true],
      ['unrated', true],
      ['unsatisfactory', false],
    ] as const)('%s: passes %s', (safetyRating, ok) => {
      expect(vet({ safetyRating })).toEqual(ok ? passes : { passed: false, reasons: ['unsatisfactory_rating'] });
    });
  });

  describe('out of service', () => {
    it.each([
      ['none', null, true],
      ['dated tomorrow', '2026-03-11', true],
      ['dated today', '2026-03-10', false],
      ['dated yesterday', '2026-03-09', false],
      ['years ago', '2019-01-01', false],
    ] as const)('an order %s: passes %s', (_, outOfServiceDate, ok) => {
      expect(vet({ outOfServiceDate })).toEqual(ok ? passes : { passed: false, reasons: ['out_of_service'] });
    });
    it('counts the day in UTC', () => {
      expect(vet({ outOfServiceDate: '2026-03-11' }, new Date('2026-03-11T00:00:00.000Z'))).toEqual({ passed: false, reasons: ['out_of_service'] });
      expect(vet({ outOfServiceDate: '2026-03-11' }, new Date('2026-03-10T23:59:59.999Z'))).toEqual(passes);
    });
    it('compares with today when no time is given', () => {
      const today = new Date().toISOString().slice(0, 10);
      expect(vetCarrier({ ...good, outOfServiceDate: today })).toEqual({ passed: false, reasons: ['out_of_service'] });
      expect(vetCarrier({ ...good, outOfServiceDate: '2999-01-01' })).toEqual(passes);
    });
  });

  describe('MC number', () => {
    const claim = (mcNumber: string | null | undefined, record: string | null = '918274') => vetCarrier({ ...good, mcNumber: record }, NOW, mcNumber === undefined ? {} : { mcNumber });
    it.each([
      ['the docket the registry lists', '918274', true],
      ['the same docket written MC-918274', 'MC-918274', true],
      ['the same docket with leading zeros', '0918274', true],
      ["another carrier's docket", '801734', false],
      ['a docket one digit off', '918275', false],
      ['none given', null, true],
    ] as const)('%s: passes %s', (_, given, ok) => {
      expect(claim(given)).toEqual(ok ? passes : { passed: false, reasons: ['mc_number_mismatch'] });
    });
    it('passes when nothing is claimed, or the registry names no docket for the DOT number (nothing to compare)', () => {
      expect(claim(undefined)).toEqual(passes);
      expect(claim('801734', null)).toEqual(passes);
    });
    it('fails alongside the other checks, after them', () => {
      expect(vetCarrier({ ...good, mcNumber: '918274', safetyRating: 'unsatisfactory' }, NOW, { mcNumber: '801734' })).toEqual({
        passed: false,
        reasons: ['unsatisfactory_rating', 'mc_number_mismatch'],
      });
    });
  });

  it('reports every failing check, in the design’s order', () => {
    expect(
      vet({ allowedToOperate: false, bipdInsuranceOnFileUsd: 0, safetyRating: 'unsatisfactory', outOfServiceDate: '2026-01-01' }),
    ).toEqual({ passed: false, reasons: ['not_authorized', 'insurance_below_minimum', 'unsatisfactory_rating', 'out_of_service'] });
    expect(vet({ safetyRating: 'unsatisfactory', commonAuthority: 'none' })).toEqual({
      passed: false,
      reasons: ['not_authorized', 'unsatisfactory_rating'],
    });
    expect(VETTING_RULES.map((r) => r.reason)).toEqual(['not_authorized', 'insurance_below_minimum', 'unsatisfactory_rating', 'out_of_service', 'mc_number_mismatch']);
  });
});
