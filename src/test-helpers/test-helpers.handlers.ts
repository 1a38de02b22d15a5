// Test helpers (test mode only): parse, check the mode, call the service, render.
import { renderOrder } from '../orders/orders.service.js';
import type { Handlers } from '../shared/handlers.js';
import { assertTestMode } from '../shared/livemode.js';
import * as helpers from './test-helpers.service.js';
import * as testData from './test-data.service.js';

export const handlers: Handlers<'testHelpersDeliverOrder' | 'testHelpersChangeRegistryRecord' | 'testHelpersTriggerEvent' | 'deleteTestData' | 'getTestDataDeletion'> = {
  async testHelpersDeliverOrder({ params, body }, ctx) {
    assertTestMode(ctx.principal.accountId, 'POST', `/v1/test_helpers/orders/${params.order_id}/deliver`);
    return { status: 200, body: renderOrder(await helpers.deliverOrder(ctx, params.order_id, body)) };
  },
  async testHelpersChangeRegistryRecord({ params, body }, ctx) {
    assertTestMode(ctx.principal.accountId, 'POST', `/v1/test_helpers/carriers/${params.carrier_id}/registry_record`);
    return { status: 200, body: await helpers.changeRegistryRecord(ctx, params.carrier_id, body) };
  },
  async testHelpersTriggerEvent({ body }, ctx) {
    assertTestMode(ctx.principal.accountId, 'POST', '/v1/test_helpers/events');
    return { status: 201, body: await helpers.triggerEvent(ctx, body.type) };
  },
  async deleteTestData(_input, ctx) {
    return { status: 202, body: testData.renderTestDataDeletion(await testData.deleteTestData(ctx)) };
  },
  async getTestDataDeletion({ params }, ctx) {
    return { status: 200, body: testData.renderTestDataDeletion(await testData.findTestDataDeletion(ctx, params.test_data_deletion_id)) };
  },
};
