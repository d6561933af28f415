import { type Dashboard, type DashboardWidget, dashboardSchema } from '@assess/contracts/dashboard';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkA11y, shot, signIn, url, useBrowser, waitForPath } from './support/browser';

const WAIT = { timeout: 10_000 };
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

/** Holds GET /api/dashboard until release() is called (no fixed waits: the test decides when). */
async function holdDashboard(page: Page) {
  let release = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route(isDashboard, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const count = (data: Dashboard, id: 'students' | 'interests') => {
  const w = data.widgets.find((x) => x.id === id);
  return w?.kind === 'count' ? w.count : -1;
};

describe('dashboard (/admin/dashboard)', () => {
  const s = useBrowser();

  it('shows the three cards and four charts of the demo ERP provider', async () => {
    const { page } = s;
    await signIn(page, 'erp@example.com');
    const data = await openDashboard(page);
    expect(count(data, 'students')).toBeGreaterThan(0);
    const students = page.getByTestId('card-students');
    await expect.poll(() => students.textContent(), WAIT).toContain(String(count(data, 'students')));
    expect(await students.textContent()).toContain('Updated');
    await expect
      .poll(() => page.getByTestId('card-interests').textContent(), WAIT)
      .toContain(String(count(data, 'interests')));
    const messages = page.getByTestId('card-messages');
    expect(await messages.textContent()).toMatch(/Scheduled/);
    expect(await messages.textContent()).toMatch(/Delivered/);
    for (const [id, title] of [
      ['classWise', 'Class wise Admissions'],
      ['cityWise', 'City wise Admissions'],
      ['stateWise', 'State wise Admissions'],
      ['topInterest', 'Interest of Student'],
    ]) {
      const chart = page.getByTestId(`chart-${id}`);
      await chart.getByRole('heading', { name: title }).waitFor();
      // bars are drawn (one per label)
      const w = data.widgets.find((x) => x.id === id);
      const labels = w?.kind === 'chart' ? w.lable : [];
      expect(labels.length).toBeGreaterThan(0);
      await chart.getByText(labels[0], { exact: true }).first().waitFor();
      await expect
        .poll(() => chart.locator('svg rect, svg path').count(), WAIT)
        .toBeGreaterThan(labels.length - 1);
    }
    expect(await page.getByTestId('skeleton').count()).toBe(0);
    await shot(page, 'dashboard-erp');
  });

  it('while the data loads, skeletons of the cards and charts hold their places', async () => {
    const { page } = s;
    await signIn(page, 'erp@example.com');
    const release = await holdDashboard(page);
    await page.goto(url('/admin/dashboard'));
    const skeleton = page.getByRole('status').filter({ hasText: 'Loading the dashboard' });
    await skeleton.waitFor();
    await page.getByText(/^Welcome/).waitFor();
    expect(await page.getByTestId('card-students').count()).toBe(0);
    expect(await page.getByText('Data not found').count()).toBe(0);
    // One shape per card and chart the user gets, laid out like the loaded page.
    const cards = skeleton.locator('.MuiPaper-root');
    const shapes = await cards.count();
    expect(shapes).toBeGreaterThanOrEqual(7);
    // The cards come first, then the four charts.
    const [first, firstChart] = [await cards.nth(0).boundingBox(), await cards.nth(shapes - 4).boundingBox()];
    await shot(page, 'dashboard-loading');
    release();
    await page.getByTestId('card-students').waitFor();
    await skeleton.waitFor({ state: 'detached' });
    expect(await page.locator('[data-testid^="card-"], [data-testid^="chart-"]').count()).toBe(shapes);
    // The loaded cards and charts start where their skeletons were (within a few pixels).
    const shift = async (testId: string, before: { y: number } | null) =>
      Math.abs(((await page.getByTestId(testId).boundingBox())?.y ?? 0) - (before?.y ?? -100));
    expect(await shift('card-students', first)).toBeLessThanOrEqual(4);
    expect(await shift('chart-classWise', firstChart)).toBeLessThanOrEqual(8);
  });

  it('the cards lead to their pages', async () => {
    const { page } = s;
    await signIn(page, 'erp@example.com');
    await page.goto(url('/admin/dashboard'));
    await page.getByTestId('card-interests').getByRole('link').click();
    await waitForPath(page, '/admin/Configuration');
    await page.goBack();
    await page.getByTestId('card-messages').getByRole('link').click();
    await waitForPath(page, '/admin/notifications');
    await page.goBack();
    await page.getByTestId('card-students').getByRole('link').click();
    await waitForPath(page, '/admin/users');
  });

  it('is readable on a phone, loading and loaded', async () => {
    const page = await s.open({ viewport: { width: 390, height: 844 } });
    await signIn(page, 'erp@example.com');
    const release = await holdDashboard(page);
    await page.goto(url('/admin/dashboard'));
    await page.getByRole('status').filter({ hasText: 'Loading the dashboard' }).waitFor();
    await shot(page, 'dashboard-loading-mobile');
    release();
    await page.getByTestId('chart-topInterest').locator('svg').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'dashboard-erp-mobile');
  });

  it('an answer without students shows zeros and the empty state of the charts', async () => {
    const { page } = s;
    await signIn(page, 'erp@example.com');
    // The page's own answer, emptied: no demo provider has to stay without students for this test.
    await page.route(isDashboard, async (route) => {
      const real = dashboardSchema.parse(await (await route.fetch()).json());
      const empty = (w: DashboardWidget): DashboardWidget =>
        w.kind === 'count'
          ? { ...w, count: 0 }
          : w.kind === 'messages'
            ? { ...w, scheduledCount: 0, deliveredCount: 0 }
            : { ...w, lable: [], values: [] };
      await route.fulfill({ json: { ...real, widgets: real.widgets.map(empty) } });
    });
    await page.goto(url('/admin/dashboard'));
    for (const id of ['classWise', 'cityWise', 'stateWise', 'topInterest']) {
      await page.getByTestId(`chart-${id}`).getByText('Data not found').waitFor();
    }
    const figure = page.getByTestId('card-students').locator('p').first();
    expect(await figure.textContent()).toBe('0');
    await shot(page, 'dashboard-empty');
  });

  it('the widgets follow the privileges: a content publisher gets no cards', async () => {
    const { page } = s;
    await signIn(page, 'partner@example.com');
    await page.goto(url('/admin/dashboard'));
    await page.getByText(/^Welcome/).waitFor();
    expect(await page.getByTestId('card-students').count()).toBe(0);
    expect(await page.getByTestId('chart-classWise').count()).toBe(0);
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Loading the dashboard' }).count())
      .toBe(0);
  });

  it('has no serious axe violations, loaded and loading', async () => {
    const { page } = s;
    await signIn(page, 'erp@example.com');
    await page.goto(url('/admin/dashboard'));
    await page.getByTestId('chart-classWise').locator('svg').first().waitFor();
    await checkA11y(page);

    const loading = await s.open();
    await signIn(loading, 'erp@example.com');
    const release = await holdDashboard(loading);
    await loading.goto(url('/admin/dashboard'));
    await loading.getByRole('status').filter({ hasText: 'Loading the dashboard' }).waitFor();
    await checkA11y(loading);
    release();
  });
});
