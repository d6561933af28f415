// dashboard contracts: schemas, types, messages and rules of the area (spec part 1 §2 "Dashboard", §3, §7, §8).
import { z } from 'zod';
import { hasPrivilege, type PrivilegeObject } from '../access/privileges';
import { Role } from '../access/roles';
import { defineEndpoint } from '../common/endpoint';

/** Chart data as the spec names it (§3 "Dashboard analytics"): a list named lable and a list named values. */
export const chartDataSchema = z.object({ lable: z.array(z.string()), values: z.array(z.number().int()) });
export type ChartData = z.infer<typeof chartDataSchema>;

/**
 * The widgets of the staff dashboard. The server answers only the widgets the caller's role and
 * privileges allow; the page draws each by id. Part 3's role-dependent cards add ids here.
 */
export const DashboardWidgetId = {
  Questions: 'questions',
  Students: 'students',
  Interests: 'interests',
  Messages: 'messages',
  ClassWise: 'classWise',
  CityWise: 'cityWise',
  StateWise: 'stateWise',
  TopInterest: 'topInterest',
} as const;
export type DashboardWidgetId = (typeof DashboardWidgetId)[keyof typeof DashboardWidgetId];

/** The dashboard's widget order. */
export const dashboardWidgetOrder: readonly DashboardWidgetId[] = Object.values(DashboardWidgetId);

/** The session's privilege object (roles as {id}) or the server's principal (roles as ids). */
type Privileges = Pick<PrivilegeObject, 'privileges'> & { roles?: readonly (number | { id: number })[] };
const hasRole = (p: Privileges, roleId: number) =>
  (p.roles ?? []).some((r) => (typeof r === 'number' ? r : r.id) === roleId);
const viewsStudents = (p: Privileges) => hasPrivilege(p, 'Student', 'ViewStudent');

/**
 * Who sees which widget (server and page use the same rule): students and the four charts need
 * ViewStudent, interests ViewSystemConfiguration (or ViewStudent), messages ViewMessage.
 */
export const dashboardWidgetRules: Record<DashboardWidgetId, (p: Privileges) => boolean> = {
  /** Part 3 §2 card 3: the provider's questions (role 7 gets Provision Licenses there instead). */
  questions: (p) => hasPrivilege(p, 'Question', 'ViewQuestion') && !hasRole(p, Role.Aggregator),
  students: viewsStudents,
  interests: (p) => hasPrivilege(p, 'SystemConfiguration', 'ViewSystemConfiguration') || viewsStudents(p),
  messages: (p) => hasPrivilege(p, 'Message', 'ViewMessage'),
  classWise: viewsStudents,
  cityWise: viewsStudents,
  stateWise: viewsStudents,
  topInterest: viewsStudents,
};
export const visibleDashboardWidgets = (p: Privileges) =>
  dashboardWidgetOrder.filter((id) => dashboardWidgetRules[id](p));

/** Chart titles, word for word (§2). */
export const dashboardChartTitles = {
  classWise: 'Class wise Admissions',
  cityWise: 'City wise Admissions',
  stateWise: 'State wise Admissions',
  topInterest: 'Interest of Student',
} as const;
export type DashboardChartId = keyof typeof dashboardChartTitles;

/** Card titles and where each card leads (§2). */
export const dashboardCards = {
  questions: { title: 'Questions', path: '/admin/questions' },
  students: { title: 'Students', path: '/admin/users' },
  interests: { title: 'Interests', path: '/admin/Configuration' },
  messages: { title: 'Messages', path: '/admin/notifications' },
} as const;

/** Charts show at most this many bars (largest counts first, except classes which keep their order). */
export const DASHBOARD_CHART_MAX_BARS = 10;

export const dashboardWidgetSchema = z.discriminatedUnion('kind', [
  z.object({
    id: z.enum(['questions', 'students', 'interests']),
    kind: z.literal('count'),
    count: z.number().int(),
  }),
  z.object({
    id: z.literal('messages'),
    kind: z.literal('messages'),
    scheduledCount: z.number().int(),
    deliveredCount: z.number().int(),
  }),
  z.object({
    id: z.enum(['classWise', 'cityWise', 'stateWise', 'topInterest']),
    kind: z.literal('chart'),
    lable: z.array(z.string()),
    values: z.array(z.number().int()),
  }),
]);
export type DashboardWidget = z.infer<typeof dashboardWidgetSchema>;

/** GET /api/dashboard: the caller's widgets and when they were computed (the cards' "Updated" time). */
export const dashboardSchema = z.object({ updatedAt: z.string(), widgets: z.array(dashboardWidgetSchema) });
export type Dashboard = z.infer<typeof dashboardSchema>;

/** §8: dashboard fetch failures are only logged, with this text. */
export const dashboardMessages = { fetchFailed: 'error in fetching details.' } as const;

/** The dashboard's endpoint (spec part 1 §7 getStudentCount and the four Analytics chart calls in one answer). */
export const dashboardEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/dashboard',
    tags: ['dashboard'],
    summary: "Cards and charts of the caller's provider that the caller's role and privileges allow",
    access: { signedIn: true, userType: 'staff' },
    response: dashboardSchema,
  }),
};
