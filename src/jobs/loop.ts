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

  /** `tick` answers true when it should run again at once (more work may be waiting). */
  constructor(
    private readonly tick: () => Promise<boolean>,
    private readonly pollMs: number,
    private readonly log: Logger,
    private readonly name: string,
  ) {}

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

  private async sleep(): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.pollMs);
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
      let again = false;
      try {
        again = await this.tick();
      } catch (err) {
        this.log.error({ err, loop: this.name }, 'background loop error');
      }
      if (!again && this.running) await this.sleep();
    }
  }
}

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
  private unlisten: (() => Promise<void>) | null = null;

  constructor(private readonly base: ClaimingWorkerOptions) {
    this.id = base.workerId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    this.leaseMs = base.leaseMs;
    this.db = base.db;
    this.log = base.log;
    this.loop = new WakeableLoop(() => this.tick(), base.pollMs, base.log, base.name);
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

  private async tick(): Promise<boolean> {
    await this.beforeTick();
    const items = await this.claim(this.base.concurrency - this.inFlight.size);
    for (const item of items) {
      const task: Promise<void> = this.process(item)
        .then(
          () => undefined,
          (err: unknown) => this.base.log.error({ err, worker: this.base.name }, 'outcome not recorded'),
        )
        .finally(() => {
          this.inFlight.delete(task);
          this.loop.poke();
        });
      this.inFlight.add(task);
    }
    return items.length > 0 && this.inFlight.size < this.base.concurrency;
  }

  async start(): Promise<void> {
    try {
      this.unlisten = await this.base.db.listen(this.base.channel, () => this.loop.poke());
    } catch (err) {
      this.base.log.warn({ err, worker: this.base.name }, 'LISTEN failed; polling only');
    }
    this.loop.start();
  }

  /** Stops claiming and waits for the items in flight to be recorded. */
  async stop(): Promise<void> {
    await this.loop.stop();
    await Promise.allSettled([...this.inFlight]);
    await this.unlisten?.();
    this.unlisten = null;
  }
}
