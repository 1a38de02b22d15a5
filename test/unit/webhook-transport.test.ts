import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { classifyError, createTransport, isPublicAddress, type Transport } from '../../src/webhooks/transport.js';

interface Seen { method: string; url: string; headers: http.IncomingHttpHeaders; body: Buffer }
interface Receiver { port: number; url: string; seen: Seen[]; connections: number; onSocketClose?: () => void; close(): Promise<void> }

/** A receiver on 127.0.0.1; `handler` answers after the request body was fully read. */
async function receiver(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<Receiver> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      handler(req, res);
    });
  });
  const r = { seen, connections: 0 } as Receiver;
  server.on('connection', (socket: net.Socket) => {
    r.connections++;
    socket.on('close', () => r.onSocketClose?.());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  r.port = (server.address() as AddressInfo).port;
  r.url = `http://127.0.0.1:${r.port}`;
  r.close = () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
  return r;
}

const open: Array<{ close(): Promise<void> }> = [];
async function track<T extends { close(): Promise<void> }>(x: T | Promise<T>): Promise<T> {
  const v = await x;
  open.push(v);
  return v;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((x) => x.close()));
});

const dev = () => track(createTransport({ allowPrivateTargets: true, timeoutMs: 300 }));
const post = (t: Transport, url: string, body = '{}') => t.post({ url, headers: { 'content-type': 'application/json' }, body });

