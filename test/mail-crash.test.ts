// A mail worker process killed mid-send, on PostgreSQL: the SMTP server has the whole message but has
// not answered DATA when the worker dies, so the outcome was never recorded. Once the job's lease runs
// out another worker sends it again: the recipient gets at most one duplicate, carrying the same
// Message-ID (so a mail client can tell it is the same message), and the message ends `sent`.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createApiKey, parseScopes } from '../src/auth/auth.service.js';
import { Job } from '../src/jobs/jobs.entities.js';
import { Message } from '../src/mail/mail.entities.js';
import { queueMessage } from '../src/mail/outbox.js';
import { MAIL_JOB } from '../src/mail/sender.js';
import { systemClock } from '../src/shared/clock.js';
import { backgroundContext, DEFAULT_SIGN_IN_POLICY, inTransaction } from '../src/shared/context.js';
import { newId } from '../src/shared/ids.js';
import { createTestDatabase } from './support/databases.js';
import { invoiceDocument } from './support/mail-documents.js';
import { freePort } from './support/ports.js';
import { startSmtpServer } from './support/smtp.js';

const node = process.execPath;
const FROM = 'Roadway Billing <billing@mail.roadway.example>';

async function startWorker(env: Record<string, string>): Promise<ChildProcess> {
  const port = await freePort();
  const child = spawn(node, ['--import', 'tsx', 'src/main.ts'], {
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'warn', NODE_ENV: 'development', ROLE: 'worker', WORKER_JOBS: 'mail' },
    stdio: 'ignore',
  });
  for (let i = 0; i < 300; i++) {
    try {
      // A worker's probe is outside the API's document (see /readyz there): read unchecked.
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return child;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('worker did not become ready');
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

describe.skipIf(!process.env.TEST_DATABASE_URL)('a mail worker killed mid-send, on PostgreSQL', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('a worker killed mid-send: at most one duplicate, with the same Message-ID', async () => {
    const database = await createTestDatabase('postgresql');
    cleanups.push(() => database.drop());
    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.close());
    // The first worker's DATA is read in full and never answered.
    smtp.holdData = true;
    const env = { ...database.env, SMTP_URL: smtp.url, MAIL_FROM: FROM };

    const first = await startWorker(env);
    cleanups.push(() => void first.kill('SIGKILL'));
    const { account } = await createApiKey(database.db.em(), { accountName: 'crash', scopes: parseScopes('all') }, systemClock);
    const ctx = backgroundContext({ em: database.db.em(), clock: systemClock, log: pino({ level: 'silent' }), settings: { production: false, signIn: DEFAULT_SIGN_IN_POLICY, mailFrom: FROM } });
    const message = await inTransaction(ctx, (tx) =>
      queueMessage(tx, {
        kind: 'invoice',
        channel: 'email',
        subjectId: newId('invoice'),
        to: 'ap@zoe-motors.example',
        toName: 'Zoë Łódź Motors',
        replyTo: null,
        document: invoiceDocument(),
        accountId: account.id,
      }),
    );
    await smtp.waitFor(1, 20_000); // the first worker is waiting for the answer to DATA
    first.kill('SIGKILL');
    await exited(first);
    const held = await database.db.em().findOneOrFail(Job, { kind: MAIL_JOB, subjectId: message.id });
    expect(held).toMatchObject({ status: 'running', attempts: 1 });
    expect(held.leaseOwner).not.toBeNull();
    // The dead worker's lease (60 s) runs out now rather than in a minute.
    await database.db.em().nativeUpdate(Job, { id: held.id }, { leaseExpiresAt: new Date() });

    smtp.holdData = false;
    const second = await startWorker(env);
    cleanups.push(async () => {
      second.kill('SIGTERM');
      await exited(second);
    });
    await smtp.waitFor(2, 20_000);
    let row = await database.db.em().findOneOrFail(Message, { id: message.id });
    for (let i = 0; i < 200 && row.status !== 'sent'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      row = await database.db.em().findOneOrFail(Message, { id: message.id });
    }
    // Recorded once, by the survivor; the killed worker's attempt never was.
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, nextAttemptAt: null });
    expect(await database.db.em().findOneOrFail(Job, { id: held.id })).toMatchObject({ status: 'succeeded', attempts: 2 });

    const copies = smtp.received.filter((r) => r.to.includes('ap@zoe-motors.example'));
    expect(copies.length).toBeGreaterThanOrEqual(1);
    expect(copies.length).toBeLessThanOrEqual(2);
    expect(copies).toEqual(smtp.received);
    for (const copy of copies) {
      expect(copy.parsed.messageId).toBe(message.internetMessageId);
      // The Date header (whole seconds) is the message's, not the attempt's.
      expect(copy.parsed.date?.getTime()).toBe(Math.floor(message.createdAt.getTime() / 1000) * 1000);
      expect(createHash('sha256').update(copy.parsed.attachments[0]!.content).digest('hex')).toBe(message.attachmentSha256);
    }
  }, 60_000);
});
