// Test mode: keys made for a mode, `livemode` on every object and event, each mode's data, webhook
// endpoints and mail apart, and carriers read from the built-in test registry, never the real one.
// (The sweep of every operation across modes is test/tenant-isolation.test.ts.)
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { backends, type Backend } from './support/databases.js';
import { orderBody, startHarness, TestClock, type Harness } from './support/harness.js';
import { startReceiver, type Receiver } from './support/receiver.js';
import { startSmtpServer, type TestSmtpServer } from './support/smtp.js';
import { ApiKey } from '../src/auth/auth.entities.js';
import { hashSecret } from '../src/auth/auth.service.js';
import { vettingJob, VET_CARRIER_JOB } from '../src/carriers/carriers.service.js';
import { useMonitoring } from '../src/carriers/monitor.service.js';
import { createLocalRegistryProvider, TEST_REGISTRY_NUMBERS as TEST_DOT, type RegistryProvider } from '../src/carriers/registry/index.js';
import { JobRunner } from '../src/jobs/runner.js';
import { Job } from '../src/jobs/jobs.entities.js';
import { createMailTransport, mailJob } from '../src/mail/sender.js';
import { MAIL_JOB } from '../src/mail/schedule.js';
import { newId } from '../src/shared/ids.js';
import { randomToken } from '../src/shared/tokens.js';
import { createTransport } from '../src/webhooks/transport.js';
import { DeliveryWorker } from '../src/webhooks/worker.js';
import { TEST_DATA_DELETION_JOB, testDataDeletionJob } from '../src/test-helpers/test-data.service.js';
import { verifySignature } from '../src/webhooks/signer.js';
import { checkedFetch } from './support/contract-check.js';

type Json = Record<string, any>;
const silent = pino({ level: 'silent' });
const DAY = 86_400_000;

