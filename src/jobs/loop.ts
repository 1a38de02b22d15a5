// The wake-up loop shared by background workers: run a tick; when it found nothing to do, sleep
// until poked (a NOTIFY, a finished task) or the poll interval passes.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '../shared/database.js';
import type { Logger } from '../shared/logger.js';

export class WakeableLoop {
  private running = false;
  private done: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private woken = false;

  /**
   * `tick` answers true when it should run again at once (more work may be waiting), false to sleep
   * until poked or `pollMs` passes, or a number of ms to sleep at most (unless poked).
   */
  constructor(
    private readonly tick: () => Promise<boolean | number>,
    private readonly pollMs: number,
    private readonly log: Logger,
    private readonly name: string,
  ) {}

  get isRunning(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.done = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.poke();
    await this.done;
  }

  poke(): void {
    this.woken = true;
    this.wake?.();
  }

  private async sleep(ms: number): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.wake = null;
    this.woken = false;
  }

  private async run(): Promise<void> {
    while (this.running) {
      let again: boolean | number = false;
      try {
        again = await this.tick();
      } catch (err) {
        this.log.error({ err, loop: this.name }, 'background loop error');
      }
      if (again !== true && this.running) await this.sleep(again === false ? this.pollMs : Math.min(again, this.pollMs));
    }
  }
}

/**
 * How often loops poll when the database cannot wake them (a transaction-mode pooler without a direct
 * URL): new work starts within this long of its commit.
 */
export const POLL_WITHOUT_WAKEUPS_MS = 200;

export interface ClaimingWorkerOptions {
  db: Database;
  log: Logger;
  /** The NOTIFY channel that announces new work. */
  channel: string;
  /** Items in flight at once. */
  concurrency: number;
  /** Fallback poll for work coming due without a NOTIFY (retries, scheduled jobs). */
  pollMs: number;
  /** How long a claim stays this worker's (see lease.ts). */
  leaseMs: number;
  /** For the logs. */
  name: string;
  /** Identifies this worker's leases; unique per worker by default. */
  workerId?: string | undefined;
  /**
   * Claim again when an item finishes (default). A worker that claims as it records its outcomes
   * turns this off: its loop claims only when woken (NOTIFY, poll) or when more may be waiting.
   */
  claimWhenDone?: boolean;
  /**
   * After a claim that found nothing, claim again after this many ms, doubling up to `pollMs` (default:
   * wait for `pollMs`). For claims that skip work another worker's claim holds at that moment.
   */
  retryEmptyClaimMs?: number;
}

/**
 * What the background workers share: LISTEN for wake-ups, claim leased work (claim, see lease.ts),
 * keep up to `concurrency` items in flight, each processed and its outcome recorded by `process`.
 */
export abstract class ClaimingWorker<Item> {
  /** The owner named in this worker's leases. */
  readonly id: string;
  protected readonly leaseMs: number;
  protected readonly db: Database;
  protected readonly log: Logger;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly loop: WakeableLoop;
  /** Slots promised to claims under way. */
  private reserved = 0;
  /** The wait after the last claim that found nothing (0: the last claim found something). */
  private emptyWait = 0;
  /**
   * A claim came when every slot was in flight or promised to a claim under way (a batch recording
   * its outcomes and claiming, whose statement may have started before the work it was woken for
   * committed): claim again once nothing is in flight or under way, not a poll later. (While
   * anything is, the batch recording it claims later than the wake-up, and sees the work.)
   */
  private claimWhenFree = false;
  private unlisten: (() => Promise<void>) | null = null;
  private readonly base: ClaimingWorkerOptions;

  constructor(base: ClaimingWorkerOptions) {
    // Without wake-ups (a pooler and no direct URL), new work is found by polling often.
    this.base = base.db.wakeups ? base : { ...base, pollMs: Math.min(base.pollMs, POLL_WITHOUT_WAKEUPS_MS) };
    this.id = base.workerId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    this.leaseMs = base.leaseMs;
    this.db = base.db;
    this.log = base.log;
    this.loop = new WakeableLoop(() => this.tick(), this.base.pollMs, base.log, base.name);
  }

