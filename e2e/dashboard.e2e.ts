// The admin dashboard through the real server (part 1 §2 "Dashboard", part 3 §2 "Admin dashboard"; issues 23, 24):
// one journey, the ERP's cards with the server's counts and charts, and a card to its page. The cards per role and
// package, each card's page, the trending table's rows and empty state, the loading skeleton, the empty answer,
// the phone width and axe are DashboardPage.browser.test.tsx; the tour's steps are QuickTourDialog.browser.test.tsx;
// the server's rules (the cards' counts per role) are dashboard*.int.test.ts.
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

describe('dashboard (/admin/dashboard)', () => {
  const s = useBrowser();

  it('ERP: Test Series, Tests, Questions, Students with the server’s counts and the charts; Tests leads to the tests list', async () => {
    const { page } = s;
    await signIn(page, 'erp@example.com');
    const data = await openDashboard(page);
    for (const id of ['testSeries', 'tests', 'questions', 'students'])
      expect(await figureOf(page, id)).toBe(countOf(data, id));
    // the cards' order and Trending Test Series: DashboardPage.browser.test.tsx (issue 23)
    await page.getByTestId('chart-classWise').locator('svg').first().waitFor();
    await shot(page, 'dashboard-erp');
    await page.getByTestId('card-tests').getByRole('link').click();
    await waitForPath(page, '/admin/testhome');
  });

  // quick tests (the Quick Tests card second, to the quick test home, no Tests card) and the aggregator (its four
  // cards in order, Products opens its Subscriptions): DashboardPage.browser.test.tsx; their counts per role:
  // apps/api/src/modules/dashboard/dashboard-cards.int.test.ts (issue 23)
  // the trial's quick tour (days left, six steps to Finish): QuickTourDialog.browser.test.tsx; it opening on the
  // trial's dashboard: AdminLayout.browser.test.tsx and e2e/accounts.e2e.ts's registration (issue 23)
  // readable on a phone (no sideways overflow, charts drawn): DashboardPage.browser.test.tsx (issue 23)
});
