// The delivery worker. Claims are fair and bounded per endpoint: one statement, serialised over all
// workers by an advisory lock, leases due deliveries round-robin across endpoints (each
// endpoint's oldest due first), never past WEBHOOK_ENDPOINT_CONCURRENCY leases of one endpoint over
// every worker. POSTs run outside any transaction; their outcomes are recorded in batches, each batch
// one statement (deliveries updated, attempts inserted, the endpoints' health and breaker moved). A
// crashed worker's claims come back when their lease expires; an unrecorded attempt is sent again
// (at least once).
import { unixSeconds, type Clock } from '../shared/clock.js';
import type { Database } from '../shared/database.js';
import type { Logger } from '../shared/logger.js';
import { ClaimingWorker } from '../jobs/loop.js';
import { queryRows } from '../shared/sql.js';
import { Event } from './events.entities.js';
import { DELIVERIES_CHANNEL } from './emitter.js';
import { ATTEMPT_DELAYS_MS, MAX_ATTEMPTS } from './schedule.js';
import { signingSecrets } from './endpoint-secrets.js';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signatureHeader } from './signer.js';
import type { DeliveryError, DeliveryOutcome, Transport } from './transport.js';
import { disableFailingEndpoints } from './health.js';

/** Events (and their deliveries) are kept this long. */
export const EVENT_RETENTION_MS = 30 * 24 * 3_600_000;
const PURGE_EVERY_MS = 3_600_000;
const HEALTH_EVERY_MS = 60_000;

/** Deliveries of one endpoint in flight at once, over all workers (WEBHOOK_ENDPOINT_CONCURRENCY). */
export const DEFAULT_ENDPOINT_CONCURRENCY = 4;
/** Timeouts and connection errors in a row that open an endpoint's breaker. */
export const BREAKER_THRESHOLD = 5;
/** The error of an attempt not made because the endpoint's breaker is open. */
export const ENDPOINT_UNAVAILABLE = 'endpoint_unavailable' satisfies DeliveryError;
/** Errors that say the endpoint is unreachable (an HTTP answer, whatever its status, says it is not). */
const UNREACHABLE = new Set(['timeout', 'connection_refused', 'connection_reset', 'network_error', 'dns_failure', 'tls_error']);
/** Outcomes recorded in one statement at most. */
const MAX_BATCH = 500;

export interface DeliveryWorkerOptions {
  db: Database;
  clock: Clock;
  log: Logger;
  transport: Transport;
  workerId?: string;
  /** Deliveries in flight in this worker at once (a hanging receiver holds its endpoint's slots only). */
  concurrency?: number;
  /** Deliveries of one endpoint in flight at once, counted over every worker. */
  endpointConcurrency?: number;
  /** How long a claim stays ours; must exceed the transport timeout. */
  leaseMs?: number;
  /** Fallback poll for retries coming due (new events wake the worker through NOTIFY). */
  pollMs?: number;
}

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
}

export interface Outcome {
  claimed: Claimed;
  startedAt: Date;
  finishedAt: Date;
  outcome: DeliveryOutcome;
  done: () => void;
  failed: (err: unknown) => void;
}

/**
 * Up to `limit` due deliveries, round-robin over endpoints, within each endpoint's free slots over all
 * workers, leased to one owner: the database function `claim_webhook_deliveries` (see the migration
 * Migration20261123000020_webhook_isolation), one round trip serialised over all workers by an
 * advisory lock. Parameters: now, per-endpoint limit, limit, owner, lease end.
 */
const CLAIM = `select * from claim_webhook_deliveries($1, $2, $3, $4, $5)`;

/** Takes the probe of the listed open breakers nobody probes now. Parameters: owner, until, ids (JSON array), now. */
const TAKE_PROBES = `
  update webhook_endpoints set probe_owner = $1, probe_expires_at = $2
  where id in (select jsonb_array_elements_text($3::jsonb)) and breaker_state = 'open'
    and (probe_expires_at is null or probe_expires_at <= $4)
  returning id`;

/**
 * Records a batch of outcomes held by one owner, in one statement: each delivery moves on (succeeded,
 * or its next attempt by the retry schedule, or permanently_failed) and gives its lease back; each
 * attempt is inserted; each endpoint's health and breaker move (failures since the last success, the
 * first failure of the run, the last success, unreachable attempts in a row: the breaker opens at the
 * threshold and a success closes it; a probe's outcome gives the probe back). Deliveries no longer
 * ours (the lease expired and was taken over) are left alone: the new owner's record is the one that
 * counts. Parameters: outcomes (JSON), MAX_ATTEMPTS (x2), delays (JSON array), owner, per-endpoint
 * summaries (JSON), threshold (x2), owner (x2). Answers the recorded ids.
 */
