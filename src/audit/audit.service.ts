// The audit log: privileged actions recorded in the caller's transaction, append-only, each also
// announced as an `audit.privileged_action` event.
import type { EntityManager } from '@mikro-orm/sql';
import { newId } from '../shared/ids.js';
import { unixSeconds } from '../shared/clock.js';
import { emitEvent } from '../webhooks/emitter.js';
import type { EventPayloads } from '../../generated/events.js';
import { AuditLog } from './audit.entities.js';

export type AuditAction = 'api_key.created' | 'api_key.revoked' | 'oauth_client.created' | 'oauth_client.revoked';

export interface AuditContext {
  accountId: string;
  actor: string;
  requestId: string | null;
  ip: string | null;
  now: Date;
}

export function renderAuditLog(entry: AuditLog): EventPayloads['audit.privileged_action'] {
  return {
    id: entry.id,
    object: 'audit_log' as const,
    actor: entry.actor,
    action: entry.action,
    target: entry.target,
    request_id: entry.requestId ?? null,
    ip: entry.ip ?? null,
    created: unixSeconds(entry.createdAt),
  };
}

/** Records `action` on `target` inside `em`'s transaction (it commits, or not, with the action itself). */
export async function recordAudit(em: EntityManager, action: AuditAction, target: string, ctx: AuditContext): Promise<AuditLog> {
  const entry = em.create(AuditLog, {
    id: newId('auditLog', ctx.now.getTime()),
    accountId: ctx.accountId,
    actor: ctx.actor,
    action,
    target,
    requestId: ctx.requestId,
    ip: ctx.ip,
    createdAt: ctx.now,
  });
  em.persist(entry);
  await emitEvent(em, 'audit.privileged_action', renderAuditLog(entry), { accountId: ctx.accountId, requestId: ctx.requestId, now: ctx.now });
  return entry;
}
