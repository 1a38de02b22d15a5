// The speed and memory baseline of `npm run bench`: a bare Koa + pg server that answers the two
// benchmarked operations with the same SQL work as the API and none of its machinery (no routing
// table, validation, ORM, versions, logging or metrics). It runs against the API's own database, so
// the bench drives both with the same key and the same order:
//   GET  /v1/orders/{id}  the key by its hash, one rate-limit upsert (the API's), the order by id and account
//   POST /v1/orders       the key by its hash, one rate-limit upsert, then in one transaction: the
//                         customer by id and account, the order's tracking link, the account's next
//                         load number (its counter row, locked until commit), the order, its
//                         order.created event, the account's enabled endpoints and one delivery per
//                         subscribed endpoint
// Each step is a statement of its own, taken in the order the API's service takes them. The tracking
// link's token is kept sealed (AES-256-GCM under SECRETS_KEY, as the API keeps it) and opened to
// render `tracking_url`, on both operations.
// Plain JavaScript so that nothing but Koa and pg is loaded.
//   DATABASE_URL=postgresql://... PORT=8090 node scripts/bench/baseline-server.mjs
import { createCipheriv, createDecipheriv, createHash, createSecretKey, randomBytes } from 'node:crypto';
import Koa from 'koa';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, min: 1, max: 10 });
const burst = Number(process.env.RATE_LIMIT_BURST ?? 200);
const perMs = Number(process.env.RATE_LIMIT_PER_MINUTE ?? 100) / 60_000;

// The API's own take (src/http/rate-limit.ts): the bucket's four numbers through rate_limit_step.
const COLUMNS = 'tokens, tokens_at, window_start, window_count, allowed';
const TAKE_SQL = `
  insert into rate_limits as b (bucket_key, ${COLUMNS})
  select $1, s.* from rate_limit_step(null, null, null, null, $2::float8, $3::float8, $4::float8, $5::float8, $6::float8, true) s
  on conflict (bucket_key) do update set (${COLUMNS}) = (select s.* from rate_limit_step(b.tokens, b.tokens_at, b.window_start,
    b.window_count, $2::float8, $3::float8, $4::float8, $5::float8, $6::float8, true) s)
  returning ${COLUMNS}`;

