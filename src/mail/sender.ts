// The mail worker: delivers each queued email over SMTP as a job of the durable job queue
// (src/jobs/runner.ts), one job per email. An attempt sends outside any transaction and records its
// outcome in a short one. Every attempt carries the message's own Message-ID, so the rare repeat (a
// worker killed after the server took the message and before the outcome was recorded: the job is
// claimed again when its lease runs out) is recognisable as the same message. A 4xx answer, a timeout
// or a server that cannot be reached is tried again after MAIL_RETRY_DELAYS_MS; a 5xx answer fails
// the email at once.
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type { Job } from '../jobs/jobs.entities.js';
import { PermanentJobError, type JobHandler } from '../jobs/runner.js';
import type { Clock } from '../shared/clock.js';
import { backgroundContext, DEFAULT_SIGN_IN_POLICY, inTransaction, type Context, type Settings } from '../shared/context.js';
import type { Database } from '../shared/database.js';
import { lockOne } from '../shared/find.js';
import type { Logger } from '../shared/logger.js';
import { attachmentBytes, Message } from './mail.entities.js';
import { parseMailbox, type Mailbox } from './mailbox.js';
import { mailRetryDelayMs } from './schedule.js';
import { livemodeOf } from '../shared/livemode.js';

export { MAIL_JOB, MAIL_MAX_ATTEMPTS, MAIL_RETRY_DELAYS_MS } from './schedule.js';

/**
 * The pooled SMTP client of a worker (`smtp://host:port`, `smtps://user:pass@host:465`): as many
 * connections as the job queue runs jobs at once (4), kept open between emails, so no email waits
 * for a connection; each attempt is bounded as a whole well under the job lease (SEND_DEADLINE_MS),
 * so a stalled server fails the attempt before another worker may claim the job. Close it on shutdown.
 */
export function createMailTransport(smtpUrl: string): Transporter {
  return nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 4,
    // A connection lost mid-send fails the attempt: the job queue retries it, counted and visible,
    // rather than the pool sending it again unseen (and past the lease).
    maxRequeues: 0,
    // Closed before a server's own idle limit (often 5 minutes) could close it under a new email.
    idleTimeout: 30_000,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    // Emails carry only what this service wrote; nothing is read from files or URLs.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
}

/** What the worker needs of a transport (a nodemailer transport). */
export type MailTransport = Pick<Transporter, 'sendMail'>;

export interface MailJobDeps {
  db: Database;
  clock: Clock;
  log: Logger;
  transport: MailTransport;
  /** MAIL_FROM: its address is every email's sender (the display name is the broker's, from the document). */
  from: string;
  /** The settings of the context given to `onPermanentFailure` (development defaults otherwise). */
  settings?: Settings;
  /** How long one attempt may take in all (SEND_DEADLINE_MS by default). */
  sendDeadlineMs?: number;
  /** Told once an email failed for good, in the transaction that marks it failed. */
  onPermanentFailure?: (ctx: Context, message: Message) => Promise<void>;
}

/**
 * How long one attempt may take in all (connecting, greeting, every command, the data), below the job
 * lease (60 s): past it the attempt is a temporary failure, retried on the schedule. (Should the
 * server take the message after all, the retry sends it again with the same Message-ID.)
 */
export const SEND_DEADLINE_MS = 45_000;

/** `work`, or a timeout error once `ms` have passed. */
async function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`the mail server did not take the message within ${ms / 1000} s`), { code: 'ETIMEDOUT' })), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The error of an attempt as nodemailer reports it: the server's reply when there was one. */
interface SmtpError {
  code?: string;
  response?: string;
  responseCode?: number;
  message?: string;
}

/**
 * Whether a failed attempt is a refusal for good: a 5xx reply (RFC 5321), but 503 (commands out of
 * sequence: the session's fault, not the message's) and a refused login (the mail server's settings,
 * which someone can fix before the retries run out).
 */
export function isPermanentRefusal(err: unknown): boolean {
  const e = (err ?? {}) as SmtpError;
  const code = e.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600 && code !== 503 && e.code !== 'EAUTH';
}

