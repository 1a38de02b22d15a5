// Platform policies: API keys and OAuth clients, OAuth tokens and introspection, idempotency keys,
// API versions, and the audit log of key and client changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Backend } from './support/databases.js';
import { orderBody, startHarness, TestClock, type Harness } from './support/harness.js';
import { AuditLog } from '../src/audit/audit.entities.js';
import YAML from 'yaml';
import { CURRENT_VERSION, renderForVersion, SUPPORTED_VERSIONS } from '../src/shared/versions.js';

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

describe.each(backends({ pooler: true }))('platform policies on %s', (backend: Backend) => {
  let h: Harness;
  const clock = new TestClock(Date.UTC(2026, 10, 22, 12, 0, 0));
  let admin: string;
  beforeAll(async () => {
    h = await startHarness(backend, { clock });
    admin = await h.key('platform', 'orders:read,orders:write,customers:read,customers:write,keys:manage,webhooks:manage');
  });
  afterAll(() => h.close());

  const oauth = (path: string, fields: Record<string, string>, auth?: string) =>
    h.call('POST', path, {
      key: null,
      raw: form(fields),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(auth ? { Authorization: auth } : {}) },
    });

  describe('API keys', () => {
    it('creates a key shown once, hashed at rest, pinned to a version, that works at once', async () => {
      const r = await h.call('POST', '/v1/api_keys', { key: admin, body: { name: 'reader', scopes: ['orders:read'] } });
      expect(r.status).toBe(201);
      expect(r.headers.get('location')).toBe(`/v1/api_keys/${r.body.id}`);
      expect(r.body).toMatchObject({ object: 'api_key', name: 'reader', scopes: ['orders:read'], api_version: '2027-01-15', revoked_at: null });
      expect(r.body.secret).toMatch(/^sk_live_[0-9A-Za-z]{43}$/);
      expect(r.body.last4).toBe(r.body.secret.slice(-4));
      const got = await h.call('GET', `/v1/api_keys/${r.body.id}`, { key: admin });
      expect(got.body.secret).toBeUndefined();
      const rows = await h.database.db.em().execute<{ secret_hash: string }[]>('select secret_hash from api_keys where id = ?', [r.body.id]);
      expect(rows[0]!.secret_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0]!.secret_hash).not.toContain(r.body.secret.slice(3));
      expect((await h.call('GET', '/v1/orders', { key: r.body.secret })).status).toBe(200);
      expect((await h.call('POST', '/v1/customers', { key: r.body.secret, body: { name: 'x' } })).status).toBe(403);
    });

    it('refuses scopes the creator does not hold (no escalation), naming them', async () => {
      const r = await h.call('POST', '/v1/api_keys', { key: admin, body: { scopes: ['orders:read', 'accounting:write'] } });
      expect(r.status).toBe(403);
      expect(r.body.error).toMatchObject({ type: 'permission_error', code: 'insufficient_scope', param: 'scopes' });
      expect(r.body.error.message).toContain('accounting:write');
    });

    it('needs keys:manage', async () => {
      const key = await h.key('platform', 'orders:read');
      expect((await h.call('GET', '/v1/api_keys', { key })).status).toBe(403);
    });

    it('revokes: the next request is refused, a second revocation is 409, and both are audited', async () => {
      const created = await h.call('POST', '/v1/api_keys', { key: admin, body: { scopes: ['orders:read'] } });
      const revoked = await h.call('POST', `/v1/api_keys/${created.body.id}/revoke`, { key: admin });
      expect(revoked.status).toBe(200);
      expect(revoked.body.revoked_at).toBe(Math.floor(clock.now().getTime() / 1000));
      const refused = await h.call('GET', '/v1/orders', { key: created.body.secret });
      expect(refused.status).toBe(401);
      expect(refused.body.error.code).toBe('invalid_api_key');
      const again = await h.call('POST', `/v1/api_keys/${created.body.id}/revoke`, { key: admin });
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('invalid_state_transition');
      const entries = await h.database.db.em().find(AuditLog, { target: created.body.id }, { orderBy: { id: 'asc' } });
      expect(entries.map((e) => e.action)).toEqual(['api_key.created', 'api_key.revoked']);
      expect(entries[0]).toMatchObject({ actor: expect.stringMatching(/^key_/), requestId: created.headers.get('request-id'), ip: expect.any(String) });
      expect(entries[0]!.id).toMatch(/^aud_/);
    });

    it('refuses a key at once once it is revoked, also when it was used just before (through the API or changed in the database)', async () => {
      const created = await h.call('POST', '/v1/api_keys', { key: admin, body: { scopes: ['orders:read'] } });
      const secret = created.body.secret as string;
      expect((await h.call('GET', '/v1/orders', { key: secret })).status).toBe(200);
      expect((await h.call('GET', '/v1/orders', { key: secret })).status).toBe(200);
      expect((await h.call('POST', `/v1/api_keys/${created.body.id}/revoke`, { key: admin })).status).toBe(200);
      const refused = await h.call('GET', '/v1/orders', { key: secret });
      expect(refused.status).toBe(401);
      expect(refused.body.error.code).toBe('invalid_api_key');

      // A change made by any other road (a user's credentials ended, test data deleted) holds as soon as it commits.
      const other = await h.call('POST', '/v1/api_keys', { key: admin, body: { scopes: ['orders:read'] } });
      expect((await h.call('GET', '/v1/orders', { key: other.body.secret })).status).toBe(200);
      await h.database.db.em().execute(`update api_keys set revoked_at = now() where id = '${other.body.id}'`);
      expect((await h.call('GET', '/v1/orders', { key: other.body.secret })).status).toBe(401);
      const third = await h.call('POST', '/v1/api_keys', { key: admin, body: { scopes: ['orders:read'] } });
      expect((await h.call('GET', '/v1/orders', { key: third.body.secret })).status).toBe(200);
      await h.database.db.em().transactional(async (tx) => {
        await tx.execute(`delete from api_keys where id = '${third.body.id}'`);
      });
      expect((await h.call('GET', '/v1/orders', { key: third.body.secret })).status).toBe(401);
    });

    it('refuses to let a key revoke itself (409), so a caller never locks itself out mid-operation', async () => {
      const created = await h.call('POST', '/v1/api_keys', { key: admin, body: { scopes: ['keys:manage'] } });
      const self = await h.call('POST', `/v1/api_keys/${created.body.id}/revoke`, { key: created.body.secret });
      expect(self.status).toBe(409);
      expect(self.body.error.code).toBe('invalid_state_transition');
      expect((await h.call('GET', '/v1/api_keys', { key: created.body.secret })).status).toBe(200);
    });

    it('lists the account\'s keys newest first', async () => {
      const r = await h.call('GET', '/v1/api_keys?limit=2', { key: admin });
      expect(r.status).toBe(200);
      expect(r.body.data).toHaveLength(2);
      expect(r.body.data[0].id > r.body.data[1].id).toBe(true);
    });
  });

  describe('audit log', () => {
    it('is append-only', async () => {
      const em = h.database.db.em();
      await expect(em.execute(`update audit_logs set action = 'x'`)).rejects.toThrow(/append-only/);
      await expect(em.execute(`delete from audit_logs`)).rejects.toThrow(/append-only/);
    });
  });

  describe('OAuth clients and the client credentials grant', () => {
    let client: { id: string; client_secret: string };
    beforeAll(async () => {
      const r = await h.call('POST', '/v1/oauth_clients', { key: admin, body: { name: 'partner', scopes: ['orders:read', 'customers:read'] } });
      expect(r.status).toBe(201);
      expect(r.body.client_secret).toMatch(/^ocs_[0-9A-Za-z]{43}$/);
      expect(r.body.id).toMatch(/^oac_/);
      client = r.body;
    });

    it('issues a one-hour bearer token with the asked subset of scopes', async () => {
      const r = await oauth('/oauth/token', { grant_type: 'client_credentials', scope: 'orders:read' }, basic(client.id, client.client_secret));
      expect(r.status).toBe(200);
      expect(r.headers.get('cache-control')).toBe('no-store');
      expect(r.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'orders:read' });
      expect(r.body.access_token).toMatch(/^oat_[0-9A-Za-z]{43}$/);
      const token = r.body.access_token;
      const ok = await h.call('GET', '/v1/orders', { key: token });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('x-ratelimit-limit')).toBeTruthy();
      expect((await h.call('GET', '/v1/customers', { key: token })).status).toBe(200); // orders:read also reads customers
      expect((await h.call('POST', '/v1/customers', { key: token, body: { name: 'X' } })).status).toBe(403);
    });

    it('accepts the credentials in the form, and grants all the client\'s scopes when none is asked', async () => {
      const r = await oauth('/oauth/token', { grant_type: 'client_credentials', client_id: client.id, client_secret: client.client_secret });
      expect(r.status).toBe(200);
      expect(r.body.scope).toBe('orders:read customers:read');
    });

    it('answers RFC 6749 errors: invalid_client 401 with WWW-Authenticate, invalid_scope, unsupported_grant_type, invalid_request', async () => {
      const noAuth = await oauth('/oauth/token', { grant_type: 'client_credentials' });
      expect(noAuth.status).toBe(401);
      expect(noAuth.headers.get('www-authenticate')).toContain('Basic');
      expect(noAuth.body).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
      const wrong = await oauth('/oauth/token', { grant_type: 'client_credentials' }, basic(client.id, 'ocs_' + 'x'.repeat(43)));
      expect(wrong.body.error).toBe('invalid_client');
      const auth = basic(client.id, client.client_secret);
      const scope = await oauth('/oauth/token', { grant_type: 'client_credentials', scope: 'keys:manage' }, auth);
      expect(scope.status).toBe(400);
      expect(scope.body.error).toBe('invalid_scope');
      const grant = await oauth('/oauth/token', { grant_type: 'password' }, auth);
      expect(grant.body).toMatchObject({ error: 'unsupported_grant_type' });
      const missing = await oauth('/oauth/token', {}, auth);
      expect(missing.status).toBe(400);
      expect(missing.body.error).toBe('invalid_request');
      const json = await h.call('POST', '/oauth/token', { key: null, body: { grant_type: 'client_credentials' }, headers: { Authorization: auth } });
      expect(json.status).toBe(415);
      expect(json.body.error).toBe('invalid_request');
    });

    it('introspects its own tokens only (RFC 7662)', async () => {
      const auth = basic(client.id, client.client_secret);
      const token = (await oauth('/oauth/token', { grant_type: 'client_credentials', scope: 'orders:read' }, auth)).body.access_token;
      const active = await oauth('/oauth/introspect', { token }, auth);
      expect(active.status).toBe(200);
      expect(active.body).toMatchObject({ active: true, client_id: client.id, scope: 'orders:read', token_type: 'Bearer', api_version: '2027-01-15' });
      expect(active.body.exp - active.body.iat).toBe(3600);
      const other = (await h.call('POST', '/v1/oauth_clients', { key: admin, body: { scopes: ['orders:read'] } })).body;
      expect((await oauth('/oauth/introspect', { token }, basic(other.id, other.client_secret))).body).toEqual({ active: false });
      expect((await oauth('/oauth/introspect', { token: admin }, auth)).body).toEqual({ active: false });
      expect((await oauth('/oauth/introspect', { token })).status).toBe(401);
    });

    it('refuses a token after its hour (expired_token) and after its client is revoked (invalid_token)', async () => {
      const c = (await h.call('POST', '/v1/oauth_clients', { key: admin, body: { scopes: ['orders:read'] } })).body;
      const auth = basic(c.id, c.client_secret);
      const early = (await oauth('/oauth/token', { grant_type: 'client_credentials' }, auth)).body.access_token;
      clock.advance(3600_000);
      const fresh = (await oauth('/oauth/token', { grant_type: 'client_credentials' }, auth)).body.access_token;
      const expired = await h.call('GET', '/v1/orders', { key: early });
      expect(expired.status).toBe(401);
      expect(expired.body.error.code).toBe('expired_token');
      expect((await h.call('GET', '/v1/orders', { key: fresh })).status).toBe(200);
      expect((await h.call('POST', `/v1/oauth_clients/${c.id}/revoke`, { key: admin })).status).toBe(200);
      const revoked = await h.call('GET', '/v1/orders', { key: fresh });
      expect(revoked.status).toBe(401);
      expect(revoked.body.error.code).toBe('invalid_token');
      expect((await oauth('/oauth/token', { grant_type: 'client_credentials' }, auth)).body.error).toBe('invalid_client');
      expect((await oauth('/oauth/introspect', { token: fresh }, basic(client.id, client.client_secret))).body).toEqual({ active: false });
    });

    it('refuses client scopes the creator does not hold', async () => {
      const r = await h.call('POST', '/v1/oauth_clients', { key: admin, body: { scopes: ['carriers:write'] } });
      expect(r.status).toBe(403);
      expect(r.body.error.param).toBe('scopes');
    });
  });

  describe('idempotency keys', () => {
    it('replays the stored answer for the same key and body, with Idempotent-Replayed', async () => {
      const headers = { 'Idempotency-Key': 'idem-1' };
      const first = await h.call('POST', '/v1/customers', { key: admin, body: { name: 'Once Co' }, headers });
      expect(first.status).toBe(201);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      const second = await h.call('POST', '/v1/customers', { key: admin, body: { name: 'Once Co' }, headers });
      expect(second.status).toBe(201);
      expect(second.headers.get('idempotent-replayed')).toBe('true');
      expect(second.body).toEqual(first.body);
      expect(second.headers.get('location')).toBe(first.headers.get('location'));
      const list = await h.call('GET', '/v1/customers?limit=100', { key: admin });
      expect(list.body.data.filter((c: { name: string }) => c.name === 'Once Co')).toHaveLength(1);
    });

    it('answers 409 idempotency_key_reused for another body or path', async () => {
      const headers = { 'Idempotency-Key': 'idem-2' };
      await h.call('POST', '/v1/customers', { key: admin, body: { name: 'A' }, headers });
      const r = await h.call('POST', '/v1/customers', { key: admin, body: { name: 'B' }, headers });
      expect(r.status).toBe(409);
      expect(r.body.error.code).toBe('idempotency_key_reused');
    });

    it('keeps keys per account', async () => {
      const other = await h.key('idem-other', 'customers:write');
      const headers = { 'Idempotency-Key': 'idem-3' };
      const a = await h.call('POST', '/v1/customers', { key: admin, body: { name: 'A' }, headers });
      const b = await h.call('POST', '/v1/customers', { key: other, body: { name: 'A' }, headers });
      expect(b.status).toBe(201);
      expect(b.body.id).not.toBe(a.body.id);
    });

    it('does not store requests that fail validation', async () => {
      const headers = { 'Idempotency-Key': 'idem-4' };
      expect((await h.call('POST', '/v1/customers', { key: admin, body: { nmae: 'typo' }, headers })).status).toBe(400);
      expect((await h.call('POST', '/v1/customers', { key: admin, body: { name: 'Fixed' }, headers })).status).toBe(201);
      const rows = await h.database.db.em().execute<{ n: string }[]>(`select count(*) as n from idempotency_keys where key = 'idem-4'`);
      expect(Number(rows[0]!.n)).toBe(1);
    });

    it('lets exactly one of concurrent identical requests run; the others get in_use or the replay', async () => {
      const headers = { 'Idempotency-Key': 'idem-5' };
      const replies = await Promise.all(
        Array.from({ length: 5 }, () => h.call('POST', '/v1/customers', { key: admin, body: { name: 'Racer' }, headers })),
      );
      const created = replies.filter((r) => r.status === 201 && r.headers.get('idempotent-replayed') === null);
      expect(created).toHaveLength(1);
      for (const r of replies.filter((x) => x !== created[0])) {
        if (r.status === 409) expect(r.body.error.code).toBe('idempotency_key_in_use');
        else expect(r.body.id).toBe(created[0]!.body.id);
      }
    });

    it('expires keys after 24 hours', async () => {
      const headers = { 'Idempotency-Key': 'idem-6' };
      const first = await h.call('POST', '/v1/customers', { key: admin, body: { name: 'Day' }, headers });
      clock.advance(24 * 3600_000 + 1000);
      const next = await h.call('POST', '/v1/customers', { key: admin, body: { name: 'Day' }, headers });
      expect(next.status).toBe(201);
      expect(next.body.id).not.toBe(first.body.id);
    });
  });

  describe('API versions', () => {
    it('renders orders for a key pinned to the preview version, in answers and in event payloads', async () => {
      const created = await h.call('POST', '/v1/api_keys', {
        key: admin,
        body: { scopes: ['orders:read', 'orders:write', 'customers:write', 'webhooks:manage'], api_version: '2026-01-15' },
      });
      expect(created.body.api_version).toBe('2026-01-15');
      const old = created.body.secret;
      const customer = (await h.call('POST', '/v1/customers', { key: old, body: { name: 'Preview Co' } })).body;
      const order = await h.call('POST', '/v1/orders', { key: old, body: orderBody(customer.id) });
      expect(order.status).toBe(201);
      expect(order.headers.get('service-version')).toBe('2026-01-15');
      expect(order.body.origin).toMatchObject({ city: 'Chicago' });
      expect(order.body.destination).toMatchObject({ city: 'Miami Beach' });
      expect(order.body.pickup).toBeUndefined();
      const list = await h.call('GET', '/v1/orders?limit=1', { key: old });
      expect(list.body.data[0].origin).toBeDefined();
      const current = await h.call('GET', `/v1/orders/${order.body.id}`, { key: admin });
      expect(current.headers.get('service-version')).toBe('2027-01-15');
      expect(current.body.pickup).toMatchObject({ city: 'Chicago' });
      expect(current.body.origin).toBeUndefined();
      const events = await h.call('GET', '/v1/events?type=order.created&limit=1', { key: old });
      expect(events.body.data[0]).toMatchObject({ api_version: '2026-01-15', data: { id: order.body.id, origin: expect.any(Object) } });
    });

    it("answers 404 and 405 in the key's pinned Service-Version, and in the newest without a valid key", async () => {
      const pinned = (await h.call('POST', '/v1/api_keys', { key: admin, body: { scopes: ['orders:read'], api_version: '2026-01-15' } })).body.secret;
      const missing = await h.call('GET', '/v1/no-such-thing', { key: pinned });
      expect(missing.status).toBe(404);
      expect(missing.headers.get('service-version')).toBe('2026-01-15');
      const wrongMethod = await h.call('DELETE', '/v1/orders', { key: pinned });
      expect(wrongMethod.status).toBe(405);
      expect(wrongMethod.headers.get('service-version')).toBe('2026-01-15');
      const unknownKey = await h.call('GET', '/v1/no-such-thing', { key: 'sk_unknown' });
      expect(unknownKey.status).toBe(404);
      expect(unknownKey.headers.get('service-version')).toBe('2027-01-15');
      expect((await h.call('GET', '/v1/no-such-thing', { key: null })).headers.get('service-version')).toBe('2027-01-15');
    });

    it("publishes every supported version's documents: ?version= on each document route, the current one by default", async () => {
      for (const version of SUPPORTED_VERSIONS) {
        const openapi = await h.call('GET', `/openapi.json?version=${version}`, { key: null });
        expect(openapi.status).toBe(200);
        expect(openapi.body).toMatchObject({ openapi: '3.1.0', info: { version } });
        const v30 = await h.call('GET', `/openapi-3.0.json?version=${version}`, { key: null });
        expect(v30.body).toMatchObject({ openapi: '3.0.3', info: { version } });
        const yaml = await h.call('GET', `/openapi.yaml?version=${version}`, { key: null });
        expect(yaml.headers.get('content-type')).toMatch(/^application\/yaml/);
        expect(YAML.parse(yaml.text)).toEqual(openapi.body);
        const asyncapi = await h.call('GET', `/asyncapi.json?version=${version}`, { key: null });
        expect(asyncapi.body).toMatchObject({ asyncapi: '3.0.0', info: { version } });
        const asyncYaml = await h.call('GET', `/asyncapi.yaml?version=${version}`, { key: null });
        expect(YAML.parse(asyncYaml.text)).toEqual(asyncapi.body);
      }
      const byDefault = await h.call('GET', '/openapi.json', { key: null });
      expect(byDefault.body).toEqual((await h.call('GET', `/openapi.json?version=${CURRENT_VERSION}`, { key: null })).body);
      expect(byDefault.body.info.version).toBe(CURRENT_VERSION);
    });

    it("describes what a version's answers and events carry: 2026-01-15's orders name origin and destination, 2026-07-01's payments are never returned", async () => {
      const preview = (await h.call('GET', '/openapi.json?version=2026-01-15', { key: null })).body;
      const order = preview.components.schemas.Order;
      expect(order.properties).toHaveProperty('origin');
      expect(order.properties).toHaveProperty('destination');
      expect(order.properties).not.toHaveProperty('pickup');
      expect(order.properties).not.toHaveProperty('delivery');
      expect(order.required).toEqual(expect.arrayContaining(['origin', 'destination']));
      expect(order.required).not.toContain('pickup');
      expect(preview.info.description).toContain('API version `2026-01-15`');
      const events = (await h.call('GET', '/asyncapi.json?version=2026-01-15', { key: null })).body;
      expect(Object.keys(events.components.schemas.Order.properties)).toEqual(expect.arrayContaining(['origin', 'destination']));
      expect(events.components.schemas.Order.properties).not.toHaveProperty('pickup');
      const v30 = (await h.call('GET', '/openapi-3.0.json?version=2026-01-15', { key: null })).body;
      expect(v30.components.schemas.Order.required).toContain('origin');
      const july = (await h.call('GET', '/openapi.json?version=2026-07-01', { key: null })).body;
      expect(july.components.schemas.Payment.properties.status.enum).toEqual(['succeeded', 'failed']);
      expect(july.components.schemas.Order.properties).toHaveProperty('pickup');
      const current = (await h.call('GET', '/openapi.json', { key: null })).body;
      expect(current.components.schemas.Order.properties).toHaveProperty('pickup');
      expect(current.components.schemas.Order.properties).not.toHaveProperty('origin');
    });

    it('answers 400 in the error envelope for a version it does not know', async () => {
      for (const path of ['/openapi.json', '/openapi-3.0.json', '/openapi.yaml', '/asyncapi.json', '/asyncapi.yaml']) {
        const r = await h.call('GET', `${path}?version=2025-01-01`, { key: null });
        expect(r.status, path).toBe(400);
        expect(r.body.error, path).toMatchObject({ type: 'validation_error', code: 'invalid_value', param: 'version', request_id: expect.any(String) });
      }
    });

    it('transforms nothing for the current version, and only resources of the changed type', () => {
      const body = { object: 'list', data: [{ object: 'order', pickup: 1 }, { object: 'customer', pickup: 2 }] };
      expect(renderForVersion(body, '2027-01-15')).toBe(body);
      expect(renderForVersion(body, '2026-01-15')).toEqual({ object: 'list', data: [{ object: 'order', origin: 1 }, { object: 'customer', pickup: 2 }] });
    });
  });
});
