// The delivery worker. Claims are fair and bounded per endpoint: one statement leases due deliveries
// round-robin across endpoints (each endpoint's oldest due first), never past
// WEBHOOK_ENDPOINT_CONCURRENCY leases of one endpoint over every worker (each endpoint's row is locked
// by the claim taking from it; concurrent claims of other workers take other endpoints). POSTs run
// outside any transaction; their outcomes are recorded in batches, each batch one statement
// (deliveries updated, attempts inserted, the endpoints' health and breaker moved) that also claims
// the slots it frees, so a busy worker needs one round trip per batch; a batch waits a moment (2 ms
// at most) for the POSTs started just before to finish, so that deliveries sent together are recorded
// and claimed again together. An endpoint that answers quickly is claimed a window ahead (its
// limit's worth again, and more, held by this worker alone, see Migration20261128000050_endpoint_window),
// sent its limit at a time: its POSTs go on while their outcomes are recorded. A crashed worker's
// claims come back when their lease expires; an unrecorded attempt is sent again (at least once).
import { unixSeconds, type Clock } from '../shared/clock.js';
import type { Database } from '../shared/database.js';
import type { Logger } from '../shared/logger.js';
import { ClaimingWorker } from '../jobs/loop.js';
import { queryRows } from '../shared/sql.js';
import { endSpan, startDeliverySpan, type TraceHeaders } from '../shared/trace.js';
import { DELIVERIES_CHANNEL } from './emitter.js';
import { ATTEMPT_DELAYS_MS, DELIVERY_TIMEOUT_MS, MAX_ATTEMPTS } from './schedule.js';
import { signingSecrets } from './endpoint-secrets.js';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signatureHeader } from './signer.js';
import type { DeliveryError, DeliveryOutcome, Transport } from './transport.js';
import { disableFailingEndpoints } from './health.js';

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
/** Deliveries a worker records between two vacuums of the queue (see maybeVacuum). */
export const VACUUM_EVERY = 1_000;
/** How long a batch waits for the POSTs started within as long to finish (see coalesce). */
export const DEFAULT_COALESCE_MS = 2;
/** An endpoint's claimed window ahead, in multiples of its limit, unless told (see windowFor). */
export const WINDOW_LIMITS = 16;
/** An endpoint whose deliveries of a batch all succeeded within this long is claimed a window ahead. */
export const FAST_ANSWER_MS = 10;

/**
 * The deliveries of one endpoint claimed ahead of the `endpointConcurrency` it may have in flight:
 * `WINDOW_LIMITS` times that limit unless told, as many as the worker's slots at most (64 for 4).
 * A delivery of a window waits only behind quick answers (any other gives the window back, see
 * shed): at worst for one POST that hangs until its timeout, and is then sent and answered within
 * another; so a window needs a lease of three timeouts at least (one to spare), and none is claimed
 * with a shorter one. (And a delivery is sent only with a timeout's worth of its lease left.)
 */
export function windowFor(endpointConcurrency: number, leaseMs: number, timeoutMs: number, requested: number | undefined, concurrency: number): number {
  if (leaseMs < 3 * timeoutMs) return 0;
  return Math.min(requested ?? WINDOW_LIMITS * endpointConcurrency, concurrency);
}

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
  /** How long a batch of outcomes waits for the POSTs started within as long to finish (default 2 ms; see coalesce). */
  coalesceMs?: number;
  /** Deliveries this worker records between two vacuums of the queue (default VACUUM_EVERY). */
  vacuumEvery?: number;
  /** Deliveries of a quickly answering endpoint claimed ahead of its limit (default and bound: windowFor; 0: none). */
  endpointWindow?: number;
  /** The transport's whole-request timeout (default 10 s), which bounds the window within a lease. */
  timeoutMs?: number;
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
  /** The event's trace (its causing request's span), continued by each attempt; null for none. */
  trace: TraceHeaders | null;
  /** When this worker's lease of it ends. */
  leaseExpiresAt: Date;
}

