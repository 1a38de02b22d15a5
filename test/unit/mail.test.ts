// The mail rules without a server: what each message says (and that its HTML escapes every value),
// the retry schedule (10 s, 1 min, 5 min, 30 min, 2 h, 6 h) as the job queue runs it, which SMTP
// answers fail an email for good, and the sender address MAIL_FROM.
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Job } from '../../src/jobs/jobs.entities.js';
import { enqueueJob, JobRunner, PermanentJobError, type JobHandler } from '../../src/jobs/runner.js';
import { domainOf, parseMailbox } from '../../src/mail/mailbox.js';
import { mailRetryDelayMs } from '../../src/mail/schedule.js';
import { failureReason, isPermanentRefusal, MAIL_JOB, MAIL_MAX_ATTEMPTS, MAIL_RETRY_DELAYS_MS, mailJob } from '../../src/mail/sender.js';
import { composeMessage, escapeHtml } from '../../src/mail/templates.js';
import type { Database } from '../../src/shared/database.js';
import { openEmbeddedDatabase } from '../support/embedded-database.js';
import { BROKER, invoiceDocument, rateConfirmationDocument, remittanceDocument } from '../support/mail-documents.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const silent = pino({ level: 'silent' });

describe('escapeHtml', () => {
  it('escapes the five characters HTML gives a meaning, and nothing else', () => {
    expect(escapeHtml(`<script>alert("x" + 'y')</script> & Zoë`)).toBe('&lt;script&gt;alert(&quot;x&quot; + &#39;y&#39;)&lt;/script&gt; &amp; Zoë');
    expect(escapeHtml('plain text, 100% ok')).toBe('plain text, 100% ok');
  });
});

