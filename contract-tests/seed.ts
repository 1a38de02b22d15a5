// What the platform writes by itself, made before Schemathesis runs (contract-tests/run.sh), so that
// response conformance covers it and the sweep (sweep.ts) reads it in every version: audit entries by
// every kind of actor (a key, an OAuth client, a dashboard user, `system`: a scheduled carrier read
// that suspends, an endpoint disabled by its failures), webhook deliveries in every status (a
// loopback receiver answering 200 on /ok and 500 on /fail), mail in every status (a loopback SMTP
// server that accepts, refuses with 550, or defers with 451; a withdrawn message; test mode's kept
// ones), a test clock advanced, a payment returned.
//
// Run by run.sh against a server started with the deliveries and mail jobs and SMTP_URL pointing at
// SEED_SMTP_PORT: `node --import tsx contract-tests/seed.ts`. Environment: CONTRACT_BASE_URL,
// CONTRACT_API_KEY, CONTRACT_TEST_API_KEY, SEED_USER_EMAIL, SEED_USER_PASSWORD, SEED_SMTP_PORT.
// Prints one line per kind of thing it made; exits non-zero naming what it could not make.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

type Json = Record<string, any>;

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};
const BASE = env('CONTRACT_BASE_URL');
const LIVE = env('CONTRACT_API_KEY');
const TEST = env('CONTRACT_TEST_API_KEY');

const log = (line: string): void => void process.stderr.write(`[seed] ${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One request to the API; answers the parsed body, or throws naming the request and the answer. */
async function api(method: string, path: string, options: { key?: string; body?: unknown; headers?: Record<string, string>; form?: Record<string, string>; expect?: number[] } = {}): Promise<Json> {
  const headers: Record<string, string> = { ...(options.key ? { Authorization: `Bearer ${options.key}` } : {}), ...options.headers };
  let body: string | undefined;
  if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(BASE + path, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await res.text();
  const expected = options.expect ?? [200, 201];
  if (!expected.includes(res.status)) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 400)}`);
  return text ? (JSON.parse(text) as Json) : {};
}

