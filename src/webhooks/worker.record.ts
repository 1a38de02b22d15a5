// The delivery worker's record (worker.ts runs the phases): outcomes recorded in batches, each batch
// one statement (deliveries moved on, attempts inserted, the endpoints' health and breaker moved)
// that also claims the slots it frees, so a busy worker needs one round trip per batch; a batch waits
// a moment (2 ms at most) for the POSTs started just before to finish, so that deliveries sent
// together are recorded and claimed again together.
import type { Database } from '../shared/database.js';
import type { Logger } from '../shared/logger.js';
import { queryRows } from '../shared/sql.js';
import { ATTEMPT_DELAYS_MS, MAX_ATTEMPTS } from './schedule.js';
import type { DeliveryOutcome } from './transport.js';
import { isDeadlock, type ClaimRow, type Claimed } from './worker.claim.js';
import { BREAKER_THRESHOLD, ENDPOINT_UNAVAILABLE, succeeded } from './worker.send.js';

/** Errors that say the endpoint is unreachable (an HTTP answer, whatever its status, says it is not). */
const UNREACHABLE = new Set(['timeout', 'connection_refused', 'connection_reset', 'network_error', 'dns_failure', 'tls_error']);
/** Outcomes recorded in one statement at most. */
const MAX_BATCH = 500;
/** How long a batch waits for the POSTs started within as long to finish (see coalesce). */
export const DEFAULT_COALESCE_MS = 2;

export interface Outcome {
  claimed: Claimed;
  startedAt: Date;
  finishedAt: Date;
  outcome: DeliveryOutcome;
  done: () => void;
  failed: (err: unknown) => void;
}

/**
 * Records a batch of outcomes held by one owner and claims again, in one statement and transaction:
 * the database function `record_and_claim_webhook_deliveries` (Migration20261123000070_parallel_claims).
 * Recording: each delivery moves on (succeeded, or its next attempt by the retry schedule, or
 * permanently_failed) and gives its lease back; each attempt is inserted; each endpoint's health and
 * breaker move (failures since the last success, the first failure of the run, the last success,
 * unreachable attempts in a row: the breaker opens at the threshold and a success closes it; a probe's
 * outcome gives the probe back). Deliveries no longer ours (the lease expired and was taken over) are
 * left alone: the new owner's record is the one that counts. Then up to `limit` due deliveries are
 * claimed as CLAIM (worker.claim.ts) does (0: none), seeing the slots the record freed. Parameters:
 * outcomes (JSON), per-endpoint summaries (JSON), MAX_ATTEMPTS, delays (JSON array), breaker
 * threshold, owner, now, per-endpoint limit, limit, lease end, the window ahead, the endpoints that
 * may have it (text[]: those of the batch that answered quickly). Answers `{recorded: ids, claimed: ClaimRow[]}`.
 */
const RECORD_AND_CLAIM = `select record_and_claim_webhook_deliveries($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) as result`;

export interface EndpointSummary {
  id: string;
  succeeded: boolean;
  failures_after: number;
  first_failure_after: Date | null;
  last_success_at: Date | null;
  answered: boolean;
  unreachable_after: number;
  probed: boolean;
  at: Date;
}

