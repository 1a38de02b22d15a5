// The audit log read back (audit:read): a page of entries with filters, and one entry.
import type { Handlers } from '../shared/handlers.js';
import { renderPage } from '../shared/pagination.js';
import { findAuditLog, listAuditLogs, renderAuditLog } from './audit.service.js';

export const handlers: Handlers<'listAuditLogs' | 'getAuditLog'> = {
  async listAuditLogs({ query }, ctx) {
    return { status: 200, body: renderPage(await listAuditLogs(ctx, query), renderAuditLog) };
  },
  async getAuditLog({ params }, ctx) {
    return { status: 200, body: renderAuditLog(await findAuditLog(ctx, params.audit_log_id)) };
  },
};