/** A delivery claimed ahead, waiting for a slot of its endpoint: `go(true)` hands it one, `go(false)` says it was given back. */
interface Waiter {
  claimed: Claimed;
  go: (send: boolean) => void;
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
 * Records a batch of outcomes held by one owner and claims again, in one statement and transaction:
 * the database function `record_and_claim_webhook_deliveries` (Migration20261123000070_parallel_claims).
 * Recording: each delivery moves on (succeeded, or its next attempt by the retry schedule, or
 * permanently_failed) and gives its lease back; each attempt is inserted; each endpoint's health and
 * breaker move (failures since the last success, the first failure of the run, the last success,
 * unreachable attempts in a row: the breaker opens at the threshold and a success closes it; a probe's
 * outcome gives the probe back). Deliveries no longer ours (the lease expired and was taken over) are
 * left alone: the new owner's record is the one that counts. Then up to `limit` due deliveries are
 * claimed as CLAIM does (0: none), seeing the slots the record freed. Parameters: outcomes (JSON),
 * per-endpoint summaries (JSON), MAX_ATTEMPTS, delays (JSON array), breaker threshold, owner, now,
 * per-endpoint limit, limit, lease end, the window ahead, the endpoints that may have it (text[]:
 * those of the batch that answered quickly). Answers `{recorded: ids, claimed: ClaimRow[]}`.
 */
const RECORD_AND_CLAIM = `select record_and_claim_webhook_deliveries($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) as result`;

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

// Stryker disable next-line ConditionalExpression: a null status is not >= 200 either
const succeeded = (o: DeliveryOutcome) => o.status !== null && o.status >= 200 && o.status < 300;

/** The headers of an attempt at `at` (but its trace's): JSON, signed with the endpoint's secrets of that time, with the event's id. */
export const signedHeaders = (claimed: Claimed, at: Date): Record<string, string> => ({
  'Content-Type': 'application/json',
  [SIGNATURE_HEADER]: signatureHeader(signingSecrets({ ...claimed, id: claimed.endpointId }, at), unixSeconds(at), claimed.payload),
  [EVENT_ID_HEADER]: claimed.eventId,
});

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

/** A 2xx answer within FAST_ANSWER_MS. */
const answeredQuickly = (o: DeliveryOutcome) => succeeded(o) && o.durationMs < FAST_ANSWER_MS;

/** The endpoints holding a window in a worker: deliveries of theirs wait at their gate. */
export function windowHolders(gates: ReadonlyMap<string, { waiting: readonly unknown[] }>): Set<string> {
  const holding = new Set<string>();
  for (const [id, gate] of gates) if (gate.waiting.length) holding.add(id);
  return holding;
}

/** Of the endpoints that answered quickly, those that may have a window: those holding one, and new ones while fewer than `max` hold one. */
export function grantWindows(fast: readonly string[], holding: ReadonlySet<string>, max: number): string[] {
  let free = max - holding.size;
  return fast.filter((id) => holding.has(id) || free-- > 0);
}

/** The endpoints of a batch whose every delivery in it succeeded within FAST_ANSWER_MS: those claimed a window ahead. */
export function quick(batch: Outcome[]): string[] {
  const fast = new Map<string, boolean>();
  for (const { claimed, outcome } of batch) {
    fast.set(claimed.endpointId, answeredQuickly(outcome) && (fast.get(claimed.endpointId) ?? true));
  }
  return [...fast].filter(([, ok]) => ok).map(([id]) => id);
}

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
  traceparent: string | null;
  tracestate: string | null;
}

const asDate = (v: Date | string | null): Date | null => (v === null ? null : v instanceof Date ? v : new Date(v));

