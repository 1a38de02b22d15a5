// The HTTP contract shared by every operation: request ids, versions, routing, bodies, auth, scopes, limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Backend } from './support/databases.js';
import { orderBody, startHarness, TestClock, type Harness } from './support/harness.js';
import { ApiKey } from '../src/auth/auth.entities.js';

const REQUEST_ID = /^req_[0-9A-HJKMNP-TV-Z]{26}$/;

describe.each(backends())('HTTP pipeline on %s', (backend: Backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(() => h.close());

  describe('every response', () => {
    it('carries Request-Id and Service-Version, and errors repeat the request id', async () => {
      const ok = await h.call('GET', '/healthz', { key: null });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('request-id')).toMatch(REQUEST_ID);
      expect(ok.headers.get('service-version')).toBe('2027-01-15');
      const err = await h.call('GET', '/v1/orders/ord_01JF3Q9R2S4T6V8W0X2Y4Z6A8B');
      expect(err.status).toBe(404);
      expect(err.body.error.request_id).toBe(err.headers.get('request-id'));
    });
    it('gives every request a different id', async () => {
      const a = await h.call('GET', '/healthz', { key: null });
      const b = await h.call('GET', '/healthz', { key: null });
      expect(a.headers.get('request-id')).not.toBe(b.headers.get('request-id'));
    });
  });

  describe('routing', () => {
    it('answers 404 route_not_found for unknown paths', async () => {
      const r = await h.call('GET', '/v1/nothing-here');
      expect(r.status).toBe(404);
      expect(r.body.error).toMatchObject({ type: 'invalid_request_error', code: 'route_not_found' });
    });
    it('answers 405 with Allow for a known path and another method', async () => {
      const r = await h.call('DELETE', '/v1/orders');
      expect(r.status).toBe(405);
      expect(r.headers.get('allow')).toBe('GET, POST');
      expect(r.body.error.code).toBe('method_not_allowed');
      const put = await h.call('PUT', '/v1/orders/ord_01JF3Q9R2S4T6V8W0X2Y4Z6A8B');
      expect(put.status).toBe(405);
      expect(put.headers.get('allow')).toBe('GET, PATCH');
    });
    it('prefers the most specific path and ignores a trailing slash', async () => {
      const action = await h.call('GET', '/v1/orders/ord_01JF3Q9R2S4T6V8W0X2Y4Z6A8B/cancel');
      expect(action.status).toBe(405);
      expect(action.headers.get('allow')).toBe('POST');
      expect((await h.call('GET', '/v1/orders/')).status).toBe(200);
      expect((await h.call('GET', '/v1/orders/ord_01JF3Q9R2S4T6V8W0X2Y4Z6A8B/cancel/more')).status).toBe(404);
    });
    it('answers OPTIONS with the allowed methods', async () => {
      const r = await h.call('OPTIONS', '/v1/customers');
      expect(r.status).toBe(204);
      expect(r.headers.get('allow')).toBe('GET, POST, OPTIONS');
    });
  });

  describe('request bodies', () => {
    it('rejects a body that is not JSON with 415', async () => {
      const r = await h.call('POST', '/v1/customers', { raw: 'name=x', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
      expect(r.status).toBe(415);
      expect(r.body.error).toMatchObject({ type: 'invalid_request_error', code: 'unsupported_media_type' });
    });
    it('rejects malformed JSON with 400 invalid_json', async () => {
      const r = await h.call('POST', '/v1/customers', { raw: '{"name": ', headers: { 'Content-Type': 'application/json' } });
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ type: 'validation_error', code: 'invalid_json' });
    });
    it('rejects bodies over 1 MiB with 413', async () => {
      const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024) });
      const r = await h.call('POST', '/v1/customers', { raw: big, headers: { 'Content-Type': 'application/json' } });
      expect(r.status).toBe(413);
      expect(r.body.error.code).toBe('payload_too_large');
    });
    it('rejects a JSON null where an optional body must be an object', async () => {
      const r = await h.call('POST', '/v1/orders/ord_01JF3Q9R2S4T6V8W0X2Y4Z6A8B/cancel', { raw: 'null', headers: { 'Content-Type': 'application/json' } });
      expect(r.status).toBe(400);
      expect(r.body.error.type).toBe('validation_error');
    });
    it('rejects a missing required body', async () => {
      const r = await h.call('POST', '/v1/customers');
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('missing_required_field');
    });
    it('rejects unknown fields naming them', async () => {
      const r = await h.call('POST', '/v1/customers', { body: { name: 'A', nmae: 'typo' } });
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ code: 'unknown_field', param: 'nmae' });
    });
    it('accepts a JSON content type with a charset', async () => {
      const r = await h.call('POST', '/v1/customers', {
        raw: JSON.stringify({ name: 'Charset Co' }),
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
      });
      expect(r.status).toBe(201);
    });
  });

  describe('authentication', () => {
    it('answers 401 missing_credentials without a key, with WWW-Authenticate', async () => {
      const r = await h.call('GET', '/v1/orders', { key: null });
      expect(r.status).toBe(401);
      expect(r.headers.get('www-authenticate')).toContain('Bearer');
      expect(r.body.error).toMatchObject({ type: 'authentication_error', code: 'missing_credentials' });
    });
    it('answers 401 invalid_api_key for an unknown or malformed key', async () => {
      for (const key of ['sk_' + 'a'.repeat(43), 'not-a-key']) {
        const r = await h.call('GET', '/v1/orders', { key });
        expect(r.status).toBe(401);
        expect(r.body.error.code).toBe('invalid_api_key');
      }
    });
    it('refuses a revoked key on the next request', async () => {
      const key = await h.key('revoking');
      expect((await h.call('GET', '/v1/orders', { key })).status).toBe(200);
      const em = h.database.db.em();
      await em.nativeUpdate(ApiKey, { last4: key.slice(-4) }, { revokedAt: new Date() });
      expect((await h.call('GET', '/v1/orders', { key })).status).toBe(401);
    });
    it('serves the platform endpoints without a key', async () => {
      for (const path of ['/openapi.json', '/openapi-3.0.json', '/openapi.yaml', '/asyncapi.json', '/asyncapi.yaml', '/docs', '/healthz', '/readyz', '/metrics']) {
        const r = await h.call('GET', path, { key: null });
        expect(r.status, path).toBe(200);
      }
    });
    it('publishes the document as OpenAPI 3.0 too: the same operations, nothing 3.1-only left', async () => {
      type Json = Record<string, any>;
      const v31 = (await h.call('GET', '/openapi.json', { key: null })).body as Json;
      const v30 = (await h.call('GET', '/openapi-3.0.json', { key: null })).body as Json;
      expect(v30.openapi).toBe('3.0.3');
      const operations = (doc: Json) => Object.values(doc.paths as Record<string, Record<string, { operationId?: string }>>).flatMap((item) => Object.values(item).map((op) => op.operationId)).sort();
      expect(operations(v30)).toEqual(operations(v31));
      const text = JSON.stringify(v30);
      for (const only31 of ['"type":"null"', '"const":', '"propertyNames"', '"if":', '"examples":{"type"']) expect(text, only31).not.toContain(only31);
      // A nullable field is nullable the 3.0 way (an order's carrier_id before dispatch).
      const order = (v30.components as Json).schemas.Order.properties;
      expect(order.carrier_id).toMatchObject({ nullable: true });
      expect(order.cancelled_at).toMatchObject({ type: 'integer', nullable: true });
    });
  });

  describe('validation messages', () => {
    // Never the validator's own wording: these phrases come from Ajv and mean nothing to an integrator.
    const VALIDATOR_WORDING = /must be equal to|must NOT|must match|oneOf|anyOf|allOf|const\b|enum\b|schema|additionalProperties|instancePath/;
    const endpoint = (enabled_events: unknown) => h.call('POST', '/v1/webhook_endpoints', { body: { url: 'https://hooks.example.com/h', enabled_events } });

    it('name an unknown event type, the value sent and the allowed types (enabled_events: ["order.teleported"])', async () => {
      const r = await endpoint(['order.teleported']);
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ type: 'validation_error', code: 'invalid_value', param: 'enabled_events[0]' });
      expect(r.body.error.message).toContain('enabled_events[0] is "order.teleported"');
      expect(r.body.error.message).toContain('order.created, order.dispatched');
      expect(r.body.error.message).toContain('["*"] for all');
      expect(r.body.error.message).not.toMatch(VALIDATOR_WORDING);
    });

    it('judge a list of types against the event types, not against ["*"] (["customer.archived","carrier.onboarded"])', async () => {
      const r = await endpoint(['customer.archived', 'carrier.onboarded']);
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ code: 'invalid_value', param: 'enabled_events[0]' });
      expect(r.body.error.message).toContain('"customer.archived", which is not an allowed value');
      expect(r.body.error.message).not.toContain('more than 1');
      expect(r.body.error.message).not.toMatch(VALIDATOR_WORDING);
    });

    it.each([
      ['a repeated type', ['order.created', 'order.created'], 'enabled_events', 'lists "order.created" more than once'],
      ['a string instead of a list', 'order.created', 'enabled_events', 'is "order.created", but it must be a list'],
      ['an empty list', [], 'enabled_events', 'has 0 items; it must have at least 1 item'],
    ])('say what is wrong with %s', async (_, value, param, words) => {
      const r = await endpoint(value);
      expect(r.status).toBe(400);
      expect(r.body.error.param).toBe(param);
      expect(r.body.error.message).toContain(words);
      expect(r.body.error.message).not.toMatch(VALIDATOR_WORDING);
    });

    it.each([
      ['/v1/orders?limit=500', 'limit', 'limit is 500; it must be at most 100.'],
      ['/v1/orders?status=flying', 'status', 'status is "flying", which is not an allowed value. Allowed: pending, dispatched, in_transit, delivered, cancelled.'],
      ['/v1/orders?created[gte]=soon', 'created[gte]', 'created[gte] is "soon", but it must be a whole number.'],
    ])('word query parameters the same way (%s)', async (path, param, message) => {
      const r = await h.call('GET', path);
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ type: 'validation_error', param, message });
    });

    it('describe a format in words and an unknown field with the fields allowed', async () => {
      const customer = (body: unknown) => h.call('POST', '/v1/customers', { body });
      const email = await customer({ name: 'A', email: 'not-an-email' });
      expect(email.body.error).toMatchObject({ code: 'invalid_format', param: 'email', message: 'email is "not-an-email", which is not an e-mail address.' });
      const unknown = await customer({ name: 'A', nmae: 'B' });
      expect(unknown.body.error).toMatchObject({ code: 'unknown_field', param: 'nmae' });
      expect(unknown.body.error.message).toMatch(/^Unknown field nmae: .* Allowed here: name, /);
    });
  });

  describe('scopes', () => {
    it('answers 403 insufficient_scope naming the scope', async () => {
      const key = await h.key('readonly', 'orders:read');
      const r = await h.call('POST', '/v1/customers', { key, body: { name: 'X' } });
      expect(r.status).toBe(403);
      expect(r.body.error).toMatchObject({ type: 'permission_error', code: 'insufficient_scope' });
      expect(r.body.error.message).toContain('customers:write');
      expect((await h.call('GET', '/v1/orders', { key })).status).toBe(200);
    });
    it("lets a key with only the specification's seven scopes create a customer and place its order", async () => {
      const key = await h.key('seven', 'orders:read,orders:write,carriers:read,carriers:write,accounting:read,accounting:write,webhooks:manage');
      const customer = await h.call('POST', '/v1/customers', { key, body: { name: 'Classic Cars Co' } });
      expect(customer.status).toBe(201);
      expect((await h.call('PATCH', `/v1/customers/${customer.body.id}`, { key, body: { phone: '+13125550100' } })).status).toBe(200);
      expect((await h.call('GET', `/v1/customers/${customer.body.id}`, { key })).status).toBe(200);
      expect((await h.call('GET', '/v1/customers', { key })).body.data).toHaveLength(1);
      const order = await h.call('POST', '/v1/orders', { key, body: orderBody(customer.body.id) });
      expect(order.status).toBe(201);
    });
    it('grants the customer operations to orders:read (reading) and orders:write (changing), and keeps customers:* narrow', async () => {
      const reader = await h.key('order-reader', 'orders:read');
      expect((await h.call('GET', '/v1/customers', { key: reader })).status).toBe(200);
      const refused = await h.call('POST', '/v1/customers', { key: reader, body: { name: 'X' } });
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toBe('This operation needs the scope customers:write or orders:write.');
      const customersOnly = await h.key('customers-only', 'customers:read,customers:write');
      expect((await h.call('POST', '/v1/customers', { key: customersOnly, body: { name: 'Y' } })).status).toBe(201);
      expect((await h.call('GET', '/v1/orders', { key: customersOnly })).status).toBe(403);
    });
  });
});

