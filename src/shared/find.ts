// The one tenant-scoped look-up: a resource by id within the caller's account, or 404. Another
// account's resource is "missing" too, so its existence is never revealed.
import { LockMode, type EntityName, type FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/sql';
import { errors } from './errors.js';
import { queryRows, rowMapper } from './sql.js';

export interface FindOptions {
  /** The parameter the 404 names (the path parameter, or the body field that carried the id). */
  param: string;
  /**
   * Lock the row for the rest of the transaction, reading it after the lock (a concurrent change is
   * seen, not overwritten), as an entity the transaction's flush writes back. Without it the answer
   * is a read-only snapshot: change a resource only after finding it with `forUpdate`.
   */
  forUpdate?: boolean;
}

/** Resources findable by id within an account: every tenant-owned entity. */
export interface Owned {
  id: string;
  accountId: string;
}

const FOR_UPDATE = { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } as const;

/** The row `where` selects, locked for the rest of the transaction and read after the lock; null when none. */
export const lockOne = <E extends object>(em: EntityManager, entity: EntityName<E>, where: FilterQuery<E>): Promise<E | null> =>
  em.findOne(entity, where as never, FOR_UPDATE) as Promise<E | null>;

export async function findOwned<E extends Owned>(
  em: EntityManager,
  entity: EntityName<E>,
  what: string,
  accountId: string,
  id: string,
  options: FindOptions,
): Promise<E> {
  const found = options.forUpdate ? await lockOne(em, entity, { id, accountId } as FilterQuery<E>) : await readOwned(em, entity, accountId, id);
  if (!found) throw errors.resourceMissing(what, id, options.param);
  return found as E;
}

/** The row by id within the account, read with one statement and no hydration (the hot read of every `GET /v1/x/{id}`). */
async function readOwned<E extends Owned>(em: EntityManager, entity: EntityName<E>, accountId: string, id: string): Promise<E | null> {
  const { table, map } = rowMapper(em, entity);
  const [row] = await queryRows<Record<string, unknown>>(em, `select * from ${table} where id = $1 and account_id = $2`, [id, accountId]);
  return row ? map(row) : null;
}

/**
 * The finder of one resource type, for services: `findOrder(ctx, id, { forUpdate: true })`. The
 * default `param` is the resource's path parameter; a body field that carries the id names itself.
 */
export function ownedFinder<E extends Owned>(entity: EntityName<E>, what: string, defaultParam: string) {
  return (ctx: { em: EntityManager; principal: { accountId: string } }, id: string, options: Partial<FindOptions> = {}): Promise<E> =>
    findOwned(ctx.em, entity, what, ctx.principal.accountId, id, { param: defaultParam, ...options });
}
