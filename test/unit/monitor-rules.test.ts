// What a registry read finds and what changed since the read before (src/carriers/monitor.rules.ts).
import { describe, expect, it } from 'vitest';
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
  type RecordSnapshot,
} from '../../src/carriers/monitor.rules.js';
import type { CarrierRecord } from '../../src/carriers/registry/types.js';
import { passingRecord } from '../support/registry-records.js';

const NOW = new Date('2026-11-26T12:00:00.000Z');
const good: CarrierRecord = passingRecord(NOW, { phone: '+16025550117', email: 'a@b.example', physicalAddress: '1 MAIN ST, AUSTIN, TX 78701' });
const snap = (over: Partial<RecordSnapshot> = {}): RecordSnapshot => ({
  provider: 'local',
  legal_name: 'GOOD HAULERS LLC',
  dot_number: '1234567',
  mc_number: null,
  allowed_to_operate: true,
  common_authority: 'active',
  contract_authority: 'none',
  bipd_insurance_on_file_usd: 1_000_000,
  bipd_insurance_required_usd: 750_000,
  safety_rating: 'satisfactory',
  out_of_service_date: null,
  phone: '+16025550117',
  email: 'a@b.example',
  physical_address: '1 MAIN ST, AUSTIN, TX 78701',
  retrieved_at: 1,
  ...over,
});

describe('findingsOf', () => {
  it('finds nothing in a good record, and each rule by its name', () => {
    expect(findingsOf(good, NOW)).toEqual([]);
    expect(findingsOf({ ...good, allowedToOperate: false }, NOW)).toEqual(['authority_revoked']);
    expect(findingsOf({ ...good, commonAuthority: 'inactive' }, NOW)).toEqual(['authority_revoked']);
    expect(findingsOf({ ...good, bipdInsuranceOnFileUsd: 0 }, NOW)).toEqual(['insurance_cancelled']);
    expect(findingsOf({ ...good, safetyRating: 'unsatisfactory' }, NOW)).toEqual(['unsatisfactory_rating']);
    expect(findingsOf({ ...good, outOfServiceDate: '2026-11-26' }, NOW)).toEqual(['out_of_service']);
    expect(findingsOf({ ...good, outOfServiceDate: '2026-11-27' }, NOW)).toEqual([]);
    expect(findingsOf(null, NOW)).toEqual(['registry_record_missing']);
    expect(findingsOfVetting(['not_authorized', 'not_found'])).toEqual(['authority_revoked', 'registry_record_missing']);
  });
});

describe('changesBetween', () => {
  it('lists the fields that differ, identity first, and nothing without a previous read', () => {
    expect(changesBetween(snap(), snap({ retrieved_at: 2, provider: 'qcmobile' }))).toEqual([]);
    expect(changesBetween(snap({ mc_number: '918274' }), snap({ phone: '+13055550199', safety_rating: 'conditional', mc_number: '123' }))).toEqual([
      { field: 'mc_number', previous: '918274', current: '123' },
      { field: 'phone', previous: '+16025550117', current: '+13055550199' },
      { field: 'safety_rating', previous: 'satisfactory', current: 'conditional' },
    ]);
    // A docket the registry did not say, before or after, is not a change (its look-up is best effort).
    expect(changesBetween(snap(), snap({ mc_number: '123' }))).toEqual([]);
    expect(changesBetween(snap({ mc_number: '123' }), snap())).toEqual([]);
    expect(changesBetween(undefined, snap())).toEqual([]);
  });
  it('does not compare a field the previous record did not carry; null to a value is a change', () => {
    const { phone: _p, email: _e, ...old } = snap();
    expect(changesBetween(old as RecordSnapshot, snap({ phone: '+1999', email: 'x@y.example' }))).toEqual([]);
    expect(changesBetween(snap({ email: null }), snap())).toEqual([{ field: 'email', previous: null, current: 'a@b.example' }]);
  });
  it('says when the record appeared or disappeared', () => {
    expect(changesBetween(snap(), null)).toEqual([{ field: 'record', previous: 'present', current: null }]);
    expect(changesBetween(null, snap())).toEqual([{ field: 'record', previous: null, current: 'present' }]);
    expect(changesBetween(null, null)).toEqual([]);
  });
  it('picks the identity changes', () => {
    const changes = changesBetween(snap(), snap({ legal_name: 'NEW LLC', physical_address: '2 ELM', safety_rating: 'conditional' }));
    expect(identityChanges(changes).map((c) => c.field)).toEqual(['legal_name', 'physical_address']);
    const docket = changesBetween(snap({ mc_number: '918274' }), snap({ mc_number: '801734' }));
    expect(identityChanges(docket)).toEqual([{ field: 'mc_number', previous: '918274', current: '801734' }]);
  });
});

describe('the rest', () => {
  it('differences, reasons and summaries', () => {
    expect(without(['authority_revoked', 'out_of_service'], ['out_of_service'])).toEqual(['authority_revoked']);
    expect(monitoringSuspensionReason(['authority_revoked', 'insurance_cancelled'])).toBe('Registry monitoring found: authority revoked, insurance cancelled.');
    expect(summaryOf('identity_changed', [{ field: 'physical_address', previous: 'a', current: 'b' }, { field: 'phone', previous: 'a', current: 'b' }])).toBe(
      'The registered physical address, phone changed.',
    );
    for (const kind of ['authority_revoked', 'out_of_service', 'insurance_cancelled', 'unsatisfactory_rating', 'registry_record_missing'] as const) {
      expect(summaryOf(kind, [])).toMatch(/^The registry/);
    }
  });
  it('schedules the next read an interval later within a tenth either way, and backs off failures up to the interval', () => {
    const day = 86_400_000;
    expect(nextCheckAt(NOW, day, 0.5).getTime()).toBe(NOW.getTime() + day);
    expect(nextCheckAt(NOW, day, 0).getTime()).toBe(NOW.getTime() + day * 0.9);
    expect(nextCheckAt(NOW, day, 0.999999).getTime()).toBeLessThanOrEqual(NOW.getTime() + day * 1.1);
    expect([1, 2, 3, 4].map((n) => retryAfterFailureMs(n, day))).toEqual([300_000, 600_000, 1_200_000, 2_400_000]);
    expect(retryAfterFailureMs(20, day)).toBe(day);
    expect(retryAfterFailureMs(1, 60_000)).toBe(60_000);
  });
});
