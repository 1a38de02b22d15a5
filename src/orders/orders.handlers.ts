import { principalOf, type Handlers } from '../http/handler.js';
import * as orders from './orders.service.js';

export const handlers: Handlers<'createOrder' | 'listOrders' | 'getOrder' | 'updateOrder' | 'cancelOrder'> = {
  async createOrder({ body }, ctx) {
    const order = await orders.createOrder(ctx.em, principalOf(ctx), body, ctx);
    return { status: 201, body: orders.renderOrder(order), headers: { Location: `/v1/orders/${order.id}` } };
  },
  async listOrders({ query }, ctx) {
    return { status: 200, body: await orders.listOrders(ctx.em, principalOf(ctx), query) };
  },
  async getOrder({ params }, ctx) {
    return { status: 200, body: orders.renderOrder(await orders.findOrder(ctx.em, principalOf(ctx).accountId, params.order_id)) };
  },
  async updateOrder({ params, body }, ctx) {
    return { status: 200, body: orders.renderOrder(await orders.updateOrder(ctx.em, principalOf(ctx), params.order_id, body, ctx)) };
  },
  async cancelOrder({ params, body }, ctx) {
    return { status: 200, body: orders.renderOrder(await orders.cancelOrder(ctx.em, principalOf(ctx), params.order_id, body, ctx)) };
  },
};
