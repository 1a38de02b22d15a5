// Scopes: each operation's `security` in the spec names the scope it needs; a credential must hold
// every scope of at least one of the (alternative) requirements, or the answer is 403.
import type { Principal } from '../shared/context.js';
import { errors } from '../shared/errors.js';
import type { Step } from './state.js';

export function assertScopes(principal: Principal, requirements: Record<string, string[]>[]): void {
  const satisfied = requirements.some((req) => Object.values(req).every((scopes) => scopes.every((s) => principal.scopes.has(s))));
  if (!satisfied) throw errors.insufficientScope([...new Set(requirements.flatMap((req) => Object.values(req).flat()))]);
}

export const checkScope: Step = async (c, next) => {
  if (c.state.principal) assertScopes(c.state.principal, (c.state.operation!.security ?? []) as Record<string, string[]>[]);
  await next();
};
