// The webhook receiver package (packages/webhooks-node): constructEvent checked against the server's
// own signer, then the built package in its README's node:http receiver on Node 20, 22 and 24,
// receiving every event type a live server delivers. Node 22 is installed by .ci/run (NODE22 overrides).
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES as GENERATED_EVENT_TYPES } from '../generated/events.js';
import { signatureHeader } from '../src/webhooks/signer.js';
import { createTransport } from '../src/webhooks/transport.js';
import { DeliveryWorker } from '../src/webhooks/worker.js';
import {
  API_VERSION,
  ApiVersionMismatchError,
  EVENT_TYPES,
  UnknownEventTypeError,
  WebhookPayloadError,
  WebhookSignatureError,
  WebhookTimestampError,
  WebhookVerificationError,
  constructEvent,
  verifySignature,
  type HeadersLike,
  type Order,
  type VerifyOptions,
} from '../packages/webhooks-node/src/index.js';
import { emitEveryEventType, LIVE_EVENT_TYPES } from './support/events.js';
import { startHarness, type Harness } from './support/harness.js';
import { startRelay, type Relay } from './support/receiver.js';
import { freePort } from './support/ports.js';

const PACKAGE = 'packages/webhooks-node';
const TSC = 'node_modules/typescript/bin/tsc';

const SECRET = 'whsec_' + 'a'.repeat(43);
const NOW = 1_780_000_000;
const envelope = (type = 'order.created', data: unknown = { id: 'ord_1', object: 'order', city: 'Zoë’s Ütopia' }, apiVersion: string = API_VERSION) =>
  JSON.stringify({ id: 'evt_01JF3QD6F8H0J2K4M6N8P0Q2R4', object: 'event', type, api_version: apiVersion, created: NOW, request_id: null, sequence: 1, previous_event_id: null, request: null, data });
const signed = (body: string, secrets: string[] = [SECRET], t = NOW) => ({ 'Service-Signature': signatureHeader(secrets, t, body) });
const construct = (body: string | Uint8Array, headers: HeadersLike, secret: string | readonly string[] = SECRET, options: VerifyOptions = { now: NOW }) =>
  constructEvent(body, headers, secret, options);
/** The error a call throws (the test fails when it throws none). */
const refusal = (fn: () => unknown): WebhookVerificationError => {
  try {
    fn();
  } catch (err) {
    if (err instanceof WebhookVerificationError) return err;
    throw err;
  }
  throw new Error('the delivery was accepted');
};

