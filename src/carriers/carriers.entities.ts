import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { components } from '../../generated/openapi.js';

type S = components['schemas'];

export const Carrier = defineEntity({
  name: 'Carrier',
  tableName: 'carriers',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    status: p.string().$type<S['CarrierStatus']>(),
    saferPullStatus: p.string().$type<S['SaferPullStatus']>(),
    dotNumber: p.string(),
    mcNumber: p.string().nullable(),
    legalName: p.string().nullable(),
    contactName: p.string(),
    contactEmail: p.string(),
    phone: p.string(),
    /** The last vetting, with the snapshot of the record it judged (API shape). */
    vetting: p.json<S['CarrierVetting']>().nullable(),
    insuranceExpiresOn: p.string().nullable(),
    bondExpiresOn: p.string().nullable(),
    processAgentExpiresOn: p.string().nullable(),
    suspensionReason: p.string().nullable(),
    suspendedAt: p.datetime().nullable(),
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
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type ComplianceAlert = InferEntity<typeof ComplianceAlert>;
