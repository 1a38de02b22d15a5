// The reference documentation (/docs) needs nothing but this server: every script it loads is served
// under /docs/assets/ (none inline, none from a CDN), and in a real browser with every other address
// cut off, search and the operation pages work.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './support/harness.js';
import { checkedFetch } from './support/contract-check.js';

/** The system Chromium (Debian's `chromium` package); playwright-core never downloads a browser. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
// CI installs Chromium (.ci/run), so there a missing browser fails the test instead of skipping it.
const skipBrowser = !haveChromium && !process.env.CI;
if (skipBrowser) {
  console.warn(
    `\n*** SKIPPED: the browser check of /docs (search, operation pages, network off) needs Chromium at ${CHROMIUM}.\n` +
      '*** Install it with `apt-get install -y chromium` (CI does) or set CHROMIUM_PATH.\n',
  );
}

// Checked like the harness's answers (the documents and pages are operations of the document too).
const raw = (url: string, headers: Record<string, string> = {}) => checkedFetch(url, { headers: { 'Accept-Encoding': 'identity', ...headers } });

let h: Harness;
beforeAll(async () => {
  h = await startHarness('pglite');
});
afterAll(() => h?.close());

describe('GET /docs and GET /docs/assets/{asset}', () => {
  let html: string;
  let docs: Response;
  beforeAll(async () => {
    docs = await raw(`${h.url}/docs`);
    html = await docs.text();
  });

  const scriptsOf = (page: string) => [...page.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? '');
  const assetUrls = (page: string) => [...page.matchAll(/(?:src|href)="(\/docs\/assets\/[^"]+)"/g)].map((m) => m[1] as string);

  it('answers the page with a policy that allows scripts from this origin only, revalidated on each visit', () => {
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = docs.headers.get('content-security-policy') ?? '';
    expect(csp.split('; ')).toEqual(expect.arrayContaining(["default-src 'none'", "script-src 'self'", "connect-src 'self'"]));
    expect(docs.headers.get('cache-control')).toBe('no-cache');
  });

  it('has no inline script and loads nothing from another address', () => {
    for (const attributes of scriptsOf(html)) {
      // Every script is a file from this server, or a JSON data block (which never runs).
      expect(attributes).toMatch(/\bsrc="\/docs\/assets\/[^"]+"|type="application\/json"/);
    }
    expect(html).not.toMatch(/<(?:script|link|img)\b[^>]*\b(?:src|href)="(?:https?:)?\/\//);
    expect(assetUrls(html).length).toBeGreaterThanOrEqual(3); // the Redoc bundle, the hydrating module, the colour-mode script
  });

  it('serves every script the page loads as JavaScript, cacheable for a year', async () => {
    for (const url of assetUrls(html)) {
      const r = await raw(h.url + url);
      expect(r.status, url).toBe(200);
      expect(r.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect((await r.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
  });

  it('serves Redoc from the npm package that pre-rendered the page, changed only where its logo would load from a CDN', async () => {
    const url = assetUrls(html).find((u) => /\/redoc-[0-9a-f]{12}\.js$/.test(u));
    expect(url).toBeDefined();
    const cli = path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json'));
    const installed = readFileSync(path.join(cli, 'lib/chunks/redoc.standalone.js'), 'utf8');
    const served = Buffer.from(await (await raw(h.url + url)).arrayBuffer()).toString('utf8');
    expect(installed).toContain('https://cdn.redoc.ly/redoc/logo-mini.svg');
    expect(served).not.toContain('cdn.redoc.ly');
    // Exactly the two image addresses, emptied: nothing else differs.
    const emptied = installed.replaceAll('https://cdn.redoc.ly/redoc/logo-mini-full.svg', '').replaceAll('https://cdn.redoc.ly/redoc/logo-mini.svg', '');
    expect(served === emptied).toBe(true);
    // And the page's integrity hash is that of what is served.
    const integrity = new RegExp(`href="${url!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" integrity="(sha384-[^"]+)"`).exec(html)?.[1];
    expect(integrity).toBe(`sha384-${createHash('sha384').update(served, 'utf8').digest('base64')}`);
  });

  it('answers gzip to clients that accept it, the same bytes once decoded', async () => {
    const url = assetUrls(html).find((u) => u.includes('/redoc-')) as string;
    const plain = Buffer.from(await (await raw(h.url + url)).arrayBuffer());
    const res = await raw(h.url + url, { 'Accept-Encoding': 'gzip' });
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    // fetch decodes gzip itself; the header says it was sent compressed.
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(Buffer.from(await res.arrayBuffer()).equals(plain)).toBe(true);
    const page = await new Promise<Buffer>((resolve, reject) => {
      // node:http does not decode, so the compressed size is visible.
      import('node:http').then(({ get }) =>
        get(`${h.url}/docs`, { headers: { 'Accept-Encoding': 'gzip' } }, (r) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => resolve(Buffer.concat(chunks)));
        }).on('error', reject),
      );
    });
    expect(page.length).toBeLessThan(Buffer.byteLength(html) / 3);
    expect(gunzipSync(page).toString()).toBe(html);
  });

  it('answers 404 in the error envelope for a well-formed name it does not serve, and 400 for a malformed one', async () => {
    const missing = await h.call('GET', '/docs/assets/redoc-000000000000.js', { key: null });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ type: 'not_found_error', code: 'resource_missing', param: 'asset' });
    const malformed = await h.call('GET', '/docs/assets/..%2Fopenapi.json', { key: null });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.type).toBe('validation_error');
  });
});

describe('the reference in a browser, with every address but this server cut off', () => {
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (skipBrowser) return;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
  });
  afterAll(() => browser?.close());

  it.skipIf(skipBrowser)('finds an operation by search and renders its page, with no request leaving the server', async () => {
    const context = await browser!.newContext();
    const elsewhere: string[] = [];
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (new URL(url).origin === h.url) return route.continue();
      elsewhere.push(url);
      return route.abort('internetdisconnected');
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console: ${m.text()}`);
    });

    await page.goto(`${h.url}/docs`, { waitUntil: 'load' });
    // Search only opens once the page is hydrated, that is once the scripts from /docs/assets/ ran.
    await page.getByText('Search Ctrl+K').click();
    await page.getByPlaceholder('Search docs...').fill('cancel');
    const hit = page.getByText('/v1/orders/{order_id}/cancel').first();
    await hit.waitFor({ state: 'visible', timeout: 15_000 });
    await hit.click();

    await page.waitForURL(/#\/orders\/cancelorder$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Cancel an order' }).isVisible()).toBe(true);
    // The operation's own parts: its path parameter, required scope and request sample.
    await expect.poll(() => page.getByText('order_id', { exact: true }).first().isVisible()).toBe(true);
    expect(await page.getByText('orders:write').first().isVisible()).toBe(true);
    expect(await page.getByText('Customer sold the vehicle').first().isVisible()).toBe(true);

    expect(elsewhere).toEqual([]);
    // Nothing blocked by the page's policy, nothing thrown: not even Redoc's attribution logo.
    expect(errors).toEqual([]);
    await context.close();
  });
});
