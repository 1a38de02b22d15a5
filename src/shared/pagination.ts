// Cursor pagination by id (ids are time-sortable), newest first.
import type { EntityManager } from '@mikro-orm/sql';
import type { EntityName, FilterQuery } from '@mikro-orm/core';
import { ApiError } from '../http/errors.js';

export interface Page<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

export async function listPage<E extends { id: string; accountId: string }, R>(
  em: EntityManager,
  entity: EntityName<E>,
  where: FilterQuery<E>,
  options: { accountId: string; limit?: number | undefined; cursor?: string | undefined },
  render: (e: E) => R,
): Promise<Page<R>> {
  const limit = options.limit;
  // Request validation fills in the spec's default page size; a missing one is a programming error.
  if (limit === undefined) throw new Error('listPage needs a limit');
  const scoped = { ...(where as object), accountId: options.accountId } as FilterQuery<E>;
  let filter = scoped;
  if (options.cursor) {
    // An unknown cursor (or another account's) is an error, not an empty page.
    const anchor = await em.findOne(entity, { id: options.cursor, accountId: options.accountId } as FilterQuery<E>);
    if (!anchor) {
      throw new ApiError('validation_error', 'invalid_cursor', `Unknown cursor: ${options.cursor}.`, { param: 'cursor' });
    }
    filter = { $and: [scoped, { id: { $lt: options.cursor } }] } as FilterQuery<E>;
  }
  const rows = (await em.find(entity, filter, { orderBy: { id: 'desc' } as never, limit: limit + 1 })) as E[];
  const hasMore = rows.length > limit;
  const page = rows.slice(0, limit);
  return {
    object: 'list',
    data: page.map(render),
    has_more: hasMore,
    next_cursor: hasMore ? (page.at(-1)?.id ?? null) : null,
  };
}
