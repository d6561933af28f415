import { TestStatus } from '@assess/contracts/tests';
import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { poolQuestions, pools, poolTopics, tests } from '../../db/schema';
import type { Db } from '../../platform/db/client';
import { countOwned, lockProvider } from '../../platform/db/quota';
import { rowsOf } from '../../platform/db/rows';

/** Column names of a table except `skip` (so a column added later is copied without touching this file). */
const namesOf = (table: PgTable, skip: readonly string[]) =>
  Object.values(getTableColumns(table))
    .map((c) => c.name)
    .filter((n) => !skip.includes(n));
const list = (names: readonly string[], prefix?: string) =>
  sql.join(
    names.map((n) => (prefix ? sql`${sql.identifier(prefix)}.${sql.identifier(n)}` : sql.identifier(n))),
    sql`, `,
  );

/** Columns a copy sets itself (the rest is copied as stored). */
const audit = ['created_by', 'created_date', 'updated_by', 'updated_date'];
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
  created_date: (v) => at(v),
  updated_by: (v) => sql`${v.userId}`,
  updated_date: (v) => at(v),
};

const at = (v: CopyValues) => sql`${v.now.toISOString()}::timestamptz`;

export type CopyValues = { code: string; name: string; userId: number; now: Date };

/**
 * Copy of a test (part 3 §5 "Test copy", §7 copyTest): the test row, its sections, their fixed questions and
 * their topics, each one set-based INSERT ... SELECT (sections are matched to their copies by code, unique
 * within a test). The service runs them in one transaction.
 */
export function createTestCopyRepository(db: Db) {
  return {
    /** Serialises creations of one provider (as the editor's create), so the Tests limit holds. */
    lockProvider: (providerId: number) => lockProvider(db, providerId),

    /** Every test of the provider (full and quick): what the package's Tests limit counts. */
    countTests: (providerId: number) => countOwned(db, tests.providerId, providerId),

    /** Whether another test of the provider already has this code / name (case-insensitive). */
    async taken(providerId: number, field: 'code' | 'name', value: string) {
      const column = field === 'code' ? tests.code : tests.name;
      const [row] = await db
        .select({ id: tests.testId })
        .from(tests)
        .where(and(eq(tests.providerId, providerId), sql`lower(${column}) = lower(${value})`))
        .limit(1);
      return row !== undefined;
    },

    /** The copy's test row: Draft, inactive, unlocked, unscheduled, version 1. */
    async insertTest(fromTestId: number, v: CopyValues): Promise<number> {
      const names = namesOf(tests, ['test_id']);
      const values = names.map((n) => testOverrides[n]?.(v) ?? sql`t.${sql.identifier(n)}`);
      const res = await db.execute(
        sql`insert into ${tests} (${list(names)}) select ${sql.join(values, sql`, `)}
            from ${tests} t where t.test_id = ${fromTestId} returning test_id`,
      );
      return rowsOf<{ test_id: number }>(res)[0].test_id;
    },

    async copySections(fromTestId: number, toTestId: number, v: CopyValues) {
      const names = namesOf(pools, ['pool_id', 'test_id', ...audit]);
      const res = await db.execute(
        sql`insert into ${pools} (test_id, created_by, created_date, updated_by, updated_date, ${list(names)})
            select ${toTestId}, ${v.userId}, ${at(v)}, ${v.userId}, ${at(v)}, ${list(names, 'p')}
            from ${pools} p where p.test_id = ${fromTestId} returning pool_id`,
      );
      return rowsOf(res).length;
    },

    /** Fixed questions and topics of the sections, onto the copies (matched by section code). */
    async copySectionSources(fromTestId: number, toTestId: number, v: CopyValues) {
      const q = namesOf(poolQuestions, ['pool_id', 'created_by', 'created_date']);
      await db.execute(
        sql`insert into ${poolQuestions} (pool_id, created_by, created_date, ${list(q)})
            select np.pool_id, ${v.userId}, ${at(v)}, ${list(q, 'pq')}
            from ${poolQuestions} pq join ${pools} op on op.pool_id = pq.pool_id
            join ${pools} np on np.test_id = ${toTestId} and lower(np.code) = lower(op.code)
            where op.test_id = ${fromTestId}`,
      );
      const t = namesOf(poolTopics, ['pool_id']);
      await db.execute(
        sql`insert into ${poolTopics} (pool_id, ${list(t)}) select np.pool_id, ${list(t, 'pt')}
            from ${poolTopics} pt join ${pools} op on op.pool_id = pt.pool_id
            join ${pools} np on np.test_id = ${toTestId} and lower(np.code) = lower(op.code)
            where op.test_id = ${fromTestId}`,
      );
    },
  };
}
export type TestCopyRepository = ReturnType<typeof createTestCopyRepository>;
