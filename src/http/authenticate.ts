// Authentication. Bearer operations (every `/v1` operation): an API key or an OAuth access token in
// `Authorization: Bearer`, or 401 with `WWW-Authenticate`. OAuth endpoints: the client, by HTTP
// Basic or by form fields, which is why that step runs after the body is read.
import { authenticate } from '../auth/auth.service.js';
import { authenticateClient } from '../auth/oauth.service.js';
import type { Clock } from '../shared/clock.js';
import { errors } from '../shared/errors.js';
import { isBearerOperation, isClientOperation, type Step } from './state.js';

const challenge = (error?: string) => ({
  'WWW-Authenticate': error ? `Bearer realm="api", error="${error}"` : 'Bearer realm="api"',
});

const FAILURES = {
  invalid_api_key: errors.invalidApiKey,
  invalid_token: errors.invalidToken,
  expired_token: errors.expiredToken,
} as const;

export function authenticateBearer(clock: Clock): Step {
  return async (c, next) => {
    if (isBearerOperation(c.state.operation!)) {
      const header = c.headers.authorization;
      if (!header || header.trim() === '') throw errors.missingCredentials(challenge());
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
      const result = match?.[1] ? await authenticate(c.state.em, match[1], clock) : 'invalid_api_key';
      if (typeof result === 'string') throw FAILURES[result](challenge('invalid_token'));
      c.state.principal = result;
    }
    await next();
  };
}

export const authenticateOAuthClient: Step = async (c, next) => {
  if (isClientOperation(c.state.operation!)) {
    c.state.client = await authenticateClient(c.state.em, c.headers, (c.state.body ?? {}) as Record<string, string>);
  }
  await next();
};
