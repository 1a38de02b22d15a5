// The delivery worker's housekeeping (worker.ts runs the phases): the queue vacuumed as deliveries
// are recorded, and every minute the endpoints failing for days disabled (retention is a job:
// retention.ts).
import type { Clock } from '../shared/clock.js';
import type { Database } from '../shared/database.js';
import type { Logger } from '../shared/logger.js';
import { disableFailingEndpoints } from './health.js';

const HEALTH_EVERY_MS = 60_000;

/** Deliveries a worker records between two vacuums of the queue (see Housekeeping.recorded). */
export const VACUUM_EVERY = 1_000;

export class Housekeeping {
  private lastHealth = 0;
  /** Deliveries recorded since the queue was last vacuumed by this worker, and that vacuum under way. */
  private recordedSinceVacuum = 0;
  private vacuuming: Promise<void> | null = null;

  /** `vacuumEvery`: deliveries recorded between two vacuums (default VACUUM_EVERY). */
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly workerId: string,
    private readonly vacuumEvery: number | undefined,
  ) {}

  /**
   * `n` deliveries were recorded: the queue is vacuumed once this worker has recorded `vacuumEvery`
   * deliveries since its last vacuum. Each delivery leaves dead rows in the queue and dead entries
   * in every one of its indexes (its lease is a new version of the row, its record moves it to the
   * log), which the claims step over until a vacuum removes them: 80,000 of them after 40,000
   * deliveries, a claim on an empty queue read 1,157 index pages. Autovacuum may be late or off (its
   * thresholds count changes over a minute, and some servers run without it), so the worker does not
   * wait for it. `skip_locked`: a vacuum of another worker under way is enough. It runs beside the
   * claims (it locks out no write), and never makes a batch wait.
   */
  recorded(n: number): void {
    this.recordedSinceVacuum += n;
    if (this.recordedSinceVacuum < (this.vacuumEvery ?? VACUUM_EVERY) || this.vacuuming) return;
    this.recordedSinceVacuum = 0;
    this.vacuuming = this.db
      .em()
      .execute(`vacuum (skip_locked) webhook_deliveries_queue`)
      .then(
        () => undefined,
        (err: unknown) => this.log.warn({ err, worker: this.workerId }, 'webhook delivery queue not vacuumed'),
      )
      .finally(() => {
        this.vacuuming = null;
      });
  }

  /** Once the worker stops: the vacuum under way, if any, is over. */
  async stopped(): Promise<void> {
    await this.vacuuming;
  }

  /** Every minute, before a claim: the endpoints failing for days disabled. */
  async checkHealth(): Promise<void> {
    const now = this.clock.now().getTime();
    if (now - this.lastHealth > HEALTH_EVERY_MS) {
      this.lastHealth = now;
      const disabled = await disableFailingEndpoints(this.db, this.clock, this.log);
      if (disabled) this.log.warn({ disabled }, 'failing webhook endpoints disabled');
    }
  }
}
