// Webhook signing secrets at rest: sealed with AES-256-GCM under SECRETS_KEY, so a dump of the
// database signs nothing; deliveries still verify; keys rotate; production refuses to start without one.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { backends, TEST_SECRETS_KEY, type Backend } from './support/databases.js';
import { orderBody, startHarness, TestClock, type Harness } from './support/harness.js';
import { startReceiver, type Receiver } from './support/receiver.js';
import { developmentKeyFile, loadConfig, secretsKeyringFor } from '../src/config.js';
import { newSecretsKey, openSecret, parseSecretsKey, sealSecret, useSecretsKeyring, type SecretsKeyring } from '../src/shared/secrets.js';
import { resealEndpointSecrets } from '../src/webhooks/endpoint-secrets.js';
import { verifySignature } from '../src/webhooks/signer.js';
import { createTransport } from '../src/webhooks/transport.js';
import { DeliveryWorker } from '../src/webhooks/worker.js';

const key = (id: string) => parseSecretsKey(newSecretsKey(id), id);

describe('sealing secrets (AES-256-GCM)', () => {
  const ring: SecretsKeyring = { current: key('k1'), old: [] };

  it('seals with a fresh IV under the current key id, and opens only for the same owner', () => {
    const a = sealSecret('whsec_abc', 'we_1', ring);
    const b = sealSecret('whsec_abc', 'we_1', ring);
    expect(a).toMatch(/^enc:v1:k1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('abc');
    expect(openSecret(a, 'we_1', ring)).toBe('whsec_abc');
    expect(() => openSecret(a, 'we_2', ring)).toThrow(/does not open with the key k1/);
  });

  it('refuses a damaged value and names a key that is not configured', () => {
    const sealed = sealSecret('whsec_abc', 'we_1', ring);
    const flipped = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'B' : 'A') + sealed.slice(-1);
    expect(() => openSecret(flipped, 'we_1', ring)).toThrow(/does not open/);
    expect(() => openSecret(sealed, 'we_1', { current: key('k2'), old: [] })).toThrow(/sealed under the key k1, which is not configured \(SECRETS_KEY, SECRETS_OLD_KEYS\)/);
  });

  it('opens what an older key sealed once that key is listed as old', () => {
    const sealed = sealSecret('whsec_abc', 'we_1', ring);
    expect(openSecret(sealed, 'we_1', { current: key('k2'), old: [ring.current] })).toBe('whsec_abc');
  });

  it('reads keys as "<id>:<base64 or hex>" of 32 bytes', () => {
    expect(parseSecretsKey(`k1:${'ab'.repeat(32)}`, 'SECRETS_KEY').key).toHaveLength(32);
    expect(parseSecretsKey(`k-2:${Buffer.alloc(32, 7).toString('base64url')}`, 'SECRETS_KEY').id).toBe('k-2');
    expect(() => parseSecretsKey(Buffer.alloc(32).toString('base64'), 'SECRETS_KEY')).toThrow(/SECRETS_KEY must be "<key id>:/);
    expect(() => parseSecretsKey(`k1:${Buffer.alloc(16).toString('base64')}`, 'SECRETS_KEY')).toThrow(/the key k1 must be 32 bytes .*, got 16/);
  });
});

describe('SECRETS_KEY configuration', () => {
  it('is required in production, with a message that says how to make one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SECRETS_KEY is not set: in production the server refuses to start.*openssl rand -base64 32/);
    const config = loadConfig({ NODE_ENV: 'production', SECRETS_KEY: newSecretsKey('prod-1'), SECRETS_OLD_KEYS: `${newSecretsKey('prod-0')}` });
    expect(config.secrets.key?.id).toBe('prod-1');
    expect(config.secrets.oldKeys.map((k) => k.id)).toEqual(['prod-0']);
    expect(() => loadConfig({ SECRETS_KEY: 'not-a-key' })).toThrow(/SECRETS_KEY must be/);
  });

  it('stops a production server before it starts, with that message and no stack trace', async () => {
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, NODE_ENV: 'production', DATABASE_URL: 'postgresql://127.0.0.1:1/none' };
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toMatch(/^Configuration error: SECRETS_KEY is not set/);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('generates a development key once into a file beside the data folder, and says so', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vt-secrets-'));
    try {
      const warnings: string[] = [];
      const log = { warn: (...args: unknown[]) => warnings.push(String(args.at(-1))) } as never;
      const config = { secrets: { key: undefined, oldKeys: [] }, dataDir: join(dir, 'data') };
      const first = secretsKeyringFor(config, log);
      const second = secretsKeyringFor(config, log);
      expect(second.current).toEqual(first.current);
      const file = developmentKeyFile(config.dataDir);
      expect(file).toBe(join(dir, 'data-secrets.key'));
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, 'utf8').trim()).toMatch(new RegExp(`^${first.current.id}:`));
      expect(warnings[0]).toMatch(/SECRETS_KEY is not set: .* generated into .*data-secrets\.key \(development only/);
      expect(warnings[1]).toMatch(/read from/);
      expect(secretsKeyringFor({ ...config, secrets: { key: key('given'), oldKeys: [] } }, log).current.id).toBe('given');
      expect(warnings).toHaveLength(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(backends())('webhook signing secrets at rest on %s', (backend: Backend) => {
  let h: Harness;
  let receiver: Receiver;
  const clock = new TestClock(Date.UTC(2026, 10, 23, 12, 0, 0));
  const transport = createTransport({ allowPrivateTargets: true, timeoutMs: 2_000 });
  let customerId: string;
  beforeAll(async () => {
    h = await startHarness(backend, { clock });
    receiver = await startReceiver();
    customerId = (await h.call('POST', '/v1/customers', { body: { name: 'Sealed' } })).body.id;
  });
  afterAll(async () => {
    useSecretsKeyring({ current: TEST_SECRETS_KEY, old: [] });
    await receiver.close();
    await transport.close();
    await h.close();
  });

  const dump = async () => JSON.stringify(await h.database.db.em().execute('select * from webhook_endpoints'));
  /** Delivers one new order.created event to `endpoint` and answers what arrived. */
  const deliverOne = async () => {
    const before = receiver.received.length;
    await h.call('POST', '/v1/orders', { body: orderBody(customerId) });
    const worker = new DeliveryWorker({ db: h.database.db, clock, log: pino({ level: 'silent' }), transport });
    while ((await worker.runOnce()) > 0);
    expect(receiver.received).toHaveLength(before + 1);
    return receiver.received.at(-1)!;
  };
  const verifies = (got: { body: string; headers: Record<string, unknown> }, secret: string) =>
    verifySignature(got.body, got.headers['service-signature'] as string, secret, { now: Math.floor(clock.now().getTime() / 1000) });

  let secret: string;
  let endpointId: string;

  it('stores no usable secret: a dump of the table holds only sealed values, and deliveries still verify', async () => {
    const created = await h.call('POST', '/v1/webhook_endpoints', { body: { url: receiver.url, enabled_events: ['order.created'] } });
    expect(created.status).toBe(201);
    secret = created.body.secret;
    endpointId = created.body.id;
    expect(secret).toMatch(/^whsec_/);
    const table = await dump();
    expect(table).not.toContain(secret);
    expect(table).not.toContain(secret.slice('whsec_'.length, 20));
    expect(table).not.toContain('whsec_');
    const [row] = await h.database.db.em().execute<{ secret: string }[]>('select secret from webhook_endpoints where id = ?', [endpointId]);
    expect(row!.secret).toMatch(/^enc:v1:test:/);
    expect(verifies(await deliverOne(), secret)).toBeNull();
  });

  it('seals the previous secret too while a rotated endpoint signs with both', async () => {
    const rotated = await h.call('POST', `/v1/webhook_endpoints/${endpointId}/rotate_secret`, { body: { grace_period_seconds: 3600 } });
    expect(rotated.status).toBe(200);
    const table = await dump();
    for (const s of [secret, rotated.body.secret]) expect(table).not.toContain(s);
    const [row] = await h.database.db.em().execute<{ previous_secret: string }[]>('select previous_secret from webhook_endpoints where id = ?', [endpointId]);
    expect(row!.previous_secret).toMatch(/^enc:v1:test:/);
    const got = await deliverOne();
    expect(verifies(got, secret)).toBeNull();
    expect(verifies(got, rotated.body.secret)).toBeNull();
    secret = rotated.body.secret;
  });

  it('rotates SECRETS_KEY: the old key still opens, the next start seals everything again under the new one, then the old key can go', async () => {
    const next = key('next');
    useSecretsKeyring({ current: next, old: [TEST_SECRETS_KEY] });
    expect(verifies(await deliverOne(), secret)).toBeNull();
    const em = h.database.db.em();
    const resealed = await resealEndpointSecrets((sql, params) => em.execute(sql, params));
    expect(resealed).toBeGreaterThanOrEqual(1);
    const rows = await em.execute<{ secret: string; previous_secret: string | null }[]>('select secret, previous_secret from webhook_endpoints');
    for (const r of rows) {
      expect(r.secret).toMatch(/^enc:v1:next:/);
      if (r.previous_secret) expect(r.previous_secret).toMatch(/^enc:v1:next:/);
    }
    expect(await resealEndpointSecrets((sql, params) => em.execute(sql, params))).toBe(0);
    useSecretsKeyring({ current: next, old: [] });
    expect(verifies(await deliverOne(), secret)).toBeNull();
    useSecretsKeyring({ current: TEST_SECRETS_KEY, old: [next] });
    await resealEndpointSecrets((sql, params) => em.execute(sql, params));
  });

  it('seals secrets stored in plaintext by an earlier release (the migration), which sign until then', async () => {
    const em = h.database.db.em();
    const plain = 'whsec_StoredAsIssuedBeforeSealing0000000000000';
    await em.execute('update webhook_endpoints set secret = ?, previous_secret = null where id = ?', [plain, endpointId]);
    expect(verifies(await deliverOne(), plain)).toBeNull();
    expect(await resealEndpointSecrets((sql, params) => em.execute(sql, params))).toBe(1);
    expect(await dump()).not.toContain(plain);
    expect(verifies(await deliverOne(), plain)).toBeNull();
  });
});
