import { TestStatus } from '@assess/contracts/tests';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { pools, tests } from '../../db/schema';
import type { Db } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/rows';

/** A test as stored (the tests area's one row type: editor, list, copy). */
export type TestRow = typeof tests.$inferSelect;
export type NewTest = typeof tests.$inferInsert;
export type NewSection = typeof pools.$inferInsert;
export type CopyValues = { code: string; name: string; userId: number; now: Date };

/** Column names of a table except `skip` (so a column added later is copied without touching this file). */
export const namesOf = (table: PgTable, skip: readonly string[]) =>
  Object.values(getTableColumns(table))
    .map((c) => c.name)
    .filter((n) => !skip.includes(n));
export const columnList = (names: readonly string[], prefix?: string) =>
  sql.join(
    names.map((n) => (prefix ? sql`${sql.identifier(prefix)}.${sql.identifier(n)}` : sql.identifier(n))),
    sql`, `,
  );
export const copyTime = (v: CopyValues) => sql`${v.now.toISOString()}::timestamptz`;

/** Columns of the sections a copy sets itself (the rest is copied as stored). */
const audit = ['created_by', 'created_date', 'updated_by', 'updated_date'];
/** Columns of the test a copy sets itself: Draft, inactive, unlocked, unscheduled, version 1. */
const testOverrides: Record<string, (v: CopyValues) => SQL> = {
  code: (v) => sql`${v.code}`,
  name: (v) => sql`${v.name}`,
  status: () => sql`${TestStatus.Draft}`,
  is_active: () => sql`false`,
  is_locked: () => sql`false`,
  locked_by: () => sql`null`,
  locked_date: () => sql`null`,
  schedule_status: () => sql`null`,
  schedule_date: () => sql`null`,
  schedule_end_date: () => sql`null`,
  assign_date: () => sql`null`,
  published_date: () => sql`null`,
  version: () => sql`1`,
  created_by: (v) => sql`${v.userId}`,
  created_date: (v) => copyTime(v),
  updated_by: (v) => sql`${v.userId}`,
  updated_date: (v) => copyTime(v),
};

/**
 * The one writer of tests and their sections (issue 28): the full test editor, the copy, quick tests and
 * topic-wise creation (and later OMR paper tests) insert test and section rows only through this; the
 * architecture test fails on an insert into tests or sections anywhere else. Callers run it inside their
 * transaction, after the provider quota lock (platform/db/quota) when they create tests (the Tests limit).
 */
export function createTestWriter(db: Db) {
  return {
    /** New tests, in one statement; the rows as stored, in the order given. */
    async insertTests(values: readonly NewTest[]) {
      if (!values.length) return [];
      return db
        .insert(tests)
        .values([...values])
        .returning();
    },

    /** New sections, in one statement; the rows as stored, in the order given. */
    async insertSections(values: readonly NewSection[]) {
      if (!values.length) return [];
      return db
        .insert(pools)
        .values([...values])
        .returning();
    },

    /** The copy of a test's row (one INSERT ... SELECT; see testOverrides); the new test's id. */
    async copyTest(fromTestId: number, v: CopyValues): Promise<number> {
      const names = namesOf(tests, ['test_id']);
      const values = names.map((n) => testOverrides[n]?.(v) ?? sql`t.${sql.identifier(n)}`);
      const res = await db.execute(
        sql`insert into ${tests} (${columnList(names)}) select ${sql.join(values, sql`, `)}
            from ${tests} t where t.test_id = ${fromTestId} returning test_id`,
      );
      return rowsOf<{ test_id: number }>(res)[0].test_id;
    },

    /** Copies of a test's sections onto another test (one INSERT ... SELECT); how many were written. */
    async copySections(fromTestId: number, toTestId: number, v: CopyValues) {
      const names = namesOf(pools, ['pool_id', 'test_id', ...audit]);
      const at = copyTime(v);
      const res = await db.execute(
        sql`insert into ${pools} (test_id, created_by, created_date, updated_by, updated_date, ${columnList(names)})
            select ${toTestId}, ${v.userId}, ${at}, ${v.userId}, ${at}, ${columnList(names, 'p')}
            from ${pools} p where p.test_id = ${fromTestId} returning pool_id`,
      );
      return rowsOf(res).length;
    },
  };
}
export type TestWriter = ReturnType<typeof createTestWriter>;
