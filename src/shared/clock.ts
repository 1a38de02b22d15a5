/** The source of time, injected wherever a test must control it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const unixSeconds = (d: Date): number => Math.floor(d.getTime() / 1000);
export const unixOrNull = (d: Date | null | undefined): number | null => (d ? unixSeconds(d) : null);