describe.each(backends())('test mode on %s', (backend: Backend) => {
  let h: Harness;
  let live: string;
  let test: string;
  let runner: JobRunner;
  let receiver: Receiver;
  let smtp: TestSmtpServer;
  let worker: DeliveryWorker;
  const clock = new TestClock(Date.UTC(2026, 10, 28, 15, 0, 0));
  const transport = createTransport({ allowPrivateTargets: true, timeoutMs: 2_000 });
  const mailTransport: ReturnType<typeof createMailTransport>[] = [];
  // The registry of live mode, counting its reads: test mode must never reach it.
  const liveReads: string[] = [];
  const localRegistry = createLocalRegistryProvider(undefined, { clock });
  const liveRegistry: RegistryProvider = {
    name: localRegistry.name,
    findByDot: (dot) => (liveReads.push(dot), localRegistry.findByDot(dot)),
    findByMc: (mc) => (liveReads.push(`MC ${mc}`), localRegistry.findByMc(mc)),
  };

  const ok = <T = Json>(r: { status: number; body: unknown; text: string }, status = 200): T => {
    expect(r.status, r.text).toBe(status);
    return r.body as T;
  };
  const runJobs = async () => {
    for (let i = 0; i < 100 && (await runner.runOnce()) > 0; i++);
  };
  const deliver = async () => {
    for (let i = 0; i < 100 && (await worker.runOnce()) > 0; i++);
  };
  const onboard = async (key: string, dot: string) =>
    ok(await h.call('POST', '/v1/carriers', { key, body: { dot_number: dot, contact_name: 'Dispatch', contact_email: 'ops@carrier.example', phone: '+16025550100' } }), 201);
  const ids = (list: Json) => (list.data as Json[]).map((x) => x.id as string);

  beforeAll(async () => {
    h = await startHarness(backend, { clock });
    live = await h.key('dealer');
    smtp = await startSmtpServer();
    const mail = createMailTransport(smtp.url);
    mailTransport.push(mail);
    useMonitoring({ registry: liveRegistry, intervalMs: DAY });
    runner = new JobRunner({
      db: h.database.db,
      clock,
      log: silent,
      handlers: {
        [VET_CARRIER_JOB]: vettingJob({ context: () => h.background(clock), registry: liveRegistry, monitorIntervalMs: DAY }),
        [MAIL_JOB]: mailJob({ db: h.database.db, clock, log: silent, transport: mail, from: 'billing@dealer.example' }),
      },
    });
    receiver = await startReceiver();
    worker = new DeliveryWorker({ db: h.database.db, clock, log: silent, transport });
    // A live key makes the test key, as an integrator does on the dashboard or with the API.
    const made = ok(await h.call('POST', '/v1/api_keys', { key: live, body: { name: 'sandbox', scopes: ['keys:manage', 'orders:write', 'orders:read', 'carriers:write', 'carriers:read', 'accounting:write', 'accounting:read', 'webhooks:manage', 'customers:write', 'customers:read', 'audit:read'], livemode: false } }), 201);
    expect(made).toMatchObject({ object: 'api_key', livemode: false, name: 'sandbox' });
    expect(made.secret).toMatch(/^sk_test_[0-9A-Za-z]{43}$/);
    test = made.secret;
  });
  afterAll(async () => {
    for (const t of mailTransport) t.close();
    await receiver?.close();
    await smtp?.close();
    await transport.close();
    await h?.close();
  });

  it('keeps each mode\'s data apart: a key sees its own mode\'s objects, every object says its mode, and a live key gets 404 on a test object', async () => {
    const liveCustomer = ok(await h.call('POST', '/v1/customers', { key: live, body: { name: 'Live Motors' } }), 201);
    const testCustomer = ok(await h.call('POST', '/v1/customers', { key: test, body: { name: 'Sandbox Motors' } }), 201);
    expect(liveCustomer.livemode).toBe(true);
    expect(testCustomer.livemode).toBe(false);

    const liveList = ok(await h.call('GET', '/v1/customers?limit=100', { key: live }));
    const testList = ok(await h.call('GET', '/v1/customers?limit=100', { key: test }));
    expect(ids(liveList)).toContain(liveCustomer.id);
    expect(ids(liveList)).not.toContain(testCustomer.id);
    expect(ids(testList)).toEqual([testCustomer.id]);
    for (const c of testList.data) expect(c.livemode).toBe(false);

    const missing = await h.call('GET', `/v1/customers/${testCustomer.id}`, { key: live });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: 'resource_missing', message: `No such customer: ${testCustomer.id}.` });
    expect((await h.call('GET', `/v1/customers/${liveCustomer.id}`, { key: test })).status).toBe(404);
    // A test order cannot bill a live customer, nor the reverse.
    expect((await h.call('POST', '/v1/orders', { key: test, body: orderBody(liveCustomer.id) })).status).toBe(404);
    expect((await h.call('POST', '/v1/orders', { key: live, body: orderBody(testCustomer.id) })).status).toBe(404);

    // The account is the brokerage's one account in either mode; its mode is the caller's.
    const liveAccount = ok(await h.call('GET', '/v1/account', { key: live }));
    const testAccount = ok(await h.call('GET', '/v1/account', { key: test }));
    expect(liveAccount).toMatchObject({ livemode: true, name: 'dealer' });
    expect(testAccount).toMatchObject({ id: liveAccount.id, livemode: false, name: 'dealer' });
  });

  it('makes and lists keys per mode: a test key makes test keys only (403 livemode_mismatch), and each mode lists its own', async () => {
    const refused = await h.call('POST', '/v1/api_keys', { key: test, body: { scopes: ['orders:read'], livemode: true } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ type: 'permission_error', code: 'livemode_mismatch', param: 'livemode' });
    const another = ok(await h.call('POST', '/v1/api_keys', { key: test, body: { scopes: ['orders:read'] } }), 201);
    expect(another).toMatchObject({ livemode: false });
    expect(another.secret).toMatch(/^sk_test_/);
    const explicit = ok(await h.call('POST', '/v1/api_keys', { key: live, body: { scopes: ['orders:read'], livemode: true } }), 201);
    expect(explicit.secret).toMatch(/^sk_live_[0-9A-Za-z]{43}$/);

    const liveKeys = ids(ok(await h.call('GET', '/v1/api_keys?limit=100', { key: live })));
    const testKeys = ids(ok(await h.call('GET', '/v1/api_keys?limit=100', { key: test })));
    expect(liveKeys).toContain(explicit.id);
    expect(liveKeys).not.toContain(another.id);
    expect(testKeys).toContain(another.id);
    expect(testKeys).not.toContain(explicit.id);
    // A test key is revoked in test mode; from live mode it does not exist.
    expect((await h.call('POST', `/v1/api_keys/${another.id}/revoke`, { key: live })).status).toBe(404);
    expect(ok(await h.call('POST', `/v1/api_keys/${another.id}/revoke`, { key: test })).revoked_at).not.toBeNull();
    // The making of the test key is in the audit log of the mode that made it.
    const audit = ok(await h.call('GET', '/v1/audit_logs?limit=100', { key: live }));
    expect((audit.data as Json[]).some((a) => a.action === 'api_key.created' && a.livemode === true)).toBe(true);
  });

  it("refuses dashboard users' operations in test mode (403 livemode_mismatch): users are the account's people", async () => {
    const owner = await h.key('dealer', 'all', { livemode: false }); // users:manage too
    for (const [method, path, body] of [
      ['GET', '/v1/users', undefined],
      ['POST', '/v1/users', { email: 'sandbox.user@dealer.example', role: 'viewer' }],
      ['GET', '/v1/users/usr_01JF3QH2K4M6N8P0Q2R4S6T8V0', undefined],
    ] as const) {
      const r = await h.call(method, path, { key: owner, ...(body ? { body } : {}) });
      expect(r.status, path).toBe(403);
      expect(r.body.error).toMatchObject({ type: 'permission_error', code: 'livemode_mismatch' });
    }
    expect((await h.call('GET', '/v1/users', { key: live })).status).toBe(200);
  });

  it('takes a key made before test mode (sk_ and 43 characters) as a live key', async () => {
    const liveKeyRow = await h.database.db.em().findOneOrFail(ApiKey, { secretHash: hashSecret(live) });
    const old = randomToken('sk');
    expect(old).toMatch(/^sk_[0-9A-Za-z]{43}$/);
    const em = h.database.db.em();
    em.create(ApiKey, { ...liveKeyRow, id: newId('apiKey'), secretHash: hashSecret(old), last4: old.slice(-4), createdAt: clock.now(), lastUsedAt: null, revokedAt: null });
    await em.flush();
    const customers = ok(await h.call('GET', '/v1/customers?limit=100', { key: old }));
    expect((customers.data as Json[]).every((c) => c.livemode === true)).toBe(true);
    expect((customers.data as Json[]).some((c) => c.name === 'Live Motors')).toBe(true);
  });

  it("switches a dashboard session to test data and back (PATCH /v1/sessions/current), with the session's CSRF token", async () => {
    const email = `owner.${Math.random().toString(36).slice(2)}@dealer.example`;
    ok(await h.call('POST', '/v1/users', { key: live, body: { email, role: 'owner', password: 'a password of sixteen' } }), 201);
    const signedIn = await h.call('POST', '/v1/sessions', { key: null, body: { email, password: 'a password of sixteen' } });
    expect(signedIn.status, signedIn.text).toBe(201);
    expect(signedIn.body.livemode).toBe(true);
    const session = { key: null, headers: { Cookie: signedIn.headers.get('set-cookie')!.split(';')[0]!, 'X-CSRF-Token': signedIn.body.csrf_token as string } };
    const names = async () => ((ok(await h.call('GET', '/v1/customers?limit=100', session)).data as Json[]).map((c) => [c.name, c.livemode]));
    expect(await names()).toContainEqual(['Live Motors', true]);

    const noToken = await h.call('PATCH', '/v1/sessions/current', { key: null, headers: { Cookie: session.headers.Cookie }, body: { livemode: false } });
    expect(noToken.status).toBe(403);
    const switched = ok(await h.call('PATCH', '/v1/sessions/current', { ...session, body: { livemode: false } }));
    expect(switched).toMatchObject({ object: 'session', livemode: false, user: { email, livemode: true } });
    expect(await names()).toEqual([['Sandbox Motors', false]]);
    // A page still showing live data (another tab) is refused, whatever it asks; switching is always allowed.
    const stale = { ...session, headers: { ...session.headers, 'X-Livemode': 'true' } };
    const refused = await h.call('POST', '/v1/customers', { ...stale, body: { name: 'Meant for live' } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'livemode_mismatch', param: 'X-Livemode' });
    expect(ok(await h.call('GET', '/v1/customers?limit=100', { ...session, headers: { ...session.headers, 'X-Livemode': 'false' } })).data.length).toBe(1);
    // Reading the session again says the same; a key cannot switch modes (it has no session).
    expect(ok(await h.call('GET', '/v1/sessions/current', session)).livemode).toBe(false);
    expect((await h.call('PATCH', '/v1/sessions/current', { key: test, body: { livemode: true } })).status).toBe(401);
    ok(await h.call('PATCH', '/v1/sessions/current', { ...session, body: { livemode: true } }));
    expect(await names()).toContainEqual(['Live Motors', true]);
    expect((await h.call('PATCH', '/v1/sessions/current', { ...session, body: { livemode: 'no' } })).status).toBe(400);
  });

  it('sends each webhook endpoint the events of its own mode only, each saying its mode', async () => {
    const liveEndpoint = ok(await h.call('POST', '/v1/webhook_endpoints', { key: live, body: { url: `${receiver.url}/live`, enabled_events: ['order.created'] } }), 201);
    const testEndpoint = ok(await h.call('POST', '/v1/webhook_endpoints', { key: test, body: { url: `${receiver.url}/test`, enabled_events: ['order.created'] } }), 201);
    expect(liveEndpoint.livemode).toBe(true);
    expect(testEndpoint.livemode).toBe(false);
    const liveCustomer = ok(await h.call('POST', '/v1/customers', { key: live, body: { name: 'Live Hooks' } }), 201);
    const testCustomer = ok(await h.call('POST', '/v1/customers', { key: test, body: { name: 'Test Hooks' } }), 201);
    const liveOrder = ok(await h.call('POST', '/v1/orders', { key: live, body: orderBody(liveCustomer.id) }), 201);
    const testOrder = ok(await h.call('POST', '/v1/orders', { key: test, body: orderBody(testCustomer.id) }), 201);
    expect([liveOrder.livemode, testOrder.livemode]).toEqual([true, false]);
    await deliver();
    await receiver.waitFor(2);
    const at = (path: string) => receiver.received.filter((r) => r.path.endsWith(path)).map((r) => JSON.parse(r.body) as Json);
    expect(at('/live').map((e) => [e.type, e.livemode, e.data.id, e.data.livemode])).toEqual([['order.created', true, liveOrder.id, true]]);
    expect(at('/test').map((e) => [e.type, e.livemode, e.data.id, e.data.livemode])).toEqual([['order.created', false, testOrder.id, false]]);
    // The events API of each mode holds its own events only.
    const testEvents = ok(await h.call('GET', '/v1/events?limit=100', { key: test })).data as Json[];
    expect(testEvents.length).toBeGreaterThan(0);
    expect(testEvents.every((e) => e.livemode === false && e.data.livemode === false)).toBe(true);
    const liveEvents = ok(await h.call('GET', '/v1/events?limit=100', { key: live })).data as Json[];
    expect(liveEvents.map((e) => e.data.id)).not.toContain(testOrder.id);
  });

  it.each([
    [TEST_DOT.passes, 'active', []],
    [TEST_DOT.not_found, 'rejected', ['not_found']],
    [TEST_DOT.authority_revoked, 'rejected', ['not_authorized']],
    [TEST_DOT.out_of_service, 'rejected', ['out_of_service']],
    [TEST_DOT.insurance_below_minimum, 'rejected', ['insurance_below_minimum']],
    ['2847193', 'active', []],
  ])('vets the test carrier with DOT %s against the test registry: %s %j, with no read of the real registry', async (dot, status, reasons) => {
    const before = liveReads.length;
    const c = await onboard(test, dot);
    await runJobs();
    const vetted = ok(await h.call('GET', `/v1/carriers/${c.id}`, { key: test }));
    expect(vetted).toMatchObject({ livemode: false, status, safer_pull_status: 'completed' });
    expect(vetted.vetting.reasons).toEqual(reasons);
    if (vetted.vetting.record) expect(vetted.vetting.record.provider).toBe('test');
    expect(liveReads.length).toBe(before);
  });

  it('leaves a test carrier whose registry times out (1000006) waiting for the registry, and the same DOT number in live mode reads the real registry', async () => {
    const before = liveReads.length;
    const c = await onboard(test, TEST_DOT.registry_timeout);
    await runJobs();
    const waiting = ok(await h.call('GET', `/v1/carriers/${c.id}`, { key: test }));
    expect(waiting).toMatchObject({ status: 'pending_vetting', vetting: null });
    const job = await h.database.db.em().findOneOrFail(Job, { kind: VET_CARRIER_JOB, subjectId: c.id });
    expect(job.attempts).toBe(1);
    expect(job.lastError).toMatch(/test registry: DOT 1000006 simulates a registry that times out/);
    expect(liveReads.length).toBe(before);

    const inLive = await onboard(live, TEST_DOT.out_of_service);
    await runJobs();
    expect(liveReads.slice(before)).toEqual([TEST_DOT.out_of_service]);
    // The local registry of development has no such carrier.
    expect(ok(await h.call('GET', `/v1/carriers/${inLive.id}`, { key: live })).vetting.reasons).toEqual(['not_found']);
  });

  it('reports a new phone and address for 1000007 on the read after vetting, as an identity alert, from the test registry', async () => {
    const before = liveReads.length;
    const c = await onboard(test, TEST_DOT.contact_changes);
    await runJobs();
    const read = ok(await h.call('POST', `/v1/carriers/${c.id}/monitor`, { key: test }));
    expect(read).toMatchObject({ object: 'carrier_registry_snapshot', livemode: false, provider: 'test', suspended: false });
    expect((read.changes as Json[]).map((x) => x.field).sort()).toEqual(['phone', 'physical_address']);
    const alerts = ok(await h.call('GET', `/v1/compliance_alerts?carrier_id=${c.id}`, { key: test })).data as Json[];
    expect(alerts.map((a) => [a.kind, a.livemode])).toEqual([['identity_changed', false]]);
    expect(liveReads.length).toBe(before);
  });

  it('keeps the mail of test mode (status kept, its PDF shown) and sends none of it; the same invoice in live mode is sent', async () => {
    const invoice = async (key: string, email: string) => {
      const customer = ok(await h.call('POST', '/v1/customers', { key, body: { name: 'Billing test' } }), 201);
      return ok(
        await h.call('POST', '/v1/invoices', {
          key,
          body: { customer_id: customer.id, due_date: '2026-12-31', lines: [{ description: 'Transport', quantity: 1, unit_amount: 125_000 }], send: { email } },
        }),
        201,
      );
    };
    const testInvoice = await invoice(test, 'ap@sandbox-customer.example');
    const liveInvoice = await invoice(live, 'ap@live-customer.example');
    await runJobs();

    const testMessages = ok(await h.call('GET', `/v1/messages?subject_id=${testInvoice.id}`, { key: test })).data as Json[];
    expect(testMessages.map((m) => [m.status, m.livemode, m.attempts, m.next_attempt_at])).toEqual([['kept', false, 0, null]]);
    const pdf = await checkedFetch(`${h.url}/v1/messages/${testMessages[0]!.id}/attachments/0.pdf`, { headers: { Authorization: `Bearer ${test}` } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const { extractText, getDocumentProxy } = await import('unpdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), { mergePages: true });
    expect(text).toContain(testInvoice.number);
    // No delivery job was made for it, and the mail server saw only the live invoice.
    expect(await h.database.db.em().count(Job, { kind: MAIL_JOB, subjectId: testMessages[0]!.id })).toBe(0);
    const rcpts = smtp.received.flatMap((r) => r.to);
    expect(rcpts).toContain('ap@live-customer.example');
    expect(rcpts).not.toContain('ap@sandbox-customer.example');
    const liveMessages = ok(await h.call('GET', `/v1/messages?subject_id=${liveInvoice.id}`, { key: live })).data as Json[];
    expect(liveMessages.map((m) => [m.status, m.livemode])).toEqual([['sent', true]]);
  });
});

describe.each(backends())('test helpers on %s', (backend: Backend) => {
  let h: Harness;
  let live: string;
  let test: string;
  const clock = new TestClock(Date.UTC(2026, 10, 28, 15, 0, 0));
  const EVENT_TYPES = JSON.parse(readFileSync('generated/openapi.json', 'utf8')).components.schemas.EventType.enum as string[];
  const ok = <T = Json>(r: { status: number; body: unknown; text: string }, status = 200): T => {
    expect(r.status, r.text).toBe(status);
    return r.body as T;
  };
  const activeCarrier = async (): Promise<string> => {
    const made = ok(await h.call('POST', '/v1/test_helpers/events', { key: test, body: { type: 'carrier.vetted' } }), 201);
    return (made.object_ids as string[]).find((id) => id.startsWith('car_'))!;
  };

  beforeAll(async () => {
    h = await startHarness(backend, { clock });
    useMonitoring({ registry: createLocalRegistryProvider(undefined, { clock }), intervalMs: DAY });
    live = await h.key('helpers');
    test = await h.key('helpers', 'all', { livemode: false });
  });
  afterAll(() => h?.close());

  it('answers a live key 404 route_not_found on every helper, as a path that does not exist', async () => {
    const order = ok(await h.call('POST', '/v1/orders', { key: live, body: orderBody(ok(await h.call('POST', '/v1/customers', { key: live, body: { name: 'Live' } }), 201).id) }), 201);
    for (const [path, body] of [
      [`/v1/test_helpers/orders/${order.id}/deliver`, {}],
      ['/v1/test_helpers/carriers/car_01JF3QC4D6F8H0J2K4M6N8P0Q2/registry_record', { change: 'passes' }],
      ['/v1/test_helpers/events', { type: 'order.created' }],
      ['/v1/test_helpers/payments', { customer_id: order.customer_id, amount: 100, payment_method: 'ach', outcome: 'returned' }],
    ] as const) {
      const r = await h.call('POST', path, { key: live, body });
      expect(r.status, path).toBe(404);
      expect(r.body.error).toMatchObject({ type: 'invalid_request_error', code: 'route_not_found' });
      expect(r.body.error.message).toContain('test key');
    }
    expect(ok(await h.call('GET', `/v1/orders/${order.id}`, { key: live })).status).toBe('pending');
    expect(ok(await h.call('GET', `/v1/payments?customer_id=${order.customer_id}`, { key: live })).data).toEqual([]);
  });

  it('makes an event only with the scopes of what it makes (403 insufficient_scope naming them)', async () => {
    const hooksOnly = await h.key('helpers', 'webhooks:manage', { livemode: false });
    const refused = await h.call('POST', '/v1/test_helpers/events', { key: hooksOnly, body: { type: 'invoice.paid' } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'insufficient_scope' });
    expect(refused.body.error.message).toContain('accounting:write and customers:write');
    expect(ok(await h.call('POST', '/v1/test_helpers/events', { key: hooksOnly, body: { type: 'audit.privileged_action' } }), 201).type).toBe('audit.privileged_action');
  });

  it('delivers a test order in one call: dispatched, picked up and delivered, each step with its event', async () => {
    const customer = ok(await h.call('POST', '/v1/customers', { key: test, body: { name: 'Helper customer' } }), 201);
    const order = ok(await h.call('POST', '/v1/orders', { key: test, body: orderBody(customer.id) }), 201);
    const refused = await h.call('POST', `/v1/test_helpers/orders/${order.id}/deliver`, { key: test, body: {} });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'missing_required_field', param: 'carrier_id' });
    const carrier = await activeCarrier();
    const delivered = ok(await h.call('POST', `/v1/test_helpers/orders/${order.id}/deliver`, { key: test, body: { carrier_id: carrier, signed_by: 'Jordan Price' } }));
    expect(delivered).toMatchObject({ id: order.id, livemode: false, status: 'delivered', carrier_id: carrier, bill_of_lading: { signed_by: 'Jordan Price' } });
    const events = ok(await h.call('GET', `/v1/events?limit=100`, { key: test })).data as Json[];
    expect(events.filter((e) => e.data.id === order.id).map((e) => e.type).reverse()).toEqual(['order.created', 'order.dispatched', 'order.in_transit', 'order.delivered']);
    // Again: already delivered, answered as it is.
    expect(ok(await h.call('POST', `/v1/test_helpers/orders/${order.id}/deliver`, { key: test, body: {} })).status).toBe('delivered');
  });

  it('records a failed payment, and a payment returned by the bank, in one call each, with the real calls\' events and rules', async () => {
    const customer = ok(await h.call('POST', '/v1/customers', { key: test, body: { name: 'Payments helper', email: 'ap@payments-helper.example' } }), 201).id as string;
    const inv = ok(await h.call('POST', '/v1/invoices', { key: test, body: { customer_id: customer, due_date: '2026-12-31', lines: [{ description: 'Transport', quantity: 1, unit_amount: 5_000 }], send: true } }), 201);
    const failed = ok(await h.call('POST', '/v1/test_helpers/payments', { key: test, body: { customer_id: customer, invoice_id: inv.id, amount: 5_000, payment_method: 'card', outcome: 'failed' } }), 201);
    expect(failed).toMatchObject({ object: 'payment', livemode: false, status: 'failed', failure_reason: 'Insufficient funds (test)', returned_at: null });
    const returned = h.call('POST', '/v1/test_helpers/payments', { key: test, body: { customer_id: customer, invoice_id: inv.id, amount: 5_000, payment_method: 'check', outcome: 'returned', reason: 'Check 1042 bounced' } });
    const r = await returned;
    expect(r.headers.get('location')).toBe(`/v1/payments/${r.body.id}`);
    expect(ok(r, 201)).toMatchObject({ livemode: false, invoice_id: inv.id, status: 'returned', return_reason: 'Check 1042 bounced', failure_reason: null, returned_at: expect.any(Number) });
    expect(ok(await h.call('GET', `/v1/invoices/${inv.id}`, { key: test }))).toMatchObject({ status: 'SENT', amount_paid: 0, amount_remaining: 5_000 });
    const events = (ok(await h.call('GET', '/v1/events?limit=100', { key: test })).data as Json[]).filter((e) => [failed.id, r.body.id, inv.id].includes(e.data.id));
    expect(events.map((e) => e.type).reverse()).toEqual(['invoice.created', 'invoice.sent', 'payment.failed', 'payment.received', 'invoice.paid', 'payment.returned', 'invoice.reopened']);
    // The real rules: more than is owed is refused, and nothing is written.
    const over = await h.call('POST', '/v1/test_helpers/payments', { key: test, body: { customer_id: customer, invoice_id: inv.id, amount: 5_001, payment_method: 'ach', outcome: 'returned' } });
    expect(over.status).toBe(409);
    expect(over.body.error.code).toBe('amount_exceeds_balance');
    expect(ok(await h.call('GET', `/v1/payments?customer_id=${customer}`, { key: test })).data).toHaveLength(2);
    // On account, by default reason.
    expect(ok(await h.call('POST', '/v1/test_helpers/payments', { key: test, body: { customer_id: customer, amount: 10, payment_method: 'ach', outcome: 'returned' } }), 201)).toMatchObject({ invoice_id: null, return_reason: 'R01: insufficient funds (test)' });
  });

  it("changes a test carrier's registry record from the next read on: monitoring suspends it, and `passes` clears the finding", async () => {
    const carrier = await activeCarrier();
    const changed = ok(await h.call('POST', `/v1/test_helpers/carriers/${carrier}/registry_record`, { key: test, body: { change: 'authority_revoked' } }));
    expect(changed).toMatchObject({ object: 'test_registry_record', livemode: false, carrier_id: carrier, change: 'authority_revoked', record: { common_authority: 'inactive', allowed_to_operate: false } });
    const read = ok(await h.call('POST', `/v1/carriers/${carrier}/monitor`, { key: test }));
    expect(read).toMatchObject({ provider: 'test', suspended: true, new_findings: ['authority_revoked'] });
    expect(ok(await h.call('GET', `/v1/carriers/${carrier}`, { key: test })).status).toBe('suspended');
    ok(await h.call('POST', `/v1/test_helpers/carriers/${carrier}/registry_record`, { key: test, body: { change: 'passes' } }));
    expect(ok(await h.call('POST', `/v1/carriers/${carrier}/monitor`, { key: test }))).toMatchObject({ findings: [], cleared_findings: ['authority_revoked'] });
    const notFound = ok(await h.call('POST', `/v1/test_helpers/carriers/${carrier}/registry_record`, { key: test, body: { change: 'not_found' } }));
    expect(notFound.record).toBeNull();
    expect((await h.call('POST', `/v1/test_helpers/carriers/${carrier}/registry_record`, { key: test, body: { change: 'gone' } })).status).toBe(400);
  });

  it.each(EVENT_TYPES)('makes %s happen for real: the event, every event before it, and the objects it is about, all in test mode', async (type) => {
    if (type === 'webhook_endpoint.test') {
      const none = await h.call('POST', '/v1/test_helpers/events', { key: test, body: { type } });
      if (none.status === 409) ok(await h.call('POST', '/v1/webhook_endpoints', { key: test, body: { url: 'https://hooks.example/test', enabled_events: ['*'] } }), 201);
    }
    const made = ok(await h.call('POST', '/v1/test_helpers/events', { key: test, body: { type } }), 201);
    expect(made).toMatchObject({ object: 'test_event_trigger', livemode: false, type });
    expect(made.event_ids).toContain(made.event_id);
    const event = ok(await h.call('GET', `/v1/events/${made.event_id}`, { key: test }));
    expect(event).toMatchObject({ type, livemode: false });
    // The data is an object of the API, of test mode (invoice.paid's is the specification's own short shape;
    // an update's, the object in `data.object` beside its previous_attributes).
    const object = 'previous_attributes' in event.data ? event.data.object : event.data;
    if ('object' in object) expect(object.livemode).toBe(false);
    expect((await h.call('GET', `/v1/events/${made.event_id}`, { key: live })).status).toBe(404);
    for (const id of made.event_ids as string[]) expect(ok(await h.call('GET', `/v1/events/${id}`, { key: test })).livemode).toBe(false);
    // The objects exist, in test mode: the event's own object among them (but a test event's endpoint, made before).
    if (type !== 'webhook_endpoint.test' && type !== 'audit.privileged_action') expect(made.object_ids).toContain(object.id);
  });
});

