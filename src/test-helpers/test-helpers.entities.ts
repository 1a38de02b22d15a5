import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { components } from '../../generated/openapi.js';

type S = components['schemas'];

/** A deletion of an account's test data (DELETE /v1/test_data), owned by the mode that asked for it. */
export const TestDataDeletion = defineEntity({
  name: 'TestDataDeletion',
  tableName: 'test_data_deletions',
  properties: {
    id: p.string().primary(),
    accountId: p.string(),
    /** The test account whose data it removes (one deletion at a time per test account, asked from either mode). */
    testAccountId: p.string(),
    status: p.string().$type<S['TestDataDeletion']['status']>(),
    /** Objects removed so far, per kind. */
    deleted: p.json<Record<string, number>>(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
    completedAt: p.datetime().nullable(),
  },
});
export type TestDataDeletion = InferEntity<typeof TestDataDeletion>;
