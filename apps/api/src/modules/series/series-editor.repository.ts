import { and, asc, count, eq, inArray, max, sql } from 'drizzle-orm';
import {
  courses,
  courseTests,
  courseUsers,
  pools,
  poolTopics,
  providers,
  tests,
  topics,
} from '../../db/schema';
import { createAccessScopes, type OwnScope, testsOfferedTo } from '../../platform/access/scopes.repository';
import { newRowAudit } from '../../platform/db/audit';
import type { Db } from '../../platform/db/client';
import { countOwned, lockAndCount } from '../../platform/db/quota';
import { codeOrNameTaken, saveWhileVersion } from '../../platform/db/versioned';
import { seriesTestHolders, unassignSeriesTest } from '../assignment';
import { ownConfigurationIds } from '../configuration';

export type CourseRow = typeof courses.$inferSelect;
export type CourseValues = Omit<typeof courses.$inferInsert, 'courseId' | 'version'>;

const seriesTestColumns = {
  testId: tests.testId,
  code: tests.code,
  name: tests.name,
  status: tests.status,
  providerName: providers.name,
  sequence: courseTests.sequence,
  testSubscriptionStatus: courseTests.testSubscriptionStatus,
};

/** The series' tests in order (the editor's Tests step, the list's View Tests). */
export function seriesTestsOf(db: Db, courseId: number) {
  return db
    .select(seriesTestColumns)
    .from(courseTests)
    .innerJoin(tests, eq(tests.testId, courseTests.testId))
    .innerJoin(providers, eq(providers.providerId, tests.providerId))
    .where(eq(courseTests.courseId, courseId))
    .orderBy(asc(courseTests.sequence), asc(courseTests.testId));
}

