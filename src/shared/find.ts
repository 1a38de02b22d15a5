// The one tenant-scoped look-up: a resource by id within the caller's account, or 404. Another
// account's resource is "missing" too, so its existence is never revealed.
import { LockMode, type EntityName, type FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/sql';
import { errors } from './errors.js';

export interface FindOptions {
  /** The parameter the 404 names (the path parameter, or the body field that carried the id). */
  param: string;
  /** Lock the row for the rest of the transaction, reading it after the lock (a concurrent change is seen, not overwritten). */
  forUpdate?: boolean;
}

/** Resources findable by id within an account: every tenant-owned entity. */
export interface Owned {
  id: string;
  accountId: string;
}

export async function findOwned<E extends Owned>(
  em: EntityManager,
  entity: EntityName<E>,
  what: string,
  accountId: string,
  id: string,
  options: FindOptions,
): Promise<E> {
  const found = await em.findOne(
    entity,
    { id, accountId } as FilterQuery<E>,
    options.forUpdate ? { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } : {},
  );
  if (!found) throw errors.resourceMissing(what, id, options.param);
  return found as E;
}

/**
 * The finder of one resource type, for services: `findOrder(ctx, id, { forUpdate: true })`. The
 * default `param` is the resource's path parameter; a body field that carries the id names itself.
 */
export function ownedFinder<E extends Owned>(entity: EntityName<E>, what: string, defaultParam: string) {
  return (ctx: { em: EntityManager; principal: { accountId: string } }, id: string, options: Partial<FindOptions> = {}): Promise<E> =>
    findOwned(ctx.em, entity, what, ctx.principal.accountId, id, { param: defaultParam, ...options });
}
