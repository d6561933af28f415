import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** Which page of a grid (1-based) and its size, as the contracts' paging schemas give them. */
export type PageArgs = { pageNumber: number; pageSize: number };

/** A select, filtered and ordered, that a page cuts with limit and offset. */
type Pageable<T> = { limit(n: number): { offset(n: number): PromiseLike<T[]> } };

/**
 * One page of a grid (the one copy of the paging query): the page's rows of `rows` and how many rows of `table`
 * match `where` (the grid's total), read side by side.
 */
export async function pageOf<T>(
  db: Db,
  rows: Pageable<T>,
  total: { table: PgTable; where: SQL | undefined },
  p: PageArgs,
): Promise<{ items: T[]; totalCount: number }> {
  const [items, [counted]] = await Promise.all([
    rows.limit(p.pageSize).offset((p.pageNumber - 1) * p.pageSize),
    db.select({ n: count() }).from(total.table).where(total.where),
  ]);
  return { items, totalCount: counted?.n ?? 0 };
}
