// The client scenario with the fetch client orval makes from a published OpenAPI document
// (`client: 'fetch'`, one file: a function per operationId, the body or the path parameter as
// arguments, `RequestInit` last; each answers `{ data, status, headers }`, a union over the
// document's statuses, so `status` narrows `data`). Its base URL is the document's own `servers`
// entry, `{scheme}://{host}`, with `host` read from VT_API_HOST at request time (the test's orval
// config); orval sends no credentials itself, so the key goes in each call's headers.
// test/clients/clients.test.ts copies it beside the generated `client/`, checks both with tsc
// (strict), runs it against a live server and checks its report against the server. Not part of the
// project's own type check: `./client/` exists only in that generated directory.
import assert from 'node:assert/strict';
import { createCustomer, createOrder, createWebhookEndpoint, getOrder, getWebhookEndpoint, listOrders, testWebhookEndpoint } from './client/api.js';

const { VT_BASE_URL: baseUrl, VT_API_KEY: key, VT_RECEIVER_URL: receiverUrl } = process.env;
if (!baseUrl || !key || !receiverUrl) throw new Error('VT_BASE_URL, VT_API_KEY and VT_RECEIVER_URL are required');
const server = new URL(baseUrl);
// The document's server has the scheme `http` by default, which the client keeps.
assert.equal(server.protocol, 'http:');
process.env.VT_API_HOST = server.host;
const auth = { headers: { Authorization: `Bearer ${key}` } } satisfies RequestInit;

const customer = await createCustomer({ name: 'Matrix Motors', email: 'ap@matrix-motors.example' }, auth);
if (customer.status !== 201) assert.fail(`createCustomer: ${customer.status} ${JSON.stringify(customer.data)}`);
assert.equal(customer.data.name, 'Matrix Motors');
assert.equal(customer.data.object, 'customer');
const customerId = customer.data.id;

const orderIds: string[] = [];
for (const vin of ['1HGCM82633A004352', '1FTFW1ET9DFC10312']) {
  const order = await createOrder(
    {
      customer_id: customerId,
      pickup: { address1: '1200 W Lake St', city: 'Chicago', state: 'IL', zip: '60607' },
      delivery: { address1: '500 Ocean Dr', city: 'Miami Beach', state: 'FL', zip: '33139' },
      vehicles: [{ vin, year: 2013, make: 'Ford', model: 'F-150' }],
      ready_date: '2026-12-01',
    },
    auth,
  );
  if (order.status !== 201) assert.fail(`createOrder: ${order.status} ${JSON.stringify(order.data)}`);
  assert.equal(order.data.customer_id, customerId);
  assert.equal(order.data.status, 'pending');
  orderIds.push(order.data.id);
}

const first = await listOrders({ customer_id: customerId, limit: 1 }, auth);
if (first.status !== 200) assert.fail(`listOrders: ${first.status} ${JSON.stringify(first.data)}`);
assert.equal(first.data.data.length, 1);
assert.equal(first.data.has_more, true);
assert.ok(first.data.next_cursor);
const second = await listOrders({ customer_id: customerId, limit: 1, cursor: first.data.next_cursor }, auth);
if (second.status !== 200) assert.fail(`listOrders: ${second.status} ${JSON.stringify(second.data)}`);
assert.equal(second.data.data.length, 1);
assert.notEqual(second.data.data[0]?.id, first.data.data[0]?.id);

// An error answer is a value, not an exception: its status narrows `data` to the error envelope.
const missingId = 'ord_00000000000000000000000000';
const missing = await getOrder(missingId, auth);
if (missing.status !== 404) assert.fail(`getOrder: ${missing.status} ${JSON.stringify(missing.data)}`);

const endpoint = await createWebhookEndpoint({ url: receiverUrl, enabled_events: ['*'], description: 'client matrix' }, auth);
if (endpoint.status !== 201) assert.fail(`createWebhookEndpoint: ${endpoint.status} ${JSON.stringify(endpoint.data)}`);
assert.ok(endpoint.data.secret?.startsWith('whsec_'));
const readBack = await getWebhookEndpoint(endpoint.data.id, auth);
if (readBack.status !== 200) assert.fail(`getWebhookEndpoint: ${readBack.status} ${JSON.stringify(readBack.data)}`);
assert.equal(readBack.data.secret, undefined);
const test = await testWebhookEndpoint(endpoint.data.id, auth);
if (test.status !== 201) assert.fail(`testWebhookEndpoint: ${test.status} ${JSON.stringify(test.data)}`);

console.log(
  JSON.stringify({
    customer: { id: customer.data.id, name: customer.data.name },
    orders: orderIds,
    pages: [first.data.data.map((o) => o.id), second.data.data.map((o) => o.id)],
    cursor: first.data.next_cursor,
    missing: { id: missingId, status: missing.status, type: missing.data.error.type, code: missing.data.error.code },
    endpoint: { id: endpoint.data.id, url: readBack.data.url, enabled_events: readBack.data.enabled_events, status: readBack.data.status },
    test_event: { status: test.status, event_type: test.data.event_type ?? null },
  }),
);
