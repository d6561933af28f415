import { and, desc, eq, gt, gte, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { courses, courseTests, providers, testUsers } from '../../db/schema';
import type { Db } from '../../platform/db/client';
import { pageOf } from '../../platform/db/paging';
import { countOwned } from '../../platform/db/quota';
import { seriesTestHolders } from '../assignment';
import { seriesScheduleColumns } from '../scheduling';
import { seriesTestsOf } from './series-editor.repository';

/** Whose series a read covers: the caller's own (null: none) and its content providers' offered ones. */
export type SeriesScope = { ownProviderId: number | null; contentProviderIds: readonly number[] };

/** A content provider's series is offered once it is past Draft and active (as the licences area reads it). */
const OFFERED_MIN_STATUS = 2;

/**
 * A series on offer at `now`: active, past Draft and not expired. Licences are procured (Provision Licenses) and
 * students assigned (Student info) only for these; the one copy of the rule.
 */
export function seriesOnOffer(now: Date): SQL {
  return and(
    eq(courses.isActive, true),
    gte(courses.status, OFFERED_MIN_STATUS),
    or(isNull(courses.expiryDate), gt(courses.expiryDate, now)),
  )!;
}

export function visibleSeries(s: SeriesScope): SQL {
  const others = s.contentProviderIds.filter((id) => id !== s.ownProviderId);
  const own = s.ownProviderId === null ? undefined : eq(courses.providerId, s.ownProviderId);
  const subscribed = others.length
    ? and(
        inArray(courses.providerId, others),
        gte(courses.status, OFFERED_MIN_STATUS),
        eq(courses.isActive, true),
      )
    : undefined;
  if (own && subscribed) return or(own, subscribed)!;
  return own ?? subscribed ?? sql`false`;
}

/** Names of a JSON id list (objective / target audience), in the list's order; ids that are not values drop out. */
const valueNames = (column: typeof courses.objective | typeof courses.targetAudience) =>
  sql<string[]>`array(select cv.value_string from jsonb_array_elements_text(
    case when jsonb_typeof(${column}) = 'array' then ${column} else '[]'::jsonb end) with ordinality o(id, n)
    join configuration_values cv on o.id ~ '^[0-9]{1,9}$' and cv.id = o.id::int order by o.n)`;

/** The grid's columns (part 3 §3 "Test series (course)" and row extras), status and scheduleStatus as of `now`. */
const rowColumns = (now: Date) => ({
  courseId: courses.courseId,
  code: courses.code,
  name: courses.text,
  providerId: courses.providerId,
  providerName: providers.name,
  ...seriesScheduleColumns(now),
  isActive: courses.isActive,
  isLocked: courses.isLocked,
  lockedBy: courses.lockedBy,
  publishedDate: courses.publishedDate,
  difficultyLevel: courses.difficultyLevel,
  objective: valueNames(courses.objective),
  targetAudience: valueNames(courses.targetAudience),
  scheduleDate: courses.scheduleDate,
  testCount: sql<number>`(select count(*)::int from ${courseTests} ct where ct.course_id = ${courses.courseId})`,
  image: courses.image,
  categories: courses.categories,
  duration: courses.duration,
});

/**
 * The series list's reads and the row-level writes of its actions (publish, play, delete, image). Every read
 * is scoped by provider: another provider's id reads as missing.
 */
export function createSeriesListRepository(db: Db) {
  const one = (courseId: number, scope: SeriesScope, now: Date) =>
    db
      .select(rowColumns(now))
      .from(courses)
      .innerJoin(providers, eq(providers.providerId, courses.providerId))
      .where(and(eq(courses.courseId, courseId), visibleSeries(scope)));
  return {
    /** One page, newest first, and the total. */
    async page(scope: SeriesScope, pageNumber: number, pageSize: number, now: Date) {
      const where = visibleSeries(scope);
      const rows = db
        .select(rowColumns(now))
        .from(courses)
        .innerJoin(providers, eq(providers.providerId, courses.providerId))
        .where(where)
        .orderBy(desc(courses.courseId));
      return pageOf(db, rows, { table: courses, where }, { pageNumber, pageSize });
    },

    /** A series the scope may read, as a list row. */
    async visible(courseId: number, scope: SeriesScope, now: Date) {
      const [row] = await one(courseId, scope, now);
      return row;
    },

    /** The row (as of `now`), its course row locked until the transaction ends (every write takes it first). */
    async lockVisible(courseId: number, scope: SeriesScope, now: Date) {
      const [row] = await one(courseId, scope, now).for('update', { of: courses });
      return row;
    },

    /** The provider's own series (the '+ New' package limit counts these). */
    ownCount: (providerId: number) => countOwned(db, courses.providerId, providerId),

    /** View Tests: the series' tests in order. */
    tests: (courseId: number) => seriesTestsOf(db, courseId),

    /** Publish: status Published (kept when the stored status is already further), publish time, version + 1. */
    async publish(courseId: number, userId: number, now: Date) {
      await db
        .update(courses)
        .set({
          status: sql`greatest(${courses.status}, 3)`,
          publishedDate: now,
          version: sql`${courses.version} + 1`,
          updatedBy: userId,
          updatedDate: now,
        })
        .where(and(eq(courses.courseId, courseId), isNull(courses.publishedDate)));
    },

    /**
     * Play (playCourseTests): the series' tests are its students' at once (student_tests: course_users ×
     * course_tests, nothing to write). Answers how many (student, test) pairs the series gives its students.
     */
    async assignMissingTests(courseId: number) {
      return seriesTestHolders(db, courseId);
    },

    /** Delete: the per-student overrides that came with this series, then the series (mappings cascade). */
    async delete(courseId: number) {
      await db.delete(testUsers).where(eq(testUsers.viaCourseId, courseId));
      await db.delete(courses).where(eq(courses.courseId, courseId));
    },

    async setImage(courseId: number, image: string, userId: number, now: Date) {
      await db
        .update(courses)
        .set({ image, updatedBy: userId, updatedDate: now })
        .where(eq(courses.courseId, courseId));
    },
  };
}
export type SeriesListRepository = ReturnType<typeof createSeriesListRepository>;
