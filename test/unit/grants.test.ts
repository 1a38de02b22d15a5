// The one grant rule (src/shared/grants.ts) on its own: what is missing, in the spec's order of
// scopes, once each; giving and taking away refused exactly when something is missing, naming it.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/shared/errors.js';
import { assertCanGrant, assertCanTakeAway, holdsAll, missingScopes } from '../../src/shared/grants.js';

const who = (...scopes: string[]) => ({ scopes: new Set(scopes) });
const refusal = (fn: () => void): ApiError => {
  try {
    fn();
  } catch (err) {
    return err as ApiError;
  }
  throw new Error('not refused');
};

describe('missingScopes', () => {
  it('answers what the caller lacks, once each, in the order the spec lists scopes', () => {
    expect(missingScopes(who('orders:read'), ['audit:read', 'orders:read', 'accounting:read', 'audit:read'])).toEqual(['accounting:read', 'audit:read']);
    expect(missingScopes(who(), ['users:manage', 'orders:read'])).toEqual(['orders:read', 'users:manage']);
    expect(missingScopes(who('orders:read'), [])).toEqual([]);
  });
  it('puts a scope the spec does not know last', () => {
    expect(missingScopes(who(), ['made:up', 'orders:write', 'orders:read'])).toEqual(['orders:read', 'orders:write', 'made:up']);
  });
  it('holdsAll is true exactly when nothing is missing', () => {
    expect(holdsAll(who('orders:read', 'audit:read'), ['audit:read'])).toBe(true);
    expect(holdsAll(who('orders:read'), ['audit:read'])).toBe(false);
    expect(holdsAll(who(), [])).toBe(true);
  });
});

describe('assertCanGrant', () => {
  it('lets a caller give what it holds', () => {
    expect(() => assertCanGrant(who('orders:read', 'keys:manage'), ['orders:read'], 'a key')).not.toThrow();
  });
  it('refuses with 403 insufficient_scope naming what is missing, the grant and its parameter', () => {
    const err = refusal(() => assertCanGrant(who('users:manage'), ['orders:read', 'users:manage'], 'the role owner', 'role'));
    expect(err).toBeInstanceOf(ApiError);
    expect({ status: err.status, code: err.code, param: err.param }).toEqual({ status: 403, code: 'insufficient_scope', param: 'role' });
    expect(err.message).toBe('You cannot grant a scope you do not hold (the role owner): orders:read.');
  });
  it('names `scopes` as the parameter by default', () => {
    expect(refusal(() => assertCanGrant(who(), ['orders:read'])).param).toBe('scopes');
  });
});

describe('assertCanTakeAway', () => {
  it('lets a caller take away what is no stronger than itself', () => {
    expect(() => assertCanTakeAway(who('orders:read', 'keys:manage'), ['orders:read'], 'Key key_1')).not.toThrow();
    expect(() => assertCanTakeAway(who('keys:manage'), [], 'Key key_1')).not.toThrow();
  });
  it('refuses what reaches further, naming it and what it reaches', () => {
    const err = refusal(() => assertCanTakeAway(who('keys:manage', 'orders:read'), ['orders:read', 'accounting:read'], 'Key key_1'));
    expect({ status: err.status, code: err.code, param: err.param }).toEqual({ status: 403, code: 'insufficient_scope', param: undefined });
    expect(err.message).toBe('Key key_1 reaches accounting:read, which you do not hold: a credential changes or takes away only what is no stronger than itself.');
  });
});
