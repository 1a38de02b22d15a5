// API keys and OAuth clients managed through the API: created with scopes the caller holds (no
// escalation) and revoked only by a credential no stronger than them (the grant rule,
// src/shared/grants.ts), pinned to a version, secrets shown once and stored hashed, each with its
// maker (it ends with its maker: users.service.ts), revocation audited.
import { LockMode } from '@mikro-orm/core';
import type { components } from '../../generated/openapi.js';
import { recordAudit } from '../audit/audit.service.js';
import { unixOrNull, unixSeconds } from '../shared/clock.js';
import { inTransaction, type Principal, type RequestContext } from '../shared/context.js';
import { errors } from '../shared/errors.js';
import { assertCanGrant, assertCanTakeAway } from '../shared/grants.js';
import { ownedFinder } from '../shared/find.js';
import { newId } from '../shared/ids.js';
import { listPage, type Page, type PageQuery } from '../shared/pagination.js';
import { randomToken } from '../shared/tokens.js';
import { CURRENT_VERSION } from '../shared/versions.js';
import { ApiKey, OAuthClient } from './auth.entities.js';
import { accountOfMode, hashSecret, issueApiKey } from './auth.service.js';
import { apiKeyLifecycle, credentialStatus, oauthClientLifecycle } from './keys.state.js';
import { livemodeOf } from '../shared/livemode.js';
import { ROLE_SCOPES, type Role } from '../users/roles.js';
import { User } from '../users/users.entities.js';

type S = components['schemas'];

export function renderApiKey(key: ApiKey, secret?: string): S['ApiKey'] {
  return {
    id: key.id,
    object: 'api_key',
    livemode: livemodeOf(key.accountId),
    name: key.name,
    scopes: key.scopes,
    api_version: key.apiVersion,
    last4: key.last4,
    ...(secret ? { secret } : {}),
    created: unixSeconds(key.createdAt),
    // A key changes once at most, when it is revoked (its use is not a change).
    updated: unixSeconds(key.revokedAt ?? key.createdAt),
    created_by: key.createdBy ?? null,
    last_used_at: unixOrNull(key.lastUsedAt),
    revoked_at: unixOrNull(key.revokedAt),
  };
}

export function renderOAuthClient(client: OAuthClient, secret?: string): S['OAuthClient'] {
  return {
    id: client.id,
    object: 'oauth_client',
    livemode: livemodeOf(client.accountId),
    name: client.name,
    scopes: client.scopes,
    api_version: client.apiVersion,
    ...(secret ? { client_secret: secret } : {}),
    created: unixSeconds(client.createdAt),
    updated: unixSeconds(client.revokedAt ?? client.createdAt),
    created_by: client.createdBy ?? null,
    revoked_at: unixOrNull(client.revokedAt),
  };
}

/** No escalation: a key or client gets only scopes its creator holds. */
const assertGrantable = (who: Pick<Principal, 'scopes'>, scopes: readonly string[]): void => assertCanGrant(who, scopes);

/** The challenge of a 401 for a bearer credential that ended while its request ran (RFC 6750, 3.1). */
const ENDED = { 'WWW-Authenticate': 'Bearer realm="api", error="invalid_token"' };

/**
 * What the caller holds now, its credential locked (FOR SHARE) until the transaction ends: a key or
 * OAuth client still not revoked, a session's user still enabled, with the scopes of their role now.
 * Ending a credential locks it (FOR UPDATE), and each one made with it down the line
 * (`endCredentialsMadeBy`), before looking for what it made: so a credential made in a transaction
 * holding this lock is either seen and revoked with its maker, or, when the maker ended first,
 * never made (401, or 403 for a role taken down). Nothing is made with a credential while it ends.
 */
export async function callerNow(tx: RequestContext): Promise<ReadonlySet<string>> {
  const { kind, actorId, scopes } = tx.principal;
  const lock = { lockMode: LockMode.PESSIMISTIC_READ, refresh: true } as const;
  if (kind === 'api_key') {
    const key = await tx.em.findOne(ApiKey, { id: actorId }, lock);
    if (!key || key.revokedAt) throw errors.invalidApiKey(ENDED);
    return scopes;
  }
  if (kind === 'oauth_token') {
    // A token's scopes are its client's or fewer, and never change; the client may have been revoked.
    const client = await tx.em.findOne(OAuthClient, { id: actorId }, lock);
    if (!client || client.revokedAt) throw errors.invalidToken(ENDED);
    return scopes;
  }
  const user = await tx.em.findOne(User, { id: actorId }, lock);
  if (!user || user.disabled) throw errors.noSession({ 'WWW-Authenticate': 'Bearer realm="api"' });
  return new Set(ROLE_SCOPES[user.role as Role] ?? []);
}

/**
 * The account a new key or client of the mode asked for belongs to (the caller's mode by default):
 * a live caller makes either; a test caller, test ones only.
 */
async function accountFor(ctx: RequestContext, livemode: boolean | undefined, what: string): Promise<string> {
  const callerLive = livemodeOf(ctx.principal.accountId);
  if (livemode === undefined || livemode === callerLive) return ctx.principal.accountId;
  if (!callerLive) throw errors.livemodeMismatch(what);
  return accountOfMode(ctx.em, ctx.principal.accountId, false, ctx.clock.now());
}

/** A credential cannot revoke itself: the caller would lock itself out mid-operation; use another key. */
function assertNotSelf(ctx: RequestContext, id: string): void {
  if (ctx.principal.actorId === id) {
    throw errors.invalidStateTransition(`The credential ${id} is the one making this request; revoke it with another key.`);
  }
}

// ---------- API keys ----------

