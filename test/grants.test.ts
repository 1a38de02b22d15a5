// The one grant rule (API-DESIGN "Contract evolution and permissions"), as a table over every
// credential (a dashboard session of each role, a key of each single scope) x every scope or role it
// could give or take away x every action that gives or takes away: creating a user with a role, a key
// or an OAuth client with a scope, subscribing an endpoint to an event type; revoking a key or client
// of a scope, disabling or deleting a user of a role, changing an endpoint of an event type; and
// reading events of each type (listing, retrieving, replaying). The expectation of each cell comes
// from the published documents alone: the operation's scope (its `security`), plus what the cell
// gives or touches (a role's scopes, the scope itself, the event type's `x-scope`). Then what ends
// with its maker: the credentials a user made, when the user is deleted, disabled or demoted.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allScopes } from '../src/shared/spec.js';
import { ROLE_SCOPES } from '../src/users/roles.js';
import { backends, type Backend } from './support/databases.js';
import { fixtures } from './support/fixtures.js';
import { orderBody, startHarness, type Harness, type Reply } from './support/harness.js';

type Json = Record<string, any>;

const SCOPES = allScopes();
const ROLES = ['owner', 'admin', 'developer', 'viewer'] as const;
type Role = (typeof ROLES)[number];
/** Each event type and the scope that reads it, from the published AsyncAPI document. */
const EVENT_SCOPES: Record<string, string> = Object.fromEntries(
  Object.values((JSON.parse(readFileSync('generated/asyncapi.json', 'utf8')) as Json).components.messages as Record<string, Json>).map((m) => [m.name, m['x-scope']]),
);
const EVENT_TYPES = Object.keys(EVENT_SCOPES).sort();
/** The scope an operation needs, from its `security` in the published OpenAPI document. */
const OPENAPI = JSON.parse(readFileSync('generated/openapi.json', 'utf8')) as Json;
const opScope = (path: string, method: string): string[] => {
  const security = OPENAPI.paths[path][method].security as Record<string, string[]>[];
  return security.find((s) => 'bearerAuth' in s)!.bearerAuth!;
};

interface Credential {
  name: string;
  scopes: readonly string[];
  auth: { key: string | null; headers?: Record<string, string> };
}

describe('every event type names the scope that reads it', () => {
  it('is a scope of the OpenAPI document, for every message of the AsyncAPI document', () => {
    expect(EVENT_TYPES.length).toBeGreaterThan(20);
    for (const type of EVENT_TYPES) expect(SCOPES, type).toContain(EVENT_SCOPES[type]);
    // What carries money is accounting's, what carries the audit log is audit's.
    expect(EVENT_SCOPES['invoice.paid']).toBe('accounting:read');
    expect(EVENT_SCOPES['payment.received']).toBe('accounting:read');
    expect(EVENT_SCOPES['audit.privileged_action']).toBe('audit:read');
  });
});

