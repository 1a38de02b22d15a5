// Dashboard users and sessions: passwords, roles and their scopes, sign-in with a cookie and CSRF
// token, expiry (the ASVS level 2 defaults), sign-out, limited attempts, user management by owners,
// one email in several accounts, and tenant isolation; the password policy (OWASP ASVS 2.1), changing
// one's own password, resets, and no password in any error. Parallel attempts against the limits and
// configured lifetimes: test/sign-in-limits.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backends, type Backend } from './support/databases.js';
import { startHarness, TestClock, type Harness, type Reply } from './support/harness.js';
import { hashPassword, verifyPassword, generatePassword } from '../src/users/passwords.js';
import { ROLE_SCOPES } from '../src/users/roles.js';
import { allScopes } from '../src/shared/spec.js';
import { AuditLog } from '../src/audit/audit.entities.js';
import { createUserInAccount } from '../src/users/users.service.js';
import { openDatabase } from '../src/db/orm.js';
import { passwordProblem } from '../src/users/password-policy.js';
import { fromValidationErrors } from '../src/http/validate.js';

describe('passwords', () => {
  it('hashes with scrypt and a random salt, and verifies only the same password', async () => {
    const a = await hashPassword('correct horse battery staple');
    const b = await hashPassword('correct horse battery staple');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse battery staple', a)).toBe(true);
    expect(await verifyPassword('correct horse battery stapl', a)).toBe(false);
    expect(await verifyPassword('anything', 'not-a-hash')).toBe(false);
  });
  it('generates 20-character passwords without look-alike characters', () => {
    const pw = generatePassword();
    expect(pw).toMatch(/^[A-HJ-NP-Za-km-z2-9]{20}$/);
    expect(generatePassword()).not.toBe(pw);
  });
});

describe('roles', () => {
  const all = allScopes();
  it('gives owners every scope, users:manage included', () => {
    expect([...ROLE_SCOPES.owner].sort()).toEqual([...all].sort());
  });
  it('gives admins every scope but users:manage', () => {
    expect([...ROLE_SCOPES.admin].sort()).toEqual(all.filter((s) => s !== 'users:manage').sort());
  });
  it('gives developers orders, customers and carriers read and write, webhooks and keys, and nothing of accounting or audit', () => {
    expect([...ROLE_SCOPES.developer].sort()).toEqual(
      ['orders:read', 'orders:write', 'customers:read', 'customers:write', 'carriers:read', 'carriers:write', 'webhooks:manage', 'keys:manage'].sort(),
    );
  });
  it('gives viewers every read scope but accounting and audit', () => {
    expect([...ROLE_SCOPES.viewer].sort()).toEqual(all.filter((s) => s.endsWith(':read') && !['accounting:read', 'audit:read'].includes(s)).sort());
  });
});


/** Every 6-character piece of a secret: none may appear in a message. */
const pieces = (secret: string): string[] => Array.from({ length: Math.max(0, secret.length - 5) }, (_, i) => secret.slice(i, i + 6));
const expectNoPieceOf = (secret: string, message: string) => {
  for (const piece of pieces(secret)) expect(message, `a piece of the secret (${JSON.stringify(piece)})`).not.toContain(piece);
};
/** 200 characters (code points) of unrelated words, spaces and non-ASCII letters. */
const LONG_PASSWORD = [...'Grüße aus Köln: ferry lantern 🚚 ledger orchid — Ωmega velvet tundra, saffron quarry; nimbus 7 harbor crochet whistle pylon zephyr'.repeat(2)].slice(0, 200).join('');

describe('the password policy (ASVS 2.1)', () => {
  const who = { email: 'marguerite.okafor@acme.example', name: 'Marguerite Okafor' };
  it('accepts 12 to 200 characters of any printable Unicode and spaces, with no composition rule', async () => {
    expect(await passwordProblem('correct horse battery staple', who)).toBeUndefined();
    expect(await passwordProblem('tailgate orchard velvet compass', who)).toBeUndefined();
    expect([...LONG_PASSWORD]).toHaveLength(200);
    expect(await passwordProblem(LONG_PASSWORD, who)).toBeUndefined();
    expect(await passwordProblem('ж'.repeat(3) + ' Тише едешь дальше будешь', who)).toBeUndefined();
    expect(await passwordProblem(generatePassword(), who)).toBeUndefined();
  });
  it('refuses fewer than 12 and more than 200 characters, counting code points', async () => {
    expect(await passwordProblem('Kx7mQ2pZr9W', who)).toMatch(/at least 12 characters/);
    expect(await passwordProblem('🚚'.repeat(12), who)).not.toMatch(/at least 12/);
    expect(await passwordProblem(LONG_PASSWORD + 'x', who)).toMatch(/at most 200 characters/);
  });
  it.each(['letmein12345', 'qwertyuiop123', 'aaaaaaaaaaaa', '123456789012', 'iloveyou2024', 'P@ssw0rd2024!'])('refuses the guessable %s, in words that do not repeat it', async (password) => {
    const problem = await passwordProblem(password, who);
    expect(problem).toMatch(/too easy to guess/);
    expectNoPieceOf(password, problem!);
  });
  it("refuses a password containing the user's email name or name, in any case", async () => {
    for (const password of ['marguerite rides the night tram', 'the OKAFOR family orchard 1989', 'xx marguerite.okafor xx']) {
      expect(await passwordProblem(password, who)).toMatch(/email name or name/);
    }
    // Parts shorter than four characters are too common to refuse.
    expect(await passwordProblem('a dev rides the night tram', { email: 'dev@acme.example', name: 'Al' })).toBeUndefined();
  });
});

