// The admin layout (moved from e2e/shell.e2e.ts, issue 23): the sidebar's menu per session (spec part 3 §2
// "Menu visibility"), each area's title in the top bar, the not-available page of a menu area outside the user's
// menu, the placeholder, the menu's links and groups (mouse and keyboard), mini mode, the profile menu, the trial
// toggle (part 1 §2 "Top bar"), the phone drawer, the session skeleton and axe. The areas' own screens are
// stand-ins here (each area's tests render its screen); /rtl is RtlLayout.browser.test.tsx, the guards
// SessionRoutes.browser.test.tsx; the browser journey (e2e/auth.e2e.ts) keeps the ERP's menu for the server's session.
import {
  isMenuGroup,
  type MenuEntry,
  Package,
  ProviderType,
  Role,
  visibleMenu,
} from '@assess/contracts/access';
import { accountsEndpoints as ae, authEndpoints, type Session } from '@assess/contracts/auth';
import { dashboardEndpoints } from '@assess/contracts/dashboard';
import { pushMessages } from '@assess/contracts/push';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { authKeys, menuContextOf } from '../../features/auth/session';
import { DashboardPage } from '../../features/dashboard/DashboardPage';
import { PlaceholderRoute } from '../../features/placeholders/PlaceholderRoute';
import { PushOptIn } from '../../features/push/PushOptIn';
import { providerProfile } from '../../test/builders';
import { fakeApi } from '../../test/fakeApi';
import { checkA11y, renderApp } from '../../test/render';
import { roleSession } from '../../test/roleSession';
import { adminAreas, type RouteHandle } from '../routes/areas';
import { AdminLayout } from './AdminLayout';

const sessions = {
  erp: () => roleSession(Role.SuperUser, ProviderType.ERP, 1),
  readonly: () => roleSession(Role.ReadOnly, ProviderType.ERP, 1),
  aggregator: () => roleSession(Role.Aggregator, ProviderType.Aggregator),
  owner: () => roleSession(Role.SuperUser, ProviderType.ERP, 0),
  quick: () => roleSession(Role.SuperUserSimplifiedTest, ProviderType.SimplifiedTest),
  partner: () => roleSession(Role.ContentPublisher, ProviderType.ContentPartner),
  trial: () => roleSession(Role.TrialAdministrator, ProviderType.ERP, 9, Package.Trial),
};

/** The router's admin children: the dashboard, every area with its title (stand-in screens), pyq's placeholder. */
const areaRoutes: RouteObject[] = [
  { path: 'dashboard', element: <DashboardPage />, handle: { title: 'Dashboard' } satisfies RouteHandle },
  ...adminAreas.map(
    (a): RouteObject => ({
      path: a.path,
      element: a.path === 'pyq' ? <PlaceholderRoute /> : <p>the {a.title} screen</p>,
      handle: { title: a.title, menuArea: !a.hidden } satisfies RouteHandle,
    }),
  ),
];

async function renderLayout(session: Session, url = '/admin/dashboard') {
  fakeApi.on(dashboardEndpoints.get, () => ({ updatedAt: '2026-01-05T10:00:00Z', widgets: [] }));
  const rendered = await renderApp(<AdminLayout />, { session, path: '/admin', url, children: areaRoutes });
  await expect.element(page.getByTestId('topbar-title')).toBeVisible();
  return rendered;
}

const nav = () => page.getByRole('navigation', { name: 'Main menu' });
const title = () => page.getByTestId('topbar-title');
/** Group and item labels in menu order, as the sidebar shows them. */
const shownLabels = () =>
  [...document.querySelectorAll('nav[aria-label="Main menu"] [data-menu-key]')].map(
    (e) => e.textContent?.trim() ?? '',
  );
const flatten = (entries: MenuEntry[]) =>
  entries.flatMap((e) => (isMenuGroup(e) ? [e.label, ...e.items.map((i) => i.label)] : [e.label]));
const navWidth = () => (document.querySelector('nav[aria-label="Main menu"]') as HTMLElement).clientWidth;

