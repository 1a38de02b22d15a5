// Endpoint health: an endpoint that has failed for FAILING_DISABLE_MS without a single success is
// disabled (disabled_reason `failing`), audited as done by `system`. Its deliveries wait, pending;
// re-enabling it makes them due, and the recover operation requeues what had permanently failed.
import type { EntityManager } from '@mikro-orm/sql';
import { asSystem, recordAudit } from '../audit/audit.service.js';
import type { Clock } from '../shared/clock.js';
import { DEFAULT_SIGN_IN_POLICY } from '../shared/context.js';
import type { Database } from '../shared/database.js';
import type { Logger } from '../shared/logger.js';

/** How long an endpoint may fail without a success before it is disabled. */
export const FAILING_DISABLE_MS = 5 * 24 * 3_600_000;

/**
 * Disables the endpoints failing for too long, each in its own transaction with its audit entry.
 * Answers how many. The endpoints of no test clock (real time), or of the clock `testClockId` (run
 * by its advance, with the clock's time as `clock`).
 */
export async function disableFailingEndpoints(db: Pick<Database, 'em'>, clock: Clock, log: Logger, testClockId: string | null = null): Promise<number> {
  const now = clock.now();
  const cutoff = new Date(now.getTime() - FAILING_DISABLE_MS);
  const due = await db.em().execute<{ id: string; account_id: string }[]>(
    `select id, account_id from webhook_endpoints where status = 'enabled' and failing_since <= ?
       and ${testClockId === null ? 'test_clock_id is null' : 'test_clock_id = ?'} order by id limit 100`,
    testClockId === null ? [cutoff] : [cutoff, testClockId],
  );
  let disabled = 0;
  for (const { id, account_id: accountId } of due) {
    await db.em().transactional(async (em: EntityManager) => {
      const changed = await em.execute<{ id: string }[]>(
        `update webhook_endpoints set status = 'disabled', disabled_reason = 'failing', updated_at = ?
         where id = ? and status = 'enabled' and failing_since <= ? returning id`,
        [now, id, cutoff],
      );
      if (!changed.length) return; // it succeeded or was changed meanwhile
      const ctx = asSystem({ em, clock, log, requestId: null, ip: null, settings: { production: false, signIn: DEFAULT_SIGN_IN_POLICY } }, accountId);
      await recordAudit(ctx, 'webhook_endpoint.disabled', id, { now });
      await em.flush();
      disabled++;
    });
  }
  return disabled;
}