describe('constructEvent', () => {
  const body = envelope();

  it('returns the event of a delivery signed with the secret, typed by its type', () => {
    const event = construct(body, signed(body));
    expect(event).toEqual(JSON.parse(body));
    switch (event.type) {
      case 'order.created': {
        const order: Order = event.data; // narrowed by the switch: tsc checks this line
        expect(order.id).toBe('ord_1');
        break;
      }
      default:
        throw new Error(`narrowed to ${event.type}`);
    }
  });

  it("accepts a rotation's two signatures, whichever of the two secrets the receiver has", () => {
    const rotating = signed(body, ['whsec_new', SECRET]);
    expect(rotating['Service-Signature'].match(/v1=/g)).toHaveLength(2);
    expect(construct(body, rotating, SECRET).id).toBe('evt_01JF3QD6F8H0J2K4M6N8P0Q2R4');
    expect(construct(body, rotating, 'whsec_new').id).toBe('evt_01JF3QD6F8H0J2K4M6N8P0Q2R4');
  });

  it('tries each secret of a list', () => {
    expect(construct(body, signed(body), ['whsec_next', SECRET]).type).toBe('order.created');
    expect(construct(body, signed(body, ['whsec_next']), ['whsec_next', SECRET]).type).toBe('order.created');
  });

  it('refuses a delivery signed with another secret', () => {
    const err = refusal(() => construct(body, signed(body, ['whsec_other'])));
    expect(err).toBeInstanceOf(WebhookSignatureError);
    expect(err.code).toBe('no_matching_signature');
    expect(refusal(() => construct(body, signed(body), ['whsec_x', 'whsec_y'])).code).toBe('no_matching_signature');
  });

  it('refuses a tampered body, and a body parsed and re-serialised', () => {
    expect(refusal(() => construct(body.replace('ord_1', 'ord_2'), signed(body))).code).toBe('no_matching_signature');
    expect(refusal(() => construct(JSON.stringify(JSON.parse(body), null, 2), signed(body))).code).toBe('no_matching_signature');
  });

  it('refuses a missing or unreadable signature header as malformed', () => {
    const hex = 'ab'.repeat(32);
    for (const headers of [
      {},
      { 'Service-Signature': '' },
      { 'Service-Signature': 'garbage' },
      { 'Service-Signature': `v1=${hex}` },
      { 'Service-Signature': `t=${NOW}` },
      { 'Service-Signature': `t=soon,v1=${hex}` },
      { 'Service-Signature': `t=${NOW},v1=${hex.slice(2)}` },
      { 'Service-Signature': `t=${NOW},v0=${hex}` },
      { 'Service-Signature': `t=${NOW},t=${NOW + 1},v1=${hex}` },
      { 'Service-Event-Id': 'evt_1' },
    ]) {
      const err = refusal(() => construct(body, headers));
      expect(err, JSON.stringify(headers)).toBeInstanceOf(WebhookSignatureError);
      expect(err.code, JSON.stringify(headers)).toBe('malformed_header');
    }
  });

  it('refuses a genuine signature made more than 300 s before or after now', () => {
    for (const t of [NOW - 301, NOW + 301]) {
      const err = refusal(() => construct(body, signed(body, [SECRET], t)));
      expect(err).toBeInstanceOf(WebhookTimestampError);
      expect(err).toMatchObject({ code: 'timestamp_outside_tolerance', timestamp: t, now: NOW, tolerance: 300 });
    }
    expect(construct(body, signed(body, [SECRET], NOW - 300)).type).toBe('order.created');
    expect(construct(body, signed(body, [SECRET], NOW + 300)).type).toBe('order.created');
    // A forged, stale delivery is a signature error: the timestamp is only trusted once signed.
    expect(refusal(() => construct(body, signed(body, ['whsec_other'], NOW - 3600))).code).toBe('no_matching_signature');
  });

  it('takes another tolerance, and the clock when no `now` is given', () => {
    expect(refusal(() => construct(body, signed(body, [SECRET], NOW - 11), SECRET, { now: NOW, tolerance: 10 })).code).toBe('timestamp_outside_tolerance');
    expect(construct(body, signed(body, [SECRET], NOW - 10), SECRET, { now: NOW, tolerance: 10 }).type).toBe('order.created');
    expect(construct(body, signed(body, [SECRET], NOW - 3000), SECRET, { now: NOW, tolerance: 3600 }).type).toBe('order.created');
    const now = Math.floor(Date.now() / 1000);
    expect(constructEvent(body, signed(body, [SECRET], now), SECRET).type).toBe('order.created');
    expect(refusal(() => constructEvent(body, signed(body, [SECRET], NOW), SECRET)).code).toBe('timestamp_outside_tolerance');
    expect(() => construct(body, signed(body), SECRET, { tolerance: -1 })).toThrow(TypeError);
  });

  it('refuses a signed event of a type it does not know, naming the type', () => {
    const unknown = envelope('order.teleported');
    const err = refusal(() => construct(unknown, signed(unknown)));
    expect(err).toBeInstanceOf(UnknownEventTypeError);
    expect(err).toMatchObject({ code: 'unknown_event_type', type: 'order.teleported' });
  });

  it('refuses a signed body that is not a JSON event', () => {
    for (const bad of ['not json', '{"type":', '[1,2]', '"order.created"', 'null', '{"id":"evt_1"}', '{"type":7}']) {
      const err = refusal(() => construct(bad, signed(bad)));
      expect(err, bad).toBeInstanceOf(WebhookPayloadError);
      expect(err.code, bad).toBe('invalid_payload');
    }
    const invalidUtf8 = new Uint8Array([0x7b, 0xff, 0x7d]);
    const header = { 'Service-Signature': signatureHeader([SECRET], NOW, Buffer.from(invalidUtf8)) };
    expect(refusal(() => construct(invalidUtf8, header)).code).toBe('invalid_payload');
  });

  it('reads the header from a fetch Headers or a plain object, in any letter case, repeated or not', () => {
    const value = signed(body)['Service-Signature'];
    expect(construct(body, new Headers({ 'SERVICE-signature': value })).type).toBe('order.created');
    const fromNode: IncomingHttpHeaders = { 'content-type': 'application/json', 'service-signature': value };
    expect(construct(body, fromNode).type).toBe('order.created');
    expect(construct(body, { 'Service-Signature': value }).type).toBe('order.created');
    expect(construct(body, { 'SERVICE-SIGNATURE': [value] }).type).toBe('order.created');
    // Split over two header lines: the timestamp on one, the signatures on the other.
    const [t, ...v1] = value.split(',');
    expect(construct(body, { 'service-signature': [t!, v1.join(',')] }).type).toBe('order.created');
    const repeated = new Headers();
    repeated.append('Service-Signature', t!);
    repeated.append('Service-Signature', v1.join(','));
    expect(construct(body, repeated).type).toBe('order.created');
  });

  it('takes the body as bytes (a Uint8Array or a Buffer) as well as a string', () => {
    const bytes = new TextEncoder().encode(body);
    expect(construct(bytes, signed(body))).toEqual(JSON.parse(body));
    expect(construct(Buffer.from(body), signed(body))).toEqual(JSON.parse(body));
    expect(refusal(() => construct(bytes.subarray(1), signed(body))).code).toBe('no_matching_signature');
  });

  it('refuses to verify with an empty secret (an unset environment variable)', () => {
    expect(() => construct(body, signed(body), '')).toThrow(TypeError);
    expect(() => construct(body, signed(body), [])).toThrow(TypeError);
    expect(() => construct(body, signed(body), [SECRET, ''])).toThrow(TypeError);
  });
});

