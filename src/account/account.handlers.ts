// Account settings operations: parse, call the service, render.
import type { Handlers } from '../shared/handlers.js';
import * as account from './account.service.js';

export const handlers: Handlers<'getAccount' | 'updateAccount'> = {
  async getAccount(_input, ctx) {
    return { status: 200, body: account.renderAccount(await account.getAccount(ctx)) };
  },
  async updateAccount({ body }, ctx) {
    return { status: 200, body: account.renderAccount(await account.updateAccount(ctx, body)) };
  },
};
