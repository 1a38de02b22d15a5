import { principalOf, type Handlers } from '../http/handler.js';
import * as carriers from './carriers.service.js';
import * as compliance from './compliance.service.js';

export const handlers: Handlers<
  | 'createCarrier'
  | 'listCarriers'
  | 'getCarrier'
  | 'updateCarrier'
  | 'suspendCarrier'
  | 'reinstateCarrier'
  | 'listComplianceAlerts'
  | 'getComplianceAlert'
  | 'resolveComplianceAlert'
> = {
  async createCarrier({ body }, ctx) {
    const carrier = await carriers.createCarrier(ctx.em, principalOf(ctx), body, ctx);
    return { status: 201, body: carriers.renderCarrier(carrier), headers: { Location: `/v1/carriers/${carrier.id}` } };
  },
  async listCarriers({ query }, ctx) {
    return { status: 200, body: await carriers.listCarriers(ctx.em, principalOf(ctx), query) };
  },
  async getCarrier({ params }, ctx) {
    return { status: 200, body: carriers.renderCarrier(await carriers.findCarrier(ctx.em, principalOf(ctx).accountId, params.carrier_id)) };
  },
  async updateCarrier({ params, body }, ctx) {
    return { status: 200, body: carriers.renderCarrier(await carriers.updateCarrier(ctx.em, principalOf(ctx), params.carrier_id, body, ctx.clock)) };
  },
  async suspendCarrier({ params, body }, ctx) {
    return { status: 200, body: carriers.renderCarrier(await carriers.suspendCarrier(ctx.em, principalOf(ctx), params.carrier_id, body.reason, ctx)) };
  },
  async reinstateCarrier({ params }, ctx) {
    return { status: 200, body: carriers.renderCarrier(await carriers.reinstateCarrier(ctx.em, principalOf(ctx), params.carrier_id, ctx.clock)) };
  },
  async listComplianceAlerts({ query }, ctx) {
    return { status: 200, body: await compliance.listAlerts(ctx.em, principalOf(ctx), query) };
  },
  async getComplianceAlert({ params }, ctx) {
    return { status: 200, body: compliance.renderAlert(await compliance.findAlert(ctx.em, principalOf(ctx).accountId, params.compliance_alert_id)) };
  },
  async resolveComplianceAlert({ params, body }, ctx) {
    return {
      status: 200,
      body: compliance.renderAlert(await compliance.resolveAlert(ctx.em, principalOf(ctx), params.compliance_alert_id, body.note, ctx.clock)),
    };
  },
};
