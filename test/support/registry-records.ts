// A registry record that passes every vetting check (and so has no monitoring finding), read at `at`.
import type { CarrierRecord } from '../../src/carriers/registry/types.js';

export const passingRecord = (at: Date, over: Partial<CarrierRecord> = {}): CarrierRecord => ({
  dotNumber: '1234567',
  mcNumber: '654321',
  legalName: 'Good Haulers LLC',
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
  insuranceExpiresOn: null,
  bondExpiresOn: null,
  processAgentExpiresOn: null,
  phone: null,
  email: null,
  physicalAddress: null,
  retrievedAt: at,
  ...over,
});
