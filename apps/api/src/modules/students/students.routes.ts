import { studentEndpoints as e } from '@assess/contracts/students';
import { route } from '../../platform/http/endpoint';
import type { ZodApp } from '../../platform/modules';
import type { ApprovalService } from './approval.service';
import type { StudentsService } from './students.service';

/** Students (part 1 §7 "Students"). Export and import are the student-import module's routes. */
export function studentRoutes(app: ZodApp, deps: { students: StudentsService; approval: ApprovalService }) {
  const { students, approval } = deps;
  route(app, e.list, async ({ principal, query }) => students.list(principal, query));
  route(app, e.lookups, async ({ principal }) => students.lookups(principal));
  route(app, e.courses, async ({ principal }) => students.courses(principal));
  route(app, e.byEmail, async ({ principal, query }) => students.lookupEmail(principal, query.email));
  route(app, e.mobileExists, async ({ query }) => students.mobileTaken(query.mobile, query.userId));
  route(app, e.detail, async ({ principal, params }) => students.detail(principal, params.userId));
  route(app, e.register, async ({ principal, body }) => students.register(principal, body));
  route(app, e.update, async ({ principal, params, body }) =>
    students.update(principal, params.userId, body),
  );
  route(app, e.remove, async ({ principal, params }) => students.remove(principal, params.userId));
  route(app, e.activate, async ({ principal, body }) => approval.activate(principal, body));
  route(app, e.reject, async ({ principal, body }) => approval.reject(principal, body));
  route(app, e.clone, async ({ principal, body }) => approval.clone(principal, body));
}
