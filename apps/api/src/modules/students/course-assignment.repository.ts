import { eq } from 'drizzle-orm';
import { courseUsers } from '../../db/schema';
import type { Db } from '../../platform/db/client';

/** Course (test series) assignment of students (part 3 §3 "Course-user mapping"): the course_users rows. */
export function createCourseAssignmentRepository(db: Db) {
  return {
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

    /**
     * Copies one student's course mappings (with their subscription status) to each target; what a target
     * already has stays in place. Returns the rows written.
     */
    async copy(args: { fromUserId: number; toUserIds: number[]; actorId: number; now: Date }) {
      const { fromUserId, toUserIds, actorId, now } = args;
      const source = await db
        .select({ courseId: courseUsers.courseId, status: courseUsers.userSubscriptionStatus })
        .from(courseUsers)
        .where(eq(courseUsers.userId, fromUserId));
      if (!source.length || !toUserIds.length) return 0;
      const written = await db
        .insert(courseUsers)
        .values(
          toUserIds.flatMap((userId) =>
            source.map((s) => ({
              courseId: s.courseId,
              userId,
              userSubscriptionStatus: s.status,
              createdBy: actorId,
              updatedBy: actorId,
              createdDate: now,
              updatedDate: now,
            })),
          ),
        )
        .onConflictDoNothing()
        .returning({ userId: courseUsers.userId });
      return written.length;
    },
  };
}
export type CourseAssignmentRepository = ReturnType<typeof createCourseAssignmentRepository>;
