// Order operations: parse, call the service, render.
import { pdfReply } from '../documents/documents.reply.js';
import type { Handlers } from '../shared/handlers.js';
import { renderPage } from '../shared/pagination.js';
import * as orders from './orders.service.js';

export const handlers: Handlers<
  | 'createOrder'
  | 'listOrders'
  | 'getOrder'
  | 'updateOrder'
  | 'cancelOrder'
  | 'reopenOrder'
  | 'dispatchOrder'
  | 'pickUpOrder'
  | 'deliverOrder'
  | 'reportOrderException'
  | 'getOrderRateConfirmation'
  | 'getOrderBillOfLading'
  | 'rotateOrderTrackingLink'
> = {
  async createOrder({ body }, ctx) {
    const order = await orders.createOrder(ctx, body);
    return { status: 201, body: orders.renderOrder(order), headers: { Location: `/v1/orders/${order.id}` } };
  },
  async listOrders({ query }, ctx) {
    return { status: 200, body: renderPage(await orders.listOrders(ctx, query), orders.renderOrder) };
  },
  async getOrder({ params }, ctx) {
    return { status: 200, body: orders.renderOrder(await orders.findOrder(ctx, params.order_id)) };
  },
  async updateOrder({ params, body }, ctx) {
    return { status: 200, body: orders.renderOrder(await orders.updateOrder(ctx, params.order_id, body)) };
  },
  async cancelOrder({ params, body }, ctx) {
    return { status: 200, body: orders.renderOrder(await orders.actOnOrder(ctx, params.order_id, 'cancel', body)) };
  },
  async reopenOrder({ params, body }, ctx) {
    return { status: 200, body: orders.renderOrder(await orders.reopenOrder(ctx, params.order_id, body)) };
  },
  async dispatchOrder({ params, body }, ctx) {
    return { status: 200, body: orders.renderOrder(await orders.actOnOrder(ctx, params.order_id, 'dispatch', body)) };
  },
  async pickUpOrder({ params, body }, ctx) {
    return { status: 200, body: orders.renderOrder(await orders.actOnOrder(ctx, params.order_id, 'pickup', body)) };
  },
  async deliverOrder({ params, body }, ctx) {
    return { status: 200, body: orders.renderOrder(await orders.actOnOrder(ctx, params.order_id, 'deliver', body)) };
  },
  async reportOrderException({ params, body }, ctx) {
    return { status: 200, body: orders.renderOrder(await orders.actOnOrder(ctx, params.order_id, 'report_exception', body)) };
  },
  async getOrderRateConfirmation({ params }, ctx) {
    return pdfReply(await orders.orderDocument(ctx, params.order_id, 'rate_confirmation'));
  },
  async getOrderBillOfLading({ params }, ctx) {
    return pdfReply(await orders.orderDocument(ctx, params.order_id, 'bill_of_lading'));
  },
  async rotateOrderTrackingLink({ params }, ctx) {
    return { status: 200, body: orders.renderOrder(await orders.rotateTrackingLink(ctx, params.order_id)) };
  },
};
