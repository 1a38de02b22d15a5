// Test helpers (test mode only): parse, check the mode, call the service, render.
import { renderOrder } from '../orders/orders.service.js';
import { renderPayment } from '../accounting/payments.service.js';
import type { Handlers } from '../shared/handlers.js';
import { assertTestMode } from '../shared/livemode.js';
import * as helpers from './test-helpers.service.js';
import * as testData from './test-data.service.js';
import * as clocks from './test-clocks.service.js';
import { findTestClock } from '../clocks/object-clock.js';
import { renderPage } from '../shared/pagination.js';

const CLOCKS = '/v1/test_helpers/test_clocks';

export const handlers: Handlers<
  | 'testHelpersDeliverOrder'
  | 'testHelpersCreatePayment'
  | 'testHelpersChangeRegistryRecord'
  | 'testHelpersTriggerEvent'
  | 'deleteTestData'
  | 'getTestDataDeletion'
  | 'createTestClock'
  | 'listTestClocks'
  | 'getTestClock'
  | 'deleteTestClock'
  | 'advanceTestClock'
> = {
  async testHelpersDeliverOrder({ params, body }, ctx) {
    assertTestMode(ctx.principal.accountId, 'POST', `/v1/test_helpers/orders/${params.order_id}/deliver`);
    return { status: 200, body: renderOrder(await helpers.deliverOrder(ctx, params.order_id, body)) };
  },
  async testHelpersCreatePayment({ body }, ctx) {
    assertTestMode(ctx.principal.accountId, 'POST', '/v1/test_helpers/payments');
    const payment = await helpers.createTestPayment(ctx, body);
    return { status: 201, body: renderPayment(payment), headers: { Location: `/v1/payments/${payment.id}` } };
  },
  async testHelpersChangeRegistryRecord({ params, body }, ctx) {
    assertTestMode(ctx.principal.accountId, 'POST', `/v1/test_helpers/carriers/${params.carrier_id}/registry_record`);
    return { status: 200, body: await helpers.changeRegistryRecord(ctx, params.carrier_id, body) };
  },
  async testHelpersTriggerEvent({ body }, ctx) {
    assertTestMode(ctx.principal.accountId, 'POST', '/v1/test_helpers/events');
    const trigger = await helpers.triggerEvent(ctx, body.type);
    return { status: 201, body: trigger, headers: { Location: `/v1/events/${trigger.event_id}` } };
  },
  async deleteTestData(_input, ctx) {
    return { status: 202, body: testData.renderTestDataDeletion(await testData.deleteTestData(ctx)) };
  },
  async getTestDataDeletion({ params }, ctx) {
    return { status: 200, body: testData.renderTestDataDeletion(await testData.findTestDataDeletion(ctx, params.test_data_deletion_id)) };
  },
  async createTestClock({ body }, ctx) {
    assertTestMode(ctx.principal.accountId, 'POST', CLOCKS);
    const clock = clocks.renderTestClock(await clocks.createTestClock(ctx, body));
    return { status: 201, body: clock, headers: { Location: `/v1/test_helpers/test_clocks/${clock.id}` } };
  },
  async listTestClocks({ query }, ctx) {
    assertTestMode(ctx.principal.accountId, 'GET', CLOCKS);
    return { status: 200, body: renderPage(await clocks.listTestClocks(ctx, query), clocks.renderTestClock) };
  },
  async getTestClock({ params }, ctx) {
    assertTestMode(ctx.principal.accountId, 'GET', `${CLOCKS}/${params.test_clock_id}`);
    return { status: 200, body: clocks.renderTestClock(await findTestClock(ctx, params.test_clock_id)) };
  },
  async deleteTestClock({ params }, ctx) {
    assertTestMode(ctx.principal.accountId, 'DELETE', `${CLOCKS}/${params.test_clock_id}`);
    return { status: 200, body: await clocks.deleteTestClock(ctx, params.test_clock_id) };
  },
  async advanceTestClock({ params, body }, ctx) {
    assertTestMode(ctx.principal.accountId, 'POST', `${CLOCKS}/${params.test_clock_id}/advance`);
    return { status: 200, body: clocks.renderTestClock(await clocks.advanceTestClock(ctx, params.test_clock_id, body)) };
  },
};
