// The delivery worker's window and gates (worker.ts runs the phases): an endpoint that answers
// quickly is claimed a window ahead, its limit's worth again and more, held by this worker alone
// (see Migration20261128000050_endpoint_window), and sent its limit at a time through its gate here:
// its POSTs go on while their outcomes are recorded. A slow or failed answer gives the rest of the
// window back.
import type { DeliveryOutcome } from './transport.js';
import type { Claimed } from './worker.claim.js';
import type { Outcome } from './worker.record.js';
import { succeeded } from './worker.send.js';

/** An endpoint's claimed window ahead, in multiples of its limit, unless told (see windowFor). */
export const WINDOW_LIMITS = 16;
/** An endpoint whose deliveries of a batch all succeeded within this long is claimed a window ahead. */
export const FAST_ANSWER_MS = 10;

/**
 * The deliveries of one endpoint claimed ahead of the `endpointConcurrency` it may have in flight:
 * `WINDOW_LIMITS` times that limit unless told, as many as the worker's slots at most (64 for 4).
 * A delivery of a window waits only behind quick answers (any other gives the window back, see
 * shed): at worst for one POST that hangs until its timeout, and is then sent and answered within
 * another; so a window needs a lease of three timeouts at least (one to spare), and none is claimed
 * with a shorter one. (And a delivery is sent only with a timeout's worth of its lease left.)
 */
export function windowFor(endpointConcurrency: number, leaseMs: number, timeoutMs: number, requested: number | undefined, concurrency: number): number {
  if (leaseMs < 3 * timeoutMs) return 0;
  return Math.min(requested ?? WINDOW_LIMITS * endpointConcurrency, concurrency);
}

/** A 2xx answer within FAST_ANSWER_MS. */
export const answeredQuickly = (o: DeliveryOutcome) => succeeded(o) && o.durationMs < FAST_ANSWER_MS;

/** The endpoints holding a window in a worker: deliveries of theirs wait at their gate. */
export function windowHolders(gates: ReadonlyMap<string, { waiting: readonly unknown[] }>): Set<string> {
  const holding = new Set<string>();
  for (const [id, gate] of gates) if (gate.waiting.length) holding.add(id);
  return holding;
}

/** Of the endpoints that answered quickly, those that may have a window: those holding one, and new ones while fewer than `max` hold one. */
export function grantWindows(fast: readonly string[], holding: ReadonlySet<string>, max: number): string[] {
  let free = max - holding.size;
  return fast.filter((id) => holding.has(id) || free-- > 0);
}

/** The endpoints of a batch whose every delivery in it succeeded within FAST_ANSWER_MS: those claimed a window ahead. */
export function quick(batch: Outcome[]): string[] {
  const fast = new Map<string, boolean>();
  for (const { claimed, outcome } of batch) {
    fast.set(claimed.endpointId, answeredQuickly(outcome) && (fast.get(claimed.endpointId) ?? true));
  }
  return [...fast].filter(([, ok]) => ok).map(([id]) => id);
}

/** A delivery claimed ahead, waiting for a slot of its endpoint: `go(true)` hands it one, `go(false)` says it was given back. */
interface Waiter {
  claimed: Claimed;
  go: (send: boolean) => void;
}

/** An endpoint's gate in a worker: its POSTs under way, and the deliveries waiting their turn in claim order. */
interface Gate {
  sending: number;
  waiting: Waiter[];
}

/** The gates of the endpoints with deliveries in one worker. */
export class EndpointGates {
  /** Per endpoint with deliveries here: POSTs under way, and the deliveries waiting their turn in claim order. */
  private readonly gates = new Map<string, Gate>();
  /** Deliveries claimed ahead, waiting at their endpoint's gate. */
  private waiting = 0;
  /** The worker stops: it sends no more of a window. */
  stopping = false;

  /**
   * `endpointConcurrency`: POSTs of one endpoint at once; `maxWindows`: endpoints that may hold a
   * window at once; `giveBack`: releases the leases of deliveries not sent.
   */
  constructor(
    private readonly endpointConcurrency: number,
    private readonly maxWindows: number,
    private readonly giveBack: (claimed: Claimed[]) => Promise<void>,
  ) {}

  /** Deliveries claimed ahead, waiting at their endpoint's gate (they hold no slot). */
  get queued(): number {
    return this.waiting;
  }

  /**
   * Waits until one more POST of the endpoint may start from this worker: at most its limit at once,
   * the claimed window waiting in claim order. Answers the release, to call once the POST is over, or
   * null when the delivery is not to be sent now: its window was given back (see shed).
   */
  async turn(claimed: Claimed): Promise<(() => void) | null> {
    const endpointId = claimed.endpointId;
    let gate = this.gates.get(endpointId);
    if (!gate) this.gates.set(endpointId, (gate = { sending: 0, waiting: [] }));
    if (gate.sending < this.endpointConcurrency) gate.sending++;
    else if (this.stopping) {
      // A worker stopping sends no more of a window (claimed as it stopped): the lease goes back at once.
      await this.giveBack([claimed]);
      return null;
    } else {
      this.waiting++;
      const send = await new Promise<boolean>((go) => gate.waiting.push({ claimed, go }));
      this.waiting--;
      // Shed: it holds no slot.
      if (!send) return null;
    }
    return () => this.release(endpointId, gate);
  }

  /** A POST of the endpoint is over: its slot goes to the next delivery waiting, if any. */
  private release(endpointId: string, gate: Gate): void {
    const next = gate.waiting.shift();
    // The slot is handed over (sending stays as it is).
    if (next) return next.go(true);
    gate.sending--;
    // Stryker disable next-line ConditionalExpression,CallExpression: a gate kept with nothing sending or waiting only holds memory until used again
    if (gate.sending === 0) this.gates.delete(endpointId);
  }

  /**
   * Gives the deliveries waiting at an endpoint's gate back (their leases released, unattempted):
   * the endpoint answered slowly or failed, or this worker stops. Claimed again later, by any
   * worker, they then count within the endpoint's limit and hold no slot meanwhile: an endpoint
   * that was quick and then hangs holds its limit's slots, as any other, not its window's.
   */
  shed(endpointId: string): void {
    const gate = this.gates.get(endpointId);
    // Stryker disable next-line ConditionalExpression,OptionalChaining: every caller sheds a gate it holds; shedding nothing gives nothing back
    if (!gate?.waiting.length) return;
    const waiting = gate.waiting.splice(0);
    void this.giveBack(waiting.map((w) => w.claimed)).finally(() => {
      for (const w of waiting) w.go(false);
    });
  }

  /** What waits at every gate is given back (the worker stops). */
  shedAll(): void {
    for (const id of [...this.gates.keys()]) this.shed(id);
  }

  /**
   * The endpoints of a batch that may be claimed a window ahead: those that answered quickly, as many
   * as `maxWindows` with those holding a window here now (their windows as many deliveries as the
   * worker has slots, at most: what endpoints that were quick and then hang at once hold in memory
   * and leases, for a timeout, before they give it back).
   */
  windowsFor(batch: Outcome[]): string[] {
    return grantWindows(quick(batch), windowHolders(this.gates), this.maxWindows);
  }
}
