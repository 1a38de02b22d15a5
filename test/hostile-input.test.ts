// No input makes the server fail: every class of hostile input below is sent to every operation of the
// spec (with a key holding every scope, so each request reaches validation) and must answer a 4xx,
// never a 5xx. Then the one path that does answer 500, the unexpected error, is tested itself.
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestDatabase, type Backend } from './support/databases.js';
import { startHarness, type Harness } from './support/harness.js';
import { openApiDocument } from '../src/shared/spec.js';
import { createApp, operationHandlers } from '../src/http/app.js';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Op {
  id: string;
  method: string;
  template: string;
  query: string[];
  form: boolean;
  json: boolean;
}

const OPERATIONS: Op[] = Object.entries(openApiDocument().paths).flatMap(([template, item]) =>
  Object.entries(item as Record<string, any>)
    .filter(([method]) => ['get', 'post', 'patch', 'delete', 'put'].includes(method))
    .map(([method, op]) => {
      const parameters = [...((item as any).parameters ?? []), ...(op.parameters ?? [])].map((p: any) =>
        p.$ref ? (openApiDocument() as any).components.parameters[p.$ref.split('/').pop()] : p,
      );
      const content = Object.keys(op.requestBody?.content ?? {});
      return {
        id: op.operationId as string,
        method: method.toUpperCase(),
        template,
        query: parameters.filter((p: any) => p.in === 'query').map((p: any) => p.name as string),
        form: content.includes('application/x-www-form-urlencoded'),
        json: content.includes('application/json'),
      };
    }),
);

const pathWith = (op: Op, value: string) => op.template.replace(/\{[^}]+\}/g, value);
/** A path whose ids are well formed (the operation runs as far as it can). */
const plainPath = (op: Op) => pathWith(op, 'x_01JF3Q9R2S4T6V8W0X2Y4Z6A8B');
const queryWith = (op: Op, value: string) => (op.query.length ? `?${op.query.map((q) => `${q}=${value}`).join('&')}` : `?q=${value}`);
const LONG = 'a'.repeat(20_000);
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

