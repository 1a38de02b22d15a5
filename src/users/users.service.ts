// Dashboard users: created by an owner (or a key with users:manage) or the CLI, with a role that maps
// to scopes. A credential gives only a role whose scopes it holds, and changes or removes only a user
// whose role's scopes it holds (the grant rule, src/shared/grants.ts). What a user made (keys, OAuth
// clients) ends with the user: deleting or disabling them revokes it, and taking their role down
// revokes what reaches beyond the new role. The account always keeps one enabled owner. Changes are
// audited with the acting user or key.
import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/sql';
import type { components } from '../../generated/openapi.js';
import { recordAudit, recordCommandLineAudit } from '../audit/audit.service.js';
import { findOrCreateAccount } from '../auth/auth.service.js';
import { Account } from '../auth/auth.entities.js';
import { endCredentialsMadeBy } from '../auth/keys.service.js';
import { assertCanGrant, assertCanTakeAway } from '../shared/grants.js';
import type { Clock } from '../shared/clock.js';
import { unixOrNull, unixSeconds } from '../shared/clock.js';
import { inTransaction, type RequestContext } from '../shared/context.js';
import { errors } from '../shared/errors.js';
import { ownedFinder } from '../shared/find.js';
import { newId } from '../shared/ids.js';
import { listPage, type Page, type PageQuery } from '../shared/pagination.js';
import { generatePassword, hashPassword, verifyPassword } from './passwords.js';
import { assertPasswordAcceptable } from './password-policy.js';
import { emailKey, giveBack, takeAttempt } from './sign-in-limits.js';
import { isRole, ROLE_SCOPES, type Role } from './roles.js';
import { Session, User } from './users.entities.js';
import { liveAccountIdOf, livemodeOf } from '../shared/livemode.js';

type S = components['schemas'];