export class DeliveryWorker extends ClaimingWorker<Claimed> {
  private lastHealth = 0;
  /** Deliveries recorded since the queue was last vacuumed by this worker, and that vacuum under way. */
  private recordedSinceVacuum = 0;
  private vacuuming: Promise<void> | null = null;
  private readonly endpointConcurrency: number;
  private pending: Outcome[] = [];
  private flushing: Promise<void> | null = null;
  /** When each POST under way started (performance.now()), by delivery id. */
  private readonly sending = new Map<string, number>();
  /** Resolves the flush loop's wait for the outcomes about to finish, when one does. */
  private outcomeArrived: (() => void) | null = null;
  /** Deliveries of a quickly answering endpoint claimed ahead of its limit. */
  private readonly window: number;
  /** Endpoints that may hold a window in this worker at once: their windows as many deliveries as its slots at most. */
  private readonly maxWindows: number;
  private readonly timeoutMs: number;
  /** Per endpoint with deliveries here: POSTs under way, and the deliveries waiting their turn in claim order. */
  private readonly gates = new Map<string, { sending: number; waiting: Waiter[] }>();
  /** Deliveries claimed ahead, waiting at their endpoint's gate. */
  private queued = 0;
  private stopping = false;

  constructor(private readonly options: DeliveryWorkerOptions) {
    const concurrency = options.concurrency ?? 64;
    super({
      db: options.db,
      log: options.log,
      channel: DELIVERIES_CHANNEL,
      concurrency,
      pollMs: options.pollMs ?? 1_000,
      leaseMs: options.leaseMs ?? 60_000,
      name: 'webhook deliveries',
      workerId: options.workerId,
      // Recording a batch claims the slots it frees; the loop claims when woken. A claim may find the
      // due work held by another worker's claim at that moment: it tries again soon.
      claimWhenDone: false,
      retryEmptyClaimMs: 10,
    });
    this.endpointConcurrency = options.endpointConcurrency ?? DEFAULT_ENDPOINT_CONCURRENCY;
    this.timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
    this.window = windowFor(this.endpointConcurrency, this.leaseMs, this.timeoutMs, options.endpointWindow, concurrency);
    if (options.endpointWindow !== undefined && this.window < options.endpointWindow) {
      this.log.warn(
        { requested: options.endpointWindow, window: this.window, lease_ms: this.leaseMs },
        'webhook endpoint window reduced: a window needs a lease of three delivery timeouts, and holds as many deliveries as the worker has slots at most',
      );
    }
    // Stryker disable next-line ConditionalExpression,EqualityOperator: with no window, no endpoint is claimed one whatever this is (Infinity or NaN)
    this.maxWindows = this.window > 0 ? Math.floor(concurrency / this.window) : 0;
  }

  /**
   * A delivery of a window waiting for its endpoint's turn holds no slot: slots are POSTs under way
   * (and outcomes being recorded), so that a window, however it fares, takes nothing from the
   * other endpoints. The windows a worker holds are bounded apart (maxWindows): as many deliveries
   * as it has slots.
   */
  protected override get capacity(): number {
    return super.capacity + this.queued;
  }

  /**
   * Waits until one more POST of the endpoint may start from this worker: at most its limit at once,
   * the claimed window waiting in claim order. Answers the release, to call once the POST is over, or
   * null when the delivery is not to be sent now: its window was given back (see shed).
   */
  private async turn(claimed: Claimed): Promise<(() => void) | null> {
    const endpointId = claimed.endpointId;
    let gate = this.gates.get(endpointId);
    if (!gate) this.gates.set(endpointId, (gate = { sending: 0, waiting: [] }));
    if (gate.sending < this.endpointConcurrency) gate.sending++;
    else if (this.stopping) {
      // A worker stopping sends no more of a window (claimed as it stopped): the lease goes back at once.
      await this.giveBack([claimed]);
      return null;
    } else {
      this.queued++;
      const send = await new Promise<boolean>((go) => gate.waiting.push({ claimed, go }));
      this.queued--;
      // Shed: it holds no slot.
      if (!send) return null;
    }
    return () => this.release(endpointId, gate);
  }

