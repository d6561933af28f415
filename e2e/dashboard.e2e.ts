// The admin dashboard through the real server (part 1 §2 "Dashboard", part 3 §2 "Admin dashboard"; issue 24):
// one look per demo role (ERP, quick tests, aggregator, trial with the quick tour) and the phone layout. The
// cards per role and package, each card's page, the trending table's rows and empty state, the loading
// skeleton, the empty answer and axe are DashboardPage.browser.test.tsx; the tour's steps are
// QuickTourDialog.browser.test.tsx; the server's rules are dashboard*.int.test.ts.
import { type Dashboard, dashboardSchema } from '@assess/contracts/dashboard';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot, signIn, url, useBrowser, waitForPath } from './support/browser';

const isDashboard = (u: string | URL) => new URL(u).pathname === '/api/dashboard';

/**
 * Opens /admin/dashboard and returns the answer the page itself received, so the test compares the page
 * with the data it drew (whatever other tests did to the demo data before).
 */
async function openDashboard(page: Page): Promise<Dashboard> {
  const answer = page.waitForResponse((r) => isDashboard(r.url()) && r.request().method() === 'GET');
  await page.goto(url('/admin/dashboard'));
  return dashboardSchema.parse(await (await answer).json());
}

/** The card's figure as the page shows it, once drawn. */
async function figureOf(page: Page, id: string) {
  const figure = page.getByTestId(`card-${id}`).locator('p').first();
  await figure.waitFor();
  return (await figure.textContent())?.replace(/,/g, '');
}
const countOf = (data: Dashboard, id: string) => {
  const w = data.widgets.find((x) => x.id === id);
  return w?.kind === 'count' ? String(w.count) : undefined;
};
const cardIds = (page: Page) =>
  page.locator('[data-testid^="card-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));

describe('dashboard (/admin/dashboard)', () => {
  const s = useBrowser();

  it('ERP: Test Series, Tests, Questions, Students with the server’s counts, the charts and Trending Test Series; Tests leads to the tests list', async () => {
    const { page } = s;
    await signIn(page, 'erp@example.com');
    const data = await openDashboard(page);
    for (const id of ['testSeries', 'tests', 'questions', 'students'])
      expect(await figureOf(page, id)).toBe(countOf(data, id));
    expect((await cardIds(page)).slice(0, 4)).toEqual([
      'card-testSeries',
      'card-tests',
      'card-questions',
      'card-students',
    ]);
    await page.getByTestId('chart-classWise').locator('svg').first().waitFor();
    await page.getByRole('heading', { name: 'Trending Test Series' }).waitFor();
    await shot(page, 'dashboard-erp');
    await page.getByTestId('card-tests').getByRole('link').click();
    await waitForPath(page, '/admin/testhome');
  });

  it('quick tests: the Quick Tests card leads to the quick test home', async () => {
    const { page } = s;
    await signIn(page, 'quick@example.com');
    const data = await openDashboard(page);
    expect(await figureOf(page, 'quickTests')).toBe(countOf(data, 'quickTests'));
    expect(await page.getByTestId('card-tests').count()).toBe(0);
    await page.getByTestId('card-quickTests').getByRole('link').click();
    await waitForPath(page, '/admin/simplifiedtesthome');
  });

  it('aggregator (role 7): Providers, Products, Provision Licenses, Assigned Licenses; Products opens its Subscriptions', async () => {
    const { page } = s;
    await signIn(page, 'aggregator@example.com');
    const data = await openDashboard(page);
    const ids = ['providers', 'products', 'provisionLicenses', 'assignedLicenses'];
    for (const id of ids) expect(await figureOf(page, id)).toBe(countOf(data, id));
    expect((await cardIds(page)).slice(0, 4)).toEqual(ids.map((id) => `card-${id}`));
    await shot(page, 'dashboard-aggregator');
    await page.getByTestId('card-products').getByRole('button').click();
    const dialog = page.getByRole('dialog', { name: 'Subscriptions: Demo Aggregator' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('trial: the quick tour walks its six steps to Finish', async () => {
    const { page } = s;
    await signIn(page, 'trial@example.com');
    await openDashboard(page);
    const tour = page.getByTestId('quick-tour');
    await tour.getByTestId('trial-days').waitFor();
    expect(await tour.getByTestId('trial-days').textContent()).toMatch(/^Your trial ends in \d+ days?\.$/);
    await page.getByTestId('card-testSeries').waitFor();
    await shot(page, 'dashboard-trial-tour');
    for (const title of ['Questions', 'Tests', 'Test Series', 'Students', 'Analytics']) {
      await tour.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('dialog', { name: title }).waitFor();
    }
    await tour.getByRole('button', { name: 'Finish' }).click();
    await tour.waitFor({ state: 'detached' });
  });

  it('is readable on a phone', async () => {
    const page = await s.open({ viewport: { width: 390, height: 844 } });
    await signIn(page, 'erp@example.com');
    await openDashboard(page);
    await page.getByTestId('chart-topInterest').locator('svg').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'dashboard-erp-mobile');
  });
});
