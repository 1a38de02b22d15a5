// The audit log: privileged actions recorded in the caller's transaction, append-only, each also
// announced as an `audit.privileged_action` event; and the log read back (audit:read).
import type { components, operations } from '../../generated/openapi.js';
import { unixSeconds } from '../shared/clock.js';
import { backgroundContext, DEFAULT_SIGN_IN_POLICY, type Context, type RequestContext } from '../shared/context.js';
import type { Clock } from '../shared/clock.js';
import { createLogger } from '../shared/logger.js';
import type { EntityManager } from '@mikro-orm/sql';
import { CURRENT_VERSION } from '../shared/versions.js';
import { ownedFinder } from '../shared/find.js';
import { newId } from '../shared/ids.js';
import { createdRange, listPage, type Page } from '../shared/pagination.js';
import { emitEvent } from '../webhooks/emitter.js';
import { AuditLog } from './audit.entities.js';
import { livemodeOf } from '../shared/livemode.js';

type S = components['schemas'];

/** The spec's list of privileged actions (`AuditAction`): a new one is added there first. */
export type AuditAction = S['AuditAction'];

/** The audit actor of what the platform does by itself. */
export const SYSTEM_ACTOR = 'system';

/**
 * Background work acting for `accountId`, as the audit log records it: by `system`, with no request
 * (the entry and its event carry a null request id).
 */
export const asSystem = (ctx: Context, accountId: string): RequestContext => ({
  ...ctx,
  requestId: null as unknown as string,
  principal: { accountId, actorId: SYSTEM_ACTOR, kind: 'api_key', scopes: new Set(), apiVersion: CURRENT_VERSION },
});

/** The entry as the API and the `audit.privileged_action` event render it (the same object). */
export function renderAuditLog(entry: AuditLog): S['AuditLog'] {
  return {
    id: entry.id,
    object: 'audit_log' as const,
    livemode: livemodeOf(entry.accountId),
    actor: entry.actor,
    action: entry.action as AuditAction,
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

/**
 * Records `action` on `target` by `system` in `em`'s transaction, for a change an operator made on
 * the server's command line (`npm run keys`, `npm run users`), outside any request: no request id,
 * no address.
 */
export function recordCommandLineAudit(em: EntityManager, clock: Clock, accountId: string, action: AuditAction, target: string, now: Date): Promise<AuditLog> {
  const ctx = backgroundContext({ em, clock, log: createLogger('silent'), settings: { production: false, signIn: DEFAULT_SIGN_IN_POLICY } });
  return recordAudit(asSystem(ctx, accountId), action, target, { now });
}

export const findAuditLog = ownedFinder(AuditLog, 'audit log entry', 'audit_log_id');

export function listAuditLogs(ctx: RequestContext, query: NonNullable<operations['listAuditLogs']['parameters']['query']>): Promise<Page<AuditLog>> {
  const where = {
    ...(query.actor ? { actor: query.actor } : {}),
    ...(query.action ? { action: query.action } : {}),
    ...(query.target ? { target: query.target } : {}),
    ...createdRange(query.created),
  };
  return listPage(ctx.em, AuditLog, ctx.principal.accountId, where, query);
}
