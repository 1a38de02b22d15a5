// The authentication rules, apart from the database work (authenticate.ts runs them): which credential
// a request is judged by, how a bearer secret is read from `Authorization`, the `WWW-Authenticate`
// challenge a 401 carries, the error each refused bearer credential gets, and which methods need a
// session's CSRF token (API-DESIGN, "Authentication"; the spec's `bearerAuth` and `sessionCookie`).
import type { AuthFailure } from '../auth/auth.service.js';
import { type ApiError, errors } from '../shared/errors.js';

/** The `WWW-Authenticate` header of a 401: the Bearer challenge, with the RFC 6750 error code when one applies. */
export function challenge(error?: string): Record<string, string> {
  return { 'WWW-Authenticate': error ? `Bearer realm="api", error="${error}"` : 'Bearer realm="api"' };
}

/** The secret of `Authorization: Bearer <secret>` (scheme in any case, one token); undefined when malformed. */
export function bearerSecret(header: string): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
}

const FAILURES = {
  invalid_api_key: errors.invalidApiKey,
  invalid_token: errors.invalidToken,
  expired_token: errors.expiredToken,
} as const;

/** The 401 of a refused bearer credential; its challenge says `invalid_token` whichever it was (RFC 6750, 3.1). */
export function bearerRefusal(failure: AuthFailure): ApiError {
  return FAILURES[failure](challenge('invalid_token'));
}

/**
 * Which credential an operation's request is judged by. A request with an Authorization header is
 * judged by that header alone where the operation accepts bearer credentials; without one, the
 * session cookie where it accepts a session (an operation that accepts only sessions always looks
 * for one); else the credentials are missing. `none`: the operation needs no caller.
 */
export type Credential = 'bearer' | 'session' | 'missing' | 'none';

export function credentialFor(accepts: { bearer: boolean; cookie: boolean }, sent: { authorization: string | undefined; sessionToken: string | undefined }): Credential {
  if (!accepts.bearer && !accepts.cookie) return 'none';
  if (accepts.bearer && sent.authorization) return 'bearer';
  if (accepts.cookie && (sent.sessionToken !== undefined || !accepts.bearer)) return 'session';
  return 'missing';
}

/** Methods that change nothing: a session needs no CSRF token for them. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request made with a session cookie must carry the session's CSRF token. */
export function needsCsrfToken(method: string): boolean {
  return !SAFE_METHODS.has(method);
}
