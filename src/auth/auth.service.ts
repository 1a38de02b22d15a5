// Accounts and API keys: keys are shown once and stored only as a SHA-256 hash.
import { createHash } from 'node:crypto';
import { randomToken } from '../shared/tokens.js';
import type { EntityManager } from '@mikro-orm/sql';
import { newId } from '../shared/ids.js';
import type { Clock } from '../shared/clock.js';
import { Account, ApiKey } from './auth.entities.js';
import { allScopes } from '../http/spec.js';
import { CURRENT_VERSION, isSupportedVersion } from '../http/versions.js';

export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export const KEY_PATTERN = /^sk_[0-9A-Za-z]{43}$/;

export interface Principal {
  accountId: string;
  keyId: string;
  scopes: Set<string>;
  apiVersion: string;
}

export interface CreatedKey {
  key: ApiKey;
  secret: string;
  account: Account;
}

/** Parses `all` or a comma/space separated list, refusing unknown scopes. */
export function parseScopes(input: string | string[]): string[] {
  const known = allScopes();
  const list = (Array.isArray(input) ? input : input.split(/[\s,]+/)).map((s) => s.trim()).filter(Boolean);
  if (list.length === 1 && list[0] === 'all') return [...known];
  const unknown = list.filter((s) => !known.includes(s));
  if (unknown.length) throw new Error(`Unknown scope(s): ${unknown.join(', ')}. Known: ${known.join(', ')}.`);
  if (!list.length) throw new Error('At least one scope is required.');
  return [...new Set(list)];
}

export async function findOrCreateAccount(em: EntityManager, name: string, clock: Clock): Promise<Account> {
  const existing = await em.findOne(Account, { name });
  if (existing) return existing;
  const account = em.create(Account, { id: newId('account'), name, createdAt: clock.now() });
  em.persist(account);
  return account;
}

/** Creates a key (and the account if no account has that name). Returns the secret once. */
export async function createApiKey(
  em: EntityManager,
  input: { accountName: string; scopes: string[]; name?: string; apiVersion?: string },
  clock: Clock,
): Promise<CreatedKey> {
  const apiVersion = input.apiVersion ?? CURRENT_VERSION;
  if (!isSupportedVersion(apiVersion)) throw new Error(`Unsupported API version ${apiVersion}.`);
  return em.transactional(async (tem) => {
    const account = await findOrCreateAccount(tem, input.accountName, clock);
    const secret = randomToken('sk');
    const key = tem.create(ApiKey, {
      id: newId('apiKey'),
      accountId: account.id,
      name: input.name ?? 'default',
      secretHash: hashSecret(secret),
      last4: secret.slice(-4),
      scopes: input.scopes,
      apiVersion,
      createdAt: clock.now(),
      lastUsedAt: null,
      revokedAt: null,
    });
    tem.persist(key);
    await tem.flush();
    return { key, secret, account };
  });
}

const LAST_USED_RESOLUTION_MS = 60_000;

/** The principal of a bearer secret, or null when the key is unknown or revoked. */
export async function authenticate(em: EntityManager, secret: string, clock: Clock): Promise<Principal | null> {
  if (!KEY_PATTERN.test(secret)) return null;
  const key = await em.findOne(ApiKey, { secretHash: hashSecret(secret) });
  if (!key || key.revokedAt) return null;
  const now = clock.now();
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    // Coarse on purpose: one write a minute per key, not one per request.
    await em.nativeUpdate(ApiKey, { id: key.id }, { lastUsedAt: now });
  }
  return { accountId: key.accountId, keyId: key.id, scopes: new Set(key.scopes), apiVersion: key.apiVersion };
}

/** The embedded development database's first start: an account and a key with every scope. */
export async function bootstrapDevelopmentKey(em: EntityManager, clock: Clock): Promise<CreatedKey | null> {
  const count = await em.count(Account, {});
  if (count > 0) return null;
  return createApiKey(em, { accountName: 'development', scopes: allScopes(), name: 'development' }, clock);
}
