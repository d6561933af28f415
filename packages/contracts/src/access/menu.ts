import { PLATFORM_OWNER_PROVIDER_ID, ProviderType, UserType } from './codes';
import { hasArea, hasPrivilege, type PrivilegeObject } from './privileges';
import { Role } from './roles';

export type MenuItem = { key: string; label: string; path: string; icon: string };
export type MenuGroup = { key: string; label: string; icon: string; items: MenuItem[] };
export type MenuEntry = MenuItem | MenuGroup;
export const isMenuGroup = (e: MenuEntry): e is MenuGroup => 'items' in e;

export type MenuContext = {
  userTypeId: number;
  providerId: number;
  providerTypeId: number;
  privileges: PrivilegeObject;
};

/**
 * The admin and learner menus, filtered exactly as part 3 §2 "Menu visibility" says (and part 1 §2 for
 * 'Manage Counselling'). Only visible routes are listed; hidden routes (/admin/test, /admin/course,
 * /admin/quickTest) are reachable by navigation, never through the menu.
 */
export function visibleMenu(ctx: MenuContext): MenuEntry[] {
  if (ctx.userTypeId === UserType.Student) {
    return [
      { key: 'learnerDashboard', label: 'Dashboard', path: '/dashboard', icon: 'dashboard' },
      { key: 'assignedTests', label: 'Assigned Tests', path: '/testviewer', icon: 'assignment' },
      { key: 'courses', label: 'Test Series', path: '/courses', icon: 'library' },
    ];
  }
  if (ctx.userTypeId !== UserType.Staff && ctx.userTypeId !== UserType.ProviderUser) return [];
  const p = ctx.privileges;
  const firstRole = p.roles[0]?.id;
  const isOwner = ctx.providerId === PLATFORM_OWNER_PROVIDER_ID;
  const entries: MenuEntry[] = [
    { key: 'dashboard', label: 'Dashboard', path: '/admin/dashboard', icon: 'dashboard' },
  ];
  const group = (key: string, label: string, icon: string, items: (MenuItem | false)[]) => {
    const visible = items.filter((i): i is MenuItem => i !== false);
    if (visible.length) entries.push({ key, label, icon, items: visible });
  };
  /** One menu item, shown when `shown` holds. */
  const item = (shown: boolean, key: string, label: string, path: string, icon: string): MenuItem | false =>
    shown && { key, label, path, icon };
  const test = hasArea(p, 'Test');
  group('tests', 'Manage Tests', 'quiz', [
    item(test, 'tests', 'Tests', '/admin/testhome', 'quiz'),
    item(
      test && hasPrivilege(p, 'Test', 'CreateTopicwiseTest'),
      'topicwise',
      'Topicwise Test',
      '/admin/tests',
      'topic',
    ),
    item(hasArea(p, 'SimplifiedTest'), 'quickTest', 'Quick Test', '/admin/simplifiedtesthome', 'bolt'),
    item(hasArea(p, 'TestSeries'), 'testSeries', 'Test Series', '/admin/testSeries', 'library'),
    item(hasArea(p, 'TestSeries') && firstRole !== Role.ReadOnly, 'pyq', 'PYQ', '/admin/pyq', 'history'),
  ]);
  group('content', 'Manage Content', 'topic', [
    item(hasArea(p, 'Question'), 'questions', 'Questions', '/admin/questions', 'help'),
    item(hasArea(p, 'CategoryTopic'), 'import', 'Categories & Topics', '/admin/import', 'account_tree'),
    item(hasArea(p, 'TaskManager'), 'taskManager', 'Task Manager', '/admin/taskManager', 'task'),
  ]);
  group('counselling', 'Manage Counselling', 'school', [
    item(hasArea(p, 'Student'), 'students', 'Students', '/admin/users', 'people'),
    item(hasArea(p, 'Message'), 'messages', 'Messages', '/admin/notifications', 'mail'),
  ]);
  const anyProvider = (p.privileges.Provider ?? []).length > 0;
  const aggregator = ctx.providerTypeId === ProviderType.Aggregator;
  group('administration', 'Administration', 'settings', [
    item(hasArea(p, 'User'), 'applicationUsers', 'Application Users', '/admin/applicationUsers', 'badge'),
    item(aggregator || (anyProvider && isOwner), 'providers', 'Provider', '/admin/providerlist', 'business'),
    item(anyProvider && isOwner, 'coupons', 'Coupons', '/admin/Coupons', 'sell'),
    item(aggregator, 'licences', 'Provision Licenses', '/admin/transactions', 'key'),
    item(
      hasArea(p, 'SystemConfiguration'),
      'configuration',
      'System Configuration',
      '/admin/Configuration',
      'tune',
    ),
  ]);
  return entries;
}

/** Every path the menu can show, flattened (the router guards use it). */
export function menuPaths(entries: MenuEntry[]): string[] {
  return entries.flatMap((e) => (isMenuGroup(e) ? e.items.map((i) => i.path) : [e.path]));
}
