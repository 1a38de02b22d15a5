// The messages of an account as the API shows them: the list and one message with its body and
// delivery, its attachment exactly as sent, and the print queue of letters (printed at once, then
// marked as posted).
import { LockMode } from '@mikro-orm/core';
import type { components, operations } from '../../generated/openapi.js';
import type { BusinessDocument } from '../documents/documents.models.js';
import { renderDocuments } from '../documents/documents.render.js';
import { inTransaction, type RequestContext } from '../shared/context.js';
import { errors } from '../shared/errors.js';
import { ownedFinder } from '../shared/find.js';
import { createdRange, listPage, type Page } from '../shared/pagination.js';
import { attachmentBytes, Message } from './mail.entities.js';
import { enqueueJob } from '../jobs/runner.js';
import { livemodeOf } from '../shared/livemode.js';
import { MAIL_JOB, MAIL_MAX_ATTEMPTS } from './schedule.js';

type ListQuery = NonNullable<operations['listMessages']['parameters']['query']>;
type MessageKind = components['schemas']['MessageKind'];

/**
 * A message carries what it is about, so reading it needs that object's read scope too (besides
 * `accounting:read`, the messages' own): an order's rate confirmation and its notices to the customer
 * (the load, its carrier pay, its tracking link, its bill of lading) need `orders:read`, as the order
 * and its documents do. A new kind names its scope here.
 */
export const MESSAGE_KIND_SCOPES: Readonly<Record<MessageKind, string | null>> = {
  invoice: null,
  remittance: null,
  rate_confirmation: 'orders:read',
  order_dispatched: 'orders:read',
  order_picked_up: 'orders:read',
  order_delivered: 'orders:read',
};

const kindScope = (kind: string): string | null => MESSAGE_KIND_SCOPES[kind as MessageKind] ?? null;

function assertCanRead(ctx: RequestContext, kind: string, param?: string): void {
  const scope = kindScope(kind);
  if (scope && !ctx.principal.scopes.has(scope)) throw errors.messageNotReadable(kind, scope, param);
}

const findAnyMessage = ownedFinder(Message, 'message', 'message_id');

/** A message of the caller's account that the caller may read (403 for a kind whose scope it lacks). */
export async function findMessage(ctx: RequestContext, id: string, options: { forUpdate?: boolean } = {}): Promise<Message> {
  const message = await findAnyMessage(ctx, id, options);
  assertCanRead(ctx, message.kind);
  return message;
}

export function listMessages(ctx: RequestContext, query: ListQuery): Promise<Page<Message>> {
  if (query.kind) assertCanRead(ctx, query.kind, 'kind');
  const readable = (Object.keys(MESSAGE_KIND_SCOPES) as MessageKind[]).filter((k) => !kindScope(k) || ctx.principal.scopes.has(kindScope(k)!));
  const kinds = query.kind ? { kind: query.kind } : readable.length < Object.keys(MESSAGE_KIND_SCOPES).length ? { kind: { $in: readable } } : {};
  const where = {
    ...kinds,
    ...(query.channel ? { channel: query.channel } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.subject_id ? { subjectId: query.subject_id } : {}),
    ...createdRange(query.created),
  };
  // A page of messages reads none of their PDFs.
  return listPage(ctx.em, Message, ctx.principal.accountId, where, query, ['attachment']);
}

/** An attachment of a message as it was sent: its file name and bytes. */
export async function messageAttachment(ctx: RequestContext, messageId: string, index: number): Promise<{ filename: string; bytes: Buffer }> {
  const message = await findMessage(ctx, messageId);
  // A message has one attachment, its document, or none (a load notice before delivery).
  if (index !== 0 || !message.attachmentName) throw errors.resourceMissing('attachment', `${messageId}/attachments/${index}`, 'attachment_index');
  return { filename: message.attachmentName, bytes: attachmentBytes(message) };
}

/** Day `YYYY-MM-DD` (UTC) as the range of instants in it. */
const utcDay = (date: string) => {
  const start = new Date(`${date}T00:00:00.000Z`);
  return { $gte: start, $lt: new Date(start.getTime() + 86_400_000) };
};

