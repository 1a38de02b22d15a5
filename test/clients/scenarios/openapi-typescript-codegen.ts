// The client scenario with the fetch client openapi-typescript-codegen makes from a published OpenAPI
// document (`--client fetch --useOptions`: one static method per operation, named from its
// operationId, its parameters in one object). test/clients/clients.test.ts copies it beside the
// generated `client/`, checks both with tsc (strict), runs it against a live server and checks its
// report against the server. Not part of the project's own type check: `./client/` exists only there.
import assert from 'node:assert/strict';
import { ApiError, CustomersService, OpenAPI, OrdersService, StateCode, WebhooksService } from './client/index';

const { VT_BASE_URL: baseUrl, VT_API_KEY: key, VT_RECEIVER_URL: receiverUrl } = process.env;
if (!baseUrl || !key || !receiverUrl) throw new Error('VT_BASE_URL, VT_API_KEY and VT_RECEIVER_URL are required');
OpenAPI.BASE = baseUrl;
OpenAPI.TOKEN = key;
// The client answers bodies only; the statuses the server answered, as fetch saw them.
const statuses: number[] = [];
const realFetch = globalThis.fetch;
globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
  const response = await realFetch(...args);
  statuses.push(response.status);
  return response;
};

const customer = await CustomersService.createCustomer({ requestBody: { name: 'Matrix Motors', email: 'ap@matrix-motors.example' } });
assert.equal(statuses.at(-1), 201);
assert.equal(customer.name, 'Matrix Motors');
assert.equal(customer.object, 'customer');

const orderIds: string[] = [];
for (const vin of ['1HGCM82633A004352', '1FTFW1ET9DFC10312']) {
  const order = await OrdersService.createOrder({
    requestBody: {
      customer_id: customer.id,
      pickup: { address1: '1200 W Lake St', city: 'Chicago', state: StateCode.IL, zip: '60607' }, // its enums are TypeScript enums
      delivery: { address1: '500 Ocean Dr', city: 'Miami Beach', state: StateCode.FL, zip: '33139' },
      vehicles: [{ vin, year: 2013, make: 'Ford', model: 'F-150' }],
      ready_date: '2026-12-01',
    },
  });
  assert.equal(statuses.at(-1), 201);
  assert.equal(order.customer_id, customer.id);
  assert.equal(order.status, 'pending');
  orderIds.push(order.id);
}

const first = await OrdersService.listOrders({ customerId: customer.id, limit: 1 });
assert.equal(first.data.length, 1);
assert.equal(first.has_more, true);
assert.ok(first.next_cursor);
const second = await OrdersService.listOrders({ customerId: customer.id, limit: 1, cursor: first.next_cursor });
assert.equal(second.data.length, 1);
assert.notEqual(second.data[0]?.id, first.data[0]?.id);

const missingId = 'ord_00000000000000000000000000';
let missing: ApiError | undefined;
try {
  await OrdersService.getOrder({ orderId: missingId });
} catch (err) {
  missing = err as ApiError;
}
assert.ok(missing instanceof ApiError);
const envelope = missing.body as { error: { type: string; code: string } };

const endpoint = await WebhooksService.createWebhookEndpoint({ requestBody: { url: receiverUrl, enabled_events: ['*'], description: 'client matrix' } });
assert.equal(statuses.at(-1), 201);
assert.ok(endpoint.secret?.startsWith('whsec_'));
const readBack = await WebhooksService.getWebhookEndpoint({ webhookEndpointId: endpoint.id });
assert.equal(readBack.secret, undefined);
const test = await WebhooksService.testWebhookEndpoint({ webhookEndpointId: endpoint.id });

console.log(
  JSON.stringify({
    customer: { id: customer.id, name: customer.name },
    orders: orderIds,
    pages: [first.data.map((o) => o.id), second.data.map((o) => o.id)],
    cursor: first.next_cursor,
    missing: { id: missingId, status: missing.status, type: envelope.error.type, code: envelope.error.code },
    endpoint: { id: endpoint.id, url: readBack.url, enabled_events: readBack.enabled_events, status: readBack.status },
    test_event: { status: statuses.at(-1), event_type: test.event_type ?? null },
  }),
);
