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
//
// This file runs the phases, each in a file of its own: the claim (worker.claim.ts), the endpoint's
// window and gate (worker.window.ts), signing and sending (worker.send.ts), recording a batch and
// claiming again (worker.record.ts), and vacuuming the queue and disabling failing endpoints
// (worker.housekeeping.ts).
import type { Clock } from '../shared/clock.js';
import type { Database } from '../shared/database.js';
import type { Logger } from '../shared/logger.js';
import { ClaimingWorker } from '../jobs/loop.js';
import { DELIVERIES_CHANNEL } from './emitter.js';
import { DELIVERY_TIMEOUT_MS } from './schedule.js';
import type { DeliveryOutcome, Transport } from './transport.js';
import { claimDue, giveBack, leased, type Claimed } from './worker.claim.js';
import { Housekeeping } from './worker.housekeeping.js';
import { Batches, recordAndClaim, type Outcome } from './worker.record.js';
import { notSent, post } from './worker.send.js';
import { answeredQuickly, EndpointGates, windowFor } from './worker.window.js';

export { isDeadlock, type Claimed } from './worker.claim.js';
export { VACUUM_EVERY } from './worker.housekeeping.js';
export { DEFAULT_COALESCE_MS, outcomeRows, summarise, type EndpointSummary, type Outcome } from './worker.record.js';
export { BREAKER_THRESHOLD, ENDPOINT_UNAVAILABLE, signedHeaders } from './worker.send.js';
export { FAST_ANSWER_MS, grantWindows, quick, WINDOW_LIMITS, windowFor, windowHolders } from './worker.window.js';

/** Deliveries of one endpoint in flight at once, over all workers (WEBHOOK_ENDPOINT_CONCURRENCY). */
export const DEFAULT_ENDPOINT_CONCURRENCY = 4;

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

export class DeliveryWorker extends ClaimingWorker<Claimed> {
  private readonly endpointConcurrency: number;
  /** Deliveries of a quickly answering endpoint claimed ahead of its limit. */
  private readonly window: number;
  private readonly timeoutMs: number;
  /** The window's gates, one per endpoint with deliveries here. */
  private readonly gates: EndpointGates;
  /** The outcomes waiting to be recorded, and the POSTs under way. */
  private readonly batches: Batches;
  private readonly housekeeping: Housekeeping;
  private flushing: Promise<void> | null = null;

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
    // Endpoints that may hold a window in this worker at once: their windows as many deliveries as its slots at most.
    // Stryker disable next-line ConditionalExpression,EqualityOperator: with no window, no endpoint is claimed one whatever this is (Infinity or NaN)
    const maxWindows = this.window > 0 ? Math.floor(concurrency / this.window) : 0;
    this.gates = new EndpointGates(this.endpointConcurrency, maxWindows, (claimed) => this.giveBack(claimed));
    this.batches = new Batches(options.coalesceMs, () => this.gates.queued);
    this.housekeeping = new Housekeeping(options.db, options.clock, options.log, this.id, options.vacuumEvery);
  }

  /**
   * A delivery of a window waiting for its endpoint's turn holds no slot: slots are POSTs under way
   * (and outcomes being recorded), so that a window, however it fares, takes nothing from the
   * other endpoints. The windows a worker holds are bounded apart (maxWindows): as many deliveries
   * as it has slots.
   */
  protected override get capacity(): number {
    return super.capacity + this.gates.queued;
  }

  /** Releases the leases of claimed deliveries not sent; a failure leaves them to expire. */
  private giveBack(claimed: Claimed[]): Promise<void> {
    return giveBack(this.db, this.log, this.id, claimed);
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
    const rows = await claimDue(this.db, now, this.endpointConcurrency, limit, owner, until);
    return leased(this.db, rows, owner, until, now);
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
      outcome = notSent();
    } else {
      const done = await this.gates.turn(claimed);
      if (!done) return null;
      try {
        startedAt = this.options.clock.now();
        // Claimed ahead, it waited: sent only if its answer, a timeout at the latest, comes within its lease.
        if (claimed.leaseExpiresAt.getTime() - startedAt.getTime() < this.timeoutMs) {
          await this.giveBack([claimed]);
          return null;
        }
        outcome = await post(this.options.transport, claimed, startedAt, this.batches.sending);
        // Slow or failing now: the rest of its window goes back rather than wait here (before the slot is handed on).
        if (!answeredQuickly(outcome)) this.gates.shed(claimed.endpointId);
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
      this.batches.add({ claimed, startedAt, finishedAt: this.options.clock.now(), outcome, done, failed });
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
      while (this.batches.pending.length) {
        const batch = await this.batches.next();
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
        this.housekeeping.recorded(batch.length);
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

  /** Records a batch of outcomes and claims up to `limit` deliveries, in one statement; answers how to start the claimed. */
  private async recordBatch(batch: Outcome[], limit: number): Promise<() => Promise<Claimed[]>> {
    const now = this.options.clock.now();
    const { owner, until } = this.leaseFrom(now);
    const fast = this.gates.windowsFor(batch);
    const rows = await recordAndClaim(this.db, this.log, batch, { owner, now, until, endpointConcurrency: this.endpointConcurrency, limit, window: this.window, fast });
    return () => leased(this.db, rows, owner, until, now);
  }

  override async stop(): Promise<void> {
    this.gates.stopping = true;
    const stopped = super.stop();
    // What waits at the gates is not sent: its leases go back for the next worker.
    this.gates.shedAll();
    await stopped;
    await this.housekeeping.stopped();
  }

  /** Every minute, before a claim: the endpoints failing for days disabled (retention is a job: retention.ts). */
  protected override async beforeTick(): Promise<void> {
    await this.housekeeping.checkHealth();
  }
}
