// Wraps every later step: a thrown ApiError becomes the error envelope (or, on the OAuth endpoints,
// the RFC 6749 §5.2 shape) with its status and headers; anything else is logged with the request id
// and answered as a 500 that says nothing of its cause.
import { ApiError, errors } from '../shared/errors.js';
import { isClientOperation, type Step } from './state.js';

export const renderErrors: Step = async (c, next) => {
  try {
    await next();
  } catch (err) {
    const apiError = err instanceof ApiError ? err : errors.internalError();
    if (!(err instanceof ApiError)) c.state.log.error({ err, method: c.method, path: c.path }, 'unhandled error');
    c.status = apiError.status;
    for (const [k, v] of Object.entries(apiError.headers)) c.set(k, v);
    // Before routing (a throttled address), the path tells an OAuth endpoint.
    const oauth = c.state.operation !== undefined ? isClientOperation(c.state.operation) : c.path.startsWith('/oauth/');
    c.body = oauth ? apiError.oauthBody() : apiError.body(c.state.requestId);
    if (oauth) c.set('Cache-Control', 'no-store');
  }
};