describe('the invoice email', () => {
  it('names the invoice, the broker, what is due and when in its subject', () => {
    expect(composeMessage(invoiceDocument()).subject).toBe('Invoice INV-000123 from Roadway Auto Transport LLC: $1,450.00 due Dec 31, 2026');
  });

  it('greets the customer, says the amount and due date, how to pay and whom to ask', () => {
    const { text } = composeMessage(invoiceDocument());
    expect(text).toBe(
      [
        'Hello Zoë Łódź Motors,',
        '',
        'Attached is invoice INV-000123 for $1,450.00, due Dec 31, 2026.',
        '',
        'How to pay:',
        'ACH: routing 111000025, account 0012345678',
        'Quote the invoice number.',
        '',
        'Questions about this invoice? Call +1 512 555 0100 or write to billing@roadway.example.',
        '',
        'Thank you for your business,',
        'Roadway Auto Transport LLC',
        '',
      ].join('\n'),
    );
  });

  it('escapes every value in the HTML body, and keeps the text body as typed', () => {
    const name = '<script>alert(1)</script> & "Sons"';
    const { html, text, subject } = composeMessage(
      invoiceDocument({ customer: { name, email: null, billing_address: null }, broker: { ...BROKER, legal_name: 'Roadway <b>Auto</b>', payment_instructions: 'Pay <a href="x">here</a>' } }),
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('<a ');
    expect(html).toContain('<p>Hello &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Sons&quot;,</p>');
    expect(html).toContain('<p>How to pay:<br>\nPay &lt;a href=&quot;x&quot;&gt;here&lt;/a&gt;</p>');
    expect(text).toContain(`Hello ${name},`);
    expect(subject).toBe('Invoice INV-000123 from Roadway <b>Auto</b>: $1,450.00 due Dec 31, 2026');
  });

  it('says what remains after a partial payment, and sends to the remit-to address without instructions', () => {
    const doc = invoiceDocument({
      amount_paid: 45_000,
      amount_remaining: 100_000,
      broker: { ...BROKER, payment_instructions: null, remit_to: { address1: 'PO Box 9', city: 'Austin', state: 'TX', zip: '78767' }, phone: null },
    });
    const { subject, text } = composeMessage(doc);
    expect(subject).toBe('Invoice INV-000123 from Roadway Auto Transport LLC: $1,000.00 due Dec 31, 2026');
    expect(text).toContain('Attached is invoice INV-000123 for $1,450.00. $450.00 is paid; $1,000.00 remains due by Dec 31, 2026.');
    expect(text).toContain('Please send payment to:\nRoadway Auto Transport LLC\nPO Box 9\nAustin, TX 78767');
    expect(text).toContain('Questions about this invoice? Write to billing@roadway.example.');
  });

  it('asks for nothing on a paid or void invoice', () => {
    const paid = composeMessage(invoiceDocument({ status: 'PAID', amount_paid: 145_000, amount_remaining: 0 }));
    expect(paid.subject).toBe('Invoice INV-000123 from Roadway Auto Transport LLC: paid in full');
    expect(paid.text).not.toContain('How to pay');
    const voided = composeMessage(invoiceDocument({ status: 'VOID' }));
    expect(voided.subject).toBe('Invoice INV-000123 from Roadway Auto Transport LLC: void');
    expect(voided.text).toContain('It is void: nothing is due on it.');
    expect(voided.text).not.toContain('How to pay');
  });

  it('keeps one-line fields on one line (a subject cannot be broken into headers)', () => {
    const { subject } = composeMessage(invoiceDocument({ number: 'INV-1\r\nBcc: x@y.example' }));
    expect(subject).toBe('Invoice INV-1 Bcc: x@y.example from Roadway Auto Transport LLC: $1,450.00 due Dec 31, 2026');
  });
});

describe('the remittance advice email', () => {
  it('says how much, by whom and how in its subject, and lists the loads paid', () => {
    const { subject, text, html } = composeMessage(remittanceDocument());
    expect(subject).toBe('Remittance advice: $1,100.00 paid by Roadway Auto Transport LLC (ACH, ref 000123)');
    expect(text).toContain('Hello Maria Delgado,');
    expect(text).toContain('Roadway Auto Transport LLC paid Blue Line Haulers Inc $1,100.00 by ACH on Dec 5, 2026 (reference 000123), for the 2 loads below.');
    expect(text).toContain('- ord_01JF3QF2H4K6M8P0R2T4V6X8Z0, Chicago, IL to Miami Beach, FL, delivered Dec 3, 2026: $550.00\n- ord_01JF3QF2H4K6M8P0R2T4V6X8Z1');
    expect(html).toContain('<ul>\n<li>ord_01JF3QF2H4K6M8P0R2T4V6X8Z0, Chicago, IL to Miami Beach, FL, delivered Dec 3, 2026: $550.00</li>');
  });

  it('names a check without a reference plainly', () => {
    const doc = remittanceDocument();
    expect(composeMessage({ ...doc, payment: { ...doc.payment, payment_method: 'check', reference: null } }).subject).toBe(
      'Remittance advice: $1,100.00 paid by Roadway Auto Transport LLC (Check)',
    );
  });
});

describe('the rate confirmation email', () => {
  it('names the load, the route and the pay in its subject, and gives pickup, delivery and the ready date', () => {
    const { subject, text } = composeMessage(rateConfirmationDocument());
    expect(subject).toBe('Rate confirmation ord_01JF3QF2H4K6M8P0R2T4V6X8Z0: Chicago, IL to Miami Beach, FL, $950.00');
    expect(text).toContain('Pickup:\n1200 W Lake St\nChicago, IL 60607\nReady Dec 1, 2026\nContact: Dana Ruiz, +1 312 555 0101');
    expect(text).toContain('Delivery:\n500 Ocean Dr\nMiami Beach, FL 33139\nDeliver by Dec 6, 2026 (within 5 days of the ready date)');
    expect(text).toContain('- 2003 Honda Accord, VIN 1HGCM82633A004352\n- 2010 Toyota Camry, VIN 4T1BF3EK5AU123456');
    expect(text).toContain('Carrier pay: $950.00');
  });

  it('leaves the pay out of the subject when none is set', () => {
    const { subject, text } = composeMessage(rateConfirmationDocument({ carrier_pay: null }));
    expect(subject).toBe('Rate confirmation ord_01JF3QF2H4K6M8P0R2T4V6X8Z0: Chicago, IL to Miami Beach, FL');
    expect(text).toContain('Carrier pay: not set');
  });
});

describe('the retry schedule', () => {
  it('waits 10 s, 1 min, 5 min, 30 min, 2 h and 6 h after each temporary failure: seven attempts in all', () => {
    expect(MAIL_RETRY_DELAYS_MS).toEqual([10 * SECOND, MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 6 * HOUR]);
    expect(MAIL_MAX_ATTEMPTS).toBe(7);
    expect(MAIL_JOB).toBe('mail.send');
  });

  it.each([
    [1, 10 * SECOND],
    [2, MINUTE],
    [3, 5 * MINUTE],
    [4, 30 * MINUTE],
    [5, 2 * HOUR],
    [6, 6 * HOUR],
    [7, 6 * HOUR],
  ])('the job queue waits, after failed attempt %i, %i ms (the handler\'s backoff)', (attempt, wait) => {
    expect(mailRetryDelayMs(attempt)).toBe(wait);
    const handler = mailJob({ db: {} as Database, clock: { now: () => new Date() }, log: silent, transport: { sendMail: async () => ({}) } as never, from: 'billing@example.com' });
    expect(handler.backoffMs?.(attempt)).toBe(wait);
  });
});

describe('which failures are for good', () => {
  it.each([
    [{ responseCode: 550, response: '550 5.1.1 No such mailbox' }, true],
    [{ responseCode: 500 }, true],
    [{ responseCode: 554, code: 'EMESSAGE' }, true],
    [{ responseCode: 599 }, true],
    [{ responseCode: 503, response: '503 5.5.1 Bad sequence of commands' }, false],
    [{ responseCode: 535, code: 'EAUTH', response: '535 5.7.8 Authentication failed' }, false],
    [{ responseCode: 451, response: '451 4.3.0 Try again later' }, false],
    [{ responseCode: 421 }, false],
    [{ responseCode: 499 }, false],
    [{ responseCode: 600 }, false],
    [{ code: 'ECONNECTION', message: 'connect ECONNREFUSED 127.0.0.1:2525' }, false],
    [{ code: 'ETIMEDOUT', message: 'Greeting never received' }, false],
    [null, false],
  ])('%j: permanent %s', (err, permanent) => {
    expect(isPermanentRefusal(err)).toBe(permanent);
  });

  it('keeps the server\'s answer when there is one, else the error, at most 1,000 characters', () => {
    expect(failureReason(Object.assign(new Error("Can't send mail - all recipients were rejected: 451 4.3.0 Try again later"), { response: '451 4.3.0 Try again later' }))).toBe(
      '451 4.3.0 Try again later',
    );
    expect(failureReason(new Error('connect ECONNREFUSED 127.0.0.1:2525'))).toBe('connect ECONNREFUSED 127.0.0.1:2525');
    expect(failureReason('socket hang up')).toBe('socket hang up');
    const long = failureReason(new Error('x'.repeat(5000)));
    expect(long).toHaveLength(1000);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('MAIL_FROM', () => {
  it.each([
    ['billing@roadway.example', { name: null, address: 'billing@roadway.example' }],
    ['Roadway Billing <billing@roadway.example>', { name: 'Roadway Billing', address: 'billing@roadway.example' }],
    ['"Roadway, Inc." <billing@mail.roadway.example>', { name: 'Roadway, Inc.', address: 'billing@mail.roadway.example' }],
    ['  <billing@roadway.example> ', { name: null, address: 'billing@roadway.example' }],
  ])('%s is %j', (text, mailbox) => {
    expect(parseMailbox(text)).toEqual(mailbox);
  });

  it.each(['billing', 'Billing <billing>', 'a b@c.example', '<>', ''])('%j is refused', (text) => {
    expect(() => parseMailbox(text)).toThrow(/not an email address/);
  });

  it('names the Message-ID domain by the address\'s domain', () => {
    expect(domainOf('billing@mail.roadway.example')).toBe('mail.roadway.example');
  });
});

describe('the job queue, as the mail worker uses it', () => {
  let db: Database;
  let now = Date.UTC(2026, 11, 1, 12, 0, 0);
  const clock = { now: () => new Date(now) };
  const outcomes: (Error | null)[] = [];
  const failed: string[] = [];
  const handler: JobHandler = {
    backoffMs: mailRetryDelayMs,
    async run() {
      const outcome = outcomes.shift();
      if (outcome) throw outcome;
    },
    async onFailed(_job, error) {
      failed.push(error.message);
    },
  };
  beforeAll(async () => {
    db = await openEmbeddedDatabase();
  });
  afterAll(() => db.close());
  const runner = () => new JobRunner({ db, clock, log: silent, handlers: { 'test.mail': handler } });
  const only = async () => (await db.em().find(Job, { kind: 'test.mail' }))[0]!;

  it('retries after the handler\'s own delay for the attempt, and fails a job at once on a PermanentJobError', async () => {
    await enqueueJob(db.em(), { kind: 'test.mail', runAt: clock.now(), maxAttempts: MAIL_MAX_ATTEMPTS });
    outcomes.push(new Error('451 4.3.0 Try again later'), new Error('451 4.3.0 Try again later'), new PermanentJobError('550 5.1.1 No such mailbox'));
    expect(await runner().runOnce()).toBe(1);
    expect(await only()).toMatchObject({ status: 'queued', attempts: 1, lastError: '451 4.3.0 Try again later', runAt: new Date(now + 10 * SECOND) });
    now += 10 * SECOND;
    expect(await runner().runOnce()).toBe(1);
    expect(await only()).toMatchObject({ status: 'queued', attempts: 2, runAt: new Date(now + MINUTE) });
    now += MINUTE;
    expect(await runner().runOnce()).toBe(1);
    expect(await only()).toMatchObject({ status: 'failed', attempts: 3, lastError: '550 5.1.1 No such mailbox' });
    expect(failed).toEqual(['550 5.1.1 No such mailbox']);
    now += 24 * HOUR;
    expect(await runner().runOnce()).toBe(0);
  });
});