describe('webhook transport over real HTTP', () => {
  it('captures a 2xx body, truncated to 1 KiB on a character boundary', async () => {
    // 1023 ASCII bytes then a 3-byte '€': byte 1024 falls inside the '€', which must be dropped entirely.
    const body = 'a'.repeat(1023) + '€'.repeat(100);
    const r = await track(receiver((_q, s) => s.writeHead(200).end(body)));
    const out = await post(await dev(), `${r.url}/hook`);
    expect(out).toMatchObject({ status: 200, error: null, errorDetail: null });
    expect(out.responseBody).toBe('a'.repeat(1023));
    expect(Buffer.byteLength(out.responseBody)).toBeLessThanOrEqual(1024);

    const r2 = await track(receiver((_q, s) => s.writeHead(201).end('é'.repeat(600)))); // 2-byte chars, boundary aligned
    const out2 = await post(await dev(), r2.url);
    expect(out2.status).toBe(201);
    expect(out2.responseBody).toBe('é'.repeat(512));

    const r3 = await track(receiver((_q, s) => s.writeHead(204).end()));
    expect(await post(await dev(), r3.url)).toMatchObject({ status: 204, responseBody: '', error: null });
  });

  it('sends exactly the given body bytes and headers, plus User-Agent and Content-Length', async () => {
    const r = await track(receiver((_q, s) => s.writeHead(200).end('ok')));
    const t = await dev();
    const body = '{"vin":"1HGCM82633A004352","note":"Zürich → 東京 🚗"}';
    const out = await t.post({ url: `${r.url}/wh?x=1`, headers: { 'Content-Type': 'application/json', 'X-Signature': 'v1=abc' }, body });
    expect(out.status).toBe(200);
    const got = r.seen[0]!;
    expect(got.method).toBe('POST');
    expect(got.url).toBe('/wh?x=1');
    expect(got.body.equals(Buffer.from(body, 'utf8'))).toBe(true);
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['x-signature']).toBe('v1=abc');
    expect(got.headers['user-agent']).toBe('VehicleTransport-Webhooks/1.0');
    expect(got.headers['content-length']).toBe(String(Buffer.byteLength(body)));

    await t.post({ url: r.url, headers: { 'User-Agent': 'custom/2' }, body: '' });
    expect(r.seen[1]!.headers['user-agent']).toBe('custom/2');
    expect(r.seen[1]!.headers['content-length']).toBe('0');
  });

  it('keeps a User-Agent given in any case, and replaces any Content-Length given by the body’s', async () => {
    const r = await track(receiver((_q, s) => s.writeHead(200).end('ok')));
    const t = await dev();
    await t.post({ url: r.url, headers: { 'X-Trace': '0', 'user-agent': 'custom/3', 'Content-Length': '99' }, body: 'ab' });
    await t.post({ url: r.url, headers: { 'X-Trace': '1', 'CONTENT-LENGTH': '7' }, body: 'é' });
    expect(r.seen.map((s) => [s.headers['user-agent'], s.headers['content-length'], s.body.toString()])).toEqual([
      ['custom/3', '2', 'ab'],
      ['VehicleTransport-Webhooks/1.0', '2', 'é'],
    ]);
    expect(r.seen[1]!.headers['x-trace']).toBe('1');
  });

  it.each([301, 302, 307, 308])('does not follow a %i redirect', async (code) => {
    const target = await track(receiver((_q, s) => s.writeHead(200).end()));
    const r = await track(receiver((_q, s) => s.writeHead(code, { location: `${target.url}/elsewhere` }).end('moved')));
    const out = await post(await dev(), r.url);
    expect(out).toMatchObject({ status: code, responseBody: 'moved', error: null });
    expect(target.connections).toBe(0);
  });

  it.each([400, 404, 410, 500, 503])('returns a %i status as an answer', async (code) => {
    const r = await track(receiver((_q, s) => s.writeHead(code).end(`status ${code}`)));
    expect(await post(await dev(), r.url)).toMatchObject({ status: code, responseBody: `status ${code}`, error: null });
  });

  it('times out on a receiver that never answers', async () => {
    const r = await track(receiver(() => {}));
    const out = await post(await dev(), r.url);
    expect(out).toMatchObject({ status: null, error: 'timeout' });
    expect(out.durationMs).toBeGreaterThanOrEqual(290);
    expect(out.durationMs).toBeLessThan(800);
  });

  it('times out with the status kept when the body trickles', async () => {
    const r = await track(receiver((_q, s) => {
      s.writeHead(200);
      s.write('partial');
      const iv = setInterval(() => s.write('.'), 50); // keeps bodyTimeout-style idle timers happy; only the deadline stops it
      s.on('close', () => clearInterval(iv));
    }));
    const out = await post(await dev(), r.url);
    expect(out.status).toBe(200);
    expect(out.error).toBe('timeout');
    expect(out.responseBody.startsWith('partial')).toBe(true);
    expect(out.durationMs).toBeLessThan(800);
  });

  it('stops reading an endless body after maxResponseBytes', async () => {
    let closed!: () => void;
    const socketClosed = new Promise<void>((resolve) => { closed = resolve; });
    const r = await track(receiver((q, s) => {
      s.writeHead(200, { 'content-type': 'text/plain' });
      q.socket.on('close', () => closed());
      s.end(Buffer.alloc(10 * 1024 * 1024, 'x'));
    }));
    const t = await track(createTransport({ allowPrivateTargets: true, timeoutMs: 5_000 }));
    const started = Date.now();
    const out = await post(t, r.url);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(out).toMatchObject({ status: 200, error: null });
    expect(out.responseBody).toBe('x'.repeat(1024));
    await socketClosed; // the rest is discarded: the connection is closed, not drained
  });

  it('stops reading as soon as maxResponseBytes arrived, even when the receiver never ends its body', async () => {
    const r = await track(receiver((_q, s) => {
      s.writeHead(200, { 'content-type': 'text/plain' });
      s.write(Buffer.alloc(2048, 'y')); // exactly the limit, then the body stays open
    }));
    const t = await track(createTransport({ allowPrivateTargets: true, timeoutMs: 300, maxResponseBytes: 2048 }));
    const out = await post(t, r.url);
    // error null: it did not wait for the 300 ms deadline
    expect(out).toMatchObject({ status: 200, error: null, responseBody: 'y'.repeat(1024) });
  });

  it('close() ends the kept-alive connections to receivers', async () => {
    const r = await track(receiver((_q, s) => s.writeHead(200).end('ok')));
    let closed!: () => void;
    const socketClosed = new Promise<string>((resolve) => { closed = () => resolve('closed'); });
    const t = createTransport({ allowPrivateTargets: true, timeoutMs: 300 });
    expect(await post(t, r.url)).toMatchObject({ status: 200 });
    r.onSocketClose = closed;
    await t.close();
    const stillOpen = new Promise<string>((resolve) => setTimeout(() => resolve('open'), 500));
    expect(await Promise.race([socketClosed, stillOpen])).toBe('closed');
  });

  it('maps a closed port to connection_refused', async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const out = await post(await dev(), `http://127.0.0.1:${port}/`);
    expect(out).toMatchObject({ status: null, error: 'connection_refused' });
    expect(out.errorDetail).toBeTruthy();
  });

  it('maps an unresolvable host to dns_failure', async () => {
    // A resolver that answers like a real one for an unknown name (no query leaves the machine).
    const notFound = ((host: string, _opts: unknown, cb: (err: NodeJS.ErrnoException) => void) =>
      cb(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }))) as never;
    const t = await track(createTransport({ allowPrivateTargets: true, timeoutMs: 5_000, lookup: notFound }));
    const out = await post(t, 'http://no-such-receiver.invalid/hook');
    expect(out).toMatchObject({ status: null, error: 'dns_failure' });
  });

  it('rejects non-http(s) and malformed URLs', async () => {
    const t = await dev();
    for (const url of ['ftp://127.0.0.1/x', 'file:///etc/passwd', 'not a url', 'javascript:alert(1)']) {
      expect(await post(t, url)).toMatchObject({ status: null, error: 'invalid_url' });
    }
    const { durationMs: _d1, ...malformed } = await post(t, 'not a url');
    expect(malformed).toEqual({ status: null, responseBody: '', error: 'invalid_url', errorDetail: 'not a valid URL: not a url' });
    const { durationMs: _d2, ...scheme } = await post(t, 'ftp://127.0.0.1/x');
    expect(scheme).toEqual({ status: null, responseBody: '', error: 'invalid_url', errorDetail: 'unsupported scheme ftp:' });
  });

  it('says which deadline a timeout missed', async () => {
    const r = await track(receiver(() => {}));
    const out = await post(await dev(), r.url);
    expect(out).toMatchObject({ status: null, responseBody: '', error: 'timeout', errorDetail: 'no complete answer within 300 ms' });
  });

  it('does not let one hanging receiver stall the others', async () => {
    const r = await track(receiver((q, s) => {
      if (q.url === '/hang') return;
      s.writeHead(200).end('ok');
    }));
    const t = await track(createTransport({ allowPrivateTargets: true, timeoutMs: 1_000 }));
    const hanging = post(t, `${r.url}/hang`);
    await new Promise((resolve) => setTimeout(resolve, 20)); // the hanging one is in flight first
    const started = Date.now();
    const fast = await Promise.all(Array.from({ length: 9 }, (_, i) => post(t, `${r.url}/ok/${i}`)));
    expect(Date.now() - started).toBeLessThan(500);
    expect(fast.every((o) => o.status === 200 && o.error === null)).toBe(true);
    expect(await hanging).toMatchObject({ status: null, error: 'timeout' });
  });
});