/** The most letters one print-queue PDF holds (the rest follow once these are marked posted). */
export const LETTERS_PER_PRINT = 200;

/**
 * The letters waiting to be posted (of the day `date` when given), oldest first, at most
 * LETTERS_PER_PRINT, as one PDF printed from their documents, each from a new page.
 */
export async function printQueueLetters(ctx: RequestContext, date?: string): Promise<{ pdf: Buffer; letters: number; filename: string }> {
  const letters = await ctx.em.find(
    Message,
    { accountId: ctx.principal.accountId, channel: 'post', status: 'queued', ...(date ? { createdAt: utcDay(date) } : {}) },
    // The PDF is printed from the documents; the attachments' bytes are not needed.
    { orderBy: { id: 'asc' }, exclude: ['attachment'], limit: LETTERS_PER_PRINT },
  );
  if (!letters.length) throw errors.noLettersQueued(date);
  // Letters are invoices: every one carries its document.
  const pdf = await renderDocuments(letters.map((m) => m.document as BusinessDocument));
  const day = date ?? ctx.clock.now().toISOString().slice(0, 10);
  return { pdf, letters: letters.length, filename: `letters-${day}.pdf` };
}

/**
 * Records that letters were posted: every id must be a queued letter of the account, or nothing is
 * marked. The rows are locked (in id order, so two overlapping requests cannot deadlock) before they
 * are checked.
 */
export function markLettersMailed(ctx: RequestContext, messageIds: string[]): Promise<Message[]> {
  return inTransaction(ctx, async (tx) => {
    const found = await tx.em.find(
      Message,
      { accountId: ctx.principal.accountId, id: { $in: messageIds } },
      { orderBy: { id: 'asc' }, lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
    );
    const byId = new Map(found.map((m) => [m.id, m]));
    const missing = messageIds.find((id) => !byId.has(id));
    if (missing) throw errors.resourceMissing('message', missing, 'message_ids');
    const letters = messageIds.map((id) => byId.get(id)!);
    for (const m of letters) {
      if (m.channel !== 'post') throw errors.invalidStateTransition(`Message ${m.id} is an email: only letters are marked as posted.`);
      if (m.status !== 'queued') throw errors.invalidStateTransition(`Letter ${m.id} is already ${m.status}: only a queued letter can be marked as posted.`);
    }
    const now = tx.clock.now();
    for (const m of letters) {
      m.status = 'sent';
      m.sentAt = now;
      m.updatedAt = now;
    }
    await tx.em.flush();
    return letters;
  });
}

/**
 * Sends an email kept because no mail server was configured when it was written: it becomes
 * `queued`, due now, with its delivery job, in one transaction. Kept emails never go by themselves
 * (setting SMTP_URL later sends only what is written from then on): a person decides. Refused for
 * anything but a kept email of live mode, and while this server itself has no mail server.
 */
export function sendKeptMessage(ctx: RequestContext, id: string): Promise<Message> {
  return inTransaction(ctx, async (tx) => {
    const m = await findMessage(tx, id, { forUpdate: true });
    if (m.channel !== 'email') throw errors.invalidStateTransition(`Message ${m.id} is a letter: letters are posted from the print queue.`);
    if (!livemodeOf(m.accountId)) throw errors.invalidStateTransition(`Message ${m.id} is of test mode: test mode never sends mail.`);
    if (m.status !== 'kept') throw errors.invalidStateTransition(`Message ${m.id} is ${m.status}: only a kept email can be sent.`);
    if (ctx.settings.keepsMail) throw errors.invalidStateTransition('No mail server is configured here (SMTP_URL): set it, restart, then send the kept emails.');
    const now = tx.clock.now();
    m.status = 'queued';
    m.nextAttemptAt = now;
    m.updatedAt = now;
    await tx.em.flush();
    await enqueueJob(tx.em, { kind: MAIL_JOB, subjectId: m.id, runAt: now, maxAttempts: MAIL_MAX_ATTEMPTS });
    return m;
  });
}
