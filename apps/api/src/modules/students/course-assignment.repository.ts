import { COURSE_MIN_STATUS } from '@assess/contracts/students';
import { and, eq, gt, gte, inArray, isNull, or } from 'drizzle-orm';
import { courses, courseUsers } from '../../db/schema';
import type { Db } from '../../platform/db/client';

/** Course (test series) assignment of students: the course_users rows the approval writes. */
export function createCourseAssignmentRepository(db: Db) {
  return {
    /** Those of `ids` that the provider offers for assignment now (active, status >= 2, not expired). */
    async assignable(providerId: number, ids: number[], now: Date) {
      if (!ids.length) return new Set<number>();
      const rows = await db
        .select({ id: courses.courseId })
        .from(courses)
        .where(
          and(
            inArray(courses.courseId, ids),
            eq(courses.providerId, providerId),
            eq(courses.isActive, true),
            gte(courses.status, COURSE_MIN_STATUS),
            or(isNull(courses.expiryDate), gt(courses.expiryDate, now)),
          ),
        );
      return new Set(rows.map((r) => r.id));
    },

    /** Maps every student to every course (subscribed); an existing mapping stays as it is. */
    async assign(userIds: number[], courseIds: number[], actorId: number, now: Date) {
      if (!userIds.length || !courseIds.length) return;
      await db
        .insert(courseUsers)
        .values(
          userIds.flatMap((userId) =>
            courseIds.map((courseId) => ({
              courseId,
              userId,
              userSubscriptionStatus: 2,
              createdBy: actorId,
              updatedBy: actorId,
              createdDate: now,
              updatedDate: now,
            })),
          ),
        )
        .onConflictDoNothing();
    },
  };
}
