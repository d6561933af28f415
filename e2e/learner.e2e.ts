// The learner pages in the browser (issue 15; part 3 §2 "Learner area", §4 "Learner rules"): student@example.com
// on a phone sees the dashboard counts (as the API answers them), the Assigned Tests with the demo's completed
// attempt of 'Demo Published Test' (View Assessment opens its evaluation), the series cards and a series' tests.
// axe and a phone screenshot on every page and the dialog. Nothing is written: the demo data has both states.
// Moved down (issue 23): the cards' states ('No More Attempts', the attempts, Passed/Failed, a refused start with
// its reason: TestCard.browser.test.tsx; the server's: apps/api/src/modules/learner/learner-lists.int.test.ts);
// Take Test opening the welcome page and starting nothing (TestCard.browser.test.tsx; on the real server:
// e2e/player.e2e.ts and learner-review.int.test.ts); the series in the address (LearnerPages.browser.test.tsx).

import { learnerEndpoints as le, learnerMessages as m } from '@assess/contracts/learner';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOf } from './support/api';
import { checkA11y, shot, signIn, url, useBrowser, waitForPath } from './support/browser';

const article = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

describe('learner pages (student@example.com, phone)', () => {
  const s = useBrowser({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  it("dashboard counts, assigned tests with the evaluation, series cards and a series' tests", async () => {
    const { page } = s;
    page.setDefaultTimeout(30_000);
    await signIn(page, 'student@example.com');
    const api = apiOf(page);

    // dashboard: the four counts as the API answers them (the topics table and its empty state:
    // LearnerPages.browser.test.tsx)
    const dash = await api.call(le.dashboard);
    expect(dash.testsCount).toBeGreaterThanOrEqual(2);
    expect(dash.completedCount).toBeGreaterThanOrEqual(1);
    await page.goto(url('/dashboard'));
    for (const key of ['seriesCount', 'testsCount', 'pendingCount', 'completedCount'] as const)
      await page.getByTestId(`learner-card-${key}`).getByText(String(dash[key]), { exact: true }).waitFor();
    await shot(page, 'learner-dashboard-phone');
    await checkA11y(page);

    // Assigned Tests: the demo's used-up test and the open mock test ('No More Attempts', the attempts and the
    // result on a card: TestCard.browser.test.tsx; the API's: learner-lists.int.test.ts)
    await page.getByTestId('learner-card-testsCount').click();
    await waitForPath(page, '/testviewer');
    const pub = article(page, 'Demo Published Test');
    await pub.getByRole('button', { name: m.noMoreAttempts }).waitFor();
    await article(page, 'Demo Mock Test').waitFor();
    await shot(page, 'learner-assigned-tests-phone');
    await checkA11y(page);
    // Take Test opens the welcome page and starts nothing: TestCard.browser.test.tsx, e2e/player.e2e.ts (issue 23)

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

    // Test Series cards → a series' tests (the series id in the address: LearnerPages.browser.test.tsx)
    await page.goto(url('/courses'));
    const jee = page.getByRole('article', { name: 'JEE Main Mock Series' });
    await jee.getByText('JEE-M', { exact: true }).waitFor();
    await shot(page, 'learner-series-phone');
    await checkA11y(page);
    await jee.getByRole('link').click();
    await waitForPath(page, '/courseTestViewer');
    await page.getByRole('heading', { name: 'JEE Main Mock Series' }).waitFor();
    await article(page, 'Demo Published Test').waitFor();
    // DEMO-READY (starts in three days): Take Test off with the server's reason, 'No More Attempts' here:
    // TestCard.browser.test.tsx, learner-start.int.test.ts and learner-lists.int.test.ts (issue 23)
    await shot(page, 'learner-series-tests-phone');
    await checkA11y(page);
  }, 120_000);
});
