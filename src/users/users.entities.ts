// Dashboard users (people, with a role), their sign-in sessions and the record of failed sign-ins.
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    /** Lower-cased; unique across accounts, so an email names one person to sign in. */
    email: p.string().unique(),
    name: p.string(),
    role: p.string(),
    /** scrypt hash in the self-describing format of passwords.ts. */
    passwordHash: p.string(),
    disabled: p.boolean(),
    createdAt: p.datetime(),
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
    /** Moves forward with activity (12 h after the last request, to the minute). */
    idleExpiresAt: p.datetime(),
    /** Fixed at sign-in (7 days). */
    expiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    /** False while the session works on the account's test data (the dashboard's "Test mode"). */
    livemode: p.boolean().default(true),
  },
});
export type Session = InferEntity<typeof Session>;

/** One failed sign-in, counted per email and per client address over a sliding window. */
export const SignInFailure = defineEntity({
  name: 'SignInFailure',
  tableName: 'sign_in_failures',
  properties: {
    id: p.string().primary(),
    email: p.string(),
    address: p.string(),
    createdAt: p.datetime(),
  },
});
export type SignInFailure = InferEntity<typeof SignInFailure>;
