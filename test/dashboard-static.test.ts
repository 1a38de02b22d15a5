// Serving the dashboard's files: security headers on everything under /dashboard, the SPA fallback,
// nothing outside the build folder, a clear answer when the app is not built, the API untouched.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveDashboard } from '../src/http/dashboard.js';

async function serve(dist: string): Promise<{ url: string; server: Server }> {
  const koa = new Koa();
  koa.use(serveDashboard(dist));
  koa.use((c) => {
    c.body = { api: true };
  });
  const server = createServer(koa.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('the dashboard static files', () => {
  const root = mkdtempSync(join(tmpdir(), 'vt-dist-'));
  const dist = join(root, 'dist');
  let built: { url: string; server: Server };
  let unbuilt: { url: string; server: Server };
  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(root, 'secret.txt'), 'outside');
    built = await serve(dist);
    unbuilt = await serve(join(root, 'missing'));
  });
  afterAll(() => {
    built.server.close();
    unbuilt.server.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers client routes with index.html and the security headers', async () => {
    const r = await fetch(`${built.url}/dashboard/orders/ord_1`);
    expect(r.status).toBe(200);
    expect(await r.text()).toContain('<title>app</title>');
    expect(r.headers.get('content-security-policy')).toMatch(/default-src 'none'.*frame-ancestors 'none'/);
    expect(r.headers.get('cache-control')).toBe('no-cache');
    expect(r.headers.get('x-frame-options')).toBe('DENY');
  });
  it('serves hashed assets with their type, cached for good; an unknown asset is 404, not the app', async () => {
    const r = await fetch(`${built.url}/dashboard/assets/index-abc123.js`);
    expect(r.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(r.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${built.url}/dashboard/assets/index-gone.js`)).status).toBe(404);
  });
  it('never serves a file outside the build folder', async () => {
    for (const path of ['/dashboard/..%2fsecret.txt', '/dashboard/%2e%2e/secret.txt', '/dashboard/assets/..%2f..%2fsecret.txt', '/dashboard/%E0%A4%A']) {
      const text = await (await fetch(`${built.url}${path}`)).text();
      expect(text, path).not.toContain('outside');
    }
  });
  it('redirects /dashboard to /dashboard/ and refuses other methods than GET and HEAD', async () => {
    const r = await fetch(`${built.url}/dashboard`, { redirect: 'manual' });
    expect(r.status).toBe(308);
    expect(r.headers.get('location')).toBe('/dashboard/');
    const post = await fetch(`${built.url}/dashboard/`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });
  it('says how to build the app when it is not built', async () => {
    const r = await fetch(`${unbuilt.url}/dashboard/`);
    expect(r.status).toBe(503);
    expect(await r.text()).toContain('npm run build:dashboard');
  });
  it('leaves every other path to the API', async () => {
    expect(await (await fetch(`${built.url}/v1/orders`)).json()).toEqual({ api: true });
    expect(await (await fetch(`${built.url}/dashboards`)).json()).toEqual({ api: true });
  });
});
