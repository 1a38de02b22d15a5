// Accounts and API keys: keys are shown once and stored only as a SHA-256 hash.
import { createHash } from 'node:crypto';
import { randomToken } from '../shared/tokens.js';
import type { EntityManager } from '@mikro-orm/sql';
import { newId } from '../shared/ids.js';
import { recordCommandLineAudit } from '../audit/audit.service.js';
import type { Clock } from '../shared/clock.js';
import { Account, ApiKey, OAuthClient, OAuthToken } from './auth.entities.js';
import type { Principal } from '../shared/context.js';
import { allScopes, type Scope } from '../shared/spec.js';
import { CURRENT_VERSION, isSupportedVersion, type ApiVersion } from '../shared/versions.js';
import { queryRows } from '../shared/sql.js';
import { liveAccountIdOf, livemodeOf, testAccountIdOf } from '../shared/livemode.js';

export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** `sk_live_...` and `sk_test_...`; keys made before test mode (`sk_...`) are live keys and keep working. */
export const KEY_PATTERN = /^sk_(?:(?:live|test)_)?[0-9A-Za-z]{43}$/;
export const TOKEN_PATTERN = /^oat_[0-9A-Za-z]{43}$/;

/** Why a bearer credential was refused (the error code of the 401). */
export type AuthFailure = 'invalid_api_key' | 'invalid_token' | 'expired_token';

export interface CreatedKey {
  key: ApiKey;
  secret: string;
  account: Account;
}

/** Parses `all` or a comma/space separated list, refusing unknown scopes. */
export function parseScopes(input: string | string[]): Scope[] {
  const known = allScopes();
  const list = (Array.isArray(input) ? input : input.split(/[\s,]+/)).map((s) => s.trim()).filter(Boolean);
  if (list.length === 1 && list[0] === 'all') return [...known];
  const unknown = list.filter((s) => !(known as string[]).includes(s));
  if (unknown.length) throw new Error(`Unknown scope(s): ${unknown.join(', ')}. Known: ${known.join(', ')}.`);
  if (!list.length) throw new Error('At least one scope is required.');
  return [...new Set(list)] as Scope[];
}

export async function findOrCreateAccount(em: EntityManager, name: string, clock: Clock): Promise<Account> {
  const existing = await em.findOne(Account, { name, livemode: true });
  if (existing) return existing;
  const now = clock.now();
  const account = em.create(Account, {
    id: newId('account'),
    name,
    livemode: true,
    liveAccountId: null,
    legalName: null,
    address: null,
    phone: null,
    email: null,
    remitTo: null,
    paymentInstructions: null,
    createdAt: now,
    updatedAt: now,
  });
  em.persist(account);
  return account;
}

/**
 * The account that holds `accountId`'s data in the mode asked for: the live account itself, or its
 * test account, made (with a copy of the live account's document details) the first time it is asked
 * for. Safe under concurrency: two first test keys make one test account.
 */
export async function accountOfMode(em: EntityManager, accountId: string, livemode: boolean, now: Date): Promise<string> {
  const liveId = liveAccountIdOf(accountId);
  if (livemode) return liveId;
  const testId = testAccountIdOf(liveId);
  await queryRows(
    em,
    `insert into accounts (id, name, livemode, live_account_id, legal_name, address, phone, email, remit_to, payment_instructions, created_at, updated_at)
     select $2, name, false, id, legal_name, address, phone, email, remit_to, payment_instructions, $3, $3 from accounts where id = $1
     on conflict do nothing`,
    [liveId, testId, now],
  );
  return testId;
}

/** Creates a key (and the account if no account has that name) of the mode asked for (live by default). Returns the secret once. */
export async function createApiKey(
  em: EntityManager,
  input: { accountName: string; scopes: Scope[]; name?: string; apiVersion?: string; livemode?: boolean; audited?: boolean },
  clock: Clock,
): Promise<CreatedKey> {
  const apiVersion = input.apiVersion ?? CURRENT_VERSION;
  if (!isSupportedVersion(apiVersion)) throw new Error(`Unsupported API version ${apiVersion}.`);
  return em.transactional(async (tem) => {
    const account = await findOrCreateAccount(tem, input.accountName, clock);
    await tem.flush();
    const accountId = await accountOfMode(tem, account.id, input.livemode ?? true, clock.now());
    const { key, secret } = issueApiKey(tem, accountId, { name: input.name ?? 'default', scopes: input.scopes, apiVersion }, clock.now());
    // A key made on the command line (npm run keys) is audited as every other, by `system`.
    if (input.audited) await recordCommandLineAudit(tem, clock, accountId, 'api_key.created', key.id, key.createdAt);
    await tem.flush();
    return { key, secret, account };
  });
}

/** A new key of an account (persisted in `em`, not flushed); the secret exists only in this answer. */
export function issueApiKey(
  em: EntityManager,
  accountId: string,
  input: { name: string; scopes: Scope[]; apiVersion: ApiVersion; createdBy?: string | null },
  now: Date,
): { key: ApiKey; secret: string } {
  const secret = randomToken(livemodeOf(accountId) ? 'sk_live' : 'sk_test');
  const key = em.create(ApiKey, {
    id: newId('apiKey', now.getTime()),
    accountId,
    name: input.name,
    secretHash: hashSecret(secret),
    last4: secret.slice(-4),
    scopes: input.scopes,
    apiVersion: input.apiVersion,
    createdAt: now,
    createdBy: input.createdBy ?? null,
    lastUsedAt: null,
    revokedAt: null,
  });
  em.persist(key);
  return { key, secret };
}

