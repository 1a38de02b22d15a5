// npm run bench:mail: BENCH_INVOICES (default 1,000) invoices of three loads each, created and sent
// by email through the invoice service on one PostgreSQL (each renders its PDF and writes its message
// and delivery job in the invoice's transaction), then delivered by the mail worker (the job queue,
// 4 jobs at a time, a pooled SMTP transport) to an SMTP server on 127.0.0.1 that accepts everything.
// Beside it, the baseline: the same emails (the same bytes) sent by a bare nodemailer loop over the
// same pooled transport. Prints the time to render and queue, the time to deliver, each per second,
// and NOT A MEASURE when an email is missing, repeated, or its attachment is not the one kept.
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { benchDatabase } from './database.js';
import { createInvoice } from '../../src/accounting/invoices.service.js';
import { JobRunner } from '../../src/jobs/runner.js';
import { Message } from '../../src/mail/mail.entities.js';
import { createMailTransport, MAIL_JOB, mailJob } from '../../src/mail/sender.js';
import { DEFAULT_SIGN_IN_POLICY, type RequestContext } from '../../src/shared/context.js';
import { systemClock } from '../../src/shared/clock.js';

const INVOICES = Number(process.env.BENCH_INVOICES ?? 1000);
const DEADLINE_MS = 10 * 60_000;
const log = pino({ level: 'silent' });
const settings = { production: true, signIn: DEFAULT_SIGN_IN_POLICY, mailFrom: 'Billing <billing@bench.example>' };

