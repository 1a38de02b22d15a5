// The audit log: privileged actions recorded in the caller's transaction, append-only, each also
// announced as an `audit.privileged_action` event.
import type { EventPayloads } from '../../generated/events.js';
import { unixSeconds } from '../shared/clock.js';
import type { RequestContext } from '../shared/context.js';
import { newId } from '../shared/ids.js';
import { emitEvent } from '../webhooks/emitter.js';
import { AuditLog } from './audit.entities.js';

export type AuditAction =
  | 'api_key.created'
  | 'api_key.revoked'
  | 'oauth_client.created'
  | 'oauth_client.revoked'
  | 'user.created'
  | 'user.updated'
  | 'user.deleted'
  | 'carrier.revetted';

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

/**
 * Records `action` on `target` by the caller, inside the context's transaction (it commits, or not,
 * with the action itself). `now` is the action's own time, so the entry and its event match it.
 */
export async function recordAudit(ctx: RequestContext, action: AuditAction, target: string, options: { now?: Date } = {}): Promise<AuditLog> {
  const now = options.now ?? ctx.clock.now();
  const entry = ctx.em.create(AuditLog, {
    id: newId('auditLog', now.getTime()),
    accountId: ctx.principal.accountId,
    actor: ctx.principal.actorId,
    action,
    target,
    requestId: ctx.requestId,
    ip: ctx.ip,
    createdAt: now,
  });
  ctx.em.persist(entry);
  await emitEvent(ctx, 'audit.privileged_action', renderAuditLog(entry), { now });
  return entry;
}
