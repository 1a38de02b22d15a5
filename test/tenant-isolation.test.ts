// Tenant and mode isolation, driven by the spec's operation list: for every /v1 operation, a key of B
// (holding every scope) cannot read, change or act on A's resources (404, never revealing that they
// exist), and B's lists never contain A's ids. B is another account; then the test mode of A's own
// account; then A is the test mode and B the live mode of one account. A new operation is covered
// automatically; one whose path parameter has no fixture below fails until a fixture (one entry) is added.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Backend } from './support/databases.js';
import { orderBody, startHarness, type Harness } from './support/harness.js';
import { Carrier } from '../src/carriers/carriers.entities.js';
import { scanCompliance } from '../src/carriers/compliance.service.js';
import { Account } from '../src/auth/auth.entities.js';
import { queueMessage } from '../src/mail/outbox.js';
import { inTransaction } from '../src/shared/context.js';
import { newId } from '../src/shared/ids.js';
import { invoiceDocument } from './support/mail-documents.js';
import { testAccountIdOf } from '../src/shared/livemode.js';

type Json = Record<string, any>;
const spec = JSON.parse(readFileSync('generated/openapi.json', 'utf8')) as Json;
const resolve = (node: Json): Json => (node?.$ref ? resolve(node.$ref.slice(2).split('/').reduce((n: Json, k: string) => n[k], spec)) : node);

interface Operation {
  id: string;
  method: string;
  path: string;
  pathParams: string[];
  example: unknown;
  /** A test helper (test mode only: a live key is answered as for a path that does not exist). */
  testOnly: boolean;
}
const operations: Operation[] = Object.entries(spec.paths as Json)
  .filter(([path]) => path.startsWith('/v1/'))
  .flatMap(([path, item]: [string, Json]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'patch', 'put', 'delete'].includes(method))
      .map(([method, op]: [string, Json]) => {
        const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map(resolve);
        const content = resolve(op.requestBody ?? {})?.content?.['application/json'];
        const example = content?.example ?? Object.values(content?.examples ?? {}).map((e) => resolve(e as Json).value)[0];
        const testOnly = ((op.tags ?? []) as string[]).includes('Test helpers') && op.operationId !== 'deleteTestData' && op.operationId !== 'getTestDataDeletion';
        return { id: op.operationId as string, method: method.toUpperCase(), path, pathParams: params.filter((p) => p.in === 'path').map((p) => p.name), example, testOnly };
      }),
  );

/**
 * How to create, in account A, the resource a path parameter names: one entry per parameter name.
 * `need` gives another fixture's id (created once per run).
 */