/** Waits until `check` answers something truthy (polling), or throws naming `what`. */
async function until<T>(what: string, check: () => Promise<T | undefined | null | false>, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const got = await check();
    if (got) return got;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

// ------------------------------------------------------------------------- loopback receiver and SMTP

async function startReceiver(): Promise<{ url: string; close: () => void }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const ok = (req.url ?? '').startsWith('/ok');
      res.writeHead(ok ? 200 : 500, { 'Content-Type': 'application/json' });
      res.end(ok ? '{"received":true}' : '{"error":"down for maintenance"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/** Accepts mail to anyone but refused@ (550, for good) and later@ (451, try again). */
async function startSmtp(port: number): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      if (to.startsWith('refused@')) return callback(Object.assign(new Error('5.1.1 mailbox unavailable'), { responseCode: 550 }));
      if (to.startsWith('later@')) return callback(Object.assign(new Error('4.2.1 mailbox busy, try again later'), { responseCode: 451 }));
      callback();
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.on('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}

// ------------------------------------------------------------------------- the seeding

const receiver = await startReceiver();
const smtp = await startSmtp(Number(env('SEED_SMTP_PORT')));
const made: string[] = [];
try {
  // Audit by a key: an endpoint (deliveries that succeed), another (deliveries that fail and retry).
  const ok = await api('POST', '/v1/webhook_endpoints', { key: LIVE, body: { url: `${receiver.url}/ok`, enabled_events: ['*'], description: 'seed: answers 200' } });
  const failing = await api('POST', '/v1/webhook_endpoints', { key: LIVE, body: { url: `${receiver.url}/fail`, enabled_events: ['*'], description: 'seed: answers 500' } });
  made.push('audit by a key (webhook_endpoint.created)');

  // Audit by an OAuth client: a client, its token, an endpoint made with it.
  const client = await api('POST', '/v1/oauth_clients', { key: LIVE, body: { name: 'seed', scopes: ['webhooks:manage', 'orders:read'] } });
  const basic = `Basic ${Buffer.from(`${client.id}:${client.client_secret}`).toString('base64')}`;
  const token = await api('POST', '/oauth/token', { headers: { Authorization: basic }, form: { grant_type: 'client_credentials', scope: 'webhooks:manage orders:read' } });
  const byClient = await api('POST', '/v1/webhook_endpoints', { key: token.access_token, body: { url: `${receiver.url}/ok/oauth`, enabled_events: ['order.created'], description: 'seed: made by an OAuth client' } });
  await api('POST', `/v1/webhook_endpoints/${byClient.id}/rotate_secret`, { key: token.access_token, body: {} });
  made.push('audit by an OAuth client (webhook_endpoint.created, webhook_endpoint.secret_rotated)');

  // Audit by a dashboard user's session (with its CSRF token).
  const signIn = await fetch(`${BASE}/v1/sessions`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: env('SEED_USER_EMAIL'), password: env('SEED_USER_PASSWORD') }) });
  if (signIn.status !== 201 && signIn.status !== 200) throw new Error(`POST /v1/sessions answered ${signIn.status}: ${await signIn.text()}`);
  const session = (await signIn.json()) as Json;
  const cookie = (signIn.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  await api('POST', '/v1/webhook_endpoints', { headers: { Cookie: cookie, 'X-CSRF-Token': session.csrf_token }, body: { url: `${receiver.url}/ok/session`, enabled_events: ['order.created'], description: 'seed: made in the dashboard' } });
  made.push('audit by a user session (webhook_endpoint.created)');

  // Mail in every status, and deliveries of the events it all causes: a customer, invoices sent to
  // an address the SMTP server accepts, one it refuses, one it defers (then voided: withdrawn).
  const customer = await api('POST', '/v1/customers', { key: LIVE, body: { name: 'Seed Motors', email: 'ap@seed-motors.example', billing_address: { address1: '100 N Main St', city: 'Chicago', state: 'IL', zip: '60601' } } });
  const invoice = async (email: string) =>
    api('POST', '/v1/invoices', { key: LIVE, body: { customer_id: customer.id, due_date: '2027-12-31', lines: [{ description: 'Transport', quantity: 1, unit_amount: 145_000 }], send: { email } } });
  const sent = await invoice('accepted@seed-motors.example');
  const refused = await invoice('refused@seed-motors.example');
  const deferred = await invoice('later@seed-motors.example');
  const withdrawn = await invoice('later@seed-motors.example');
  const messageOf = async (invoiceId: string, status: string) =>
    until(`a ${status} message about ${invoiceId}`, async () => ((await api('GET', `/v1/messages?subject_id=${invoiceId}`, { key: LIVE })).data as Json[]).find((m) => m.status === status && (status !== 'queued' || m.last_error)));
  await messageOf(sent.id, 'sent');
  await messageOf(refused.id, 'failed');
  await messageOf(withdrawn.id, 'queued');
  await api('POST', `/v1/invoices/${withdrawn.id}/void`, { key: LIVE, body: {} });
  await messageOf(withdrawn.id, 'cancelled');
  await messageOf(deferred.id, 'queued');
  made.push('mail: sent, failed (550), queued with its last error (451), cancelled (invoice voided)');

  // A payment, returned by the bank (audit payment.returned; its events and ledger entries).
  const payment = await api('POST', '/v1/payments', { key: LIVE, body: { customer_id: customer.id, invoice_id: sent.id, amount: 145_000, payment_method: 'ach' } });
  await api('POST', `/v1/payments/${payment.id}/return`, { key: LIVE, body: { reason: 'R01: insufficient funds' } });
  made.push('a payment returned');

  // Deliveries: succeeded (to /ok) and pending with failed attempts (to /fail).
  const deliveriesOf = async (endpointId: string, key = LIVE) => (await api('GET', `/v1/webhook_endpoints/${endpointId}/deliveries?limit=100`, { key })).data as Json[];
  await until('a delivery that succeeded', async () => (await deliveriesOf(ok.id)).some((d) => d.status === 'succeeded'));
  await until('a delivery that failed and will be retried', async () => (await deliveriesOf(failing.id)).some((d) => d.status === 'pending' && d.attempts?.length));
  made.push('deliveries: succeeded, pending after a failed attempt');

  // Test mode, on a test clock advanced 8 days: a carrier whose registry record is revoked is
  // suspended by the scheduled read (audit by `system`); an endpoint that keeps failing exhausts its
  // retries (permanently_failed) and is disabled (audit by `system`); an invoice goes overdue; test
  // mode's mail is kept.
  const now = Math.floor(Date.now() / 1000);
  const clock = await api('POST', '/v1/test_helpers/test_clocks', { key: TEST, body: { frozen_time: now, name: 'seed' } });
  await api('POST', '/v1/webhook_endpoints', { key: TEST, body: { url: `${receiver.url}/ok/clock`, enabled_events: ['*'], test_clock: clock.id } });
  const broken = await api('POST', '/v1/webhook_endpoints', { key: TEST, body: { url: `${receiver.url}/fail/clock`, enabled_events: ['order.created', 'invoice.created'], test_clock: clock.id } });
  const carrier = await api('POST', '/v1/carriers', { key: TEST, body: { dot_number: '3100002', contact_name: 'Dispatch', contact_email: 'ops@seed-carrier.example', phone: '+16025550100', test_clock: clock.id } });
  await until('the test carrier vetted', async () => (await api('GET', `/v1/carriers/${carrier.id}`, { key: TEST })).status === 'active');
  await api('POST', `/v1/test_helpers/carriers/${carrier.id}/registry_record`, { key: TEST, body: { change: 'authority_revoked' } });
  const testCustomer = await api('POST', '/v1/customers', { key: TEST, body: { name: 'Seed Test Motors', email: 'ap@seed-test.example', test_clock: clock.id } });
  await api('POST', '/v1/invoices', {
    key: TEST,
    body: { customer_id: testCustomer.id, due_date: new Date((now + 3 * 86_400) * 1000).toISOString().slice(0, 10), lines: [{ description: 'Transport', quantity: 1, unit_amount: 145_000 }], send: true },
  });
  await api('POST', `/v1/test_helpers/test_clocks/${clock.id}/advance`, { key: TEST, body: { frozen_time: now + 8 * 86_400 } });
  await until('the test clock ready after its advance', async () => (await api('GET', `/v1/test_helpers/test_clocks/${clock.id}`, { key: TEST })).status === 'ready', 120_000);
  const audit = async (key: string) => ((await api('GET', '/v1/audit_logs?limit=100', { key })).data as Json[]).map((e) => `${String(e.actor).replace(/_.*/, '')} ${e.action}`);
  const testAudit = await audit(TEST);
  const endpointNow = await api('GET', `/v1/webhook_endpoints/${broken.id}`, { key: TEST });
  const brokenDeliveries = await deliveriesOf(broken.id, TEST);
  log(`test clock advanced 8 days: endpoint ${endpointNow.status}, its deliveries ${[...new Set(brokenDeliveries.map((d) => d.status))].join(', ')}`);
  made.push('a test clock advanced 8 days');
  if (testAudit.includes('system carrier.suspended')) made.push('audit by system (carrier.suspended by a scheduled read)');
  else log(`no carrier suspended by system on the clock (test mode audit: ${testAudit.join(', ')})`);
  if (testAudit.includes('system webhook_endpoint.disabled')) made.push('audit by system (webhook_endpoint.disabled)');
  else log(`no endpoint disabled by system on the clock (test mode audit: ${testAudit.join(', ')})`);
  if (brokenDeliveries.some((d) => d.status === 'permanently_failed')) made.push('deliveries: permanently_failed');
  else log('no delivery permanently_failed on the clock');
  if (((await api('GET', '/v1/messages?limit=100', { key: TEST })).data as Json[]).some((m) => m.status === 'kept')) made.push('mail: kept (test mode)');
  else log('no message kept in test mode');

  // What the live audit log holds, by kind of actor.
  const liveAudit = await audit(LIVE);
  const kinds = [...new Set([...liveAudit, ...testAudit].map((e) => e.split(' ')[0]))].sort();
  log(`audit actors seen: ${kinds.join(', ')}`);
  for (const line of made) log(`made: ${line}`);
  const missing = ['key', 'oac', 'usr', 'system'].filter((k) => !kinds.includes(k));
  if (missing.length) throw new Error(`no audit entry by ${missing.join(', ')}`);
} finally {
  receiver.close();
  smtp.close(() => undefined);
}