const RECORD = `
  with v as (
    select * from jsonb_to_recordset($1::jsonb) as v(id text, started_at timestamptz, finished_at timestamptz, duration_ms integer,
      response_status integer, response_body text, error text, error_detail text, ok boolean)
  ),
  moved as (
    update webhook_deliveries d set
      attempt_count = d.attempt_count + 1,
      cycle_failures = case when v.ok then d.cycle_failures else d.cycle_failures + 1 end,
      status = case when v.ok then 'succeeded' when d.cycle_failures + 1 >= $2 then 'permanently_failed' else 'pending' end,
      next_attempt_at = case when v.ok or d.cycle_failures + 1 >= $3 then null
        else v.finished_at + (($4::jsonb ->> (d.cycle_failures + 1))::bigint * interval '1 millisecond') end,
      lease_owner = null, lease_expires_at = null, updated_at = v.finished_at
    from v
    where d.id = v.id and d.lease_owner = $5
    returning d.id, d.attempt_count
  ),
  logged as (
    insert into webhook_delivery_attempts (delivery_id, number, started_at, duration_ms, response_status, response_body, error, error_detail)
    select v.id, moved.attempt_count, v.started_at, v.duration_ms, v.response_status, v.response_body, v.error, v.error_detail
    from moved join v on v.id = moved.id
  ),
  health as (
    update webhook_endpoints e set
      consecutive_failures = case when x.succeeded then x.failures_after else e.consecutive_failures + x.failures_after end,
      failing_since = case when x.failures_after = 0 and x.succeeded then null
        when x.succeeded then x.first_failure_after else coalesce(e.failing_since, x.first_failure_after) end,
      last_success_at = case when x.succeeded then greatest(e.last_success_at, x.last_success_at) else e.last_success_at end,
      breaker_failures = case when x.answered then x.unreachable_after else e.breaker_failures + x.unreachable_after end,
      breaker_state = case when (case when x.answered then x.unreachable_after else e.breaker_failures + x.unreachable_after end) >= $6 then 'open'
        when x.succeeded then 'closed' else e.breaker_state end,
      breaker_opened_at = case when (case when x.answered then x.unreachable_after else e.breaker_failures + x.unreachable_after end) >= $7
          then coalesce(case when e.breaker_state = 'open' then e.breaker_opened_at end, x.at)
        when x.succeeded then null else e.breaker_opened_at end,
      probe_owner = case when x.probed and e.probe_owner = $8 then null else e.probe_owner end,
      probe_expires_at = case when x.probed and e.probe_owner = $9 then null else e.probe_expires_at end
    from jsonb_to_recordset($10::jsonb) as x(id text, succeeded boolean, failures_after integer, first_failure_after timestamptz,
      last_success_at timestamptz, answered boolean, unreachable_after integer, probed boolean, at timestamptz)
    where e.id = x.id
  )
  select id from moved`;