/** Known labels per demo sign-in (part 3 §2 "Menu visibility"), on top of the contracts comparison. */
const roles: { user: keyof typeof sessions; has: string[]; lacks: string[] }[] = [
  {
    user: 'erp',
    has: ['Tests', 'Topicwise Test', 'Test Series', 'PYQ', 'Students', 'Messages', 'System Configuration'],
    lacks: ['Provider', 'Coupons', 'Provision Licenses', 'Quick Test'],
  },
  {
    user: 'readonly',
    has: ['Tests', 'Test Series', 'Students'],
    lacks: ['PYQ', 'Topicwise Test', 'Coupons'],
  },
  { user: 'aggregator', has: ['Provider', 'Provision Licenses', 'Test Series'], lacks: ['Coupons', 'Tests'] },
  { user: 'owner', has: ['Provider', 'Coupons', 'Tests'], lacks: ['Provision Licenses'] },
  { user: 'quick', has: ['Quick Test'], lacks: ['Tests', 'Test Series', 'Provider'] },
  { user: 'partner', has: ['Questions', 'Categories & Topics'], lacks: ['Students', 'Coupons'] },
];

describe('AdminLayout: the menu per session', () => {
  it.each(roles)('$user sees the menu visibleMenu computes for its session', async ({ user, has, lacks }) => {
    const session = sessions[user]();
    await renderLayout(session);
    await expect.element(nav().getByText('Dashboard')).toBeVisible();
    const labels = shownLabels();
    expect(labels).toEqual(flatten(visibleMenu(menuContextOf(session))));
    for (const l of has) expect(labels).toContain(l);
    for (const l of lacks) expect(labels).not.toContain(l);
  });

  it('the dashboard in the layout has no serious axe violations', async () => {
    await renderLayout(sessions.erp());
    await expect.element(page.getByRole('heading', { name: 'Welcome, Erp' })).toBeVisible();
    await checkA11y();
  });
});

describe('AdminLayout: areas', () => {
  const open: [keyof typeof sessions, string, string][] = [
    ...adminAreas
      .filter(
        (a) =>
          !['providerlist', 'Coupons', 'transactions', 'simplifiedtesthome', 'quickTest'].includes(a.path),
      )
      .map((a): [keyof typeof sessions, string, string] => ['erp', `/admin/${a.path}`, a.title]),
    ['owner', '/admin/providerlist', 'Provider'],
    ['owner', '/admin/Coupons', 'Coupons'],
    ['aggregator', '/admin/transactions', 'Provision Licenses'],
    ['quick', '/admin/simplifiedtesthome', 'Quick Test'],
    ['quick', '/admin/quickTest', 'Quick Test Wizard'],
  ];

  // one layout per session, the areas opened one after the other (a mount per area cost ~1.5 s each)
  const users = [...new Set(open.map(([user]) => user))];
  it.each(users)('%s opens each of its menu areas and hidden editors with its title', async (user) => {
    const areas = open.filter(([u]) => u === user);
    const { router } = await renderLayout(sessions[user](), areas[0]?.[1]);
    for (const [, url, name] of areas) {
      await router.navigate(url);
      await expect.element(title()).toHaveTextContent(name);
      const main = page.getByRole('main');
      await expect.element(main.getByText(name === 'PYQ' ? 'PYQ' : `the ${name} screen`)).toBeVisible();
      expect(document.querySelector('main')?.textContent, url).not.toContain(
        'not available for your account',
      );
    }
  });

  it('an area not built yet shows the placeholder with its title', async () => {
    await renderLayout(sessions.erp(), '/admin/pyq');
    await expect.element(page.getByTestId('page-title')).toHaveTextContent('PYQ');
    await expect.element(page.getByText('This area arrives with a later release')).toBeVisible();
  });

  it('a menu area outside the user menu says it is not available', async () => {
    await renderLayout(sessions.readonly(), '/admin/Coupons');
    await expect.element(page.getByText('This page is not available for your account.')).toBeVisible();
    await expect.element(page.getByText('Ask your administrator if you need access.')).toBeVisible();
    expect(document.querySelector('main')?.textContent).not.toContain('the Coupons screen');
  });
});

