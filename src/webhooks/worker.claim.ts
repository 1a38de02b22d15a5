// The delivery worker's claim (worker.ts runs the phases): due deliveries leased to one worker, fairly
// across endpoints and within each endpoint's limit over every worker, in one statement; the probe
// of each open breaker taken by one claim over all workers; the leases of deliveries not sent given
// back.
import type { Database } from '../shared/database.js';
import type { Logger } from '../shared/logger.js';
import { queryRows } from '../shared/sql.js';
import type { TraceHeaders } from '../shared/trace.js';

/** A claimed delivery with what sending it needs of its endpoint (plain rows, no entities). */
export interface Claimed {
  id: string;
  eventId: string;
  endpointId: string;
  payload: string;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  /** The endpoint's breaker is open: no network call, unless this is its one probe. */
  breakerOpen: boolean;
  probe: boolean;
  /** The event's trace (its causing request's span), continued by each attempt; null for none. */
  trace: TraceHeaders | null;
  /** When this worker's lease of it ends. */
  leaseExpiresAt: Date;
}

/** A claimed delivery as the claiming statements answer it. */
export interface ClaimRow {
  id: string;
  event_id: string;
  endpoint_id: string;
  payload: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | string | null;
  breaker_open: boolean;
  traceparent: string | null;
  tracestate: string | null;
}

/**
 * Up to `limit` due deliveries, round-robin over endpoints, within each endpoint's free slots over all
 * workers, leased to one owner: the database function `claim_webhook_deliveries` (the migration
 * Migration20261123000070_parallel_claims), one round trip; each endpoint's row is locked by the
 * claim taking from it, and claims of other workers skip it. Parameters: now, per-endpoint limit,
 * limit, owner, lease end.
 */
const CLAIM = `select * from claim_webhook_deliveries($1, $2, $3, $4, $5, 0, '{}'::text[])`;

/** Releases this worker's leases of deliveries it did not send. Parameters: ids (text[]), owner. */
const GIVE_BACK = `update webhook_deliveries_queue set lease_owner = null, lease_expires_at = null where id = any($1::text[]) and lease_owner = $2`;

/** Takes the probe of the listed open breakers nobody probes now. Parameters: owner, until, ids (JSON array), now. */
const TAKE_PROBES = `
  update webhook_endpoints set probe_owner = $1, probe_expires_at = $2
  where id in (select jsonb_array_elements_text($3::jsonb)) and breaker_state = 'open'
    and (probe_expires_at is null or probe_expires_at <= $4)
  returning id`;

/**
 * A statement rolled back whole that may simply run again: a deadlock between two batches touching
 * the same endpoints in another order, or a row another transaction moved meanwhile (a delivery
 * recorded, so moved from the queue to the log, while a claim taking over its expired lease waited
 * for it: PostgreSQL's serialization failure).
 */
export const isDeadlock = (err: unknown): boolean => {
  const code = (err as { code?: string } | null | undefined)?.code;
  return code === '40P01' || code === '40001' || /deadlock/i.test(String((err as Error | null | undefined)?.message));
};

const asDate = (v: Date | string | null): Date | null => (v === null ? null : v instanceof Date ? v : new Date(v));

/**
 * Claims up to `limit` due deliveries for `owner` until `until` (fair across endpoints, within their
 * limits). None when another worker moved a delivery this claim waited for: the loop claims again.
 */
export async function claimDue(db: Database, now: Date, endpointConcurrency: number, limit: number, owner: string, until: Date): Promise<ClaimRow[]> {
  try {
    return await queryRows<ClaimRow>(db.em(), CLAIM, [now, endpointConcurrency, limit, owner, until]);
  } catch (err) {
    if (isDeadlock(err)) return [];
    throw err;
  }
}

/** Claimed rows as deliveries to send, each open breaker's probe taken (by one claim over all workers). */
export async function leased(db: Database, rows: ClaimRow[], owner: string, until: Date, now: Date): Promise<Claimed[]> {
  // Stryker disable next-line ConditionalExpression: no rows map to no deliveries too (one query fewer)
  if (!rows.length) return [];
  // Stryker disable next-line MethodExpression: TAKE_PROBES takes only open breakers' probes, and only an open breaker's delivery is a probe
  const open = [...new Set(rows.filter((r) => r.breaker_open).map((r) => r.endpoint_id))];
  // One probe per open breaker at a time, over all workers: the conditional update gives it to one claim.
  const probing = open.length ? new Set((await queryRows<{ id: string }>(db.em(), TAKE_PROBES, [owner, until, JSON.stringify(open), now])).map((r) => r.id)) : new Set<string>();
  return rows.map((r) => {
    // The oldest due delivery of an open breaker nobody probes is its probe.
    const probe = r.breaker_open && probing.delete(r.endpoint_id);
    return {
      id: r.id,
      eventId: r.event_id,
      endpointId: r.endpoint_id,
      payload: r.payload,
      url: r.url,
      secret: r.secret,
      previousSecret: r.previous_secret,
      previousSecretExpiresAt: asDate(r.previous_secret_expires_at),
      breakerOpen: r.breaker_open,
      probe,
      trace: r.traceparent ? { traceparent: r.traceparent, tracestate: r.tracestate } : null,
      leaseExpiresAt: until,
    };
  });
}

/** Releases `owner`'s leases of claimed deliveries not sent; a failure leaves them to expire. */
export async function giveBack(db: Database, log: Logger, owner: string, claimed: Claimed[]): Promise<void> {
  try {
    await queryRows(db.em(), GIVE_BACK, [claimed.map((c) => c.id), owner]);
  } catch (err) {
    log.warn({ err, worker: owner, deliveries: claimed.length }, 'webhook delivery leases not given back; they expire');
  }
}
