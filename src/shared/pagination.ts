// Lists: cursor pagination by position (keyset on the time-sortable id), newest first, always within
// one account; and the `created[gte|lte]` filter every list shares.
import type { EntityManager } from '@mikro-orm/sql';
import type { EntityName, FilterQuery } from '@mikro-orm/core';
import type { components } from '../../generated/openapi.js';
import type { Owned } from './find.js';

/** A page of any list (the spec's list envelope, holding entities until a handler renders them). */
export interface Page<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

export interface PageQuery {
  /** Filled with the spec's default by request validation. */
  limit?: number | undefined;
  cursor?: string | undefined;
}

export async function listPage<E extends Owned>(
  em: EntityManager,
  entity: EntityName<E>,
  accountId: string,
  where: FilterQuery<E>,
  query: PageQuery,
): Promise<Page<E>> {
  const limit = query.limit;
  // Request validation fills in the spec's default page size; a missing one is a programming error.
  if (limit === undefined) throw new Error('listPage needs a limit');
  const scoped = { ...(where as object), accountId } as FilterQuery<E>;
  // Keyset on the time-ordered id: the page starts right after the cursor's position, whether or not
  // an object with that id (still) exists, so deleting the last item of a page never breaks paging.
  // Request validation holds the cursor to the listed resource's id pattern.
  const filter = query.cursor ? ({ $and: [scoped, { id: { $lt: query.cursor } }] } as FilterQuery<E>) : scoped;
  const rows = (await em.find(entity, filter, { orderBy: { id: 'desc' } as never, limit: limit + 1 })) as E[];
  const hasMore = rows.length > limit;
  const data = rows.slice(0, limit);
  return { object: 'list', data, has_more: hasMore, next_cursor: hasMore ? (data.at(-1)?.id ?? null) : null };
}

/** The page with every item rendered. */
export const renderPage = <E, R>(page: Page<E>, render: (item: E) => R): Page<R> => ({ ...page, data: page.data.map(render) });

/** `created[gte]` / `created[lte]` (Unix seconds, inclusive) as a filter on `createdAt`; {} when absent. */
export function createdRange(range: components['schemas']['TimeRange'] | undefined): { createdAt?: { $gte?: Date; $lte?: Date } } {
  if (!range) return {};
  const out: { $gte?: Date; $lte?: Date } = {};
  if (range.gte !== undefined) out.$gte = new Date(range.gte * 1000);
  if (range.lte !== undefined) out.$lte = new Date(range.lte * 1000 + 999);
  return Object.keys(out).length ? { createdAt: out } : {};
}