describe('verifySignature', () => {
  it('returns nothing for a valid signature and throws the same errors as constructEvent', () => {
    const body = 'not even JSON';
    expect(verifySignature(body, signed(body)['Service-Signature'], SECRET, { now: NOW })).toBeUndefined();
    expect(refusal(() => verifySignature(body, undefined, SECRET, { now: NOW })).code).toBe('malformed_header');
    expect(refusal(() => verifySignature(body, signed(body, ['whsec_other'])['Service-Signature'], SECRET, { now: NOW })).code).toBe('no_matching_signature');
    expect(refusal(() => verifySignature(body, signed(body)['Service-Signature'], SECRET, { now: NOW + 301 })).code).toBe('timestamp_outside_tolerance');
  });
});

describe('API_VERSION: the version the types describe', () => {
  const current = envelope();
  const older = envelope('order.created', { id: 'ord_1', object: 'order', origin: {}, destination: {} }, '2026-01-15');
  /** The process warnings a call emits. */
  const warningsOf = async (fn: () => unknown): Promise<Error[]> => {
    const seen: Error[] = [];
    const listen = (w: Error) => seen.push(w);
    process.on('warning', listen);
    try {
      fn();
      await new Promise((r) => setImmediate(r)); // warnings are emitted on the next tick
    } finally {
      process.off('warning', listen);
    }
    return seen;
  };

  it("is the AsyncAPI document's version", () => {
    const asyncapi = JSON.parse(readFileSync('generated/asyncapi.json', 'utf8')) as { info: { version: string } };
    expect(API_VERSION).toBe(asyncapi.info.version);
  });

  it('passes an event of that version silently, even when refusing others', async () => {
    expect(await warningsOf(() => construct(current, signed(current), SECRET, { now: NOW, apiVersion: 'refuse' }))).toEqual([]);
  });

  it("warns once per version about an event of another one, and returns it; refuses it when asked; says nothing when told to ignore it", async () => {
    const first = await warningsOf(() => expect(construct(older, signed(older)).api_version).toBe('2026-01-15'));
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ name: 'ApiVersionMismatchWarning', code: 'VT_API_VERSION_MISMATCH' });
    expect(first[0]!.message).toContain(`2026-01-15`);
    expect(first[0]!.message).toContain(API_VERSION);
    expect(await warningsOf(() => construct(older, signed(older)))).toEqual([]);
    const err = refusal(() => construct(older, signed(older), SECRET, { now: NOW, apiVersion: 'refuse' }));
    expect(err).toBeInstanceOf(ApiVersionMismatchError);
    expect(err).toMatchObject({ code: 'api_version_mismatch', apiVersion: '2026-01-15' });
    const other = envelope('order.created', {}, '2026-07-01');
    expect(await warningsOf(() => construct(other, signed(other), SECRET, { now: NOW, apiVersion: 'ignore' }))).toEqual([]);
  });
});

