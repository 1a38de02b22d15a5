// The retry schedule of webhook deliveries: the one place that says when attempts happen.
/** Delay before attempt n+1 (index n): immediately, then 30 s, 5 min, 30 min, 6 h and 24 h after each failure. */
export const ATTEMPT_DELAYS_MS = [0, 30_000, 5 * 60_000, 30 * 60_000, 6 * 3_600_000, 24 * 3_600_000] as const;

/** A delivery's whole request, unless told otherwise. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/** After this many failed attempts in a row a delivery is permanently_failed. */
export const MAX_ATTEMPTS = ATTEMPT_DELAYS_MS.length;

export type DeliveryState =
  | { status: 'pending'; nextAttemptAt: Date }
  | { status: 'permanently_failed'; nextAttemptAt: null };

/** Where a delivery stands after its `failures`-th failure in a row, the last one at `at`. */
export function afterFailure(failures: number, at: Date): DeliveryState {
  if (failures >= MAX_ATTEMPTS) return { status: 'permanently_failed', nextAttemptAt: null };
  return { status: 'pending', nextAttemptAt: new Date(at.getTime() + (ATTEMPT_DELAYS_MS[failures] as number)) };
}
