// The mail outbox as a table: every email and letter the service sends (invoices, remittance advice,
// rate confirmations), written in the transaction of the change that caused it, with the document it
// was made from, the attachment exactly as sent (bytes and SHA-256) and how its delivery stands.
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { components } from '../../generated/openapi.js';
import type { MessageModel } from '../documents/documents.models.js';

type S = components['schemas'];

export const Message = defineEntity({
  name: 'Message',
  tableName: 'messages',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    kind: p.string().$type<S['MessageKind']>(),
    channel: p.string().$type<S['MessageChannel']>(),
    /** The invoice (`inv_`), carrier payment (`cpy_`) or order (`ord_`) the message is about. */
    subjectId: p.string(),
    /** An email address, or the postal address of a letter. */
    recipient: p.json<string | S['PostalAddress']>(),
    recipientName: p.string().nullable(),
    replyTo: p.string().nullable(),
    subject: p.string(),
    bodyText: p.text(),
    bodyHtml: p.text(),
    /** The `Message-ID` header every attempt carries, so a receiver can tell a repeat. */
    internetMessageId: p.string(),
    /** The model the attachment was rendered from (a letter is printed from it again). */
    document: p.json<MessageModel>(),
    /** Null for a message with no attachment (a load notice before delivery). */
    attachmentName: p.string().nullable(),
    /** bytea: a Buffer through the ORM; raw rows carry what the driver gives (see `attachmentBytes`). */
    attachment: p.blob().nullable(),
    /** Its length in bytes (what a list shows without reading the bytes). */
    attachmentSize: p.integer().nullable(),
    attachmentSha256: p.string().nullable(),
    status: p.string().$type<S['MessageStatus']>(),
    /** Delivery attempts recorded (a worker killed mid-send records none). */
    attempts: p.integer(),
    lastError: p.text().nullable(),
    nextAttemptAt: p.datetime().nullable(),
    sentAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type Message = InferEntity<typeof Message>;

/**
 * The attachment's bytes as a Buffer: the ORM gives one, a raw row (the finder's snapshot) what the
 * driver gives (a Buffer from `pg`, a Uint8Array from the embedded database).
 */
export function attachmentBytes(m: Pick<Message, 'attachment'>): Buffer {
  const bytes = m.attachment as Uint8Array;
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
