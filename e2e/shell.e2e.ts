import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkA11y, shot, signIn, url, useBrowser, waitForPath } from './support/browser';
import { expectedMenuLabels, expectedMenuLinks, menuLabels, topBarTitle } from './support/console';

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

/**
 * Whether an area shows its own screen or the placeholder changes as areas are built (their own tests
 * check their pages), so the shell checks only what it owns: the route, its title and the main region.
 */
async function expectArea(page: Page, path: string, title: string) {
  await page.goto(url(path));
  // A first visit paints once the layout's and the page's code have loaded: slow on a busy machine.
  await page.getByTestId('topbar-title').waitFor({ timeout: 30_000 });
  expect(await topBarTitle(page)).toBe(title);
  const main = page.locator('main#main-content');
  await main.locator(':scope > *').first().waitFor();
  for (const text of ['This page is not available for your account.', 'Page not found']) {
    expect(await main.getByText(text).count(), `${path} shows "${text}"`).toBe(0);
  }
}

describe('admin layout', () => {
  const s = useBrowser();

  it.each(areas)('%s (a menu area or a hidden editor) renders its title %s', async (path, title) => {
    const { page } = s;
    await signIn(page, 'erp@example.com');
    await expectArea(page, path, title);
    await shot(page, `area${path.replaceAll('/', '-')}`);
  });

  it('an area not built yet shows the placeholder with its title', async () => {
    const { page } = s;
    await signIn(page, 'erp@example.com');
    await page.goto(url('/admin/pyq'));
    await page.getByTestId('page-title').filter({ hasText: 'PYQ' }).waitFor();
    await page.getByText('This area arrives with a later release').waitFor();
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
        await expectArea(page, path, title);
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

  it('every link of the sidebar opens its area and is marked as the current page', async () => {
    const { page } = s;
    await signIn(page, 'owner@example.com');
    await page.goto(url('/admin/dashboard'));
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    // Open every group, then follow each link the sidebar offers.
    await nav.locator('a[data-menu-key]').first().waitFor();
    const closed = nav.locator('[data-menu-key][aria-expanded="false"]');
    while ((await closed.count()) > 0) await closed.first().click();
    const links = await nav.locator('a[data-menu-key]').evaluateAll((els) =>
      els.map((a) => ({
        key: a.getAttribute('data-menu-key') ?? '',
        label: a.textContent?.trim() ?? '',
        path: a.getAttribute('href') ?? '',
      })),
    );
    expect(links.map(({ label, path }) => ({ label, path }))).toEqual(await expectedMenuLinks(page));
    expect(links.length).toBeGreaterThan(8);
    for (const { key, label, path } of links) {
      await nav.locator(`a[data-menu-key="${key}"]`).click();
      await waitForPath(page, path);
      await nav.locator(`a[data-menu-key="${key}"][aria-current="page"]`).waitFor();
      expect(await topBarTitle(page), label).toBeTruthy();
    }
    await shot(page, 'menu-owner-all-groups-open');
  });

  it('/admin/dashboard has no serious axe violations', async () => {
    const { page } = s;
    await signIn(page, 'erp@example.com');
    await page.goto(url('/admin/dashboard'));
    await page.getByTestId('card-students').waitFor();
    await checkA11y(page);
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

type Box = { x: number; y: number; width: number; height: number };
const box = async (l: Locator): Promise<Box> => {
  const b = await l.boundingBox();
  if (!b) throw new Error(`${l} is not visible`);
  return b;
};
const centreX = (b: Box) => b.x + b.width / 2;

/** Opens /rtl signed in as the ERP admin and waits for the dashboard's cards. */
async function openRtl(page: Page) {
  await signIn(page, 'erp@example.com');
  await page.goto(url('/rtl'));
  await page.getByTestId('card-students').waitFor();
  return page;
}

describe('/rtl (right-to-left demo layout)', () => {
  const s = useBrowser();

  it('mirrors the sidebar, the top bar, the menu icons, the cards and the text fields', async () => {
    const { page } = s;
    await signIn(page, 'erp@example.com');
    await page.goto(url('/rtl'));
    expect(await topBarTitle(page)).toBe('Dashboard');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // MUI's styles of this subtree come from the RTL emotion cache.
    expect(await page.locator('style[data-emotion^="muirtl"]').count()).toBeGreaterThan(0);
    const nav = page.locator('nav[aria-label="Main menu"]');
    const sidebar = await box(nav);
    expect(Math.round(sidebar.x + sidebar.width)).toBe(1366);

    // Top bar: the sidebar toggle at the right end, the account menu at the left end. MUI's physical
    // edge="start" margin (margin-left: -12px) is flipped to the right by the RTL style plugin.
    const toggle = page.getByRole('button', { name: 'Collapse sidebar' });
    const account = page.getByRole('button', { name: /Account menu/ });
    expect((await box(toggle)).x).toBeGreaterThan((await box(account)).x);
    expect(await toggle.evaluate((el) => getComputedStyle(el).marginRight)).toBe('-12px');
    expect(await toggle.evaluate((el) => getComputedStyle(el).marginLeft)).toBe('0px');

    // Menu entries: the icon to the right of the label.
    const entry = nav.locator('a[data-menu-key="dashboard"]');
    expect(centreX(await box(entry.locator('svg')))).toBeGreaterThan(
      centreX(await box(entry.getByText('Dashboard'))),
    );
    // Cards: the first card at the right, its icon to the right of its title.
    const students = page.getByTestId('card-students');
    const interests = page.getByTestId('card-interests');
    expect((await box(students)).x).toBeGreaterThan((await box(interests)).x);
    expect(centreX(await box(students.locator('svg').first()))).toBeGreaterThan(
      centreX(await box(students.getByRole('heading'))),
    );
    await page.getByTestId('chart-classWise').locator('svg').first().waitFor();
    await shot(page, 'rtl');

    // The account menu opens under its button, inside the window.
    await account.click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect((await box(menu)).x).toBeGreaterThanOrEqual(0);
    await shot(page, 'rtl-profile-menu');
    // Text fields (in a dialog, a portal): the label stands at the right edge of its field.
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit provider' });
    const name = dialog.getByRole('textbox', { name: 'Name' });
    await name.waitFor();
    const field = await box(name);
    const label = await box(dialog.locator('label', { hasText: 'Name' }).first());
    expect(label.x + label.width).toBeGreaterThan(field.x + field.width - 40);
    expect(label.x).toBeGreaterThan(field.x + field.width / 2);
    await shot(page, 'rtl-edit-provider');
    await checkA11y(page);
  });

  it('on a phone the drawer opens from the right', async () => {
    const page = await openRtl(await s.open({ viewport: { width: 400, height: 800 } }));
    const open = page.getByRole('button', { name: 'Open menu' });
    expect((await box(open)).x).toBeGreaterThan(200);
    await shot(page, 'rtl-mobile');
    await open.click();
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    // Wait for the slide to finish: the drawer's paper ends at the right edge.
    await page.waitForFunction(() => {
      const r = document.querySelector('nav[aria-label="Main menu"]')?.getBoundingClientRect();
      return r !== undefined && Math.round(r.right) === 400;
    });
    await shot(page, 'rtl-mobile-drawer');
  });

  it('the rest of the console stays left to right after a visit of /rtl', async () => {
    const page = await openRtl(s.page);
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await waitForPath(page, '/admin/dashboard');
    // The URL changes before the new layout commits (router transitions): wait for the commit.
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');
    const nav = await box(page.locator('nav[aria-label="Main menu"]'));
    expect(nav.x).toBe(0);
    const toggle = page.getByRole('button', { name: 'Collapse sidebar' });
    expect(await toggle.evaluate((el) => getComputedStyle(el).marginLeft)).toBe('-12px');
  });
});

describe('loading', () => {
  const s = useBrowser();

  it('while the session loads, the signed-in frame shows as a skeleton (desktop and phone)', async () => {
    for (const viewport of [undefined, { width: 400, height: 800 }]) {
      const page = await s.open(viewport ? { viewport } : {});
      await signIn(page, 'erp@example.com');
      // Hold the session answer until the skeleton has been looked at.
      let release = () => {};
      const held = new Promise<void>((r) => {
        release = r;
      });
      await page.route('**/api/auth/session', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(url('/admin/users'));
      const skeleton = page.getByRole('status').filter({ hasText: 'Checking your session' });
      await skeleton.waitFor();
      await shot(page, `shell-loading${viewport ? '-mobile' : ''}`);
      release();
      expect(await topBarTitle(page)).toBe('Students');
      await skeleton.waitFor({ state: 'detached' });
    }
  });
});
