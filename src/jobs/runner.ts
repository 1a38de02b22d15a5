// The durable job queue: jobs are rows, claimed with FOR UPDATE SKIP LOCKED and a lease, run outside any
// transaction, and finished (or retried with backoff) in another short statement. A worker that dies
// mid-job loses nothing: the lease expires and another worker runs the job again.
import type { EntityManager } from '@mikro-orm/sql';
import type { Clock } from '../shared/clock.js';
import type { Database } from '../shared/database.js';
import { newId } from '../shared/ids.js';
import type { Logger } from '../shared/logger.js';
import { Job } from './jobs.entities.js';
import { claimLeased, heldBy, released } from './lease.js';
import { ClaimingWorker } from './loop.js';

export const JOBS_CHANNEL = 'jobs';

/**
 * Thrown by a handler when trying again cannot help (a refusal for good): the job fails at once,
 * whatever attempts it has left, and `onFailed` is called as after its last attempt.
 */
export class PermanentJobError extends Error {
  override readonly name = 'PermanentJobError';
}

export interface JobHandler {
  /**
   * Does the work. Throwing retries the job after `backoffMs` until `maxAttempts` (a PermanentJobError
   * fails it at once); a result may reschedule it.
   */
  run(job: Job): Promise<void | { rescheduleAt: Date }>;
  /** Called once the job failed its last attempt. */
  onFailed?(job: Job, error: Error): Promise<void>;
  /** Delay before attempt n+1 after the n-th failure. */
  backoffMs?(attempt: number): number;
}

export interface EnqueueOptions {
  kind: string;
  subjectId?: string | null;
  payload?: Record<string, unknown>;
  runAt: Date;
  maxAttempts?: number;
  /** A fixed id makes the job a singleton (enqueueing it again does nothing). */
  id?: string;
}

/** Adds a job in `em`'s transaction (it exists only if the change that wanted it commits). */
export async function enqueueJob(em: EntityManager, options: EnqueueOptions): Promise<void> {
  const now = options.runAt;
  await em.execute(
    `insert into jobs (id, kind, subject_id, payload, status, attempts, max_attempts, run_at, created_at, updated_at)
     values (?, ?, ?, ?, 'queued', 0, ?, ?, ?, ?) on conflict (id) do nothing`,
    [options.id ?? newId('job', now.getTime()), options.kind, options.subjectId ?? null, JSON.stringify(options.payload ?? {}), options.maxAttempts ?? 5, now, now, now],
  );
  await em.execute(`select pg_notify('${JOBS_CHANNEL}', '')`);
}

export interface JobRunnerOptions {
  db: Database;
  clock: Clock;
  log: Logger;
  handlers: Record<string, JobHandler>;
  workerId?: string;
  concurrency?: number;
  leaseMs?: number;
  pollMs?: number;
}

const defaultBackoff = (attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);

export class JobRunner extends ClaimingWorker<Job> {
  constructor(private readonly options: JobRunnerOptions) {
    super({
      db: options.db,
      log: options.log,
      channel: JOBS_CHANNEL,
      concurrency: options.concurrency ?? 4,
      pollMs: options.pollMs ?? 1_000,
      leaseMs: options.leaseMs ?? 60_000,
      name: 'jobs',
      workerId: options.workerId,
    });
  }

  protected process(job: Job): Promise<void> {
    return this.execute(job);
  }

  private get kinds(): string[] {
    return Object.keys(this.options.handlers);
  }

  /** Claims up to `limit` due jobs (queued and due, or running with an expired lease). */
  override async claim(limit: number): Promise<Job[]> {
    if (!this.kinds.length) return [];
    const em = this.db.em();
    const now = this.options.clock.now();
    const rows = await claimLeased<{ id: string }>(
      em,
      {
        table: 'jobs',
        due: {
          sql: `select id from jobs
                where kind in (${this.kinds.map(() => '?').join(', ')})
                  and ((status = 'queued' and run_at <= ?) or (status = 'running' and lease_expires_at <= ?))
                order by run_at`,
          params: [...this.kinds, now, now],
        },
        alsoSet: { sql: `status = 'running', attempts = attempts + 1, updated_at = ?`, params: [now] },
      },
      { ...this.leaseFrom(now), limit },
    );
    return rows.map((row) => em.map(Job, row)).sort((a, b) => a.runAt.getTime() - b.runAt.getTime());
  }

  /** Runs one claimed job and records its outcome. */
  async execute(job: Job): Promise<void> {
    const handler = this.options.handlers[job.kind];
    if (!handler) return;
    const em = this.db.em();
    const finish = (set: Record<string, unknown>) => em.nativeUpdate(Job, heldBy(job.id, this.id), { ...set, ...released, updatedAt: this.options.clock.now() });
    try {
      if (job.attempts > job.maxAttempts) throw new Error('attempts exhausted (the job outlived its leases)');
      const result = await handler.run(job);
      if (result?.rescheduleAt) await finish({ status: 'queued', runAt: result.rescheduleAt, attempts: 0, lastError: null });
      else await finish({ status: 'succeeded', lastError: null });
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      const now = this.options.clock.now();
      if (job.attempts < job.maxAttempts && !(error instanceof PermanentJobError)) {
        const delay = (handler.backoffMs ?? defaultBackoff)(job.attempts);
        this.log.warn({ job_id: job.id, kind: job.kind, attempt: job.attempts, err: error.message }, 'job failed; will retry');
        await finish({ status: 'queued', runAt: new Date(now.getTime() + delay), lastError: error.message });
      } else {
        this.log.error({ job_id: job.id, kind: job.kind, attempt: job.attempts, err: error.message }, 'job failed for good');
        await finish({ status: 'failed', lastError: error.message });
        await handler.onFailed?.(job, error);
      }
    }
  }
}
