// Registry records that pass every vetting check (and so have no monitoring finding): as a provider
// answers one, and as an entry of a local registry file (CARRIER_REGISTRY_FILE).
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

/**
 * An entry of a local registry file for DOT `dot` that passes vetting, with an identity (phone,
 * email, address) for monitoring to compare; `over` changes what a test or benchmark needs.
 */
export const registryFileEntry = (dot: string, over: Record<string, unknown> = {}): Record<string, unknown> => ({
  dotNumber: dot,
  mcNumber: null,
  legalName: `CARRIER ${dot} LLC`,
  dbaName: null,
  allowedToOperate: true,
  commonAuthority: 'active',
  contractAuthority: 'none',
  bipdInsuranceOnFileUsd: 1_000_000,
  bipdInsuranceRequiredUsd: 750_000,
  cargoInsuranceOnFile: true,
  bondOnFile: false,
  safetyRating: 'satisfactory',
  outOfServiceDate: null,
  insuranceExpiresOn: 'today+300d',
  bondExpiresOn: null,
  processAgentExpiresOn: 'today+300d',
  phone: '+16025550117',
  email: 'dispatch@carrier.example',
  physicalAddress: '4100 FISHER RD, COLUMBUS, OH 43228',
  ...over,
});
