// The memory and speed baseline of `npm run bench`: a bare Koa + pg server doing what the API's
// lightest database read does at its core (one query per request, JSON answer), with none of the
// API's machinery. Plain JavaScript so that nothing but Koa and pg is loaded.
//   DATABASE_URL=postgresql://... PORT=8090 node scripts/baseline-server.mjs
import Koa from 'koa';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, min: 1, max: 10 });
const app = new Koa();
app.use(async (ctx) => {
  if (ctx.path === '/readyz') {
    await pool.query('select 1');
    ctx.body = { status: 'ready' };
    return;
  }
  const match = /^\/items\/([A-Za-z0-9_]+)$/.exec(ctx.path);
  if (!match) {
    ctx.status = 404;
    ctx.body = { error: 'not found' };
    return;
  }
  const { rows } = await pool.query('select $1::text as id, now() as created', [match[1]]);
  ctx.body = rows[0];
});
const server = app.listen(Number(process.env.PORT ?? 8090), '127.0.0.1');
process.once('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
