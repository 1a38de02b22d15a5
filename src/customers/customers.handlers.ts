// Customer operations: parse, call the service, render.
import type { Handlers } from '../shared/handlers.js';
import { renderPage } from '../shared/pagination.js';
import * as customers from './customers.service.js';

export const handlers: Handlers<'createCustomer' | 'listCustomers' | 'getCustomer' | 'updateCustomer'> = {
  async createCustomer({ body }, ctx) {
    const customer = await customers.createCustomer(ctx, body);
    return { status: 201, body: customers.renderCustomer(customer), headers: { Location: `/v1/customers/${customer.id}` } };
  },
  async listCustomers({ query }, ctx) {
    return { status: 200, body: renderPage(await customers.listCustomers(ctx, query), customers.renderCustomer) };
  },
  async getCustomer({ params }, ctx) {
    return { status: 200, body: customers.renderCustomer(await customers.findCustomer(ctx, params.customer_id)) };
  },
  async updateCustomer({ params, body }, ctx) {
    return { status: 200, body: customers.renderCustomer(await customers.updateCustomer(ctx, params.customer_id, body)) };
  },
};