  /** The lease a claim made now gets. */
  protected leaseFrom(now: Date) {
    return { owner: this.id, until: new Date(now.getTime() + this.leaseMs) };
  }

  /** Claims up to `limit` items due now. */
  abstract claim(limit: number): Promise<Item[]>;
  /** Handles one claimed item, recording its outcome. */
  protected abstract process(item: Item): Promise<unknown>;
  /** Housekeeping before each claim. */
  protected async beforeTick(): Promise<void> {}

  /** Processes everything due now, once (claims up to `concurrency`, waits for all). Returns how many. */
  async runOnce(): Promise<number> {
    const items = await this.claim(this.base.concurrency);
    await Promise.all(items.map((i) => this.process(i)));
    return items.length;
  }

  /** True while the loop runs (start() to stop()). */
  protected get running(): boolean {
    return this.loop.isRunning;
  }

  /** Items this worker may take on now: its concurrency less what is in flight or being claimed. */
  protected get capacity(): number {
    return this.base.concurrency - this.inFlight.size - this.reserved;
  }

  /** Holds `n` slots for a claim under way; the answer (called once) gives them back. */
  protected reserve(n: number): () => void {
    this.reserved += n;
    return () => {
      this.reserved -= n;
      this.freed();
    };
  }

  /** Slots were given back: claim now if a claim had none and nothing else will claim. */
  private freed(): void {
    if (this.claimWhenFree && this.inFlight.size === 0 && this.reserved === 0) {
      this.claimWhenFree = false;
      this.loop.poke();
    }
  }

  private async tick(): Promise<boolean | number> {
    await this.beforeTick();
    const limit = Math.max(this.capacity, 0);
    const release = this.reserve(limit);
    let items: Item[];
    try {
      items = await this.claim(limit);
    } finally {
      release();
    }
    this.dispatch(items);
    if (limit === 0) {
      this.claimWhenFree = true;
      return false;
    }
    const retry = this.base.retryEmptyClaimMs;
    if (!items.length && retry !== undefined) {
      this.emptyWait = Math.min(this.emptyWait ? this.emptyWait * 2 : retry, this.base.pollMs);
      return this.emptyWait;
    }
    this.emptyWait = 0;
    return items.length > 0 && this.capacity > 0;
  }

  /** Starts processing claimed items, each in flight until `process` resolves. */
  protected dispatch(items: Item[]): void {
    for (const item of items) {
      const task: Promise<void> = this.process(item)
        .then(
          () => undefined,
          (err: unknown) => this.base.log.error({ err, worker: this.base.name }, 'outcome not recorded'),
        )
        .finally(() => {
          this.inFlight.delete(task);
          if (this.base.claimWhenDone !== false) this.loop.poke();
          else this.freed();
        });
      this.inFlight.add(task);
    }
  }

  /**
   * New work was announced: claim at once, and should that claim find it held by another
   * transaction for a moment (skipped), try again soon, not after the wait that a quiet spell of
   * empty claims grew to.
   */
  wake(): void {
    this.emptyWait = 0;
    this.loop.poke();
  }

  async start(): Promise<void> {
    try {
      this.unlisten = await this.base.db.listen(this.base.channel, () => this.wake());
    } catch (err) {
      this.base.log.warn({ err, worker: this.base.name }, 'LISTEN failed; polling only');
    }
    this.loop.start();
  }

  /** Stops claiming and waits for the items in flight to be recorded. */
  async stop(): Promise<void> {
    await this.loop.stop();
    // An item finishing may bring others in (a worker that claims as it records): wait for those too.
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
    await this.unlisten?.();
    this.unlisten = null;
  }
}