describe('AdminLayout: the sidebar', () => {
  it('clicking a menu link navigates and highlights it; groups open and close with the keyboard', async () => {
    const { router } = await renderLayout(sessions.erp());
    const group = nav().getByRole('button', { name: 'Manage Counselling' });
    await expect.element(group).toHaveAttribute('aria-expanded', 'false');
    (group.element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(group).toHaveAttribute('aria-expanded', 'true');
    await nav().getByRole('link', { name: 'Students' }).click();
    expect(router.state.location.pathname).toBe('/admin/users');
    await expect
      .element(nav().getByRole('link', { name: 'Students' }))
      .toHaveAttribute('aria-current', 'page');
    await expect.element(title()).toHaveTextContent('Students');
    (group.element() as HTMLElement).focus();
    await userEvent.keyboard(' ');
    await expect.element(group).toHaveAttribute('aria-expanded', 'false');
  });

  it('every link of the sidebar opens its area with its title and is marked as the current page', async () => {
    const session = sessions.owner();
    const { router } = await renderLayout(session);
    await expect.element(nav().getByText('Dashboard')).toBeVisible();
    for (const g of document.querySelectorAll<HTMLElement>('nav [data-menu-key][aria-expanded="false"]'))
      g.click();
    const expected = visibleMenu(menuContextOf(session)).flatMap((e) => (isMenuGroup(e) ? e.items : [e]));
    await expect.poll(() => document.querySelectorAll('nav a[data-menu-key]').length).toBe(expected.length);
    const links = [...document.querySelectorAll<HTMLAnchorElement>('nav a[data-menu-key]')].map((a) => ({
      label: a.textContent?.trim(),
      path: a.getAttribute('href'),
    }));
    expect(links).toEqual(expected.map(({ label, path }) => ({ label, path })));
    expect(links.length).toBeGreaterThan(8);
    for (const item of expected) {
      await nav().getByRole('link', { name: item.label, exact: true }).click();
      expect(router.state.location.pathname).toBe(item.path);
      await expect
        .element(nav().getByRole('link', { name: item.label, exact: true }))
        .toHaveAttribute('aria-current', 'page');
      const area = adminAreas.find((a) => `/admin/${a.path}` === item.path);
      await expect.element(title()).toHaveTextContent(area?.title ?? 'Dashboard');
    }
  });

  it('mini mode narrows the sidebar from 260 to 80 px and it expands while hovered', async () => {
    await renderLayout(sessions.erp());
    expect(navWidth()).toBe(260);
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await userEvent.unhover(nav());
    await expect.poll(navWidth).toBe(80);
    expect(localStorage.length).toBeGreaterThan(0);
    await userEvent.hover(nav());
    await expect.poll(navWidth).toBe(260);
    await userEvent.unhover(nav());
    await expect.poll(navWidth).toBe(80);
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await userEvent.unhover(page.getByRole('main'));
    await expect.poll(navWidth).toBe(260);
  });
});

describe('AdminLayout: on a phone', () => {
  it('below 960 px the top bar opens the menu in a drawer, which a link closes (moved from e2e/shell.e2e.ts)', async () => {
    await page.viewport(400, 800);
    const session = sessions.erp();
    const { router } = await renderLayout(session);
    expect(nav().query()).toBeNull();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.element(nav().getByRole('link', { name: 'Dashboard' })).toBeVisible();
    expect(shownLabels()).toEqual(flatten(visibleMenu(menuContextOf(session))));
    await nav().getByRole('button', { name: 'Manage Tests' }).click();
    await nav().getByRole('link', { name: 'Test Series' }).click();
    expect(router.state.location.pathname).toBe('/admin/testSeries');
    await expect.element(title()).toHaveTextContent('Test Series');
    await expect.element(nav()).not.toBeInTheDocument();
    await page.viewport(1366, 768);
  });
});

describe('AdminLayout: the top bar', () => {
  const profile = providerProfile();
  const fakeProfile = () =>
    fakeApi
      .on(ae.provider, () => profile)
      .on(ae.providerEmailExists, () => ({ exists: false }))
      .on(ae.providerMobileExists, () => ({ exists: false }));
  const openProfileItem = async (item: 'Profile' | 'Change password') => {
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: item }).click();
  };

  /** Signs `session` in to the layout and opens Edit provider from the profile menu once it has loaded. */
  const openEditProvider = async (session: Session) => {
    fakeProfile();
    await renderLayout(session);
    await openProfileItem('Profile');
    const edit = page.getByRole('dialog', { name: 'Edit provider' });
    await expect.element(edit.getByLabelText(/^Name/)).toHaveValue('Demo ERP Institute');
    return edit;
  };

  it('the profile menu opens Edit provider and Change Password', async () => {
    const edit = await openEditProvider(sessions.erp());
    await expect.element(edit.getByRole('button', { name: 'Update Profile' })).toBeVisible();
    await edit.getByRole('button', { name: 'Close' }).first().click();
    await expect.element(edit).not.toBeInTheDocument();
    await openProfileItem('Change password');
    const password = page.getByRole('dialog', { name: 'Change Password' });
    await expect.element(password).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(password).not.toBeInTheDocument();
  });

  it('HideUpdateProfile (read only) hides the Update Profile button of Edit provider', async () => {
    const edit = await openEditProvider(sessions.readonly());
    expect(edit.getByRole('button', { name: 'Update Profile' }).query()).toBeNull();
  });

  it('the trial toggle shows on the dashboard for package 4 only and toggles the trial alert', async () => {
    fakeApi.on(ae.trial, () => ({
      packageId: 4,
      validTo: '2026-12-31T18:29:59Z',
      daysRemaining: 3,
      supportContact: 'support@example.com',
    }));
    await renderLayout(sessions.trial());
    const toggle = page.getByRole('button', { name: 'Trial info' });
    await expect.element(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(page.getByTestId('trial-alert').query()).toBeNull();
    await toggle.click();
    await expect.element(page.getByTestId('trial-alert')).toBeVisible();
    await expect.element(page.getByRole('dialog', { name: 'Welcome to your trial' })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Skip' }).click();
    await expect.element(page.getByTestId('trial-alert')).not.toBeInTheDocument();
    await nav().getByRole('button', { name: 'Manage Tests' }).click();
    await nav().getByRole('link', { name: 'Test Series' }).click();
    await expect.element(title()).toHaveTextContent('Test Series');
    expect(toggle.query()).toBeNull();
  });

  it('a trial session with the trial-alert flag opens the quick tour on the dashboard at once (from e2e/dashboard.e2e.ts)', async () => {
    fakeApi.on(ae.trial, () => ({
      packageId: 4,
      validTo: '2026-12-31T18:29:59Z',
      daysRemaining: 5,
      supportContact: 'support@example.com',
    }));
    await renderLayout({ ...sessions.trial(), trialAlert: true });
    const tour = page.getByRole('dialog', { name: 'Welcome to your trial' });
    await expect.element(tour.getByTestId('trial-days')).toHaveTextContent('Your trial ends in 5 days.');
    await expect
      .element(page.getByRole('button', { name: 'Trial info' }))
      .toHaveAttribute('aria-pressed', 'true');
  });

  it('another package shows no trial toggle on the dashboard, and staff see no push control', async () => {
    await renderLayout(sessions.erp());
    await expect.element(page.getByRole('heading', { name: 'Welcome, Erp' })).toBeVisible();
    expect(page.getByRole('button', { name: 'Trial info' }).query()).toBeNull();
    expect(page.getByRole('button', { name: pushMessages.turnOn }).query()).toBeNull();
    // (moved from e2e/push.e2e.ts; PushOptIn renders nothing for anyone but a student)
    await renderApp(<PushOptIn />, { session: sessions.erp() });
    expect(document.querySelector('[data-push-state]')).toBeNull();
  });
});

describe('AdminLayout: loading', () => {
  it.each([
    ['desktop', 1366, 768],
    ['phone', 400, 800],
  ])('while the session loads, the signed-in frame shows as a skeleton (%s)', async (_, width, height) => {
    await page.viewport(width, height);
    let release = (_s: Session) => {};
    fakeApi.on(authEndpoints.session, () => new Promise<Session>((r) => (release = r)));
    const { client } = await renderLayout(sessions.erp(), '/admin/users');
    void client.resetQueries({ queryKey: authKeys.session });
    const skeleton = page.getByRole('status').filter({ hasText: 'Checking your session' });
    await expect.element(skeleton).toBeVisible();
    release(sessions.erp());
    await expect.element(title()).toHaveTextContent('Students');
    await expect.element(skeleton).not.toBeInTheDocument();
    await page.viewport(1366, 768);
  });
});
