// The client scenario with openapi-fetch over the types openapi-typescript makes from a published
// OpenAPI document. test/clients/clients.test.ts copies it beside the generated `schema.ts`, checks
// both with tsc (strict), runs it against a live server and checks its report against the server.
// Not part of the project's own type check: `./schema.js` exists only in that generated directory.
import assert from 'node:assert/strict';
import createClient from 'openapi-fetch';
import type { paths } from './schema.js';

const { VT_BASE_URL: baseUrl, VT_API_KEY: key, VT_RECEIVER_URL: receiverUrl } = process.env;
if (!baseUrl || !key || !receiverUrl) throw new Error('VT_BASE_URL, VT_API_KEY and VT_RECEIVER_URL are required');
const api = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${key}` } });

const customer = await api.POST('/v1/customers', { body: { name: 'Matrix Motors', email: 'ap@matrix-motors.example' } });
assert.equal(customer.response.status, 201, JSON.stringify(customer.error));
assert.ok(customer.data);
assert.equal(customer.data.name, 'Matrix Motors');
const customerId = customer.data.id;

const orderIds: string[] = [];
for (const vin of ['1HGCM82633A004352', '1FTFW1ET9DFC10312']) {
  const order = await api.POST('/v1/orders', {
    body: {
      customer_id: customerId,
      pickup: { address1: '1200 W Lake St', city: 'Chicago', state: 'IL', zip: '60607' },
      delivery: { address1: '500 Ocean Dr', city: 'Miami Beach', state: 'FL', zip: '33139' },
      vehicles: [{ vin, year: 2013, make: 'Ford', model: 'F-150' }],
      ready_date: '2026-12-01',
    },
  });
  assert.equal(order.response.status, 201, JSON.stringify(order.error));
  assert.ok(order.data);
  assert.equal(order.data.customer_id, customerId);
  assert.equal(order.data.status, 'pending');
  orderIds.push(order.data.id);
}

const first = await api.GET('/v1/orders', { params: { query: { customer_id: customerId, limit: 1 } } });
assert.ok(first.data, JSON.stringify(first.error));
assert.equal(first.data.data.length, 1);
assert.equal(first.data.has_more, true);
assert.ok(first.data.next_cursor);
const second = await api.GET('/v1/orders', { params: { query: { customer_id: customerId, limit: 1, cursor: first.data.next_cursor } } });
assert.ok(second.data, JSON.stringify(second.error));
assert.equal(second.data.data.length, 1);
assert.notEqual(second.data.data[0]?.id, first.data.data[0]?.id);

const missingId = 'ord_00000000000000000000000000';
const missing = await api.GET('/v1/orders/{order_id}', { params: { path: { order_id: missingId } } });
assert.equal(missing.data, undefined);
assert.ok(missing.error);

const endpoint = await api.POST('/v1/webhook_endpoints', { body: { url: receiverUrl, enabled_events: ['*'], description: 'client matrix' } });
assert.equal(endpoint.response.status, 201, JSON.stringify(endpoint.error));
assert.ok(endpoint.data);
assert.ok(endpoint.data.secret?.startsWith('whsec_'));
const readBack = await api.GET('/v1/webhook_endpoints/{webhook_endpoint_id}', { params: { path: { webhook_endpoint_id: endpoint.data.id } } });
assert.ok(readBack.data, JSON.stringify(readBack.error));
assert.equal(readBack.data.secret, undefined);
const test = await api.POST('/v1/webhook_endpoints/{webhook_endpoint_id}/test', { params: { path: { webhook_endpoint_id: endpoint.data.id } } });
assert.equal(test.response.status, 201, JSON.stringify(test.error));

console.log(
  JSON.stringify({
    customer: { id: customer.data.id, name: customer.data.name },
    orders: orderIds,
    pages: [first.data.data.map((o) => o.id), second.data.data.map((o) => o.id)],
    cursor: first.data.next_cursor,
    missing: { id: missingId, status: missing.response.status, type: missing.error.error.type, code: missing.error.error.code },
    endpoint: { id: endpoint.data.id, url: readBack.data.url, enabled_events: readBack.data.enabled_events, status: readBack.data.status },
    test_event: { status: test.response.status, event_type: test.data?.event_type ?? null },
  }),
);
