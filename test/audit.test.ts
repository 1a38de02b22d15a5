// The audit log: read back with filters and paging (audit:read), the same object the
// `audit.privileged_action` event carries, and every privileged action recorded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Backend } from './support/databases.js';
import { startHarness, TestClock, type Harness, type OpReply } from './support/harness.js';
import { Carrier } from '../src/carriers/carriers.entities.js';
import type { components } from '../generated/openapi.js';
import type { OperationId } from '../src/shared/handlers.js';

describe.each(backends({ pooler: true }))('the audit log on %s', (backend: Backend) => {
  let h: Harness;
  const clock = new TestClock(Date.UTC(2026, 10, 23, 9, 0, 0));
  const unix = () => Math.floor(clock.now().getTime() / 1000);
  let admin: string;
  let reader: string;
  beforeAll(async () => {
    h = await startHarness(backend, { clock });
    admin = await h.key('audited', 'all');
    reader = await h.key('audited', 'audit:read');
  });
  afterAll(() => h.close());

  describe('listAuditLogs', () => {
    const made: { id: string; created: number; request: string }[] = [];
    let adminActor: string;
    let start: number;
    beforeAll(async () => {
      start = unix();
      for (let i = 0; i < 5; i++) {
        clock.advance(60_000);
        const r = await h.op('createApiKey', { key: admin, body: { name: `key ${i}`, scopes: ['orders:read'] } });
        expect(r.status).toBe(201);
        made.push({ id: r.body.id, created: unix(), request: r.headers.get('request-id')! });
      }
      clock.advance(60_000);
      expect((await h.op('revokeApiKey', { key: admin, params: { api_key_id: made[0]!.id } })).status).toBe(200);
      const first = await h.op('listAuditLogs', { key: reader, query: { target: made[0]!.id, action: 'api_key.created' } });
      adminActor = first.body.data[0]!.actor;
    });

    it('needs audit:read', async () => {
      const r = await h.op('listAuditLogs', { key: await h.key('audited', 'keys:manage') });
      expect(r.status).toBe(403);
      expect(r.error).toMatchObject({ code: 'insufficient_scope' });
      expect(r.error!.message).toContain('audit:read');
    });

    it('answers every entry newest first, with who, what, on which resource, from which request and address', async () => {
      const r = await h.op('listAuditLogs', { key: reader, query: { limit: 100 } });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ object: 'list', has_more: false, next_cursor: null });
      expect(r.body.data.map((e) => e.action)).toEqual(['api_key.revoked', ...Array(5).fill('api_key.created')]);
      const ids = r.body.data.map((e) => e.id);
      expect([...ids].sort().reverse()).toEqual(ids);
      const created = r.body.data.find((e) => e.target === made[2]!.id)!;
      expect(created).toEqual({
        id: expect.stringMatching(/^aud_[0-9A-Z]{26}$/),
        object: 'audit_log',
        livemode: true,
        actor: expect.stringMatching(/^key_/),
        action: 'api_key.created',
        target: made[2]!.id,
        request_id: made[2]!.request,
        ip: expect.stringMatching(/127\.0\.0\.1/),
        created: made[2]!.created,
      });
    });

    it('filters by action, target and actor, combined', async () => {
      const revoked = await h.op('listAuditLogs', { key: reader, query: { action: 'api_key.revoked' } });
      expect(revoked.body.data.map((e) => e.target)).toEqual([made[0]!.id]);
      const history = await h.op('listAuditLogs', { key: reader, query: { target: made[0]!.id } });
      expect(history.body.data.map((e) => e.action)).toEqual(['api_key.revoked', 'api_key.created']);
      const byAdmin = await h.op('listAuditLogs', { key: reader, query: { actor: adminActor, limit: 100 } });
      expect(byAdmin.body.data).toHaveLength(6);
      const both = await h.op('listAuditLogs', { key: reader, query: { actor: adminActor, action: 'api_key.created', target: made[4]!.id } });
      expect(both.body.data.map((e) => e.target)).toEqual([made[4]!.id]);
      const nobody = await h.op('listAuditLogs', { key: reader, query: { actor: 'usr_01JF3QJ3K5M7N9P1Q3R5S7T9V1' } });
      expect(nobody.body).toEqual({ object: 'list', data: [], has_more: false, next_cursor: null });
    });

    it('filters by creation time, inclusive at both ends', async () => {
      const r = await h.op('listAuditLogs', { key: reader, query: { 'created[gte]': made[1]!.created, 'created[lte]': made[3]!.created } });
      expect(r.status).toBe(200);
      expect(r.body.data.map((e) => e.target)).toEqual([made[3]!.id, made[2]!.id, made[1]!.id]);
      const before = await h.op('listAuditLogs', { key: reader, query: { 'created[lte]': start } });
      expect(before.body.data).toEqual([]);
    });

    it('pages with the cursor through every entry once', async () => {
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const r = await h.op('listAuditLogs', { key: reader, query: { limit: 4, ...(cursor ? { cursor } : {}) } });
        expect(r.status).toBe(200);
        seen.push(...r.body.data.map((e) => e.id));
        expect(r.body.next_cursor).toBe(r.body.has_more ? r.body.data.at(-1)!.id : null);
        cursor = r.body.next_cursor ?? undefined;
        pages++;
      } while (cursor);
      expect(pages).toBe(2);
      expect(seen).toHaveLength(6);
      expect(new Set(seen).size).toBe(6);
    });

    it('refuses malformed filters with the error envelope', async () => {
      for (const [param, value] of [['action', 'api_key.exploded'], ['actor', 'sk_live'], ['target', 'not an id'], ['cursor', 'key_01JF3QG0J2K4M6N8P0Q2R4S6T8'], ['created[gte]', 'yesterday']]) {
        const r = await h.call('GET', `/v1/audit_logs?${new URLSearchParams({ [param!]: value! })}`, { key: reader });
        expect(r.status, `${param}=${value}: ${r.text}`).toBe(400);
        expect(r.body.error).toMatchObject({ type: 'validation_error' });
      }
    });
  });

  describe('getAuditLog', () => {
    it('answers one entry, the same object its audit.privileged_action event carries', async () => {
      const key = await h.op('createApiKey', { key: admin, body: { scopes: ['orders:read'] } });
      const listed = await h.op('listAuditLogs', { key: reader, query: { target: key.body.id } });
      const id = listed.body.data[0]!.id;
      const got = await h.op('getAuditLog', { key: reader, params: { audit_log_id: id } });
      expect(got.status).toBe(200);
      expect(got.body).toEqual(listed.body.data[0]);
      const events = await h.op('listEvents', { key: admin, query: { type: 'audit.privileged_action', limit: 100 } });
      const event = events.body.data.find((e) => (e.data as { id: string }).id === id);
      expect(event?.data).toEqual(got.body);
    });

    it('answers 404 for an unknown entry and 400 for a malformed id', async () => {
      const missing = await h.op('getAuditLog', { key: reader, params: { audit_log_id: 'aud_01JF3QM5N7P9Q1R3S5T7V9W1X3' } });
      expect(missing.status).toBe(404);
      expect(missing.error).toMatchObject({ code: 'resource_missing', param: 'audit_log_id' });
      expect((await h.call('GET', '/v1/audit_logs/key_01JF3QG0J2K4M6N8P0Q2R4S6T8', { key: reader })).status).toBe(400);
    });
  });

  describe('privileged actions', () => {
    let owner: string;
    let ownerId: string;
    beforeAll(async () => {
      owner = await h.key('privileged', 'all');
      const keys = await h.op('listApiKeys', { key: owner, query: { limit: 100 } });
      ownerId = keys.body.data.find((k) => k.last4 === owner.slice(-4))!.id;
    });

    /** The one entry `reply`'s request recorded for `action` on `target`, and its audit.privileged_action event. */
    async function expectAudited(action: components['schemas']['AuditAction'], target: string, reply: Pick<OpReply<OperationId>, 'status' | 'headers' | 'error'>) {
      expect(reply.status, JSON.stringify(reply.error)).toBeLessThan(300);
      clock.advance(1000);
      const r = await h.op('listAuditLogs', { key: owner, query: { action, target } });
      expect(r.body.data).toHaveLength(1);
      const entry = r.body.data[0]!;
      expect(entry).toMatchObject({ object: 'audit_log', actor: ownerId, action, target, request_id: reply.headers.get('request-id'), ip: expect.any(String) });
      const events = await h.op('listEvents', { key: owner, query: { type: 'audit.privileged_action', limit: 100 } });
      const event = events.body.data.find((e) => (e.data as { id: string }).id === entry.id);
      expect(event, `audit.privileged_action for ${entry.id}`).toBeDefined();
      expect(event!.data).toEqual(entry);
      expect(event!.request_id).toBe(entry.request_id);
      expect(event!.created).toBe(entry.created);
      return entry;
    }

    const endpoint = async () => {
      const r = await h.op('createWebhookEndpoint', { key: owner, body: { url: 'https://hooks.privileged.example/in', enabled_events: ['*'] } });
      expect(r.status).toBe(201);
      return r;
    };
    const activeCarrier = async (dot: string) => {
      const r = await h.op('createCarrier', { key: owner, body: { dot_number: dot, contact_name: 'Maria Delgado', contact_email: 'dispatch@redline-auto.example', phone: '+16025550117' } });
      expect(r.status, JSON.stringify(r.error)).toBe(201);
      await h.database.db.em().nativeUpdate(Carrier, { id: r.body.id }, { status: 'active' });
      return r.body.id;
    };

    it('webhook_endpoint.created, and the new endpoint is not sent the record of its own creation', async () => {
      const created = await endpoint();
      await expectAudited('webhook_endpoint.created', created.body.id, created);
      const deliveries = await h.op('listWebhookDeliveries', { key: owner, params: { webhook_endpoint_id: created.body.id } });
      expect(deliveries.body.data).toEqual([]);
    });

    it('webhook_endpoint.updated, disabling included', async () => {
      const { body } = await endpoint();
      const updated = await h.op('updateWebhookEndpoint', { key: owner, params: { webhook_endpoint_id: body.id }, body: { status: 'disabled' } });
      await expectAudited('webhook_endpoint.updated', body.id, updated);
    });

    it('webhook_endpoint.deleted', async () => {
      const { body } = await endpoint();
      const deleted = await h.op('deleteWebhookEndpoint', { key: owner, params: { webhook_endpoint_id: body.id } });
      await expectAudited('webhook_endpoint.deleted', body.id, deleted);
    });

    it('webhook_endpoint.secret_rotated', async () => {
      const { body } = await endpoint();
      const rotated = await h.op('rotateWebhookEndpointSecret', { key: owner, params: { webhook_endpoint_id: body.id }, body: { grace_period_seconds: 3600 } });
      await expectAudited('webhook_endpoint.secret_rotated', body.id, rotated);
    });

    it('webhook_endpoint.deliveries_recovered', async () => {
      const { body } = await endpoint();
      const recovered = await h.op('recoverWebhookDeliveries', { key: owner, params: { webhook_endpoint_id: body.id }, body: { since: 1764547200 } });
      await expectAudited('webhook_endpoint.deliveries_recovered', body.id, recovered);
    });

    it('event.replayed', async () => {
      const created = await endpoint();
      const entry = await expectAudited('webhook_endpoint.created', created.body.id, created);
      const events = await h.op('listEvents', { key: owner, query: { type: 'audit.privileged_action', limit: 100 } });
      const event = events.body.data.find((e) => (e.data as { id: string }).id === entry.id)!;
      const replayed = await h.op('replayEvent', { key: owner, params: { event_id: event.id }, body: {} });
      await expectAudited('event.replayed', event.id, replayed);
    });

    it('carrier.suspended and carrier.reinstated', async () => {
      const carrier = await activeCarrier('2847193');
      const suspended = await h.op('suspendCarrier', { key: owner, params: { carrier_id: carrier }, body: { reason: 'Cargo claim under review' } });
      await expectAudited('carrier.suspended', carrier, suspended);
      const reinstated = await h.op('reinstateCarrier', { key: owner, params: { carrier_id: carrier } });
      await expectAudited('carrier.reinstated', carrier, reinstated);
    });

    it('records nothing when the action is refused', async () => {
      const created = await h.op('createCarrier', { key: owner, body: { dot_number: '3141592', contact_name: 'Pending Carrier', contact_email: 'pending@carrier.example', phone: '+16025550118' } });
      const refused = await h.op('suspendCarrier', { key: owner, params: { carrier_id: created.body.id }, body: { reason: 'Not active yet' } });
      expect(refused.status).toBe(409);
      const reinstate = await h.op('reinstateCarrier', { key: owner, params: { carrier_id: created.body.id } });
      expect(reinstate.status).toBe(409);
      expect((await h.op('listAuditLogs', { key: owner, query: { target: created.body.id } })).body.data).toEqual([]);
    });
  });
});
