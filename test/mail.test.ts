// The mail outbox and its SMTP delivery on both databases, against a real SMTP server in the test
// process: a message is written with the change that caused it, delivered once with its PDF and its
// own Message-ID, retried on 4xx answers and unreachable servers on the schedule's delays (driven by
// a test clock), failed at once on a 5xx answer (told in the same transaction); letters wait in the
// print queue until marked posted; the API lists, shows and downloads messages; without SMTP_URL
// emails are written `kept`, and stay kept once it is set until a person sends them.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transporter } from 'nodemailer';
import { createApiKey, parseScopes } from '../src/auth/auth.service.js';
import { loadConfig } from '../src/config.js';
import { Job } from '../src/jobs/jobs.entities.js';
import { enqueueJob, JobRunner } from '../src/jobs/runner.js';
import { Message } from '../src/mail/mail.entities.js';
import { withdrawMessages, latestMessages, queueMessage, renderDelivery, renderMessage, type QueueMessageInput } from '../src/mail/outbox.js';
import { createMailTransport, MAIL_JOB, mailJob, type MailTransport } from '../src/mail/sender.js';
import { start } from '../src/server.js';
import { systemClock } from '../src/shared/clock.js';
import { backgroundContext, inTransaction, type Context } from '../src/shared/context.js';
import { newId } from '../src/shared/ids.js';
import { newSecretsKey } from '../src/shared/secrets.js';
import { backends, createTestDatabase, type Backend } from './support/databases.js';
import { startHarness, TestClock, type Harness } from './support/harness.js';
import { BROKER, invoiceDocument, rateConfirmationDocument, remittanceDocument, VINS } from './support/mail-documents.js';
import { freePort } from './support/ports.js';
import { startSmtpServer, type TestSmtpServer } from './support/smtp.js';
import { fixtures } from './support/fixtures.js';
import { checkedFetch } from './support/contract-check.js';

