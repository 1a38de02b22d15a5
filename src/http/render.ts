// Writes the reply (fresh or an idempotent replay) on the way out: JSON resources rendered for the
// caller's pinned API version through the version registry's transforms; documents as they are.
import { CURRENT_VERSION, renderForVersion } from '../shared/versions.js';
import type { Step } from './state.js';

export const renderReply: Step = async (c, next) => {
  await next();
  const reply = c.state.reply;
  if (!reply) return;
  c.status = reply.status;
  for (const [k, v] of Object.entries(reply.headers ?? {})) c.set(k, v);
  if (reply.contentType) {
    c.type = reply.contentType;
    c.body = reply.body as never;
  } else {
    c.body = renderForVersion(reply.body, c.state.principal?.apiVersion ?? CURRENT_VERSION) as never;
  }
};
