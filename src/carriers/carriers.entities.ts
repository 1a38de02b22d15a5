import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { components } from '../../generated/openapi.js';

type S = components['schemas'];
/** The answer's `CarrierVetting` keeps `reasons` open (new reasons may be added); what is stored holds the known ones. */
type StoredVetting = Omit<S['CarrierVetting'], 'reasons'> & { reasons: S['VettingReason'][] };

export const Carrier = defineEntity({
  name: 'Carrier',
  tableName: 'carriers',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    /** The test clock it lives on (test mode); null for none. */
    testClockId: p.string().nullable(),
    status: p.string().$type<S['CarrierStatus']>(),
    saferPullStatus: p.string().$type<S['SaferPullStatus']>(),
    dotNumber: p.string(),
    mcNumber: p.string().nullable(),
    legalName: p.string().nullable(),
    contactName: p.string(),
    contactEmail: p.string(),
    phone: p.string(),
    /** The last vetting, with the snapshot of the record it judged (API shape; its reasons the ones this build knows). */
    vetting: p.json<StoredVetting>().nullable(),
    insuranceExpiresOn: p.string().nullable(),
    bondExpiresOn: p.string().nullable(),
    processAgentExpiresOn: p.string().nullable(),
    suspensionReason: p.string().nullable(),
    suspendedAt: p.datetime().nullable(),
    /** Monitoring against the registry (monitor.service.ts): the last read, the next, the last change seen, failed reads in a row. */
    monitorLastCheckedAt: p.datetime().nullable(),
    monitorNextCheckAt: p.datetime().nullable(),
    monitorLastChangeAt: p.datetime().nullable(),
    monitorFailures: p.integer(),
    metadata: p.json<Record<string, string>>(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type Carrier = InferEntity<typeof Carrier>;

export const ComplianceAlert = defineEntity({
  name: 'ComplianceAlert',
  tableName: 'compliance_alerts',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    carrierId: p.string(),
    kind: p.string().$type<S['ComplianceAlertKind']>(),
    expiredOn: p.string(),
    status: p.string().$type<S['ComplianceAlertStatus']>(),
    resolutionNote: p.string().nullable(),
    resolvedAt: p.datetime().nullable(),
    /** What a registry read found (monitoring kinds); null for lapses. */
    details: p.json<NonNullable<S['ComplianceAlert']['details']>>().nullable(),
    /** When a later read no longer found it. */
    clearedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type ComplianceAlert = InferEntity<typeof ComplianceAlert>;

/** One read of the registry for a carrier, with what changed since the read before and what it found. */
export const CarrierRegistrySnapshot = defineEntity({
  name: 'CarrierRegistrySnapshot',
  tableName: 'carrier_registry_snapshots',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    carrierId: p.string(),
    provider: p.string(),
    record: p.json<S['RegistrySnapshot']>().nullable(),
    changes: p.json<S['RegistryChange'][]>(),
    findings: p.json<S['MonitoringFinding'][]>(),
    newFindings: p.json<S['MonitoringFinding'][]>(),
    clearedFindings: p.json<S['MonitoringFinding'][]>(),
    alertIds: p.json<string[]>(),
    suspended: p.boolean(),
    createdAt: p.datetime(),
  },
});
export type CarrierRegistrySnapshot = InferEntity<typeof CarrierRegistrySnapshot>;
