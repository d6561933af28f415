// dashboard contracts: schemas, types, messages and rules of the area (spec part 1 §2 "Dashboard", §3, §7, §8).
import { z } from 'zod';
import { hasPrivilege, type PrivilegeObject } from '../access/privileges';
import { Role } from '../access/roles';
import { endpointGroup } from '../common/endpoint';

/** Chart data as the spec names it (§3 "Dashboard analytics"): a list named lable and a list named values. */
export const chartDataSchema = z.object({ lable: z.array(z.string()), values: z.array(z.number().int()) });
export type ChartData = z.infer<typeof chartDataSchema>;

/**
 * The widgets of the staff dashboard. The server answers only the widgets the caller's role and
 * privileges allow; the page draws each by id. Part 3's role-dependent cards add ids here.
 */
export const DashboardWidgetId = {
  TestSeries: 'testSeries',
  Providers: 'providers',
  Tests: 'tests',
  QuickTests: 'quickTests',
  Products: 'products',
  Questions: 'questions',
  ProvisionLicenses: 'provisionLicenses',
  Students: 'students',
  AssignedLicenses: 'assignedLicenses',
  Interests: 'interests',
  Messages: 'messages',
  ClassWise: 'classWise',
  CityWise: 'cityWise',
  StateWise: 'stateWise',
  TopInterest: 'topInterest',
  TrendingSeries: 'trendingSeries',
} as const;
export type DashboardWidgetId = (typeof DashboardWidgetId)[keyof typeof DashboardWidgetId];

/** The dashboard's widget order. */
export const dashboardWidgetOrder: readonly DashboardWidgetId[] = Object.values(DashboardWidgetId);

/** The session's privilege object (roles as {id}) or the server's principal (roles as ids). */
type Privileges = Pick<PrivilegeObject, 'privileges'> & {
  packageId?: number;
  roles?: readonly (number | { id: number })[];
};
const hasRole = (p: Privileges, roleId: number) =>
  (p.roles ?? []).some((r) => (typeof r === 'number' ? r : r.id) === roleId);
const viewsStudents = (p: Privileges) => hasPrivilege(p, 'Student', 'ViewStudent');
const aggregator = (p: Privileges) => hasRole(p, Role.Aggregator);
/** Part 3 §2 card 1 (Test Series, or Providers for role 7) shows only for package 3 (Platinum) or 4 (Trial). */
const firstCardPackage = (p: Privileges) => p.packageId === 3 || p.packageId === 4;
const viewsTests = (p: Privileges) => hasPrivilege(p, 'Test', 'ViewTest');

/**
 * Who sees which widget (server and page use the same rule): students and the four charts need
 * ViewStudent, interests ViewSystemConfiguration (or ViewStudent), messages ViewMessage.
 */
