// Report operations: parse, call the service, answer.
import type { Handlers } from '../shared/handlers.js';
import { marginReport, operationsReport, receivablesAgingReport } from './reports.service.js';

export const handlers: Handlers<'getMarginReport' | 'getOperationsReport' | 'getReceivablesAgingReport'> = {
  async getMarginReport({ query }, ctx) {
    return { status: 200, body: await marginReport(ctx, query) };
  },
  async getReceivablesAgingReport({ query }, ctx) {
    return { status: 200, body: await receivablesAgingReport(ctx, query) };
  },
  async getOperationsReport({ query }, ctx) {
    return { status: 200, body: await operationsReport(ctx, query) };
  },
};
