// Sign-in sessions for dashboard users: an opaque random token in a cookie, stored as its SHA-256
// hash, ending after an idle timeout or a maximum lifetime (settings; OWASP ASVS level 2's 30 minutes
// and 12 hours by default); a CSRF token per session. Sign-in attempts are limited per email and per
// client address by counters in the database, each taken by one atomic statement before the password
// is checked, so that every server process counts the same attempts and parallel ones cannot slip
// past the limit. The pipeline authenticates requests by the cookie (findLiveSession,
// sessionPrincipal); the operations sign in, read the session and sign out.
import { timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/sql';
import type { components } from '../../generated/openapi.js';
import { accountOfMode, hashSecret } from '../auth/auth.service.js';
import { Account } from '../auth/auth.entities.js';
import type { Clock } from '../shared/clock.js';
import { unixSeconds } from '../shared/clock.js';
import { DEFAULT_SESSION_POLICY, inTransaction, type Context, type Principal, type RequestContext, type SessionPolicy, type Settings, type SignInPolicy } from '../shared/context.js';
import { errors } from '../shared/errors.js';
import { lockOne } from '../shared/find.js';
import { newId } from '../shared/ids.js';
import { randomToken } from '../shared/tokens.js';
import { CURRENT_VERSION } from '../shared/versions.js';
import { decoyHash, verifyPassword } from './passwords.js';
import { ROLE_SCOPES, type Role } from './roles.js';
import { renderUser } from './users.service.js';
import { Session, User } from './users.entities.js';
import { queryRows } from '../shared/sql.js';
import { addressKey, emailKey, giveBack, takeAttempt } from './sign-in-limits.js';
import { liveAccountIdOf, testAccountIdOf } from '../shared/livemode.js';

type S = components['schemas'];

export const SESSION_COOKIE = 'vt_session';
/** The header that carries the session's CSRF token (lower case, as Node presents headers). */
export const CSRF_HEADER = 'x-csrf-token';
/** The header in which a dashboard page says the mode it shows (`true` live, `false` test). */
export const LIVEMODE_HEADER = 'x-livemode';
/** The users of one email a sign-in without `account` tries, oldest first (each costs a password check). */
export const MAX_USERS_PER_EMAIL = 10;
/** The idle expiry moves at most once a minute per session (one write a minute, not one per request). */
const TOUCH_RESOLUTION_MS = 60_000;
const TOKEN_PATTERN = /^vts_[0-9A-Za-z]{43}$/;

/** A session that authenticates requests, with the user and account it stands for. */
export interface LiveSession {
  session: Session;
  user: User;
  account: Account;
}

export function renderSession({ session, user, account }: LiveSession): S['Session'] {
  return {
    id: session.id,
    object: 'session',
    livemode: session.livemode,
    user: renderUser(user),
    account: { id: liveAccountIdOf(account.id), name: account.name },
    scopes: [...ROLE_SCOPES[user.role as Role]],
    csrf_token: session.csrfToken,
    created: unixSeconds(session.createdAt),
    updated: unixSeconds(session.updatedAt),
    idle_expires_at: unixSeconds(session.idleExpiresAt),
    expires_at: unixSeconds(session.expiresAt),
  };
}

/** The session lifetimes of these settings. */
export const sessionPolicyOf = (settings: Settings): SessionPolicy => settings.sessions ?? DEFAULT_SESSION_POLICY;

/**
 * The cookie that carries `token` for the session's maximum lifetime (or clears it when `token` is
 * null); `Secure` in production.
 */
export function sessionCookie(token: string | null, options: { secure: boolean; maxLifetimeMs?: number }): string {
  const maxAge = token ? Math.floor((options.maxLifetimeMs ?? DEFAULT_SESSION_POLICY.maxLifetimeMs) / 1000) : 0;
  const parts = [`${SESSION_COOKIE}=${token ?? ''}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAge}`];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** The session token in a Cookie header, if any. */
export function tokenFromCookieHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}

/**
 * The user whose password this is, of `account` when it is given, else the oldest of the email's
 * users (at most MAX_USERS_PER_EMAIL) whose password it is; disabled users never match. Null for
 * no match, after a password check for each candidate (and one on a decoy hash when there is none),
 * so an unknown email costs what a wrong password does.
 */
async function userWithPassword(em: EntityManager, email: string, account: string | undefined, password: string): Promise<User | null> {
  const candidates = await em.find(User, account ? { email, accountId: account } : { email }, { orderBy: { createdAt: 'asc', id: 'asc' }, limit: MAX_USERS_PER_EMAIL });
  if (!candidates.length) {
    await verifyPassword(password, await decoyHash());
    return null;
  }
  for (const user of candidates) {
    if ((await verifyPassword(password, user.passwordHash)) && !user.disabled) return user;
  }
  return null;
}

/**
 * Signs in with email and password (and the account, for an email that is a user of several): a new
 * session and its token (for the cookie; never stored). The attempt is counted against its address
 * and its email before the password is checked, and refused (429) beyond either limit; the same 401
 * for an unknown email, a wrong password or account and a disabled user. A successful sign-in
 * gives its own attempt back to both counts (the earlier failures keep counting in their window).
 */
export async function signIn(ctx: Context, input: S['SessionCreate']): Promise<{ live: LiveSession; token: string }> {
  const email = input.email.trim().toLowerCase();
  const address = ctx.ip ?? 'unknown';
  const policy = ctx.settings.signIn;
  const lifetimes = sessionPolicyOf(ctx.settings);
  const now = ctx.clock.now();
  const addressWindow = await takeAttempt(ctx.em, addressKey(address), policy.perAddress, policy, now);
  let emailWindow: Date;
  try {
    emailWindow = await takeAttempt(ctx.em, emailKey(email), policy.perEmail, policy, now);
  } catch (err) {
    // Refused before any password was checked: it does not count against the address.
    await giveBack(ctx.em, addressKey(address), addressWindow);
    throw err;
  }
  const user = await userWithPassword(ctx.em, email, input.account, input.password);
  if (!user) throw errors.invalidCredentials();
  const token = randomToken('vts');
  const live = await inTransaction(ctx, async ({ em }) => {
    const session = em.create(Session, {
      id: newId('session', now.getTime()),
      tokenHash: hashSecret(token),
      accountId: user.accountId,
      userId: user.id,
      csrfToken: randomToken('csrf').slice('csrf_'.length),
      createdAt: now,
      idleExpiresAt: new Date(now.getTime() + Math.min(lifetimes.idleTimeoutMs, lifetimes.maxLifetimeMs)),
      expiresAt: new Date(now.getTime() + lifetimes.maxLifetimeMs),
      revokedAt: null,
      updatedAt: now,
      livemode: true,
    });
    em.persist(session);
    await em.nativeUpdate(User, { id: user.id }, { lastLoginAt: now });
    user.lastLoginAt = now;
    const account = await em.findOneOrFail(Account, { id: user.accountId });
    return { session, user, account };
  });
  // This attempt is given back to both counters; the email's earlier failures still count, since an
  // email names a user in several accounts and a success in one says nothing of guesses at another.
  await giveBack(ctx.em, emailKey(email), emailWindow);
  await giveBack(ctx.em, addressKey(address), addressWindow);
  // Counters whose window has passed count nothing (the next attempt starts a new one): purge them now and then.
  if (Math.random() < 0.01) await queryRows(ctx.em, 'delete from sign_in_counters where window_start <= $1', [new Date(now.getTime() - policy.windowMs).toISOString()]);
  return { live, token };
}

/**
 * The live session of a cookie token: not revoked, not past either expiry, its user enabled. Moves
 * the idle expiry forward (a request is activity). Null when there is none.
 */
export async function findLiveSession(em: EntityManager, token: string | undefined, clock: Clock, lifetimes: SessionPolicy): Promise<LiveSession | null> {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const session = await em.findOne(Session, { tokenHash: hashSecret(token) });
  const now = clock.now();
  if (!session || session.revokedAt || session.expiresAt <= now || session.idleExpiresAt <= now) return null;
  const user = await em.findOne(User, { id: session.userId });
  if (!user || user.disabled) return null;
  const account = await em.findOneOrFail(Account, { id: session.accountId });
  const idle = new Date(Math.min(now.getTime() + lifetimes.idleTimeoutMs, session.expiresAt.getTime()));
  if (idle.getTime() - session.idleExpiresAt.getTime() > TOUCH_RESOLUTION_MS) {
    await em.nativeUpdate(Session, { id: session.id }, { idleExpiresAt: idle });
    session.idleExpiresAt = idle;
  }
  return { session, user, account };
}

/** The caller a live session stands for: its user, with the scopes of the user's role now. */
export function sessionPrincipal({ session, user }: LiveSession): Principal {
  return {
    // The session's user belongs to the live account; in test mode the session works on its test data.
    accountId: session.livemode ? session.accountId : testAccountIdOf(session.accountId),
    actorId: user.id,
    kind: 'session',
    scopes: new Set(ROLE_SCOPES[user.role as Role]),
    apiVersion: CURRENT_VERSION,
    sessionId: session.id,
  };
}

/** A state-changing request made with a session must carry the session's CSRF token. */
export function csrfTokenMatches(session: Session, sent: string | string[] | undefined): boolean {
  if (typeof sent !== 'string') return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(session.csrfToken);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The session that authenticated this request (operations secured by `sessionCookie` only). */
async function callerSession(ctx: RequestContext, options: { forUpdate?: boolean } = {}): Promise<LiveSession> {
  const id = ctx.principal.sessionId;
  const where = { id: id ?? '', accountId: liveAccountIdOf(ctx.principal.accountId), userId: ctx.principal.actorId };
  const session = id ? (options.forUpdate ? await lockOne(ctx.em, Session, where) : await ctx.em.findOne(Session, where)) : null;
  if (!session) throw errors.noSession({ 'WWW-Authenticate': 'Bearer realm="api"' });
  const user = await ctx.em.findOneOrFail(User, { id: session.userId });
  const account = await ctx.em.findOneOrFail(Account, { id: session.accountId });
  return { session, user, account };
}

export const currentSession = (ctx: RequestContext): Promise<LiveSession> => callerSession(ctx);

/**
 * Switches the caller's session to the account's live or test data (making the test account the
 * first time test mode is asked for). Its later requests act in that mode.
 */
export function switchMode(ctx: RequestContext, livemode: boolean): Promise<LiveSession> {
  return inTransaction(ctx, async (tx) => {
    const live = await callerSession(tx, { forUpdate: true });
    if (!livemode) await accountOfMode(tx.em, live.session.accountId, false, ctx.clock.now());
    if (live.session.livemode !== livemode) live.session.updatedAt = ctx.clock.now();
    live.session.livemode = livemode;
    await tx.em.flush();
    return live;
  });
}

/** Ends the caller's session at once (every process reads the session on each request). */
export function signOut(ctx: RequestContext): Promise<Session> {
  return inTransaction(ctx, async (tx) => {
    const { session } = await callerSession(tx, { forUpdate: true });
    if (!session.revokedAt) {
      session.revokedAt = ctx.clock.now();
      session.updatedAt = session.revokedAt;
    }
    await tx.em.flush();
    return session;
  });
}
