// Writes the reply (fresh or an idempotent replay) on the way out: JSON resources rendered for the
// caller's pinned API version through the version registry's transforms, with the status that
// version answered (and without the headers it did not send); documents as they are.
import { CURRENT_VERSION, renderForVersion, statusForVersion } from '../shared/versions.js';
import type { Step } from './state.js';

export const renderReply: Step = async (c, next) => {
  await next();
  const reply = c.state.reply;
  if (!reply) return;
  const version = c.state.principal?.apiVersion ?? CURRENT_VERSION;
  const { status, withoutHeaders } = statusForVersion(c.state.operation?.operationId ?? '', version, reply.status);
  c.status = status;
  for (const [k, v] of Object.entries(reply.headers ?? {})) if (!withoutHeaders.includes(k)) c.set(k, v);
  if (reply.contentType) {
    c.type = reply.contentType;
    c.body = reply.body as never;
  } else {
    c.body = renderForVersion(reply.body, version) as never;
  }
};
