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

/** An editor's save of the row `id` is: saveVersion while the stored version is still the one it read. */
export function saveWhileVersion<T extends Versioned>(db: Db, table: T, id: PgColumn) {
  return (rowId: number, version: number, values: Partial<T['$inferInsert']>) =>
    saveVersion(db, table, and(eq(id, rowId), eq(table.version, version)), values);
}

/** A table of a provider's coded records (tests, series): its provider column and code. */
type Coded = PgTable & { providerId: PgColumn; code: PgColumn };

/**
 * An editor's live code/name check (tests, series): is `value` already the code or the name (`name`: the table's
 * name column) of another of the provider's rows, case-insensitive (`except`: the row being edited, by `id`)?
 */
export function codeOrNameTaken(db: Db, table: Coded, id: PgColumn, name: PgColumn) {
  return async (providerId: number, field: 'code' | 'name', value: string, except?: number) => {
    const [row] = await db
      .select({ id })
      .from(table)
      .where(
        and(
          eq(table.providerId, providerId),
          sql`lower(${field === 'code' ? table.code : name}) = lower(${value})`,
          except === undefined ? undefined : ne(id, except),
        ),
      )
      .limit(1);
    return Boolean(row);
  };
}