  /** A POST of the endpoint is over: its slot goes to the next delivery waiting, if any. */
  private release(endpointId: string, gate: { sending: number; waiting: Waiter[] }): void {
    const next = gate.waiting.shift();
    // The slot is handed over (sending stays as it is).
    if (next) return next.go(true);
    gate.sending--;
    // Stryker disable next-line ConditionalExpression,CallExpression: a gate kept with nothing sending or waiting only holds memory until used again
    if (gate.sending === 0) this.gates.delete(endpointId);
  }

  /**
   * Gives the deliveries waiting at an endpoint's gate back (their leases released, unattempted):
   * the endpoint answered slowly or failed, or this worker stops. Claimed again later, by any
   * worker, they then count within the endpoint's limit and hold no slot meanwhile: an endpoint
   * that was quick and then hangs holds its limit's slots, as any other, not its window's.
   */
  private shed(endpointId: string): void {
    const gate = this.gates.get(endpointId);
    // Stryker disable next-line ConditionalExpression,OptionalChaining: every caller sheds a gate it holds; shedding nothing gives nothing back
    if (!gate?.waiting.length) return;
    const waiting = gate.waiting.splice(0);
    void this.giveBack(waiting.map((w) => w.claimed)).finally(() => {
      for (const w of waiting) w.go(false);
    });
  }

  /** Releases the leases of claimed deliveries not sent; a failure leaves them to expire. */
  private async giveBack(claimed: Claimed[]): Promise<void> {
    try {
      await queryRows(this.db.em(), GIVE_BACK, [claimed.map((c) => c.id), this.id]);
    } catch (err) {
      this.log.warn({ err, worker: this.id, deliveries: claimed.length }, 'webhook delivery leases not given back; they expire');
    }
  }

  protected process(item: Claimed): Promise<DeliveryOutcome | null> {
    return this.deliver(item);
  }

  /** Claims up to `limit` due deliveries for this worker (fair across endpoints, within their limits). */
  override async claim(limit: number): Promise<Claimed[]> {
    // Stryker disable next-line EqualityOperator: a claim of limit 0 claims nothing too (one query more)
    if (limit <= 0) return [];
    const now = this.options.clock.now();
    const { owner, until } = this.leaseFrom(now);
    let rows: ClaimRow[];
    try {
      rows = await queryRows<ClaimRow>(this.db.em(), CLAIM, [now, this.endpointConcurrency, limit, owner, until]);
    } catch (err) {
      // Another worker moved a delivery this claim waited for: nothing claimed, the loop claims again.
      if (isDeadlock(err)) return [];
      throw err;
    }
    return this.leased(rows, owner, until, now);
  }

