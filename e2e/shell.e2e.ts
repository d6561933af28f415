import { describe, expect, it } from 'vitest';
import { checkA11y, shot, signIn, url, useBrowser, waitForPath } from './support/browser';
import { expectedMenuLabels, menuLabels, topBarTitle } from './support/console';

/** Known labels per demo sign-in (spec part 3 §2 "Menu visibility"), on top of the contracts comparison. */
const roles: { user: string; has: string[]; lacks: string[] }[] = [
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

describe('admin menu by role', () => {
  const s = useBrowser();

  it.each(roles)('$user sees the menu visibleMenu computes for its session', async ({ user, has, lacks }) => {
    const { page } = s;
    await signIn(page, `${user}@example.com`);
    await page.goto(url('/admin'));
    await waitForPath(page, '/admin/dashboard');
    const labels = await menuLabels(page);
    expect(labels).toEqual(await expectedMenuLabels(page));
    for (const l of has) expect(labels).toContain(l);
    for (const l of lacks) expect(labels).not.toContain(l);
    await shot(page, `menu-${user}`);
  });
});

const areas: [string, string][] = [
  ['/admin/testhome', 'Tests'],
  ['/admin/tests', 'Topicwise Test'],
  ['/admin/testSeries', 'Test Series'],
  ['/admin/pyq', 'PYQ'],
  ['/admin/questions', 'Questions'],
  ['/admin/import', 'Categories & Topics'],
  ['/admin/taskManager', 'Task Manager'],
  ['/admin/users', 'Students'],
  ['/admin/notifications', 'Messages'],
  ['/admin/applicationUsers', 'Application Users'],
  ['/admin/Configuration', 'System Configuration'],
  ['/admin/test', 'Test Editor'],
  ['/admin/course', 'Test Series Editor'],
];

/** Areas with their own screen (their own tests check the page); the rest show the placeholder. */
const builtAreas = new Set(['/admin/users', '/admin/notifications', '/admin/Configuration']);

describe('admin layout', () => {
  const s = useBrowser();

  it('every area of the menu (and the hidden editors) renders its title', async () => {
    const { page } = s;
    await signIn(page, 'erp@example.com');
    await page.goto(url('/admin/dashboard'));
    await page.getByTestId('topbar-title').waitFor();
    for (const [path, title] of areas) {
      await page.goto(url(path));
      expect(await topBarTitle(page)).toBe(title);
      if (!builtAreas.has(path)) {
        await page.getByTestId('page-title').filter({ hasText: title }).waitFor();
        await page.getByText('This area arrives with a later release').waitFor();
      }
      await shot(page, `area${path.replaceAll('/', '-')}`);
    }
  });

  it('the owner, the aggregator and the quick-test provider open their own areas', async () => {
    for (const [user, paths] of [
      [
        'owner',
        [
          ['/admin/providerlist', 'Provider'],
          ['/admin/Coupons', 'Coupons'],
        ],
      ],
      ['aggregator', [['/admin/transactions', 'Provision Licenses']]],
      [
        'quick',
        [
          ['/admin/simplifiedtesthome', 'Quick Test'],
          ['/admin/quickTest', 'Quick Test Wizard'],
        ],
      ],
    ] as const) {
      const page = await s.open();
      await signIn(page, `${user}@example.com`);
      for (const [path, title] of paths) {
        await page.goto(url(path));
        expect(await topBarTitle(page)).toBe(title);
        await page.getByTestId('page-title').filter({ hasText: title }).waitFor();
        await shot(page, `area${path.replaceAll('/', '-')}`);
      }
    }
  });

  it('a menu area outside the user menu says it is not available', async () => {
    const { page } = s;
    await signIn(page, 'readonly@example.com');
    await page.goto(url('/admin/Coupons'));
    await page.getByText('This page is not available for your account.').waitFor();
    await shot(page, 'area-not-available');
  });

  it('clicking a menu link navigates and highlights it; groups open and close with the keyboard', async () => {
    const { page } = s;
    await signIn(page, 'erp@example.com');
    await page.goto(url('/admin/dashboard'));
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    const group = nav.getByRole('button', { name: 'Manage Counselling' });
    expect(await group.getAttribute('aria-expanded')).toBe('false');
    await group.focus();
    await page.keyboard.press('Enter');
    expect(await group.getAttribute('aria-expanded')).toBe('true');
    const students = nav.getByRole('link', { name: 'Students' });
    await students.waitFor();
    await students.click();
    await waitForPath(page, '/admin/users');
    await nav.locator('a[aria-current="page"]', { hasText: 'Students' }).waitFor();
    expect(await topBarTitle(page)).toBe('Students');
    await shot(page, 'menu-group-open');
    await group.press('Space');
    expect(await group.getAttribute('aria-expanded')).toBe('false');
  });

  it('mini mode narrows the sidebar to 80 px and it expands while hovered', async () => {
    const { page } = s;
    await signIn(page, 'erp@example.com');
    await page.goto(url('/admin/dashboard'));
    const nav = page.locator('nav[aria-label="Main menu"]');
    const width = async () => Math.round((await nav.boundingBox())?.width ?? 0);
    expect(await width()).toBe(260);
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await page.mouse.move(900, 500);
    await page.waitForFunction(
      () => document.querySelector('nav[aria-label="Main menu"]')?.clientWidth === 80,
    );
    await shot(page, 'sidebar-mini');
    await nav.hover();
    await page.waitForFunction(
      () => document.querySelector('nav[aria-label="Main menu"]')?.clientWidth === 260,
    );
    await shot(page, 'sidebar-mini-hovered');
    await page.mouse.move(900, 500);
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await page.waitForFunction(
      () => document.querySelector('nav[aria-label="Main menu"]')?.clientWidth === 260,
    );
  });

  it('the profile menu opens Edit provider and Change Password', async () => {
    const { page } = s;
    await signIn(page, 'erp@example.com');
    await page.goto(url('/admin/dashboard'));
    await page.getByRole('button', { name: /Account menu/ }).click();
    await shot(page, 'profile-menu');
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    const profile = page.getByRole('dialog', { name: 'Edit provider' });
    await profile.waitFor();
    await profile.getByRole('button', { name: 'Update' }).waitFor();
    await shot(page, 'modal-edit-provider');
    await profile.getByRole('button', { name: 'Close' }).first().click();
    await profile.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    const password = page.getByRole('dialog', { name: 'Change Password' });
    await password.waitFor();
    await shot(page, 'modal-change-password');
    await page.keyboard.press('Escape');
    await password.waitFor({ state: 'hidden' });
  });

  it('HideUpdateProfile (read only) hides the Update button of Edit provider', async () => {
    const { page } = s;
    await signIn(page, 'readonly@example.com');
    await page.goto(url('/admin/dashboard'));
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    const profile = page.getByRole('dialog', { name: 'Edit provider' });
    await profile.waitFor();
    expect(await profile.getByRole('button', { name: 'Update' }).count()).toBe(0);
  });

  it('the trial toggle shows on the dashboard for package 4 only and toggles the trial alert', async () => {
    const { page } = s;
    await signIn(page, 'trial@example.com');
    await page.goto(url('/admin/dashboard'));
    const toggle = page.getByRole('button', { name: 'Trial info' });
    await toggle.waitFor();
    const alertShown = async () => (await page.getByTestId('trial-alert').count()) > 0;
    const before = await alertShown();
    await shot(page, `dashboard-trial-${before ? 'alert' : 'no-alert'}`);
    await toggle.click();
    expect(await alertShown()).toBe(!before);
    await shot(page, `dashboard-trial-${before ? 'no-alert' : 'alert'}`);
    await page.goto(url('/admin/testSeries'));
    await page.getByTestId('topbar-title').waitFor();
    expect(await page.getByRole('button', { name: 'Trial info' }).count()).toBe(0);

    const erp = await s.open();
    await signIn(erp, 'erp@example.com');
    await erp.goto(url('/admin/dashboard'));
    await erp.getByTestId('topbar-title').waitFor();
    expect(await erp.getByRole('button', { name: 'Trial info' }).count()).toBe(0);
  });

  it('the dashboard grid pages the user areas (PagedGrid)', async () => {
    const { page } = s;
    await signIn(page, 'owner@example.com');
    await page.goto(url('/admin/dashboard'));
    const grid = page.getByRole('grid', { name: 'Your areas' });
    await grid.waitFor();
    await page.getByText(/^1–10 of \d+$/).waitFor();
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await page.getByText(/^11–\d+ of \d+$/).waitFor();
    await shot(page, 'dashboard-grid-page-2');
  });

  it('/admin/dashboard has no serious axe violations', async () => {
    const { page } = s;
    await signIn(page, 'erp@example.com');
    await page.goto(url('/admin/dashboard'));
    await page.getByRole('grid', { name: 'Your areas' }).waitFor();
    await checkA11y(page);
  });

  it('/rtl renders the admin layout right to left', async () => {
    const { page } = s;
    await signIn(page, 'erp@example.com');
    await page.goto(url('/rtl'));
    expect(await topBarTitle(page)).toBe('Dashboard');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.locator('[dir="rtl"]').count()).toBeGreaterThan(0);
    const nav = await page.locator('nav[aria-label="Main menu"]').boundingBox();
    expect(Math.round((nav?.x ?? 0) + (nav?.width ?? 0))).toBe(1366);
    await shot(page, 'rtl');
  });

  it('below 960 px the top bar opens the menu in a drawer', async () => {
    const page = await s.open({ viewport: { width: 400, height: 800 } });
    await signIn(page, 'erp@example.com');
    await page.goto(url('/admin/dashboard'));
    await page.getByTestId('topbar-title').waitFor();
    await shot(page, 'mobile-dashboard');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await menuLabels(page)).toEqual(await expectedMenuLabels(page));
    await shot(page, 'mobile-drawer');
    await nav.getByRole('button', { name: 'Manage Tests' }).click();
    await nav.getByRole('link', { name: 'Test Series' }).click();
    await waitForPath(page, '/admin/testSeries');
    await nav.waitFor({ state: 'hidden' });
  });
});