type Fixture = (h: Harness, key: string, need: (param: string) => Promise<string>, accountId: string) => Promise<string>;
const FIXTURES: Record<string, Fixture> = {
  customer_id: async (h, key) => (await h.call('POST', '/v1/customers', { key, body: { name: 'Tenant A customer' } })).body.id,
  order_id: async (h, key, need) => (await h.call('POST', '/v1/orders', { key, body: orderBody(await need('customer_id')) })).body.id,
  delivered_order_id: async (h, key, need) => {
    // Delivered, by a carrier of its own: its rate confirmation and bill of lading have something to show.
    const example = operations.find((o) => o.id === 'createCarrier')?.example as Json;
    const carrier = (await h.call('POST', '/v1/carriers', { key, body: { ...example, dot_number: String(3_000_000 + Math.floor(Math.random() * 999_999)) } })).body.id;
    await h.database.db.em().nativeUpdate(Carrier, { id: carrier }, { status: 'active' });
    const order = (await h.call('POST', '/v1/orders', { key, body: orderBody(await need('customer_id')) })).body.id;
    for (const [step, body] of [['dispatch', { carrier_id: carrier }], ['pickup', {}], ['deliver', { signed_by: 'Receiver' }]] as const) {
      await h.call('POST', `/v1/orders/${order}/${step}`, { key, body });
    }
    return order;
  },
  webhook_endpoint_id: async (h, key) =>
    (await h.call('POST', '/v1/webhook_endpoints', { key, body: { url: 'https://hooks.tenant-a.example/in', enabled_events: ['*'] } })).body.id,
  event_id: async (h, key, need) => {
    await need('order_id');
    return (await h.call('GET', '/v1/events?limit=1', { key })).body.data[0].id;
  },
  webhook_delivery_id: async (h, key, need) => {
    const endpoint = await need('webhook_endpoint_id');
    await h.call('POST', '/v1/customers', { key, body: { name: 'After the endpoint' } }); // no event; an order has one
    await h.call('POST', '/v1/orders', { key, body: orderBody(await need('customer_id')) });
    return (await h.call('GET', `/v1/webhook_endpoints/${endpoint}/deliveries?limit=1`, { key })).body.data[0].id;
  },
  carrier_id: async (h, key) => {
    const example = operations.find((o) => o.id === 'createCarrier')?.example;
    return (await h.call('POST', '/v1/carriers', { key, body: example })).body.id;
  },
  compliance_alert_id: async (h, key, need) => {
    // An active carrier whose insurance lapsed yesterday: the compliance scan raises the alert.
    const carrier = await need('carrier_id');
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await h.database.db.em().nativeUpdate(Carrier, { id: carrier }, { status: 'active', insuranceExpiresOn: yesterday });
    await scanCompliance(h.background());
    return (await h.call('GET', `/v1/compliance_alerts?carrier_id=${carrier}`, { key })).body.data[0].id;
  },
  api_key_id: async (h, key) => (await h.call('POST', '/v1/api_keys', { key, body: { scopes: ['orders:read'] } })).body.id,
  oauth_client_id: async (h, key) => (await h.call('POST', '/v1/oauth_clients', { key, body: { scopes: ['orders:read'] } })).body.id,
  invoice_id: async (h, key, need) =>
    (
      await h.call('POST', '/v1/invoices', {
        key,
        body: { customer_id: await need('customer_id'), due_date: '2026-12-31', lines: [{ description: 'Transport', quantity: 1, unit_amount: 1000 }], send: { email: 'ap@tenant-a.example' } },
      })
    ).body.id,
  payment_id: async (h, key, need) =>
    (await h.call('POST', '/v1/payments', { key, body: { customer_id: await need('customer_id'), amount: 500, payment_method: 'ach' } })).body.id,
  carrier_payment_id: async (h, key, need) => {
    // A carrier of its own (the compliance fixture suspends the shared one), made active, with a delivered order.
    const example = operations.find((o) => o.id === 'createCarrier')?.example as Json;
    const carrier = (await h.call('POST', '/v1/carriers', { key, body: { ...example, dot_number: String(4_000_000 + Math.floor(Math.random() * 999_999)) } })).body.id;
    await h.database.db.em().nativeUpdate(Carrier, { id: carrier }, { status: 'active' });
    const order = (await h.call('POST', '/v1/orders', { key, body: orderBody(await need('customer_id'), { carrier_pay: 90_000 }) })).body.id;
    await h.call('POST', `/v1/orders/${order}/dispatch`, { key, body: { carrier_id: carrier } });
    await h.call('POST', `/v1/orders/${order}/pickup`, { key, body: {} });
    await h.call('POST', `/v1/orders/${order}/deliver`, { key, body: { signed_by: 'Receiver' } });
    return (await h.call('POST', '/v1/carrier_payments', { key, body: { carrier_id: carrier, order_ids: [order], payment_method: 'ach' } })).body.id;
  },
  user_id: async (h, key) =>
    (await h.call('POST', '/v1/users', { key, body: { email: `user.${Math.random().toString(36).slice(2)}@tenant-a.example`, role: 'viewer' } })).body.id,
  message_id: async (h, _key, _need, accountId) => {
    // A message is written by what sends it (an invoice, a carrier payment, a dispatch), as here.
    const input = { kind: 'invoice', channel: 'email', subjectId: newId('invoice'), to: 'ap@tenant-a.example', toName: null, replyTo: null, document: invoiceDocument() } as const;
    return (await inTransaction(h.background(), (tx) => queueMessage(tx, { ...input, accountId }))).id;
  },
  attachment_index: async () => '0',
  test_data_deletion_id: async (h, key) => (await h.call('DELETE', '/v1/test_data', { key })).body.id,
  test_clock_id: async (h, key) => (await h.call('POST', '/v1/test_helpers/test_clocks', { key, body: { frozen_time: Math.floor(Date.now() / 1000) } })).body.id,
  audit_log_id: async (h, key, need) => {
    const apiKey = await need('api_key_id');
    return (await h.call('GET', `/v1/audit_logs?target=${apiKey}`, { key })).body.data[0].id;
  },
};

