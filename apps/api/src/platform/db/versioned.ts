import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** A table whose rows count their saves (an editor's optimistic lock). */
type Versioned = PgTable & { version: PgColumn };

/**
 * Writes `values` to the row `where` matches (its id and the version the editor read, or the status it moves
 * from) and counts the save (version + 1); undefined when no row matched: another save came first.
 */
export async function saveVersion<T extends Versioned>(
  db: Db,
  table: T,
  where: SQL | undefined,
  values: Partial<T['$inferInsert']>,
): Promise<T['$inferSelect'] | undefined> {
  const rows = (await db
    .update(table as PgTable)
    .set({ ...values, version: sql`${table.version} + 1` } as never)
    .where(where)
    .returning()) as unknown as T['$inferSelect'][];
  return rows[0];
}

/**
 * Is `value` already `column` (case-insensitive) of another row of the provider (`except`: the row being
 * edited)? `owner` is the table's provider column, `id` its key.
 */
export async function takenByOwn(
  db: Db,
  cols: { owner: PgColumn; id: PgColumn; column: PgColumn },
  providerId: number,
  value: string,
  except?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: cols.id })
    .from(cols.id.table)
    .where(
      and(
        eq(cols.owner, providerId),
        sql`lower(${cols.column}) = lower(${value})`,
        except === undefined ? undefined : ne(cols.id, except),
      ),
    )
    .limit(1);
  return Boolean(row);
}
