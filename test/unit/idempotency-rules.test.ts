// Idempotency as the design states it (API-DESIGN, "Idempotency"): `Idempotency-Key` on a POST; keys
// kept 24 h per account; the same key and body replays the stored answer with `Idempotent-Replayed:
// true`; the same key with a different request is 409 idempotency_key_reused; while the first request
// still runs, 409 idempotency_key_in_use, for at most the 60-second lease of a claim (after which its
// process is taken for dead and the key is taken over); 400 and 5xx answers are never stored.
import { describe, expect, it } from 'vitest';
import {
  errorAnswer, fingerprint, isStorable, judgeRow, purgeSchedule, replayed, requestKey, retentionStart, storedAnswer,
} from '../../src/http/idempotency.rules.js';
import { errors } from '../../src/shared/errors.js';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const SECOND = 1000;
const HOUR = 3600 * SECOND;

// SHA-256 of `post /v1/orders\n{"customer_id":"cus_1"}`, computed once outside the product.
const PRINT = 'cbc66a477566dd4b5ce56fd20f1dc04fb319e14c40493fa29eefd073188b1f33';

describe('which requests are keyed', () => {
  it('a POST with Idempotency-Key is keyed by it', () => {
    expect(requestKey('POST', 'order-7f3a')).toBe('order-7f3a');
  });
  it('a POST without the header is not keyed', () => {
    expect(requestKey('POST', '')).toBe('');
    expect(requestKey('POST', undefined)).toBe('');
  });
  it.each(['GET', 'PATCH', 'PUT', 'DELETE', 'post'])('a %s is never keyed, even with the header', (method) => {
    expect(requestKey(method, 'order-7f3a')).toBe('');
  });
});

describe('the same request: method, path and body', () => {
  it('is the SHA-256 of "<method> <path>\\n<JSON body>"', () => {
    expect(fingerprint('post', '/v1/orders', { customer_id: 'cus_1' })).toBe(PRINT);
  });
  it('an absent body counts as empty', () => {
    expect(fingerprint('post', '/v1/orders', undefined)).toBe('48c9040d82426be81d5205ce58f92cac2b35bfb9e5fa819477a3e53d125d95d4');
  });
  it('another path or another body is another request', () => {
    expect(fingerprint('post', '/v1/customers', { customer_id: 'cus_1' })).toBe('49b848f805ac28fdcbd2a08319a1fecbc746804686cecfec5163b3397ddd0387');
    expect(fingerprint('post', '/v1/orders', { customer_id: 'cus_2' })).toBe('dd8a3a4b05a47ae0b87e49f62d31416724bcf5edcfc493e812b97b0421ef6d94');
    expect(fingerprint('post', '/v1/orders', 'x')).toBe('973671c127c37b26bf5a26d6573f6408bba1f1037b880f675da2902fa4faba49');
  });
  it('with the caller, is the SHA-256 of "<caller>\n<method> <path>\n<JSON body>": another credential is another request', () => {
    expect(fingerprint('post', '/v1/orders', { customer_id: 'cus_1' }, 'key_1')).toBe('2846077fba08d20668bd17c21e3d00cdc4aa4887f407427b063bc99537fac8ce');
    expect(fingerprint('post', '/v1/orders', { customer_id: 'cus_1' }, 'key_2')).toBe('4f781cbeccded8edac4bdfa45ef77199f5ce4787ba4f41cc4aca0fd3e0c72b55');
  });
});

describe('keys are kept 24 hours', () => {
  it('the purge drops what was created more than 24 h ago', () => {
    expect(retentionStart(NOW)).toEqual(new Date('2026-03-09T12:00:00.000Z'));
  });
  it('a row 24 h old is expired, as if absent; one a millisecond younger still answers', () => {
    const row = { fingerprint: PRINT, status: 'completed' };
    expect(judgeRow({ ...row, created_at: ago(24 * HOUR) }, PRINT, NOW)).toBe('expired');
    expect(judgeRow({ ...row, created_at: ago(25 * HOUR) }, PRINT, NOW)).toBe('expired');
    expect(judgeRow({ ...row, created_at: ago(24 * HOUR - 1) }, PRINT, NOW)).toBe('replay');
    expect(judgeRow({ ...row, created_at: ago(23 * HOUR) }, PRINT, NOW)).toBe('replay');
  });
  it('an expired key may be used again for another request', () => {
    expect(judgeRow({ fingerprint: 'another request', status: 'completed', created_at: ago(24 * HOUR) }, PRINT, NOW)).toBe('expired');
    expect(judgeRow({ fingerprint: 'another request', status: 'in_progress', created_at: ago(30 * HOUR) }, PRINT, NOW)).toBe('expired');
  });
  it('reads the creation time as either database returns it (Date or text)', () => {
    const row = { fingerprint: PRINT, status: 'completed' };
    expect(judgeRow({ ...row, created_at: '2026-03-09T12:00:00.000Z' }, PRINT, NOW)).toBe('expired');
    expect(judgeRow({ ...row, created_at: '2026-03-09T12:00:00.001Z' }, PRINT, NOW)).toBe('replay');
  });
});

