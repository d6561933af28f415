import type { Db } from '../../platform/db/client';
import { createCourseAssignmentRepository } from './course-assignment.repository';

export type TestDataCopy = { fromUserId: number; toUserIds: number[]; actorId: number; now: Date };

/**
 * One kind of a student's test data that "Clone test data" copies (course assignments today; test
 * assignments, attempts and results when those areas exist). Like a repository, a kind is given the
 * database handle of the clone's transaction and copies with its own repository; it must leave what a
 * target already has in place (re-running a clone writes nothing new).
 */
export type TestDataKind = {
  name: string;
  copy(db: Db, args: TestDataCopy): Promise<number>;
};

/** course_users: the test series a student is assigned to (part 3 §3 "Course-user mapping"). */
export const courseAssignmentsKind: TestDataKind = {
  name: 'course_users',
  copy: (db, args) => createCourseAssignmentRepository(db).copy(args),
};

/**
 * The registry of test-data kinds the clone copies. Later areas add theirs at start-up through
 * `modules.students.testData.register(kind)`. `bind(tx)` gives the kinds bound to one transaction, as the
 * module's unit of work hands them to the approval service (which never sees the handle).
 */
export function createTestDataRegistry(initial: TestDataKind[] = [courseAssignmentsKind]) {
  const kinds = new Map<string, TestDataKind>(initial.map((k) => [k.name, k]));
  return {
    register(kind: TestDataKind) {
      if (kinds.has(kind.name)) throw new Error(`test data kind ${kind.name} is registered twice`);
      kinds.set(kind.name, kind);
    },
    list: () => [...kinds.values()],
    bind: (db: Db) =>
      [...kinds.values()].map((k) => ({ name: k.name, copy: (args: TestDataCopy) => k.copy(db, args) })),
  };
}
export type TestDataRegistry = ReturnType<typeof createTestDataRegistry>;
export type BoundTestData = ReturnType<TestDataRegistry['bind']>;
