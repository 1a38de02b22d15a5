import { principalOf, type Handlers } from '../http/handler.js';
import * as customers from './customers.service.js';

export const handlers: Handlers<'createCustomer' | 'listCustomers' | 'getCustomer' | 'updateCustomer'> = {
  async createCustomer({ body }, ctx) {
    const customer = await customers.createCustomer(ctx.em, principalOf(ctx), body, ctx.clock);
    return { status: 201, body: customers.renderCustomer(customer), headers: { Location: `/v1/customers/${customer.id}` } };
  },
  async listCustomers({ query }, ctx) {
    return { status: 200, body: await customers.listCustomers(ctx.em, principalOf(ctx), query) };
  },
  async getCustomer({ params }, ctx) {
    const customer = await customers.findCustomer(ctx.em, principalOf(ctx).accountId, params.customer_id, 'customer_id');
    return { status: 200, body: customers.renderCustomer(customer) };
  },
  async updateCustomer({ params, body }, ctx) {
    const customer = await customers.updateCustomer(ctx.em, principalOf(ctx), params.customer_id, body, ctx.clock);
    return { status: 200, body: customers.renderCustomer(customer) };
  },
};
