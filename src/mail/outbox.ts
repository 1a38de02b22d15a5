// The mail outbox: a message (an email or a letter) is written in the transaction of the change that
// caused it, like an event (src/webhooks/emitter.ts), with its attachment rendered and kept as sent;
// an email's delivery job is queued in the same transaction, so it exists exactly when the message
// does. The mail worker (sender.ts) delivers the emails; letters wait in the print queue.
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/sql';
import type { components } from '../../generated/openapi.js';
import type { BusinessDocument, LoadNotice, MessageModel } from '../documents/documents.models.js';
import { renderDocument, documentFileName } from '../documents/documents.render.js';
import { enqueueJob } from '../jobs/runner.js';
import { unixOrNull, unixSeconds } from '../shared/clock.js';
import type { Context, RequestContext } from '../shared/context.js';
import { newId } from '../shared/ids.js';
import { queryRows, rowMapper } from '../shared/sql.js';
import { Message } from './mail.entities.js';
import { DEFAULT_MAIL_FROM, domainOf, parseMailbox } from './mailbox.js';
import { MAIL_JOB, MAIL_MAX_ATTEMPTS } from './schedule.js';
import { composeMessage, type MailedDocument } from './templates.js';
import { livemodeOf } from '../shared/livemode.js';

type S = components['schemas'];

export interface QueueMessageInput {
  kind: S['MessageKind'];
  channel: S['MessageChannel'];
  /** The invoice, carrier payment or order the message is about. */
  subjectId: string;
  /** An email address (channel `email`) or a postal address (channel `post`). */
  to: string | S['PostalAddress'];
  toName: string | null;
  replyTo: string | null;
  /** The model the message is written from (and its attachment rendered from); its kind is the message's. */
  document: MessageModel;
  /** The account the message belongs to; the caller's by default (background work must say it). */
  accountId?: string;
  /** The message's time; now by default (pass the change's own time to keep them equal). */
  now?: Date;
}

const INSERT_MESSAGE = `
  insert into messages (id, account_id, kind, channel, subject_id, recipient, recipient_name, reply_to, subject, body_text, body_html,
    internet_message_id, document, attachment_name, attachment, attachment_size, attachment_sha256, status, attempts, last_error, next_attempt_at,
    sent_at, created_at, updated_at)
  values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11, $12, $13::jsonb, $14, $15, $16, $17, $20, 0, null, $18, null, $19, $19)`;

/**
 * Records a message in the context's transaction (`ctx.em` is the transaction's): renders its
 * attachment from `document`, composes its subject and bodies, and for an email queues its delivery
 * job, due at once. Everything commits (or not) with the change that caused it. A test account's
 * message is `kept`: recorded and shown, never sent nor printed; so is a live email while no mail
 * server is configured (`settings.keepsMail`), until sent by hand (mail.service.ts, sendKeptMessage).
 */
export async function queueMessage(ctx: Context | RequestContext, input: QueueMessageInput): Promise<Message> {
  const accountId = input.accountId ?? ('principal' in ctx ? ctx.principal.accountId : undefined);
  if (!accountId) throw new Error(`queueMessage(${input.kind}) outside a request needs the account`);
  if (input.document.kind !== input.kind) throw new Error(`a ${input.kind} message cannot carry a ${input.document.kind} document`);
  if ((input.channel === 'email') !== (typeof input.to === 'string')) throw new Error(`a message by ${input.channel} needs ${input.channel === 'email' ? 'an email' : 'a postal'} address`);
  const now = input.now ?? ctx.clock.now();
  // A letter is printed from its document, in a window envelope showing the billing address: that
  // is where the letter goes, so it is the recipient's.
  const document: MailedDocument =
    input.document.kind === 'invoice' && typeof input.to !== 'string'
      ? { ...input.document, customer: { ...input.document.customer, billing_address: postal(input.to) } }
      : (input.document as MailedDocument);
  // A load notice attaches the signed bill of lading when it has one; a document attaches itself.
  const attached: BusinessDocument | null = isLoadNotice(document) ? document.bill_of_lading : document;
  const attachment = attached ? await renderDocument(attached) : null;
  const { subject, text, html } = composeMessage(document);
  const id = newId('message', now.getTime());
  // Test mode sends nothing: its messages are kept, whole and shown, and never leave. Nor does an
  // email written with no mail server configured: kept, until a person sends it.
  const kept = !livemodeOf(accountId) || (input.channel === 'email' && ctx.settings.keepsMail === true);
  const message: Message = {
    id,
    accountId,
    kind: input.kind,
    channel: input.channel,
    subjectId: input.subjectId,
    recipient: typeof input.to === 'string' ? input.to : postal(input.to),
    recipientName: input.toName,
    replyTo: input.replyTo,
    subject,
    bodyText: text,
    bodyHtml: html,
    internetMessageId: `<${id}@${domainOf(parseMailbox(ctx.settings.mailFrom ?? DEFAULT_MAIL_FROM).address)}>`,
    document,
    attachmentName: attached ? documentFileName(attached) : null,
    attachment,
    attachmentSize: attachment ? attachment.byteLength : null,
    attachmentSha256: attachment ? createHash('sha256').update(attachment).digest('hex') : null,
    status: kept ? 'kept' : 'queued',
    attempts: 0,
    lastError: null,
    // An email is due at once; a letter waits for a person to post it.
    nextAttemptAt: input.channel === 'email' && !kept ? now : null,
    sentAt: null,
    createdAt: now,
    updatedAt: now,
  };
  await queryRows(ctx.em, INSERT_MESSAGE, [
    message.id,
    message.accountId,
    message.kind,
    message.channel,
    message.subjectId,
    JSON.stringify(message.recipient),
    message.recipientName,
    message.replyTo,
    message.subject,
    message.bodyText,
    message.bodyHtml,
    message.internetMessageId,
    JSON.stringify(message.document),
    message.attachmentName,
    message.attachment,
    message.attachmentSize,
    message.attachmentSha256,
    message.nextAttemptAt,
    now,
    message.status,
  ]);
  if (input.channel === 'email' && !kept) await enqueueJob(ctx.em, { kind: MAIL_JOB, subjectId: id, runAt: now, maxAttempts: MAIL_MAX_ATTEMPTS });
  return message;
}

