import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { firstIdAt, ID_TIME_LEAD_MS, newId, timeOfId } from '../../src/shared/ids.js';

const timeOf = timeOfId;

// Times from 2020 to 2040, and steps back and forth of up to a day (a clock set back, a request's
// `now` taken before another's, a test clock).
const T = Date.UTC(2026, 10, 26);
const steps = fc.array(fc.oneof(fc.integer({ min: -86_400_000, max: 86_400_000 }), fc.integer({ min: -2 * ID_TIME_LEAD_MS, max: 1_000 }), fc.constant(0)), {
  minLength: 1,
  maxLength: 200,
});
const nowsFrom = (start: number, deltas: number[]) => deltas.reduce<number[]>((nows, d) => [...nows, (nows.at(-1) ?? start) + d], []);

describe('ids', () => {
  it("never have a time before the time they were made for, nor ID_TIME_LEAD_MS or more after it, whatever the clock did", () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) }), steps, (start, deltas) => {
        for (const now of nowsFrom(start, deltas)) {
          const time = timeOf(newId('event', now));
          expect(time).toBeGreaterThanOrEqual(now);
          expect(time).toBeLessThan(now + ID_TIME_LEAD_MS);
        }
      }),
    );
  });

  it('sort in the order made when made for times that never go back', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) }), steps, (start, deltas) => {
        const made = nowsFrom(start, deltas.map((d) => Math.abs(d) % 5_000)).map((now) => newId('order', now));
        expect([...made].sort()).toEqual(made);
        expect(new Set(made).size).toBe(made.length);
      }),
    );
    // Many in one millisecond: each after the last.
    const burst = Array.from({ length: 1_000 }, () => newId('request', T + 20 * 86_400_000));
    expect([...burst].sort()).toEqual(burst);
    expect(new Set(burst).size).toBe(burst.length);
  });

  // Times after any other test's: the last id made is the latest.
  let future = Date.UTC(2100, 0, 1);

  it('sort after the last id when made for a time less than ID_TIME_LEAD_MS behind it (another request\'s `now`, read earlier)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: ID_TIME_LEAD_MS - 1 }), { minLength: 1, maxLength: 50 }), (behinds) => {
        future += 86_400_000;
        let previous = newId('order', future);
        for (const b of behinds) {
          const id = newId('order', future - b);
          expect(id > previous).toBe(true);
          expect(timeOf(id)).toBe(future);
          previous = id;
        }
      }),
    );
  });

  it("are made at the clock's own time when it is ID_TIME_LEAD_MS or more behind the last id's", () => {
    future += 86_400_000;
    newId('event', future);
    expect(timeOf(newId('event', future - ID_TIME_LEAD_MS + 1))).toBe(future);
    expect(timeOf(newId('event', future - ID_TIME_LEAD_MS))).toBe(future - ID_TIME_LEAD_MS);
  });

  it('sort in the order made for a time left behind that is used again and again, however many other times come between', () => {
    future += 86_400_000;
    newId('event', future); // the sequence is ahead (a test clock's advance)
    const fixed = future - 10 * ID_TIME_LEAD_MS; // a fixed clock, behind it
    const made: string[] = [];
    for (let i = 0; i < 2_000; i++) {
      if (i % 100 === 0) made.push(newId('event', fixed));
      newId('request', future - 5 * ID_TIME_LEAD_MS - i * 1_000); // other times left behind, each once
    }
    expect([...made].sort()).toEqual(made);
    expect(made.every((id) => timeOf(id) === fixed)).toBe(true);
  });

  it('firstIdAt: at or before every id made for that time or later, after every id whose time is before it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 5_000, max: 253_402_300_799_000 }), fc.integer({ min: -5_000, max: 5_000 }), (ms, delta) => {
        const first = firstIdAt('event', ms);
        expect(timeOf(first)).toBe(ms);
        const id = newId('event', ms + delta);
        if (ms + delta >= ms) expect(id >= first).toBe(true);
        if (timeOf(id) < ms) expect(id < first).toBe(true);
        expect(first.startsWith('evt_')).toBe(true);
        expect(first).toHaveLength(4 + 26);
      }),
    );
    // Outside what ten characters hold: the first and the last time.
    expect(firstIdAt('event', -1)).toBe(`evt_${'0'.repeat(26)}`);
    expect(firstIdAt('event', 32 ** 10)).toBe(`evt_${'Z'.repeat(10)}${'0'.repeat(16)}`);
  });
});

describe('ids made for a clock set far back', () => {
  it('sort after the ids made before for that same millisecond, whatever was made in between', () => {
    const fixed = Date.UTC(2026, 0, 5, 9);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 100 }), (kinds) => {
        const made: string[] = [];
        for (const k of kinds) {
          // A fixed clock's ids, between ids for now, for a minute ahead of it and for another fixed time.
          if (k === 0) made.push(newId('webhookEndpoint', fixed));
          else if (k === 1) newId('request');
          else if (k === 2) newId('request', fixed + ID_TIME_LEAD_MS + 1);
          else newId('request', fixed - 86_400_000);
        }
        expect([...made].sort()).toEqual(made);
        expect(new Set(made).size).toBe(made.length);
      }),
    );
  });
});
