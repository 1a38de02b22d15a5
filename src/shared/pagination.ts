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
  /** With `include[]=total_count`: how many match the filters in all. */
  total_count?: number;
}

export interface PageQuery {
  /** Filled with the spec's default by request validation. */
  limit?: number | undefined;
  cursor?: string | undefined;
  /** `include[]=total_count` (the lists that offer it). */
  include?: readonly string[] | undefined;
}

export async function listPage<E extends Owned>(
  em: EntityManager,
  entity: EntityName<E>,
  accountId: string,
  where: FilterQuery<E>,
  query: PageQuery,
  /** Properties a list does not read (large columns: a message's attachment). */
  exclude: readonly string[] = [],
): Promise<Page<E>> {
  const limit = query.limit;
  // Request validation fills in the spec's default page size; a missing one is a programming error.
  if (limit === undefined) throw new Error('listPage needs a limit');
  const scoped = { ...(where as object), accountId } as FilterQuery<E>;
  // Keyset on the time-ordered id: the page starts right after the cursor's position, whether or not
  // an object with that id (still) exists, so deleting the last item of a page never breaks paging.
  // Request validation holds the cursor to the listed resource's id pattern.
  const filter = query.cursor ? ({ $and: [scoped, { id: { $lt: query.cursor } }] } as FilterQuery<E>) : scoped;
  const [rows, total] = await Promise.all([
    em.find(entity, filter, { orderBy: { id: 'desc' } as never, limit: limit + 1, ...(exclude.length ? { exclude: exclude as never } : {}) }) as Promise<E[]>,
    // The same filters, counted by the database (the account's index with the filter's columns).
    query.include?.includes('total_count') ? em.fork().count(entity, scoped) : undefined,
  ]);
  return { ...pageOf(rows, limit, (row) => row.id), ...(total === undefined ? {} : { total_count: total }) };
}

/**
 * The page of up to `limit` items among `rows` (read `limit + 1`: one more says there is a next
 * page), its cursor the last item's position.
 */
export function pageOf<T>(rows: T[], limit: number, positionOf: (item: T) => string): Page<T> {
  const hasMore = rows.length > limit;
  const data = rows.slice(0, limit);
  return { object: 'list', data, has_more: hasMore, next_cursor: hasMore ? positionOf(data.at(-1)!) : null };
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