  /** Claimed rows as deliveries to send, each open breaker's probe taken (by one claim over all workers). */
  private async leased(rows: ClaimRow[], owner: string, until: Date, now: Date): Promise<Claimed[]> {
    // Stryker disable next-line ConditionalExpression: no rows map to no deliveries too (one query fewer)
    if (!rows.length) return [];
    // Stryker disable next-line MethodExpression: TAKE_PROBES takes only open breakers' probes, and only an open breaker's delivery is a probe
    const open = [...new Set(rows.filter((r) => r.breaker_open).map((r) => r.endpoint_id))];
    // One probe per open breaker at a time, over all workers: the conditional update gives it to one claim.
    const probing = open.length
      ? new Set((await queryRows<{ id: string }>(this.db.em(), TAKE_PROBES, [owner, until, JSON.stringify(open), now])).map((r) => r.id))
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
        trace: r.traceparent ? { traceparent: r.traceparent, tracestate: r.tracestate } : null,
        leaseExpiresAt: until,
      };
    });
  }

  /**
   * Signs and POSTs one claimed delivery (no transaction open), or, when its endpoint's breaker is
   * open and it is not the probe, records an `endpoint_unavailable` attempt without a network call.
   * Resolves once the outcome is recorded.
   */
  async deliver(claimed: Claimed): Promise<DeliveryOutcome | null> {
    let startedAt = this.options.clock.now();
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
      const done = await this.turn(claimed);
      if (!done) return null;
      try {
        startedAt = this.options.clock.now();
        // Claimed ahead, it waited: sent only if its answer, a timeout at the latest, comes within its lease.
        if (claimed.leaseExpiresAt.getTime() - startedAt.getTime() < this.timeoutMs) {
          await this.giveBack([claimed]);
          return null;
        }
        // Each attempt is a span of the causing request's trace, sent as the delivery's traceparent.
        const span = startDeliverySpan('webhook delivery', claimed.trace);
        this.sending.set(claimed.id, performance.now());
        try {
          outcome = await this.options.transport.post({
            url: claimed.url,
            headers: {
              ...signedHeaders(claimed, startedAt),
              ...(span ? { traceparent: span.headers.traceparent } : {}),
              ...(span?.headers.tracestate ? { tracestate: span.headers.tracestate } : {}),
            },
            body: claimed.payload,
          });
        } finally {
          this.sending.delete(claimed.id);
        }
        endSpan(
          span,
          { 'service.delivery_id': claimed.id, 'service.event_id': claimed.eventId, 'http.response.status_code': outcome.status ?? 0 },
          !succeeded(outcome),
        );
        // Slow or failing now: the rest of its window goes back rather than wait here (before the slot is handed on).
        if (!answeredQuickly(outcome)) this.shed(claimed.endpointId);
      } finally {
        done();
      }
    }
    await this.record(claimed, startedAt, outcome);
    return outcome;
  }

  /** Queues an outcome for the next batch; resolves when its batch is recorded. */
  private record(claimed: Claimed, startedAt: Date, outcome: DeliveryOutcome): Promise<void> {
    return new Promise<void>((done, failed) => {
      this.pending.push({ claimed, startedAt, finishedAt: this.options.clock.now(), outcome, done, failed });
      this.outcomeArrived?.();
      this.flushing ??= this.flushLoop();
    });
  }

  /**
   * Records batches until none is waiting: outcomes that finish during a batch's statement form the
   * next. While the worker runs, each batch's statement also claims what this worker can take on
   * (the slots the batch frees included), and the claimed deliveries are sent at once.
   */
  private async flushLoop(): Promise<void> {
    // Let the outcomes finishing in this turn of the event loop join the batch.
    await new Promise((r) => setImmediate(r));
    try {
      while (this.pending.length) {
        await this.coalesce();
        const batch = this.pending.splice(0, MAX_BATCH);
        // The batch's deliveries are still in flight until recorded: they leave as the claim comes in.
        const limit = this.running ? Math.max(this.capacity + batch.length, 0) : 0;
        const release = this.reserve(limit);
        let claimed: () => Promise<Claimed[]>;
        try {
          claimed = await this.recordBatch(batch, limit);
        } catch (err) {
          release();
          for (const o of batch) o.failed(err);
          continue;
        }
        release();
        for (const o of batch) o.done();
        this.recordedSinceVacuum += batch.length;
        this.maybeVacuum();
        try {
          this.dispatch(await claimed());
        } catch (err) {
          // Recorded, but the claimed deliveries' probes could not be taken: their leases run out and they are claimed again.
          this.log.error({ err, worker: this.id }, 'claimed webhook deliveries not started');
        }
      }
    } finally {
      this.flushing = null;
    }
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
    const wait = this.options.coalesceMs ?? DEFAULT_COALESCE_MS;
    const until = performance.now() + wait;
    for (;;) {
      const now = performance.now();
      // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: without this exit, the wait ends when no POST is younger than `wait`, as long after
      if (now >= until || this.pending.length >= MAX_BATCH) return;
      // A window is being sent: its POSTs go on whatever this batch waits for, and the sooner it is
      // recorded, the sooner the window is claimed again.
      // Stryker disable next-line ConditionalExpression: without this exit, the batch waits as before windows, up to `wait`
      if (this.queued > 0) return;
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

  /** Records a batch of outcomes and claims up to `limit` deliveries, in one statement; answers how to start the claimed. */
  private async recordBatch(batch: Outcome[], limit: number): Promise<() => Promise<Claimed[]>> {
    const rows = outcomeRows(batch);
    const endpoints = summarise(batch);
    const now = this.options.clock.now();
    const { owner, until } = this.leaseFrom(now);
    const fast = this.windowsFor(batch);
    const params = [JSON.stringify(rows), JSON.stringify(endpoints), MAX_ATTEMPTS, JSON.stringify(ATTEMPT_DELAYS_MS), BREAKER_THRESHOLD, owner, now, this.endpointConcurrency, limit, until, this.window, fast];
    type Result = { recorded: string[]; claimed: ClaimRow[] };
    let result: Result;
    for (let attempt = 1; ; attempt++) {
      try {
        // Both drivers (pg, PGlite) answer a json value parsed.
        result = (await queryRows<{ result: Result }>(this.db.em(), RECORD_AND_CLAIM, params))[0]!.result;
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
        if (!ids.has(o.claimed.id)) this.log.warn({ delivery_id: o.claimed.id, worker: this.id }, 'webhook delivery lease lost; attempt not recorded');
      }
    }
    return () => this.leased(result.claimed, owner, until, now);
  }

  /**
   * The endpoints of a batch that may be claimed a window ahead: those that answered quickly, as many
   * as `maxWindows` with those holding a window here now (their windows as many deliveries as the
   * worker has slots, at most: what endpoints that were quick and then hang at once hold in memory
   * and leases, for a timeout, before they give it back).
   */
  private windowsFor(batch: Outcome[]): string[] {
    return grantWindows(quick(batch), windowHolders(this.gates), this.maxWindows);
  }

  /**
   * Vacuums the queue once this worker has recorded `vacuumEvery` deliveries since its last vacuum.
   * Each delivery leaves dead rows in the queue and dead entries in every one of its indexes (its
   * lease is a new version of the row, its record moves it to the log), which the claims step over
   * until a vacuum removes them: 80,000 of them after 40,000 deliveries, a claim on an empty queue
   * read 1,157 index pages. Autovacuum may be late or off (its thresholds count changes over a
   * minute, and some servers run without it), so the worker does not wait for it. `skip_locked`: a
   * vacuum of another worker under way is enough. It runs beside the claims (it locks out no write),
   * and never makes a batch wait.
   */
  private maybeVacuum(): void {
    if (this.recordedSinceVacuum < (this.options.vacuumEvery ?? VACUUM_EVERY) || this.vacuuming) return;
    this.recordedSinceVacuum = 0;
    this.vacuuming = this.db
      .em()
      .execute(`vacuum (skip_locked) webhook_deliveries_queue`)
      .then(
        () => undefined,
        (err: unknown) => this.log.warn({ err, worker: this.id }, 'webhook delivery queue not vacuumed'),
      )
      .finally(() => {
        this.vacuuming = null;
      });
  }

  override async stop(): Promise<void> {
    this.stopping = true;
    const stopped = super.stop();
    // What waits at the gates is not sent: its leases go back for the next worker.
    for (const id of [...this.gates.keys()]) this.shed(id);
    await stopped;
    await this.vacuuming;
  }

  /** Every minute, before a claim: the endpoints failing for days disabled (retention is a job: retention.ts). */
  protected override async beforeTick(): Promise<void> {
    const now = this.options.clock.now().getTime();
    if (now - this.lastHealth > HEALTH_EVERY_MS) {
      this.lastHealth = now;
      const disabled = await disableFailingEndpoints(this.db, this.options.clock, this.log);
      if (disabled) this.log.warn({ disabled }, 'failing webhook endpoints disabled');
    }
  }
}