/** An SMTP server that takes every message and keeps its Message-ID and size (no parsing: the receiver is not what is measured). */
async function sink() {
  const ids: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 100,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        ids.push(/^Message-ID:\s*(<[^>]+>)/im.exec(Buffer.concat(chunks).toString('latin1'))?.[1] ?? '?');
        callback(null);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { ids, url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const bench = await benchDatabase('vt_bench_mail');
const smtp = await sink();
const baselineSmtp = await sink();
let failed = false;
try {
  const { db } = bench;
  const em = db.em();
  await em.execute(`insert into accounts (id, name, legal_name, payment_instructions, created_at) values ('acct_bench', 'Bench', 'Bench Auto Transport LLC', 'ACH: routing 071000013, account 4455667788. Net 30.', now())`);
  await em.execute(`insert into customers (id, account_id, name, email, created_at, updated_at) values ('cus_BENCH0000000000000000000000', 'acct_bench', 'Zoë Łódź Motors', 'ap@customer.example', now(), now())`);
  const stop = (city: string, state: string, zip: string) => JSON.stringify({ address1: '1 Main St', address2: null, city, state, zip, contact_name: null, contact_phone: null });
  const vehicles = JSON.stringify([{ vin: '1HGCM82633A004352', year: 2003, make: 'Honda', model: 'Accord', type: 'car', inoperable: false }]);
  // Three delivered loads per invoice, each billed once.
  await em.execute(
    `insert into orders (id, account_id, customer_id, status, pickup, delivery, vehicles, ready_date, delivery_window_days, price, carrier_pay, currency, created_at, updated_at)
     select 'ord_BENCH' || lpad(n::text, 21, '0'), 'acct_bench', 'cus_BENCH0000000000000000000000', 'delivered', ?::jsonb, ?::jsonb, ?::jsonb,
       '2026-11-01', 7, 145000, 110000, 'usd', now(), now()
     from generate_series(1, ?) n`,
    [stop('Chicago', 'IL', '60607'), stop('Miami Beach', 'FL', '33139'), vehicles, INVOICES * 3],
  );
  const ctx: RequestContext = {
    em: db.em(),
    clock: systemClock,
    log,
    settings,
    requestId: 'req_bench',
    ip: null,
    principal: { accountId: 'acct_bench', actorId: 'key_bench', kind: 'api_key', scopes: new Set(), apiVersion: '2026-12-01' },
  };

  // 1. Render and queue: each invoice created and sent in one transaction (its PDF rendered there).
  const t0 = performance.now();
  for (let i = 0; i < INVOICES; i++) {
    const order = (k: number) => `ord_BENCH${String(i * 3 + k).padStart(21, '0')}`;
    await createInvoice({ ...ctx, em: db.em() }, {
      customer_id: 'cus_BENCH0000000000000000000000',
      currency: 'usd',
      due_date: '2026-12-31',
      lines: [1, 2, 3].map((k) => ({ description: `Chicago, IL to Miami Beach, FL (${k})`, quantity: 1, unit_amount: 145_000, order_id: order(k) })),
      send: true,
    });
    if (performance.now() - t0 > DEADLINE_MS) throw new Error(`queueing took over ${DEADLINE_MS / 60_000} minutes`);
  }
  const queueMs = performance.now() - t0;

  // 2. Deliver: the mail worker drains the queue.
  const transport = createMailTransport(smtp.url);
  const runner = new JobRunner({ db, clock: systemClock, log, handlers: { [MAIL_JOB]: mailJob({ db, clock: systemClock, log, transport, from: settings.mailFrom, settings }) } });
  const t1 = performance.now();
  while (smtp.ids.length < INVOICES && performance.now() - t1 < DEADLINE_MS) if ((await runner.runOnce()) === 0) await new Promise((r) => setTimeout(r, 20));
  const sendMs = performance.now() - t1;
  transport.close();

  // 3. Baseline: the same emails, from the same stored bytes, in a bare loop, 4 at a time.
  const messages = await db.em().find(Message, { accountId: 'acct_bench' }, { orderBy: { id: 'asc' } });
  const bare = createMailTransport(baselineSmtp.url);
  const t2 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < messages.length) {
        const m = messages[next++]!;
        await bare.sendMail({ from: settings.mailFrom, to: m.recipient as string, subject: m.subject, text: m.bodyText, html: m.bodyHtml, messageId: m.internetMessageId, attachments: [{ filename: m.attachmentName, content: Buffer.from(m.attachment) }] });
      }
    }),
  );
  const baselineMs = performance.now() - t2;
  bare.close();

  const sent = await db.em().count(Message, { accountId: 'acct_bench', status: 'sent' });
  const kept = messages.every((m) => createHash('sha256').update(Buffer.from(m.attachment)).digest('hex') === m.attachmentSha256);
  const averagePdf = messages.reduce((s, m) => s + Buffer.from(m.attachment).byteLength, 0) / Math.max(messages.length, 1);
  const rate = (n: number, ms: number) => Math.round((n / ms) * 1000);
  console.log(`bench:mail: ${INVOICES} invoices of 3 loads, sent by email (PDF ${Math.round(averagePdf / 1024)} KiB each), PostgreSQL, SMTP on 127.0.0.1\n`);
  console.log('| stage | product | per second | baseline (bare nodemailer loop, same bytes) |');
  console.log('|---|---|---|---|');
  console.log(`| create + render PDF + queue (one transaction each) | ${(queueMs / 1000).toFixed(1)} s | ${rate(INVOICES, queueMs)} | |`);
  console.log(`| deliver (mail worker, 4 jobs at a time, pooled SMTP) | ${(sendMs / 1000).toFixed(1)} s | ${rate(smtp.ids.length, sendMs)} | ${(baselineMs / 1000).toFixed(1)} s, ${rate(messages.length, baselineMs)}/s (${(sendMs / baselineMs).toFixed(2)}x its time) |`);
  console.log(`| render, queue and deliver | ${((queueMs + sendMs) / 1000).toFixed(1)} s | ${rate(INVOICES, queueMs + sendMs)} | |`);
  const unique = new Set(smtp.ids).size;
  if (smtp.ids.length !== INVOICES || unique !== INVOICES || sent !== INVOICES || !kept) {
    console.log(`\nNOT A MEASURE: ${smtp.ids.length} emails received (${unique} distinct) for ${INVOICES} invoices, ${sent} marked sent, attachments kept intact: ${kept}`);
    failed = true;
  }
} finally {
  await smtp.close();
  await baselineSmtp.close();
  await bench.drop();
}
if (failed) process.exitCode = 1;
