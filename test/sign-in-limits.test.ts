// The sign-in limits under parallel attempts (each attempt is counted before its password is checked,
// so a burst at once gets no more password checks than the limit), on every backend including a
// transaction-mode pooler; and session lifetimes set by the operator rather than the defaults.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, type Backend } from './support/databases.js';
import { startHarness, TestClock, type Harness, type Reply } from './support/harness.js';

const PASSWORD = 'correct horse battery staple';
const PER_EMAIL = 5;
const PER_ADDRESS = 10;
const WINDOW_MS = 15 * 60_000;

describe.each(backends({ pooler: true }))('sign-in limits on %s', (backend: Backend) => {
  let h: Harness;
  const clock = new TestClock(Date.UTC(2026, 10, 29, 9, 0, 0));
  let ownerKey: string;
  let n = 0;
  /** A client address of its own for each use (the harness believes one proxy's X-Forwarded-For). */
  const address = () => `198.51.100.${++n}`;
  beforeAll(async () => {
    h = await startHarness(backend, {
      clock,
      trustedProxies: 1,
      signIn: { perEmail: PER_EMAIL, perAddress: PER_ADDRESS, windowMs: WINDOW_MS },
      sessions: { idleTimeoutMs: 10 * 60_000, maxLifetimeMs: 3_600_000 },
    });
    ownerKey = await h.key('limits', 'all');
  });
  afterAll(() => h.close());

  const createUser = async () => {
    const r = await h.op('createUser', { key: ownerKey, body: { email: `user.${backend}.${++n}@limits.example`, role: 'viewer', password: PASSWORD } });
    expect(r.status, JSON.stringify(r.error)).toBe(201);
    return r.body;
  };
  const attempt = (email: string, password: string, from: string): Promise<Reply> =>
    h.call('POST', '/v1/sessions', { key: null, body: { email, password }, headers: { 'X-Forwarded-For': from } });
  const statuses = (replies: Reply[]) => replies.map((r) => r.status).sort();

  it(`checks at most ${PER_EMAIL} passwords of ${25} sent at once for one email; even the right one waits for the window`, async () => {
    const user = await createUser();
    const from = address();
    const replies = await Promise.all(Array.from({ length: 25 }, (_, i) => attempt(user.email, `wrong password ${i}`, from)));
    expect(statuses(replies)).toEqual([...Array(PER_EMAIL).fill(401), ...Array(25 - PER_EMAIL).fill(429)]);
    for (const r of replies.filter((r) => r.status === 429)) {
      expect(r.body.error.code).toBe('rate_limit_exceeded');
      expect(Number(r.headers.get('retry-after'))).toBe(WINDOW_MS / 1000);
    }
    // From another address, with the right password: still refused, and the password is not checked.
    clock.advance(WINDOW_MS - 1000);
    const early = await attempt(user.email, PASSWORD, address());
    expect(early.status).toBe(429);
    expect(Number(early.headers.get('retry-after'))).toBe(1);
    clock.advance(1000);
    expect((await attempt(user.email, PASSWORD, address())).status).toBe(201);
  });

  it(`checks at most ${PER_ADDRESS} passwords of ${25} sent at once from one address for distinct emails`, async () => {
    const from = address();
    const replies = await Promise.all(Array.from({ length: 25 }, (_, i) => attempt(`guess.${backend}.${i}@limits.example`, 'guess', from)));
    expect(statuses(replies)).toEqual([...Array(PER_ADDRESS).fill(401), ...Array(25 - PER_ADDRESS).fill(429)]);
    const user = await createUser();
    expect((await attempt(user.email, PASSWORD, from)).status).toBe(429);
    // The refusal by the address did not count against the email: elsewhere the user signs in.
    expect((await attempt(user.email, PASSWORD, address())).status).toBe(201);
    clock.advance(WINDOW_MS);
    expect((await attempt(user.email, PASSWORD, from)).status).toBe(201);
  });

  it('gives a successful sign-in its attempt back, on the email and the address, and keeps counting the failures before it', async () => {
    const user = await createUser();
    const from = address();
    for (let i = 0; i < PER_EMAIL - 1; i++) expect((await attempt(user.email, `wrong ${i}`, from)).status).toBe(401);
    expect((await attempt(user.email, PASSWORD, from)).status).toBe(201);
    expect((await attempt(user.email, PASSWORD, from)).status).toBe(201);
    // The earlier failures still count (a success with one account's user says nothing of guesses at
    // another's with the same email): one attempt is left in the window, whatever comes at once.
    const again = await Promise.all(Array.from({ length: 4 }, (_, i) => attempt(user.email, `again ${i}`, address())));
    expect(statuses(again)).toEqual([401, 429, 429, 429]);
    expect((await attempt(user.email, PASSWORD, address())).status).toBe(429);
    clock.advance(WINDOW_MS);
    expect((await attempt(user.email, PASSWORD, address())).status).toBe(201);
    // The address: successful sign-ins take nothing from it, however many.
    const other = await createUser();
    const busy = address();
    for (let i = 0; i < PER_ADDRESS - 1; i++) expect((await attempt(`nobody.${i}@limits.example`, 'guess', busy)).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await attempt(other.email, PASSWORD, busy)).status).toBe(201);
    expect((await attempt('nobody.last@limits.example', 'guess', busy)).status).toBe(401);
    expect((await attempt(other.email, PASSWORD, busy)).status).toBe(429);
  });

  it('keeps sessions for the configured lifetimes: 10 minutes idle, an hour at most', async () => {
    clock.advance(WINDOW_MS);
    const user = await createUser();
    const signIn = async () => {
      const r = await attempt(user.email, PASSWORD, address());
      expect(r.status).toBe(201);
      expect(r.headers.get('set-cookie')).toMatch(/; Max-Age=3600$/);
      expect(r.body.expires_at - r.body.created).toBe(3600);
      expect(r.body.idle_expires_at - r.body.created).toBe(600);
      return { key: null, headers: { Cookie: r.headers.get('set-cookie')!.split(';')[0]! } };
    };
    const idle = await signIn();
    const active = await signIn();
    for (let minute = 9; minute < 60; minute += 9) {
      clock.advance(9 * 60_000);
      expect((await h.call('GET', '/v1/sessions/current', active)).status, `after ${minute} min`).toBe(200);
    }
    expect((await h.call('GET', '/v1/sessions/current', idle)).status).toBe(401);
    clock.advance(6 * 60_000); // 60 minutes after sign-in
    expect((await h.call('GET', '/v1/sessions/current', active)).status).toBe(401);
  });
});
