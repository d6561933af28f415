import { and, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import { poolQuestions, pools, poolTopics, providers, studentTests, tests, users } from '../../db/schema';
import { type ReadScope, testsVisibleTo } from '../../platform/access/scopes.repository';
import type { Db } from '../../platform/db/client';
import { pageOf } from '../../platform/db/paging';
import { testScheduleColumns } from '../scheduling';
import type { TestRow } from './test-writer.repository';

/** Whose tests a read covers: the caller's own (null: none) and its content providers' published ones. */
export type TestScope = ReadScope;

export type TestListFilter = {
  status?: number;
  difficultyLevel?: number;
  showHint?: boolean;
  showBookmark?: boolean;
  navigationAllowed?: boolean;
  objective?: number;
  targetAudience?: number;
  code?: string;
  testType?: number;
};

export type { TestRow };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Tests the scope may read (the row scope in platform/access/scopes). */
export const visibleTests = testsVisibleTo;

function filtered(f: TestListFilter): (SQL | undefined)[] {
  return [
    f.status === undefined ? undefined : eq(tests.status, f.status),
    f.difficultyLevel === undefined ? undefined : eq(tests.difficultyLevel, f.difficultyLevel),
    f.showHint === undefined ? undefined : eq(tests.showHint, f.showHint),
    f.showBookmark === undefined ? undefined : eq(tests.showBookmark, f.showBookmark),
    f.navigationAllowed === undefined ? undefined : eq(tests.navigationAllowed, f.navigationAllowed),
    f.objective === undefined ? undefined : sql`${tests.objectiveIds} @> array[${f.objective}]::int[]`,
    f.targetAudience === undefined
      ? undefined
      : sql`${tests.targetAudienceIds} @> array[${f.targetAudience}]::int[]`,
    f.code ? ilike(tests.code, `%${escapeLike(f.code)}%`) : undefined,
    f.testType === undefined ? undefined : eq(tests.testType, f.testType),
  ];
}

/**
 * Names of a configuration id list, in the list's order (objective / target audience columns): one primary-key
 * probe per id (a scalar subquery, which the planner cannot turn into a scan of every value), page rows only.
 */
const valueNames = (column: typeof tests.objectiveIds | typeof tests.targetAudienceIds) =>
  sql<string[]>`array(select x.v from (select (select cv.value_string from configuration_values cv
    where cv.id = o.id) as v, o.n from unnest(${column}) with ordinality o(id, n)) x
    where x.v is not null order by x.n)`;

/** The grid's columns (part 3 §3 "Test (list row)"). */
const rowColumns = {
  testId: tests.testId,
  code: tests.code,
  name: tests.name,
  providerId: tests.providerId,
  providerName: providers.name,
  testType: tests.testType,
  status: tests.status,
  isActive: tests.isActive,
  isLocked: tests.isLocked,
  lockedBy: tests.lockedBy,
  lockedByName: sql<string | null>`coalesce(${users.fullName}, ${users.userName})`,
  difficultyLevel: tests.difficultyLevel,
  objective: valueNames(tests.objectiveIds),
  targetAudience: valueNames(tests.targetAudienceIds),
  scheduleDate: tests.scheduleDate,
  scheduleStatus: tests.scheduleStatus,
};
/** The columns as of `now`: status and scheduleStatus computed from the schedule (a late status job shows no stale state). */
const rowColumnsAt = (now: Date) => ({ ...rowColumns, ...testScheduleColumns(now) });

/**
 * The tests list's reads and the row-level writes of its actions (delete, lock). Copy and bulk update have
 * their own repositories. Every read is scoped by provider: another provider's id reads as missing.
 */
export function createTestListRepository(db: Db, clock: () => Date = () => new Date()) {
  return {
    /** One page, newest first, and the total (one range of tests_provider_idx per provider). */
    async page(scope: TestScope, f: TestListFilter, pageNumber: number, pageSize: number) {
      const where = and(visibleTests(scope), ...filtered(f));
      const rows = db
        .select(rowColumnsAt(clock()))
        .from(tests)
        .innerJoin(providers, eq(providers.providerId, tests.providerId))
        .leftJoin(users, eq(users.userId, tests.lockedBy))
        .where(where)
        .orderBy(desc(tests.testId));
      return pageOf(db, rows, { table: tests, where }, { pageNumber, pageSize });
    },

    /** A test the scope may read, with the list columns and the full row (details dialog). */
    async visible(testId: number, scope: TestScope) {
      const [row] = await db
        .select({ ...rowColumnsAt(clock()), t: tests })
        .from(tests)
        .innerJoin(providers, eq(providers.providerId, tests.providerId))
        .leftJoin(users, eq(users.userId, tests.lockedBy))
        .where(and(eq(tests.testId, testId), visibleTests(scope)));
      return row;
    },

    /** The provider's test, locked until the transaction ends (every write of an action takes it first). */
    async lockOwn(testId: number, providerId: number): Promise<TestRow | undefined> {
      const [row] = await db
        .select()
        .from(tests)
        .where(and(eq(tests.testId, testId), eq(tests.providerId, providerId)))
        .for('update');
      return row;
    },

    /** Whether a test of this id exists at all (a visible-but-not-owned test is refused as not owned). */
    async providerOf(testId: number, scope: TestScope) {
      const [row] = await db
        .select({ providerId: tests.providerId })
        .from(tests)
        .where(and(eq(tests.testId, testId), visibleTests(scope)));
      return row?.providerId;
    },

    /** The sections of a test in order, with their scoring and question sources (details dialog). */
    async sections(testId: number) {
      return db
        .select({
          poolId: pools.poolId,
          code: pools.code,
          name: pools.name,
          sequenceId: pools.sequenceId,
          questionCount: pools.questionCount,
          maxQuestionForScore: pools.maxQuestionForScore,
          pointsPerQuestion: pools.pointsPerQuestion,
          negativePointsPerQuestion: pools.negativePointsPerQuestion,
          isMandatoryToPass: pools.isMandatoryToPass,
          // the outer column written out: drizzle leaves it unqualified in a one-table select
          fixedQuestionCount: sql<number>`(select count(*)::int from ${poolQuestions} pq where pq.pool_id = "pools"."pool_id")`,
          topicCount: sql<number>`(select count(*)::int from ${poolTopics} pt where pt.pool_id = "pools"."pool_id")`,
        })
        .from(pools)
        .where(eq(pools.testId, testId))
        .orderBy(pools.sequenceId, pools.poolId);
    },

    /** Students assigned to the test: directly or through a series (student_tests). */
    async studentsCount(testId: number) {
      const [row] = await db.select({ n: count() }).from(studentTests).where(eq(studentTests.testId, testId));
      return row?.n ?? 0;
    },

    async setLock(testId: number, lockedBy: number | null, userId: number, now: Date) {
      await db
        .update(tests)
        .set({
          isLocked: lockedBy !== null,
          lockedBy,
          lockedDate: lockedBy === null ? null : now,
          updatedBy: userId,
          updatedDate: now,
        })
        .where(eq(tests.testId, testId));
    },

    /** Deletes the test; its sections, their mappings and its student mappings go with it (cascade). */
    async delete(testId: number) {
      await db.delete(tests).where(eq(tests.testId, testId));
    },
  };
}
export type TestListRepository = ReturnType<typeof createTestListRepository>;
