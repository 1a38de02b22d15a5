// Authentication. `/v1` operations name their callers in the spec: `bearerAuth` (an API key or an
// OAuth access token in `Authorization: Bearer`) and `sessionCookie` (a dashboard user's sign-in
// session in the `vt_session` cookie). A request with an Authorization header is judged by that
// header alone; without one, the session cookie is used where the operation accepts it, and a
// state-changing request made with it must carry the session's CSRF token. Anything else is 401
// with `WWW-Authenticate`. OAuth endpoints: the client, by HTTP Basic or by form fields, which is
// why that step runs after the body is read. The rules themselves are in authenticate.rules.ts.
import { authenticate, hashSecret, KEY_PATTERN, keyPrincipal } from '../auth/auth.service.js';
import { authenticateClient, claimedClientId } from '../auth/oauth.service.js';
import type { Clock } from '../shared/clock.js';
import type { SessionPolicy } from '../shared/context.js';
import { ApiError, errors } from '../shared/errors.js';
import { csrfTokenMatches, findLiveSession, sessionPrincipal, tokenFromCookieHeader, CSRF_HEADER, LIVEMODE_HEADER } from '../users/sessions.service.js';
import { bearerRefusal, bearerSecret, challenge, credentialFor, needsCsrfToken } from './authenticate.rules.js';
import type { BucketStore, ClientThrottle, RateLimitPolicy } from './rate-limit.js';
import { isClientOperation, schemesOf, type PipelineContext, type Step } from './state.js';

/** The rate limit's store and policy, when the key lookup may take the caller's token in the same statement. */
export interface FusedLimits {
  store: BucketStore;
  policy: RateLimitPolicy;
}

async function byBearer(c: PipelineContext, header: string, clock: Clock, limits: FusedLimits | undefined): Promise<void> {
  const secret = bearerSecret(header);
  const address = c.state.addressCheck;
  let result: Awaited<ReturnType<typeof authenticate>>;
  if (secret && limits?.store.authenticateKey && address && !address.done && KEY_PATTERN.test(secret)) {
    // The key, its token and the address's bucket in one statement; the rate-limit step reads the outcome.
    const now = clock.now();
    const found = await limits.store.authenticateKey(hashSecret(secret), address.key, limits.policy, now, c.state.em);
    result = await keyPrincipal(c.state.em, found.key, clock);
    if (typeof result !== 'string' && found.own) c.state.taken = { own: found.own, address: found.peek, now };
  } else {
    result = secret ? await authenticate(c.state.em, secret, clock) : 'invalid_api_key';
  }
  if (typeof result === 'string') throw bearerRefusal(result);
  c.state.principal = result;
}

async function bySession(c: PipelineContext, token: string | undefined, clock: Clock, sessions: SessionPolicy): Promise<void> {
  const live = await findLiveSession(c.state.em, token, clock, sessions);
  if (!live) throw errors.noSession(challenge());
  if (needsCsrfToken(c.method) && !csrfTokenMatches(live.session, c.headers[CSRF_HEADER])) throw errors.invalidCsrfToken();
  // A page of the dashboard says the mode it shows: a session switched since (in another tab) is refused,
  // so that nothing is done in a mode the page does not show. Switching the mode itself is always allowed.
  const shown = c.headers[LIVEMODE_HEADER];
  if (typeof shown === 'string' && c.state.operation!.operationId !== 'updateCurrentSession' && (shown === 'true') !== live.session.livemode) {
    throw errors.sessionModeChanged(live.session.livemode);
  }
  c.state.principal = sessionPrincipal(live);
}

export function authenticateCaller(clock: Clock, sessions: SessionPolicy, limits?: FusedLimits): Step {
  return async (c, next) => {
    const schemes = schemesOf(c.state.operation!);
    const accepts = { bearer: schemes.has('bearerAuth'), cookie: schemes.has('sessionCookie') };
    const header = c.headers.authorization?.trim();
    const token = accepts.cookie ? tokenFromCookieHeader(c.headers.cookie) : undefined;
    switch (credentialFor(accepts, { authorization: header, sessionToken: token })) {
      case 'bearer':
        await byBearer(c, header!, clock, limits);
        break;
      case 'session':
        await bySession(c, token, clock, sessions);
        break;
      case 'missing':
        throw errors.missingCredentials(challenge());
      case 'none':
        break;
    }
    await next();
  };
}

/**
 * Who is calling, when the request matched no operation (404, 405): a valid key, token or session
 * sets the principal so that `Service-Version` answers in the caller's pinned version; anything
 * else leaves the request anonymous, and the 404 or 405 stands.
 */
export async function identifyCaller(c: PipelineContext, clock: Clock, sessions: SessionPolicy): Promise<void> {
  try {
    const header = c.headers.authorization?.trim();
    if (header) {
      const secret = bearerSecret(header);
      const result = secret ? await authenticate(c.state.em, secret, clock) : undefined;
      if (result && typeof result !== 'string') c.state.principal = result;
      return;
    }
    const token = tokenFromCookieHeader(c.headers.cookie);
    const live = token === undefined ? undefined : await findLiveSession(c.state.em, token, clock, sessions);
    if (live) c.state.principal = sessionPrincipal(live);
  } catch {
    // An unusable credential does not change a 404 or 405.
  }
}

/** The OAuth client; a client id that failed too often lately is refused (429) before its secret is checked. */
export function authenticateOAuthClient(throttle: ClientThrottle): Step {
  return async (c, next) => {
    if (isClientOperation(c.state.operation!)) {
      const form = (c.state.body ?? {}) as Record<string, string>;
      const claimed = claimedClientId(c.headers, form);
      if (claimed) await throttle.check(c, claimed);
      try {
        c.state.client = await authenticateClient(c.state.em, c.headers, form);
      } catch (err) {
        if (claimed && err instanceof ApiError && err.status === 401) await throttle.fail(c, claimed);
        throw err;
      }
    }
    await next();
  };
}