export const dashboardWidgetRules: Record<DashboardWidgetId, (p: Privileges) => boolean> = {
  /** Part 3 §2 card 1: the provider's test series (packages 3 and 4); role 7 gets Providers there. */
  testSeries: (p) => !aggregator(p) && firstCardPackage(p) && hasPrivilege(p, 'TestSeries', 'ViewTestSeries'),
  providers: (p) => aggregator(p) && firstCardPackage(p),
  /** Card 2: Tests (ViewTest), else Quick Tests (ViewSimplifiedTest); role 7 gets Products there. */
  tests: (p) => !aggregator(p) && viewsTests(p),
  quickTests: (p) =>
    !aggregator(p) && !viewsTests(p) && hasPrivilege(p, 'SimplifiedTest', 'ViewSimplifiedTest'),
  products: aggregator,
  /** Part 3 §2 card 3: the provider's questions (role 7 gets Provision Licenses there instead). */
  questions: (p) => hasPrivilege(p, 'Question', 'ViewQuestion') && !aggregator(p),
  provisionLicenses: aggregator,
  /** Card 4: Students, or Assigned Licenses for role 7. */
  students: (p) => viewsStudents(p) && !aggregator(p),
  assignedLicenses: aggregator,
  interests: (p) => hasPrivilege(p, 'SystemConfiguration', 'ViewSystemConfiguration') || viewsStudents(p),
  messages: (p) => hasPrivilege(p, 'Message', 'ViewMessage'),
  classWise: viewsStudents,
  cityWise: viewsStudents,
  stateWise: viewsStudents,
  topInterest: viewsStudents,
  /** Part 3 §2 the Trending Test Series table (docs/FEATURES.md 3.2.06 defines trending). */
  trendingSeries: (p) => hasPrivilege(p, 'TestSeries', 'TrendingTestSeries'),
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

/**
 * Card titles and where each card leads (§2); Products (role 7) has no page: it opens the Subscriptions
 * dialog of the aggregator's own provider.
 */
export const dashboardCards = {
  testSeries: { title: 'Test Series', path: '/admin/testSeries' },
  providers: { title: 'Providers', path: '/admin/providerlist' },
  tests: { title: 'Tests', path: '/admin/testhome' },
  quickTests: { title: 'Quick Tests', path: '/admin/simplifiedtesthome' },
  products: { title: 'Products', path: null },
  questions: { title: 'Questions', path: '/admin/questions' },
  provisionLicenses: { title: 'Provision Licenses', path: '/admin/transactions' },
  students: { title: 'Students', path: '/admin/users' },
  assignedLicenses: { title: 'Assigned Licenses', path: '/admin/transactions' },
  interests: { title: 'Interests', path: '/admin/Configuration' },
  messages: { title: 'Messages', path: '/admin/notifications' },
} as const;

/** The Trending Test Series table (§2): its title, columns, the window and how many rows it shows. */
export const trendingSeriesTexts = {
  title: 'Trending Test Series',
  name: 'Test Series',
  tests: 'Tests',
  empty: 'No test series was attempted in the last 14 days.',
} as const;
export const TRENDING_DAYS = 14;
export const TRENDING_MAX_ROWS = 5;
export const trendingSeriesRowSchema = z.object({
  courseId: z.number().int(),
  name: z.string(),
  tests: z.number().int(),
  attempts: z.number().int(),
});
export type TrendingSeriesRow = z.infer<typeof trendingSeriesRowSchema>;

/** Charts show at most this many bars (largest counts first, except classes which keep their order). */
export const DASHBOARD_CHART_MAX_BARS = 10;

export const dashboardWidgetSchema = z.discriminatedUnion('kind', [
  z.object({
    id: z.enum([
      'testSeries',
      'providers',
      'tests',
      'quickTests',
      'products',
      'questions',
      'provisionLicenses',
      'students',
      'assignedLicenses',
      'interests',
    ]),
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
  z.object({
    id: z.literal('trendingSeries'),
    kind: z.literal('table'),
    rows: z.array(trendingSeriesRowSchema),
  }),
]);
export type DashboardWidget = z.infer<typeof dashboardWidgetSchema>;

/** GET /api/dashboard: the caller's widgets and when they were computed (the cards' "Updated" time). */
export const dashboardSchema = z.object({ updatedAt: z.string(), widgets: z.array(dashboardWidgetSchema) });
export type Dashboard = z.infer<typeof dashboardSchema>;

/** §8: dashboard fetch failures are only logged, with this text. */
export const dashboardMessages = { fetchFailed: 'error in fetching details.' } as const;

/** The dashboard's endpoint (spec part 1 §7 getStudentCount and the four Analytics chart calls in one answer). */
export const dashboardEndpoints = endpointGroup('dashboard', {
  get: {
    method: 'GET',
    path: '/api/dashboard',
    summary: "Cards and charts of the caller's provider that the caller's role and privileges allow",
    access: { signedIn: true, userType: 'staff' },
    response: dashboardSchema,
  },
});
