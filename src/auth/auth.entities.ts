import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { components } from '../../generated/openapi.js';

type S = components['schemas'];

export const Account = defineEntity({
  name: 'Account',
  tableName: 'accounts',
  properties: {
    id: p.string().primary(),
    /** Unique among live accounts; a test account carries its live account's name. */
    name: p.string(),
    /** False for an account's test mode (src/shared/livemode.ts). */
    livemode: p.boolean().default(true),
    /** The live account of a test account; null for a live one. */
    liveAccountId: p.string().nullable(),
    /** The brokerage's details printed on its documents (src/account/account.service.ts). */
    legalName: p.string().nullable(),
    address: p.json<S['PostalAddress']>().nullable(),
    phone: p.string().nullable(),
    email: p.string().nullable(),
    remitTo: p.json<S['PostalAddress']>().nullable(),
    paymentInstructions: p.string().nullable(),
    /** Whether an order's tracking page shows its price. */
    trackingShowsPrice: p.boolean().default(false),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type Account = InferEntity<typeof Account>;

export const ApiKey = defineEntity({
  name: 'ApiKey',
  tableName: 'api_keys',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    name: p.string(),
    /** SHA-256 of the secret, hex; the secret itself is never stored. */
    secretHash: p.string().unique(),
    /** Last four characters of the secret, to tell keys apart. */
    last4: p.string(),
    scopes: p.json<S['Scope'][]>(),
    apiVersion: p.string().$type<S['ApiVersion']>(),
    createdAt: p.datetime(),
    /** The user, key or client that made it (null: the keys CLI); it ends with its maker (users.service.ts). */
    createdBy: p.string().nullable(),
    lastUsedAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
  },
});
export type ApiKey = InferEntity<typeof ApiKey>;

export const OAuthClient = defineEntity({
  name: 'OAuthClient',
  tableName: 'oauth_clients',
  properties: {
    /** Also the `client_id`. */
    id: p.string().primary(),
    accountId: p.string(),
    name: p.string(),
    /** SHA-256 of the client secret, hex. */
    secretHash: p.string().unique(),
    scopes: p.json<S['Scope'][]>(),
    apiVersion: p.string().$type<S['ApiVersion']>(),
    createdAt: p.datetime(),
    /** The user, key or client that made it (null: made before makers were recorded); it ends with its maker. */
    createdBy: p.string().nullable(),
    revokedAt: p.datetime().nullable(),
  },
});
export type OAuthClient = InferEntity<typeof OAuthClient>;

/** An opaque access token, stored only as its SHA-256 hash. */
export const OAuthToken = defineEntity({
  name: 'OAuthToken',
  tableName: 'oauth_tokens',
  properties: {
    tokenHash: p.string().primary(),
    accountId: p.string(),
    clientId: p.string(),
    scopes: p.json<S['Scope'][]>(),
    apiVersion: p.string().$type<S['ApiVersion']>(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
  },
});
export type OAuthToken = InferEntity<typeof OAuthToken>;