/** The operations that need another state of a resource than its fixture's: operation -> path parameter -> fixture. */
const FIXTURE_OF: Record<string, Record<string, string>> = {
  getOrderRateConfirmation: { order_id: 'delivered_order_id' },
  getOrderBillOfLading: { order_id: 'delivered_order_id' },
};

/** The operations of live mode only (dashboard users): a test caller is answered 403 `livemode_mismatch`. */
const LIVE_ONLY = new Set(['createUser', 'listUsers', 'getUser', 'updateUser', 'deleteUser', 'resetUserPassword']);

/** Who owns the resources (A) and who probes them (B): an account name and a mode each. */
interface Pair {
  a: { account: string; livemode: boolean };
  b: { account: string; livemode: boolean };
}
const PAIRS: [string, Pair][] = [
  ['another account', { a: { account: 'tenant-a', livemode: true }, b: { account: 'tenant-b', livemode: true } }],
  ['test mode of the account', { a: { account: 'tenant-a', livemode: true }, b: { account: 'tenant-a', livemode: false } }],
  ['live mode of a test account', { a: { account: 'tenant-a', livemode: false }, b: { account: 'tenant-a', livemode: true } }],
  ['test mode of another account', { a: { account: 'tenant-a', livemode: false }, b: { account: 'tenant-b', livemode: false } }],
];

/** Test clocks exist in test mode only: a live owner has none (the other test helpers act on objects of either mode). */
const TEST_MODE_RESOURCES = (o: Operation) => o.path.startsWith('/v1/test_helpers/test_clocks');

/** The account that holds a name's data in a mode. */
async function accountId(h: Harness, side: Pair['a']): Promise<string> {
  const live = (await h.database.db.em().findOneOrFail(Account, { name: side.account, livemode: true })).id;
  return side.livemode ? live : testAccountIdOf(live);
}

