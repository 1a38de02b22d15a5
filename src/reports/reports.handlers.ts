// Report operations: parse, call the service, answer.
import type { Handlers } from '../shared/handlers.js';
import { marginReport, operationsReport } from './reports.service.js';

export const handlers: Handlers<'getMarginReport' | 'getOperationsReport'> = {
  async getMarginReport({ query }, ctx) {
    return { status: 200, body: await marginReport(ctx, query) };
  },
  async getOperationsReport({ query }, ctx) {
    return { status: 200, body: await operationsReport(ctx, query) };
  },
};