describe.each(backends())('DELETE /v1/test_data on %s', (backend: Backend) => {
  let h: Harness;
  let live: string;
  let test: string;
  let runner: JobRunner;
  const clock = new TestClock(Date.UTC(2026, 10, 28, 15, 0, 0));
  const ok = <T = Json>(r: { status: number; body: unknown; text: string }, status = 200): T => {
    expect(r.status, r.text).toBe(status);
    return r.body as T;
  };
  const LISTS = ['/v1/customers', '/v1/orders', '/v1/carriers', '/v1/invoices', '/v1/payments', '/v1/carrier_payments', '/v1/events', '/v1/messages', '/v1/ledger_entries', '/v1/compliance_alerts'];
  const idsOf = async (key: string, path: string) => (ok(await h.call('GET', `${path}?limit=100`, { key })).data as Json[]).map((x) => x.id as string);

  beforeAll(async () => {
    h = await startHarness(backend, { clock });
    useMonitoring({ registry: createLocalRegistryProvider(undefined, { clock }), intervalMs: DAY });
    live = await h.key('cleaner');
    test = await h.key('cleaner', 'all', { livemode: false });
    runner = new JobRunner({ db: h.database.db, clock, log: silent, handlers: { [TEST_DATA_DELETION_JOB]: testDataDeletionJob({ context: () => h.background(clock) }) } });
  });
  afterAll(() => h?.close());

  it('removes every test object in the background, reporting progress, and leaves keys, endpoints, the audit log and all of live mode', async () => {
    const endpoint = ok(await h.call('POST', '/v1/webhook_endpoints', { key: test, body: { url: 'https://hooks.example/sandbox', enabled_events: ['*'] } }), 201);
    for (const type of ['carrier_payment.sent', 'invoice.paid', 'compliance.alert', 'payment.failed']) ok(await h.call('POST', '/v1/test_helpers/events', { key: test, body: { type } }), 201);
    const liveCustomer = ok(await h.call('POST', '/v1/customers', { key: live, body: { name: 'Live and kept' } }), 201);
    ok(await h.call('POST', '/v1/orders', { key: live, body: orderBody(liveCustomer.id) }), 201);
    const liveBefore = Object.fromEntries(await Promise.all(LISTS.map(async (l) => [l, await idsOf(live, l)] as const)));
    for (const l of ['/v1/customers', '/v1/orders', '/v1/carriers', '/v1/invoices', '/v1/events', '/v1/ledger_entries']) expect((await idsOf(test, l)).length, l).toBeGreaterThan(0);
    const deliveriesBefore = ok(await h.call('GET', `/v1/webhook_endpoints/${endpoint.id}/deliveries?limit=100`, { key: test })).data as Json[];
    expect(deliveriesBefore.length).toBeGreaterThan(0);

    const notOwner = await h.key('cleaner', 'orders:read,orders:write,customers:read');
    expect((await h.call('DELETE', '/v1/test_data', { key: notOwner })).status).toBe(403);
    const started = ok(await h.call('DELETE', '/v1/test_data', { key: live }), 202);
    expect(started).toMatchObject({ object: 'test_data_deletion', livemode: true, status: 'pending', deleted: {}, completed_at: null });
    // Asked again while under way: the same deletion.
    expect(ok(await h.call('DELETE', '/v1/test_data', { key: live }), 202).id).toBe(started.id);

    for (let i = 0; i < 50 && (await runner.runOnce()) > 0; i++);
    const done = ok(await h.call('GET', `/v1/test_data/deletions/${started.id}`, { key: live }));
    expect(done).toMatchObject({ status: 'succeeded' });
    expect(done.completed_at).toBeGreaterThan(0);
    for (const kind of ['customers', 'orders', 'carriers', 'invoices', 'payments', 'carrier_payments', 'events', 'ledger_entries', 'messages', 'webhook_deliveries', 'compliance_alerts']) {
      expect(done.deleted[kind], kind).toBeGreaterThan(0);
    }
    // The test key reads an empty test mode; its endpoint and keys remain; live mode is as it was.
    for (const l of LISTS) expect(await idsOf(test, l), l).toEqual([]);
    expect(ok(await h.call('GET', `/v1/webhook_endpoints/${endpoint.id}`, { key: test })).id).toBe(endpoint.id);
    expect(ok(await h.call('GET', `/v1/webhook_endpoints/${endpoint.id}/deliveries?limit=100`, { key: test })).data).toEqual([]);
    expect((await idsOf(test, '/v1/api_keys')).length).toBeGreaterThan(0);
    // Live mode is as it was, with one event more: the audit of the deletion.
    for (const l of LISTS.filter((x) => x !== '/v1/events')) expect(await idsOf(live, l), l).toEqual(liveBefore[l]);
    const liveEvents = ok(await h.call('GET', '/v1/events?limit=100', { key: live })).data as Json[];
    expect(liveEvents.slice(1).map((e) => e.id)).toEqual(liveBefore['/v1/events']);
    expect(liveEvents[0]).toMatchObject({ type: 'audit.privileged_action', data: { action: 'test_data.deleted', target: started.id } });
    const audit = ok(await h.call('GET', `/v1/audit_logs?target=${started.id}`, { key: live })).data as Json[];
    expect(audit.map((a) => a.action)).toEqual(['test_data.deleted']);
    // Test mode goes on: new test data, and a new deletion.
    ok(await h.call('POST', '/v1/customers', { key: test, body: { name: 'After the deletion' } }), 201);
    expect(ok(await h.call('DELETE', '/v1/test_data', { key: test }), 202).id).not.toBe(started.id);
  });
});

