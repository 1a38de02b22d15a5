// The README's webhook receiver examples work as printed: the first accepts a signed delivery and
// refuses a forged one; the second applies an object's events in order against a live server.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signatureHeader } from '../src/webhooks/signer.js';
import { freePort } from './support/ports.js';
import { orderBody, startHarness } from './support/harness.js';

/**
 * The Nodes an integrator runs a receiver on: this one (24), and the machine's own when it is another
 * (an integrator's Node is theirs: 20 is the oldest maintained one).
 */
const NODES = [process.execPath, ...['/usr/bin/node', '/usr/local/bin/node'].filter((n) => existsSync(n) && execFileSync(n, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim() !== process.versions.node).slice(0, 1)];
const nodeVersion = (n: string) => execFileSync(n, ['-p', 'process.version'], { encoding: 'utf8' }).trim();

describe('README webhook receiver', () => {
  it.each(NODES.map((n) => [nodeVersion(n), n]))('verifies signatures exactly as the service signs (on Node %s)', async (_version, node) => {
    const readme = readFileSync('README.md', 'utf8');
    const code = /```js[^\n]*\n([\s\S]*?import \{ createServer \}[\s\S]*?)```/.exec(readme)?.[1];
    expect(code).toBeDefined();
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'vt-readme-'));
    const file = join(dir, 'receiver.mjs');
    writeFileSync(file, code!);
    // Without its secret it says so and stops, before it listens.
    const bare: NodeJS.ProcessEnv = { ...process.env, PORT: String(port) };
    delete bare.WEBHOOK_SECRET;
    const missing = spawnSync(node, [file], { env: bare, encoding: 'utf8', timeout: 10_000 });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('Set WEBHOOK_SECRET');
    const secret = 'whsec_' + 'a'.repeat(43);
    const child = spawn(node, [file], { env: { ...process.env, WEBHOOK_SECRET: secret, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      let out = '';
      await new Promise<void>((resolve) => child.stdout.on('data', (d) => ((out += d), out.includes('listening') && resolve())));
      const body = JSON.stringify({ id: 'evt_01JF3QD6F8H0J2K4M6N8P0Q2R4', object: 'event', type: 'order.created', data: { id: 'ord_1' } });
      const send = (header: string) =>
        fetch(`http://127.0.0.1:${port}/`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Service-Signature': header }, body });
      const now = Math.floor(Date.now() / 1000);
      expect((await send(signatureHeader([secret], now, body))).status).toBe(200);
      expect((await send(signatureHeader(['whsec_other', secret], now, body))).status).toBe(200);
      expect((await send(signatureHeader(['whsec_other'], now, body))).status).toBe(400);
      expect((await send(signatureHeader([secret], now - 301, body))).status).toBe(400);
      expect((await send('garbage')).status).toBe(400);
      // 64 characters that are not hex: refused, and the receiver lives on.
      expect((await send(`t=${now},v1=${'z'.repeat(64)}`)).status).toBe(400);
      expect((await send(signatureHeader([secret], now, body))).status).toBe(200);
    } finally {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the webhooks guide\'s ordering receiver', () => {
  it('applies one object\'s events once each, in sequence order, from deliveries in any order with duplicates, filling gaps from the API', async () => {
    const readme = readFileSync('docs/webhooks.md', 'utf8');
    const code = /```js[^\n]*\n(\/\/ Order, duplicates and gaps[\s\S]*?)```/.exec(readme)?.[1];
    expect(code).toBeDefined();
    const h = await startHarness('pglite');
    const dir = mkdtempSync(join(tmpdir(), 'vt-readme-order-'));
    try {
      const key = await h.key('readme-co');
      const customer = (await h.call('POST', '/v1/customers', { key, body: { name: 'Readme' } })).body.id as string;
      const order = (await h.call('POST', '/v1/orders', { key, body: orderBody(customer) })).body.id as string;
      for (let i = 0; i < 4; i++) await h.call('POST', `/v1/orders/${order}/exceptions`, { key, body: { kind: 'delay' } });
      await h.call('POST', `/v1/orders/${order}/cancel`, { key, body: {} });
      const events = (await h.call('GET', `/v1/events?object_id=${order}`, { key })).body.data as { id: string; sequence: number; data: { status: string } }[];
      expect(events.map((e) => e.sequence)).toEqual([1, 2, 3, 4, 5, 6]);
      const file = join(dir, 'order.mjs');
      writeFileSync(file, `${code}\nexport { handle, applied };\n`);
      process.env.API_URL = h.url;
      process.env.API_KEY = key;
      const { handle, applied } = (await import(file)) as {
        handle: (event: unknown, apply: (e: { sequence: number; data: unknown }) => Promise<void>) => Promise<void>;
        applied: Map<string, { sequence: number }>;
      };
      // Arrivals: the last, two duplicates, a middle one, an old one, then the rest shuffled.
      const arrivals = [events[5], events[5], events[2], events[0], events[2], events[4], events[1], events[3]];
      const seen: number[] = [];
      let state: unknown;
      for (const e of arrivals) {
        await handle(e, async (x) => {
          seen.push(x.sequence);
          state = x.data;
        });
      }
      // The first arrival (6) found a gap: 1..5 fetched and applied in order, then 6; nothing after.
      expect(seen).toEqual([1, 2, 3, 4, 5, 6]);
      expect(applied.get(order)!.sequence).toBe(6);
      expect(state).toEqual((await h.call('GET', `/v1/orders/${order}`, { key })).body);
      expect((state as { status: string }).status).toBe('cancelled');
    } finally {
      delete process.env.API_URL;
      delete process.env.API_KEY;
      rmSync(dir, { recursive: true, force: true });
      await h.close();
    }
  }, 60_000);
});