const silent = pino({ level: 'silent' });
const FROM = 'Roadway Billing <billing@mail.roadway.example>';
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/** The text of a PDF, all pages, as a reader would copy it. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

describe.each(backends())('mail on %s', (backend: Backend) => {
  const clock = new TestClock(Date.UTC(2026, 11, 1, 15, 0, 0));
  let h: Harness;
  let smtp: TestSmtpServer;
  let transport: Transporter;
  let runner: JobRunner;
  let accountId: string;
  let key: string;
  const transports: Transporter[] = [];
  /** What onPermanentFailure saw: the message, and its status read in the transaction that told it. */
  const toldFailed: { id: string; statusInTransaction: string }[] = [];
  let announcementFails = false;

  const onPermanentFailure = async (ctx: Context, message: Message) => {
    if (announcementFails) throw new Error('the announcement could not be written');
    const [row] = await ctx.em.execute<{ status: string }[]>('select status from messages where id = ?', [message.id]);
    toldFailed.push({ id: message.id, statusInTransaction: row!.status });
    // A write of the caller's (invoice.delivery_failed, in the product): it commits with the failure.
    await enqueueJob(ctx.em, { kind: 'test.delivery_failed', subjectId: message.id, runAt: ctx.clock.now(), maxAttempts: 1 });
  };
  const mailRunner = (t: MailTransport) =>
    new JobRunner({ db: h.database.db, clock, log: silent, handlers: { [MAIL_JOB]: mailJob({ db: h.database.db, clock, log: silent, transport: t, from: FROM, onPermanentFailure }) } });
  const poolTo = (url: string) => {
    const t = createMailTransport(url);
    transports.push(t);
    return t;
  };
  /** Background work's context, with MAIL_FROM set (its domain names the Message-IDs). */
  const background = (): Context => {
    const ctx = h.background(clock);
    return { ...ctx, settings: { ...ctx.settings, mailFrom: FROM } };
  };
  const queue = (input: Partial<QueueMessageInput> = {}, account = accountId) =>
    inTransaction(background(), (tx) =>
      queueMessage(tx, {
        kind: 'invoice',
        channel: 'email',
        subjectId: newId('invoice', clock.now().getTime()),
        to: 'ap@zoe-motors.example',
        toName: 'Zoë Łódź Motors',
        replyTo: BROKER.email,
        document: invoiceDocument(),
        accountId: account,
        ...input,
      }),
    );
  const stored = (id: string) => h.database.db.em().findOneOrFail(Message, { id });
  const jobOf = (id: string) => h.database.db.em().findOneOrFail(Job, { kind: MAIL_JOB, subjectId: id });
  const arrivalsOf = (m: Pick<Message, 'internetMessageId'>, server = smtp) => server.received.filter((r) => r.parsed.messageId === m.internetMessageId);
  const download = async (path: string, k = key) => {
    const res = await checkedFetch(h.url + path, { headers: { Authorization: `Bearer ${k}` } });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  beforeAll(async () => {
    h = await startHarness(backend, { clock });
    smtp = await startSmtpServer();
    transport = poolTo(smtp.url);
    runner = mailRunner(transport);
    const created = await createApiKey(h.database.db.em(), { accountName: 'mail-broker', scopes: parseScopes('all') }, clock);
    accountId = created.account.id;
    key = created.secret;
  });
  afterAll(async () => {
    for (const t of transports) t.close();
    await smtp?.close();
    await h?.close();
  });

  describe('queueMessage', () => {
    it('writes the message with its rendered attachment in the caller\'s transaction, and one delivery job due at once', async () => {
      const m = await queue();
      const row = await stored(m.id);
      expect(row).toMatchObject({
        accountId,
        kind: 'invoice',
        channel: 'email',
        recipient: 'ap@zoe-motors.example',
        recipientName: 'Zoë Łódź Motors',
        replyTo: BROKER.email,
        subject: 'Invoice INV-000123 from Roadway Auto Transport LLC: $1,450.00 due Dec 31, 2026',
        internetMessageId: `<${m.id}@mail.roadway.example>`,
        attachmentName: 'invoice-INV-000123.pdf',
        status: 'queued',
        attempts: 0,
        lastError: null,
        sentAt: null,
      });
      expect(m.id).toMatch(/^msg_[0-9A-HJKMNP-TV-Z]{26}$/);
      expect(row.nextAttemptAt).toEqual(clock.now());
      expect(row.document).toEqual(invoiceDocument());
      expect(sha256(row.attachment!)).toBe(row.attachmentSha256);
      expect(await pdfText(row.attachment!)).toContain('INV-000123');
      const job = await jobOf(m.id);
      expect(job).toMatchObject({ status: 'queued', attempts: 0, maxAttempts: 7 });
      expect(job.runAt).toEqual(clock.now());
      await runner.runOnce(); // delivered, so that no later test sees it
    });

    it('writes nothing when the caller\'s transaction rolls back', async () => {
      let id = '';
      await expect(
        inTransaction(background(), async (tx) => {
          id = (await queueMessage(tx, { kind: 'invoice', channel: 'email', subjectId: newId('invoice'), to: 'a@b.example', toName: null, replyTo: null, document: invoiceDocument(), accountId })).id;
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      expect(id).not.toBe('');
      expect(await h.database.db.em().count(Message, { id })).toBe(0);
      expect(await h.database.db.em().count(Job, { subjectId: id })).toBe(0);
    });
  });

  describe('delivery', () => {
    it('sends the email once, to its recipient, with the PDF as stored and the Message-ID every attempt carries', async () => {
      const m = await queue();
      expect(await runner.runOnce()).toBe(1);
      const arrived = arrivalsOf(m);
      expect(arrived).toHaveLength(1);
      const mail = arrived[0]!;
      expect(mail.from).toBe('billing@mail.roadway.example');
      expect(mail.to).toEqual(['ap@zoe-motors.example']);
      const { parsed } = mail;
      expect(parsed.messageId).toBe(m.internetMessageId);
      expect(parsed.subject).toBe(m.subject);
      expect(parsed.from?.value).toEqual([{ name: 'Roadway Auto Transport LLC', address: 'billing@mail.roadway.example' }]);
      expect((Array.isArray(parsed.to) ? parsed.to : [parsed.to])[0]?.value).toEqual([{ name: 'Zoë Łódź Motors', address: 'ap@zoe-motors.example' }]);
      expect(parsed.replyTo?.value).toEqual([{ name: '', address: BROKER.email }]);
      expect(parsed.date?.getTime()).toBe(Math.floor(m.createdAt.getTime() / 1000) * 1000);
      expect(parsed.text).toContain('Hello Zoë Łódź Motors,');
      expect(parsed.html).toContain('<p>Hello Zoë Łódź Motors,</p>');
      expect(parsed.attachments).toHaveLength(1);
      const pdf = parsed.attachments[0]!;
      expect(pdf.filename).toBe('invoice-INV-000123.pdf');
      expect(pdf.contentType).toBe('application/pdf');
      expect(sha256(pdf.content)).toBe(m.attachmentSha256);
      const text = await pdfText(pdf.content);
      for (const expected of ['INV-000123', ...VINS, '$1,450.00', 'Zoë Łódź Motors']) expect(text).toContain(expected);

      const row = await stored(m.id);
      expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, nextAttemptAt: null });
      expect(row.sentAt).toEqual(clock.now());
      expect(await jobOf(m.id)).toMatchObject({ status: 'succeeded', attempts: 1 });
      // Sent is final: nothing runs again, whatever the time.
      clock.advance(24 * HOUR);
      expect(await runner.runOnce()).toBe(0);
      expect(arrivalsOf(m)).toHaveLength(1);
    });

    it('retries a 451 answer after 10 s, then 1 min, keeping the answer until it is accepted, and delivers it once', async () => {
      const m = await queue();
      smtp.rcptRefusals = [
        { code: 451, text: '4.3.0 Try again later' },
        { code: 451, text: '4.3.0 Try again later' },
      ];
      const t0 = clock.now().getTime();
      expect(await runner.runOnce()).toBe(1);
      let row = await stored(m.id);
      expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: '451 4.3.0 Try again later', sentAt: null });
      expect(row.nextAttemptAt).toEqual(new Date(t0 + 10 * SECOND));
      expect((await jobOf(m.id)).runAt).toEqual(new Date(t0 + 10 * SECOND));

      clock.advance(10 * SECOND - 1);
      expect(await runner.runOnce(), 'not due before its 10 s').toBe(0);
      clock.advance(1);
      expect(await runner.runOnce()).toBe(1);
      row = await stored(m.id);
      expect(row).toMatchObject({ status: 'queued', attempts: 2, lastError: '451 4.3.0 Try again later' });
      expect(row.nextAttemptAt).toEqual(new Date(t0 + 10 * SECOND + MINUTE));

      clock.advance(MINUTE - 1);
      expect(await runner.runOnce(), 'not due before its minute').toBe(0);
      clock.advance(1);
      expect(await runner.runOnce()).toBe(1);
      row = await stored(m.id);
      expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null, nextAttemptAt: null });
      expect(row.sentAt).toEqual(new Date(t0 + 10 * SECOND + MINUTE));
      expect(arrivalsOf(m)).toHaveLength(1);
      expect(await jobOf(m.id)).toMatchObject({ status: 'succeeded', attempts: 3 });
    });

    it('fails a 550 answer at once, with no retry, and tells onPermanentFailure once in the transaction that marks it failed', async () => {
      const m = await queue();
      smtp.rcptRefusals = [{ code: 550, text: '5.1.1 No such mailbox' }];
      expect(await runner.runOnce()).toBe(1);
      const row = await stored(m.id);
      expect(row).toMatchObject({ status: 'failed', attempts: 1, lastError: '550 5.1.1 No such mailbox', nextAttemptAt: null, sentAt: null });
      expect(await jobOf(m.id)).toMatchObject({ status: 'failed', attempts: 1 });
      expect(toldFailed.filter((t) => t.id === m.id)).toEqual([{ id: m.id, statusInTransaction: 'failed' }]);
      // The caller's write committed with the failure.
      expect(await h.database.db.em().count(Job, { kind: 'test.delivery_failed', subjectId: m.id })).toBe(1);
      clock.advance(24 * HOUR);
      expect(await runner.runOnce()).toBe(0);
      expect(arrivalsOf(m)).toHaveLength(0);
      expect(toldFailed.filter((t) => t.id === m.id)).toHaveLength(1);
    });

    it('records neither the failure nor what onPermanentFailure wrote when that write fails: the refusal is met again on the retry', async () => {
      const m = await queue();
      smtp.rcptRefusals = [
        { code: 550, text: '5.1.1 No such mailbox' },
        { code: 550, text: '5.1.1 No such mailbox' },
      ];
      announcementFails = true;
      try {
        expect(await runner.runOnce()).toBe(1);
      } finally {
        announcementFails = false;
      }
      expect(await stored(m.id)).toMatchObject({ status: 'queued', attempts: 0, lastError: null });
      expect(await jobOf(m.id)).toMatchObject({ status: 'queued', attempts: 1 });
      clock.advance(10 * SECOND);
      expect(await runner.runOnce()).toBe(1);
      expect(await stored(m.id)).toMatchObject({ status: 'failed', attempts: 1, lastError: '550 5.1.1 No such mailbox' });
      expect(toldFailed.filter((t) => t.id === m.id)).toEqual([{ id: m.id, statusInTransaction: 'failed' }]);
    });

    it('fails the email after the last of six retries (10 s, 1 min, 5 min, 30 min, 2 h, 6 h), told once', async () => {
      const m = await queue();
      smtp.rcptRefusals = Array.from({ length: 7 }, () => ({ code: 421, text: '4.7.0 Too busy, try later' }));
      const waits = [10 * SECOND, MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 6 * HOUR];
      for (const [i, wait] of waits.entries()) {
        expect(await runner.runOnce(), `attempt ${i + 1}`).toBe(1);
        const row = await stored(m.id);
        expect(row).toMatchObject({ status: 'queued', attempts: i + 1 });
        expect(row.nextAttemptAt).toEqual(new Date(clock.now().getTime() + wait));
        clock.advance(wait);
      }
      expect(await runner.runOnce(), 'attempt 7').toBe(1);
      expect(await stored(m.id)).toMatchObject({ status: 'failed', attempts: 7, lastError: '421 4.7.0 Too busy, try later', nextAttemptAt: null });
      expect(await jobOf(m.id)).toMatchObject({ status: 'failed', attempts: 7 });
      expect(toldFailed.filter((t) => t.id === m.id)).toEqual([{ id: m.id, statusInTransaction: 'failed' }]);
      expect(arrivalsOf(m)).toHaveLength(0);
    });

    it('fails an email whose job outlived its leases (its workers died mid-send every time), told once', async () => {
      const m = await queue();
      // Seven claims already made, none of them recorded: the next claim is the eighth.
      await h.database.db.em().nativeUpdate(Job, { kind: MAIL_JOB, subjectId: m.id }, { attempts: 7 });
      expect(await runner.runOnce()).toBe(1);
      expect(await stored(m.id)).toMatchObject({ status: 'failed', attempts: 0, lastError: 'attempts exhausted (the job outlived its leases)', nextAttemptAt: null });
      expect(await jobOf(m.id)).toMatchObject({ status: 'failed', attempts: 8 });
      expect(toldFailed.filter((t) => t.id === m.id)).toEqual([{ id: m.id, statusInTransaction: 'failed' }]);
      expect(arrivalsOf(m)).toHaveLength(0);
    });

    it('keeps trying a mail server that cannot be reached, and delivers once it is back on its port: nothing lost, every attempt counted', async () => {
      const port = await freePort();
      const down = mailRunner(poolTo(`smtp://127.0.0.1:${port}`));
      const m = await queue();
      expect(await down.runOnce()).toBe(1);
      let row = await stored(m.id);
      expect(row).toMatchObject({ status: 'queued', attempts: 1 });
      expect(row.lastError).toMatch(/ECONNREFUSED/);
      clock.advance(10 * SECOND);
      expect(await down.runOnce()).toBe(1);
      row = await stored(m.id);
      expect(row).toMatchObject({ status: 'queued', attempts: 2 });
      expect(row.lastError).toMatch(/ECONNREFUSED/);

      const back = await startSmtpServer(port);
      try {
        clock.advance(MINUTE);
        expect(await down.runOnce()).toBe(1);
        expect(await stored(m.id)).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
        expect(arrivalsOf(m, back)).toHaveLength(1);
        expect(back.received).toHaveLength(1);
      } finally {
        await back.close();
      }
    });

    it('gives up an attempt the mail server does not finish within the deadline (a temporary failure), and the retry delivers it with the same Message-ID', async () => {
      const m = await queue();
      const quick = new JobRunner({
        db: h.database.db,
        clock,
        log: silent,
        handlers: { [MAIL_JOB]: mailJob({ db: h.database.db, clock, log: silent, transport, from: FROM, onPermanentFailure, sendDeadlineMs: 300 }) },
      });
      smtp.holdData = true;
      try {
        expect(await quick.runOnce()).toBe(1);
      } finally {
        smtp.holdData = false;
        smtp.release(); // the server takes the held copy after all
      }
      const row = await stored(m.id);
      expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'the mail server did not take the message within 0.3 s' });
      expect(row.nextAttemptAt).toEqual(new Date(clock.now().getTime() + 10_000));
      clock.advance(10_000);
      expect(await quick.runOnce()).toBe(1);
      await smtp.waitFor(smtp.received.length); // (both copies in)
      expect((await stored(m.id)).status).toBe('sent');
      const copies = arrivalsOf(m);
      expect(copies.length).toBeGreaterThanOrEqual(1);
      expect(copies.length).toBeLessThanOrEqual(2);
      expect(new Set(copies.map((c) => c.parsed.messageId))).toEqual(new Set([m.internetMessageId]));
    });

    it('never sends a withdrawn message (its invoice voided): the email stays unsent, the letter leaves the print queue', async () => {
      const subjectId = newId('invoice', clock.now().getTime());
      const email = await queue({ subjectId });
      const letter = await queue({ subjectId, channel: 'post', to: { address1: '9 Main St', city: 'Austin', state: 'TX', zip: '73301' } });
      const other = await queue();
      const withdrawn = await inTransaction(background(), (tx) => withdrawMessages(tx, accountId, subjectId, clock.now()));
      expect(withdrawn).toBe(2);
      // Another account's message of the same subject id would not be touched: the account is named.
      expect(await inTransaction(background(), (tx) => withdrawMessages(tx, 'acct_other', other.subjectId, clock.now()))).toBe(0);
      while ((await runner.runOnce()) > 0);
      expect(arrivalsOf(email)).toHaveLength(0);
      expect(arrivalsOf(other)).toHaveLength(1);
      expect(await stored(email.id)).toMatchObject({ status: 'cancelled', attempts: 0, nextAttemptAt: null, sentAt: null });
      expect((await stored(letter.id)).status).toBe('cancelled');
      expect((await download(`/v1/print_queue/letters.pdf`)).status).toBe(404);
      // Withdrawn is final: a second withdrawal finds nothing.
      expect(await inTransaction(background(), (tx) => withdrawMessages(tx, accountId, subjectId, clock.now()))).toBe(0);
    });

    it('sends remittance advice and rate confirmations with their own subjects and PDFs', async () => {
      const remittance = await queue({ kind: 'remittance', subjectId: 'cpy_01JF3QF2H4K6M8P0R2T4V6X8Z0', to: 'dispatch@blueline.example', toName: 'Maria Delgado', document: remittanceDocument() });
      const rate = await queue({ kind: 'rate_confirmation', subjectId: 'ord_01JF3QF2H4K6M8P0R2T4V6X8Z0', to: 'dispatch@blueline.example', toName: 'Maria Delgado', document: rateConfirmationDocument() });
      expect(await runner.runOnce()).toBe(2);
      const [r] = arrivalsOf(remittance);
      expect(r!.parsed.subject).toBe('Remittance advice: $1,100.00 paid by Roadway Auto Transport LLC (ACH, ref 000123)');
      expect(r!.parsed.attachments[0]!.filename).toBe('remittance-cpy_01JF3QF2H4K6M8P0R2T4V6X8Z0.pdf');
      const [c] = arrivalsOf(rate);
      expect(c!.parsed.subject).toBe('Rate confirmation ord_01JF3QF2H4K6M8P0R2T4V6X8Z0: Chicago, IL to Miami Beach, FL, $950.00');
      expect(await pdfText(c!.parsed.attachments[0]!.content)).toContain('RATE CONFIRMATION');
    });
  });

  describe('the print queue (getPrintQueueLetters, markLettersMailed)', () => {
    const HARBOR = { address1: '77 Harbor Rd', address2: 'Suite 4', city: 'Portland', state: 'ME' as const, zip: '04101' };

    it('keeps letters out of the mail, prints the queued ones oldest first, and marks them posted all or nothing', async () => {
      const own = await createApiKey(h.database.db.em(), { accountName: 'mail-letters', scopes: parseScopes('all') }, clock);
      const other = await createApiKey(h.database.db.em(), { accountName: 'mail-letters-other', scopes: parseScopes('all') }, clock);
      const as = (k: string) => ({ key: k });
      const day = clock.now().toISOString().slice(0, 10);
      const first = await queue({ channel: 'post', to: HARBOR, toName: 'Zoë Łódź Motors', document: invoiceDocument({ number: 'INV-000201' }) }, own.account.id);
      clock.advance(SECOND);
      const second = await queue({ channel: 'post', to: { ...HARBOR, address1: '9 Pier St', address2: null }, toName: 'Zoë Łódź Motors', document: invoiceDocument({ number: 'INV-000202' }) }, own.account.id);
      const email = await queue({ document: invoiceDocument({ number: 'INV-000203' }) }, own.account.id);
      const theirs = await queue({ channel: 'post', to: HARBOR, toName: 'Other', document: invoiceDocument({ number: 'INV-000900' }) }, other.account.id);
      await runner.runOnce(); // the email goes; the letters never do
      expect(await stored(first.id)).toMatchObject({ status: 'queued', attempts: 0, nextAttemptAt: null });
      expect(await h.database.db.em().count(Job, { subjectId: { $in: [first.id, second.id, theirs.id] } })).toBe(0);
      expect(smtp.received.filter((r) => r.parsed.subject?.includes('INV-00020'))).toHaveLength(1);
      // The letter's document is addressed to its recipient (the window envelope shows it).
      expect((await stored(first.id)).document).toMatchObject({ customer: { billing_address: HARBOR } });

      const printed = await download('/v1/print_queue/letters.pdf', own.secret);
      expect(printed.status).toBe(200);
      expect(printed.headers.get('content-type')).toBe('application/pdf');
      expect(printed.headers.get('letter-count')).toBe('2');
      expect(printed.headers.get('content-disposition')).toBe(`inline; filename="letters-${day}.pdf"`);
      const text = await pdfText(printed.bytes);
      for (const expected of ['77 Harbor Rd', 'Suite 4', 'Portland, ME 04101', '9 Pier St', 'INV-000201', 'INV-000202']) expect(text).toContain(expected);
      expect(text.indexOf('INV-000201')).toBeLessThan(text.indexOf('INV-000202'));
      expect(text).not.toContain('INV-000203');
      expect(text).not.toContain('INV-000900');
      expect((await download(`/v1/print_queue/letters.pdf?date=${day}`, own.secret)).headers.get('letter-count')).toBe('2');
      const none = await h.op('getPrintQueueLetters', { ...as(own.secret), query: { date: '2026-11-30' } });
      expect(none.status).toBe(404);
      expect(none.error).toMatchObject({ code: 'resource_missing', message: 'No letter made on 2026-11-30 is waiting to be posted.' });

      const marked = await h.op('markLettersMailed', { ...as(own.secret), body: { message_ids: [first.id] } });
      expect(marked.status).toBe(200);
      // One object (2027-01-15): the letters it marked.
      expect(marked.body.object).toBe('letters_mailed');
      expect(marked.body.messages).toHaveLength(1);
      expect(marked.body.messages[0]).toMatchObject({ id: first.id, status: 'sent', sent_at: unix(clock.now()), attempts: 0 });
      expect((await download('/v1/print_queue/letters.pdf', own.secret)).headers.get('letter-count')).toBe('1');

      const again = await h.op('markLettersMailed', { ...as(own.secret), body: { message_ids: [first.id] } });
      expect(again.status).toBe(409);
      expect(again.error?.code).toBe('invalid_state_transition');
      const unknown = await h.op('markLettersMailed', { ...as(own.secret), body: { message_ids: [newId('message')] } });
      expect(unknown.status).toBe(404);
      expect(unknown.error?.code).toBe('resource_missing');
      const foreign = await h.op('markLettersMailed', { ...as(own.secret), body: { message_ids: [theirs.id] } });
      expect(foreign.status).toBe(404);
      // All or nothing: a queued letter beside an email is not marked either.
      const mixed = await h.op('markLettersMailed', { ...as(own.secret), body: { message_ids: [second.id, email.id] } });
      expect(mixed.status).toBe(409);
      expect(mixed.error?.code).toBe('invalid_state_transition');
      expect(await stored(second.id)).toMatchObject({ status: 'queued', sentAt: null });
      expect(await stored(theirs.id)).toMatchObject({ status: 'queued' });

      // A key pinned to 2026-12-01 is answered the list it always was.
      const pinned = await createApiKey(h.database.db.em(), { accountName: 'mail-letters', scopes: parseScopes('all'), apiVersion: '2026-12-01' }, clock);
      const old = await h.call('POST', '/v1/print_queue/mark_mailed', { key: pinned.secret, body: { message_ids: [second.id] } });
      expect(old.status).toBe(200);
      expect(old.headers.get('service-version')).toBe('2026-12-01');
      expect(old.body).toMatchObject({ object: 'list', has_more: false, next_cursor: null, data: [{ id: second.id, object: 'message', status: 'sent' }] });
      expect(Object.keys(old.body)).toEqual(['object', 'data', 'has_more', 'next_cursor']);
      const empty = await h.op('getPrintQueueLetters', as(own.secret));
      expect(empty.status).toBe(404);
      expect(empty.error).toMatchObject({ code: 'resource_missing', message: 'No letter is waiting to be posted.' });
      // The other account's letter is still queued, in its own print queue.
      expect((await download('/v1/print_queue/letters.pdf', other.secret)).headers.get('letter-count')).toBe('1');
    });
  });

  describe('latestMessages and renderDelivery (an invoice\'s delivery, a carrier payment\'s remittance)', () => {
    it('answers the newest message of each subject of the account, of a kind when asked, in one statement, without bodies or attachments', async () => {
      const own = await createApiKey(h.database.db.em(), { accountName: 'mail-latest', scopes: parseScopes('all') }, clock);
      const other = await createApiKey(h.database.db.em(), { accountName: 'mail-latest-other', scopes: parseScopes('all') }, clock);
      const invoiceId = newId('invoice', clock.now().getTime());
      const paymentId = newId('carrierPayment', clock.now().getTime());
      const silentId = newId('invoice', clock.now().getTime());
      const address = { address1: '2 Elm St', address2: null, city: 'Dallas', state: 'TX' as const, zip: '75201' };
      await queue({ subjectId: invoiceId }, own.account.id);
      clock.advance(SECOND);
      const letter = await queue({ subjectId: invoiceId, channel: 'post', to: address }, own.account.id);
      const remittance = await queue({ kind: 'remittance', subjectId: paymentId, to: 'dispatch@blueline.example', toName: null, document: remittanceDocument() }, own.account.id);
      clock.advance(SECOND);
      await queue({ subjectId: invoiceId }, other.account.id); // newer, but another account's
      while ((await runner.runOnce()) > 0);

      for (const em of ['outside', 'inside'] as const) {
        const read = (kind?: 'invoice' | 'remittance') =>
          em === 'outside'
            ? latestMessages(h.database.db.em(), own.account.id, [invoiceId, paymentId, silentId, invoiceId], kind)
            : inTransaction(background(), (tx) => latestMessages(tx.em, own.account.id, [invoiceId, paymentId, silentId, invoiceId], kind));
        const latest = await read();
        expect([...latest.keys()].sort(), em).toEqual([invoiceId, paymentId].sort());
        expect(latest.get(invoiceId)?.id).toBe(letter.id);
        expect(latest.get(paymentId)?.id).toBe(remittance.id);
        expect((latest.get(invoiceId) as Partial<Message>).attachment).toBeUndefined();
        expect(renderDelivery(latest.get(invoiceId)!)).toEqual({
          message_id: letter.id,
          channel: 'post',
          to: address,
          status: 'queued',
          attempts: 0,
          last_error: null,
          next_attempt_at: null,
          sent_at: null,
        });
        expect(renderDelivery(latest.get(paymentId)!)).toMatchObject({ message_id: remittance.id, channel: 'email', to: 'dispatch@blueline.example', status: 'sent', attempts: 1, sent_at: unix(clock.now()) });
        expect([...(await read('remittance')).keys()]).toEqual([paymentId]);
      }
      expect((await latestMessages(h.database.db.em(), own.account.id, [])).size).toBe(0);
      expect(renderDelivery(null)).toBeNull();
    });
  });

  describe('listMessages, getMessage, getMessageAttachment', () => {
    it('lists the account\'s messages newest first, filtered by kind, channel, status, subject and creation time', async () => {
      const own = await createApiKey(h.database.db.em(), { accountName: 'mail-list', scopes: parseScopes('all') }, clock);
      const invoiceId = newId('invoice', clock.now().getTime());
      const invoice = await queue({ subjectId: invoiceId }, own.account.id);
      clock.advance(MINUTE);
      const since = unix(clock.now());
      const remittance = await queue({ kind: 'remittance', subjectId: newId('carrierPayment', clock.now().getTime()), to: 'dispatch@blueline.example', toName: null, document: remittanceDocument() }, own.account.id);
      const letter = await queue({ channel: 'post', subjectId: invoiceId, to: { address1: '2 Elm St', city: 'Dallas', state: 'TX', zip: '75201' }, toName: 'Zoë Łódź Motors' }, own.account.id);
      expect(await runner.runOnce()).toBe(2); // the two emails are sent; the letter stays queued
      const list = async (query: Record<string, string | number> = {}) => {
        const r = await h.op('listMessages', { key: own.secret, query });
        expect(r.status).toBe(200);
        return r.body.data.map((m) => m.id);
      };
      expect(await list()).toEqual([letter.id, remittance.id, invoice.id]);
      expect(await list({ kind: 'remittance' })).toEqual([remittance.id]);
      expect(await list({ channel: 'post' })).toEqual([letter.id]);
      expect(await list({ status: 'sent' })).toEqual([remittance.id, invoice.id]);
      expect(await list({ status: 'queued' })).toEqual([letter.id]);
      expect(await list({ subject_id: invoiceId })).toEqual([letter.id, invoice.id]);
      expect(await list({ 'created[gte]': since })).toEqual([letter.id, remittance.id]);
      expect(await list({ 'created[lte]': since - 1 })).toEqual([invoice.id]);
      const page = await h.op('listMessages', { key: own.secret, query: { limit: 2, 'include[]': 'total_count' } });
      expect(page.body).toMatchObject({ has_more: true, next_cursor: remittance.id, total_count: 3 });
      expect(await list({ cursor: remittance.id })).toEqual([invoice.id]);
    });

    it('shows a message as the spec says, and serves its attachment as sent; another account\'s is missing', async () => {
      const own = await createApiKey(h.database.db.em(), { accountName: 'mail-get', scopes: parseScopes('all') }, clock);
      const other = await createApiKey(h.database.db.em(), { accountName: 'mail-get-other', scopes: parseScopes('all') }, clock);
      const m = await queue({}, own.account.id);
      expect(await runner.runOnce()).toBe(1);
      const got = await h.op('getMessage', { key: own.secret, params: { message_id: m.id } });
      expect(got.status).toBe(200);
      expect(got.body).toEqual(renderMessage(await stored(m.id)));
      expect(got.body).toMatchObject({
        id: m.id,
        object: 'message',
        kind: 'invoice',
        channel: 'email',
        subject_id: m.subjectId,
        to: 'ap@zoe-motors.example',
        to_name: 'Zoë Łódź Motors',
        subject: 'Invoice INV-000123 from Roadway Auto Transport LLC: $1,450.00 due Dec 31, 2026',
        internet_message_id: `<${m.id}@mail.roadway.example>`,
        status: 'sent',
        attempts: 1,
        last_error: null,
        next_attempt_at: null,
        sent_at: unix(clock.now()),
        created: unix(m.createdAt),
        attachments: [
          { filename: 'invoice-INV-000123.pdf', content_type: 'application/pdf', size: m.attachment!.byteLength, sha256: m.attachmentSha256, url: `/v1/messages/${m.id}/attachments/0.pdf` },
        ],
      });
      expect(got.body.text).toContain('How to pay:\nACH: routing 111000025, account 0012345678');
      expect(got.body.html).toContain('<p>Hello Zoë Łódź Motors,</p>');

      const file = await download(got.body.attachments[0]!.url, own.secret);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      expect(file.headers.get('content-disposition')).toBe('inline; filename="invoice-INV-000123.pdf"');
      expect(file.bytes.byteLength).toBe(got.body.attachments[0]!.size);
      expect(sha256(file.bytes)).toBe(got.body.attachments[0]!.sha256);
      expect((await download(`/v1/messages/${m.id}/attachments/1.pdf`, own.secret)).status).toBe(404);
      // The attachment by its index alone is 2026-12-01's path: a key pinned to it reads that URL and fetches it there.
      const pinned = await createApiKey(h.database.db.em(), { accountName: 'mail-get', scopes: parseScopes('all'), apiVersion: '2026-12-01' }, clock);
      const old = await h.op('getMessage', { key: pinned.secret, params: { message_id: m.id } });
      expect(old.body.attachments[0]!.url).toBe(`/v1/messages/${m.id}/attachments/0`);
      const oldFile = await download(old.body.attachments[0]!.url, pinned.secret);
      expect([oldFile.status, oldFile.headers.get('content-type'), sha256(oldFile.bytes)]).toEqual([200, 'application/pdf', m.attachmentSha256]);
      expect((await download(`/v1/messages/${m.id}/attachments/1`, pinned.secret)).status).toBe(404);
      const gone = await download(`/v1/messages/${m.id}/attachments/0`, own.secret);
      expect(gone.status).toBe(404);

      expect((await h.op('getMessage', { key: other.secret, params: { message_id: m.id } })).status).toBe(404);
      expect((await download(`/v1/messages/${m.id}/attachments/0.pdf`, other.secret)).status).toBe(404);
      expect((await h.op('getMessage', { key: own.secret, params: { message_id: newId('message') } })).error?.code).toBe('resource_missing');
    });
  });
});

