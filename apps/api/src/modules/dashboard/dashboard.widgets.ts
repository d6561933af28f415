import {
  DASHBOARD_CHART_MAX_BARS,
  type DashboardWidget,
  type DashboardWidgetId,
  dashboardWidgetRules,
} from '@assess/contracts/dashboard';
import type { Principal } from '../../platform/auth/principal';
import { extensionPoint } from '../../platform/modules';
import type { DashboardRepository } from './dashboard.repository';

export type DashboardCaller = Pick<
  Principal,
  'userId' | 'providerId' | 'privileges' | 'roles' | 'providerTypeId' | 'packageId' | 'contentProviderIds'
>;
type Caller = DashboardCaller;

/**
 * One widget of the staff dashboard: who sees it and how it is loaded. The dashboard answers the widgets
 * whose `visible` holds for the caller, in the contracts' order (dashboardWidgetOrder).
 */
export type DashboardWidgetDef = {
  id: DashboardWidgetId;
  visible: (caller: Caller) => boolean;
  load: (caller: Caller, now: Date) => Promise<DashboardWidget>;
};

/**
 * The dashboard's widgets: the dashboard module contributes its own (below); part 3's role-dependent cards are
 * contributed by their areas, each under its widget id (an id given twice is refused).
 */
export const dashboardWidgets = extensionPoint.many<DashboardWidgetDef>('dashboard.widgets', {
  description: 'the cards and charts of the staff dashboard',
});

/** A widget read from the dashboard's own repository. */
type OwnWidget = Omit<DashboardWidgetDef, 'load'> & {
  load: (repo: DashboardRepository, caller: Caller, now: Date) => Promise<DashboardWidget>;
};

/** Who sees a widget: the contracts' rule (the console applies the same one). */
export const dashboardRule = (id: DashboardWidgetId) => (c: Caller) => dashboardWidgetRules[id](c);
const rule = dashboardRule;
// Classes keep their list order and may all be shown; the others show the largest counts.
const CLASS_BARS = 20;

const ownWidgets: OwnWidget[] = [
  {
    id: 'questions',
    visible: rule('questions'),
    load: async (repo, c) => ({
      id: 'questions',
      kind: 'count',
      count: await repo.questionCount(c.providerId),
    }),
  },
  {
    id: 'students',
    visible: rule('students'),
    load: async (repo, c) => ({
      id: 'students',
      kind: 'count',
      count: await repo.studentCount(c.providerId),
    }),
  },
  {
    id: 'interests',
    visible: rule('interests'),
    load: async (repo, c) => ({
      id: 'interests',
      kind: 'count',
      count: await repo.interestCount(c.providerId),
    }),
  },
  {
    id: 'messages',
    visible: rule('messages'),
    load: async (repo, c, now) => ({
      id: 'messages',
      kind: 'messages',
      ...(await repo.messageCounts(c.providerId, now)),
    }),
  },
  {
    id: 'classWise',
    visible: rule('classWise'),
    load: async (repo, c) => ({
      id: 'classWise',
      kind: 'chart',
      ...(await repo.classWise(c.providerId, CLASS_BARS)),
    }),
  },
  {
    id: 'cityWise',
    visible: rule('cityWise'),
    load: async (repo, c) => ({
      id: 'cityWise',
      kind: 'chart',
      ...(await repo.cityWise(c.providerId, DASHBOARD_CHART_MAX_BARS)),
    }),
  },
  {
    id: 'stateWise',
    visible: rule('stateWise'),
    load: async (repo, c) => ({
      id: 'stateWise',
      kind: 'chart',
      ...(await repo.stateWise(c.providerId, DASHBOARD_CHART_MAX_BARS)),
    }),
  },
  {
    id: 'topInterest',
    visible: rule('topInterest'),
    load: async (repo, c) => ({
      id: 'topInterest',
      kind: 'chart',
      ...(await repo.topInterest(c.providerId, DASHBOARD_CHART_MAX_BARS)),
    }),
  },
];

/** The dashboard's own widgets on its repository, in their order. */
export const dashboardOwnWidgets = (repo: DashboardRepository): DashboardWidgetDef[] =>
  ownWidgets.map((w) => ({ ...w, load: (caller, now) => w.load(repo, caller, now) }));

type CountCardId = Extract<DashboardWidget, { kind: 'count' }>['id'];

/**
 * A count card another area contributes (part 3 §2: Test Series, Tests, Quick Tests, Providers, Products,
 * Provision Licenses, Assigned Licenses): shown by the contracts' rule for its id, counted by the area's own
 * repository.
 */
export const countCard = (
  id: CountCardId,
  count: (caller: Caller, now: Date) => Promise<number>,
): DashboardWidgetDef => ({
  id,
  visible: rule(id),
  load: async (caller, now) => ({ id, kind: 'count', count: await count(caller, now) }),
});
