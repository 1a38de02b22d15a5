// What a rate limit is and what a take saw, apart from the stores that take (rate-limit.ts): the
// pipeline's state (state.ts) carries both, and the stores read that state.
import type { BucketState } from './rate-limit.step.js';

export interface RateLimitPolicy {
  burst: number;
  perMinute: number;
  /** The window no more than `burst` accepted requests may fall in (default 10 s). */
  windowSeconds?: number;
}

/** What a take (or a peek) saw: whether the request is allowed, and the bucket after it. */
export interface Take {
  allowed: boolean;
  state: BucketState;
}