describe('EVENT_TYPES', () => {
  it("is the AsyncAPI document's event types, in its order", () => {
    expect(EVENT_TYPES).toEqual(GENERATED_EVENT_TYPES);
    const asyncapi = JSON.parse(readFileSync('generated/asyncapi.json', 'utf8')) as { components: { messages: Record<string, { name: string }> } };
    expect(EVENT_TYPES).toEqual(Object.values(asyncapi.components.messages).map((m) => m.name));
  });
});

// ------------------------------------------------------------------------------------------ live

/** The Nodes an integrator may run the package on (engines: >=20), each looked for where it is installed. */
const NODES = [
  { major: 24, paths: [process.execPath, 'node_modules/.bin/node'], hint: '`npm ci` installs it (the `node` devDependency)' },
  { major: 20, paths: [process.env.NODE20, '/usr/bin/node', '/usr/local/bin/node'], hint: "it is the system's Node (Debian's nodejs); or set NODE20" },
  {
    major: 22,
    paths: [process.env.NODE22, `/opt/node22/node_modules/node-linux-${process.arch}/bin/node`],
    hint: `.ci/run installs it (\`npm install --no-save --prefix /opt/node22 node-linux-${process.arch}@22.23.3\`); or set NODE22`,
  },
].map((n) => ({ ...n, path: n.paths.find((p): p is string => !!p && existsSync(p) && nodeMajor(p) === n.major) }));