export function renderUser(user: User, initialPassword?: string): S['User'] {
  return {
    id: user.id,
    object: 'user',
    livemode: livemodeOf(user.accountId),
    email: user.email,
    name: user.name,
    role: user.role as Role,
    disabled: user.disabled,
    ...(initialPassword ? { initial_password: initialPassword } : {}),
    created: unixSeconds(user.createdAt),
    updated: unixSeconds(user.updatedAt),
    last_login_at: unixOrNull(user.lastLoginAt),
  };
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * A new user in `accountId` (persisted in `em`, not flushed). Without a password one is generated and
 * returned, to be handed over once. The API's validation already holds role and the password's
 * length to the spec; the role check here is for the CLI, the password policy for both.
 */
export async function issueUser(
  em: EntityManager,
  accountId: string,
  input: { email: string; name?: string | undefined; role: string; password?: string | undefined },
  now: Date,
): Promise<{ user: User; initialPassword: string | undefined }> {
  if (!isRole(input.role)) throw errors.invalidValue('role', `Unknown role ${input.role}: owner, admin, developer or viewer.`);
  const email = normalizeEmail(input.email);
  const name = input.name?.trim() || email.split('@')[0]!;
  if (input.password !== undefined) await assertPasswordAcceptable(input.password, { email, name });
  // Unique within the account only: whether another account has this email is none of this one's business.
  if (await em.count(User, { accountId, email })) throw errors.duplicateUser(email);
  const initialPassword = input.password === undefined ? generatePassword() : undefined;
  const user = em.create(User, {
    id: newId('user', now.getTime()),
    accountId,
    email,
    name,
    role: input.role,
    passwordHash: await hashPassword(input.password ?? initialPassword!),
    disabled: false,
    createdAt: now,
    updatedAt: now,
    lastLoginAt: null,
  });
  em.persist(user);
  return { user, initialPassword };
}

/** Giving a role: only one whose every scope the caller holds (an owner is made only by an owner's reach). */
const assertCanGiveRole = (ctx: RequestContext, role: Role): void => assertCanGrant(ctx.principal, ROLE_SCOPES[role], `the role ${role}`, 'role');

/** Changing or removing a user: only one whose role reaches no further than the caller. */
const assertCanChangeUser = (ctx: RequestContext, user: User): void =>
  assertCanTakeAway(ctx.principal, ROLE_SCOPES[user.role as Role] ?? [], `User ${user.id} (role ${user.role})`);

export async function createUser(ctx: RequestContext, input: S['UserCreate']): Promise<{ user: User; initialPassword: string | undefined }> {
  assertCanGiveRole(ctx, input.role);
  try {
    return await inTransaction(ctx, async (tx) => {
      const now = ctx.clock.now();
      const created = await issueUser(tx.em, ctx.principal.accountId, input, now);
      await recordAudit(tx, 'user.created', created.user.id, { now });
      await tx.em.flush();
      return created;
    });
  } catch (err) {
    // Two creations of one email at once: the account's unique index decides.
    if (err instanceof UniqueConstraintViolationException) throw errors.duplicateUser(normalizeEmail(input.email));
    throw err;
  }
}

/** The CLI's way in: creates the account when no account has that name. */
export async function createUserInAccount(
  em: EntityManager,
  input: { accountName: string; email: string; name?: string | undefined; role: string; password?: string | undefined; audited?: boolean },
  clock: Clock,
): Promise<{ user: User; initialPassword: string | undefined; accountId: string }> {
  return em.transactional(async (tem) => {
    const account = await findOrCreateAccount(tem, input.accountName, clock);
    const now = clock.now();
    const created = await issueUser(tem, account.id, input, now);
    // A user made on the command line (npm run users) is audited as every other, by `system`.
    if (input.audited) await recordCommandLineAudit(tem, clock, account.id, 'user.created', created.user.id, now);
    await tem.flush();
    return { ...created, accountId: account.id };
  });
}

/** The embedded development database's first start: an owner to sign in to the dashboard with. */
export async function bootstrapDevelopmentUser(em: EntityManager, accountId: string, clock: Clock): Promise<{ email: string; password: string }> {
  return em.transactional(async (tem) => {
    const { user, initialPassword } = await issueUser(tem, accountId, { email: 'owner@development.localhost', name: 'Development owner', role: 'owner' }, clock.now());
    await tem.flush();
    return { email: user.email, password: initialPassword! };
  });
}

export const findUser = ownedFinder(User, 'user', 'user_id');

/** Users are the account's people, not test data: they are managed in live mode only (403 in test mode). */
export function assertLiveMode(ctx: RequestContext): void {
  if (!livemodeOf(ctx.principal.accountId)) throw errors.usersLiveModeOnly();
}

export const listUsers = (ctx: RequestContext, query: PageQuery): Promise<Page<User>> => listPage(ctx.em, User, ctx.principal.accountId, {}, query);

/**
 * Refuses a change that would leave the account without an enabled owner. The account's enabled
 * owners are locked first, so two changes at once cannot each leave the other as the last one.
 */
async function assertOwnerRemains(em: EntityManager, user: User, after: { role: string; disabled: boolean } | null): Promise<void> {
  const isActiveOwner = user.role === 'owner' && !user.disabled;
  const staysActiveOwner = after !== null && after.role === 'owner' && !after.disabled;
  if (!isActiveOwner || staysActiveOwner) return;
  const owners = await em.find(User, { accountId: user.accountId, role: 'owner', disabled: false }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  if (!owners.some((o) => o.id !== user.id)) throw errors.lastOwner(user.id);
}

export function updateUser(ctx: RequestContext, id: string, input: S['UserUpdate']): Promise<User> {
  return inTransaction(ctx, async (tx) => {
    const now = ctx.clock.now();
    const user = await findUser(tx, id, { forUpdate: true });
    assertCanChangeUser(ctx, user);
    if (input.role !== undefined && input.role !== user.role) assertCanGiveRole(ctx, input.role);
    const role = input.role ?? user.role;
    const disabled = input.disabled ?? user.disabled;
    await assertOwnerRemains(tx.em, user, { role, disabled });
    if (input.name !== undefined) user.name = input.name.trim();
    const roleScopes: readonly string[] = ROLE_SCOPES[role as Role];
    const demoted = role !== user.role && (ROLE_SCOPES[user.role as Role] ?? []).some((s) => !roleScopes.includes(s));
    user.role = role;
    const disabling = disabled && !user.disabled;
    // Disabling ends the user's sessions at once.
    if (disabling) await tx.em.nativeUpdate(Session, { userId: user.id, revokedAt: null }, { revokedAt: now, updatedAt: now });
    user.disabled = disabled;
    user.updatedAt = now;
    await recordAudit(tx, 'user.updated', user.id, { now });
    await tx.em.flush();
    // What the user made ends with their access: all of it when disabled, what reaches beyond the new role when demoted.
    if (disabling) await endCredentialsMadeBy(tx, user.id);
    else if (demoted) await endCredentialsMadeBy(tx, user.id, (scopes) => scopes.every((s) => roleScopes.includes(s)));
    return user;
  });
}

/** Removes the user and, with them, their sessions and every credential they made (revoked, audited). */
export function deleteUser(ctx: RequestContext, id: string): Promise<void> {
  return inTransaction(ctx, async (tx) => {
    const now = ctx.clock.now();
    const user = await findUser(tx, id, { forUpdate: true });
    assertCanChangeUser(ctx, user);
    await assertOwnerRemains(tx.em, user, null);
    await endCredentialsMadeBy(tx, user.id);
    await tx.em.nativeDelete(Session, { userId: user.id });
    await tx.em.nativeDelete(User, { id: user.id });
    await recordAudit(tx, 'user.deleted', user.id, { now });
  });
}

/**
 * The signed-in user changes their own password: the current one must be theirs (a wrong one counts
 * as a failed sign-in of their email, and is refused while that email's sign-ins are throttled), the
 * new one must pass the policy. The user's other sessions end; the calling one goes on.
 */
export async function changeOwnPassword(ctx: RequestContext, input: S['PasswordChange']): Promise<User> {
  const sessionId = ctx.principal.sessionId;
  const where = { id: ctx.principal.actorId, accountId: liveAccountIdOf(ctx.principal.accountId) };
  const found = ctx.principal.kind === 'session' && sessionId ? await ctx.em.findOne(User, where) : null;
  if (!found) throw errors.noSession({ 'WWW-Authenticate': 'Bearer realm="api"' });
  const now = ctx.clock.now();
  // A wrong current password is a guess at it: it takes an attempt of the email's sign-in limit (429 past it).
  const key = emailKey(found.email);
  const window = await takeAttempt(ctx.em, key, ctx.settings.signIn.perEmail, ctx.settings.signIn, now);
  if (!(await verifyPassword(input.current_password, found.passwordHash))) throw errors.incorrectPassword();
  await giveBack(ctx.em, key, window);
  await assertPasswordAcceptable(input.new_password, found, 'new_password');
  const passwordHash = await hashPassword(input.new_password);
  return inTransaction(ctx, async (tx) => {
    const user = await tx.em.findOneOrFail(User, where, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    user.passwordHash = passwordHash;
    user.updatedAt = now;
    await tx.em.nativeUpdate(Session, { userId: user.id, revokedAt: null, id: { $ne: sessionId! } }, { revokedAt: now, updatedAt: now });
    await recordAudit(tx, 'user.password_changed', user.id, { now });
    await tx.em.flush();
    return user;
  });
}

/**
 * Gives the user a new generated password (answered once) and ends all of their sessions. A
 * credential resets only a user whose role's scopes it holds itself (src/shared/grants.ts).
 */
export async function resetUserPassword(ctx: RequestContext, id: string): Promise<{ user: User; password: string }> {
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  return inTransaction(ctx, async (tx) => {
    const now = ctx.clock.now();
    const user = await findUser(tx, id, { forUpdate: true });
    assertCanChangeUser(ctx, user);
    user.passwordHash = passwordHash;
    user.updatedAt = now;
    await tx.em.nativeUpdate(Session, { userId: user.id, revokedAt: null }, { revokedAt: now, updatedAt: now });
    await recordAudit(tx, 'user.password_reset', user.id, { now });
    await tx.em.flush();
    return { user, password };
  });
}

/**
 * The CLI's way back in (`npm run users -- reset-password`): gives the user of that email a new
 * generated password and ends all of their sessions. When several accounts have a user of that
 * email, `accountName` says which.
 */
export async function resetPasswordByEmail(
  em: EntityManager,
  input: { email: string; accountName?: string | undefined },
  clock: Clock,
): Promise<{ user: User; password: string; accountName: string }> {
  const email = normalizeEmail(input.email);
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  return em.transactional(async (tem) => {
    const users = await tem.find(User, { email }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    const accounts = await tem.find(Account, { id: { $in: users.map((u) => u.accountId) }, livemode: true });
    const nameOf = (user: User) => accounts.find((a) => a.id === user.accountId)?.name ?? user.accountId;
    const matching = input.accountName === undefined ? users : users.filter((u) => nameOf(u) === input.accountName);
    if (matching.length === 0) {
      throw new Error(`No user with the email ${email}${input.accountName === undefined ? '' : ` in an account named ${input.accountName}`}.`);
    }
    if (matching.length > 1) {
      throw new Error(`${matching.length} accounts have a user with the email ${email} (${matching.map(nameOf).join(', ')}): say which with --account <name>.`);
    }
    const user = matching[0]!;
    const now = clock.now();
    user.passwordHash = passwordHash;
    user.updatedAt = now;
    await tem.nativeUpdate(Session, { userId: user.id, revokedAt: null }, { revokedAt: now, updatedAt: now });
    // Audited as a reset on the Team page is, by `system` (the operator's command line).
    await recordCommandLineAudit(tem, clock, user.accountId, 'user.password_reset', user.id, now);
    await tem.flush();
    return { user, password, accountName: nameOf(user) };
  });
}
