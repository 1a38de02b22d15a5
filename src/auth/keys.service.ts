// API keys and OAuth clients managed through the API: created with scopes the caller holds (no
// escalation), pinned to a version, secrets shown once and stored hashed, revocation audited.
import type { EntityManager } from '@mikro-orm/sql';
import type { components, operations } from '../../generated/openapi.js';
import { recordAudit, type AuditAction } from '../audit/audit.service.js';
import { ApiError, notFound } from '../http/errors.js';
import { CURRENT_VERSION } from '../http/versions.js';
import { unixOrNull, unixSeconds } from '../shared/clock.js';
import { newId } from '../shared/ids.js';
import { listPage, type Page } from '../shared/pagination.js';
import { randomToken } from '../shared/tokens.js';
import { ApiKey, OAuthClient } from './auth.entities.js';
import { hashSecret, issueApiKey, type Principal } from './auth.service.js';

type S = components['schemas'];

/** What a service needs of the request: who, when, and where from (for the audit log). */
export interface ActionContext {
  who: Principal;
  now: Date;
  requestId: string;
  ip: string | null;
}

export function renderApiKey(key: ApiKey, secret?: string): S['ApiKey'] {
  return {
    id: key.id,
    object: 'api_key',
    name: key.name,
    scopes: key.scopes as S['Scope'][],
    api_version: key.apiVersion as S['ApiVersion'],
    last4: key.last4,
    ...(secret ? { secret } : {}),
    created: unixSeconds(key.createdAt),
    last_used_at: unixOrNull(key.lastUsedAt),
    revoked_at: unixOrNull(key.revokedAt),
  };
}

export function renderOAuthClient(client: OAuthClient, secret?: string): S['OAuthClient'] {
  return {
    id: client.id,
    object: 'oauth_client',
    name: client.name,
    scopes: client.scopes as S['Scope'][],
    api_version: client.apiVersion as S['ApiVersion'],
    ...(secret ? { client_secret: secret } : {}),
    created: unixSeconds(client.createdAt),
    revoked_at: unixOrNull(client.revokedAt),
  };
}

/** No escalation: a key or client gets only scopes its creator holds. */
function assertGrantable(who: Principal, scopes: string[]): void {
  const missing = scopes.filter((s) => !who.scopes.has(s));
  if (missing.length) {
    throw new ApiError('permission_error', 'insufficient_scope', `You cannot grant a scope you do not hold: ${missing.join(', ')}.`, {
      param: 'scopes',
    });
  }
}

const audit = (em: EntityManager, action: AuditAction, target: string, ctx: ActionContext) =>
  recordAudit(em, action, target, { accountId: ctx.who.accountId, actor: ctx.who.actorId, requestId: ctx.requestId, ip: ctx.ip, now: ctx.now });

// ---------- API keys ----------

export async function createKey(em: EntityManager, input: S['ApiKeyCreate'], ctx: ActionContext): Promise<{ key: ApiKey; secret: string }> {
  assertGrantable(ctx.who, input.scopes);
  return em.transactional(async (tem) => {
    const created = issueApiKey(
      tem,
      ctx.who.accountId,
      { name: input.name ?? 'default', scopes: [...new Set(input.scopes)], apiVersion: input.api_version ?? CURRENT_VERSION },
      ctx.now,
    );
    await audit(tem, 'api_key.created', created.key.id, ctx);
    return created;
  });
}

export async function findKey(em: EntityManager, accountId: string, id: string): Promise<ApiKey> {
  const key = await em.findOne(ApiKey, { id, accountId });
  if (!key) throw notFound('API key', id, 'api_key_id');
  return key;
}

export const listKeys = (em: EntityManager, who: Principal, query: operations['listApiKeys']['parameters']['query']): Promise<Page<S['ApiKey']>> =>
  listPage(em, ApiKey, {}, { accountId: who.accountId, limit: query?.limit, cursor: query?.cursor }, (k) => renderApiKey(k));

/** Revokes at once (authentication reads the key on every request). Twice is 409. A key may revoke itself. */
/** A credential cannot revoke itself: the caller would lock itself out mid-operation; use another key. */
function assertNotSelf(ctx: ActionContext, id: string): void {
  if (ctx.who.actorId === id) {
    throw new ApiError('conflict_error', 'invalid_state_transition', `The credential ${id} is the one making this request; revoke it with another key.`);
  }
}

export async function revokeKey(em: EntityManager, id: string, ctx: ActionContext): Promise<ApiKey> {
  assertNotSelf(ctx, id);
  return em.transactional(async (tem) => {
    const key = await findKey(tem, ctx.who.accountId, id);
    const revoked = await tem.nativeUpdate(ApiKey, { id, accountId: ctx.who.accountId, revokedAt: null }, { revokedAt: ctx.now });
    if (revoked === 0) throw alreadyRevoked('API key', id);
    key.revokedAt = ctx.now;
    await audit(tem, 'api_key.revoked', id, ctx);
    return key;
  });
}

const alreadyRevoked = (what: string, id: string) =>
  new ApiError('conflict_error', 'invalid_state_transition', `The ${what} ${id} is already revoked.`);

// ---------- OAuth clients ----------

export async function createClient(
  em: EntityManager,
  input: S['OAuthClientCreate'],
  ctx: ActionContext,
): Promise<{ client: OAuthClient; secret: string }> {
  assertGrantable(ctx.who, input.scopes);
  return em.transactional(async (tem) => {
    const secret = randomToken('ocs');
    const client = tem.create(OAuthClient, {
      id: newId('oauthClient', ctx.now.getTime()),
      accountId: ctx.who.accountId,
      name: input.name ?? 'default',
      secretHash: hashSecret(secret),
      scopes: [...new Set(input.scopes)],
      apiVersion: input.api_version ?? CURRENT_VERSION,
      createdAt: ctx.now,
      revokedAt: null,
    });
    tem.persist(client);
    await audit(tem, 'oauth_client.created', client.id, ctx);
    return { client, secret };
  });
}

export async function findClient(em: EntityManager, accountId: string, id: string): Promise<OAuthClient> {
  const client = await em.findOne(OAuthClient, { id, accountId });
  if (!client) throw notFound('OAuth client', id, 'oauth_client_id');
  return client;
}

export const listClients = (
  em: EntityManager,
  who: Principal,
  query: operations['listOAuthClients']['parameters']['query'],
): Promise<Page<S['OAuthClient']>> =>
  listPage(em, OAuthClient, {}, { accountId: who.accountId, limit: query?.limit, cursor: query?.cursor }, (c) => renderOAuthClient(c));

/** Revokes the client and, with it, every token it holds (authentication checks the client on every request). */
export async function revokeClient(em: EntityManager, id: string, ctx: ActionContext): Promise<OAuthClient> {
  assertNotSelf(ctx, id);
  return em.transactional(async (tem) => {
    const client = await findClient(tem, ctx.who.accountId, id);
    const revoked = await tem.nativeUpdate(OAuthClient, { id, accountId: ctx.who.accountId, revokedAt: null }, { revokedAt: ctx.now });
    if (revoked === 0) throw alreadyRevoked('OAuth client', id);
    client.revokedAt = ctx.now;
    await audit(tem, 'oauth_client.revoked', id, ctx);
    return client;
  });
}