describe.each(backends())('listeners of test mode on %s', (backend: Backend) => {
  let h: Harness;
  let test: string;
  const clock = new TestClock(Date.UTC(2026, 10, 28, 15, 0, 0));
  const ok = <T = Json>(r: { status: number; body: unknown; text: string }, status = 200): T => {
    expect(r.status, r.text).toBe(status);
    return r.body as T;
  };
  beforeAll(async () => {
    h = await startHarness(backend, { clock });
    test = await h.key('listening', 'all', { livemode: false });
  });
  afterAll(() => h?.close());

  it('leases each event once, takes what is replayed to it, and stops collecting an hour after it last listened', async () => {
    const opened = await h.call('POST', '/v1/webhook_listeners', { key: test, body: { name: 'desk', enabled_events: ['order.created'], forward_to: 'http://localhost:3000/hooks' } });
    const listener = ok(opened, 201);
    expect(opened.headers.get('location')).toBe(`/v1/webhook_endpoints/${listener.id}`);
    expect(listener).toMatchObject({ status: 'disabled', disabled_reason: 'listener', url: 'http://localhost:3000/hooks', livemode: false });
    // Opened again: the same endpoint and secret; it cannot be enabled (the service never sends it anything).
    const again = ok(await h.call('POST', '/v1/webhook_listeners', { key: test, body: { name: 'desk' } }), 201);
    expect([again.id, again.secret]).toEqual([listener.id, listener.secret]);
    // A key pinned to 2026-12-01 is answered 200 without `Location`, as it always was.
    const pinned = await h.key('listening', 'all', { livemode: false, apiVersion: '2026-12-01' });
    const old = await h.call('POST', '/v1/webhook_listeners', { key: pinned, body: { name: 'desk' } });
    expect([old.status, old.headers.get('location'), old.body.id]).toEqual([200, null, listener.id]);
    // A key pinned to 2026-12-01 polls the list it always did (nothing due yet).
    expect(ok(await h.call('POST', `/v1/webhook_endpoints/${listener.id}/listen`, { key: pinned, body: { wait_seconds: 0 } }))).toEqual({ object: 'list', data: [] });
    expect((await h.call('PATCH', `/v1/webhook_endpoints/${listener.id}`, { key: test, body: { status: 'enabled' } })).status).toBe(409);

    const customer = ok(await h.call('POST', '/v1/customers', { key: test, body: { name: 'Desk' } }), 201);
    const order = ok(await h.call('POST', '/v1/orders', { key: test, body: orderBody(customer.id) }), 201);
    const poll = async () => {
      const batch = ok<Json>(await h.call('POST', `/v1/webhook_endpoints/${listener.id}/listen`, { key: test, body: { wait_seconds: 0 } }));
      expect(Object.keys(batch)).toEqual(['object', 'deliveries']);
      expect(batch.object).toBe('webhook_listen_batch');
      return batch.deliveries as Json[];
    };
    const [taken, ...more] = await poll();
    expect(more).toEqual([]);
    expect(JSON.parse(taken!.payload)).toMatchObject({ type: 'order.created', livemode: false, data: { id: order.id } });
    expect(verifySignature(taken!.payload, taken!.headers['Service-Signature'], listener.secret, { now: clock.now().getTime() / 1000 })).toBeNull();
    // Leased: a second command gets nothing now.
    expect(await poll()).toEqual([]);
    const reported = ok(await h.call('POST', `/v1/webhook_endpoints/${listener.id}/deliveries/${taken!.id}/result`, { key: test, body: { response_status: 204, duration_ms: 3 } }));
    expect(reported).toMatchObject({ status: 'succeeded', attempts: [{ response_status: 204, duration_ms: 3 }] });
    expect((await h.call('POST', `/v1/webhook_endpoints/${listener.id}/deliveries/${taken!.id}/result`, { key: test, body: { response_status: 200, duration_ms: 1 } })).status).toBe(409);

    // Replayed to the listener, it is taken again.
    ok(await h.call('POST', `/v1/events/${JSON.parse(taken!.payload).id}/replay`, { key: test, body: { webhook_endpoint_id: listener.id } }));
    const oldBatch = ok<Json>(await h.call('POST', `/v1/webhook_endpoints/${listener.id}/listen`, { key: pinned, body: { wait_seconds: 0 } }));
    expect(oldBatch.object).toBe('list');
    expect(oldBatch.data.map((d: Json) => d.id)).toEqual([taken!.id]);
    ok(await h.call('POST', `/v1/webhook_endpoints/${listener.id}/deliveries/${taken!.id}/result`, { key: test, body: { error: 'connection_refused', error_detail: 'ECONNREFUSED', duration_ms: 1 } }));

    // Two hours without listening: what happens meanwhile is not kept for it.
    clock.advance(2 * 3_600_000);
    ok(await h.call('POST', '/v1/orders', { key: test, body: orderBody(customer.id) }), 201);
    expect(await poll()).toEqual([]);
  });
});