/**
 * Withdraws the messages about `subjectId` that have not gone out yet (emails waiting for an attempt
 * or kept for want of a mail server, letters not posted): they become `cancelled` and are never sent. A voided invoice is not mailed.
 * Answers how many. (An attempt already in flight finishes; it records nothing on a cancelled message.)
 */
export async function withdrawMessages(ctx: Context, accountId: string, subjectId: string, now: Date, kinds?: readonly S['MessageKind'][]): Promise<number> {
  // A live email kept for want of a mail server has not gone out either: withdrawn, never to be sent.
  const rows = await queryRows<{ id: string }>(
    ctx.em,
    `update messages set status = 'cancelled', next_attempt_at = null, updated_at = $3
      where account_id = $1 and subject_id = $2 and (status = 'queued' or (status = 'kept' and $4))
        and ($5::jsonb is null or kind in (select jsonb_array_elements_text($5::jsonb))) returning id`,
    [accountId, subjectId, now, livemodeOf(accountId), kinds ? JSON.stringify(kinds) : null],
  );
  return rows.length;
}

const isLoadNotice = (m: MailedDocument): m is LoadNotice => m.kind === 'order_dispatched' || m.kind === 'order_picked_up' || m.kind === 'order_delivered';

/** A postal address with exactly the API's fields (`address2` null when absent). */
const postal = (a: S['PostalAddress']): S['PostalAddress'] => ({ address1: a.address1, address2: a.address2 ?? null, city: a.city, state: a.state, zip: a.zip });

/** The path of a message's attachment (the only one, index 0). */
export const attachmentUrl = (messageId: string, index = 0): string => `/v1/messages/${messageId}/attachments/${index}.pdf`;

export function renderMessage(m: Message): S['Message'] {
  return {
    id: m.id,
    object: 'message',
    livemode: livemodeOf(m.accountId),
    kind: m.kind,
    channel: m.channel,
    subject_id: m.subjectId,
    to: m.recipient,
    to_name: m.recipientName ?? null,
    subject: m.subject,
    text: m.bodyText,
    html: m.bodyHtml,
    internet_message_id: m.internetMessageId,
    status: m.status,
    attempts: m.attempts,
    last_error: m.lastError ?? null,
    next_attempt_at: unixOrNull(m.nextAttemptAt),
    sent_at: unixOrNull(m.sentAt),
    attachments: m.attachmentName
      ? [
          {
            filename: m.attachmentName,
            content_type: 'application/pdf',
            size: m.attachmentSize!,
            sha256: m.attachmentSha256!,
            url: attachmentUrl(m.id),
          },
        ]
      : [],
    created: unixSeconds(m.createdAt),
    updated: unixSeconds(m.updatedAt),
  };
}

/** What a delivery needs of a message: everything but its bodies, document and attachment. */
export type MessageHead = Omit<Message, 'bodyText' | 'bodyHtml' | 'document' | 'attachment'>;

/** Where a message went and how its delivery stands (an invoice's `delivery`, a carrier payment's `remittance`). */
export function renderDelivery(m: MessageHead | null): S['MessageDelivery'] | null {
  if (!m) return null;
  return {
    message_id: m.id,
    channel: m.channel,
    to: m.recipient,
    status: m.status,
    attempts: m.attempts,
    last_error: m.lastError ?? null,
    next_attempt_at: unixOrNull(m.nextAttemptAt),
    sent_at: unixOrNull(m.sentAt),
  };
}

/**
 * The newest message about each subject ($2, a JSON array of ids) of the account ($1), of one kind
 * ($3) or any (null), in one statement: one probe of the subject index per subject, reading no body,
 * document or attachment.
 */
const LATEST_MESSAGES = `
  select m.* from jsonb_array_elements_text($2::jsonb) as s(subject_id)
  cross join lateral (
    select id, account_id, kind, channel, subject_id, recipient, recipient_name, reply_to, subject, internet_message_id,
      attachment_name, attachment_size, attachment_sha256, status, attempts, last_error, next_attempt_at, sent_at, created_at, updated_at
    from messages
    where account_id = $1 and subject_id = s.subject_id and ($3::text is null or kind = $3::text)
    order by id desc
    limit 1
  ) as m`;

/** The newest message of each of `subjectIds` that has one (of `kind` when given), by subject id. */
export async function latestMessages(em: EntityManager, accountId: string, subjectIds: string[], kind?: S['MessageKind']): Promise<Map<string, MessageHead>> {
  const latest = new Map<string, MessageHead>();
  if (!subjectIds.length) return latest;
  const { map } = rowMapper(em, Message);
  const rows = await queryRows<Record<string, unknown>>(em, LATEST_MESSAGES, [accountId, JSON.stringify([...new Set(subjectIds)]), kind ?? null]);
  for (const row of rows) {
    const m = map(row) as MessageHead;
    latest.set(m.subjectId, m);
  }
  return latest;
}
