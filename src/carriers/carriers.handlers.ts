// Carrier and compliance-alert operations: parse, call the service, render.
import type { Handlers } from '../shared/handlers.js';
import { renderPage } from '../shared/pagination.js';
import * as carriers from './carriers.service.js';
import * as compliance from './compliance.service.js';
import * as monitor from './monitor.service.js';

export const handlers: Handlers<
  | 'createCarrier'
  | 'listCarriers'
  | 'getCarrier'
  | 'updateCarrier'
  | 'suspendCarrier'
  | 'reinstateCarrier'
  | 'revetCarrier'
  | 'monitorCarrier'
  | 'listCarrierRegistrySnapshots'
  | 'listComplianceAlerts'
  | 'getComplianceAlert'
  | 'resolveComplianceAlert'
> = {
  async createCarrier({ body }, ctx) {
    const carrier = await carriers.createCarrier(ctx, body);
    return { status: 201, body: carriers.renderCarrier(carrier), headers: { Location: `/v1/carriers/${carrier.id}` } };
  },
  async listCarriers({ query }, ctx) {
    return { status: 200, body: renderPage(await carriers.listCarriers(ctx, query), carriers.renderCarrier) };
  },
  async getCarrier({ params }, ctx) {
    return { status: 200, body: carriers.renderCarrier(await carriers.findCarrier(ctx, params.carrier_id)) };
  },
  async updateCarrier({ params, body }, ctx) {
    return { status: 200, body: carriers.renderCarrier(await carriers.updateCarrier(ctx, params.carrier_id, body)) };
  },
  async suspendCarrier({ params, body }, ctx) {
    return { status: 200, body: carriers.renderCarrier(await carriers.suspendCarrier(ctx, params.carrier_id, body.reason)) };
  },
  async reinstateCarrier({ params }, ctx) {
    return { status: 200, body: carriers.renderCarrier(await carriers.reinstateCarrier(ctx, params.carrier_id)) };
  },
  async revetCarrier({ params, body }, ctx) {
    return { status: 200, body: carriers.renderCarrier(await carriers.revetCarrier(ctx, params.carrier_id, body ?? {})) };
  },
  async monitorCarrier({ params }, ctx) {
    return { status: 200, body: monitor.renderSnapshot(await monitor.monitorNow(ctx, params.carrier_id, monitor.monitoringSettings())) };
  },
  async listCarrierRegistrySnapshots({ params, query }, ctx) {
    return { status: 200, body: renderPage(await monitor.listSnapshots(ctx, params.carrier_id, query), monitor.renderSnapshot) };
  },
  async listComplianceAlerts({ query }, ctx) {
    return { status: 200, body: renderPage(await compliance.listAlerts(ctx, query), compliance.renderAlert) };
  },
  async getComplianceAlert({ params }, ctx) {
    return { status: 200, body: compliance.renderAlert(await compliance.findAlert(ctx, params.compliance_alert_id)) };
  },
  async resolveComplianceAlert({ params, body }, ctx) {
    return { status: 200, body: compliance.renderAlert(await compliance.resolveAlert(ctx, params.compliance_alert_id, body.note)) };
  },
};
