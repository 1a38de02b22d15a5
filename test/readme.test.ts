// The README's webhook receiver example works as printed: it accepts a signed delivery and refuses a forged one.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signatureHeader } from '../src/webhooks/signer.js';
import { freePort } from './support/ports.js';

describe('README webhook receiver', () => {
  it('verifies signatures exactly as the service signs', async () => {
    const readme = readFileSync('README.md', 'utf8');
    const code = /```js\n([\s\S]*?import \{ createServer \}[\s\S]*?)```/.exec(readme)?.[1];
    expect(code).toBeDefined();
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'vt-readme-'));
    const file = join(dir, 'receiver.mjs');
    writeFileSync(file, code!.replace('.listen(4000)', `.listen(${port}, '127.0.0.1', () => console.log('listening'))`));
    const secret = 'whsec_' + 'a'.repeat(43);
    const child = spawn(process.execPath, [file], { env: { ...process.env, WEBHOOK_SECRET: secret }, stdio: ['ignore', 'pipe', 'inherit'] });
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
    } finally {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
