import {
  type ActivationBody,
  type CloneBody,
  studentMessages as m,
  type RejectBody,
} from '@assess/contracts/students';
import type { Principal } from '../../platform/auth/principal';
import type { UnitOfWork } from '../../platform/db/unit-of-work';
import { badRequest, conflict } from '../../platform/http/errors';
import type { CourseAssignmentRepository } from './course-assignment.repository';
import { studentsInReach } from './reach';
import type { StudentQueries } from './student-queries.repository';
import type { StudentsRepository } from './students.repository';
import type { BoundTestData } from './test-data';

type Caller = Pick<Principal, 'userId' | 'providerId'>;

/** Accept (activate + assign test series), reject (delete pending) and clone test data (issue 5). */
export function createApprovalService(deps: {
  queries: Pick<StudentQueries, 'reachOf' | 'owners' | 'assignableCourses'>;
  withTransaction: UnitOfWork<{
    students: Pick<StudentsRepository, 'activate' | 'deleteStudents'>;
    courses: Pick<CourseAssignmentRepository, 'assign'>;
    /** Every registered kind of test data, bound to the transaction. */
    testData: BoundTestData;
  }>;
  clock: () => Date;
}) {
  const { queries } = deps;

  return {
    /** Activates pending students and maps them to the chosen test series, in one transaction. */
    async activate(p: Caller, body: ActivationBody) {
      const now = deps.clock();
      const students = await studentsInReach(queries, p.providerId, body.studentIds);
      if (students.some((s) => s.isActive)) throw conflict(m.onlyPendingAccept);
      const courseIds = [...new Set(body.courseIds)];
      const assignable = await queries.assignableCourses(p.providerId, now, courseIds);
      if (assignable.length !== courseIds.length) throw badRequest(m.courseNotAssignable);
      const ids = students.map((s) => s.userId);
      await deps.withTransaction(async ({ students: repo, courses }) => {
        await repo.activate(ids, p.userId, now);
        await courses.assign(ids, courseIds, p.userId, now);
      });
      return { message: m.activated };
    },

    /** Deletes the selected pending students; an active one in the list refuses the whole request. */
    async reject(p: Caller, body: RejectBody) {
      const students = await studentsInReach(queries, p.providerId, body.studentIds);
      if (students.some((s) => s.isActive)) throw conflict(m.onlyPendingReject);
      await deps.withTransaction(({ students: repo }) => repo.deleteStudents(students.map((s) => s.userId)));
      return { message: m.rejected };
    },

    /** Copies every registered kind of the chosen student's test data to each selected student. */
    async clone(p: Caller, body: CloneBody) {
      if (body.studentIds.includes(body.fromStudentId)) throw badRequest(m.cloneSameUser);
      await studentsInReach(queries, p.providerId, [body.fromStudentId, ...body.studentIds]);
      const args = {
        fromUserId: body.fromStudentId,
        toUserIds: [...new Set(body.studentIds)],
        actorId: p.userId,
        now: deps.clock(),
      };
      const copied: Record<string, number> = {};
      await deps.withTransaction(async ({ testData }) => {
        for (const kind of testData) copied[kind.name] = await kind.copy(args);
      });
      return { message: m.cloneSuccess, copied };
    },
  };
}
export type ApprovalService = ReturnType<typeof createApprovalService>;
