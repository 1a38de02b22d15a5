// The claiming loop (src/jobs/loop.ts) between wake-ups: after empty claims it waits longer and
// longer (10 ms doubling up to the poll), but a wake-up (NOTIFY) starts over, so work announced
// while its row is held for a moment (a claim skips it) is claimed milliseconds later, not a poll later.
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { ClaimingWorker } from '../../src/jobs/loop.js';
import type { Database } from '../../src/shared/database.js';

/** A worker whose claims answer from `answers` (empty once it runs out), and that notes when it claimed. */
class Scripted extends ClaimingWorker<string> {
  claims: number[] = [];
  processed: { item: string; at: number }[] = [];
  constructor(
    db: Database,
    private readonly answers: string[][],
  ) {
    super({ db, log: pino({ level: 'silent' }), channel: 'test', concurrency: 4, pollMs: 1_000, leaseMs: 60_000, name: 'test', claimWhenDone: false, retryEmptyClaimMs: 10 });
  }
  override async claim(_limit = 4): Promise<string[]> {
    this.claims.push(performance.now());
    return this.answers.shift() ?? [];
  }
  protected override async process(item: string): Promise<void> {
    this.processed.push({ item, at: performance.now() });
  }
}

/** A database whose LISTEN hands its NOTIFY to the test. */
function listening(): { db: Database; notify: () => void } {
  let onNotify = () => undefined as void;
  const db = {
    kind: 'postgresql',
    wakeups: true,
    em: () => undefined as never,
    listen: async (_channel: string, handler: () => void) => {
      onNotify = handler;
      return async () => undefined;
    },
    close: async () => undefined,
  } as unknown as Database;
  return { db, notify: () => onNotify() };
}

describe('a claiming loop woken after a quiet spell', () => {
  it('claims again 10 ms after an empty claim that followed a wake-up, however long the quiet spell made its wait', async () => {
    const { db, notify } = listening();
    const answers: string[][] = [];
    const worker = new Scripted(db, answers);
    await worker.start();
    try {
      // A quiet spell: empty claims every 10, 20, 40, 80, 160, 320 ms: the next wait would be 640.
      await new Promise((r) => setTimeout(r, 700));
      const quiet = worker.claims.length;
      expect(quiet).toBeGreaterThanOrEqual(5);
      expect(quiet).toBeLessThanOrEqual(8);
      // Work is announced, but the first claim finds it held (skipped); the next claim finds it.
      answers.push([], ['delivery']);
      const woken = performance.now();
      notify();
      for (let i = 0; i < 100 && !worker.processed.length; i++) await new Promise((r) => setTimeout(r, 5));
      expect(worker.processed.map((p) => p.item)).toEqual(['delivery']);
      expect(worker.processed[0]!.at - woken).toBeLessThan(200);
    } finally {
      await worker.stop();
    }
  });
});

/** A worker whose every slot a batch under way may hold (as a worker recording outcomes and claiming in one statement does). */
class Busy extends Scripted {
  limits: number[] = [];
  override async claim(limit: number): Promise<string[]> {
    this.limits.push(limit);
    return limit > 0 ? super.claim(limit) : [];
  }
  /** Holds every slot until the answer is called, as a batch's statement does. */
  holdAll(): () => void {
    return this.reserve(4);
  }
}

describe('a claiming loop woken while a batch holds every slot', () => {
  it('claims as soon as the batch gives its slots back, not a poll later', async () => {
    const { db, notify } = listening();
    const answers: string[][] = [];
    const worker = new Busy(db, answers);
    await worker.start();
    try {
      await new Promise((r) => setTimeout(r, 50));
      // A batch takes every slot; meanwhile work is announced: the claim it wakes has no slot.
      const release = worker.holdAll();
      answers.push(['delivery']);
      const woken = performance.now();
      notify();
      await new Promise((r) => setTimeout(r, 30));
      expect(worker.limits.at(-1)).toBe(0);
      expect(worker.processed).toEqual([]);
      // The batch ends (its own claim did not see the work): the slots come back and the work is claimed.
      const freed = performance.now();
      release();
      for (let i = 0; i < 100 && !worker.processed.length; i++) await new Promise((r) => setTimeout(r, 5));
      expect(worker.processed.map((p) => p.item)).toEqual(['delivery']);
      expect(worker.processed[0]!.at - freed).toBeLessThan(200);
      expect(worker.processed[0]!.at - woken).toBeLessThan(400);
    } finally {
      await worker.stop();
    }
  });
});
