// Token bucket per key (burst capacity, refilled at a sustained per-minute rate), kept in the database
// so every server process shares one budget. One atomic statement per request.
import type { EntityManager } from '@mikro-orm/sql';
import type { Clock } from '../shared/clock.js';
import { ApiError } from './errors.js';

export interface RateLimitPolicy {
  burst: number;
  perMinute: number;
}

export interface RateLimitResult {
  allowed: boolean;
  headers: Record<string, string>;
  /** Whole seconds until one token is available (when refused). */
  retryAfter: number;
}

const TAKE = `
  insert into rate_limit_buckets as b (bucket_key, tokens, refreshed_at, allowed)
  values (?, ? - 1, ?, true)
  on conflict (bucket_key) do update set
    tokens = case
      when least(?, b.tokens + greatest(0, extract(epoch from (excluded.refreshed_at - b.refreshed_at))) * ?) >= 1
        then least(?, b.tokens + greatest(0, extract(epoch from (excluded.refreshed_at - b.refreshed_at))) * ?) - 1
      else least(?, b.tokens + greatest(0, extract(epoch from (excluded.refreshed_at - b.refreshed_at))) * ?)
    end,
    allowed = least(?, b.tokens + greatest(0, extract(epoch from (excluded.refreshed_at - b.refreshed_at))) * ?) >= 1,
    refreshed_at = greatest(b.refreshed_at, excluded.refreshed_at)
  returning tokens, allowed`;

export async function takeToken(em: EntityManager, key: string, policy: RateLimitPolicy, clock: Clock): Promise<RateLimitResult> {
  const now = clock.now();
  const perSecond = policy.perMinute / 60;
  const cap = policy.burst;
  const rows = await em.execute<{ tokens: number | string; allowed: boolean }[]>(TAKE, [
    key, cap, now, cap, perSecond, cap, perSecond, cap, perSecond, cap, perSecond,
  ]);
  const row = rows[0];
  const tokens = Math.max(0, Number(row?.tokens ?? 0));
  const allowed = row?.allowed ?? true;
  const nowSeconds = now.getTime() / 1000;
  const reset = Math.ceil(nowSeconds + (cap - tokens) / perSecond);
  const headers: Record<string, string> = {
    'X-RateLimit-Limit': String(cap),
    'X-RateLimit-Remaining': String(Math.floor(tokens)),
    'X-RateLimit-Reset': String(reset),
  };
  return { allowed, headers, retryAfter: Math.max(1, Math.ceil((1 - tokens) / perSecond)) };
}

export function rateLimitError(result: RateLimitResult): ApiError {
  const { retryAfter } = result;
  return new ApiError('rate_limit_error', 'rate_limit_exceeded', `Too many requests; retry after ${retryAfter} second(s).`, {
    headers: { ...result.headers, 'Retry-After': String(retryAfter) },
  });
}
