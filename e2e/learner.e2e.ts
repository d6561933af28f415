// The learner pages in the browser (issue 15; part 3 §2 "Learner area", §4 "Learner rules"): student@example.com
// on a phone sees the dashboard counts (as the API answers them), the Assigned Tests with the demo's completed
// attempt of 'Demo Published Test' (1 attempt allowed: 'No More Attempts'; View Assessment opens its
// evaluation), Take Test opening the welcome page
// without starting an attempt, the series cards and a series' tests.
// axe and a phone screenshot on every page and the dialog. Nothing is written: the demo data has both states.

import { learnerEndpoints as le, learnerMessages as m } from '@assess/contracts/learner';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOf } from './support/api';
import { checkA11y, shot, signIn, url, useBrowser, waitForPath } from './support/browser';

const article = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

describe('learner pages (student@example.com, phone)', () => {
  const s = useBrowser({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  it("dashboard counts, assigned tests with the evaluation and 'No More Attempts', series cards and a series' tests", async () => {
    const { page } = s;
    page.setDefaultTimeout(30_000);
    await signIn(page, 'student@example.com');
    const api = apiOf(page);

    // dashboard: the four counts as the API answers them, the topics table (or its empty state)
    const dash = await api.call(le.dashboard);
    expect(dash.testsCount).toBeGreaterThanOrEqual(2);
    expect(dash.completedCount).toBeGreaterThanOrEqual(1);
    await page.goto(url('/dashboard'));
    for (const key of ['seriesCount', 'testsCount', 'pendingCount', 'completedCount'] as const)
      await page.getByTestId(`learner-card-${key}`).getByText(String(dash[key]), { exact: true }).waitFor();
    const topics = page.getByRole('region', { name: 'Top Scoring Topics' });
    if (dash.topTopics.length) await topics.getByRole('cell', { name: dash.topTopics[0].name }).waitFor();
    else await topics.getByText('Data not found').waitFor();
    await shot(page, 'learner-dashboard-phone');
    await checkA11y(page);

    // Assigned Tests: the demo's used-up test and the open mock test
    await page.getByTestId('learner-card-testsCount').click();
    await waitForPath(page, '/testviewer');
    const pub = article(page, 'Demo Published Test');
    const noMore = pub.getByRole('button', { name: m.noMoreAttempts });
    await noMore.waitFor();
    expect(await noMore.isDisabled()).toBe(true);
    // the attempts as the API counts them: other journeys may add attempts of DEMO-PUB (e2e/omr.e2e.ts scores two
    // paper sheets of this student), so the count is read, not assumed
    const pubRow = (await api.call(le.tests)).find((t) => t.name === 'Demo Published Test');
    expect(pubRow?.attemptNumber).toBeGreaterThanOrEqual(1);
    await pub.getByText(`${pubRow?.attemptNumber} / ${pubRow?.maxAttempts}`, { exact: true }).waitFor();
    await pub.getByText(/^(Passed|Failed)$/).waitFor();
    const mock = article(page, 'Demo Mock Test');
    const take = mock.getByRole('button', { name: /^(Take Test|Resume|No More Attempts)$/ });
    await take.waitFor();
    await shot(page, 'learner-assigned-tests-phone');
    await checkA11y(page);

    // Take Test opens the welcome page (rules, duration, attempts left) and starts nothing (issue 27)
    if ((await take.innerText()) === m.takeTest) {
      const before = (await api.call(le.tests)).find((x) => x.name === 'Demo Mock Test');
      if (!before) throw new Error("no 'Demo Mock Test' among the assigned tests");
      await take.click();
      await waitForPath(page, `/take/${before.testId}`);
      await page.getByRole('button', { name: 'Start' }).waitFor();
      await page
        .getByTestId('welcome-facts')
        .getByText(`${before.maxAttempts - before.attemptNumber} of ${before.maxAttempts}`, { exact: true })
        .waitFor();
      await page.getByTestId('welcome-facts').getByText('30 minutes', { exact: true }).waitFor();
      const after = await api.call(le.tests);
      expect(after.find((x) => x.testId === before.testId)).toMatchObject({
        attemptNumber: before.attemptNumber,
        openAttemptId: null,
      });
      await shot(page, 'learner-welcome-phone');
      await page.goBack();
      await waitForPath(page, '/testviewer');
    }

    // View Assessment → the evaluation of the demo's attempt (its selector, answers and review rules:
    // apps/web/src/features/learner/EvaluationDialog.browser.test.tsx)
    await pub.getByRole('button', { name: m.viewAssessment }).click();
    const dialog = page.getByRole('dialog', { name: 'Evaluation: Demo Published Test' });
    await dialog.getByText(/^Score: /).waitFor();
    await dialog.getByRole('listitem', { name: 'Question 1' }).waitFor();
    await shot(page, 'learner-evaluation-phone');
    await checkA11y(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Test Series cards → a series' tests (the series in the query: a reload keeps it)
    await page.goto(url('/courses'));
    const jee = page.getByRole('article', { name: 'JEE Main Mock Series' });
    await jee.getByText('JEE-M', { exact: true }).waitFor();
    await shot(page, 'learner-series-phone');
    await checkA11y(page);
    await jee.getByRole('link').click();
    await waitForPath(page, '/courseTestViewer');
    expect(new URL(page.url()).searchParams.get('courseId')).toMatch(/^\d+$/);
    await page.reload();
    await page.getByRole('heading', { name: 'JEE Main Mock Series' }).waitFor();
    const inSeries = article(page, 'Demo Published Test');
    await inSeries.getByText('Attempt number').waitFor();
    expect(await inSeries.getByRole('button', { name: m.noMoreAttempts }).isDisabled()).toBe(true);
    // DEMO-READY starts in three days: Take Test is off with the server's reason under it
    const ready = article(page, 'Demo Ready Test');
    await ready.getByText(m.notStarted).waitFor();
    expect(await ready.getByRole('button', { name: m.takeTest }).isDisabled()).toBe(true);
    await shot(page, 'learner-series-tests-phone');
    await checkA11y(page);
  }, 120_000);
});
