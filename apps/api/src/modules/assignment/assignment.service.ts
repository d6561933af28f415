import {
  type AccommodationInput,
  type AssignedPage,
  assignmentMessages as m,
  removalIssue,
} from '@assess/contracts/assignment';
import { LICENCE_LIMIT } from '../../platform/access/licence';
import type { Principal } from '../../platform/auth/principal';
import type { UnitOfWork } from '../../platform/db/unit-of-work';
import { conflict, forbidden, notFound } from '../../platform/http/errors';
import type { AssignmentRepository, MappingKind, MappingTargetRow } from './assignment.repository';

export type AssignmentCaller = Pick<Principal, 'providerId' | 'userId' | 'licence'>;
type Query = { pageNumber: number; pageSize: number; search?: string };

/**
 * Test User Mapping and Course User Mapping (part 3 §2, §3, §4, §7, §8): both grids paged on the server, bulk
 * assign in one statement behind the student licence, removal by the §4 rule, the series subscription toggle
 * and the per-student accommodation. Only the caller's own tests, series and active students (tenant boundary).
 */
export function createAssignmentService(deps: {
  assignment: Pick<AssignmentRepository, 'target' | 'assignedPage' | 'assignedCount' | 'availablePage'>;
  withTransaction: UnitOfWork<{ assignment: AssignmentRepository }>;
  clock: () => Date;
}) {
  /** The caller's own test or series; another provider's: 403, none: 404. */
  function own(row: MappingTargetRow | undefined, c: AssignmentCaller): MappingTargetRow {
    if (!row) throw notFound();
    if (row.providerId !== c.providerId) throw forbidden(m.notOwnTarget);
    return row;
  }
  /** One holder's row of an own test or series changed by `write`; 404 when the student holds none. */
  const changeHolder = (
    c: AssignmentCaller,
    kind: MappingKind,
    id: number,
    message: string,
    write: (r: AssignmentRepository) => Promise<boolean>,
  ) =>
    deps.withTransaction(async ({ assignment }) => {
      own(await assignment.target(kind, id, deps.clock()), c);
      if (!(await write(assignment))) throw notFound(m.notAssigned);
      return { message };
    });
  const window = (q: Query) => ({
    limit: q.pageSize,
    offset: (q.pageNumber - 1) * q.pageSize,
    search: q.search,
  });

  return {
    async assigned(c: AssignmentCaller, kind: MappingKind, id: number, q: Query): Promise<AssignedPage> {
      const target = own(await deps.assignment.target(kind, id, deps.clock()), c);
      const rows = await deps.assignment.assignedPage(kind, id, window(q));
      const totalCount =
        rows[0]?.total ?? (q.pageNumber > 1 ? await deps.assignment.assignedCount(kind, id, q.search) : 0);
      return {
        items: rows.map(({ total: _t, ...r }) => r),
        totalCount,
        removeIssue: removalIssue(kind, target),
      };
    },

    async available(c: AssignmentCaller, kind: MappingKind, id: number, q: Query) {
      own(await deps.assignment.target(kind, id, deps.clock()), c);
      return deps.assignment.availablePage(kind, id, c.providerId, window(q));
    },

    /**
     * Bulk assign: the provider's row is locked, the students checked (own, active), the licence counted
     * (distinct students holding a mapping after this one must stay within the package's Students), then one
     * insert. Assigning a series writes its course_users rows only: its tests reach the students through the
     * student_tests view.
     */
    async assign(c: AssignmentCaller, kind: MappingKind, id: number, userIds: number[]) {
      const ids = [...new Set(userIds)];
      const now = deps.clock();
      const assigned = await deps.withTransaction(async ({ assignment }) => {
        await assignment.lockProvider(c.providerId);
        own(await assignment.target(kind, id, deps.clock(), true), c);
        const valid = await assignment.ownStudents(c.providerId, ids);
        if (valid.length !== ids.length) throw forbidden(m.notOwnStudents);
        const total = await assignment.assignedStudentsWith(c.providerId, ids);
        if (total > c.licence.Students) throw forbidden(m.needLicence, LICENCE_LIMIT);
        return kind === 'test'
          ? assignment.assignTest(id, ids, c.userId, now)
          : assignment.assignSeries(id, ids, c.userId, now);
      });
      return { message: kind === 'test' ? m.usersMapped : m.usersMappedToSeries, assigned };
    },

    async remove(c: AssignmentCaller, kind: MappingKind, id: number, userId: number) {
      return deps.withTransaction(async ({ assignment }) => {
        const target = own(await assignment.target(kind, id, deps.clock(), true), c);
        const issue = removalIssue(kind, target);
        if (issue) throw forbidden(issue);
        if (kind === 'series') {
          if (!(await assignment.removeFromSeries(id, userId))) throw notFound(m.notAssigned);
          return { message: m.removed };
        }
        // a test reached through a series goes with the series mapping, not here
        const done = await assignment.removeFromTest(id, userId);
        if (done === 'viaSeries') throw conflict(m.removeViaSeries);
        if (done === 'none') throw notFound(m.notAssigned);
        return { message: m.removed };
      });
    },

    async setSubscription(c: AssignmentCaller, courseId: number, userId: number, status: number) {
      return changeHolder(c, 'series', courseId, m.subscriptionChanged, (r) =>
        r.setSubscription(courseId, userId, status, c.userId, deps.clock()),
      );
    },

    async setAccommodation(c: AssignmentCaller, testId: number, userId: number, a: AccommodationInput) {
      return changeHolder(c, 'test', testId, m.accommodationSaved, (r) =>
        r.setAccommodation(testId, userId, a, c.userId, deps.clock()),
      );
    },
  };
}
export type AssignmentService = ReturnType<typeof createAssignmentService>;
