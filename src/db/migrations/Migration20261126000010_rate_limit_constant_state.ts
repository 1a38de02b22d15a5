import { Migration } from '@mikro-orm/migrations';

/**
 * The rate limit's buckets at constant size: the sliding window kept the time of every request it
 * accepted in the last 10 s (`rate_limit_buckets.recent`), so a take rewrote a row of tens of
 * kilobytes under a high limit. A bucket is now four numbers (the token bucket's tokens and their
 * time, the window's start and count), and one function computes a take (`rate_limit_step`: the step
 * of src/http/rate-limit.step.ts, emitted as PL/pgSQL; a unit test fails when this text and the step
 * differ, and a change to the step is a new migration replacing the function).
 *
 * The new table is unlogged: a take writes no WAL and its commit waits for no flush (a GET writes
 * nothing else). After a crash of the database server the buckets start full again, which is the
 * only state they can lose. Each bucket is carried over from `rate_limit_buckets`: its tokens, and
 * the accepted requests of its last 10 s as the current window, started at the first of them. The old table stays for the
 * processes of the previous release while a rolling deploy replaces them; nothing reads it now.
 */
export const RATE_LIMIT_STEP_FUNCTION = `create or replace function rate_limit_step(s_tokens float8, s_at float8, s_window_start float8, s_count float8,
  p_now float8, p_capacity float8, p_per_ms float8, p_window float8, p_limit float8, p_take boolean,
  out tokens float8, out at float8, out window_start float8, out count float8, out allowed boolean)
language plpgsql immutable parallel safe as $$
declare
  v1 float8;
  v2 float8;
  v3 float8;
  v4 float8;
  v5 float8;
  v6 float8;
  v7 float8;
  v8 float8;
  v9 float8;
  v10 float8;
  v11 float8;
  v12 boolean;
  v13 float8;
  v14 float8;
  v15 boolean;
  v16 boolean;
  v17 boolean;
  v18 boolean;
  v19 float8;
  v20 float8;
  v21 float8;
  v22 float8;
begin
  v1 := case when s_at is null then p_capacity else s_tokens end;
  v2 := case when s_at is null then p_now else s_at end;
  v3 := case when s_at is null then p_now else s_window_start end;
  v4 := case when s_at is null then 0::float8 else s_count end;
  v5 := p_now - v2;
  v6 := greatest(0::float8, v5);
  v7 := v6 * p_per_ms;
  v8 := v1 + v7;
  v9 := least(p_capacity, v8);
  v10 := greatest(v2, p_now);
  v11 := v3 + p_window;
  v12 := p_now >= v11;
  v13 := case when v12 then 0::float8 else v4 end;
  v14 := case when v12 then p_now else v3 end;
  v15 := v9 >= 1::float8;
  v16 := v13 < p_limit;
  v17 := v15 and v16;
  v18 := p_take and v17;
  v19 := v9 - 1::float8;
  v20 := case when v18 then v19 else v9 end;
  v21 := v13 + 1::float8;
  v22 := case when v18 then v21 else v13 end;
  tokens := v20;
  at := v10;
  window_start := v14;
  count := v22;
  allowed := v17;
end
$$`;

export class Migration20261126000010_rate_limit_constant_state extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create unlogged table rate_limits (
      bucket_key text primary key,
      tokens float8 not null,
      tokens_at float8 not null,
      window_start float8 not null,
      window_count float8 not null,
      allowed boolean not null
    )`);
    this.addSql(RATE_LIMIT_STEP_FUNCTION);
    this.addSql(`insert into rate_limits (bucket_key, tokens, tokens_at, window_start, window_count, allowed)
      select bucket_key, tokens, extract(epoch from refreshed_at)::float8 * 1000,
        coalesce(w.first, extract(epoch from refreshed_at)::float8 * 1000), w.count, allowed
      from rate_limit_buckets,
        lateral (select min(x)::float8 as first, count(x)::float8 as count
                 from unnest(recent) as x where x > extract(epoch from now())::float8 * 1000 - 10000) as w`);
  }
}