describe.each(backends())('the grant rule on %s', (backend: Backend) => {
  let h: Harness;
  let owner: string;
  const credentials: Credential[] = [];
  let n = 0;
  const email = (what: string) => `${what}.${backend}.${++n}@grants.example`;
  const ok = <T = Json>(r: Reply, status = 200): T => {
    expect(r.status, r.text).toBe(status);
    return r.body as T;
  };

  /** A user of `role` made by the owner's key, signed in: a credential with the role's scopes. */
  async function session(role: Role): Promise<Credential> {
    const user = ok(await h.call('POST', '/v1/users', { key: owner, body: { email: email(role), role } }), 201);
    const r = await h.call('POST', '/v1/sessions', { key: null, body: { email: user.email, password: user.initial_password } });
    ok(r, 201);
    const cookie = r.headers.get('set-cookie')!.split(';')[0]!;
    return { name: `a ${role} session`, scopes: ROLE_SCOPES[role], auth: { key: null, headers: { Cookie: cookie, 'X-CSRF-Token': r.body.csrf_token } } };
  }

  beforeAll(async () => {
    h = await startHarness(backend);
    owner = await h.key('grants', 'all');
    for (const role of ROLES) credentials.push(await session(role));
    for (const scope of SCOPES) credentials.push({ name: `a ${scope} key`, scopes: [scope], auth: { key: await h.key('grants', scope) } });
  });
  afterAll(() => h.close());

  const as = (c: Credential, options: { body?: unknown } = {}) => ({ ...c.auth, ...options });
  /** The cell's expectation: allowed exactly when the credential holds everything it needs. */
  const allowed = (c: Credential, needs: readonly string[]) => needs.every((s) => c.scopes.includes(s));
  /** Runs one cell: 2xx when allowed, else 403 insufficient_scope naming a scope the credential lacks. */
  function expectCell(c: Credential, needs: readonly string[], r: Reply, what: string) {
    const label = `${c.name}: ${what} (needs ${[...new Set(needs)].join(', ')}) -> ${r.status} ${r.text.slice(0, 200)}`;
    if (allowed(c, needs)) {
      expect(r.status, label).toBeGreaterThanOrEqual(200);
      expect(r.status, label).toBeLessThan(300);
    } else {
      expect(r.status, label).toBe(403);
      expect(r.body.error.code, label).toBe('insufficient_scope');
      const missing = needs.filter((s) => !c.scopes.includes(s));
      expect(missing.some((s) => r.body.error.message.includes(s)), label).toBe(true);
    }
  }

  it('gives a role only with every scope of it (POST /v1/users)', async () => {
    const own = opScope('/v1/users', 'post');
    for (const c of credentials) {
      for (const role of ROLES) {
        const r = await h.call('POST', '/v1/users', as(c, { body: { email: email(`given-${role}`), role } }));
        expectCell(c, [...own, ...ROLE_SCOPES[role]], r, `give the role ${role}`);
      }
    }
  });

  it('gives a key or an OAuth client only scopes it holds (POST /v1/api_keys, POST /v1/oauth_clients)', async () => {
    const own = opScope('/v1/api_keys', 'post');
    expect(opScope('/v1/oauth_clients', 'post')).toEqual(own);
    for (const c of credentials) {
      for (const scope of SCOPES) {
        expectCell(c, [...own, scope], await h.call('POST', '/v1/api_keys', as(c, { body: { scopes: [scope] } })), `make a ${scope} key`);
        expectCell(c, [...own, scope], await h.call('POST', '/v1/oauth_clients', as(c, { body: { scopes: [scope] } })), `make a ${scope} client`);
      }
    }
  });

  it('subscribes an endpoint only to events it may read, `*` to all of them (POST /v1/webhook_endpoints)', async () => {
    const own = opScope('/v1/webhook_endpoints', 'post');
    for (const c of credentials) {
      for (const type of [...EVENT_TYPES, '*']) {
        const needs = type === '*' ? Object.values(EVENT_SCOPES) : [EVENT_SCOPES[type]!];
        const r = await h.call('POST', '/v1/webhook_endpoints', as(c, { body: { url: 'https://hooks.grants.example/in', enabled_events: [type] } }));
        expectCell(c, [...own, ...needs], r, `subscribe to ${type}`);
        if (r.status === 403 && allowed(c, own)) expect(r.body.error.param).toBe('enabled_events');
      }
    }
  });

  it('revokes a key or an OAuth client only when it holds every scope of it', async () => {
    const own = opScope('/v1/api_keys/{api_key_id}/revoke', 'post');
    // One target per scope, replaced once revoked: a refused revocation leaves it for the next credential.
    const targets = new Map<string, { key: string; client: string }>();
    const target = async (scope: string) => {
      const t = targets.get(scope) ?? {
        key: ok(await h.call('POST', '/v1/api_keys', { key: owner, body: { scopes: [scope] } }), 201).id,
        client: ok(await h.call('POST', '/v1/oauth_clients', { key: owner, body: { scopes: [scope] } }), 201).id,
      };
      targets.set(scope, t);
      return t;
    };
    for (const c of credentials) {
      for (const scope of SCOPES) {
        const t = await target(scope);
        const key = await h.call('POST', `/v1/api_keys/${t.key}/revoke`, as(c));
        expectCell(c, [...own, scope], key, `revoke a ${scope} key`);
        const client = await h.call('POST', `/v1/oauth_clients/${t.client}/revoke`, as(c));
        expectCell(c, [...own, scope], client, `revoke a ${scope} client`);
        if (key.status === 200 || client.status === 200) targets.delete(scope);
      }
    }
  });

  it('disables or deletes a user only when it holds every scope of the user\'s role', async () => {
    const own = opScope('/v1/users/{user_id}', 'delete');
    const pool = new Map<Role, string>();
    const target = async (role: Role) => {
      const id = pool.get(role) ?? ok(await h.call('POST', '/v1/users', { key: owner, body: { email: email(`target-${role}`), role } }), 201).id;
      pool.set(role, id);
      return id;
    };
    for (const c of credentials) {
      for (const role of ROLES) {
        const disabled = await h.call('PATCH', `/v1/users/${await target(role)}`, as(c, { body: { disabled: true } }));
        expectCell(c, [...own, ...ROLE_SCOPES[role]], disabled, `disable a user of role ${role}`);
        if (disabled.status === 200) pool.delete(role);
        const deleted = await h.call('DELETE', `/v1/users/${await target(role)}`, as(c));
        expectCell(c, [...own, ...ROLE_SCOPES[role]], deleted, `delete a user of role ${role}`);
        if (deleted.status === 200) pool.delete(role);
      }
    }
  });

  it('changes an endpoint only when it may read every event it receives', async () => {
    const own = opScope('/v1/webhook_endpoints/{webhook_endpoint_id}', 'patch');
    const endpoints = new Map<string, string>();
    for (const type of EVENT_TYPES) {
      endpoints.set(type, ok(await h.call('POST', '/v1/webhook_endpoints', { key: owner, body: { url: 'https://hooks.grants.example/owned', enabled_events: [type] } }), 201).id);
    }
    for (const c of credentials) {
      for (const type of EVENT_TYPES) {
        const r = await h.call('PATCH', `/v1/webhook_endpoints/${endpoints.get(type)}`, as(c, { body: { url: 'https://elsewhere.grants.example/in' } }));
        expectCell(c, [...own, EVENT_SCOPES[type]!], r, `point an endpoint of ${type} elsewhere`);
      }
    }
  });

  it('reads events of a type only with the scope that reads it: by type, by id, by replay, and lists only those', async () => {
    const own = opScope('/v1/events', 'get');
    // Events of three kinds of object: an order, an invoice, the audit log (keys were made above).
    const f = fixtures(h, owner);
    const customer = await f.customer();
    await f.order(customer, { until: 'pending' });
    await f.invoice(customer, [], { send: false });
    const all = ok<{ data: Json[] }>(await h.call('GET', '/v1/events?limit=100', { key: owner })).data;
    const samples = ['order.created', 'invoice.created', 'audit.privileged_action'].map((type) => all.find((e) => e.type === type)!);
    expect(samples.every(Boolean)).toBe(true);
    for (const c of credentials) {
      for (const type of EVENT_TYPES) {
        expectCell(c, [...own, EVENT_SCOPES[type]!], await h.call('GET', `/v1/events?type=${type}&limit=1`, as(c)), `list ${type} events`);
      }
      for (const event of samples) {
        const needs = [...own, EVENT_SCOPES[event.type]!];
        const got = await h.call('GET', `/v1/events/${event.id}`, as(c));
        expectCell(c, needs, got, `read a ${event.type} event`);
        if (got.status === 200) expect(got.body.data).toEqual(event.data);
        expectCell(c, needs, await h.call('POST', `/v1/events/${event.id}/replay`, as(c, { body: {} })), `replay a ${event.type} event`);
      }
      if (allowed(c, own)) {
        // Replays above are audited: read the whole log again, then the caller's view of it.
        const now = ok<{ data: Json[] }>(await h.call('GET', '/v1/events?limit=100', { key: owner })).data;
        const listed = ok<{ data: Json[] }>(await h.call('GET', '/v1/events?limit=100', as(c))).data;
        for (const e of listed) expect(c.scopes, `${c.name} listed ${e.type}`).toContain(EVENT_SCOPES[e.type]);
        // ... and nothing it may read is left out.
        const readable = now.filter((e) => c.scopes.includes(EVENT_SCOPES[e.type]!)).map((e) => e.id);
        expect(listed.map((e) => e.id).slice(0, readable.length)).toEqual(readable);
      }
    }
  });

  it('names each type\'s scope in the event-type catalog', async () => {
    const catalog = ok<{ data: Json[] }>(await h.call('GET', '/v1/event_types?limit=100', { key: owner })).data;
    expect(Object.fromEntries(catalog.map((t) => [t.type, t.scope]))).toEqual(EVENT_SCOPES);
  });
});

