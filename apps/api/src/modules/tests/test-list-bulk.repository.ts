import { TestStatus } from '@assess/contracts/tests';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { tests } from '../../db/schema';
import type { Db } from '../../platform/db/client';
import { ownConfigurationIds } from '../configuration';
import { type TestScope, visibleTests } from './test-list.repository';

/** A column bulk update may set, with its stored value. */
export type TestBulkChange =
  | { column: 'difficultyLevel'; value: number }
  | { column: 'showHint' | 'showBookmark' | 'navigationAllowed'; value: boolean }
  | { column: 'objectiveIds' | 'targetAudienceIds'; value: number[] };

/** A test's columns the row rules read (testRowRules): for the bulk bar here and other areas' row checks (OMR). */
export const testRuleColumns = {
  testId: tests.testId,
  providerId: tests.providerId,
  status: tests.status,
  scheduleStatus: tests.scheduleStatus,
  isActive: tests.isActive,
  isLocked: tests.isLocked,
  lockedBy: tests.lockedBy,
};

/** Bulk update of tests (part 3 §7 bulkUpdateTests): the selection's rows, the writes and the counts. */
export function createTestBulkRepository(db: Db) {
  return {
    /** The selected tests the scope may read, with the columns the row rules read. */
    async visibleRows(scope: TestScope, ids: readonly number[]) {
      return db
        .select(testRuleColumns)
        .from(tests)
        .where(and(inArray(tests.testId, [...ids]), visibleTests(scope)));
    },

    /** The provider's selected tests, locked until the transaction ends. */
    async lockOwnRows(providerId: number, ids: readonly number[]) {
      return db
        .select(testRuleColumns)
        .from(tests)
        .where(and(inArray(tests.testId, [...ids]), eq(tests.providerId, providerId)))
        .orderBy(tests.testId)
        .for('update');
    },

    /** Which of the ids are the provider's configuration values of the key (Objective, TargetAudience). */
    configurationIds: (providerId: number, key: string, ids: readonly number[]) =>
      ownConfigurationIds(db, providerId, key, ids),

    /** Sets one column on the tests where it differs; the number changed (each save bumps the version). */
    async setColumn(ids: readonly number[], change: TestBulkChange, userId: number, now: Date) {
      if (!ids.length) return 0;
      const column = tests[change.column];
      const value = Array.isArray(change.value)
        ? sql`array[${sql.join(
            change.value.map((v) => sql`${v}`),
            sql`, `,
          )}]::int[]`
        : sql`${change.value}`;
      const rows = await db
        .update(tests)
        .set({
          [change.column]: change.value,
          version: sql`${tests.version} + 1`,
          updatedBy: userId,
          updatedDate: now,
        })
        .where(and(inArray(tests.testId, [...ids]), sql`${column} is distinct from ${value}`))
        .returning({ id: tests.testId });
      return rows.length;
    },

    /** Moves the tests from one status to another (Ready also activates them, as activation does). */
    async setStatus(ids: readonly number[], from: number, to: number, userId: number, now: Date) {
      if (!ids.length) return 0;
      const rows = await db
        .update(tests)
        .set({
          status: to,
          ...(to === TestStatus.Ready ? { isActive: true } : {}),
          version: sql`${tests.version} + 1`,
          updatedBy: userId,
          updatedDate: now,
        })
        .where(and(inArray(tests.testId, [...ids]), eq(tests.status, from)))
        .returning({ id: tests.testId });
      return rows.length;
    },

    /** The selection's counts by status. */
    async counts(ids: readonly number[]) {
      const [row] = await db
        .select({
          total: count(),
          ready: sql<number>`count(*) filter (where ${tests.status} = ${TestStatus.Ready})::int`,
          draft: sql<number>`count(*) filter (where ${tests.status} = ${TestStatus.Draft})::int`,
        })
        .from(tests)
        .where(inArray(tests.testId, [...ids]));
      return { total: row?.total ?? 0, ready: row?.ready ?? 0, draft: row?.draft ?? 0 };
    },
  };
}
export type TestBulkRepository = ReturnType<typeof createTestBulkRepository>;