describe('validation messages about a secret', () => {
  it('never quote the value, whichever keyword failed', () => {
    const secret = 'Secr3t!xyPattern-breaking';
    for (const keyword of ['pattern', 'format', 'minLength', 'maxLength', 'type', 'enum', 'const']) {
      const error = fromValidationErrors([
        { keyword, instancePath: '/requestBody/password', schemaPath: '#/x', params: { pattern: '^x$', format: 'x', limit: 12, type: 'integer', allowedValues: ['x'], allowedValue: 'x' }, data: secret, parentSchema: { type: 'string' } },
      ] as never);
      expect(error.param, keyword).toBe('password');
      expectNoPieceOf(secret, error.message);
    }
    const other = fromValidationErrors([{ keyword: 'pattern', instancePath: '/requestBody/client_secret', schemaPath: '#/x', params: { pattern: '^x$' }, data: secret, parentSchema: {} }] as never);
    expectNoPieceOf(secret, other.message);
  });
});

const PASSWORD = 'correct horse battery staple';

describe.each(backends({ pooler: true }))('dashboard users and sessions on %s', (backend: Backend) => {
  let h: Harness;
  const clock = new TestClock(Date.UTC(2026, 10, 23, 9, 0, 0));
  let ownerKey: string;
  let n = 0;
  const email = (role: string) => `${role}.${backend}.${++n}@acme.example`;
  beforeAll(async () => {
    h = await startHarness(backend, { clock, signIn: { perEmail: 3, perAddress: 8, windowMs: 15 * 60_000 } });
    ownerKey = await h.key('acme', 'all');
  });
  afterAll(() => h.close());

  const createUser = async (role: string, password: string | null = PASSWORD) => {
    const r = await h.call('POST', '/v1/users', { key: ownerKey, body: { email: email(role), role, ...(password ? { password } : {}) } });
    expect(r.status, r.text).toBe(201);
    return r.body as { id: string; email: string; initial_password?: string };
  };
  /** Signs in; answers the cookie pair and the CSRF token. */
  const signIn = async (who: string, password = PASSWORD) => {
    const r = await h.call('POST', '/v1/sessions', { key: null, body: { email: who, password } });
    expect(r.status, r.text).toBe(201);
    const cookie = r.headers.get('set-cookie')!.split(';')[0]!;
    return { cookie, csrf: r.body.csrf_token as string, reply: r };
  };
  const withSession = (s: { cookie: string; csrf?: string }, csrf = true) => ({
    key: null,
    headers: { Cookie: s.cookie, ...(csrf && s.csrf ? { 'X-CSRF-Token': s.csrf } : {}) },
  });

  describe('POST /v1/sessions (sign in)', () => {
    it('sets an HttpOnly SameSite=Lax cookie and answers the session with the user, scopes and CSRF token', async () => {
      const user = await createUser('developer');
      const { reply, cookie } = await signIn(user.email.toUpperCase());
      const setCookie = reply.headers.get('set-cookie')!;
      expect(setCookie).toMatch(/^vt_session=vts_[0-9A-Za-z]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200$/);
      expect(setCookie).not.toContain('Secure'); // development mode
      expect(reply.body).toMatchObject({ object: 'session', user: { id: user.id, role: 'developer', object: 'user' }, account: { name: 'acme' } });
      expect(reply.body.id).toMatch(/^ses_/);
      expect([...reply.body.scopes].sort()).toEqual([...ROLE_SCOPES.developer].sort());
      // OWASP ASVS level 2: 12 hours at most, 30 minutes idle.
      expect(reply.body.expires_at - reply.body.created).toBe(12 * 3600);
      expect(reply.body.idle_expires_at - reply.body.created).toBe(30 * 60);
      // Stored hashed: the token appears nowhere in the database.
      const token = cookie.split('=')[1]!;
      const rows = await h.database.db.em().execute<{ token_hash: string }[]>('select token_hash from sessions where id = ?', [reply.body.id]);
      expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0]!.token_hash).not.toContain(token);
      const me = await h.call('GET', '/v1/users/' + user.id, { key: ownerKey });
      expect(me.body.last_login_at).toBe(Math.floor(clock.now().getTime() / 1000));
    });

    it('answers the same 401 invalid_credentials for a wrong password, an unknown email and a disabled user', async () => {
      const user = await createUser('viewer');
      const wrong = await h.call('POST', '/v1/sessions', { key: null, body: { email: user.email, password: 'not the password' } });
      const unknown = await h.call('POST', '/v1/sessions', { key: null, body: { email: 'nobody@acme.example', password: PASSWORD } });
      await h.call('PATCH', `/v1/users/${user.id}`, { key: ownerKey, body: { disabled: true } });
      const disabled = await h.call('POST', '/v1/sessions', { key: null, body: { email: user.email, password: PASSWORD } });
      for (const r of [wrong, unknown, disabled]) {
        expect(r.status).toBe(401);
        expect(r.body.error).toMatchObject({ type: 'authentication_error', code: 'invalid_credentials', message: 'The email or password is not correct.' });
        expect(r.headers.get('set-cookie')).toBeNull();
      }
    });

    it('throttles failures per email: after 3 in 15 minutes even the right password gets 429 with Retry-After', async () => {
      const user = await createUser('viewer');
      for (let i = 0; i < 3; i++) expect((await h.call('POST', '/v1/sessions', { key: null, body: { email: user.email, password: `wrong ${i}` } })).status).toBe(401);
      const refused = await h.call('POST', '/v1/sessions', { key: null, body: { email: user.email, password: PASSWORD } });
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe('rate_limit_exceeded');
      expect(Number(refused.headers.get('retry-after'))).toBe(15 * 60);
      clock.advance(15 * 60_000 + 1000);
      await signIn(user.email);
    });

    it('throttles failures per client address across emails', async () => {
      clock.advance(16 * 60_000); // a fresh window for the address
      for (let i = 0; i < 8; i++) {
        expect((await h.call('POST', '/v1/sessions', { key: null, body: { email: `guess${i}@acme.example`, password: 'guess' } })).status).toBe(401);
      }
      const user = await createUser('viewer');
      const refused = await h.call('POST', '/v1/sessions', { key: null, body: { email: user.email, password: PASSWORD } });
      expect(refused.status).toBe(429);
      clock.advance(16 * 60_000);
      await signIn(user.email);
    });
  });

  describe('a session on the API', () => {
    it('is accepted like a key, with the scopes of the role: a viewer reads but cannot write', async () => {
      const viewer = await createUser('viewer');
      const s = await signIn(viewer.email);
      expect((await h.call('GET', '/v1/customers', withSession(s))).status).toBe(200);
      const refused = await h.call('POST', '/v1/customers', { ...withSession(s), body: { name: 'Nope' } });
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('insufficient_scope');
      expect((await h.call('GET', '/v1/webhook_endpoints', withSession(s))).status).toBe(403);
    });

    it('needs the CSRF token on state-changing requests, and not on reads', async () => {
      const dev = await createUser('developer');
      const s = await signIn(dev.email);
      const missing = await h.call('POST', '/v1/customers', { ...withSession(s, false), body: { name: 'No CSRF' } });
      expect(missing.status).toBe(403);
      expect(missing.body.error).toMatchObject({ type: 'permission_error', code: 'invalid_csrf_token' });
      const wrong = await h.call('POST', '/v1/customers', { key: null, headers: { Cookie: s.cookie, 'X-CSRF-Token': 'x'.repeat(43) }, body: { name: 'Wrong CSRF' } });
      expect(wrong.status).toBe(403);
      const ok = await h.call('POST', '/v1/customers', { ...withSession(s), body: { name: 'With CSRF' } });
      expect(ok.status).toBe(201);
      expect((await h.call('GET', `/v1/customers/${ok.body.id}`, withSession(s, false))).status).toBe(200);
    });

    it('records the user as the audit actor', async () => {
      const owner = await createUser('owner');
      const s = await signIn(owner.email);
      const key = await h.call('POST', '/v1/api_keys', { ...withSession(s), body: { name: 'from the dashboard', scopes: ['orders:read'] } });
      expect(key.status).toBe(201);
      const entry = await h.database.db.em().findOneOrFail(AuditLog, { target: key.body.id });
      expect(entry.actor).toBe(owner.id);
    });

    it('is ignored when an Authorization header is sent: the header alone authenticates', async () => {
      const viewer = await createUser('viewer');
      const s = await signIn(viewer.email);
      const r = await h.call('POST', '/v1/customers', { key: 'sk_bogus', headers: { Cookie: s.cookie, 'X-CSRF-Token': s.csrf }, body: { name: 'x' } });
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe('invalid_api_key');
    });

    it('ends after 30 minutes idle, and activity keeps it alive until 12 hours after sign-in', async () => {
      const dev = await createUser('developer');
      const idle = await signIn(dev.email);
      const active = await signIn(dev.email);
      clock.advance(29 * 60_000);
      expect((await h.call('GET', '/v1/sessions/current', withSession(idle))).status).toBe(200);
      expect((await h.call('GET', '/v1/sessions/current', withSession(active))).status).toBe(200);
      clock.advance(15 * 60_000);
      expect((await h.call('GET', '/v1/sessions/current', withSession(active))).status).toBe(200);
      // 30 minutes after its last request.
      clock.advance(15 * 60_000);
      const ended = await h.call('GET', '/v1/customers', withSession(idle));
      expect(ended.status).toBe(401);
      expect(ended.body.error.code).toBe('missing_credentials');
      expect((await h.call('GET', '/v1/sessions/current', withSession(active))).status).toBe(200);
      // A request every 25 minutes: alive until 12 hours after sign-in, not a minute more.
      let elapsed = 59;
      while (elapsed + 25 < 12 * 60) {
        clock.advance(25 * 60_000);
        elapsed += 25;
        const r = await h.call('GET', '/v1/sessions/current', withSession(active));
        expect(r.status, `after ${elapsed} min`).toBe(200);
      }
      clock.advance((12 * 60 - elapsed) * 60_000);
      expect((await h.call('GET', '/v1/sessions/current', withSession(active))).status).toBe(401);
    });
  });

  describe('GET and DELETE /v1/sessions/current', () => {
    it('reads the session (a reload gets its CSRF token back), and signing out ends it everywhere and clears the cookie', async () => {
      const dev = await createUser('developer');
      const s = await signIn(dev.email);
      const current = await h.call('GET', '/v1/sessions/current', withSession(s, false));
      expect(current.status).toBe(200);
      expect(current.body.csrf_token).toBe(s.csrf);
      expect((await h.call('DELETE', '/v1/sessions/current', withSession(s, false))).status).toBe(403);
      const out = await h.call('DELETE', '/v1/sessions/current', withSession(s));
      expect(out.status).toBe(200);
      expect(out.body).toEqual({ id: current.body.id, object: 'session', livemode: true, deleted: true });
      expect(out.headers.get('set-cookie')).toMatch(/^vt_session=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0$/);
      expect((await h.call('GET', '/v1/sessions/current', withSession(s))).status).toBe(401);
      expect((await h.call('GET', '/v1/orders', withSession(s))).status).toBe(401);
      // Nothing is left to end: the ended session no longer authenticates even its own sign-out.
      const again = await h.call('DELETE', '/v1/sessions/current', withSession(s));
      expect(again.status).toBe(401);
      expect(again.body.error.code).toBe('missing_credentials');
    });
    it('answers 401 without a session cookie, even to a valid key (a key has no session)', async () => {
      for (const key of [null, ownerKey]) {
        for (const method of ['GET', 'DELETE'] as const) {
          const r = await h.call(method, '/v1/sessions/current', { key });
          expect(r.status).toBe(401);
          expect(r.body.error.code).toBe('missing_credentials');
          expect(r.headers.get('www-authenticate')).toBe('Bearer realm="api"');
        }
      }
    });
    it('answers 401 to a cookie that names no session', async () => {
      const r = await h.call('GET', '/v1/sessions/current', { key: null, headers: { Cookie: `vt_session=vts_${'0'.repeat(43)}` } });
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe('missing_credentials');
    });
  });


  describe('passwords in requests', () => {
    it('refuses a weak password at creation with 400 invalid_value naming it, and a strong one of 200 characters signs in as sent', async () => {
      for (const password of ['letmein12345', 'qwertyuiop123']) {
        const r = await h.call('POST', '/v1/users', { key: ownerKey, body: { email: email('viewer'), role: 'viewer', password } });
        expect(r.status, password).toBe(400);
        expect(r.body.error).toMatchObject({ code: 'invalid_value', param: 'password' });
        expect(r.body.error.message).toMatch(/too easy to guess/);
        expectNoPieceOf(password, r.body.error.message);
      }
      const named = await h.call('POST', '/v1/users', { key: ownerKey, body: { email: email('viewer'), name: 'Hortensia Blake', role: 'viewer', password: 'hortensia sails past harbor lights' } });
      expect(named.status).toBe(400);
      expect(named.body.error.message).toMatch(/email name or name/);
      const user = await createUser('viewer', LONG_PASSWORD);
      await signIn(user.email, LONG_PASSWORD);
      // Kept whole, never cut: the first 127 characters are not the password.
      const cut = await h.call('POST', '/v1/sessions', { key: null, body: { email: user.email, password: [...LONG_PASSWORD].slice(0, 127).join('') } });
      expect(cut.status).toBe(401);
    });

    it('never repeats a password in an error: short, long (209 characters), pattern-breaking, malformed JSON', async () => {
      const short = 'Secr3t!xy';
      const long = 'Lorem-Ipsum-Dolor-'.repeat(12).slice(0, 209);
      const nul = 'Pattern-Breaking\u0000Secret-Tail-Xq';
      expect(long).toHaveLength(209);
      const cases: [string, string, Record<string, unknown>, string][] = [
        ['/v1/users', 'password', { email: email('viewer'), role: 'viewer', password: short }, short],
        ['/v1/users', 'password', { email: email('viewer'), role: 'viewer', password: long }, long],
        ['/v1/users', 'password', { email: email('viewer'), role: 'viewer', password: nul }, nul],
        ['/v1/sessions', 'password', { email: 'nobody@acme.example', password: long }, long],
      ];
      for (const [path, param, body, secret] of cases) {
        const r = await h.call('POST', path, { key: path === '/v1/sessions' ? null : ownerKey, body });
        expect(r.status, `${path} ${secret.length}`).toBe(400);
        expect(r.body.error.param).toBe(param);
        expectNoPieceOf(secret, r.body.error.message);
        expect(r.text).not.toContain(secret.slice(0, 9));
      }
      const tooShort = await h.call('POST', '/v1/users', { key: ownerKey, body: { email: email('viewer'), role: 'viewer', password: short } });
      expect(tooShort.body.error.message).toMatch(/has 9 characters; it must have at least 12 characters/);
      const tooLong = await h.call('POST', '/v1/users', { key: ownerKey, body: { email: email('viewer'), role: 'viewer', password: long } });
      expect(tooLong.body.error.message).toMatch(/has 209 characters; it must have at most 200 characters/);
      const malformed = await h.call('POST', '/v1/sessions', { key: null, raw: `{"email":"nobody@acme.example","password":${short}Hunter42}`, headers: { 'Content-Type': 'application/json' } });
      expect(malformed.status).toBe(400);
      expect(malformed.body.error.code).toBe('invalid_json');
      expectNoPieceOf(`${short}Hunter42`, malformed.body.error.message);
    });
  });

  describe('POST /v1/sessions/current/password (change your own password)', () => {
    const NEW_PASSWORD = 'tailgate orchard velvet compass';
    it('checks the current password, sets the new one, ends the other sessions and keeps this one, audited', async () => {
      const dev = await createUser('developer');
      const other = await signIn(dev.email);
      const s = await signIn(dev.email);
      const r = await h.call('POST', '/v1/sessions/current/password', { ...withSession(s), body: { current_password: PASSWORD, new_password: NEW_PASSWORD } });
      expect(r.status, r.text).toBe(200);
      expect(r.body).toMatchObject({ id: dev.id, object: 'user' });
      expect(r.body.initial_password).toBeUndefined();
      expect((await h.call('GET', '/v1/sessions/current', withSession(s))).status).toBe(200);
      expect((await h.call('GET', '/v1/sessions/current', withSession(other))).status).toBe(401);
      expect((await h.call('POST', '/v1/sessions', { key: null, body: { email: dev.email, password: PASSWORD } })).status).toBe(401);
      await signIn(dev.email, NEW_PASSWORD);
      const entry = await h.database.db.em().findOneOrFail(AuditLog, { target: dev.id, action: 'user.password_changed' });
      expect(entry.actor).toBe(dev.id);
      clock.advance(16 * 60_000); // the failed sign-in above leaves the window
    });
    it('holds the new password to the policy (param new_password), without repeating it', async () => {
      const dev = await createUser('developer');
      const s = await signIn(dev.email);
      for (const weak of ['monkey123456', 'short one', dev.email.split('@')[0]! + ' likes tea']) {
        const r = await h.call('POST', '/v1/sessions/current/password', { ...withSession(s), body: { current_password: PASSWORD, new_password: weak } });
        expect(r.status, weak).toBe(400);
        expect(r.body.error).toMatchObject({ code: 'invalid_value', param: 'new_password' });
        expectNoPieceOf(weak, r.body.error.message);
      }
      await signIn(dev.email);
    });
    it('refuses a wrong current password with 403 incorrect_password, counted as a failed sign-in of the email', async () => {
      const dev = await createUser('developer');
      const s = await signIn(dev.email);
      for (let i = 0; i < 3; i++) {
        const r = await h.call('POST', '/v1/sessions/current/password', { ...withSession(s), body: { current_password: `wrong guess ${i}`, new_password: NEW_PASSWORD } });
        expect(r.status).toBe(403);
        expect(r.body.error).toMatchObject({ type: 'permission_error', code: 'incorrect_password', param: 'current_password' });
        expect(r.body.error.message).not.toContain('wrong guess');
      }
      // The email's failures are used up (3 in this file's settings): sign-in and the change wait.
      const throttled = await h.call('POST', '/v1/sessions/current/password', { ...withSession(s), body: { current_password: PASSWORD, new_password: NEW_PASSWORD } });
      expect(throttled.status).toBe(429);
      expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await h.call('POST', '/v1/sessions', { key: null, body: { email: dev.email, password: PASSWORD } })).status).toBe(429);
      clock.advance(16 * 60_000);
      expect((await h.call('POST', '/v1/sessions/current/password', { ...withSession(s), body: { current_password: PASSWORD, new_password: NEW_PASSWORD } })).status).toBe(200);
    });
    it('is for a session only, with its CSRF token: a key gets 401, a request without the token 403', async () => {
      const body = { current_password: PASSWORD, new_password: NEW_PASSWORD };
      const byKey = await h.call('POST', '/v1/sessions/current/password', { key: ownerKey, body });
      expect(byKey.status).toBe(401);
      expect(byKey.body.error.code).toBe('missing_credentials');
      const dev = await createUser('developer');
      const s = await signIn(dev.email);
      const noCsrf = await h.call('POST', '/v1/sessions/current/password', { ...withSession(s, false), body });
      expect(noCsrf.status).toBe(403);
      expect(noCsrf.body.error.code).toBe('invalid_csrf_token');
    });
  });

  describe('POST /v1/users/{user_id}/reset_password', () => {
    it('generates a new password shown once, ends every session of the user, audited', async () => {
      const dev = await createUser('developer');
      const s = await signIn(dev.email);
      const r = await h.call('POST', `/v1/users/${dev.id}/reset_password`, { key: ownerKey });
      expect(r.status, r.text).toBe(200);
      expect(r.body).toMatchObject({ id: dev.id, object: 'user', role: 'developer' });
      expect(r.body.initial_password).toMatch(/^[A-Za-z0-9]{20}$/);
      expect(r.headers.get('cache-control')).toBe('no-store');
      expect((await h.call('GET', '/v1/sessions/current', withSession(s))).status).toBe(401);
      expect((await h.call('POST', '/v1/sessions', { key: null, body: { email: dev.email, password: PASSWORD } })).status).toBe(401);
      await signIn(dev.email, r.body.initial_password);
      expect((await h.call('GET', `/v1/users/${dev.id}`, { key: ownerKey })).body.initial_password).toBeUndefined();
      expect(await h.database.db.em().count(AuditLog, { target: dev.id, action: 'user.password_reset' })).toBe(1);
      clock.advance(16 * 60_000);
    });
    it('resets only users whose role holds no scope the caller lacks (403 insufficient_scope), and is for users:manage', async () => {
      const viewer = await createUser('viewer');
      const owner = await createUser('owner');
      const narrow = await h.key('acme', 'users:manage,orders:read,customers:read,carriers:read');
      const refused = await h.call('POST', `/v1/users/${owner.id}/reset_password`, { key: narrow });
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('insufficient_scope');
      expect(refused.body.error.message).toContain(`User ${owner.id} (role owner)`);
      await signIn(owner.email);
      expect((await h.call('POST', `/v1/users/${viewer.id}/reset_password`, { key: narrow })).status).toBe(200);
      const admin = await createUser('admin');
      const s = await signIn(admin.email);
      expect((await h.call('POST', `/v1/users/${viewer.id}/reset_password`, withSession(s))).status).toBe(403);
      const other = await h.key('globex', 'all');
      expect((await h.call('POST', `/v1/users/${viewer.id}/reset_password`, { key: other })).status).toBe(404);
    });
  });

  describe('users (users:manage)', () => {
    it('creates a user with a generated password shown once, that signs in with it', async () => {
      const user = await createUser('viewer', null);
      expect(user.initial_password).toMatch(/^[A-Za-z0-9]{20}$/);
      expect((await h.call('GET', `/v1/users/${user.id}`, { key: ownerKey })).body.initial_password).toBeUndefined();
      await signIn(user.email, user.initial_password!);
    });
    it('refuses a second user with the same email (any case) in the account with 409 duplicate_user', async () => {
      const user = await createUser('viewer');
      const r = await h.call('POST', '/v1/users', { key: ownerKey, body: { email: user.email.toUpperCase(), role: 'admin', password: PASSWORD } });
      expect(r.status).toBe(409);
      expect(r.body.error).toMatchObject({ code: 'duplicate_user', param: 'email' });
    });
    it('lets two accounts each have a user of one email, each signing in to its own account', async () => {
      const shared = email('shared');
      const keys = [await h.key('initech', 'all'), await h.key('umbrella', 'all')];
      const passwords = ['initech password 1', 'umbrella password 2'];
      const created = [];
      for (const [i, key] of keys.entries()) {
        const r = await h.op('createUser', { key, body: { email: shared, role: 'owner', password: passwords[i]! } });
        expect(r.status, JSON.stringify(r.error)).toBe(201);
        created.push(r.body);
        clock.advance(1000); // the first is the older
      }
      const accounts = [];
      for (const [i, user] of created.entries()) {
        // Without `account`: the user whose password it is.
        const plain = await signIn(shared, passwords[i]);
        expect(plain.reply.body.user.id).toBe(user.id);
        accounts.push(plain.reply.body.account.id as string);
      }
      expect(accounts[0]).not.toBe(accounts[1]);
      // With `account`: only that account's user is tried.
      for (const [i, user] of created.entries()) {
        const r = await h.op('createSession', { key: null, body: { email: shared, password: passwords[i]!, account: accounts[i]! } });
        expect(r.status).toBe(201);
        expect(r.body.user.id).toBe(user.id);
        const crossed = await h.op('createSession', { key: null, body: { email: shared, password: passwords[i]!, account: accounts[1 - i]! } });
        expect(crossed.status).toBe(401);
        expect(crossed.error!.code).toBe('invalid_credentials');
      }
      // One password for both: the oldest user signs in without `account`, the other with it.
      const again = await h.op('createUser', { key: keys[0], body: { email: email('both'), role: 'viewer', password: PASSWORD } });
      clock.advance(1000);
      const younger = await h.op('createUser', { key: keys[1], body: { email: again.body.email, role: 'viewer', password: PASSWORD } });
      expect((await signIn(again.body.email)).reply.body.user.id).toBe(again.body.id);
      const chosen = await h.op('createSession', { key: null, body: { email: again.body.email, password: PASSWORD, account: accounts[1]! } });
      expect(chosen.body.user.id).toBe(younger.body.id);
      // A disabled user is passed over for the next whose password it is.
      await h.op('updateUser', { key: keys[0], params: { user_id: again.body.id }, body: { disabled: true } });
      expect((await signIn(again.body.email)).reply.body.user.id).toBe(younger.body.id);
    });
    it('refuses short passwords', async () => {
      const r = await h.call('POST', '/v1/users', { key: ownerKey, body: { email: email('viewer'), role: 'viewer', password: 'short' } });
      expect(r.status).toBe(400);
      expect(r.body.error.param).toBe('password');
    });
    it('is refused to admins (no users:manage) and allowed to owners signed in', async () => {
      const admin = await createUser('admin');
      const s = await signIn(admin.email);
      expect((await h.call('GET', '/v1/users', withSession(s))).status).toBe(403);
      const owner = await createUser('owner');
      const o = await signIn(owner.email);
      const list = await h.call('GET', '/v1/users?limit=100', withSession(o));
      expect(list.status).toBe(200);
      expect(list.body.data.map((u: { id: string }) => u.id)).toContain(admin.id);
    });
    it('changes a role from the next request on', async () => {
      const user = await createUser('viewer');
      const s = await signIn(user.email);
      expect((await h.call('POST', '/v1/customers', { ...withSession(s), body: { name: 'before' } })).status).toBe(403);
      const r = await h.call('PATCH', `/v1/users/${user.id}`, { key: ownerKey, body: { role: 'developer' } });
      expect(r.body.role).toBe('developer');
      expect((await h.call('POST', '/v1/customers', { ...withSession(s), body: { name: 'after' } })).status).toBe(201);
    });
    it('ends the sessions of a disabled or removed user at once', async () => {
      const a = await createUser('developer');
      const b = await createUser('developer');
      const sa = await signIn(a.email);
      const sb = await signIn(b.email);
      await h.call('PATCH', `/v1/users/${a.id}`, { key: ownerKey, body: { disabled: true } });
      const removed = await h.call('DELETE', `/v1/users/${b.id}`, { key: ownerKey });
      expect(removed.body).toEqual({ id: b.id, object: 'user', livemode: true, deleted: true });
      expect((await h.call('GET', '/v1/orders', withSession(sa))).status).toBe(401);
      expect((await h.call('GET', '/v1/orders', withSession(sb))).status).toBe(401);
      expect((await h.call('GET', `/v1/users/${b.id}`, { key: ownerKey })).status).toBe(404);
    });
    it('keeps one enabled owner: demoting, disabling or removing the last one is 409 last_owner', async () => {
      const lone = await h.key('lone', 'all');
      const r = await h.call('POST', '/v1/users', { key: lone, body: { email: email('owner'), role: 'owner', password: PASSWORD } });
      const id = r.body.id as string;
      for (const [method, body] of [['PATCH', { role: 'admin' }], ['PATCH', { disabled: true }], ['DELETE', undefined]] as const) {
        const refused: Reply = await h.call(method, `/v1/users/${id}`, { key: lone, ...(body ? { body } : {}) });
        expect(refused.status).toBe(409);
        expect(refused.body.error.code).toBe('last_owner');
      }
      await h.call('POST', '/v1/users', { key: lone, body: { email: email('owner'), role: 'owner', password: PASSWORD } });
      expect((await h.call('PATCH', `/v1/users/${id}`, { key: lone, body: { role: 'admin' } })).status).toBe(200);
    });
    it('never shows another account\'s users', async () => {
      const user = await createUser('viewer');
      const other = await h.key('globex', 'all');
      expect((await h.call('GET', `/v1/users/${user.id}`, { key: other })).status).toBe(404);
      expect((await h.call('PATCH', `/v1/users/${user.id}`, { key: other, body: { role: 'owner' } })).status).toBe(404);
      const list = await h.call('GET', '/v1/users', { key: other });
      expect(list.body.data.map((u: { id: string }) => u.id)).not.toContain(user.id);
    });
    it('records user changes in the audit log', async () => {
      const user = await createUser('viewer');
      await h.call('PATCH', `/v1/users/${user.id}`, { key: ownerKey, body: { name: 'Renamed' } });
      const actions = (await h.database.db.em().find(AuditLog, { target: user.id })).map((e) => e.action).sort();
      expect(actions).toEqual(['user.created', 'user.updated']);
    });
  });
});

