// Authentication as the spec and the design state it: `bearerAuth` (an API key or an OAuth access
// token in `Authorization: Bearer`) and `sessionCookie` (a dashboard session). A request with an
// Authorization header is judged by it alone; a state-changing request made with a session needs the
// session's CSRF token; every 401 carries `WWW-Authenticate: Bearer` (API-DESIGN, error table:
// missing_credentials, invalid_api_key, invalid_token, expired_token).
import { describe, expect, it } from 'vitest';
import { bearerRefusal, bearerSecret, challenge, credentialFor, needsCsrfToken } from '../../src/http/authenticate.rules.js';

describe('the WWW-Authenticate challenge of a 401', () => {
  it('is the Bearer challenge of realm "api"', () => {
    expect(challenge()).toEqual({ 'WWW-Authenticate': 'Bearer realm="api"' });
  });
  it('names the RFC 6750 error when a credential was sent and refused', () => {
    expect(challenge('invalid_token')).toEqual({ 'WWW-Authenticate': 'Bearer realm="api", error="invalid_token"' });
  });
});

describe('reading Authorization: Bearer <secret>', () => {
  it.each([
    ['Bearer sk_4eC39HqLyjWDarjtT1zdp7dc', 'sk_4eC39HqLyjWDarjtT1zdp7dc'],
    ['Bearer oat_2b9f', 'oat_2b9f'],
    ['bearer sk_abc', 'sk_abc'], // the scheme is case-insensitive (RFC 7235)
    ['BEARER sk_abc', 'sk_abc'],
    ['Bearer    sk_abc', 'sk_abc'],
    ['Bearer\tsk_abc', 'sk_abc'],
    ['Bearer sk_abc   ', 'sk_abc'],
  ])('%j -> %s', (header, secret) => {
    expect(bearerSecret(header)).toBe(secret);
  });
  it.each([
    'Bearer',
    'Bearer ',
    'Bearersk_abc',
    'Basic c2tfYWJjOg==',
    'Token sk_abc',
    'sk_abc',
    'Bearer sk_abc extra',
    'Bearer sk_abc, Bearer sk_def',
    'XBearer sk_abc',
    ' Bearer',
  ])('%j is malformed', (header) => {
    expect(bearerSecret(header)).toBeUndefined();
  });
});

describe('a refused bearer credential', () => {
  it.each([
    ['invalid_api_key', 'The API key is not valid (unknown, malformed or revoked).'],
    ['invalid_token', 'The access token is not valid (unknown, or its OAuth client was revoked).'],
    ['expired_token', 'The access token has expired; request a new one from /oauth/token.'],
  ] as const)('%s: 401 with the invalid_token challenge', (failure, message) => {
    const err = bearerRefusal(failure);
    expect(err.status).toBe(401);
    expect(err.code).toBe(failure);
    expect(err.type).toBe('authentication_error');
    expect(err.message).toBe(message);
    expect(err.headers).toEqual({ 'WWW-Authenticate': 'Bearer realm="api", error="invalid_token"' });
  });
});

describe('which credential a request is judged by', () => {
  const both = { bearer: true, cookie: true };
  const bearerOnly = { bearer: true, cookie: false };
  const sessionOnly = { bearer: false, cookie: true };
  const sent = (authorization?: string, sessionToken?: string) => ({ authorization, sessionToken });

  it('an operation that needs no caller judges nothing, whatever is sent', () => {
    expect(credentialFor({ bearer: false, cookie: false }, sent('Bearer sk_abc', 'tok'))).toBe('none');
    expect(credentialFor({ bearer: false, cookie: false }, sent())).toBe('none');
  });
  it('an Authorization header alone decides, even next to a session cookie', () => {
    expect(credentialFor(both, sent('Bearer sk_abc', 'tok'))).toBe('bearer');
    expect(credentialFor(both, sent('Basic abc'))).toBe('bearer');
    expect(credentialFor(bearerOnly, sent('Bearer sk_abc'))).toBe('bearer');
  });
  it('without Authorization, the session cookie where the operation accepts one', () => {
    expect(credentialFor(both, sent(undefined, 'tok'))).toBe('session');
    expect(credentialFor(both, sent('', 'tok'))).toBe('session');
    expect(credentialFor(both, sent(undefined, ''))).toBe('session');
  });
  it('an operation for sessions only ignores Authorization and always looks for the session', () => {
    expect(credentialFor(sessionOnly, sent('Bearer sk_abc', 'tok'))).toBe('session');
    expect(credentialFor(sessionOnly, sent('Bearer sk_abc'))).toBe('session');
    expect(credentialFor(sessionOnly, sent())).toBe('session');
  });
  it('nothing usable sent: missing credentials', () => {
    expect(credentialFor(both, sent())).toBe('missing');
    expect(credentialFor(both, sent(''))).toBe('missing');
    expect(credentialFor(bearerOnly, sent())).toBe('missing');
    expect(credentialFor(bearerOnly, sent(undefined, 'tok'))).toBe('missing');
  });
});

describe('CSRF token of a session', () => {
  it.each(['GET', 'HEAD', 'OPTIONS'])('a %s changes nothing: no token needed', (method) => {
    expect(needsCsrfToken(method)).toBe(false);
  });
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('a %s needs the token', (method) => {
    expect(needsCsrfToken(method)).toBe(true);
  });
});
