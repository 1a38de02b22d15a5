// npm run bench:events: what numbering events per object costs (sequence, previous_event_id: a
// counter row per object, updated in the transaction that records the event), beside the same work
// without it, in one run on one PostgreSQL.
//
// On a new database (BENCH_DATABASE_URL's server): one account with one webhook endpoint subscribed
// to every type, so each event also writes its delivery, as in production. BENCH_CONCURRENCY
// connections (default 8) each record events in transactions of one event (emitEvent, the code every
// change uses) for BENCH_SECONDS (default 4, at most 100,000 events), in three shapes users create:
// - `new`: every event about a new object (an order's creation): each makes its counter row;
// - `spread`: events about 1,000 objects in turn (a busy account's orders moving along);
// - `hot`: every event about one object (changes of one order at once: they queue on its counter).
// Each shape runs with the numbering (the product) and without it (the baseline: the same insert
// with the numbering trigger disabled, i.e. the event log before it), twice each, alternating; the
// better of each pair is printed: events/s, p50 and p99 of a transaction, and the cost per event.
// BENCH_KEEP=1 keeps the database.
import pg from 'pg';
import { pino } from 'pino';
import type { Database } from '../../src/db/orm.js';
import { benchDatabase } from './database.js';
import { backgroundContext, DEFAULT_SIGN_IN_POLICY, inTransaction } from '../../src/shared/context.js';
import { systemClock } from '../../src/shared/clock.js';
import { emitEvent } from '../../src/webhooks/emitter.js';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const MAX_EVENTS = 100_000;
const log = pino({ level: 'silent' });
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

type Shape = 'new' | 'spread' | 'hot';
interface Result {
  events: number;
  perSecond: number;
  p50: number;
  p99: number;
}

async function run(db: Database, accountId: string, shape: Shape, label: string): Promise<Result> {
  const latencies: number[] = [];
  const deadline = performance.now() + SECONDS * 1000;
  let n = 0;
  const t0 = performance.now();
  const objectOf = (i: number) =>
    shape === 'new' ? `ord_${label}${String(i).padStart(20, '0')}` : shape === 'spread' ? `ord_spread${String(i % 1000).padStart(16, '0')}` : 'ord_hot0000000000000000000000';
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      const ctx = backgroundContext({ em: db.em(), clock: systemClock, log, settings: { production: true, signIn: DEFAULT_SIGN_IN_POLICY } });
      while (performance.now() < deadline && n < MAX_EVENTS) {
        const i = n++;
        const started = performance.now();
        await inTransaction(ctx, (tx) => emitEvent(tx, 'order.exception', { id: objectOf(i), object: 'order', status: 'pending' } as never, { accountId }));
        latencies.push(performance.now() - started);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  return { events: latencies.length, perSecond: latencies.length / seconds, p50: pct(latencies, 0.5), p99: pct(latencies, 0.99) };
}

const bench = await benchDatabase('vt_bench_events');
const { db } = bench;
const direct = new pg.Client({ connectionString: bench.url });
await direct.connect();
try {
  const accountId = 'acct_bench_events';
  await direct.query(`insert into accounts (id, name, created_at) values ($1, 'Bench', now())`, [accountId]);
  await direct.query(
    `insert into webhook_endpoints (id, account_id, url, enabled_events, api_version, status, secret, created_at, updated_at)
     values ('we_bench_events', $1, 'https://hooks.example/x', '["*"]', '2026-12-01', 'enabled', 'whsec_x', now(), now())`,
    [accountId],
  );
  const numbering = (on: boolean) => direct.query(`alter table events ${on ? 'enable' : 'disable'} trigger events_number`);
  console.log(`bench:events on PostgreSQL, ${CONCURRENCY} connections, ${SECONDS} s per run, one event (and its delivery) per transaction\n`);
  console.log('| shape | numbering | events/s | p50 ms | p99 ms | baseline events/s | baseline p50 / p99 ms | ratio | cost per event |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  let round_ = 0;
  for (const shape of ['new', 'spread', 'hot'] as Shape[]) {
    const best = { on: undefined as Result | undefined, off: undefined as Result | undefined };
    for (const on of [false, true, false, true]) {
      await numbering(on);
      await direct.query('checkpoint');
      const r = await run(db, accountId, shape, `${shape[0]}${round_++}`);
      const key = on ? 'on' : 'off';
      if (!best[key] || r.perSecond > best[key]!.perSecond) best[key] = r;
    }
    await numbering(true);
    const on = best.on!;
    const off = best.off!;
    // Per event, on one connection's time: what the numbering adds to a transaction.
    const costUs = (1 / on.perSecond - 1 / off.perSecond) * 1e6 * CONCURRENCY;
    console.log(
      `| ${shape} | on | ${Math.round(on.perSecond)} | ${round(on.p50, 2)} | ${round(on.p99, 2)} | ${Math.round(off.perSecond)} | ${round(off.p50, 2)} / ${round(off.p99, 2)} | ${round(on.perSecond / off.perSecond, 2)}x | ${Math.round(costUs)} µs |`,
    );
  }
  const [{ n }] = (await direct.query<{ n: string }>('select count(*) as n from events where sequence is null')).rows as [{ n: string }];
  console.log(`\n(events recorded without the numbering, by the baseline runs: ${n}; the product's events are numbered 1..n per object)`);
} finally {
  await direct.end();
  await bench.drop();
}