/** What `last_error` keeps: the server's reply (`451 4.3.0 Try again later`), else the error. */
export function failureReason(err: unknown): string {
  const e = (err ?? {}) as SmtpError;
  const reason = e.response?.trim() || (err instanceof Error ? err.message : String(err));
  return reason.length > 1000 ? `${reason.slice(0, 999)}…` : reason;
}

/** The email of a message, the same on every attempt (Message-ID and Date included). */
function emailOf(m: Message, sender: Mailbox): SendMailOptions {
  const broker = m.document.broker.legal_name.replace(/\s+/g, ' ').trim();
  return {
    from: { name: broker || sender.name || '', address: sender.address },
    to: { name: m.recipientName ?? '', address: m.recipient as string },
    ...(m.replyTo ? { replyTo: m.replyTo } : {}),
    subject: m.subject,
    text: m.bodyText,
    html: m.bodyHtml,
    attachments: m.attachmentName ? [{ filename: m.attachmentName, content: attachmentBytes(m), contentType: 'application/pdf' }] : [],
    messageId: m.internetMessageId,
    // When the message was written (RFC 5322's origination date), not when this attempt runs.
    date: m.createdAt,
  };
}

type Outcome = { status: 'sent' } | { status: 'queued'; reason: string; retryAt: Date } | { status: 'failed'; reason: string; counted: boolean };

/** The delivery job of emails: its handler for the job queue (kind MAIL_JOB, subject the message id). */
export function mailJob(deps: MailJobDeps): JobHandler {
  const sender = parseMailbox(deps.from);
  const settings = deps.settings ?? { production: false, signIn: DEFAULT_SIGN_IN_POLICY, mailFrom: deps.from };
  const context = () => backgroundContext({ em: deps.db.em(), clock: deps.clock, log: deps.log, settings });

  /** Records an attempt's outcome on a message still queued; a failure for good is told in the same transaction. */
  const record = (id: string, outcome: Outcome) =>
    inTransaction(context(), async (tx) => {
      const m = await lockOne(tx.em, Message, { id });
      if (!m || m.status !== 'queued') return;
      const now = tx.clock.now();
      if (outcome.status !== 'failed' || outcome.counted) m.attempts += 1;
      m.status = outcome.status;
      m.lastError = outcome.status === 'sent' ? null : outcome.reason;
      m.nextAttemptAt = outcome.status === 'queued' ? outcome.retryAt : null;
      m.sentAt = outcome.status === 'sent' ? now : null;
      m.updatedAt = now;
      await tx.em.flush();
      if (outcome.status === 'failed') await deps.onPermanentFailure?.(tx, m);
    });

  return {
    backoffMs: mailRetryDelayMs,
    async run(job: Job) {
      const id = job.subjectId as string;
      const message = await deps.db.em().findOne(Message, { id });
      // Sent, failed, or a letter: nothing to deliver.
      // A test account's message is never sent, whatever its status says.
      if (!message || message.status !== 'queued' || message.channel !== 'email' || !livemodeOf(message.accountId)) return;
      try {
        await withDeadline(deps.transport.sendMail(emailOf(message, sender)), deps.sendDeadlineMs ?? SEND_DEADLINE_MS);
      } catch (err) {
        const reason = failureReason(err);
        const permanent = isPermanentRefusal(err);
        if (permanent || job.attempts >= job.maxAttempts) {
          await record(id, { status: 'failed', reason, counted: true });
          // The job fails with it (at once for a refusal; after its last attempt otherwise).
          throw permanent ? new PermanentJobError(reason) : new Error(reason);
        }
        // The queue runs the job again after the same delay (its backoffMs is the same table).
        await record(id, { status: 'queued', reason, retryAt: new Date(deps.clock.now().getTime() + mailRetryDelayMs(job.attempts)) });
        throw new Error(reason);
      }
      await record(id, { status: 'sent' });
    },
    async onFailed(job: Job, error: Error) {
      // Only a job that ran out of attempts without recording its last one (its workers died mid-send,
      // and the queue gave up): the email is failed here. Otherwise the attempt recorded it already.
      await record(job.subjectId as string, { status: 'failed', reason: error.message, counted: false });
    },
  };
}
