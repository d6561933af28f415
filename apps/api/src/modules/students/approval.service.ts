import {
  type ActivationBody,
  type CloneBody,
  studentMessages as m,
  type RejectBody,
} from '@assess/contracts/students';
import type { Principal } from '../../platform/auth/principal';
import { badRequest, conflict } from '../../platform/http/errors';
import type { ModuleDeps } from '../../platform/modules';
import { createCourseAssignmentRepository } from './course-assignment.repository';
import { studentsInReach } from './reach';
import { createStudentsRepository } from './students.repository';
import type { TestDataRegistry } from './test-data';

type Caller = Pick<Principal, 'userId' | 'providerId'>;

/** Accept (activate + assign test series), reject (delete pending) and clone test data (issue 5). */
export function createApprovalService(
  deps: Pick<ModuleDeps, 'db' | 'clock'> & { testData: TestDataRegistry },
) {
  const repo = createStudentsRepository(deps.db);

  return {
    /** Activates pending students and maps them to the chosen test series, in one transaction. */
    async activate(p: Caller, body: ActivationBody) {
      const now = deps.clock();
      const students = await studentsInReach(repo, p.providerId, body.studentIds);
      if (students.some((s) => s.isActive)) throw conflict(m.onlyPendingAccept);
      const courseIds = [...new Set(body.courseIds)];
      const assignable = await createCourseAssignmentRepository(deps.db).assignable(
        p.providerId,
        courseIds,
        now,
      );
      if (courseIds.some((id) => !assignable.has(id))) throw badRequest(m.courseNotAssignable);
      const ids = students.map((s) => s.userId);
      await deps.db.transaction(async (tx) => {
        await createStudentsRepository(tx).activate(ids, p.userId, now);
        await createCourseAssignmentRepository(tx).assign(ids, courseIds, p.userId, now);
      });
      return { message: m.activated };
    },

    /** Deletes the selected pending students; an active one in the list refuses the whole request. */
    async reject(p: Caller, body: RejectBody) {
      const students = await studentsInReach(repo, p.providerId, body.studentIds);
      if (students.some((s) => s.isActive)) throw conflict(m.onlyPendingReject);
      await deps.db.transaction(async (tx) => {
        await createStudentsRepository(tx).deleteStudents(students.map((s) => s.userId));
      });
      return { message: m.rejected };
    },

    /** Copies every registered kind of the chosen student's test data to each selected student. */
    async clone(p: Caller, body: CloneBody) {
      if (body.studentIds.includes(body.fromStudentId)) throw badRequest(m.cloneSameUser);
      await studentsInReach(repo, p.providerId, [body.fromStudentId, ...body.studentIds]);
      const now = deps.clock();
      const toUserIds = [...new Set(body.studentIds)];
      const copied: Record<string, number> = {};
      await deps.db.transaction(async (tx) => {
        for (const kind of deps.testData.list()) {
          copied[kind.name] = await kind.copy(tx, {
            fromUserId: body.fromStudentId,
            toUserIds,
            actorId: p.userId,
            now,
          });
        }
      });
      return { message: m.cloneSuccess, copied };
    },
  };
}
export type ApprovalService = ReturnType<typeof createApprovalService>;
