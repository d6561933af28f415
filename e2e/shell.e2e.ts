import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkA11y, shot, signIn, url, useBrowser, waitForPath } from './support/browser';
import { expectedMenuLabels, menuLabels, topBarTitle } from './support/console';

// The signed-in shell through the real server (issue 23): one sign-in per demo role (its menu is the one the
// contracts' visibleMenu computes for the session the server answers), the phone drawer and the /rtl layout.
// The layout's menus per role, area titles, not-available page, placeholder, links and groups, mini mode,
// profile menu, trial toggle, session skeleton and axe: apps/web/src/app/layout/AdminLayout.browser.test.tsx.

describe('admin menu by role', () => {
  const s = useBrowser();

  it.each(['erp', 'readonly', 'aggregator', 'owner', 'quick', 'partner'])(
    '%s sees the menu visibleMenu computes for its session',
    async (user) => {
      const { page } = s;
      await signIn(page, `${user}@example.com`);
      await page.goto(url('/admin'));
      await waitForPath(page, '/admin/dashboard');
      expect(await menuLabels(page)).toEqual(await expectedMenuLabels(page));
      await shot(page, `menu-${user}`);
    },
  );

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
    // Cards: the first card at the right of the second, its icon to the right of its title.
    const cards = page.locator('[data-testid^="card-"]');
    const first = cards.nth(0);
    expect((await box(first)).x).toBeGreaterThan((await box(cards.nth(1))).x);
    expect(centreX(await box(first.locator('svg').first()))).toBeGreaterThan(
      centreX(await box(first.getByRole('heading'))),
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