/** A deadlock between two batches touching the same endpoints in another order: the statement rolled back whole. */
export const isDeadlock = (err: unknown): boolean => /deadlock/i.test(String((err as { code?: string; message?: string })?.code === '40P01' ? 'deadlock' : (err as Error)?.message));

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
  return [...byEndpoint.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

const succeeded = (o: DeliveryOutcome) => o.status !== null && o.status >= 200 && o.status < 300;

interface ClaimRow {
  id: string;
  event_id: string;
  endpoint_id: string;
  payload: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | string | null;
  breaker_open: boolean;
}

const asDate = (v: Date | string | null): Date | null => (v === null ? null : v instanceof Date ? v : new Date(v));

export class DeliveryWorker extends ClaimingWorker<Claimed> {
  private lastPurge = 0;
  private lastHealth = 0;
  private readonly endpointConcurrency: number;
  private pending: Outcome[] = [];
  private flushing: Promise<void> | null = null;

  constructor(private readonly options: DeliveryWorkerOptions) {
    super({
      db: options.db,
      log: options.log,
      channel: DELIVERIES_CHANNEL,
      concurrency: options.concurrency ?? 64,
      pollMs: options.pollMs ?? 1_000,
      leaseMs: options.leaseMs ?? 60_000,
      name: 'webhook deliveries',
      workerId: options.workerId,
    });
    this.endpointConcurrency = options.endpointConcurrency ?? DEFAULT_ENDPOINT_CONCURRENCY;
  }

  protected process(item: Claimed): Promise<DeliveryOutcome> {
    return this.deliver(item);
  }

  /** Claims up to `limit` due deliveries for this worker (fair across endpoints, within their limits). */
  override async claim(limit: number): Promise<Claimed[]> {
    if (limit <= 0) return [];
    const now = this.options.clock.now();
    const { owner, until } = this.leaseFrom(now);
    const em = this.db.em();
    const rows = await queryRows<ClaimRow>(em, CLAIM, [now, this.endpointConcurrency, limit, owner, until]);
    if (!rows.length) return [];
    const open = [...new Set(rows.filter((r) => r.breaker_open).map((r) => r.endpoint_id))];
    // One probe per open breaker at a time, over all workers: the conditional update gives it to one claim.
    const probing = open.length
      ? new Set((await queryRows<{ id: string }>(em, TAKE_PROBES, [owner, until, JSON.stringify(open), now])).map((r) => r.id))
      : new Set<string>();
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
      };
    });
  }

  /**
   * Signs and POSTs one claimed delivery (no transaction open), or, when its endpoint's breaker is
   * open and it is not the probe, records an `endpoint_unavailable` attempt without a network call.
   * Resolves once the outcome is recorded.
   */
  async deliver(claimed: Claimed): Promise<DeliveryOutcome> {
    const startedAt = this.options.clock.now();
    let outcome: DeliveryOutcome;
    if (claimed.breakerOpen && !claimed.probe) {
      outcome = {
        status: null,
        durationMs: 0,
        responseBody: '',
        error: ENDPOINT_UNAVAILABLE,
        errorDetail: `not sent: the endpoint failed ${BREAKER_THRESHOLD} times in a row (timeouts or connection errors); one probe delivery at a time tests it`,
      };
    } else {
      outcome = await this.options.transport.post({
        url: claimed.url,
        headers: {
          'Content-Type': 'application/json',
          [SIGNATURE_HEADER]: signatureHeader(signingSecrets({ ...claimed, id: claimed.endpointId }, startedAt), unixSeconds(startedAt), claimed.payload),
          [EVENT_ID_HEADER]: claimed.eventId,
        },
        body: claimed.payload,
      });
    }
    await this.record(claimed, startedAt, outcome);
    return outcome;
  }

  /** Queues an outcome for the next batch; resolves when its batch is recorded. */
  private record(claimed: Claimed, startedAt: Date, outcome: DeliveryOutcome): Promise<void> {
    return new Promise<void>((done, failed) => {
      this.pending.push({ claimed, startedAt, finishedAt: this.options.clock.now(), outcome, done, failed });
      this.flushing ??= this.flushLoop();
    });
  }

  /** Records batches until none is waiting: outcomes that finish during a batch's statement form the next. */
  private async flushLoop(): Promise<void> {
    // Let the outcomes finishing in this turn of the event loop join the batch.
    await new Promise((r) => setImmediate(r));
    try {
      while (this.pending.length) {
        const batch = this.pending.splice(0, MAX_BATCH);
        try {
          await this.recordBatch(batch);
          for (const o of batch) o.done();
        } catch (err) {
          for (const o of batch) o.failed(err);
        }
      }
    } finally {
      this.flushing = null;
    }
  }

  private async recordBatch(batch: Outcome[]): Promise<void> {
    const rows = batch.map(({ claimed, startedAt, finishedAt, outcome }) => ({
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
    const endpoints = summarise(batch);
    const params = [JSON.stringify(rows), MAX_ATTEMPTS, MAX_ATTEMPTS, JSON.stringify(ATTEMPT_DELAYS_MS), this.id, BREAKER_THRESHOLD, BREAKER_THRESHOLD, this.id, this.id, JSON.stringify(endpoints)];
    let recorded: { id: string }[];
    for (let attempt = 1; ; attempt++) {
      try {
        recorded = await queryRows<{ id: string }>(this.db.em(), RECORD, params);
        break;
      } catch (err) {
        if (attempt >= 5 || !isDeadlock(err)) throw err;
      }
    }
    if (recorded.length < batch.length) {
      // Our lease expired and another worker took these over: its record is the one that counts.
      const ids = new Set(recorded.map((r) => r.id));
      for (const o of batch) {
        if (!ids.has(o.claimed.id)) this.log.warn({ delivery_id: o.claimed.id, worker: this.id }, 'webhook delivery lease lost; attempt not recorded');
      }
    }
  }

  /** Deletes events older than the retention period; their deliveries and attempts go with them. */
  async purgeExpiredEvents(): Promise<number> {
    const cutoff = new Date(this.options.clock.now().getTime() - EVENT_RETENTION_MS);
    return this.db.em().nativeDelete(Event, { createdAt: { $lt: cutoff } });
  }

  protected override async beforeTick(): Promise<void> {
    const now = this.options.clock.now().getTime();
    if (now - this.lastPurge > PURGE_EVERY_MS) {
      this.lastPurge = now;
      const purged = await this.purgeExpiredEvents();
      if (purged) this.log.info({ purged }, 'expired events purged');
    }
    if (now - this.lastHealth > HEALTH_EVERY_MS) {
      this.lastHealth = now;
      const disabled = await disableFailingEndpoints(this.db, this.options.clock, this.log);
      if (disabled) this.log.warn({ disabled }, 'failing webhook endpoints disabled');
    }
  }
}
