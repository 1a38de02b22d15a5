// Dashboard users (people, with a role) and their sign-in sessions. The sign-in limits' counters are
// rows that only sessions.service.ts reads and writes, by SQL (sign_in_counters), so they have no entity.
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    /**
     * Lower-cased; unique within the account (index `users_account_email_idx`), not across accounts,
     * so that creating a user tells nothing of another account's users: sign-in may find several.
     */
    email: p.string(),
    name: p.string(),
    role: p.string(),
    /** scrypt hash in the self-describing format of passwords.ts. */
    passwordHash: p.string(),
    disabled: p.boolean(),
    createdAt: p.datetime(),
    /** The last change of the user (name, role, disabled, password); a sign-in is not one. */
    updatedAt: p.datetime(),
    lastLoginAt: p.datetime().nullable(),
  },
});
export type User = InferEntity<typeof User>;

/** A signed-in session: the cookie's token is stored only as its SHA-256 hash. */
export const Session = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    id: p.string().primary(),
    tokenHash: p.string().unique(),
    accountId: p.string(),
    userId: p.string(),
    csrfToken: p.string(),
    createdAt: p.datetime(),
    /** Moves forward with activity (the idle timeout after the last request, to the minute). */
    idleExpiresAt: p.datetime(),
    /** Fixed at sign-in (the maximum lifetime after it). */
    expiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    /** The last change of the session (its mode switched, or it ended); activity is not one. */
    updatedAt: p.datetime(),
    /** False while the session works on the account's test data (the dashboard's "Test mode"). */
    livemode: p.boolean().default(true),
  },
});
export type Session = InferEntity<typeof Session>;