export function createKey(ctx: RequestContext, input: S['ApiKeyCreate']): Promise<{ key: ApiKey; secret: string }> {
  assertGrantable(ctx.principal, input.scopes);
  return inTransaction(ctx, async (tx) => {
    assertGrantable({ scopes: await callerNow(tx) }, input.scopes);
    const now = ctx.clock.now();
    const created = issueApiKey(
      tx.em,
      await accountFor(tx, input.livemode, 'key'),
      { name: input.name ?? 'default', scopes: [...new Set(input.scopes)], apiVersion: input.api_version ?? CURRENT_VERSION, createdBy: ctx.principal.actorId },
      now,
    );
    await recordAudit(tx, 'api_key.created', created.key.id, { now });
    return created;
  });
}

export const findKey = ownedFinder(ApiKey, 'API key', 'api_key_id');

export const listKeys = (ctx: RequestContext, query: PageQuery = {}): Promise<Page<ApiKey>> => listPage(ctx.em, ApiKey, ctx.principal.accountId, {}, query);

/** Revokes at once (authentication reads the key on every request); twice is 409. */
export const revokeKey = (ctx: RequestContext, id: string): Promise<ApiKey> => revoke(ctx, id, findKey, apiKeyLifecycle, 'Key');

// ---------- OAuth clients ----------

export function createClient(ctx: RequestContext, input: S['OAuthClientCreate']): Promise<{ client: OAuthClient; secret: string }> {
  assertGrantable(ctx.principal, input.scopes);
  return inTransaction(ctx, async (tx) => {
    assertGrantable({ scopes: await callerNow(tx) }, input.scopes);
    const now = ctx.clock.now();
    const secret = randomToken('ocs');
    const accountId = await accountFor(tx, input.livemode, 'client');
    const client = tx.em.create(OAuthClient, {
      id: newId('oauthClient', now.getTime()),
      accountId,
      name: input.name ?? 'default',
      secretHash: hashSecret(secret),
      scopes: [...new Set(input.scopes)],
      apiVersion: input.api_version ?? CURRENT_VERSION,
      createdAt: now,
      createdBy: ctx.principal.actorId,
      revokedAt: null,
    });
    tx.em.persist(client);
    await recordAudit(tx, 'oauth_client.created', client.id, { now });
    return { client, secret };
  });
}

export const findClient = ownedFinder(OAuthClient, 'OAuth client', 'oauth_client_id');

export const listClients = (ctx: RequestContext, query: PageQuery = {}): Promise<Page<OAuthClient>> =>
  listPage(ctx.em, OAuthClient, ctx.principal.accountId, {}, query);

/** Revokes the client and, with it, every token it holds (authentication checks the client on every request). */
export const revokeClient = (ctx: RequestContext, id: string): Promise<OAuthClient> => revoke(ctx, id, findClient, oauthClientLifecycle, 'OAuth client');

/**
 * Revokes a credential of the caller's account (not the caller itself, nor one stronger than it),
 * and with it every credential made with it, each audited.
 */
async function revoke<C extends { revokedAt?: Date | null; scopes: readonly string[] }>(
  ctx: RequestContext,
  id: string,
  find: (ctx: RequestContext, id: string, options: { forUpdate: boolean }) => Promise<C>,
  lifecycle: typeof apiKeyLifecycle | typeof oauthClientLifecycle,
  what: string,
): Promise<C> {
  assertNotSelf(ctx, id);
  return inTransaction(ctx, async (tx) => {
    const credential = await find(tx, id, { forUpdate: true });
    assertCanTakeAway(ctx.principal, credential.scopes, `${what} ${id}`);
    const t = lifecycle.assert('revoke', credentialStatus(credential), id);
    const now = ctx.clock.now();
    credential.revokedAt = now;
    await recordAudit(tx, t.audit, id, { now });
    await tx.em.flush();
    // What it made ends with it, down the line (a key made with a leaked key dies with it).
    await endCredentialsMadeBy(tx, id);
    return credential;
  });
}

// ---------- credentials end with their maker ----------

/**
 * Revokes what `makerId` (a user) made and what was made with that, down the line, audited as
 * revoked by the caller: a key a user made, a client that key made, and so on. `keeps` spares the
 * credentials it accepts (a role taken down keeps those within the new role); the line is followed
 * through every credential, revoked or spared, so nothing made further down survives its maker.
 * Answers the ids revoked.
 */
export async function endCredentialsMadeBy(ctx: RequestContext, makerId: string, keeps: (scopes: readonly string[]) => boolean = () => false): Promise<string[]> {
  const now = ctx.clock.now();
  const revoked: string[] = [];
  const seen = new Set<string>([makerId]);
  let makers = [makerId];
  // Each credential found is locked before what it made is looked for: one being used to make
  // another right now (`callerNow`) is waited for, and what it made is then found too.
  const locked = { orderBy: { id: 'asc' }, lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } as const;
  while (makers.length) {
    const made = [
      ...(await ctx.em.find(ApiKey, { createdBy: { $in: makers } }, locked)).map((c) => ({ c, audit: 'api_key.revoked' as const })),
      ...(await ctx.em.find(OAuthClient, { createdBy: { $in: makers } }, locked)).map((c) => ({ c, audit: 'oauth_client.revoked' as const })),
    ].filter(({ c }) => !seen.has(c.id));
    for (const { c, audit } of made) {
      seen.add(c.id);
      if (c.revokedAt || keeps(c.scopes)) continue;
      c.revokedAt = now;
      revoked.push(c.id);
      await recordAudit(ctx, audit, c.id, { now });
    }
    makers = made.map(({ c }) => c.id);
  }
  await ctx.em.flush();
  return revoked;
}
