// The one grant rule (API-DESIGN "Contract evolution and permissions"): a credential (an API key, an
// OAuth client's token, a dashboard session) gives only what it holds and takes away only what is no
// stronger than itself. Giving: a user's role, a key's or an OAuth client's scopes, an endpoint's
// subscription (the read scopes of the events it receives). Taking away: revoking a key or client,
// deleting, disabling or demoting a user, changing or deleting an endpoint. Every service that gives
// or takes away asks here, with the scopes of what it gives or touches; nothing else decides.
import type { Principal } from './context.js';
import { errors } from './errors.js';
import { allScopes } from './spec.js';

/** The scopes of `wanted` that `who` does not hold, once each, in the spec's order of scopes. */
export function missingScopes(who: Pick<Principal, 'scopes'>, wanted: Iterable<string>): string[] {
  const order = allScopes() as string[];
  const rank = (s: string) => (order.includes(s) ? order.indexOf(s) : order.length);
  return [...new Set(wanted)].filter((s) => !who.scopes.has(s)).sort((a, b) => rank(a) - rank(b));
}

/** True when `who` holds every scope of `wanted`. */
export const holdsAll = (who: Pick<Principal, 'scopes'>, wanted: Iterable<string>): boolean => missingScopes(who, wanted).length === 0;

/**
 * Giving: refuses (403 `insufficient_scope`, naming what is missing) unless `who` holds every scope
 * it would give. `what` names the grant in the message ("the role owner", "a key").
 */
export function assertCanGrant(who: Pick<Principal, 'scopes'>, scopes: Iterable<string>, what?: string, param?: string): void {
  const missing = missingScopes(who, scopes);
  if (missing.length) throw errors.scopeNotGrantable(missing, what, param);
}

/**
 * Taking away: refuses (403 `insufficient_scope`) unless the thing taken away (a credential, a user's
 * role, an endpoint's subscription) holds no scope `who` lacks: a credential no stronger than itself.
 */
export function assertCanTakeAway(who: Pick<Principal, 'scopes'>, scopes: Iterable<string>, what: string): void {
  const missing = missingScopes(who, scopes);
  if (missing.length) throw errors.strongerThanCaller(what, missing);
}
