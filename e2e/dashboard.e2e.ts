import { type Dashboard, dashboardSchema } from '@assess/contracts/dashboard';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkA11y, shot, signIn, url, useBrowser, waitForPath } from './support/browser';

const fetchDashboard = async (page: Page): Promise<Dashboard> =>
  dashboardSchema.parse(await page.evaluate(() => fetch('/api/dashboard').then((r) => r.json())));

const WAIT = { timeout: 10_000 };

describe('dashboard (/admin/dashboard)', () => {
  const s = useBrowser();

  it('shows the three cards and four charts of the demo ERP provider', async () => {
    const { page } = s;
    await signIn(page, 'erp@example.com');
    await page.goto(url('/admin/dashboard'));
    const data = await fetchDashboard(page);
    const count = (id: 'students' | 'interests') => {
      const w = data.widgets.find((x) => x.id === id);
      return w?.kind === 'count' ? w.count : -1;
    };
    expect(count('students')).toBeGreaterThan(0);
    const students = page.getByTestId('card-students');
    await expect.poll(() => students.textContent(), WAIT).toContain(String(count('students')));
    expect(await students.textContent()).toContain('Updated');
    await expect
      .poll(() => page.getByTestId('card-interests').textContent(), WAIT)
      .toContain(String(count('interests')));
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
    await shot(page, 'dashboard-erp');
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

  it('is readable on a phone', async () => {
    const page = await s.open({ viewport: { width: 390, height: 844 } });
    await signIn(page, 'erp@example.com');
    await page.goto(url('/admin/dashboard'));
    await page.getByTestId('chart-topInterest').locator('svg').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'dashboard-erp-mobile');
  });

  it('a provider without students shows the empty state of the charts', async () => {
    const { page } = s;
    await signIn(page, 'quick@example.com');
    await page.goto(url('/admin/dashboard'));
    await page.getByTestId('chart-classWise').getByText('Data not found').waitFor();
    await expect.poll(() => page.getByTestId('card-students').textContent(), WAIT).toContain('0');
    await shot(page, 'dashboard-empty');
  });

  it('the widgets follow the privileges: a content publisher gets no cards', async () => {
    const { page } = s;
    await signIn(page, 'partner@example.com');
    await page.goto(url('/admin/dashboard'));
    await page.getByText(/^Welcome/).waitFor();
    expect(await page.getByTestId('card-students').count()).toBe(0);
    expect(await page.getByTestId('chart-classWise').count()).toBe(0);
  });

  it('has no serious axe violations', async () => {
    const { page } = s;
    await signIn(page, 'erp@example.com');
    await page.goto(url('/admin/dashboard'));
    await page.getByTestId('chart-classWise').locator('svg').first().waitFor();
    await checkA11y(page);
  });
});
