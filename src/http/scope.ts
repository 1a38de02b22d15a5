// Scopes: each operation's `security` in the spec names the scope it needs, per scheme; a caller must
// hold every scope of at least one of the (alternative) requirements of the scheme it authenticated
// with (a key or token: `bearerAuth`; a dashboard session: `sessionCookie`), or the answer is 403.
import type { Principal } from '../shared/context.js';
import { errors } from '../shared/errors.js';
import type { Step } from './state.js';

const SCHEME_OF: Record<Principal['kind'], string> = { api_key: 'bearerAuth', oauth_token: 'bearerAuth', session: 'sessionCookie' };

export function assertScopes(principal: Principal, requirements: Record<string, string[]>[]): void {
  const own = requirements.filter((req) => SCHEME_OF[principal.kind] in req);
  const satisfied = own.some((req) => Object.values(req).every((scopes) => scopes.every((s) => principal.scopes.has(s))));
  if (!satisfied) throw errors.insufficientScope([...new Set(own.flatMap((req) => Object.values(req).flat()))]);
}

export const checkScope: Step = async (c, next) => {
  if (c.state.principal) assertScopes(c.state.principal, (c.state.operation!.security ?? []) as Record<string, string[]>[]);
  await next();
};
