// The registry of test mode: built in, never the real one, keyed by DOT numbers as card numbers are in
// payment test modes. Carrier vetting and monitoring of a test account read it (registryFor), so
// nothing in test mode leaves the machine and every outcome can be produced on purpose: by the DOT
// number, or by a test helper that changes a test carrier's record (setTestRegistryChange). What a
// helper changed and how many reads a record answered are kept per test account in the database
// (test_registry_records), so every process of the service reads the same record.
import type { EntityManager } from '@mikro-orm/sql';
import type { components } from '../../../generated/openapi.js';
import { systemClock, type Clock } from '../../shared/clock.js';
import { livemodeOf } from '../../shared/livemode.js';
import { queryRows } from '../../shared/sql.js';
import { normalizeDotNumber, RegistryUnavailableError, toCalendarDate, type CarrierRecord, type RegistryProvider } from './types.js';

/** What a test helper can make the next reads of a test carrier's record say. */
export type TestRegistryChange = components['schemas']['TestRegistryChange'];

/** The test registry's DOT numbers, by what a read of them gives. Any other DOT number passes. */
export const TEST_REGISTRY_NUMBERS = {
  passes: '1000001',
  not_found: '1000002',
  authority_revoked: '1000003',
  out_of_service: '1000004',
  insurance_below_minimum: '1000005',
  registry_timeout: '1000006',
  /** Passes; every read after the first reports a new phone number and address. */
  contact_changes: '1000007',
} as const;

const DAY_MS = 86_400_000;

/** A record that passes vetting: active authority, insurance over the minimum, no order against it. */
function passing(dot: string, now: Date): CarrierRecord {
  const inAYear = toCalendarDate(new Date(now.getTime() + 365 * DAY_MS));
  return {
    dotNumber: dot,
    mcNumber: null,
    legalName: `Test Carrier ${dot} LLC`,
    dbaName: null,
    allowedToOperate: true,
    commonAuthority: 'active',
    contractAuthority: 'none',
    bipdInsuranceOnFileUsd: 1_000_000,
    bipdInsuranceRequiredUsd: 750_000,
    cargoInsuranceOnFile: true,
    bondOnFile: true,
    safetyRating: 'satisfactory',
    outOfServiceDate: null,
    insuranceExpiresOn: inAYear,
    bondExpiresOn: inAYear,
    processAgentExpiresOn: inAYear,
    phone: '+13125550100',
    email: `dispatch+${dot}@test-carrier.example`,
    physicalAddress: '100 Test Way, Chicago, IL 60601',
    retrievedAt: now,
  };
}

/** The record as a change (of a DOT number or of a helper) makes it; null: no such carrier. */
function changed(record: CarrierRecord, change: TestRegistryChange | null, contactVersion: number, now: Date): CarrierRecord | null {
  const contact = contactVersion > 0 ? { phone: `+1312555${String(1000 + (contactVersion % 9000)).padStart(4, '0')}`, physicalAddress: `${100 + contactVersion} Moved Ave, Chicago, IL 60601` } : {};
  switch (change) {
    case 'not_found':
      return null;
    case 'authority_revoked':
      return { ...record, ...contact, allowedToOperate: false, commonAuthority: 'inactive' };
    case 'out_of_service':
      return { ...record, ...contact, outOfServiceDate: toCalendarDate(new Date(now.getTime() - DAY_MS)) };
    case 'insurance_below_minimum':
      return { ...record, ...contact, bipdInsuranceOnFileUsd: 300_000 };
    case 'insurance_cancelled':
      return { ...record, ...contact, bipdInsuranceOnFileUsd: 0, cargoInsuranceOnFile: false };
    default:
      return { ...record, ...contact };
  }
}

/** What a DOT number of the test registry says before any helper changed it. */
const CHANGE_OF_NUMBER: Record<string, TestRegistryChange> = {
  [TEST_REGISTRY_NUMBERS.not_found]: 'not_found',
  [TEST_REGISTRY_NUMBERS.authority_revoked]: 'authority_revoked',
  [TEST_REGISTRY_NUMBERS.out_of_service]: 'out_of_service',
  [TEST_REGISTRY_NUMBERS.insurance_below_minimum]: 'insurance_below_minimum',
};

/** Counts a read of the record and answers what a helper changed of it. */
async function noteRead(em: EntityManager, accountId: string, dot: string, now: Date) {
  const [row] = await queryRows<{ change: TestRegistryChange | null; contact_version: number; reads: number }>(
    em,
    `insert into test_registry_records (account_id, dot_number, change, contact_version, reads, updated_at) values ($1, $2, null, 0, 1, $3)
     on conflict (account_id, dot_number) do update set reads = test_registry_records.reads + 1
     returning change, contact_version, reads`,
    [accountId, dot, now],
  );
  return row!;
}

/** What a helper changed of the record, and the reads it answered, without counting a read (`reads` as the next read will count it). */
async function peekRead(em: EntityManager, accountId: string, dot: string) {
  const [row] = await queryRows<{ change: TestRegistryChange | null; contact_version: number; reads: number }>(
    em,
    'select change, contact_version, reads + 1 as reads from test_registry_records where account_id = $1 and dot_number = $2',
    [accountId, dot],
  );
  return row ?? { change: null, contact_version: 0, reads: 1 };
}

/**
 * Makes the next reads of a test account's record of `dot` say `change` (until another change;
 * `passes` puts it back in good standing; `contact_changed` gives it a new phone and address each
 * time).
 */
export async function setTestRegistryChange(em: EntityManager, accountId: string, dot: string, change: TestRegistryChange, now: Date): Promise<void> {
  const bump = change === 'contact_changed' ? 1 : 0;
  await queryRows(
    em,
    `insert into test_registry_records (account_id, dot_number, change, contact_version, reads, updated_at) values ($1, $2, $3, $4, 0, $5)
     on conflict (account_id, dot_number) do update set change = $3, contact_version = test_registry_records.contact_version + $4, updated_at = $5`,
    [accountId, dot, change === 'contact_changed' ? null : change, bump, now],
  );
}

/** The test registry as one test account reads it (`peek`: without counting the reads). */
export function createTestRegistryProvider(accountId: string, options: { em: EntityManager; clock?: Clock; peek?: boolean }): RegistryProvider {
  const clock = options.clock ?? systemClock;
  const read = async (dot: string): Promise<CarrierRecord | null> => {
    const now = clock.now();
    if (dot === TEST_REGISTRY_NUMBERS.registry_timeout) {
      throw new RegistryUnavailableError('timeout', `test registry: DOT ${dot} simulates a registry that times out`, { provider: 'test' });
    }
    const kept = options.peek ? await peekRead(options.em, accountId, dot) : await noteRead(options.em, accountId, dot, now);
    // 1000007: a new phone and address on every read after the first.
    const contactVersion = kept.contact_version + (dot === TEST_REGISTRY_NUMBERS.contact_changes ? kept.reads - 1 : 0);
    return changed(passing(dot, now), kept.change ?? CHANGE_OF_NUMBER[dot] ?? null, contactVersion, now);
  };
  return {
    name: 'test',
    async findByDot(input: string) {
      const dot = normalizeDotNumber(input);
      return dot ? read(dot) : null;
    },
    // Test records carry no docket: a test carrier is found by its DOT number only.
    findByMc: async () => null,
  };
}

/** The registry the account's carriers are read from: the configured one in live mode, the test registry in test mode. */
export function registryFor(accountId: string, live: RegistryProvider, ctx: { em: EntityManager; clock?: Clock }): RegistryProvider {
  return livemodeOf(accountId) ? live : createTestRegistryProvider(accountId, ctx);
}
