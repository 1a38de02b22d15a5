// Webhook signing secrets at rest: each endpoint's secret (and the previous one during a rotation's
// grace period) is stored sealed under the secrets key, bound to the endpoint's id. `signingSecrets`
// is where they are opened: the worker loads an endpoint's secrets there to sign a delivery.
import { isSealed, openSecret, sealedWith, sealSecret, secretsKeyring } from '../shared/secrets.js';
import type { WebhookEndpoint } from './webhooks.entities.js';

/** The value stored for an endpoint's newly issued secret. */
export const sealEndpointSecret = (endpointId: string, secret: string): string => sealSecret(secret, endpointId);

/**
 * A stored secret in the clear. A value still in plaintext (written before secrets were sealed, by a
 * process of an older release during a rolling upgrade) is used as it is; the next start seals it.
 */
const openStored = (endpointId: string, stored: string): string => {
  if (!isSealed(stored)) return stored;
  // The worker signs every delivery: each sealed value is opened once, then read from memory (a
  // value is a fresh random IV and ciphertext per secret, so it names one plaintext for one endpoint).
  const cacheKey = `${endpointId}\n${stored}`;
  let opened = openedSecrets.get(cacheKey);
  if (opened === undefined) {
    opened = openSecret(stored, endpointId);
    if (openedSecrets.size >= MAX_OPENED) openedSecrets.delete(openedSecrets.keys().next().value!);
    openedSecrets.set(cacheKey, opened);
  }
  return opened;
};

/** Opened secrets by endpoint and sealed value, the oldest dropped first past MAX_OPENED. */
const openedSecrets = new Map<string, string>();
const MAX_OPENED = 10_000;

/** The secrets that sign a delivery to `endpoint` at `now`: the current one first, then the previous one during its grace period. */
export function signingSecrets(endpoint: Pick<WebhookEndpoint, 'id' | 'secret' | 'previousSecret' | 'previousSecretExpiresAt'>, now: Date): string[] {
  const secrets = [openStored(endpoint.id, endpoint.secret)];
  if (endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
    secrets.push(openStored(endpoint.id, endpoint.previousSecret));
  }
  return secrets;
}

/** The endpoint's current secret in the clear (a listener's is answered each time it is opened). */
export const openEndpointSecret = (endpoint: Pick<WebhookEndpoint, 'id' | 'secret'>): string => openStored(endpoint.id, endpoint.secret);

type Execute = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/**
 * Seals again every stored secret that is not sealed under the current key: plaintext ones (the
 * migration that introduced sealing) and those sealed under an older key (after `SECRETS_KEY` is
 * rotated, at every start). Each row is updated only if it is still what was read, so processes
 * starting together do not undo each other. Answers how many endpoints were sealed again.
 */
export async function resealEndpointSecrets(execute: Execute): Promise<number> {
  const unsealed = `secret not like 'enc:v1:%' or previous_secret not like 'enc:v1:%'`;
  let keyring;
  try {
    keyring = secretsKeyring();
  } catch (err) {
    // Nothing to seal needs no key (a fresh database, a command that never touches endpoints).
    if (!(await execute(`select id from webhook_endpoints where ${unsealed} limit 1`)).length) return 0;
    throw err;
  }
  const current = `enc:v1:${keyring.current.id.replace(/_/g, '\\_')}:%`;
  const rows = await execute(
    'select id, secret, previous_secret from webhook_endpoints where secret not like ? or previous_secret not like ?',
    [current, current],
  );
  let resealed = 0;
  for (const row of rows as { id: string; secret: string; previous_secret: string | null }[]) {
    const reseal = (stored: string) => (sealedWith(stored) === keyring.current.id ? stored : sealSecret(openStored(row.id, stored), row.id, keyring));
    const secret = reseal(row.secret);
    const previous = row.previous_secret === null ? null : reseal(row.previous_secret);
    await execute(
      'update webhook_endpoints set secret = ?, previous_secret = ? where id = ? and secret = ? and previous_secret is not distinct from ?',
      [secret, previous, row.id, row.secret, row.previous_secret],
    );
    resealed++;
  }
  return resealed;
}
