// Mail operations (messages, their attachments, the print queue of letters): parse, call the service, render.
import { pdfAnswer as pdf } from '../documents/documents.reply.js';
import type { Handlers } from '../shared/handlers.js';
import { renderPage } from '../shared/pagination.js';
import * as mail from './mail.service.js';
import { renderMessage } from './outbox.js';

export const handlers: Handlers<'listMessages' | 'getMessage' | 'getMessageAttachment' | 'getPrintQueueLetters' | 'markLettersMailed' | 'sendMessage'> = {
  async listMessages({ query }, ctx) {
    return { status: 200, body: renderPage(await mail.listMessages(ctx, query), renderMessage) };
  },
  async getMessage({ params }, ctx) {
    return { status: 200, body: renderMessage(await mail.findMessage(ctx, params.message_id)) };
  },
  async getMessageAttachment({ params }, ctx) {
    const { filename, bytes } = await mail.messageAttachment(ctx, params.message_id, params.attachment_index);
    return pdf(bytes, filename);
  },
  async getPrintQueueLetters({ query }, ctx) {
    const queue = await mail.printQueueLetters(ctx, query.date);
    return pdf(queue.pdf, queue.filename, { 'Letter-Count': String(queue.letters) });
  },
  async markLettersMailed({ body }, ctx) {
    const letters = await mail.markLettersMailed(ctx, body.message_ids);
    return { status: 200, body: { object: 'letters_mailed', messages: letters.map(renderMessage) } };
  },
  async sendMessage({ params }, ctx) {
    return { status: 200, body: renderMessage(await mail.sendKeptMessage(ctx, params.message_id)) };
  },
};
