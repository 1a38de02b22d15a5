import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const Account = defineEntity({
  name: 'Account',
  tableName: 'accounts',
  properties: {
    id: p.string().primary(),
    name: p.string().unique(),
    createdAt: p.datetime(),
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
    scopes: p.json<string[]>(),
    apiVersion: p.string(),
    createdAt: p.datetime(),
    lastUsedAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
  },
});
export type ApiKey = InferEntity<typeof ApiKey>;
