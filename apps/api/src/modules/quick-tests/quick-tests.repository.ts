import { TestType } from '@assess/contracts/tests';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import { poolQuestions, pools, studentTests, tests } from '../../db/schema';
import type { Db } from '../../platform/db/client';
import { pageOf } from '../../platform/db/paging';
import { countOwned, lockProvider } from '../../platform/db/quota';
import { saveWhileVersion } from '../../platform/db/versioned';
import { testScheduleColumns } from '../scheduling';
import { createTestWriter } from '../tests';

export type QuickTestRow = typeof tests.$inferSelect;
type TestValues = typeof tests.$inferInsert;
type PoolValues = typeof pools.$inferInsert;

const own = (providerId: number) => and(eq(tests.providerId, providerId), eq(tests.testType, TestType.Quick));

/** Students of a test (direct or through a series: the student_tests view); the outer row is "tests". */
const studentsCount = sql<number>`(select count(distinct st.user_id)::int from ${studentTests} st
  where st.test_id = "tests"."test_id")`;
/** Questions written or picked into the test's sections. */
const questionCount = sql<number>`(select count(*)::int from ${poolQuestions} pq
  join ${pools} p on p.pool_id = pq.pool_id where p.test_id = "tests"."test_id")`;

/**
 * Quick tests (testType 1) of one provider: the home's cards and legend, and the writes of the Test Details tab
 * (the test row and its default section). Every read is scoped by provider and type: anything else is missing.
 */
export function createQuickTestsRepository(db: Db, clock: () => Date = () => new Date()) {
  return {
    /** One page of cards, newest first, with the total. Status and scheduleStatus as of now. */
    async page(providerId: number, pageNumber: number, pageSize: number) {
      const where = own(providerId);
      const rows = db
        .select({
          testId: tests.testId,
          code: tests.code,
          text: tests.name,
          description: tests.description,
          providerId: tests.providerId,
          isActive: tests.isActive,
          isLocked: tests.isLocked,
          lockedBy: tests.lockedBy,
          testType: tests.testType,
          scheduleDate: tests.assignDate,
          startDate: tests.scheduleDate,
          endDate: tests.scheduleEndDate,
          studentsCount,
          questionCount,
          ...testScheduleColumns(clock()),
        })
        .from(tests)
        .where(where)
        .orderBy(desc(tests.testId));
      return pageOf(db, rows, { table: tests, where }, { pageNumber, pageSize });
    },

    /** Every quick test's status and scheduleStatus as of now (the legend's counts). */
    async states(providerId: number) {
      return db.select(testScheduleColumns(clock())).from(tests).where(own(providerId));
    },

    /** A quick test of the provider, with its status and scheduleStatus as of now. */
    async find(providerId: number, testId: number) {
      const [row] = await db
        .select({ test: tests, now: testScheduleColumns(clock()) })
        .from(tests)
        .where(and(own(providerId), eq(tests.testId, testId)));
      return row
        ? { ...row.test, status: row.now.status, scheduleStatus: row.now.scheduleStatus }
        : undefined;
    },

    /** Serialises creations of one provider (the licence count and the name check). */
    lockProvider: (providerId: number) => lockProvider(db, providerId),

    countTests: (providerId: number) => countOwned(db, tests.providerId, providerId),

    /** Is the name another of the provider's tests' (any type: names are unique per provider). */
    async nameTaken(providerId: number, name: string, exceptTestId?: number) {
      const [row] = await db
        .select({ id: tests.testId })
        .from(tests)
        .where(
          and(
            eq(tests.providerId, providerId),
            sql`lower(${tests.name}) = lower(${name})`,
            exceptTestId === undefined ? undefined : ne(tests.testId, exceptTestId),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    /** Inserts the test; its code is QT-{testId} (the quick payload has none; codes are unique per provider). */
    async insert(values: Omit<TestValues, 'code'>) {
      const [row] = await createTestWriter(db).insertTests([
        { ...values, code: `QT-TMP-${crypto.randomUUID()}` },
      ]);
      const [saved] = await db
        .update(tests)
        .set({ code: `QT-${row!.testId}` })
        .where(eq(tests.testId, row!.testId))
        .returning();
      return saved as QuickTestRow;
    },

    async sectionCount(testId: number) {
      const [row] = await db.select({ n: count() }).from(pools).where(eq(pools.testId, testId));
      return row?.n ?? 0;
    },

    async insertPool(values: PoolValues) {
      const [row] = await createTestWriter(db).insertSections([values]);
      return { poolId: row!.poolId };
    },

    /** Saves when the stored version is still `version` (then version + 1); undefined when it moved on. */
    update: saveWhileVersion(db, tests, tests.testId),
  };
}
export type QuickTestsRepository = ReturnType<typeof createQuickTestsRepository>;
