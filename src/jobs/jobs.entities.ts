import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A unit of background work (carrier vetting, compliance scans), claimed by workers with a lease. */
export const Job = defineEntity({
  name: 'Job',
  tableName: 'jobs',
  properties: {
    id: p.string().primary(),
    kind: p.string(),
    subjectId: p.string().nullable(),
    payload: p.json<Record<string, unknown>>(),
    status: p.string().$type<'queued' | 'running' | 'succeeded' | 'failed'>(),
    attempts: p.integer(),
    maxAttempts: p.integer(),
    runAt: p.datetime(),
    leaseOwner: p.string().nullable(),
    leaseExpiresAt: p.datetime().nullable(),
    lastError: p.string().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type Job = InferEntity<typeof Job>;