describe('the same key with a different request', () => {
  it('is refused (409 idempotency_key_reused), whether the first one completed or still runs', () => {
    expect(judgeRow({ fingerprint: 'another request', status: 'completed', created_at: ago(SECOND) }, PRINT, NOW)).toBe('reused');
    expect(judgeRow({ fingerprint: 'another request', status: 'in_progress', created_at: ago(SECOND) }, PRINT, NOW)).toBe('reused');
    expect(judgeRow({ fingerprint: 'another request', status: 'in_progress', created_at: ago(5 * 60 * SECOND) }, PRINT, NOW)).toBe('reused');
  });
});

describe('the same key while the first request still runs: a 60-second lease', () => {
  const inProgress = (age: number) => ({ fingerprint: PRINT, status: 'in_progress', created_at: ago(age) });
  it('within the lease, 409 idempotency_key_in_use', () => {
    expect(judgeRow(inProgress(0), PRINT, NOW)).toBe('in_use');
    expect(judgeRow(inProgress(15 * SECOND), PRINT, NOW)).toBe('in_use');
    expect(judgeRow(inProgress(60 * SECOND - 1), PRINT, NOW)).toBe('in_use');
  });
  it('once 60 s have passed, its process is taken for dead and the key is taken over', () => {
    expect(judgeRow(inProgress(60 * SECOND), PRINT, NOW)).toBe('take_over');
    expect(judgeRow(inProgress(61 * SECOND), PRINT, NOW)).toBe('take_over');
    expect(judgeRow(inProgress(23 * HOUR), PRINT, NOW)).toBe('take_over');
  });
});

describe('the same key and body after the first request completed', () => {
  it('replays the stored answer', () => {
    expect(judgeRow({ fingerprint: PRINT, status: 'completed', created_at: ago(SECOND) }, PRINT, NOW)).toBe('replay');
  });
  it('reads the stored answer as PostgreSQL returns it (headers as an object)', () => {
    expect(storedAnswer({ response_status: 201, response_body: '{"id":"ord_1"}', response_headers: { Location: '/v1/orders/ord_1' } })).toEqual({
      status: 201, body: { id: 'ord_1' }, headers: { Location: '/v1/orders/ord_1' },
    });
  });
  it('reads the stored answer as text columns return it (status and headers as text)', () => {
    const answer = storedAnswer({ response_status: '409' as unknown as number, response_body: '{"error":{"code":"invalid_state_transition"}}', response_headers: '{"X-A":"1"}' });
    expect(answer).toEqual({ status: 409, body: { error: { code: 'invalid_state_transition' } }, headers: { 'X-A': '1' } });
  });
  it('an answer without a body or headers replays without them', () => {
    expect(storedAnswer({ response_status: 204, response_body: null, response_headers: null })).toEqual({ status: 204, body: undefined, headers: {} });
  });
  it('marks the replay with Idempotent-Replayed: true, keeping the stored status, body and headers', () => {
    const stored = { status: 201, body: { id: 'ord_1' }, headers: { Location: '/v1/orders/ord_1' } };
    expect(replayed(stored)).toEqual({
      status: 201, body: { id: 'ord_1' }, headers: { Location: '/v1/orders/ord_1', 'Idempotent-Replayed': 'true' },
    });
    expect(stored.headers).toEqual({ Location: '/v1/orders/ord_1' });
  });
});

describe('which answers are stored', () => {
  it.each([200, 201, 202, 204, 401, 402, 403, 404, 409, 422, 429, 499])('a %i is stored (replayed on retry)', (status) => {
    expect(isStorable(status)).toBe(true);
  });
  it.each([400, 500, 502, 503, 504])('a %i is never stored (the request can be retried with the same key)', (status) => {
    expect(isStorable(status)).toBe(false);
  });
  it('an API error is stored as it was answered', () => {
    const err = errors.idempotencyKeyInUse();
    expect(errorAnswer(err, 'req_1')).toEqual({
      status: 409,
      body: { error: expect.objectContaining({ type: 'conflict_error', code: 'idempotency_key_in_use', request_id: 'req_1' }) },
      headers: {},
    });
    const limited = errors.rateLimitExceeded(3, { 'X-RateLimit-Limit': '200' });
    expect(errorAnswer(limited, 'req_2')).toMatchObject({ status: 429, headers: { 'X-RateLimit-Limit': '200', 'Retry-After': '3' } });
  });
  it('anything else thrown is a 500 without a body (so never stored)', () => {
    expect(errorAnswer(new Error('boom'), 'req_1')).toEqual({ status: 500, body: undefined, headers: {} });
  });
});

describe('purging expired keys', () => {
  it('happens on one keyed request in 500', () => {
    const due = purgeSchedule();
    const first = Array.from({ length: 1000 }, () => due());
    expect(first.filter(Boolean)).toHaveLength(2);
    expect(first.indexOf(true)).toBe(499);
    expect(first.lastIndexOf(true)).toBe(999);
  });
  it('each pipeline counts its own requests', () => {
    const a = purgeSchedule();
    for (let i = 0; i < 499; i++) a();
    expect(purgeSchedule()()).toBe(false);
    expect(a()).toBe(true);
  });
});
