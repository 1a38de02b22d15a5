// Secrets the service must be able to read back (webhook signing secrets: they are HMAC keys) are
// kept encrypted at rest with AES-256-GCM under a key from configuration, so a copy of the database
// alone cannot sign anything. Each value names the key that sealed it, so keys rotate: new values are
// sealed under the current key, older keys stay for opening until everything is sealed again.
// Hashed credentials (API keys, OAuth secrets, tokens, passwords) never come here.
import { createCipheriv, createDecipheriv, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';

export interface SecretsKey {
  /** Names the key inside every value it seals (letters, digits, `_`, `-`; up to 32). */
  id: string;
  /** 32 bytes. */
  key: Buffer;
}

export interface SecretsKeyring {
  /** Seals new values. */
  current: SecretsKey;
  /** Open values sealed before a rotation. */
  old: readonly SecretsKey[];
}

const PREFIX = 'enc:v1:';
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * A key from its configuration form `<id>:<key>`, the key being 32 bytes in base64 (standard or
 * URL-safe) or 64 hex digits. `name` is the setting, for the error message.
 */
export function parseSecretsKey(value: string, name: string): SecretsKey {
  const at = value.indexOf(':');
  const id = at > 0 ? value.slice(0, at) : '';
  const material = value.slice(at + 1).trim();
  if (!KEY_ID.test(id)) throw new Error(`${name} must be "<key id>:<32-byte key in base64 or hex>" (the key id: letters, digits, _ or -, up to 32)`);
  const key = /^[0-9a-fA-F]{64}$/.test(material) ? Buffer.from(material, 'hex') : Buffer.from(material, 'base64');
  if (key.length !== 32) throw new Error(`${name}: the key ${id} must be 32 bytes (base64 or 64 hex digits), got ${key.length}`);
  return { id, key };
}

/** A new random key in its configuration form. */
export const newSecretsKey = (id: string): string => `${id}:${randomBytes(32).toString('base64')}`;

let configured: SecretsKeyring | undefined;

/** Sets the process's keyring (at start-up, from configuration; tests set their own). */
export function useSecretsKeyring(keyring: SecretsKeyring): void {
  const ids = [keyring.current, ...keyring.old].map((k) => k.id);
  if (new Set(ids).size !== ids.length) throw new Error(`secrets keys must have distinct ids, got ${ids.join(', ')}`);
  configured = keyring;
}

export function secretsKeyring(): SecretsKeyring {
  if (!configured) throw new Error('no secrets keyring: set SECRETS_KEY (see the README, Configuration)');
  return configured;
}

/**
 * Each key's material as a KeyObject, made once: a cipher given the raw bytes imports them into a
 * new key object every time (about three quarters of the cost of opening a short value).
 */
const keyObjects = new WeakMap<Buffer, KeyObject>();
function keyObjectOf(key: Buffer): KeyObject {
  let object = keyObjects.get(key);
  if (!object) keyObjects.set(key, (object = createSecretKey(key)));
  return object;
}

export const isSealed = (stored: string): boolean => stored.startsWith(PREFIX);

/** The id of the key that sealed `stored`; null for a value that is not sealed. */
export const sealedWith = (stored: string): string | null => (isSealed(stored) ? stored.slice(PREFIX.length).split(':', 1)[0]! : null);

/**
 * `plaintext` sealed under the current key, bound to `context` (the owner's id): a sealed value
 * copied onto another row does not open there.
 */
export function sealSecret(plaintext: string, context: string, keyring: SecretsKeyring = secretsKeyring()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyObjectOf(keyring.current.key), iv);
  cipher.setAAD(Buffer.from(context));
  const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${PREFIX}${keyring.current.id}:${iv.toString('base64url')}:${sealed.toString('base64url')}`;
}

/** The plaintext of a value `sealSecret` produced for the same `context`; throws when it cannot be opened. */
export function openSecret(stored: string, context: string, keyring: SecretsKeyring = secretsKeyring()): string {
  const [kid, iv, body] = stored.slice(PREFIX.length).split(':');
  if (!isSealed(stored) || !kid || !iv || !body) throw new Error(`the secret of ${context} is not a sealed value`);
  const key = [keyring.current, ...keyring.old].find((k) => k.id === kid);
  if (!key) throw new Error(`the secret of ${context} is sealed under the key ${kid}, which is not configured (SECRETS_KEY, SECRETS_OLD_KEYS)`);
  const bytes = Buffer.from(body, 'base64url');
  if (bytes.length < 16) throw new Error(`the secret of ${context} is damaged`);
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyObjectOf(key.key), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    throw new Error(`the secret of ${context} does not open with the key ${kid} (a wrong key under that id, or a damaged value)`);
  }
}
