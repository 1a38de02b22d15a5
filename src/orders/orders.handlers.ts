import { principalOf, type Handlers } from '../http/handler.js';
import type { RequestContext } from '../http/handler.js';
import * as orders from './orders.service.js';

const act = async (id: string, input: Parameters<typeof orders.actOnOrder>[3], ctx: RequestContext) => ({
  status: 200 as const,
  body: orders.renderOrder(await orders.actOnOrder(ctx.em, principalOf(ctx), id, input, ctx)),
});

export const handlers: Handlers<
  'createOrder' | 'listOrders' | 'getOrder' | 'updateOrder' | 'cancelOrder' | 'dispatchOrder' | 'pickUpOrder' | 'deliverOrder' | 'reportOrderException'
> = {
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
    return act(params.order_id, { action: 'cancel', reason: body.reason }, ctx);
  },
  async dispatchOrder({ params, body }, ctx) {
    return act(params.order_id, { action: 'dispatch', carrierId: body.carrier_id }, ctx);
  },
  async pickUpOrder({ params, body }, ctx) {
    return act(params.order_id, { action: 'pickup', at: body.picked_up_at }, ctx);
  },
  async deliverOrder({ params, body }, ctx) {
    return act(params.order_id, { action: 'deliver', signedBy: body.signed_by, signedAt: body.signed_at }, ctx);
  },
  async reportOrderException({ params, body }, ctx) {
    return act(params.order_id, { action: 'report_exception', kind: body.kind, note: body.note }, ctx);
  },
};