describe.each(backends())('rate limits on %s', (backend: Backend) => {
  let h: Harness;
  const clock = new TestClock(Date.UTC(2026, 10, 22, 12, 0, 0));
  beforeAll(async () => {
    h = await startHarness(backend, { clock, rateLimit: { burst: 3, perMinute: 60 } });
  });
  afterAll(() => h.close());

  it('spends the burst, refuses with 429 and Retry-After, and refills over time', async () => {
    const key = await h.key('limited');
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await h.call('GET', '/v1/orders', { key });
      expect(r.status).toBe(200);
      expect(r.headers.get('x-ratelimit-limit')).toBe('3');
      remaining.push(r.headers.get('x-ratelimit-remaining') as string);
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const refused = await h.call('GET', '/v1/orders', { key });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ type: 'rate_limit_error', code: 'rate_limit_exceeded' });
    // The bucket gives a token back every second, but no 10-second window may hold more than the burst.
    expect(refused.headers.get('retry-after')).toBe('10');
    expect(Number(refused.headers.get('x-ratelimit-reset'))).toBe(Math.ceil(clock.now().getTime() / 1000) + 10);
    clock.advance(1000);
    expect((await h.call('GET', '/v1/orders', { key })).status).toBe(429);
    clock.advance(9000);
    expect((await h.call('GET', '/v1/orders', { key })).status).toBe(200);
  });

  it('keeps one bucket per key', async () => {
    const other = await h.key('other-limited');
    expect((await h.call('GET', '/v1/orders', { key: other })).status).toBe(200);
  });
});