describe('target refusal outside development mode', () => {
  let r: Receiver;
  let prod: Transport;
  let connectCalls = 0;
  const realConnect = net.connect;

  beforeAll(async () => {
    r = await receiver((_q, s) => s.writeHead(200).end('should never be reached'));
    prod = createTransport({ allowPrivateTargets: false, timeoutMs: 300 });
    // Count every socket undici tries to open (it uses the same node:net module object).
    (net as { connect: unknown }).connect = (...args: unknown[]) => {
      connectCalls++;
      return (realConnect as (...a: unknown[]) => net.Socket)(...args);
    };
  });
  afterAll(async () => {
    (net as { connect: unknown }).connect = realConnect;
    await prod.close();
    await r.close();
  });

  it.each([
    ['http://127.0.0.1:PORT/'],
    ['http://[::1]:PORT/'],
    ['http://169.254.169.254/latest/meta-data/'],
    ['http://10.0.0.1/'],
    ['http://[::ffff:127.0.0.1]:PORT/'],
    ['https://192.168.1.1/'],
    ['http://0.0.0.0:PORT/'],
    ['http://2130706433:PORT/'], // 127.0.0.1 in decimal, normalised by the URL parser
  ])('refuses the literal %s before any socket is opened', async (template) => {
    const before = connectCalls;
    const out = await post(prod, template.replace('PORT', String(r.port)));
    expect(out).toMatchObject({ status: null, error: 'refused_target' });
    expect(out.errorDetail).toMatch(/non-public address/);
    expect(connectCalls).toBe(before);
    expect(r.connections).toBe(0);
  });

  it.each([
    ['http://127.0.0.1:PORT/', 'refused non-public address 127.0.0.1'],
    ['http://[::1]:PORT/', 'refused non-public address ::1'],
    ['http://[::ffff:127.0.0.1]:PORT/', 'refused non-public address ::ffff:7f00:1'],
  ])('names the refused literal %s in the detail', async (template, detail) => {
    const out = await post(prod, template.replace('PORT', String(r.port)));
    expect(out).toMatchObject({ status: null, responseBody: '', error: 'refused_target', errorDetail: detail });
  });

  it('refuses a name resolving to loopback (localhost) at connect time, without connecting', async () => {
    const before = connectCalls;
    const out = await post(prod, `http://localhost:${r.port}/`);
    expect(out).toMatchObject({ status: null, error: 'refused_target' });
    expect(out.errorDetail).toMatch(/localhost: resolves to non-public address/);
    // The delivery log shows this detail to the endpoint's owner: the private address stays out of it.
    expect(out.errorDetail).not.toMatch(/127\.0\.0\.1|::1/);
    expect(connectCalls).toBeGreaterThan(before); // the counter does see undici's sockets; the lookup inside refused
    expect(r.connections).toBe(0);
    expect(r.seen).toHaveLength(0);
  });
});

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['1.1.1.1', true],
    ['2606:4700:4700::1111', true],
    ['2001:4860:4860::8888', true],
    ['64:ff9b::808:808', true], // NAT64 of 8.8.8.8
    ['::ffff:8.8.8.8', true],
    ['127.0.0.1', false],
    ['127.1.2.3', false],
    ['10.0.0.1', false],
    ['172.16.5.4', false],
    ['172.31.255.255', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['0.1.2.3', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['192.0.2.1', false],
    ['198.51.100.7', false],
    ['203.0.113.9', false],
    ['240.0.0.1', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fe80::1%eth0', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['ff02::1', false],
    ['2001:db8::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:169.254.169.254', false],
    ['::127.0.0.1', false], // IPv4-compatible, deprecated
    ['64:ff9b::7f00:1', false], // NAT64 of 127.0.0.1
    ['64:ff9b::a00:1', false], // NAT64 of 10.0.0.1
    ['2002:7f00:1::', false], // 6to4 of 127.0.0.1
    ['2002:c0a8:101::1', false], // 6to4 of 192.168.1.1
    ['2002:808:808::1', true], // 6to4 of 8.8.8.8
    ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', true], // Teredo: server 65.54.227.120, client 8.8.8.8 (bits inverted)
    ['2001:0:4136:e378:8000:63bf:f5ff:fffe', false], // Teredo client 10.0.0.1
    ['2001:0:7f00:1:8000:63bf:f7f7:f7f7', false], // Teredo server 127.0.0.1
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', false], // Teredo client 192.0.2.45 (documentation range)
    ['not-an-ip', false],
    ['', false],
  ])('%s -> %s', (ip, expected) => {
    expect(isPublicAddress(ip)).toBe(expected);
  });
});

