import { eq } from 'drizzle-orm';
import { courseUsers } from '../../db/schema';
import type { Db } from '../../platform/db/client';

/**
 * One kind of a student's test data that "Clone test data" copies (course assignments today; test
 * assignments, attempts and results when those areas exist). `copy` runs inside the clone's transaction
 * and must leave what a target already has in place (re-running a clone writes nothing new).
 */
export type TestDataKind = {
  name: string;
  copy(
    tx: Db,
    args: { fromUserId: number; toUserIds: number[]; actorId: number; now: Date },
  ): Promise<number>;
};

/** course_users: the test series a student is assigned to (part 3 §3 "Course-user mapping"). */
export const courseAssignmentsKind: TestDataKind = {
  name: 'course_users',
  async copy(tx, { fromUserId, toUserIds, actorId, now }) {
    const source = await tx
      .select({ courseId: courseUsers.courseId, status: courseUsers.userSubscriptionStatus })
      .from(courseUsers)
      .where(eq(courseUsers.userId, fromUserId));
    if (!source.length || !toUserIds.length) return 0;
    const rows = toUserIds.flatMap((userId) =>
      source.map((s) => ({
        courseId: s.courseId,
        userId,
        userSubscriptionStatus: s.status,
        createdBy: actorId,
        updatedBy: actorId,
        createdDate: now,
        updatedDate: now,
      })),
    );
    const written = await tx
      .insert(courseUsers)
      .values(rows)
      .onConflictDoNothing()
      .returning({ userId: courseUsers.userId });
    return written.length;
  },
};

/**
 * The registry of test-data kinds the clone service copies. Later areas add theirs at start-up through
 * `ctx.deps.modules.students.testData.register(kind)` (or by importing this registry's factory).
 */
export function createTestDataRegistry(initial: TestDataKind[] = [courseAssignmentsKind]) {
  const kinds = new Map<string, TestDataKind>(initial.map((k) => [k.name, k]));
  return {
    register(kind: TestDataKind) {
      if (kinds.has(kind.name)) throw new Error(`test data kind ${kind.name} is registered twice`);
      kinds.set(kind.name, kind);
    },
    list: () => [...kinds.values()],
  };
}
export type TestDataRegistry = ReturnType<typeof createTestDataRegistry>;