const LAST_USED_RESOLUTION_MS = 60_000;

/** An API key as authentication reads it. */
export interface KeyRow {
  id: string;
  account_id: string;
  scopes: Scope[];
  api_version: ApiVersion;
  last_used_at: string | Date | null;
  revoked_at: string | Date | null;
}
/** The columns authentication reads of a key. */
export const KEY_COLUMNS = 'id, account_id, scopes, api_version, last_used_at, revoked_at';
const KEY_SQL = `select ${KEY_COLUMNS} from api_keys where secret_hash = $1`;

/** The scope sets of the keys seen lately, shared by their requests (a principal's scopes are never changed). */
const scopeSets = new Map<string, ReadonlySet<string>>();
function scopeSet(scopes: Scope[]): ReadonlySet<string> {
  const k = scopes.join(' ');
  let set = scopeSets.get(k);
  if (!set) {
    if (scopeSets.size >= 1000) scopeSets.clear();
    set = new Set(scopes);
    scopeSets.set(k, set);
  }
  return set;
}

/**
 * The keys read lately (by secret hash) of a database that one process owns: the embedded one, where
 * every change to a key is made by this process and `api_keys_changed` (a trigger's notification,
 * delivered when the change commits, before the request that made it is answered) makes the process
 * forget them all. `generation` counts those: a row read before a change is not kept after it.
 */
interface KeysRead {
  rows: Map<string, KeyRow>;
  generation: number;
}
/** Per database (its connection object): none on PostgreSQL, where another process may revoke a key. */
const keysRead = new WeakMap<object, KeysRead>();
const KEYS_KEPT = 10_000;
/** The channel the `api_keys_changed` trigger notifies on every change to `api_keys` (migration ...130200000). */
export const API_KEYS_CHANGED = 'api_keys_changed';

/**
 * Keeps the keys read on `em`'s database in memory until `forget` is called, which must be on every
 * change to `api_keys` (the `api_keys_changed` notification). Only for a database no other process
 * writes (the embedded one). Answers `forget`.
 */
export function keepKeysRead(em: EntityManager): () => void {
  const kept: KeysRead = { rows: new Map(), generation: 0 };
  keysRead.set(em.getConnection(), kept);
  return () => {
    kept.generation++;
    kept.rows.clear();
  };
}

/** The key of a secret's hash: from memory when its database keeps keys read, else one statement. */
async function findKey(em: EntityManager, hash: string): Promise<KeyRow | undefined> {
  const kept = em.isInTransaction() ? undefined : keysRead.get(em.getConnection());
  const hit = kept?.rows.get(hash);
  if (hit) return hit;
  const generation = kept?.generation;
  // Read without the ORM's query building and hydration.
  const [key] = await queryRows<KeyRow>(em, KEY_SQL, [hash]);
  if (kept && key && generation === kept.generation) {
    if (kept.rows.size >= KEYS_KEPT) kept.rows.clear();
    kept.rows.set(hash, key);
  }
  return key;
}

/**
 * The principal of a bearer credential: an API key (`sk_`) or an access token (`oat_`). Read from the
 * database on every request (or, on the embedded database, from what it read last, forgotten on every
 * change to a key), so a revocation holds on the next request in every process.
 */
export async function authenticate(em: EntityManager, secret: string, clock: Clock): Promise<Principal | AuthFailure> {
  if (TOKEN_PATTERN.test(secret)) return authenticateToken(em, secret, clock);
  if (!KEY_PATTERN.test(secret)) return 'invalid_api_key';
  return keyPrincipal(em, await findKey(em, hashSecret(secret)), clock);
}

/**
 * The caller a key row names (read by `KEY_COLUMNS`, here or fused with other work of the request
 * into one statement), or why it names none. Notes the key's use.
 */
export async function keyPrincipal(em: EntityManager, key: KeyRow | undefined, clock: Clock): Promise<Principal | AuthFailure> {
  if (!key || key.revoked_at !== null) return 'invalid_api_key';
  const now = clock.now();
  if (key.last_used_at === null || now.getTime() - new Date(key.last_used_at).getTime() > LAST_USED_RESOLUTION_MS) {
    // Coarse on purpose: one write a minute per key, not one per request.
    await em.nativeUpdate(ApiKey, { id: key.id }, { lastUsedAt: now });
  }
  return { accountId: key.account_id, actorId: key.id, kind: 'api_key', scopes: scopeSet(key.scopes), apiVersion: key.api_version };
}

async function authenticateToken(em: EntityManager, secret: string, clock: Clock): Promise<Principal | AuthFailure> {
  const token = await em.findOne(OAuthToken, { tokenHash: hashSecret(secret) });
  if (!token) return 'invalid_token';
  const client = await em.findOne(OAuthClient, { id: token.clientId });
  if (!client || client.revokedAt) return 'invalid_token';
  if (token.expiresAt <= clock.now()) return 'expired_token';
  return { accountId: token.accountId, actorId: client.id, kind: 'oauth_token', scopes: new Set(token.scopes), apiVersion: token.apiVersion };
}

/** Whether the embedded development database's first start made its account (the later starts remind of it). */
export async function hasDevelopmentAccount(em: EntityManager): Promise<boolean> {
  return (await em.count(Account, { name: 'development', livemode: true })) > 0;
}

/** The embedded development database's first start: an account and a key with every scope. */
export async function bootstrapDevelopmentKey(em: EntityManager, clock: Clock): Promise<CreatedKey | null> {
  const count = await em.count(Account, {});
  if (count > 0) return null;
  return createApiKey(em, { accountName: 'development', scopes: allScopes(), name: 'development' }, clock);
}