// Ids as the API makes them (prefix + ULID: ten characters of time in Crockford's base 32, then
// sixteen random ones): the delivery log is partitioned by the time in its ids.
const B32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const id = (prefix) => {
  let time = '';
  for (let t = Date.now(), i = 0; i < 10; i++, t = Math.floor(t / 32)) time = B32[t % 32] + time;
  let random = '';
  for (const byte of randomBytes(16)) random += B32[byte & 31];
  return `${prefix}_${time}${random}`;
};
// SECRETS_KEY (`<id>:<32 bytes in base64>`), as the API is given it: tracking tokens are sealed under it.
const [keyId, keyMaterial] = (process.env.SECRETS_KEY ?? `bench:${randomBytes(32).toString('base64')}`).split(':');
const secretKey = createSecretKey(Buffer.from(keyMaterial, 'base64'));
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 8090}`;
function seal(plaintext, context) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretKey, iv);
  cipher.setAAD(Buffer.from(context));
  const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `enc:v1:${keyId}:${iv.toString('base64url')}:${sealed.toString('base64url')}`;
}
function open(stored, context) {
  const [, , , iv, body] = stored.split(':');
  const bytes = Buffer.from(body, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', secretKey, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString('utf8');
}
const trackingUrl = (o) => (o.tracking_link ? `${publicUrl}/t/${open(o.tracking_link, `public_link:tracking:${o.id}`)}` : null);

const unix = (d) => (d ? Math.floor(new Date(d).getTime() / 1000) : null);

function renderOrder(o) {
  return {
    id: o.id,
    object: 'order',
    livemode: !o.account_id.startsWith('acct_test_'),
    test_clock: o.test_clock_id ?? null,
    number: o.number,
    reference: o.reference ?? null,
    tracking_url: trackingUrl(o),
    status: o.status,
    customer_id: o.customer_id,
    carrier_id: o.carrier_id,
    pickup: o.pickup,
    delivery: o.delivery,
    vehicles: o.vehicles,
    ready_date: o.ready_date,
    delivery_window_days: o.delivery_window_days,
    price: o.price,
    carrier_pay: o.carrier_pay,
    currency: o.currency,
    bill_of_lading: o.bill_of_lading,
    exceptions: o.exceptions,
    cancellation_reason: o.cancellation_reason,
    cancelled_at: unix(o.cancelled_at),
    dispatched_at: unix(o.dispatched_at),
    picked_up_at: unix(o.picked_up_at),
    delivered_at: unix(o.delivered_at),
    metadata: o.metadata,
    created: unix(o.created_at),
    updated: unix(o.updated_at),
  };
}

/** The key of the bearer secret and one token from its bucket; answers the account or sets a 401/429. */
async function authenticate(ctx) {
  const secret = /^Bearer\s+(\S+)$/.exec(ctx.get('Authorization'))?.[1] ?? '';
  const hash = createHash('sha256').update(secret).digest('hex');
  const { rows } = await pool.query('select id, account_id, revoked_at from api_keys where secret_hash = $1', [hash]);
  const key = rows[0];
  if (!key || key.revoked_at) {
    ctx.status = 401;
    ctx.body = { error: { code: 'invalid_api_key' } };
    return null;
  }
  const taken = await pool.query(TAKE_SQL, [`actor:${key.id}`, Date.now(), burst, perMs, 10_000, burst]);
  if (!taken.rows[0].allowed) {
    ctx.status = 429;
    ctx.body = { error: { code: 'rate_limit_exceeded' } };
    return null;
  }
  return key.account_id;
}

async function createOrder(ctx, accountId, input) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const customer = await client.query('select id from customers where id = $1 and account_id = $2', [input.customer_id, accountId]);
    if (!customer.rows[0]) {
      await client.query('rollback');
      ctx.status = 404;
      ctx.body = { error: { code: 'resource_missing' } };
      return;
    }
    const now = new Date();
    const orderId = id('ord');
    const token = `trk_${randomBytes(24).toString('base64url')}`;
    await client.query('insert into public_links (token_hash, kind, object_id, account_id, created_at) values ($1, $2, $3, $4, $5)', [
      createHash('sha256').update(token).digest('hex'), 'tracking', orderId, accountId, now,
    ]);
    const counter = await client.query(
      `insert into order_counters (account_id, last_number) values ($1, 1)
       on conflict (account_id) do update set last_number = order_counters.last_number + 1 returning last_number`,
      [accountId],
    );
    const order = {
      id: orderId,
      account_id: accountId,
      number: `L-${String(counter.rows[0].last_number).padStart(6, '0')}`,
      reference: input.reference ?? null,
      tracking_link: seal(token, `public_link:tracking:${orderId}`),
      test_clock_id: null,
      customer_id: input.customer_id,
      carrier_id: null,
      status: 'pending',
      pickup: input.pickup,
      delivery: input.delivery,
      vehicles: input.vehicles,
      ready_date: input.ready_date,
      delivery_window_days: input.delivery_window_days ?? 7,
      price: input.price ?? null,
      carrier_pay: input.carrier_pay ?? null,
      currency: input.currency ?? 'usd',
      bill_of_lading: null,
      exceptions: [],
      cancellation_reason: null,
      metadata: input.metadata ?? {},
      created_at: now,
      updated_at: now,
    };
    await client.query(
      `insert into orders (id, account_id, customer_id, carrier_id, status, pickup, delivery, vehicles, ready_date,
         delivery_window_days, price, carrier_pay, currency, bill_of_lading, exceptions, cancellation_reason, metadata, created_at, updated_at,
         number, reference, tracking_link)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)`,
      [order.id, accountId, order.customer_id, null, order.status, JSON.stringify(order.pickup), JSON.stringify(order.delivery),
        JSON.stringify(order.vehicles), order.ready_date, order.delivery_window_days, order.price, order.carrier_pay, order.currency,
        null, '[]', null, JSON.stringify(order.metadata), now, now, order.number, order.reference, order.tracking_link],
    );
    const rendered = renderOrder(order);
    const event = { id: id('evt'), object: 'event', type: 'order.created', created: unix(now), request_id: null, data: rendered };
    await client.query('insert into events (id, account_id, type, data, request_id, created_at) values ($1, $2, $3, $4, $5, $6)', [
      event.id, accountId, event.type, JSON.stringify(rendered), null, now,
    ]);
    const endpoints = await client.query(`select id, enabled_events, api_version from webhook_endpoints where account_id = $1 and status = 'enabled'`, [accountId]);
    const targets = endpoints.rows.filter((e) => e.enabled_events.includes('*') || e.enabled_events.includes(event.type));
    if (targets.length) {
      const values = [];
      const params = [];
      for (const e of targets) {
        const payload = JSON.stringify({ ...event, api_version: e.api_version });
        const p = params.length;
        values.push(`($${p + 1}, $${p + 2}, $${p + 3}, $${p + 4}, $${p + 5}, $${p + 6}, 'pending', 0, 0, $${p + 7}, $${p + 7}, $${p + 7})`);
        params.push(id('wdl'), accountId, event.id, e.id, event.type, payload, now);
      }
      await client.query(
        `insert into webhook_deliveries (id, account_id, event_id, endpoint_id, event_type, payload, status, attempt_count, cycle_failures,
           next_attempt_at, created_at, updated_at) values ${values.join(', ')}`,
        params,
      );
      await client.query(`select pg_notify('webhook_deliveries', '')`);
    }
    await client.query('commit');
    ctx.status = 201;
    ctx.set('Location', `/v1/orders/${order.id}`);
    ctx.body = rendered;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

const app = new Koa();
// A client that goes away mid-request (autocannon at the end of a run) is not an error worth printing.
app.on('error', (err) => {
  if (err.code !== 'ECONNRESET' && err.message !== 'aborted') console.error(err);
});
app.use(async (ctx) => {
  if (ctx.path === '/readyz') {
    await pool.query('select 1');
    ctx.body = { status: 'ready' };
    return;
  }
  const one = /^\/v1\/orders\/([A-Za-z0-9_]+)$/.exec(ctx.path);
  if (ctx.method === 'GET' && one) {
    const accountId = await authenticate(ctx);
    if (!accountId) return;
    const { rows } = await pool.query('select * from orders where id = $1 and account_id = $2', [one[1], accountId]);
    if (!rows[0]) {
      ctx.status = 404;
      ctx.body = { error: { code: 'resource_missing' } };
      return;
    }
    ctx.body = renderOrder(rows[0]);
    return;
  }
  if (ctx.method === 'POST' && ctx.path === '/v1/orders') {
    const accountId = await authenticate(ctx);
    if (!accountId) return;
    let text = '';
    for await (const chunk of ctx.req) text += chunk;
    await createOrder(ctx, accountId, JSON.parse(text));
    return;
  }
  ctx.status = 404;
  ctx.body = { error: { code: 'resource_missing' } };
});
const server = app.listen(Number(process.env.PORT ?? 8090), '127.0.0.1');
process.once('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
