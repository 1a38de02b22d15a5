// OAuth 2.0 client credentials (RFC 6749 §4.4) and token introspection (RFC 7662). Access tokens are
// opaque (`oat_` + 32 random bytes), stored only as a SHA-256 hash with their client, granted scopes,
// pinned version and expiry (one hour).
import type { IncomingHttpHeaders } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/sql';
import type { components } from '../../generated/openapi.js';
import { unixSeconds } from '../shared/clock.js';
import type { Context } from '../shared/context.js';
import { errors } from '../shared/errors.js';
import { randomToken } from '../shared/tokens.js';
import { OAuthClient, OAuthToken } from './auth.entities.js';
import { hashSecret, TOKEN_PATTERN } from './auth.service.js';

type S = components['schemas'];

export const TOKEN_LIFETIME_SECONDS = 3600;
export const NO_STORE = { 'Cache-Control': 'no-store' };

/** The context of an OAuth endpoint: the client the pipeline authenticated. */
export interface ClientContext extends Context {
  client: OAuthClient;
  requestId: string;
}

const invalidClient = (message?: string) => errors.invalidClient({ 'WWW-Authenticate': 'Basic realm="oauth"', ...NO_STORE }, message);

/** Client credentials from HTTP Basic (RFC 6749 §2.3.1, form-urlencoded parts) or from the form; never both. */
function clientCredentials(headers: IncomingHttpHeaders, form: { client_id?: string | undefined; client_secret?: string | undefined }) {
  const basic = /^Basic\s+(\S+)\s*$/i.exec(headers.authorization ?? '');
  if (basic?.[1]) {
    // RFC 6749 §2.3: one authentication method per request.
    if (form.client_id !== undefined || form.client_secret !== undefined) throw invalidClient('Authenticate the client with HTTP Basic or in the form, not both.');
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return null;
    const decode = (s: string) => {
      try {
        return decodeURIComponent(s.replace(/\+/g, ' '));
      } catch {
        return s;
      }
    };
    return { id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) };
  }
  if (form.client_id !== undefined && form.client_secret !== undefined) return { id: form.client_id, secret: form.client_secret };
  return null;
}

/** The client id the request claims (Basic or form), when it could be one; null otherwise. */
export function claimedClientId(headers: IncomingHttpHeaders, form: { client_id?: string | undefined; client_secret?: string | undefined }): string | null {
  try {
    const id = clientCredentials(headers, form)?.id;
    return id !== undefined && /^[A-Za-z0-9_]{1,64}$/.test(id) ? id : null;
  } catch {
    return null;
  }
}

/** The calling client, active and with the right secret, or 401 `invalid_client`. */
export async function authenticateClient(
  em: EntityManager,
  headers: IncomingHttpHeaders,
  form: { client_id?: string | undefined; client_secret?: string | undefined },
): Promise<OAuthClient> {
  const credentials = clientCredentials(headers, form);
  // An id PostgreSQL could not even compare (a NUL, an unpaired surrogate) names no client.
  if (!credentials || credentials.id.includes('\u0000') || !credentials.id.isWellFormed()) throw invalidClient();
  const client = await em.findOne(OAuthClient, { id: credentials.id });
  if (!client || client.revokedAt) throw invalidClient();
  const given = Buffer.from(hashSecret(credentials.secret), 'hex');
  if (!timingSafeEqual(given, Buffer.from(client.secretHash, 'hex'))) throw invalidClient();
  return client;
}

export async function issueToken(ctx: ClientContext, form: S['OAuthTokenRequest']): Promise<S['OAuthToken']> {
  const { em, client } = ctx;
  const now = ctx.clock.now();
  if (form.grant_type !== 'client_credentials') throw errors.unsupportedGrantType(NO_STORE);
  const asked = form.scope === undefined ? client.scopes : form.scope.split(' ').filter(Boolean);
  if (asked.length === 0) throw errors.invalidScope('Ask for at least one scope, or omit scope for all of the client\'s.', NO_STORE);
  const missing = asked.filter((s) => !(client.scopes as string[]).includes(s));
  if (missing.length) throw errors.invalidScope(`The client does not hold the scope ${missing.join(', ')}.`, NO_STORE);
  // Every asked scope is one of the client's (checked above).
  const scopes = [...new Set(asked)] as OAuthClient['scopes'];
  const accessToken = randomToken('oat');
  em.persist(
    em.create(OAuthToken, {
      tokenHash: hashSecret(accessToken),
      accountId: client.accountId,
      clientId: client.id,
      scopes,
      apiVersion: client.apiVersion,
      createdAt: now,
      expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_SECONDS * 1000),
    }),
  );
  // Expired tokens are useless: drop the client's old ones while we are here.
  await em.nativeDelete(OAuthToken, { clientId: client.id, expiresAt: { $lt: new Date(now.getTime() - 86_400_000) } });
  await em.flush();
  return { access_token: accessToken, token_type: 'Bearer', expires_in: TOKEN_LIFETIME_SECONDS, scope: scopes.join(' ') };
}

/** RFC 7662: only the calling client's own active tokens are described; anything else is `{active:false}`. */
export async function introspect(ctx: ClientContext, token: string): Promise<S['OAuthIntrospection']> {
  if (!TOKEN_PATTERN.test(token)) return { active: false };
  const { client } = ctx;
  const row = await ctx.em.findOne(OAuthToken, { tokenHash: hashSecret(token) });
  if (!row || row.clientId !== client.id || row.expiresAt <= ctx.clock.now()) return { active: false };
  return {
    active: true,
    client_id: client.id,
    scope: row.scopes.join(' '),
    token_type: 'Bearer',
    exp: unixSeconds(row.expiresAt),
    iat: unixSeconds(row.createdAt),
    api_version: row.apiVersion,
  };
}
