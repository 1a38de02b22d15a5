// Bearer authentication (API keys and OAuth access tokens) and per-operation scopes (the scopes come from each operation's `security` in the spec).
import type { IncomingHttpHeaders } from 'node:http';
import type { EntityManager } from '@mikro-orm/sql';
import { authenticate, type AuthFailure, type Principal } from '../auth/auth.service.js';
import type { Clock } from '../shared/clock.js';
import { ApiError } from './errors.js';

const challenge = (error?: string) => ({
  'WWW-Authenticate': error ? `Bearer realm="api", error="${error}"` : 'Bearer realm="api"',
});

const FAILURE_MESSAGES: Record<AuthFailure, string> = {
  invalid_api_key: 'The API key is not valid (unknown, malformed or revoked).',
  invalid_token: 'The access token is not valid (unknown, or its OAuth client was revoked).',
  expired_token: 'The access token has expired; request a new one from /oauth/token.',
};

export async function authenticateRequest(em: EntityManager, headers: IncomingHttpHeaders, clock: Clock): Promise<Principal> {
  const header = headers.authorization;
  if (!header || header.trim() === '') {
    throw new ApiError('authentication_error', 'missing_credentials', 'No API key provided: send Authorization: Bearer <key>.', {
      headers: challenge(),
    });
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const result = match?.[1] ? await authenticate(em, match[1], clock) : 'invalid_api_key';
  if (typeof result === 'string') {
    throw new ApiError('authentication_error', result, FAILURE_MESSAGES[result], { headers: challenge('invalid_token') });
  }
  return result;
}

/** Security requirements are alternatives; a key must hold every scope of at least one of them. */
export function assertScopes(principal: Principal, requirements: Record<string, string[]>[]): void {
  const satisfied = requirements.some((req) => Object.values(req).every((scopes) => scopes.every((s) => principal.scopes.has(s))));
  if (satisfied) return;
  const needed = [...new Set(requirements.flatMap((req) => Object.values(req).flat()))];
  throw new ApiError('permission_error', 'insufficient_scope', `This operation needs the scope ${needed.join(' or ')}.`);
}