describe.each(backends())('a worker without SMTP_URL on %s', (backend: Backend) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('says so once at start-up, writes live emails kept, and a worker started later with SMTP_URL leaves them kept', async () => {
    let env: Record<string, string>;
    if (backend === 'pglite') {
      const dir = mkdtempSync(join(tmpdir(), 'vt-mail-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      env = { DATA_DIR: join(dir, 'data') };
    } else {
      const db = await createTestDatabase(backend);
      await db.db.close();
      cleanups.push(() => db.drop());
      env = db.env;
    }
    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.close());
    const base = { ...env, ROLE: 'worker', WORKER_JOBS: 'mail', PORT: '0', MAIL_FROM: FROM, SECRETS_KEY: newSecretsKey('mail-test') };
    const lines: { level: number; msg: string }[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });

    const keeper = await start(loadConfig(base), log);
    let id: string;
    try {
      expect(lines.filter((l) => l.msg.startsWith('SMTP_URL is not set'))).toEqual([
        expect.objectContaining({
          level: 30,
          msg: 'SMTP_URL is not set: emails (invoices, remittance advice, rate confirmations) are kept, not sent (status kept; dashboard: Mail; GET /v1/messages?status=kept). Once SMTP_URL is set, new emails are sent; a kept one is sent only when asked (Send on its page, POST /v1/messages/{id}/send)',
        }),
      ]);
      const { account } = await createApiKey(keeper.db.em(), { accountName: 'kept', scopes: parseScopes('all') }, systemClock);
      // The settings this process gives its work: no mail server.
      const ctx = backgroundContext({ em: keeper.db.em(), clock: systemClock, log: silent, settings: { production: false, signIn: { perEmail: 5, perAddress: 50, windowMs: 900_000 }, mailFrom: FROM, keepsMail: true } });
      id = (
        await inTransaction(ctx, (tx) =>
          queueMessage(tx, { kind: 'invoice', channel: 'email', subjectId: newId('invoice'), to: 'ap@zoe-motors.example', toName: 'Zoë Łódź Motors', replyTo: null, document: invoiceDocument(), accountId: account.id }),
        )
      ).id;
      // Kept, with no delivery job: nothing will send it by itself.
      expect(await keeper.jobs!.runOnce()).toBe(0);
      expect(await keeper.db.em().findOneOrFail(Message, { id })).toMatchObject({ status: 'kept', attempts: 0, nextAttemptAt: null });
      expect(await keeper.db.em().findOne(Job, { subjectId: id })).toBeNull();
    } finally {
      await keeper.stop();
    }
    expect(smtp.received).toHaveLength(0);

    // SMTP_URL set later: the kept email stays kept (a person sends it: the describe below).
    const sender = await start(loadConfig({ ...base, SMTP_URL: smtp.url }), silent);
    try {
      expect(await sender.jobs!.runOnce()).toBe(0);
      expect(await sender.db.em().findOneOrFail(Message, { id })).toMatchObject({ status: 'kept', attempts: 0 });
    } finally {
      await sender.stop();
    }
    expect(smtp.received).toHaveLength(0);
  }, 60_000);
});

