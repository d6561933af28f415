import type { Db } from '../../platform/db/client';
import { type Extensions, extensionPoint } from '../../platform/modules';
import { createCourseAssignmentRepository } from './course-assignment.repository';

export type TestDataCopy = { fromUserId: number; toUserIds: number[]; actorId: number; now: Date };

/**
 * One kind of a student's test data that "Clone test data" copies (course assignments today; test
 * assignments, attempts and results when those areas contribute theirs). Like a repository, a kind is given the
 * database handle of the clone's transaction and copies with its own repository; it must leave what a
 * target already has in place (re-running a clone writes nothing new).
 */
export type TestDataKind = {
  name: string;
  copy(db: Db, args: TestDataCopy): Promise<number>;
};

/** The extension point of the kinds the clone copies: each area contributes its kind under the kind's name. */
export const studentTestData = extensionPoint.many<TestDataKind>('students.testData', {
  description: "kinds of a student's test data that Clone test data copies",
});

/** course_users: the test series a student is assigned to (part 3 §3 "Course-user mapping"). */
export const courseAssignmentsKind: TestDataKind = {
  name: 'course_users',
  copy: (db, args) => createCourseAssignmentRepository(db).copy(args),
};

/**
 * The kinds contributed to `studentTestData`, read at each use. `register(kind)` contributes one more (a name
 * given twice is refused); `bind(tx)` gives the kinds bound to one transaction, as the module's unit of work
 * hands them to the approval service (which never sees the handle).
 */
export function createTestDataRegistry(extensions: Pick<Extensions, 'contribute' | 'all'>) {
  const kinds = () => extensions.all(studentTestData);
  return {
    register(kind: TestDataKind) {
      extensions.contribute(studentTestData, kind.name, kind);
    },
    list: () => [...kinds()],
    bind: (db: Db) => kinds().map((k) => ({ name: k.name, copy: (args: TestDataCopy) => k.copy(db, args) })),
  };
}
export type TestDataRegistry = ReturnType<typeof createTestDataRegistry>;
export type BoundTestData = ReturnType<TestDataRegistry['bind']>;