interface Sent {
  path: string;
  body?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

/** Each class of hostile input, as the request(s) it makes of one operation. */
const CLASSES: Record<string, (op: Op) => Sent[]> = {
  'NUL byte in a path id': (op) => (op.template.includes('{') ? [{ path: pathWith(op, 'x_01JF%00') }] : []),
  'NUL byte in the query': (op) => [{ path: plainPath(op) + queryWith(op, 'a%00b') }],
  'NUL byte in a JSON body': (op) => (op.json ? [{ path: plainPath(op), body: '{"name":"a\\u0000b","description":"\\u0000","metadata":{"k\\u0000":"v"}}' }] : []),
  'NUL byte in a form body': (op) =>
    op.form
      ? [
          { path: plainPath(op), body: 'client_id=a%00b&client_secret=s&grant_type=client_credentials', contentType: 'application/x-www-form-urlencoded' },
          { path: plainPath(op), body: 'token=a%00b', contentType: 'application/x-www-form-urlencoded', headers: { Authorization: `Basic ${Buffer.from('a\u0000b:s').toString('base64')}` } },
        ]
      : [],
  'invalid UTF-8': (op) => [
    { path: pathWith(op, 'x_%C3%28%FF') + queryWith(op, '%FF%FE') },
    { path: plainPath(op) + queryWith(op, '%E0%A4%A') },
    ...(op.json || op.form
      ? [{ path: plainPath(op), body: '{"name":"\xff\xfe"}', contentType: op.json ? 'application/json' : 'application/x-www-form-urlencoded' }]
      : []),
    ...(op.json ? [{ path: plainPath(op), body: '{"name":"\\ud800","email":"\\udfff@x.example"}' }] : []),
  ],
  'huge numbers': (op) => [
    { path: plainPath(op) + queryWith(op, '1e400') },
    { path: plainPath(op) + queryWith(op, '99999999999999999999999999') },
    { path: `${plainPath(op)}?created[gte]=-99999999999999999999&created[lte]=1e308&limit=1e308` },
    ...(op.json ? [{ path: plainPath(op), body: '{"amount":1e400,"price_cents":99999999999999999999999,"year":-1e308,"limit":1e308}' }] : []),
  ],
  'deep nesting': (op) =>
    op.json
      ? [
          { path: plainPath(op), body: nested(100_000) },
          { path: plainPath(op), body: `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}` },
        ]
      : [{ path: `${plainPath(op)}?${'a['.repeat(200)}=1` }],
  'repeated parameters': (op) => [
    { path: `${plainPath(op)}?${[...op.query, 'limit', 'cursor'].flatMap((q) => [`${q}=1`, `${q}=2`, `${q}[]=3`]).join('&')}` },
    ...(op.form ? [{ path: plainPath(op), body: 'client_id=a&client_id=b&grant_type=x&grant_type=client_credentials&token=1&token=2', contentType: 'application/x-www-form-urlencoded' }] : []),
    ...(op.json ? [{ path: plainPath(op), body: '{"name":"a","name":"b","metadata":{"k":"1","k":"2"}}' }] : []),
  ],
  'over-long values': (op) => [
    ...(op.template.includes('{') ? [{ path: pathWith(op, `x_${LONG}`) }] : []),
    { path: plainPath(op) + queryWith(op, LONG) },
    { path: plainPath(op), headers: { 'Idempotency-Key': LONG.slice(0, 8000) } },
    ...(op.json ? [{ path: plainPath(op), body: JSON.stringify({ name: LONG.repeat(20), email: `${LONG}@x.example`, metadata: { [LONG]: LONG } }) }] : []),
    ...(op.form ? [{ path: plainPath(op), body: `client_id=${LONG}&client_secret=${LONG}&grant_type=client_credentials&token=${LONG}`, contentType: 'application/x-www-form-urlencoded' }] : []),
  ],
  'odd headers': (op): Sent[] => [
    { path: plainPath(op), headers: { 'Idempotency-Key': '\u00ff\u0080 key', Authorization: 'Bearer \u00ff\u00fe' } } as Sent,
    { path: plainPath(op), headers: { Authorization: `Basic ${Buffer.from('\u0000:\u0000').toString('base64')}`, Cookie: 'vt_session=\u00ff; vt_session=a\u0080' } } as Sent,
    { path: plainPath(op), headers: { Authorization: 'Basic %%%', 'Content-Type': 'application/json; charset=utf-16' }, body: '{}' } as Sent,
  ],
};

describe.each(backends())('hostile input on %s', (backend: Backend) => {
  let h: Harness;
  let key: string;
  beforeAll(async () => {
    h = await startHarness(backend);
    key = await h.key();
  });
  afterAll(() => h.close());

  describe.each(Object.keys(CLASSES))('%s', (name) => {
    it('answers a 4xx on every operation, never a 5xx', async () => {
      const failures: string[] = [];
      let sent = 0;
      for (const op of OPERATIONS) {
        for (const request of CLASSES[name]!(op)) {
          sent++;
          const headers = { ...(request.contentType ? { 'Content-Type': request.contentType } : {}), ...request.headers };
          const method = request.body !== undefined && op.method === 'GET' ? 'POST' : op.method;
          const r = await h.call(method, request.path, { key, raw: request.body, headers });
          if (r.status >= 500) failures.push(`${op.id} ${method} ${request.path.slice(0, 80)} -> ${r.status} ${r.text.slice(0, 200)}`);
          else if (r.status >= 400 && r.headers.get('content-type')?.includes('json')) expect(r.body.error, `${op.id}: ${r.text}`).toBeDefined();
        }
      }
      expect(sent).toBeGreaterThan(0);
      expect(failures).toEqual([]);
    });
  });

  it('answers 400 to the OAuth endpoints for a NUL byte in a form field', async () => {
    for (const path of ['/oauth/token', '/oauth/introspect']) {
      const r = await h.call('POST', path, { key: null, raw: 'client_id=a%00b&client_secret=s&grant_type=client_credentials&token=t', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: 'invalid_request' });
    }
  });

  it('answers 400 to a NUL byte in a JSON field, naming the field', async () => {
    const r = await h.call('POST', '/v1/customers', { key, raw: '{"name":"a\\u0000b","email":"a@b.example"}', headers: { 'Content-Type': 'application/json' } });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'invalid_value', param: 'name' });
  });

  it('answers 400 to a header holding a NUL byte (refused by the HTTP parser)', async () => {
    const port = Number(new URL(h.url).port);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.end(`GET /v1/customers HTTP/1.1\r\nHost: x\r\nIdempotency-Key: a\u0000b\r\n\r\n`));
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString('latin1')));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
  });
});

describe('the unexpected error', () => {
  it('answers the 500 envelope with the request id, says nothing of its cause, and logs it with the request id', async () => {
    const database = await createTestDatabase('pglite');
    const lines: any[] = [];
    const log = pino({ level: 'info' }, new Writable({ write: (chunk, _enc, done) => (lines.push(JSON.parse(String(chunk))), done()) }));
    const app = await createApp({ db: database.db, clock: { now: () => new Date() }, log, rateLimit: { burst: 100, perMinute: 100 } });
    const server = createServer(app.koa.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const handlers = operationHandlers as Record<string, unknown>;
    const original = handlers.getHealth;
    handlers.getHealth = async () => {
      throw new Error('secret detail: password=hunter2 at /srv/app/db.ts:42');
    };
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/healthz`);
      const text = await res.text();
      expect(res.status).toBe(500);
      const requestId = res.headers.get('request-id');
      expect(JSON.parse(text)).toEqual({
        error: { type: 'api_error', code: 'internal_error', message: 'Something went wrong on our side; quote the request id to support.', request_id: requestId },
      });
      expect(text).not.toMatch(/secret|hunter2|db\.ts|Error/);
      const logged = lines.find((l) => l.msg === 'unhandled error');
      expect(logged).toMatchObject({ request_id: requestId, err: { message: expect.stringContaining('hunter2') } });
    } finally {
      handlers.getHealth = original;
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
      await database.drop();
    }
  });
});