describe.each(backends())('who may read /metrics on the API port, on %s', (backend: Backend) => {
  const TOKEN = 'metrics-token-0123456789abcdef';
  const scrape = (h: Harness, authorization?: string) => h.call('GET', '/metrics', { key: null, ...(authorization ? { headers: { Authorization: authorization } } : {}) });

  it('with METRICS_TOKEN (production): 401 without it or with another, the metrics with it', async () => {
    const h = await startHarness(backend, { production: true, metrics: { token: TOKEN } });
    try {
      const none = await scrape(h);
      expect(none.status).toBe(401);
      expect(none.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(none.body.error).toMatchObject({ type: 'authentication_error', code: 'missing_credentials' });
      for (const wrong of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, 'Bearer sk_live_not_the_token', `Basic ${TOKEN}`, TOKEN]) {
        const r = await scrape(h, wrong);
        expect(r.status, wrong).toBe(401);
        expect(r.body.error, wrong).toMatchObject({ type: 'authentication_error', code: 'invalid_token' });
      }
      for (const right of [`Bearer ${TOKEN}`, `bearer ${TOKEN}`]) {
        const r = await scrape(h, right);
        expect(r.status, right).toBe(200);
        expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
        expect(r.text).toContain('# TYPE http_requests_total counter');
      }
      // An API key is not the metrics token.
      expect((await scrape(h, `Bearer ${await h.key()}`)).status).toBe(401);
    } finally {
      await h.close();
    }
  });

  it('with METRICS_PORT: 404 on the API port, as an unknown path, even with the token', async () => {
    const h = await startHarness(backend, { metrics: { port: 9464, token: TOKEN } });
    try {
      for (const authorization of [undefined, `Bearer ${TOKEN}`]) {
        const r = await scrape(h, authorization);
        expect(r.status).toBe(404);
        expect(r.body.error).toMatchObject({ type: 'invalid_request_error', code: 'route_not_found' });
      }
      expect((await h.call('GET', '/healthz', { key: null })).status).toBe(200);
    } finally {
      await h.close();
    }
  });

  it('in production without either: 404; in development without either: open', async () => {
    const production = await startHarness(backend, { production: true });
    try {
      const r = await scrape(production);
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe('route_not_found');
    } finally {
      await production.close();
    }
    const development = await startHarness(backend);
    try {
      const r = await scrape(development);
      expect(r.status).toBe(200);
      expect(r.text).toContain('# TYPE http_requests_total counter');
    } finally {
      await development.close();
    }
  });
});
