/**
 * Admin areas routed under /admin (spec part 1 §2, part 3 §2). Menu areas are listed by visibleMenu in
 * contracts and only open for users whose menu holds them; hidden areas are reached by navigation.
 * Titles are the page titles shown in the top bar (menu labels come from visibleMenu).
 */
export type AdminArea = { path: string; title: string; hidden?: boolean };

export const adminAreas: AdminArea[] = [
  { path: 'testhome', title: 'Tests' },
  { path: 'tests', title: 'Topicwise Test' },
  { path: 'simplifiedtesthome', title: 'Quick Test' },
  { path: 'testSeries', title: 'Test Series' },
  { path: 'pyq', title: 'PYQ' },
  { path: 'questions', title: 'Questions' },
  { path: 'import', title: 'Categories & Topics' },
  { path: 'taskManager', title: 'Task Manager' },
  { path: 'users', title: 'Students' },
  { path: 'notifications', title: 'Messages' },
  { path: 'applicationUsers', title: 'Application Users' },
  { path: 'providerlist', title: 'Provider' },
  { path: 'Coupons', title: 'Coupons' },
  { path: 'transactions', title: 'Provision Licenses' },
  { path: 'Configuration', title: 'System Configuration' },
  { path: 'test', title: 'Test Editor', hidden: true },
  { path: 'course', title: 'Test Series Editor', hidden: true },
  { path: 'quickTest', title: 'Quick Test Wizard', hidden: true },
];

/** Learner routes (user type 4), each with its own page title. */
export const learnerAreas = [
  { path: 'dashboard', title: 'Dashboard' },
  { path: 'testviewer', title: 'Assigned Tests' },
  { path: 'courses', title: 'Test Series' },
  { path: 'courseTestViewer', title: 'Test Series Tests' },
  { path: 'inbox', title: 'Messages' },
];

/** What a route's `handle` may carry: the page title, and whether it is a menu area to check. */
export type RouteHandle = { title?: string; menuArea?: boolean };
