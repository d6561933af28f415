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
  group('tests', 'Manage Tests', 'quiz', [
    hasArea(p, 'Test') && { key: 'tests', label: 'Tests', path: '/admin/testhome', icon: 'quiz' },
    hasArea(p, 'Test') &&
      hasPrivilege(p, 'Test', 'CreateTopicwiseTest') && {
        key: 'topicwise',
        label: 'Topicwise Test',
        path: '/admin/tests',
        icon: 'topic',
      },
    hasArea(p, 'SimplifiedTest') && {
      key: 'quickTest',
      label: 'Quick Test',
      path: '/admin/simplifiedtesthome',
      icon: 'bolt',
    },
    hasArea(p, 'TestSeries') && {
      key: 'testSeries',
      label: 'Test Series',
      path: '/admin/testSeries',
      icon: 'library',
    },
    hasArea(p, 'TestSeries') &&
      firstRole !== Role.ReadOnly && { key: 'pyq', label: 'PYQ', path: '/admin/pyq', icon: 'history' },
  ]);
  group('content', 'Manage Content', 'topic', [
    hasArea(p, 'Question') && {
      key: 'questions',
      label: 'Questions',
      path: '/admin/questions',
      icon: 'help',
    },
    hasArea(p, 'CategoryTopic') && {
      key: 'import',
      label: 'Categories & Topics',
      path: '/admin/import',
      icon: 'account_tree',
    },
    hasArea(p, 'TaskManager') && {
      key: 'taskManager',
      label: 'Task Manager',
      path: '/admin/taskManager',
      icon: 'task',
    },
  ]);
  group('counselling', 'Manage Counselling', 'school', [
    hasArea(p, 'Student') && { key: 'students', label: 'Students', path: '/admin/users', icon: 'people' },
    hasArea(p, 'Message') && {
      key: 'messages',
      label: 'Messages',
      path: '/admin/notifications',
      icon: 'mail',
    },
  ]);
  const anyProvider = (p.privileges.Provider ?? []).length > 0;
  group('administration', 'Administration', 'settings', [
    hasArea(p, 'User') && {
      key: 'applicationUsers',
      label: 'Application Users',
      path: '/admin/applicationUsers',
      icon: 'badge',
    },
    (ctx.providerTypeId === ProviderType.Aggregator || (anyProvider && isOwner)) && {
      key: 'providers',
      label: 'Provider',
      path: '/admin/providerlist',
      icon: 'business',
    },
    anyProvider && isOwner && { key: 'coupons', label: 'Coupons', path: '/admin/Coupons', icon: 'sell' },
    ctx.providerTypeId === ProviderType.Aggregator && {
      key: 'licences',
      label: 'Provision Licenses',
      path: '/admin/transactions',
      icon: 'key',
    },
    hasArea(p, 'SystemConfiguration') && {
      key: 'configuration',
      label: 'System Configuration',
      path: '/admin/Configuration',
      icon: 'tune',
    },
  ]);
  return entries;
}

/** Every path the menu can show, flattened (the router guards use it). */
export function menuPaths(entries: MenuEntry[]): string[] {
  return entries.flatMap((e) => (isMenuGroup(e) ? e.items.map((i) => i.path) : [e.path]));
}