/** What a batch says of each endpoint, its outcomes taken in the order they finished. */
export function summarise(batch: Outcome[]): EndpointSummary[] {
  const byEndpoint = new Map<string, EndpointSummary>();
  for (const { claimed, finishedAt, outcome } of batch) {
    let s = byEndpoint.get(claimed.endpointId);
    if (!s) {
      s = { id: claimed.endpointId, succeeded: false, failures_after: 0, first_failure_after: null, last_success_at: null, answered: false, unreachable_after: 0, probed: false, at: finishedAt };
      byEndpoint.set(claimed.endpointId, s);
    }
    if (claimed.probe) s.probed = true;
    // An attempt not made says nothing about the endpoint.
    if (outcome.error === ENDPOINT_UNAVAILABLE) continue;
    s.at = finishedAt;
    if (succeeded(outcome)) {
      s.succeeded = true;
      s.failures_after = 0;
      s.first_failure_after = null;
      s.last_success_at = finishedAt;
    } else {
      s.failures_after += 1;
      s.first_failure_after ??= finishedAt;
    }
    if (outcome.status !== null) {
      s.answered = true;
      s.unreachable_after = 0;
    } else if (outcome.error && UNREACHABLE.has(outcome.error)) {
      s.unreachable_after += 1;
    }
  }
  // Stryker disable next-line EqualityOperator: the ids are a Map's keys, never equal, so `<=` and `>=` order them the same
  return [...byEndpoint.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** A batch's outcomes as the record statement reads them (RECORD_AND_CLAIM's first parameter). */
export const outcomeRows = (batch: Outcome[]) =>
  batch.map(({ claimed, startedAt, finishedAt, outcome }) => ({
    id: claimed.id,
    started_at: startedAt,
    finished_at: finishedAt,
    duration_ms: Math.round(outcome.durationMs),
    response_status: outcome.status,
    response_body: outcome.responseBody,
    error: outcome.error,
    error_detail: outcome.errorDetail,
    ok: succeeded(outcome),
  }));

/** What a batch's record is told besides its outcomes: the claim it makes, and the lease it gives. */
export interface RecordAndClaim {
  owner: string;
  now: Date;
  until: Date;
  endpointConcurrency: number;
  /** Deliveries to claim (0: none). */
  limit: number;
  /** The window claimed ahead of a quickly answering endpoint's limit. */
  window: number;
  /** The endpoints that may be claimed their window. */
  fast: string[];
}

/** Records a batch of outcomes and claims up to `limit` deliveries, in one statement; answers the claimed rows. */
export async function recordAndClaim(db: Database, log: Logger, batch: Outcome[], c: RecordAndClaim): Promise<ClaimRow[]> {
  const rows = outcomeRows(batch);
  const endpoints = summarise(batch);
  const params = [JSON.stringify(rows), JSON.stringify(endpoints), MAX_ATTEMPTS, JSON.stringify(ATTEMPT_DELAYS_MS), BREAKER_THRESHOLD, c.owner, c.now, c.endpointConcurrency, c.limit, c.until, c.window, c.fast];
  type Result = { recorded: string[]; claimed: ClaimRow[] };
  let result: Result;
  for (let attempt = 1; ; attempt++) {
    try {
      // Both drivers (pg, PGlite) answer a json value parsed.
      result = (await queryRows<{ result: Result }>(db.em(), RECORD_AND_CLAIM, params))[0]!.result;
      break;
    } catch (err) {
      if (attempt >= 5 || !isDeadlock(err)) throw err;
    }
  }
  // Stryker disable next-line ConditionalExpression,EqualityOperator: the loop below warns only of ids not recorded; the guard skips it when all were
  if (result.recorded.length < batch.length) {
    // Our lease expired and another worker took these over: its record is the one that counts.
    const ids = new Set(result.recorded);
    for (const o of batch) {
      if (!ids.has(o.claimed.id)) log.warn({ delivery_id: o.claimed.id, worker: c.owner }, 'webhook delivery lease lost; attempt not recorded');
    }
  }
  return result.claimed;
}

/** The outcomes waiting to be recorded, and the POSTs under way that may join their batch. */
export class Batches {
  /** Outcomes waiting for their batch, in the order they finished. */
  readonly pending: Outcome[] = [];
  /** When each POST under way started (performance.now()), by delivery id. */
  readonly sending = new Map<string, number>();
  /** Resolves coalesce's wait for the outcomes about to finish, when one does. */
  private outcomeArrived: (() => void) | null = null;

  /** `windowWaiting`: the deliveries claimed ahead waiting at their endpoint's gate. */
  constructor(
    private readonly coalesceMs: number | undefined,
    private readonly windowWaiting: () => number,
  ) {}

  /** An outcome to record: it joins the batch being gathered. */
  add(outcome: Outcome): void {
    this.pending.push(outcome);
    this.outcomeArrived?.();
  }

  /** The next batch: the outcomes waiting, once coalesced, MAX_BATCH at most. */
  async next(): Promise<Outcome[]> {
    await this.coalesce();
    return this.pending.splice(0, MAX_BATCH);
  }

  /**
   * Waits, a little, for the POSTs that started moments ago to finish, so that their outcomes join
   * the batch: deliveries claimed together finish together, and recorded in one statement they come
   * back in one claim. Without it, one busy endpoint's leases split into two groups, each waiting
   * for the other's statement. A POST older than `coalesceMs` (a slow or hanging receiver) is not
   * waited for, and no batch waits longer than that.
   */
  // Each mutant below changes only how long a batch waits (never past `coalesceMs`, nor for a POST
  // older than that) or how it waits, never what is recorded: the tests pin the waits they can
  // (outcomes finishing moments apart recorded together; a late or held POST not waited for).
  private async coalesce(): Promise<void> {
    // Stryker disable next-line LogicalOperator: the default wait (2 ms) is a timing, not an outcome
    const wait = this.coalesceMs ?? DEFAULT_COALESCE_MS;
    const until = performance.now() + wait;
    for (;;) {
      const now = performance.now();
      // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: without this exit, the wait ends when no POST is younger than `wait`, as long after
      if (now >= until || this.pending.length >= MAX_BATCH) return;
      // A window is being sent: its POSTs go on whatever this batch waits for, and the sooner it is
      // recorded, the sooner the window is claimed again.
      // Stryker disable next-line ConditionalExpression: without this exit, the batch waits as before windows, up to `wait`
      if (this.windowWaiting() > 0) return;
      let young = false;
      // Stryker disable next-line ConditionalExpression,EqualityOperator: waiting for every POST ends at `until` all the same
      for (const started of this.sending.values()) if (now - started < wait) young = true;
      if (!young) return;
      await new Promise<void>((resolve) => {
        // Stryker disable next-line MethodExpression: a timer of 0 polls until `until` instead of sleeping to it
        const timer = setTimeout(resolve, Math.max(until - now, 0));
        this.outcomeArrived = () => {
          // Stryker disable next-line CallExpression: a timer left behind resolves a promise already resolved
          clearTimeout(timer);
          resolve();
        };
      });
      this.outcomeArrived = null;
    }
  }
}