describe.each(backends().flatMap((b) => PAIRS.map(([name, pair]) => [b, name, pair] as const)))('isolation on %s: %s', (backend: Backend, _name, pair) => {
  let h: Harness;
  let keyA: string;
  let keyB: string;
  let accountA: string;
  let accountB: string;
  const ids = new Map<string, Promise<string>>();
  const need = (param: string): Promise<string> => {
    const fixture = FIXTURES[param];
    if (!fixture) throw new Error(`no fixture for the path parameter ${param}: add one to FIXTURES`);
    if (!ids.has(param)) ids.set(param, fixture(h, keyA, need, accountA));
    return ids.get(param)!;
  };
  beforeAll(async () => {
    h = await startHarness(backend);
    keyA = await h.key(pair.a.account, 'all', { livemode: pair.a.livemode });
    keyB = await h.key(pair.b.account, 'all', { livemode: pair.b.livemode });
    accountA = await accountId(h, pair.a);
    accountB = await accountId(h, pair.b);
    expect(accountA).not.toBe(accountB);
  });
  afterAll(() => h.close());

  // A test owner has no users to probe; a test prober is refused users' operations whoever's they are.
  const ownable = (o: Operation) => !(LIVE_ONLY.has(o.id) && !pair.a.livemode) && !(TEST_MODE_RESOURCES(o) && pair.a.livemode);
  const refusedToB = (o: Operation) => LIVE_ONLY.has(o.id) && !pair.b.livemode;
  const withParams = operations.filter((o) => o.pathParams.length > 0 && ownable(o));
  it.each(withParams.map((o) => [o.id, o] as const))('%s: B gets 404 for A\'s resource', async (_id, op) => {
    let path = op.path;
    const used: string[] = [];
    for (const param of op.pathParams) {
      const id = await need(FIXTURE_OF[op.id]?.[param] ?? param);
      expect(id, `fixture ${param}`).toMatch(param.endsWith('_id') ? /^[a-z]+_[0-9A-Z]{26}$/ : /^\d+$/);
      path = path.replace(`{${param}}`, id);
      used.push(id);
    }
    const r = await h.call(op.method, path, { key: keyB, ...(op.example !== undefined ? { body: op.example } : {}) });
    if (refusedToB(op)) {
      expect(r.status, `${op.method} ${path}: ${r.text}`).toBe(403);
      expect(r.body.error.code).toBe('livemode_mismatch');
      return;
    }
    expect(r.status, `${op.method} ${path}: ${r.text}`).toBe(404);
    // A test helper does not exist for a live key, whoever's the object is.
    expect(r.body.error.code).toBe(op.testOnly && pair.b.livemode ? 'route_not_found' : 'resource_missing');
    expect(used.some((id) => r.body.error.message.includes(id)), r.body.error.message).toBe(true);
    if (op.method === 'GET') expect((await h.call('GET', path, { key: keyA })).status, `A reads its own ${path}`).toBe(200);
  });

  // Every list of an account's resources (the current session is the caller's own, not a list; the
  // event-type catalog is the document's, the same for every account).
  const lists = operations.filter(
    (o) => o.method === 'GET' && o.pathParams.length === 0 && o.id.startsWith('list') && o.id !== 'listEventTypes' && ownable(o) && !refusedToB(o) && !(TEST_MODE_RESOURCES(o) && pair.b.livemode),
  );
  it.each(lists.map((o) => [o.id, o] as const))('%s: B\'s list holds none of A\'s ids', async (_id, op) => {
    for (const param of Object.keys(FIXTURES)) if (pair.a.livemode || param !== 'user_id') await need(param);
    const mine = await h.call('GET', `${op.path}?limit=100`, { key: keyA });
    expect(mine.status).toBe(200);
    const theirs = await h.call('GET', `${op.path}?limit=100`, { key: keyB });
    expect(theirs.status).toBe(200);
    const idsOfA = new Set(mine.body.data.map((x: Json) => x.id));
    for (const x of theirs.body.data) expect(idsOfA.has(x.id), `${op.id} leaks ${x.id}`).toBe(false);
  });

  const referencing = operations.filter((o) => o.example && typeof o.example === 'object' && Object.keys(o.example as Json).some((k) => k in FIXTURES));
  it.each(referencing.map((o) => [o.id, o] as const))('%s: B cannot point at A\'s resources in a body', async (_id, op) => {
    const body: Json = { ...(op.example as Json) };
    for (const field of Object.keys(body).filter((k) => k in FIXTURES)) body[field] = await need(field);
    // B's own path resources, so only the body's reference can be the missing one.
    let path = op.path;
    for (const param of op.pathParams) path = path.replace(`{${param}}`, await ownResource(param));
    const r = await h.call(op.method, path, { key: keyB, body });
    expect(r.status, `${op.method} ${path}: ${r.text}`).toBe(404);
  });

  const own = new Map<string, string>();
  async function ownResource(param: string): Promise<string> {
    if (!own.has(param)) own.set(param, await FIXTURES[param]!(h, keyB, ownResource, accountB));
    return own.get(param)!;
  }
});
