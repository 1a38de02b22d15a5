// The real processes: the keys CLI against an embedded database folder, and the server's start-up and SIGTERM.
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { Agent, request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './support/ports.js';
import { migratedDataDir } from './support/embedded-database.js';
import { startReceiver } from './support/receiver.js';
import { checkedFetch } from './support/contract-check.js';

const dataDir = mkdtempSync(join(tmpdir(), 'vt-process-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const node = process.execPath;
const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'info', NODE_ENV: 'development' };

function startServer(port: number, extraEnv: Record<string, string> = {}) {
  const child = spawn(node, ['--import', 'tsx', 'src/main.ts'], { env: { ...env, PORT: String(port), ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setInterval(async () => {
      try {
        if ((await checkedFetch(`http://127.0.0.1:${port}/readyz`)).status === 200) {
          clearInterval(timer);
          resolve();
        }
      } catch {
        /* not listening yet */
      }
    }, 100);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`server exited ${code}: ${output}`));
    });
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, ready, exited, output: () => output };
}

/** A server on a fresh embedded database; resolves once it printed its development key. */
async function startFresh(prefix: string, extraEnv: Record<string, string> = {}, waitMs = 50_000) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  await migratedDataDir(dir);
  const port = await freePort();
  const child = spawn(node, ['--import', 'tsx', 'src/main.ts'], {
    env: { ...env, DATA_DIR: dir, PORT: String(port), ...extraEnv },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  // A fresh embedded database runs every migration first: seconds alone, longer on a loaded machine.
  const deadline = Date.now() + waitMs;
  while (!/sk_live_[0-9A-Za-z]{43}/.test(output) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  const key = /sk_live_[0-9A-Za-z]{43}/.exec(output)?.[0];
  return { child, exited, key, output: () => output, port, base: `http://127.0.0.1:${port}`, dir };
}

describe('npm run keys -- create', () => {
  it('prints a key on a line of its own that the server then accepts, scoped as asked', async () => {
    const out = execFileSync(node, ['--import', 'tsx', 'src/keys-cli.ts', 'create', '--account', 'cli-co', '--scopes', 'orders:read,customers:read'], {
      env,
      encoding: 'utf8',
    });
    const key = out.trim().split('\n').find((l) => /^sk_live_[0-9A-Za-z]{43}$/.test(l));
    expect(key).toBeDefined();
    // --test: a key of the same account's test mode.
    const testOut = execFileSync(node, ['--import', 'tsx', 'src/keys-cli.ts', 'create', '--account', 'cli-co', '--scopes', 'customers:read,customers:write', '--test'], { env, encoding: 'utf8' });
    const testKey = testOut.trim().split('\n').find((l) => /^sk_test_[0-9A-Za-z]{43}$/.test(l));
    expect(testKey).toBeDefined();
    const auditKey = execFileSync(node, ['--import', 'tsx', 'src/keys-cli.ts', 'create', '--account', 'cli-co', '--scopes', 'audit:read'], { env, encoding: 'utf8' }).trim();

    const port = await freePort();
    const server = startServer(port);
    await server.ready;
    try {
      const base = `http://127.0.0.1:${port}`;
      const list = await checkedFetch(`${base}/v1/orders`, { headers: { Authorization: `Bearer ${key}` } });
      expect(list.status).toBe(200);
      const create = await checkedFetch(`${base}/v1/customers`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: '{"name":"x"}',
      });
      expect(create.status).toBe(403);
      // The test key writes test data, which the live key does not see.
      const made = await checkedFetch(`${base}/v1/customers`, { method: 'POST', headers: { Authorization: `Bearer ${testKey}`, 'Content-Type': 'application/json' }, body: '{"name":"Sandbox"}' });
      expect(made.status).toBe(201);
      const testCustomer = (await made.json()) as { id: string; livemode: boolean };
      expect(testCustomer.livemode).toBe(false);
      expect((await checkedFetch(`${base}/v1/customers/${testCustomer.id}`, { headers: { Authorization: `Bearer ${key}` } })).status).toBe(404);
      // Each key made on the command line is in the audit log of its mode, by `system`.
      const audit = (await (await checkedFetch(`${base}/v1/audit_logs?action=api_key.created`, { headers: { Authorization: `Bearer ${auditKey}` } })).json()) as { data: { actor: string; request_id: string | null }[] };
      expect(audit.data).toHaveLength(2);
      expect(audit.data.every((e) => e.actor === 'system' && e.request_id === null)).toBe(true);
      // The database already had an account, so no development key is printed.
      expect(server.output()).not.toContain('Development account created');
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
  }, 60_000);

  it("refuses, naming the server's pid, while a server has the embedded database; so does a second server; nothing is lost", async () => {
    const port = await freePort();
    const server = startServer(port);
    await server.ready;
    const cli = (args: string[]) => {
      try {
        return { code: 0, out: execFileSync(node, ['--import', 'tsx', 'src/keys-cli.ts', ...args], { env, encoding: 'utf8', stdio: 'pipe' }) };
      } catch (err) {
        const e = err as { status: number; stderr: string };
        return { code: e.status, out: e.stderr };
      }
    };
    try {
      const refused = cli(['create', '--account', 'while-running', '--scopes', 'all']);
      expect(refused.code).toBe(1);
      expect(refused.out).toContain(`in use by process ${server.child.pid}`);
      expect(refused.out).toContain('POST /v1/api_keys');
      expect(refused.out).not.toMatch(/sk_(live_|test_)?[0-9A-Za-z]{43}/); // no key printed that would not work
      expect(refused.out).not.toMatch(/\n\s+at /); // a sentence, not a stack trace
      const second = startServer(await freePort());
      await expect(second.ready).rejects.toThrow(`in use by process ${server.child.pid}`);
      expect(await second.exited).toBe(1);
      // The running server is untouched: it still answers.
      expect((await checkedFetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
    // Stopped: the lock is released, and the CLI's key is kept.
    const made = cli(['create', '--account', 'after-stop', '--scopes', 'customers:read']);
    expect(made.code).toBe(0);
    const key = made.out.trim().split('\n').find((l) => /^sk_live_[0-9A-Za-z]{43}$/.test(l));
    expect(key).toBeDefined();
    const againPort = await freePort();
    const again = startServer(againPort);
    await again.ready;
    try {
      const answer = await checkedFetch(`http://127.0.0.1:${againPort}/v1/customers`, { headers: { Authorization: `Bearer ${key}` } });
      expect(answer.status).toBe(200);
    } finally {
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    }
  }, 120_000);

  it('refuses unknown scopes', () => {
    expect(() =>
      execFileSync(node, ['--import', 'tsx', 'src/keys-cli.ts', 'create', '--account', 'x', '--scopes', 'orders:everything'], { env, stdio: 'pipe' }),
    ).toThrow(/Unknown scope/);
  }, 30_000);
});

describe('server start-up and shutdown', () => {
  it('prints a working development key on first start, and finishes in-flight requests on SIGTERM', async () => {
    const { child, exited, key, output, port, base, dir: fresh } = await startFresh('vt-first-start-');
    try {
      expect(key, output()).toBeDefined();
      expect(output()).toContain(`curl -s http://127.0.0.1:${port}/v1/customers`);
      // In development without METRICS_PORT or METRICS_TOKEN, the metrics are open on the API port, and the start-up line says so.
      expect(output()).toContain(`"metrics":"http://127.0.0.1:${port}/metrics, open to anyone (development; in production set METRICS_PORT or METRICS_TOKEN)"`);
      expect((await checkedFetch(`${base}/metrics`)).status).toBe(200);
      const customer = await checkedFetch(`${base}/v1/customers`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: '{"name":"First"}',
      });
      expect(customer.status).toBe(201);
      // A request in flight when SIGTERM arrives (its body half sent) still completes.
      const body = '{"name":"Sent across the shutdown"}';
      const req = request(`${base}/v1/customers`, {
        method: 'POST',
        agent: false,
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', 'Content-Length': String(body.length) },
      });
      const answered = new Promise<number>((resolve, reject) => {
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
      });
      req.write(body.slice(0, 10));
      await new Promise((r) => setTimeout(r, 300));
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      req.end(body.slice(10));
      expect(await answered).toBe(201);
      expect(await exited).toBe(0);
      // New connections are refused once it has stopped.
      await expect(checkedFetch(`${base}/healthz`)).rejects.toThrow();
    } finally {
      child.kill('SIGKILL');
      rmSync(fresh, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('a later start on the embedded database', () => {
  it('names the data folder and the commands that make a new key and password; reset-password works and ends sessions', async () => {
    const first = await startFresh('vt-second-start-');
    const dir = first.dir;
    const cli = (script: string, args: string[]) => {
      const r = spawnSync(node, ['--import', 'tsx', script, ...args], { env: { ...env, DATA_DIR: dir }, encoding: 'utf8' });
      return { code: r.status, out: r.stdout, err: r.stderr };
    };
    const signIn = (base: string, password: string) =>
      checkedFetch(`${base}/v1/sessions`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'owner@development.localhost', password }) });
    try {
      expect(first.key, first.output()).toBeDefined();
      const oldPassword = /sign in as owner@development\.localhost with the password \(shown once\):\n\n {2}(\S+)/.exec(first.output())?.[1];
      expect(oldPassword, first.output()).toBeDefined();
      const signedIn = await signIn(first.base, oldPassword!);
      expect(signedIn.status).toBe(201);
      const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
      expect((await checkedFetch(`${first.base}/v1/sessions/current`, { headers: { Cookie: cookie } })).status).toBe(200);
      // Beside the running server the users CLI refuses, saying why, and changes nothing.
      const refused = cli('src/users-cli.ts', ['reset-password', '--email', 'owner@development.localhost']);
      expect(refused.code).toBe(1);
      expect(refused.err).toContain(`in use by process ${first.child.pid}`);
      expect(refused.out).toBe('');
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);

      // The second start: no new key, but where the data is and the way back in.
      const port = await freePort();
      const second = startServer(port, { DATA_DIR: dir });
      await second.ready;
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
      const said = second.output();
      expect(said).not.toContain('Development account created');
      expect(said).toContain(`Embedded database in ${dir}: the development account exists`);
      expect(said).toContain('  npm run keys -- create --account development --scopes all\n');
      expect(said).toContain('  npm run users -- reset-password --email owner@development.localhost\n');
      expect(said).toContain('while the server is stopped');

      // Both commands, as printed, work with the server stopped.
      const key = cli('src/keys-cli.ts', ['create', '--account', 'development', '--scopes', 'all']);
      expect(key.code, key.err).toBe(0);
      const newKey = key.out.trim();
      expect(newKey).toMatch(/^sk_live_[0-9A-Za-z]{43}$/);
      const reset = cli('src/users-cli.ts', ['reset-password', '--email', 'owner@development.localhost']);
      expect(reset.code, reset.err).toBe(0);
      const newPassword = reset.out.trim();
      expect(newPassword).toMatch(/^[A-Za-z0-9]{20}$/);
      expect(reset.err).toContain('their sessions have ended');
      // Unknown email: refused, plainly, nothing printed on stdout.
      const unknown = cli('src/users-cli.ts', ['reset-password', '--email', 'nobody@development.localhost']);
      expect(unknown.code).toBe(1);
      expect(unknown.err).toContain('No user with the email nobody@development.localhost');
      expect(unknown.out).toBe('');

      const thirdPort = await freePort();
      const third = startServer(thirdPort, { DATA_DIR: dir });
      await third.ready;
      try {
        const base = `http://127.0.0.1:${thirdPort}`;
        expect((await checkedFetch(`${base}/v1/customers`, { headers: { Authorization: `Bearer ${newKey}` } })).status).toBe(200);
        expect((await checkedFetch(`${base}/v1/sessions/current`, { headers: { Cookie: cookie } })).status).toBe(401);
        expect((await signIn(base, oldPassword!)).status).toBe(401);
        expect((await signIn(base, newPassword)).status).toBe(201);
      } finally {
        third.child.kill('SIGTERM');
        expect(await third.exited).toBe(0);
      }
    } finally {
      first.child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 150_000);
});

describe('metrics on a port of their own', () => {
  it('serves /metrics on METRICS_PORT (to METRICS_TOKEN), not on the API port, and says where on start-up', async () => {
    const metricsPort = await freePort();
    const token = 'metrics-token-0123456789abcdef';
    const { child, exited, key, output, base, dir: fresh } = await startFresh('vt-metrics-', { METRICS_PORT: String(metricsPort), METRICS_TOKEN: token });
    try {
      expect(key, output()).toBeDefined();
      const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
      expect(output()).toContain(`"metrics":"${metricsUrl} (METRICS_PORT, bearer METRICS_TOKEN; not on the API port)"`);
      const api = await checkedFetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${token}` } });
      expect(api.status).toBe(404);
      expect(((await api.json()) as { error: { code: string } }).error.code).toBe('route_not_found');
      // The metrics port is a listener of its own, outside the API's document (which describes
      // /metrics on the API's port): its answers are read as they are, unchecked.
      const without = await fetch(metricsUrl);
      expect(without.status).toBe(401);
      expect(without.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect((await fetch(metricsUrl, { headers: { Authorization: `Bearer ${token}x` } })).status).toBe(401);
      const scraped = await fetch(metricsUrl, { headers: { Authorization: `Bearer ${token}` } });
      expect(scraped.status).toBe(200);
      expect(scraped.headers.get('content-type')).toMatch(/^text\/plain/);
      // The API's requests are counted in the process the metrics port serves.
      expect(await scraped.text()).toMatch(/^http_requests_total\{method="GET",operation="getMetrics",status="404"\} \d+$/m);
      expect((await fetch(`http://127.0.0.1:${metricsPort}/`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(404);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      await expect(fetch(metricsUrl)).rejects.toThrow();
    } finally {
      child.kill('SIGKILL');
      rmSync(fresh, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('shutdown under keep-alive load', () => {
  it('does not let a client that keeps its connection busy keep a stopping server alive: answers say Connection: close, none fails', async () => {
    const { child, exited, key, base, dir: fresh } = await startFresh('vt-keepalive-');
    let stopped = false;
    void exited.then(() => (stopped = true));
    try {
      expect(key).toBeDefined();
      // One keep-alive connection, one request after another, for at most 10 seconds.
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const get = () =>
        new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
          const req = request(`${base}/v1/customers?limit=1`, { agent, headers: { Authorization: `Bearer ${key}` } }, (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
          });
          req.on('error', reject);
          req.end();
        });
      // A request in flight on that connection when SIGTERM arrives (its body half sent).
      const inFlight = () =>
        new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
          const body = '{"name":"Sent across the shutdown"}';
          const req = request(`${base}/v1/customers`, {
            method: 'POST',
            agent,
            headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', 'Content-Length': String(body.length) },
          });
          req.on('response', (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
          });
          req.on('error', reject);
          req.write(body.slice(0, 10));
          setTimeout(() => {
            child.kill('SIGTERM');
            setTimeout(() => req.end(body.slice(10)), 300);
          }, 100);
        });
      const answers: { status: number; connection: string | undefined; afterSignal: boolean }[] = [];
      let signalled = false;
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline && !stopped) {
        try {
          if (answers.length === 20 && !signalled) {
            signalled = true;
            answers.push({ ...(await inFlight()), afterSignal: true });
          } else answers.push({ ...(await get()), afterSignal: signalled });
        } catch {
          // Refused once the server closed its connection and stopped listening: try again until it has exited.
          await new Promise((r) => setTimeout(r, 20));
        }
      }
      agent.destroy();
      // It exited while the client was still sending, not once the client gave up.
      expect(stopped).toBe(true);
      expect(await exited).toBe(0);
      expect(answers.slice(0, 20).every((a) => a.status === 200 && a.connection === 'keep-alive')).toBe(true);
      // The request in flight is answered, and its answer closes the connection; any answered later does too.
      expect(answers[20]).toMatchObject({ status: 201, connection: 'close' });
      expect(answers.slice(21).every((a) => a.status === 200 && a.connection === 'close')).toBe(true);
    } finally {
      child.kill('SIGKILL');
      rmSync(fresh, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('carrier vetting in the running server', () => {
  it('moves carriers to active or rejected by itself within seconds, on the local registry', async () => {
    const { child, exited, key, base, dir: fresh } = await startFresh('vt-vetting-');
    try {
      const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
      const onboard = async (dot: string) =>
        ((await (
          await checkedFetch(`${base}/v1/carriers`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ dot_number: dot, contact_name: 'A', contact_email: 'a@b.example', phone: '+16025550117' }),
          })
        ).json()) as { id: string });
      const pass = await onboard('2847193');
      const fail = await onboard('1873420');
      const t0 = Date.now();
      const status = async (id: string) => ((await (await checkedFetch(`${base}/v1/carriers/${id}`, { headers })).json()) as { status: string }).status;
      while ((await status(pass.id)) === 'pending_vetting' || (await status(fail.id)) === 'pending_vetting') {
        if (Date.now() - t0 > 10_000) throw new Error('vetting did not finish within 10 s');
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await status(pass.id)).toBe('active');
      expect(await status(fail.id)).toBe('rejected');
    } finally {
      child.kill('SIGTERM');
      await exited;
      rmSync(fresh, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('tracing in the running server', () => {
  it("logs each request with its trace id, and exports its spans over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set (flushed at shutdown)", async () => {
    const collector = await startReceiver();
    const collectorUrl = new URL(collector.url);
    const { child, exited, key, base, output, dir: fresh } = await startFresh('vt-otel-', {
      OTEL_EXPORTER_OTLP_ENDPOINT: `${collectorUrl.protocol}//${collectorUrl.host}`,
      OTEL_SERVICE_NAME: 'vt-under-test',
      OTEL_BSP_SCHEDULE_DELAY: '60000',
    });
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    try {
      const r = await checkedFetch(`${base}/v1/customers`, { headers: { Authorization: `Bearer ${key}`, traceparent: `00-${traceId}-b7ad6b7169203331-01` } });
      expect(r.status).toBe(200);
      const requestId = r.headers.get('request-id');
      const deadline = Date.now() + 5_000;
      while (!output().includes(requestId!) && Date.now() < deadline) await new Promise((res) => setTimeout(res, 50));
      const line = output().split('\n').find((l) => l.includes(`"request_id":"${requestId}"`) && l.includes('"msg":"request"'));
      expect(JSON.parse(line!)).toMatchObject({ request_id: requestId, trace_id: traceId, operation: 'listCustomers', status: 200 });
      // Health probes answered well stay out of the info log (one a second would bury everything).
      expect((await checkedFetch(`${base}/readyz`)).status).toBe(200);
      expect((await checkedFetch(`${base}/healthz`)).status).toBe(200);
      const after = (await checkedFetch(`${base}/v1/customers`, { headers: { Authorization: `Bearer ${key}` } })).headers.get('request-id');
      while (!output().includes(after!) && Date.now() < deadline + 5_000) await new Promise((res) => setTimeout(res, 50));
      expect(output()).toContain(after!);
      expect(output()).not.toMatch(/"path":"\/(readyz|healthz)"/);
      expect(output()).toContain('OpenTelemetry tracing on');
    } finally {
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      rmSync(fresh, { recursive: true, force: true });
    }
    // Exported at shutdown (the batch's own delay is a minute): the request's span, in its trace.
    const exports = collector.received.filter((x) => x.path === '/v1/traces');
    expect(exports.length).toBeGreaterThan(0);
    const body = exports.map((x) => x.body).join('');
    expect(body).toContain(traceId);
    expect(body).toContain('vt-under-test');
    expect(body).toContain('GET /v1/customers');
    await collector.close();
  }, 60_000);

  it('exports nothing, and loads no SDK, without the variables', async () => {
    // Started (its key printed, its signal handlers set) before it is asked to stop: a loaded machine may take a while.
    const { child, exited, key, output, dir: fresh } = await startFresh('vt-nootel-', {}, 100_000);
    child.kill('SIGTERM');
    expect(key, output()).toBeDefined();
    expect(await exited).toBe(0);
    rmSync(fresh, { recursive: true, force: true });
    expect(output()).not.toContain('OpenTelemetry tracing on');
  }, 120_000);
});
