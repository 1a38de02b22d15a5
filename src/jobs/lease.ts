// The claim of leased jobs (webhook deliveries have a claim of their own, fair across endpoints and
// limited per endpoint: see src/webhooks/worker.ts): in one statement, take up to `limit` due rows
// nobody holds (FOR UPDATE SKIP LOCKED, so any number of workers can claim at once) and lease them
// to one owner until a time. A worker that dies holds nothing for longer than its lease; every
// outcome is recorded only by the lease's owner.
import type { EntityManager } from '@mikro-orm/sql';

export interface LeasedWork {
  /** The table holding the work; it has `id`, `lease_owner` and `lease_expires_at` columns. */
  table: string;
  /** Selects the ids of the rows due now, in the order to take them (no LIMIT: added here), with its parameters. */
  due: { sql: string; params: unknown[] };
  /** With a join in `due`: the alias whose rows are locked. */
  lockOf?: string;
  /** More assignments the claim makes (a status, an attempt counter), with their parameters. */
  alsoSet?: { sql: string; params: unknown[] };
}

export interface Lease {
  owner: string;
  until: Date;
  limit: number;
}

/** Claims and leases due rows; answers them as stored (column names), in no particular order. */
export async function claimLeased<Row extends { id: string }>(em: EntityManager, work: LeasedWork, lease: Lease): Promise<Row[]> {
  if (lease.limit <= 0) return [];
  const rows = await em.execute<Row[]>(
    `update ${work.table} set lease_owner = ?, lease_expires_at = ?${work.alsoSet ? `, ${work.alsoSet.sql}` : ''}
     where id in (${work.due.sql} limit ? for update${work.lockOf ? ` of ${work.lockOf}` : ''} skip locked)
     returning *`,
    [lease.owner, lease.until, ...(work.alsoSet?.params ?? []), ...work.due.params, lease.limit],
  );
  return rows;
}

/** `where` conditions of a row still held by `owner` (the only one allowed to record its outcome). */
export const heldBy = (id: string, owner: string) => ({ id, leaseOwner: owner });

/** The assignments that give a row's lease back. */
export const released = { leaseOwner: null, leaseExpiresAt: null };
