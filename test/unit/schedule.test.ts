// The retry schedule as the specification's table states it: attempt 1 immediately, then 30 s, 5 min,
// 30 min, 6 h and 24 h after each failure; after the 6th failure the delivery is permanently_failed.
import { describe, expect, it } from 'vitest';
import { afterFailure, ATTEMPT_DELAYS_MS, MAX_ATTEMPTS } from '../../src/webhooks/schedule.js';

const AT = new Date('2026-03-01T12:00:00.000Z');
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

describe('retry schedule', () => {
  it('is six attempts: immediately, then 30 s, 5 min, 30 min, 6 h, 24 h', () => {
    expect(ATTEMPT_DELAYS_MS).toEqual([0, 30 * SECOND, 5 * MINUTE, 30 * MINUTE, 6 * HOUR, 24 * HOUR]);
    expect(MAX_ATTEMPTS).toBe(6);
  });

  it.each([
    [1, '2026-03-01T12:00:30.000Z'],
    [2, '2026-03-01T12:05:00.000Z'],
    [3, '2026-03-01T12:30:00.000Z'],
    [4, '2026-03-01T18:00:00.000Z'],
    [5, '2026-03-02T12:00:00.000Z'],
  ])('after failure %i the next attempt is due at %s', (failures, due) => {
    expect(afterFailure(failures, AT)).toEqual({ status: 'pending', nextAttemptAt: new Date(due) });
  });

  it('with no failure yet the attempt is due at once', () => {
    expect(afterFailure(0, AT)).toEqual({ status: 'pending', nextAttemptAt: AT });
  });

  it.each([6, 7, 100])('after failure %i the delivery is permanently_failed', (failures) => {
    expect(afterFailure(failures, AT)).toEqual({ status: 'permanently_failed', nextAttemptAt: null });
  });
});