/** The series editor's data access: courses, their course_tests mapping and the tests it may offer. */
export function createSeriesEditorRepository(db: Db) {
  return {
    /** Locks the provider, then counts its series: creations of one provider wait, so the TestSeries limit holds. */
    lockAndCountSeries: (providerId: number) => lockAndCount(db, courses.providerId, providerId),

    /** The provider's consumed test series (every series it holds counts against the package). */
    countSeries: (providerId: number) => countOwned(db, courses.providerId, providerId),

    async insert(values: CourseValues) {
      const [row] = await db.insert(courses).values(values).returning();
      return row as CourseRow;
    },

    async find(courseId: number, forUpdate = false): Promise<CourseRow | undefined> {
      const q = db.select().from(courses).where(eq(courses.courseId, courseId));
      const [row] = forUpdate ? await q.for('update') : await q;
      return row;
    },

    /** Saves when the stored version is still `version` (then version + 1); undefined when it moved on. */
    update: saveWhileVersion(db, courses, courses.courseId),

    /** Is `field` (code or name) another series' of the provider (case-insensitive)? */
    taken: codeOrNameTaken(db, courses, courses.courseId, courses.text),

    /** The provider's topics among `ids` with their categories. */
    async topics(providerId: number, ids: readonly number[]) {
      if (!ids.length) return [];
      return db
        .select({ topicId: topics.topicId, categoryId: topics.categoryId })
        .from(topics)
        .where(and(eq(topics.providerId, providerId), inArray(topics.topicId, [...ids])));
    },

    /** The ids among `ids` that are the provider's configuration values of `key` (Objective, TargetAudience). */
    configurationIds: (providerId: number, key: string, ids: readonly number[]) =>
      ownConfigurationIds(db, providerId, key, ids),

    async studentCount(courseId: number) {
      const [row] = await db
        .select({ n: count() })
        .from(courseUsers)
        .where(eq(courseUsers.courseId, courseId));
      return row?.n ?? 0;
    },

    /** The series' tests in order. */
    seriesTests: (courseId: number) => seriesTestsOf(db, courseId),

    async countSeriesTests(courseId: number) {
      const [row] = await db
        .select({ n: count() })
        .from(courseTests)
        .where(eq(courseTests.courseId, courseId));
      return row?.n ?? 0;
    },

    /**
     * getTestsForTopics: the tests the scope offers (own Ready/Published, content providers' Published) not
     * yet in the series, with a section drawing on one of the topics (or their sub-topics) and sharing an
     * objective and a target audience when those filters are given. Offered (testsOfferedTo): Ready or Published;
     * a published test that the clock has moved on to Scheduled or In Progress is still a published test (its
     * content is frozen); Draft, Completed and Terminated ones are not offered.
     */
    async offeredTests(
      scope: OwnScope,
      f: {
        courseId: number | null;
        topicIds: number[] | null;
        objective: number[] | null;
        targetAudience: number[] | null;
      },
      limit: number,
    ) {
      const inSeries = f.courseId
        ? sql`not exists (select 1 from ${courseTests} ct where ct.course_id = ${f.courseId} and ct.test_id = ${tests.testId})`
        : undefined;
      const byTopic = f.topicIds
        ? sql`exists (select 1 from ${pools} p join ${poolTopics} pt on pt.pool_id = p.pool_id
            join ${topics} st on st.topic_id = pt.topic_id
            join ${topics} chosen on chosen.topic_id in (${sql.join(
              f.topicIds.map((id) => sql`${id}`),
              sql`, `,
            )}) and chosen.provider_id = st.provider_id and st.path like chosen.path || '%'
            where p.test_id = ${tests.testId})`
        : undefined;
      const arr = (ids: number[]) =>
        sql`array[${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}]::integer[]`;
      return db
        .select({
          testId: tests.testId,
          code: tests.code,
          name: tests.name,
          status: tests.status,
          providerName: providers.name,
          owned: sql<boolean>`${tests.providerId} = ${scope.providerId}`,
        })
        .from(tests)
        .innerJoin(providers, eq(providers.providerId, tests.providerId))
        .where(
          and(
            testsOfferedTo(scope),
            inSeries,
            byTopic,
            f.objective ? sql`${tests.objectiveIds} && ${arr(f.objective)}` : undefined,
            f.targetAudience ? sql`${tests.targetAudienceIds} && ${arr(f.targetAudience)}` : undefined,
          ),
        )
        .orderBy(asc(tests.code))
        .limit(limit);
    },

    /** Of `testIds`, those the scope may put in a series. */
    async offeredAmong(scope: OwnScope, testIds: readonly number[]) {
      return [...(await createAccessScopes(db).checkAccess(scope, 'test.offer', testIds))];
    },

    /** Maps the tests after the series' last one (a test already mapped is left as it is); the added ids. */
    async addTests(courseId: number, testIds: readonly number[], status: number, by: number, now: Date) {
      const [last] = await db
        .select({ n: max(courseTests.sequence) })
        .from(courseTests)
        .where(eq(courseTests.courseId, courseId));
      const start = (last?.n ?? 0) + 1;
      const rows = await db
        .insert(courseTests)
        .values(
          testIds.map((testId, i) => ({
            courseId,
            testId,
            sequence: start + i,
            testSubscriptionStatus: status,
            ...newRowAudit(by, now),
          })),
        )
        .onConflictDoNothing()
        .returning({ testId: courseTests.testId });
      return rows.map((r) => r.testId);
    },

    /**
     * The series' students hold the added tests at once (student_tests follows course_tests; nothing is written).
     * Returns how many (student, test) pairs the added tests give the series' students.
     */
    async assignToSeriesStudents(courseId: number, testIds: number[]) {
      if (!testIds.length) return 0;
      return seriesTestHolders(db, courseId, testIds);
    },

    /**
     * Takes the test out of the series: its students lose it through student_tests, the overrides the series
     * brought for it go (the assignment area's rule); a student's own mapping of the test and every attempt stay.
     */
    async removeTest(courseId: number, testId: number) {
      const rows = await db
        .delete(courseTests)
        .where(and(eq(courseTests.courseId, courseId), eq(courseTests.testId, testId)))
        .returning({ testId: courseTests.testId });
      if (rows.length) await unassignSeriesTest(db, courseId, testId);
      return rows.length > 0;
    },

    async setSubscription(courseId: number, testId: number, status: number, by: number, now: Date) {
      const rows = await db
        .update(courseTests)
        .set({ testSubscriptionStatus: status, updatedBy: by, updatedDate: now })
        .where(and(eq(courseTests.courseId, courseId), eq(courseTests.testId, testId)))
        .returning({ testId: courseTests.testId });
      return rows.length > 0;
    },

    /** Of `testIds`, those not in the series (for the refusal of a second add). */
    async notMapped(courseId: number, testIds: readonly number[]) {
      const rows = await db
        .select({ testId: courseTests.testId })
        .from(courseTests)
        .where(and(eq(courseTests.courseId, courseId), inArray(courseTests.testId, [...testIds])));
      const mapped = new Set(rows.map((r) => r.testId));
      return testIds.filter((id) => !mapped.has(id));
    },
  };
}
export type SeriesEditorRepository = ReturnType<typeof createSeriesEditorRepository>;
