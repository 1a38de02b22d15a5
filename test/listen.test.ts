// `vehicle-transport listen` against a live server: it forwards each test-mode event to a local
// receiver, signed with the listener's stable secret (which the receiver verifies), reports the local
// answer back into the delivery log, says when it lost the server and when it is back, and on
// reconnect sends what happened while it was away. `trigger` makes an event happen.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestDatabase, type Backend, type TestDatabase } from './support/databases.js';
import { orderBody, startHarness, type Harness } from './support/harness.js';
import { freePort } from './support/ports.js';
import { startReceiver, type Receiver } from './support/receiver.js';
import { verifySignature } from '../src/webhooks/signer.js';

type Json = Record<string, any>;

/** The command as an integrator runs it, its output kept. */
function command(args: string[], env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const proc = { child, out: '' };
  child.stdout!.on('data', (d) => (proc.out += d));
  child.stderr!.on('data', (d) => (proc.out += d));
  return proc;
}
/** Runs the command to its end (asynchronously: the server under test answers in this process). */
async function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const p = command(args, env);
  const code = await new Promise<number | null>((r) => p.child.once('exit', r));
  return { code, out: p.out };
}
const until = async (what: () => boolean, message: () => string, ms = 15_000) => {
  const deadline = Date.now() + ms;
  while (!what() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  if (!what()) throw new Error(message());
};
const stop = async (p: { child: ChildProcess }) => {
  if (p.child.exitCode !== null) return;
  const exited = new Promise((r) => p.child.once('exit', r));
  p.child.kill('SIGINT');
  await exited;
};

describe.each(backends())('vehicle-transport listen on %s', (backend: Backend) => {
  let database: TestDatabase;
  let h: Harness;
  let port: number;
  let test: string;
  let live: string;
  let receiver: Receiver;
  let env: Record<string, string>;
  const running: { child: ChildProcess }[] = [];
  const listen = () => {
    const p = command(['listen', '--forward-to', receiver.url, '--name', 'laptop', '--events', 'order.created,order.cancelled'], env);
    running.push(p);
    return p;
  };
  const customer = async (key: string) => (await h.call('POST', '/v1/customers', { key, body: { name: 'Listen customer' } })).body.id as string;
  const order = async (key: string, customerId: string) => (await h.call('POST', '/v1/orders', { key, body: orderBody(customerId) })).body.id as string;
  const arrived = () => receiver.received.map((r) => ({ ...r, event: JSON.parse(r.body) as Json }));

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    port = await freePort();
    h = await startHarness(backend, { database, port });
    test = await h.key('laptop-co', 'all', { livemode: false });
    live = await h.key('laptop-co');
    receiver = await startReceiver();
    env = { API_KEY: test, API_BASE: h.url };
  });
  afterAll(async () => {
    for (const p of running) await stop(p);
    await receiver?.close();
    await h?.close();
    await database?.drop();
  });

  it('refuses a live key: listen and trigger work in test mode only', async () => {
    const refused = await run(['trigger', 'order.created'], { API_KEY: live, API_BASE: h.url });
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('a test key is needed');
  });

  it("forwards each test event as it happens, signed with the listener's stable secret, and the delivery log shows the local answer", async () => {
    const printing = await run(['listen', '--print-secret', '--name', 'laptop'], env);
    expect(printing.code, printing.out).toBe(0);
    const printed = printing.out.trim();
    expect(printed).toMatch(/^whsec_[0-9A-Za-z]{43}$/);
    const p = listen();
    await until(() => /Ready!/.test(p.out), () => `not ready: ${p.out}`);
    expect(p.out).toContain(`Your webhook signing secret is ${printed}`);

    const c = await customer(test);
    const started = Date.now();
    const ordered = await order(test, c);
    await until(() => arrived().some((r) => r.event.data?.id === ordered), () => `not forwarded: ${p.out}`);
    // Well within a second on a quiet machine (docs/testing.md); bounded here far below a long poll's
    // 25 s, so the event came by the waiting request, not a later one, however busy the test machine.
    const took = Date.now() - started;
    expect(took, 'forwarded by the waiting request').toBeLessThan(5_000);
    const got = arrived().find((r) => r.event.data.id === ordered)!;
    expect(got.event).toMatchObject({ type: 'order.created', livemode: false, data: { id: ordered, livemode: false } });
    expect(verifySignature(got.body, String(got.headers['service-signature']), printed)).toBeNull();
    expect(verifySignature(got.body, String(got.headers['service-signature']), 'whsec_not_the_secret')).not.toBeNull();
    expect(got.headers['service-event-id']).toBe(got.event.id);

    // The answer is in the delivery log of the listener's endpoint.
    await until(() => /<-- \[200\]/.test(p.out), () => p.out);
    const endpoints = (await h.call('GET', '/v1/webhook_endpoints?limit=100', { key: test })).body.data as Json[];
    const listener = endpoints.find((e) => e.disabled_reason === 'listener')!;
    expect(listener).toMatchObject({ status: 'disabled', url: receiver.url, enabled_events: ['order.created', 'order.cancelled'], livemode: false });
    // The command reports right after it printed the answer.
    let logged: Json | undefined;
    for (let i = 0; i < 100 && logged?.status !== 'succeeded'; i++) {
      if (i) await new Promise((r) => setTimeout(r, 50));
      logged = ((await h.call('GET', `/v1/webhook_endpoints/${listener.id}/deliveries?limit=100`, { key: test })).body.data as Json[]).find((d) => d.event_id === got.event.id);
    }
    expect(logged).toMatchObject({ status: 'succeeded', attempt_count: 1 });
    expect(logged!.attempts[0]).toMatchObject({ number: 1, response_status: 200, response_body: '{"received":true}', error: null });
    // Nothing of live mode reaches it.
    await order(live, await customer(live));
    await new Promise((r) => setTimeout(r, 700));
    expect(arrived().every((r) => r.event.livemode === false)).toBe(true);
  });

  it('records a failing local answer, sends what happened while it was stopped, and says when the server went away and came back', async () => {
    for (const p of running) await stop(p); // one command listening at a time
    const first = listen();
    await until(() => /Ready!/.test(first.out), () => first.out);
    receiver.queue.push({ status: 500, body: 'boom' });
    const c = await customer(test);
    const failed = await order(test, c);
    await until(() => /<-- \[500\]/.test(first.out), () => first.out);
    await stop(first);

    // Stopped: two events happen; the next listen sends them.
    const missed = [await order(test, c), await order(test, c)];
    const second = listen();
    await until(() => missed.every((id) => arrived().some((r) => r.event.data?.id === id)), () => `missed not sent: ${second.out}`);
    const endpoint = ((await h.call('GET', '/v1/webhook_endpoints?limit=100', { key: test })).body.data as Json[]).find((e) => e.disabled_reason === 'listener')!;
    const failedEvent = arrived().find((r) => r.event.data?.id === failed)!.event.id;
    const log = (await h.call('GET', `/v1/webhook_endpoints/${endpoint.id}/deliveries?limit=100`, { key: test })).body.data as Json[];
    expect(log.find((d) => d.event_id === failedEvent)).toMatchObject({ status: 'permanently_failed', attempts: [{ response_status: 500, response_body: 'boom' }] });

    // The server restarts (same database, same address): the command says so and goes on.
    await h.close();
    await until(() => /Lost the connection/.test(second.out), () => `no loss said: ${second.out}`);
    const whileDown = await (async () => {
      h = await startHarness(backend, { database, port });
      return order(test, c);
    })();
    await until(() => /Reconnected/.test(second.out), () => `no reconnection said: ${second.out}`);
    await until(() => arrived().some((r) => r.event.data?.id === whileDown), () => `not forwarded after the restart: ${second.out}`);
    // Each event once.
    const ids = arrived().map((r) => r.event.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('triggers an event, which the listener forwards', async () => {
    for (const p of running) await stop(p);
    const p = listen();
    await until(() => /Ready!/.test(p.out), () => p.out);
    const { out } = await run(['trigger', 'order.cancelled'], env);
    const id = /Triggered order\.cancelled: (evt_[0-9A-Z]{26})/.exec(out)?.[1];
    expect(id, out).toBeDefined();
    await until(() => arrived().some((r) => r.event.id === id), () => p.out);
  });

  it('answers a live key 404 on the listener operations', async () => {
    const r = await h.call('POST', '/v1/webhook_listeners', { key: live, body: { name: 'laptop' } });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('route_not_found');
  });
});
