import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** One privileged action; the table is append-only (a trigger refuses updates and deletes). */
export const AuditLog = defineEntity({
  name: 'AuditLog',
  tableName: 'audit_logs',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    /** The key (`key_`) or OAuth client (`oac_`) that acted. */
    actor: p.string(),
    action: p.string(),
    /** The id of the resource acted on. */
    target: p.string(),
    requestId: p.string().nullable(),
    ip: p.string().nullable(),
    createdAt: p.datetime(),
  },
});
export type AuditLog = InferEntity<typeof AuditLog>;