describe.each(backends())('credentials end with their maker on %s', (backend: Backend) => {
  let h: Harness;
  let owner: string;
  let n = 0;
  beforeAll(async () => {
    h = await startHarness(backend);
    owner = await h.key('makers', 'all');
  });
  afterAll(() => h.close());

  const ok = <T = Json>(r: Reply, status = 200): T => {
    expect(r.status, r.text).toBe(status);
    return r.body as T;
  };
  /** A user of `role`, signed in; what they make through the API, with their session. */
  async function person(role: Role) {
    const user = ok(await h.call('POST', '/v1/users', { key: owner, body: { email: `${role}.${backend}.${++n}@makers.example`, role } }), 201);
    const r = await h.call('POST', '/v1/sessions', { key: null, body: { email: user.email, password: user.initial_password } });
    ok(r, 201);
    const auth = { key: null, headers: { Cookie: r.headers.get('set-cookie')!.split(';')[0]!, 'X-CSRF-Token': r.body.csrf_token as string } };
    const key = async (scopes: string[], as: { key: string | null; headers?: Record<string, string> } = auth) => {
      const made = ok(await h.call('POST', '/v1/api_keys', { ...as, body: { scopes } }), 201);
      return { id: made.id as string, secret: made.secret as string, createdBy: made.created_by as string };
    };
    const client = async (scopes: string[]) => ok(await h.call('POST', '/v1/oauth_clients', { ...auth, body: { scopes } }), 201);
    return { id: user.id as string, key, client };
  }
  const works = async (secret: string) => (await h.call('GET', '/v1/orders?limit=1', { key: secret })).status;

  it('records who made a key or client: the user, or the key that made it', async () => {
    const dev = await person('developer');
    const first = await dev.key(['orders:read', 'keys:manage']);
    expect(first.createdBy).toBe(dev.id);
    const second = await dev.key(['orders:read'], { key: first.secret });
    expect(second.createdBy).toBe(first.id);
    expect(ok(await h.call('GET', `/v1/api_keys/${second.id}`, { key: owner })).created_by).toBe(first.id);
    expect((await dev.client(['orders:read'])).created_by).toBe(dev.id);
  });

  it('revokes what a deleted user made, and what was made with it, each recorded in the audit log', async () => {
    const dev = await person('developer');
    const first = await dev.key(['orders:read', 'keys:manage']);
    const second = await dev.key(['orders:read'], { key: first.secret });
    const client = await dev.client(['orders:read']);
    const others = await h.key('makers', 'orders:read');
    expect(await works(first.secret)).toBe(200);
    expect(await works(second.secret)).toBe(200);
    ok(await h.call('DELETE', `/v1/users/${dev.id}`, { key: owner }));
    expect(await works(first.secret)).toBe(401);
    expect(await works(second.secret)).toBe(401);
    expect(ok(await h.call('GET', `/v1/oauth_clients/${client.id}`, { key: owner })).revoked_at).not.toBeNull();
    const token = await h.call('POST', '/oauth/token', { key: null, raw: 'grant_type=client_credentials', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Basic ${Buffer.from(`${client.id}:${client.client_secret}`).toString('base64')}` } });
    expect(token.status).toBe(401);
    // What another made lives on.
    expect(await works(others)).toBe(200);
    const audit = ok<{ data: Json[] }>(await h.call('GET', '/v1/audit_logs?limit=20', { key: owner })).data;
    for (const target of [first.id, second.id, client.id]) {
      expect(audit.some((a) => a.target === target && a.action.endsWith('.revoked')), target).toBe(true);
    }
  });

  it('revokes what a disabled user made, for good (enabling them again brings back none of it)', async () => {
    const dev = await person('developer');
    const key = await dev.key(['orders:read']);
    ok(await h.call('PATCH', `/v1/users/${dev.id}`, { key: owner, body: { disabled: true } }));
    expect(await works(key.secret)).toBe(401);
    ok(await h.call('PATCH', `/v1/users/${dev.id}`, { key: owner, body: { disabled: false } }));
    expect(await works(key.secret)).toBe(401);
  });

  it('revokes, when a role is taken down, what reaches beyond the new role and keeps the rest', async () => {
    const admin = await person('admin');
    const books = await admin.key(['accounting:read']);
    const orders = await admin.key(['orders:read']);
    ok(await h.call('PATCH', `/v1/users/${admin.id}`, { key: owner, body: { role: 'developer' } }));
    expect((await h.call('GET', '/v1/invoices?limit=1', { key: books.secret })).status).toBe(401);
    expect(await works(orders.secret)).toBe(200);
  });
});

describe.each(backends())('no road around the grant rule on %s', (backend: Backend) => {
  let h: Harness;
  let owner: string;
  beforeAll(async () => {
    h = await startHarness(backend, { signIn: { perEmail: 3, perAddress: 1000, windowMs: 15 * 60_000 } });
    owner = await h.key('roads', 'all');
  });
  afterAll(() => h.close());
  const ok = <T = Json>(r: Reply, status = 200): T => {
    expect(r.status, r.text).toBe(status);
    return r.body as T;
  };

  it("keeps an Idempotency-Key to its credential: another one reusing it gets 409, never the first answer's secret, which is sealed at rest", async () => {
    const other = await h.key('roads', 'keys:manage accounting:read customers:read audit:read webhooks:manage');
    const body = { name: 'billing-sync', scopes: ['accounting:read', 'customers:read'] };
    const first = ok(await h.call('POST', '/v1/api_keys', { key: owner, body, headers: { 'Idempotency-Key': 'roads-1' } }), 201);
    const again = await h.call('POST', '/v1/api_keys', { key: owner, body, headers: { 'Idempotency-Key': 'roads-1' } });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.secret).toBe(first.secret);
    const stolen = await h.call('POST', '/v1/api_keys', { key: other, body, headers: { 'Idempotency-Key': 'roads-1' } });
    expect(stolen.status).toBe(409);
    expect(stolen.body.error.code).toBe('idempotency_key_reused');
    expect(stolen.text).not.toContain(first.secret);
    const [row] = await h.database.db.em().getConnection().execute<{ response_body: string }[]>(`select response_body from idempotency_keys where key = 'roads-1'`);
    expect(row!.response_body).not.toContain(first.secret);
    expect(row!.response_body).not.toContain('billing-sync');
  });

  it('revokes, with a key revoked by hand, every key and client made with it', async () => {
    const leaked = ok(await h.call('POST', '/v1/api_keys', { key: owner, body: { scopes: ['orders:read', 'keys:manage'] } }), 201);
    const child = ok(await h.call('POST', '/v1/api_keys', { key: leaked.secret, body: { scopes: ['orders:read'] } }), 201);
    const client = ok(await h.call('POST', '/v1/oauth_clients', { key: leaked.secret, body: { scopes: ['orders:read'] } }), 201);
    expect((await h.call('GET', '/v1/orders?limit=1', { key: child.secret })).status).toBe(200);
    ok(await h.call('POST', `/v1/api_keys/${leaked.id}/revoke`, { key: owner }));
    expect((await h.call('GET', '/v1/orders?limit=1', { key: child.secret })).status).toBe(401);
    expect(ok(await h.call('GET', `/v1/oauth_clients/${client.id}`, { key: owner })).revoked_at).not.toBeNull();
  });

  it('drops what waits for an endpoint of the types it no longer receives, so a weaker key that changes it reads none of it', async () => {
    const orders = await h.key('roads', 'webhooks:manage orders:read');
    // Nothing listens there: every delivery fails and waits for its retry.
    const endpoint = ok(await h.call('POST', '/v1/webhook_endpoints', { key: owner, body: { url: 'http://127.0.0.1:9/nothing', enabled_events: ['invoice.created', 'order.created'] } }), 201);
    const f = fixtures(h, owner);
    const customer = await f.customer();
    await f.invoice(customer, [], { send: false });
    await f.order(customer, { until: 'pending' });
    const waiting = async () => ok<{ data: Json[] }>(await h.call('GET', `/v1/webhook_endpoints/${endpoint.id}/deliveries?limit=100`, { key: owner })).data.map((d) => d.event_type).sort();
    expect(await waiting()).toEqual(['invoice.created', 'order.created']);
    // The weaker key may not touch it, nor read its log, while it receives invoices.
    expect((await h.call('PATCH', `/v1/webhook_endpoints/${endpoint.id}`, { key: orders, body: { url: 'https://attacker.example/in' } })).status).toBe(403);
    expect((await h.call('GET', `/v1/webhook_endpoints/${endpoint.id}/deliveries`, { key: orders })).status).toBe(403);
    ok(await h.call('PATCH', `/v1/webhook_endpoints/${endpoint.id}`, { key: owner, body: { enabled_events: ['order.created'] } }));
    expect(await waiting()).toEqual(['order.created']);
    ok(await h.call('PATCH', `/v1/webhook_endpoints/${endpoint.id}`, { key: orders, body: { url: 'https://hooks.roads.example/in' } }));
    expect(ok(await h.call('POST', `/v1/webhook_endpoints/${endpoint.id}/recover`, { key: orders, body: { since: 0 } })).requeued).toBe(0);
  });

  it("shows a delivery only to a credential that may read its event's type", async () => {
    const hooks = await h.key('roads', 'webhooks:manage');
    const all = ok<{ data: Json[] }>(await h.call('GET', '/v1/events?type=invoice.created&limit=1', { key: owner })).data;
    const endpoint = ok(await h.call('POST', '/v1/webhook_endpoints', { key: owner, body: { url: 'http://127.0.0.1:9/log', enabled_events: ['invoice.created'] } }), 201);
    const [delivery] = ok(await h.call('POST', `/v1/events/${all[0]!.id}/replay`, { key: owner, body: { webhook_endpoint_id: endpoint.id } })).deliveries as Json[];
    expect((await h.call('GET', `/v1/webhook_deliveries/${delivery!.id}`, { key: hooks })).status).toBe(403);
    expect(ok(await h.call('GET', `/v1/webhook_deliveries/${delivery!.id}`, { key: owner })).event_type).toBe('invoice.created');
  });

  it('shows a message about an order (its rate confirmation, its notices to the customer) only to a credential that may read orders, by every road', async () => {
    const books = await h.key('roads', 'accounting:read accounting:write');
    const booksAndOrders = await h.key('roads', 'accounting:read accounting:write orders:read');
    const f = fixtures(h, owner);
    const customer = await f.customer();
    const order = await f.order(customer); // dispatched (a rate confirmation to the carrier), delivered (a notice with the signed bill of lading)
    const invoice = await f.invoice(customer, [order]);
    const byOwner = ok<{ data: Json[] }>(await h.call('GET', `/v1/messages?limit=100`, { key: owner })).data;
    const aboutOrder = byOwner.filter((m) => m.subject_id === order);
    expect(aboutOrder.map((m) => m.kind).sort()).toEqual(['order_delivered', 'rate_confirmation']);
    const invoiceMessage = byOwner.find((m) => m.subject_id === invoice.id)!;
    expect(invoiceMessage.kind).toBe('invoice');

    // Without orders:read: the invoice's message, none of the order's, by list, filter, id, attachment or sending.
    const listed = ok<{ data: Json[] }>(await h.call('GET', '/v1/messages?limit=100', { key: books })).data;
    expect(listed.some((m) => m.id === invoiceMessage.id)).toBe(true);
    expect(listed.filter((m) => m.kind === 'rate_confirmation' || m.kind.startsWith('order_'))).toEqual([]);
    expect(ok<{ data: Json[] }>(await h.call('GET', `/v1/messages?subject_id=${order}`, { key: books })).data).toEqual([]);
    for (const kind of ['rate_confirmation', 'order_delivered']) {
      const r = await h.call('GET', `/v1/messages?kind=${kind}`, { key: books });
      expect(r.status, r.text).toBe(403);
      expect(r.body.error).toMatchObject({ code: 'insufficient_scope', param: 'kind' });
      expect(r.body.error.message).toContain('orders:read');
    }
    for (const m of aboutOrder) {
      for (const [method, path] of [['GET', `/v1/messages/${m.id}`], ['GET', `/v1/messages/${m.id}/attachments/0.pdf`], ['POST', `/v1/messages/${m.id}/send`]] as const) {
        const r = await h.call(method, path, { key: books });
        expect(r.status, `${method} ${path}: ${r.text}`).toBe(403);
        expect(r.body.error.code).toBe('insufficient_scope');
        expect(r.text).not.toContain('/t/trk_');
      }
    }
    expect(ok(await h.call('GET', `/v1/messages/${invoiceMessage.id}`, { key: books })).kind).toBe('invoice');

    // With it, all of them.
    const all = ok<{ data: Json[] }>(await h.call('GET', `/v1/messages?subject_id=${order}`, { key: booksAndOrders })).data;
    expect(all.map((m) => m.id).sort()).toEqual(aboutOrder.map((m) => m.id).sort());
    for (const m of aboutOrder) {
      expect(ok(await h.call('GET', `/v1/messages/${m.id}`, { key: booksAndOrders })).id).toBe(m.id);
      expect((await h.call('GET', `/v1/messages/${m.id}/attachments/0.pdf`, { key: booksAndOrders })).status).toBe(200);
    }
    expect(ok<{ data: Json[] }>(await h.call('GET', '/v1/messages?kind=rate_confirmation', { key: booksAndOrders })).data.length).toBeGreaterThan(0);
  });

  it('gives a waiting listener nothing it may not read, when a stronger credential widens what it receives meanwhile', async () => {
    const weak = await h.key('roads', 'webhooks:manage orders:read', { livemode: false });
    const strong = await h.key('roads', 'all', { livemode: false });
    const listener = ok(await h.call('POST', '/v1/webhook_listeners', { key: weak, body: { name: 'widened', enabled_events: ['order.created'] } }), 201);
    const waiting = h.call('POST', `/v1/webhook_endpoints/${listener.id}/listen`, { key: weak, body: { wait_seconds: 5 } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    ok(await h.call('PATCH', `/v1/webhook_endpoints/${listener.id}`, { key: strong, body: { enabled_events: ['*'] } }));
    await fixtures(h, strong).invoice(await fixtures(h, strong).customer(), [], { send: false });
    const r = await waiting;
    // Refused (it may not change what now receives invoices), or at most what it may read: never the invoice.
    expect(r.text).not.toContain('invoice.created');
    expect(r.status, r.text).toBe(403);
    expect(r.body.error.code).toBe('insufficient_scope');
  });

  it('gives a waiting listener nothing once its key is revoked meanwhile', async () => {
    const strong = await h.key('roads', 'all', { livemode: false });
    const made = ok(await h.call('POST', '/v1/api_keys', { key: strong, body: { scopes: ['webhooks:manage', 'orders:read'] } }), 201);
    const listener = ok(await h.call('POST', '/v1/webhook_listeners', { key: made.secret, body: { name: 'revoked', enabled_events: ['order.created'] } }), 201);
    const waiting = h.call('POST', `/v1/webhook_endpoints/${listener.id}/listen`, { key: made.secret, body: { wait_seconds: 5 } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    ok(await h.call('POST', `/v1/api_keys/${made.id}/revoke`, { key: strong }));
    await fixtures(h, strong).order(await fixtures(h, strong).customer(), { until: 'pending' });
    const r = await waiting;
    expect(r.text).not.toContain('order.created');
    expect(r.status, r.text).toBe(401);
  });

  it('deletes a test clock only for a credential that may take away what lives on it', async () => {
    const strong = await h.key('roads', 'all', { livemode: false });
    const orders = await h.key('roads', 'orders:read orders:write', { livemode: false });
    const clockOf = async () => ok(await h.call('POST', '/v1/test_helpers/test_clocks', { key: strong, body: { frozen_time: Math.floor(Date.now() / 1000) } }), 201).id as string;
    const dot = () => String(5_000_000 + Math.floor(Math.random() * 999_999));

    // Only orders and customers on it: the orders scope deletes it.
    const plain = await clockOf();
    const customer = ok(await h.call('POST', '/v1/customers', { key: orders, body: { name: 'On a clock', test_clock: plain } }), 201);
    ok(await h.call('POST', '/v1/orders', { key: orders, body: orderBody(customer.id) }), 201);
    ok(await h.call('DELETE', `/v1/test_helpers/test_clocks/${plain}`, { key: orders }));

    // A carrier, an endpoint receiving every event, an invoice: each needs its own scopes to be taken away.
    for (const what of ['carrier', 'endpoint', 'invoice'] as const) {
      const clock = await clockOf();
      const made =
        what === 'carrier'
          ? ok(await h.call('POST', '/v1/carriers', { key: strong, body: { dot_number: dot(), contact_name: 'Dispatch', contact_email: 'd@clock.example', phone: '+16025550117', test_clock: clock } }), 201)
          : what === 'endpoint'
            ? ok(await h.call('POST', '/v1/webhook_endpoints', { key: strong, body: { url: 'https://hooks.clock.example/in', enabled_events: ['*'], test_clock: clock } }), 201)
            : await fixtures(h, strong).invoice(ok(await h.call('POST', '/v1/customers', { key: strong, body: { name: 'Billed on a clock', email: 'ap@clock.example', test_clock: clock } }), 201).id, [], { send: false });
      const path = what === 'carrier' ? `/v1/carriers/${made.id}` : what === 'endpoint' ? `/v1/webhook_endpoints/${made.id}` : `/v1/invoices/${made.id}`;
      const refused = await h.call('DELETE', `/v1/test_helpers/test_clocks/${clock}`, { key: orders });
      expect(refused.status, `${what}: ${refused.text}`).toBe(403);
      expect(refused.body.error.code).toBe('insufficient_scope');
      expect((await h.call('GET', path, { key: strong })).status, `${what} is still there`).toBe(200);
      ok(await h.call('DELETE', `/v1/test_helpers/test_clocks/${clock}`, { key: strong }));
      expect((await h.call('GET', path, { key: strong })).status).toBe(404);
    }
  });

  it('deletes the test data only for a credential holding every scope', async () => {
    const team = await h.key('roads', 'users:manage');
    const refused = await h.call('DELETE', '/v1/test_data', { key: team });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('insufficient_scope');
  });

  it("counts guesses at an email whatever another account's user of that email does: a success there clears nothing", async () => {
    const victim = ok(await h.call('POST', '/v1/users', { key: owner, body: { email: 'victim@roads.example', role: 'admin' } }), 201);
    const evil = await h.key('roads-evil', 'all');
    const password = 'Vq8-tundra-lantern-91x';
    ok(await h.call('POST', '/v1/users', { key: evil, body: { email: 'victim@roads.example', role: 'viewer', password } }), 201);
    const signIn = (pw: string) => h.call('POST', '/v1/sessions', { key: null, body: { email: 'victim@roads.example', password: pw } });
    expect((await signIn('wrong guess one')).status).toBe(401);
    expect((await signIn(password)).status).toBe(201);
    expect((await signIn('wrong guess two')).status).toBe(401);
    expect((await signIn(password)).status).toBe(201);
    // Two failures and two successes given back: one attempt is left, then the email is throttled.
    expect((await signIn('wrong guess three')).status).toBe(401);
    expect((await signIn(victim.initial_password)).status).toBe(429);
  });
});
