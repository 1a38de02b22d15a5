// The image's runtime stage, reproduced without Docker: `npm pack`, the tarball installed with
// production dependencies only in a fresh folder, the Dockerfile's CMD started there against a fresh
// PostgreSQL database, a key made with the packed keys CLI, one authenticated operation, SIGTERM.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './support/ports.js';
import { checkedFetch } from './support/contract-check.js';

const run = promisify(execFile);
const base = process.env.TEST_DATABASE_URL;
const root = process.cwd();
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { devDependencies: Record<string, string>; dependencies: Record<string, string> };

/** The runtime stage's command, from the Dockerfile: `CMD ["node", ...]`. */
function dockerCmd(): string[] {
  const line = readFileSync('Dockerfile', 'utf8').split('\n').filter((l) => l.startsWith('CMD ')).at(-1);
  const cmd = JSON.parse(line!.slice(4)) as string[];
  expect(cmd[0]).toBe('node');
  return cmd.slice(1);
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function freshDatabase(): Promise<string> {
  const name = `vt_install_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  const url = new URL(base as string);
  url.pathname = `/${name}`;
  return url.toString();
}

describe.skipIf(!base)('the packed package installed with production dependencies only', () => {
  it('builds, installs without devDependencies, and serves PostgreSQL from dist/ until SIGTERM', async () => {
    const work = mkdtempSync(join(tmpdir(), 'vt-install-'));
    cleanups.push(() => rmSync(work, { recursive: true, force: true }));
    const app = join(work, 'app');
    mkdirSync(app);

    // npm pack runs the build (prepack) and packs what package.json `files` names.
    const packed = await run('npm', ['pack', '--json', '--pack-destination', work], { cwd: root, maxBuffer: 16 * 1024 * 1024 });
    const [{ filename, files }] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as [{ filename: string; files: { path: string }[] }];
    const paths = files.map((f) => f.path);
    expect(paths).toContain('dist/main.js');
    expect(paths).toContain('dist/keys-cli.js');
    expect(paths).toContain('dist/users-cli.js');
    expect(paths).toContain('bin/vehicle-transport.js');
    expect(paths).toContain('dashboard/dist/index.html');
    expect(paths).toContain('dist/carriers/registry/local-registry.json');
    expect(paths).toEqual(expect.arrayContaining(['generated/openapi.json', 'generated/openapi.yaml', 'generated/asyncapi.json', 'generated/asyncapi.yaml', 'generated/docs.html']));
    // Nothing but the build output, the published specs and the package's own files.
    expect(paths.filter((p) => !/^(dist\/|bin\/vehicle-transport\.js$|generated\/[a-z0-9.-]+\.(json|yaml|html)$|generated\/versions\/\d{4}-\d{2}-\d{2}\/[a-z0-9.-]+\.json$|generated\/docs-assets\/[a-z0-9-]+\.js$|dashboard\/dist\/|package\.json$|README\.md$)/.test(p))).toEqual([]);

    await run('tar', ['-xzf', join(work, filename), '-C', app, '--strip-components=1']);
    copyFileSync('package-lock.json', join(app, 'package-lock.json'));
    await run('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: app, maxBuffer: 16 * 1024 * 1024 });
    const installed = readdirSync(join(app, 'node_modules')).flatMap((d) =>
      d.startsWith('@') ? readdirSync(join(app, 'node_modules', d)).map((s) => `${d}/${s}`) : [d],
    );
    for (const dep of Object.keys(manifest.dependencies)) expect(installed).toContain(dep);
    for (const dev of Object.keys(manifest.devDependencies)) expect(existsSync(join(app, 'node_modules', dev)), dev).toBe(false);

    // The environment of the image: production mode, no loader options inherited from the test runner.
    const databaseUrl = await freshDatabase();
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      SECRETS_KEY: `packed:${randomBytes(32).toString('base64')}`,
    };
    const keyOut = await run(process.execPath, ['dist/keys-cli.js', 'create', '--account', 'Packed Logistics', '--scopes', 'customers:read,customers:write'], { cwd: app, env });
    const key = keyOut.stdout.trim();
    // The package's command (bin `vehicle-transport`) runs the compiled CLI: no sources, no tsx here.
    const usage = await run(process.execPath, ['bin/vehicle-transport.js', '--help'], { cwd: app, env });
    expect(usage.stdout).toContain('vehicle-transport listen --forward-to');
    expect(key).toMatch(/^sk_live_[0-9A-Za-z]{43}$/);

    const port = await freePort();
    const child: ChildProcess = spawn(process.execPath, dockerCmd(), { cwd: app, env: { ...env, HOST: '127.0.0.1', PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    cleanups.push(() => void child.kill('SIGKILL'));
    const url = `http://127.0.0.1:${port}`;
    let ready = 0;
    for (let i = 0; i < 150 && ready !== 200 && child.exitCode === null; i++) {
      ready = await checkedFetch(`${url}/readyz`).then((r) => r.status, () => 0);
      if (ready !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(ready, output).toBe(200);

    // The published specs are served from generated/ next to dist/.
    const spec = await checkedFetch(`${url}/openapi.json`);
    expect(spec.status).toBe(200);
    expect(((await spec.json()) as { openapi: string }).openapi).toMatch(/^3\.1/);
    // And each older version's, from generated/versions/.
    const preview = await checkedFetch(`${url}/openapi.json?version=2026-01-15`);
    expect(((await preview.json()) as { info: { version: string } }).info.version).toBe('2026-01-15');
    // The dashboard, built into the package, is served with its policy.
    const dashboard = await checkedFetch(`${url}/dashboard/`);
    expect(dashboard.status).toBe(200);
    expect(dashboard.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const docs = await checkedFetch(`${url}/docs`);
    expect(docs.status).toBe(200);
    // Every script the page loads is served by the production install itself (Redoc's bundle included).
    const scripts = [...(await docs.text()).matchAll(/(?:src|href)="\/docs\/assets\/([^"]+)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const name of scripts) expect((await checkedFetch(`${url}/docs/assets/${name}`)).status, name).toBe(200);

    const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
    const created = await checkedFetch(`${url}/v1/customers`, { method: 'POST', headers, body: JSON.stringify({ name: 'Packed Auto Sales' }) });
    expect(created.status, output).toBe(201);
    const customer = (await created.json()) as { id: string; name: string };
    const read = await checkedFetch(`${url}/v1/customers/${customer.id}`, { headers });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { name: string }).name).toBe('Packed Auto Sales');
    expect((await checkedFetch(`${url}/v1/customers`, { headers: { Authorization: 'Bearer sk_wrong' } })).status).toBe(401);

    child.kill('SIGTERM');
    expect(await exited, output).toBe(0);
  }, 180_000);
});
