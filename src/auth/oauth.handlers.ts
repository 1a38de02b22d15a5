// The OAuth endpoints: form-encoded requests from a client the pipeline has authenticated (HTTP Basic
// or form fields); errors answer in the RFC 6749 §5.2 shape (the pipeline renders them so).
import { clientOf, type Handlers } from '../http/handler.js';
import * as oauth from './oauth.service.js';

export const handlers: Handlers<'createOAuthToken' | 'introspectOAuthToken'> = {
  async createOAuthToken({ body }, ctx) {
    return { status: 200, body: await oauth.issueToken(ctx.em, clientOf(ctx), body, ctx.clock.now()), headers: oauth.NO_STORE };
  },
  async introspectOAuthToken({ body }, ctx) {
    return { status: 200, body: await oauth.introspect(ctx.em, clientOf(ctx), body.token, ctx.clock.now()), headers: oauth.NO_STORE };
  },
};