describe('npm run users -- create', () => {
  it('creates the account and an owner with a generated password printed once, on the embedded database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vt-users-'));
    try {
      const out = execFileSync(process.execPath, ['--import', 'tsx', 'src/users-cli.ts', 'create', '--account', 'Acme', '--email', 'Ops@Acme.example', '--role', 'owner'], {
        env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const password = out.trim();
      expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
      const db = await openDatabase({ dataDir: dir });
      try {
        const rows = await db.em().execute<{ email: string; role: string; password_hash: string }[]>('select email, role, password_hash from users');
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ email: 'ops@acme.example', role: 'owner' });
        expect(await verifyPassword(password, rows[0]!.password_hash)).toBe(true);
        // Audited as every change is, by `system` (the operator's command line), with its event.
        const audit = await db.em().execute<{ actor: string; action: string; request_id: string | null }[]>('select actor, action, request_id from audit_logs');
        expect(audit).toEqual([{ actor: 'system', action: 'user.created', request_id: null }]);
        expect(await db.em().execute("select type from events where type = 'audit.privileged_action'")).toHaveLength(1);
        await expect(createUserInAccount(db.em(), { accountName: 'Acme', email: 'ops@acme.example', role: 'viewer' }, { now: () => new Date() })).rejects.toThrow(/already exists/);
      } finally {
        await db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('npm run users -- reset-password', () => {
  it('sets a new generated password, asks which account when the email has several, and refuses an unknown email', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vt-users-reset-'));
    const cli = (...args: string[]) => {
      const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/users-cli.ts', 'reset-password', ...args], {
        env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
        encoding: 'utf8',
      });
      return { code: r.status, out: r.stdout, err: r.stderr };
    };
    try {
      let db = await openDatabase({ dataDir: dir });
      const clock = { now: () => new Date() };
      try {
        await createUserInAccount(db.em(), { accountName: 'Acme', email: 'ops@acme.example', role: 'owner' }, clock);
        await createUserInAccount(db.em(), { accountName: 'Globex', email: 'ops@acme.example', role: 'viewer' }, clock);
      } finally {
        await db.close();
      }
      const unknown = cli('--email', 'nobody@acme.example');
      expect(unknown.code).toBe(1);
      expect(unknown.err).toContain('error: No user with the email nobody@acme.example.');
      expect(unknown.out).toBe('');
      const ambiguous = cli('--email', 'Ops@Acme.example');
      expect(ambiguous.code).toBe(1);
      expect(ambiguous.err).toContain('2 accounts have a user with the email ops@acme.example (');
      expect(ambiguous.err).toContain('--account <name>');
      expect(ambiguous.out).toBe('');
      expect(cli('--email', 'ops@acme.example', '--account', 'Initech').code).toBe(1);
      const reset = cli('--email', 'ops@acme.example', '--account', 'Globex');
      expect(reset.code, reset.err).toBe(0);
      const password = reset.out.trim();
      expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
      expect(reset.err).toContain('in account Globex');
      db = await openDatabase({ dataDir: dir });
      try {
        const rows = await db.em().execute<{ role: string; password_hash: string }[]>("select role, password_hash from users where email = 'ops@acme.example' order by role");
        expect(rows.map((r) => r.role)).toEqual(['owner', 'viewer']);
        expect(await verifyPassword(password, rows[1]!.password_hash)).toBe(true); // Globex's viewer
        expect(await verifyPassword(password, rows[0]!.password_hash)).toBe(false); // Acme's owner is untouched
        // One entry, by `system`, on the user whose password was reset; the refused attempts wrote none.
        const audit = await db.em().execute<{ actor: string; action: string; target: string }[]>("select actor, action, target from audit_logs where action = 'user.password_reset'");
        const [globex] = await db.em().execute<{ id: string }[]>("select id from users where email = 'ops@acme.example' and role = 'viewer'");
        expect(audit).toEqual([{ actor: 'system', action: 'user.password_reset', target: globex!.id }]);
      } finally {
        await db.close();
      }
      // Without the subcommand's one required option: the usage, exit 2.
      expect(cli().code).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
