// The HTTP contract shared by every operation: request ids, versions, routing, bodies, auth, scopes, limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Backend } from './support/databases.js';
import { startHarness, TestClock, type Harness } from './support/harness.js';
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
      expect(ok.headers.get('service-version')).toBe('2026-07-01');
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
      for (const path of ['/openapi.json', '/openapi.yaml', '/asyncapi.json', '/asyncapi.yaml', '/docs', '/healthz', '/readyz', '/metrics']) {
        const r = await h.call('GET', path, { key: null });
        expect(r.status, path).toBe(200);
      }
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
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(Number(refused.headers.get('x-ratelimit-reset'))).toBe(Math.ceil(clock.now().getTime() / 1000) + 3);
    clock.advance(1000);
    expect((await h.call('GET', '/v1/orders', { key })).status).toBe(200);
  });

  it('keeps one bucket per key', async () => {
    const other = await h.key('other-limited');
    expect((await h.call('GET', '/v1/orders', { key: other })).status).toBe(200);
  });
});