describe('classifyError: why a request got no answer', () => {
  const err = (code: string | undefined, message = `failed: ${code}`) => Object.assign(new Error(message), code === undefined ? {} : { code });
  it.each([
    ['ERR_WEBHOOK_REFUSED_TARGET', 'refused_target'],
    ['ENOTFOUND', 'dns_failure'],
    ['EAI_AGAIN', 'dns_failure'],
    ['EAI_FAIL', 'dns_failure'],
    ['EAI_NODATA', 'dns_failure'],
    ['EAI_NONAME', 'dns_failure'],
    ['ECONNREFUSED', 'connection_refused'],
    ['ECONNRESET', 'connection_reset'],
    ['EPIPE', 'connection_reset'],
    ['UND_ERR_SOCKET', 'connection_reset'],
    ['ETIMEDOUT', 'timeout'],
    ['UND_ERR_CONNECT_TIMEOUT', 'timeout'],
    ['UND_ERR_HEADERS_TIMEOUT', 'timeout'],
    ['UND_ERR_BODY_TIMEOUT', 'timeout'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'tls_error'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'tls_error'],
    ['CERT_HAS_EXPIRED', 'tls_error'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'tls_error'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'tls_error'],
    ['SELF_SIGNED_CERT_IN_CHAIN', 'tls_error'],
    ['HOSTNAME_MISMATCH', 'tls_error'],
    ['EHOSTUNREACH', 'network_error'],
    ['UND_ERR_CERT_PINNING', 'network_error'], // a TLS family name not at the start is not a TLS code
    [undefined, 'network_error'],
  ])('%s -> %s', (code, error) => {
    expect(classifyError(err(code, 'what happened'))).toEqual({ error, detail: 'what happened' });
  });
  it('reads the codes of every address tried (an aggregate error from Happy Eyeballs)', () => {
    const aggregate = Object.assign(new AggregateError([err('ENETUNREACH'), null, err('ECONNREFUSED')], 'all failed'), { code: undefined });
    expect(classifyError(aggregate)).toEqual({ error: 'connection_refused', detail: 'all failed' });
    const timedOut = new AggregateError([err('ETIMEDOUT'), err('ETIMEDOUT')], 'both timed out');
    expect(classifyError(timedOut)).toEqual({ error: 'timeout', detail: 'both timed out' });
  });
  it('a refused target wins over anything else it carries', () => {
    expect(classifyError(Object.assign(new AggregateError([err('ECONNREFUSED')], 'x'), { code: 'ERR_WEBHOOK_REFUSED_TARGET' })).error).toBe('refused_target');
  });
  it('the earlier categories win: dns over refused over reset over timeout over TLS', () => {
    const both = (a: string, b: string) => new AggregateError([err(b), err(a)], 'm');
    expect(classifyError(both('ENOTFOUND', 'ECONNREFUSED')).error).toBe('dns_failure');
    expect(classifyError(both('ECONNREFUSED', 'ECONNRESET')).error).toBe('connection_refused');
    expect(classifyError(both('ECONNRESET', 'ETIMEDOUT')).error).toBe('connection_reset');
    expect(classifyError(both('ETIMEDOUT', 'CERT_HAS_EXPIRED')).error).toBe('timeout');
  });
  it('anything that is not an error still gets a detail', () => {
    expect(classifyError(null)).toEqual({ error: 'network_error', detail: 'null' });
    expect(classifyError('socket hang up')).toEqual({ error: 'network_error', detail: 'socket hang up' });
    expect(classifyError(Object.assign(new Error(''), { code: 'ECONNRESET' }))).toEqual({ error: 'connection_reset', detail: 'Error' });
  });
});

describe('classifyError: TLS failures', () => {
  it('any address failing TLS is a TLS error, whatever the others did', () => {
    const tls = Object.assign(new Error('cert'), { code: 'CERT_HAS_EXPIRED' });
    const other = Object.assign(new Error('unreachable'), { code: 'EHOSTUNREACH' });
    expect(classifyError(new AggregateError([other, tls], 'all failed')).error).toBe('tls_error');
  });
});