describe.each(backends())('emails kept for want of a mail server on %s', (backend: Backend) => {
  const clock = new TestClock(Date.UTC(2026, 11, 1, 15, 0, 0));
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('are written kept with no attempt; once SMTP_URL is set they stay kept until sent by hand, then go once', async () => {
    const database = await createTestDatabase(backend);
    cleanups.push(() => database.drop());
    // A server without SMTP_URL (npm start as it comes).
    const before = await startHarness(backend, { clock, database, keepsMail: true });
    cleanups.push(() => before.close());
    const key = await before.key('kept-broker');
    const f = fixtures(before, key);
    const customer = await f.customer();
    const invoice = await f.invoice(customer, []);
    expect(invoice.delivery).toMatchObject({ channel: 'email', status: 'kept', attempts: 0, next_attempt_at: null });
    const id: string = invoice.delivery.message_id;
    expect((await before.call('GET', `/v1/messages?status=kept`, { key })).body.data.map((m: { id: string }) => m.id)).toEqual([id]);
    expect(await database.db.em().findOne(Job, { subjectId: id })).toBeNull();
    // Sending needs a mail server here.
    const refused = await before.call('POST', `/v1/messages/${id}/send`, { key });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'invalid_state_transition', message: expect.stringContaining('SMTP_URL') });
    // Voiding an invoice withdraws its kept email: it can never be sent.
    const voided = await f.invoice(customer, [], { status: 'VOID' });
    expect((await before.call('GET', `/v1/messages/${voided.delivery.message_id}`, { key })).body.status).toBe('cancelled');
    await before.close();
    cleanups.pop();

    // The same database, restarted with SMTP_URL: a worker runs the mail job with a real SMTP server.
    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.close());
    const transport = createMailTransport(smtp.url);
    cleanups.push(() => transport.close());
    const after = await startHarness(backend, { clock, database });
    cleanups.push(() => after.close());
    const runner = new JobRunner({ db: database.db, clock, log: silent, handlers: { [MAIL_JOB]: mailJob({ db: database.db, clock, log: silent, transport, from: FROM }) } });
    expect(await runner.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(0);
    expect((await after.call('GET', `/v1/messages/${id}`, { key })).body).toMatchObject({ status: 'kept', attempts: 0 });

    const sent = await after.call('POST', `/v1/messages/${id}/send`, { key, headers: { 'Idempotency-Key': `send-${id}` } });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ id, status: 'queued', attempts: 0, next_attempt_at: Math.floor(clock.now().getTime() / 1000) });
    expect(await runner.runOnce()).toBe(1);
    await smtp.waitFor(1, 10_000);
    expect(smtp.received[0]!.parsed.messageId).toMatch(new RegExp(`^<${id}@`));
    expect((await after.call('GET', `/v1/messages/${id}`, { key })).body).toMatchObject({ status: 'sent', attempts: 1 });
    // Once: sending it again is refused; a retried request answers as the first did.
    expect((await after.call('POST', `/v1/messages/${id}/send`, { key })).body.error.code).toBe('invalid_state_transition');
    expect((await after.call('POST', `/v1/messages/${id}/send`, { key, headers: { 'Idempotency-Key': `send-${id}` } })).status).toBe(200);
    expect(await runner.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(1);
    // New emails are queued and go by themselves.
    const next = await fixtures(after, key).invoice(customer, []);
    expect(next.delivery.status).toBe('queued');

    // A message of test mode is never sent; a letter is posted, not sent; another account's is not found.
    const testKey = await after.key('kept-broker', 'all', { livemode: false });
    const testInvoice = await fixtures(after, testKey).invoice(await fixtures(after, testKey).customer(), []);
    expect(testInvoice.delivery.status).toBe('kept');
    const test = await after.call('POST', `/v1/messages/${testInvoice.delivery.message_id}/send`, { key: testKey });
    expect(test.status).toBe(409);
    expect(test.body.error.message).toContain('test mode');
    const draft = await fixtures(after, key).invoice(customer, [], { send: false });
    const letter = await after.call('POST', `/v1/invoices/${draft.id}/send`, { key, body: { address: { address1: '1 Main St', city: 'Chicago', state: 'IL', zip: '60601' } } });
    expect((await after.call('POST', `/v1/messages/${letter.body.delivery.message_id}/send`, { key })).body.error.code).toBe('invalid_state_transition');
    expect((await after.call('POST', `/v1/messages/${id}/send`, { key: await after.key('someone-else') })).status).toBe(404);
    // A key that reads accounting only may not send.
    expect((await after.call('POST', `/v1/messages/${id}/send`, { key: await after.key('kept-broker', 'accounting:read') })).status).toBe(403);
  }, 90_000);
});
