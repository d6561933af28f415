import {
  COURSE_OPTIONS_LIMIT,
  type CourseOption,
  STUDENT_USER_TYPE,
  type StudentRow,
} from '@assess/contracts/students';
import { and, asc, count, desc, eq, inArray, lt } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import {
  configurationValues,
  courses,
  providers,
  studentEducation,
  studentProfiles,
  users,
} from '../../db/schema';
import type { Db } from '../../platform/db/client';
import { lockProvider } from '../../platform/db/quota';
import { seriesOnOffer } from '../series';

export type StudentOwner = { userId: number; providerId: number; userTypeId: number; isActive: boolean };
/** A user as reach checks see it: its provider, its type and whether it is active. */
export const ownerColumns = {
  userId: users.userId,
  providerId: users.providerId,
  userTypeId: users.userTypeId,
  isActive: users.isActive,
};

/** Which students a grid or an export shows: those of the providers, active or pending. */
export type StudentFilter = { providerIds: number[]; active: boolean };

const isStudent = eq(users.userTypeId, STUDENT_USER_TYPE);

const cls = alias(configurationValues, 'cls');
const brd = alias(configurationValues, 'brd');
const st = alias(configurationValues, 'st');
const ct = alias(configurationValues, 'ct');

/** A grid row (studentRowSchema): the user, its profile and education, the lookups' texts. */
const rowColumns = {
  userId: users.userId,
  fullName: users.fullName,
  class: cls.valueString,
  board: brd.valueString,
  email: users.email,
  mobile: users.mobile,
  state: st.valueString,
  city: ct.valueString,
  parentMobile: studentProfiles.fatherMobile,
  parentEmail: studentProfiles.fatherEmail,
  isActive: users.isActive,
};

/** The joins behind rowColumns (every one a left join: a student may have no profile or lookups yet). */
const withLookups = <T extends PgSelect>(q: T) =>
  q
    .leftJoin(studentProfiles, eq(studentProfiles.userId, users.userId))
    .leftJoin(studentEducation, eq(studentEducation.userId, users.userId))
    .leftJoin(cls, eq(cls.id, studentEducation.class))
    .leftJoin(brd, eq(brd.id, studentEducation.board))
    .leftJoin(st, eq(st.id, studentProfiles.state))
    .leftJoin(ct, eq(ct.id, studentProfiles.city));

const filterOf = (f: StudentFilter) =>
  and(
    f.providerIds.length === 1
      ? eq(users.providerId, f.providerIds[0])
      : inArray(users.providerId, f.providerIds),
    isStudent,
    eq(users.isActive, f.active),
  );

/**
 * The queries the students module shares with the areas built on it (student import and export): the
 * reach of a provider, the licence's student count (with the lock that serialises adds), the test series
 * offered for assignment and the grid's rows. Written once here; other modules receive it narrowed.
 */
export function createStudentQueries(db: Db) {
  /** Students of one provider (what the licence's student count limits). */
  async function countStudents(providerId: number) {
    const [{ n }] = await db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.providerId, providerId), isStudent));
    return Number(n);
  }

  return {
    /** The caller's provider and its child providers (an aggregator's reach). */
    async reachOf(providerId: number): Promise<number[]> {
      const rows = await db
        .select({ id: providers.providerId })
        .from(providers)
        .where(eq(providers.parentProviderId, providerId));
      return [providerId, ...rows.map((r) => r.id).filter((id) => id !== providerId)];
    },

    /** The users among `ids` (any provider, any type): reach checks look at each one's provider and type. */
    async owners(ids: number[]): Promise<StudentOwner[]> {
      if (!ids.length) return [];
      return db.select(ownerColumns).from(users).where(inArray(users.userId, ids));
    },

    countStudents,

    /**
     * Locks the provider's row until the transaction ends, then counts its students: every add of students
     * (the form, the import) calls this inside its transaction, so two adds cannot both pass the licence.
     */
    async lockAndCountStudents(providerId: number) {
      await lockProvider(db, providerId);
      return countStudents(providerId);
    },

    /**
     * Test series a provider offers for assignment now (part 1 §9): active, status >= 2, not expired, by
     * name, at most COURSE_OPTIONS_LIMIT; with `ids`, only those of them (to check a choice).
     */
    async assignableCourses(providerId: number, now: Date, ids?: number[]): Promise<CourseOption[]> {
      if (ids && !ids.length) return [];
      const rows = await db
        .select({
          courseId: courses.courseId,
          text: courses.text,
          isActive: courses.isActive,
          status: courses.status,
          expiryDate: courses.expiryDate,
          isDefault: courses.isDefault,
        })
        .from(courses)
        .where(
          and(
            eq(courses.providerId, providerId),
            seriesOnOffer(now),
            ids ? inArray(courses.courseId, ids) : undefined,
          ),
        )
        .orderBy(asc(courses.text))
        .limit(COURSE_OPTIONS_LIMIT);
      return rows.map((r) => ({ ...r, expiryDate: r.expiryDate ? r.expiryDate.toISOString() : null }));
    },

    /**
     * The grid's rows and the export's, newest first: one select and one set of lookup joins. A grid page
     * (`offset`) takes its ids from the (provider, type, active, user id) index first and joins only those
     * rows, so deep pages skip index entries, not joined rows; an export page (`beforeUserId`, keyset) reads
     * the rows in index order joined as they come.
     */
    async studentRows(
      filter: StudentFilter,
      page: { limit: number; offset: number } | { limit: number; beforeUserId?: number },
    ): Promise<StudentRow[]> {
      if ('offset' in page) {
        const ids = db
          .select({ userId: users.userId })
          .from(users)
          .where(filterOf(filter))
          .orderBy(desc(users.userId))
          .limit(page.limit)
          .offset(page.offset)
          .as('page');
        const rows = db
          .select(rowColumns)
          .from(ids)
          .innerJoin(users, eq(users.userId, ids.userId))
          .$dynamic();
        return withLookups(rows).orderBy(desc(users.userId));
      }
      const before = page.beforeUserId === undefined ? undefined : lt(users.userId, page.beforeUserId);
      return withLookups(db.select(rowColumns).from(users).$dynamic())
        .where(and(filterOf(filter), before))
        .orderBy(desc(users.userId))
        .limit(page.limit);
    },

    async countRows(filter: StudentFilter) {
      const [{ total }] = await db.select({ total: count() }).from(users).where(filterOf(filter));
      return Number(total);
    },
  };
}
export type StudentQueries = ReturnType<typeof createStudentQueries>;