function nodeMajor(node: string): number | undefined {
  try {
    return Number(execFileSync(node, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8', timeout: 10_000 }).trim());
  } catch {
    return undefined;
  }
}

// CI installs every one of them (.ci/run), so there a missing Node fails its test instead of skipping it.
const skipped = (n: (typeof NODES)[number]) => !n.path && !process.env.CI;
for (const n of NODES.filter(skipped)) {
  console.warn(`\n*** SKIPPED: the receiver package on Node ${n.major} needs that Node: ${n.hint}.\n`);
}

interface Running {
  child: ChildProcess;
  url: string;
  secret: string;
  version: string;
  verified: string[];
  refused: string[];
}

describe('the built package in a receiver, on every supported Node', () => {
  let work: string;
  let h: Harness;
  const running = new Map<number, Running>();
  const relays: Relay[] = [];
  const transport = createTransport({ allowPrivateTargets: true, timeoutMs: 5_000 });

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'vt-receiver-package-'));
    // Installed as an integrator has it: node_modules/@vehicle-transport/webhooks with its package.json
    // (so `exports` resolves) and dist/ compiled by the package's own tsconfig.
    const installed = join(work, 'node_modules/@vehicle-transport/webhooks');
    mkdirSync(installed, { recursive: true });
    copyFileSync(join(PACKAGE, 'package.json'), join(installed, 'package.json'));
    const [harness] = await Promise.all([
      startHarness('pglite'),
      promisify(execFile)(process.execPath, [TSC, '-p', PACKAGE, '--outDir', join(installed, 'dist')]),
    ]);
    h = harness;
    const readme = readFileSync(join(PACKAGE, 'README.md'), 'utf8');
    const code = /```js\n([\s\S]*?)```/.exec(readme)?.[1];
    const LISTEN = '.listen(PORT, () => console.log(`listening on port ${PORT}`))';
    if (!code?.includes(LISTEN)) throw new Error(`the README's receiver example (the first js block, ending in ${LISTEN}) is gone`);

    const key = await h.key('receiver-package');
    const endpoints: string[] = [];
    const started: Promise<void>[] = [];
    for (const node of NODES) {
      if (!node.path) continue;
      const port = await freePort();
      const url = `http://127.0.0.1:${port}/`;
      // Delivered through a checked hop: each delivery is checked against its version's document too.
      const relay = await startRelay(url);
      relays.push(relay);
      const created = await h.call('POST', '/v1/webhook_endpoints', { key, body: { url: relay.url, enabled_events: ['*'] } });
      if (created.status !== 201) throw new Error(`creating an endpoint: ${created.status} ${created.text}`);
      endpoints.push(created.body.id);
      // Mid-rotation, the receiver still on the old secret: every delivery carries two v1 signatures.
      const rotated = await h.call('POST', `/v1/webhook_endpoints/${created.body.id}/rotate_secret`, { key, body: { grace_period_seconds: 3600 } });
      if (rotated.status !== 200) throw new Error(`rotating the secret: ${rotated.status} ${rotated.text}`);
      const file = join(work, `receiver-${node.major}.mjs`);
      writeFileSync(file, code.replace(LISTEN, `.listen(${port}, '127.0.0.1', () => console.log('listening ' + process.version))`));
      const secret = created.body.secret as string;
      const child = spawn(node.path, [file], { cwd: work, env: { ...process.env, WEBHOOK_SECRET: secret }, stdio: ['ignore', 'pipe', 'inherit'] });
      const r: Running = { child, url, secret, version: '', verified: [], refused: [] };
      running.set(node.major, r);
      started.push(
        new Promise<void>((resolve, reject) => {
          let out = '';
          child.on('exit', (status) => reject(new Error(`the receiver on Node ${node.major} exited (${status})`)));
          child.stdout!.on('data', (d: Buffer) => {
            out += d.toString();
            const lines = out.split('\n');
            out = lines.pop() ?? '';
            for (const line of lines) {
              const [word, value = ''] = line.split(' ');
              if (word === 'listening') {
                r.version = value;
                resolve();
              } else if (word === 'verified') r.verified.push(value);
              else if (word === 'refused') r.refused.push(value);
            }
          });
        }),
      );
    }
    await Promise.all(started);
    if (!endpoints.length) return;

    await emitEveryEventType(h, endpoints[0]!, key);
    for (const id of endpoints.slice(1)) await h.call('POST', `/v1/webhook_endpoints/${id}/test`, { key });
    const worker = new DeliveryWorker({ db: h.database.db, clock: h.clock, log: pino({ level: 'silent' }), transport });
    for (let i = 0; i < 200 && (await worker.runOnce()) > 0; i++);
    // Each receiver printed its line before answering; wait for the pipes to be read.
    for (let i = 0; i < 50 && [...running.values()].some((r) => new Set(r.verified).size < LIVE_EVENT_TYPES.length); i++) await new Promise((r) => setTimeout(r, 100));
  }, 60_000);

  afterAll(async () => {
    for (const r of running.values()) r.child.kill();
    await Promise.all(relays.map((r) => r.close()));
    await transport.close();
    await h?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  describe.each(NODES.map((n) => [n.major, n] as const))('on Node %i', (major, node) => {
    it.skipIf(skipped(node))('verifies every event type the server delivers, and refuses a forged delivery', async () => {
      expect(node.path, `Node ${major} is not installed: ${node.hint}`).toBeDefined();
      const r = running.get(major)!;
      expect(r.version).toMatch(new RegExp(`^v${major}\\.`));
      expect([...new Set(r.verified)].sort()).toEqual([...LIVE_EVENT_TYPES].sort());
      expect(r.refused).toEqual([]);

      const body = envelope('order.created');
      const now = Math.floor(Date.now() / 1000);
      const send = (header: string) => fetch(r.url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Service-Signature': header }, body });
      const forged = await send(signatureHeader(['whsec_forged'], now, body));
      expect(forged.status).toBe(400);
      expect(await forged.text()).toBe('no_matching_signature');
      expect((await send(signatureHeader([r.secret], now - 301, body))).status).toBe(400);
      expect((await send(signatureHeader([r.secret], now, body))).status).toBe(200);
      // A genuine event of a type newer than the package is acknowledged, not refused (and retried).
      const newer = envelope('order.teleported');
      const unknown = await fetch(r.url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Service-Signature': signatureHeader([r.secret], now, newer) }, body: newer });
      expect(unknown.status).toBe(200);
    });
  });
});
