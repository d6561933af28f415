// The learner area's pages (part 3 §2 "Learner area", §4 learner rules; issue 23): the dashboard's four counts
// and Top Scoring Topics, the assigned tests, the series cards and a series' tests, each with its empty state, and
// axe on each page (the browser journeys' page-level scans are the opt-in visual run's). Taking a test through the
// real server stays in e2e/learner.e2e.ts and e2e/player.e2e.ts.
import { commonMessages } from '@assess/contracts/common';
import { learnerEndpoints as le, learnerMessages as m } from '@assess/contracts/learner';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { TOUCH_PX } from '../../components/touch';
import { fakeApi } from '../../test/fakeApi';
import { assignedTest } from '../../test/player';
import { checkA11y, renderApp } from '../../test/render';
import { studentSession } from '../../test/session';
import { AssignedTestsPage } from './AssignedTestsPage';
import { LearnerDashboardPage } from './LearnerDashboardPage';
import { SeriesCardsPage } from './SeriesCardsPage';
import { SeriesTestsPage } from './SeriesTestsPage';
import { emptyTexts } from './takeTest';

const student = { session: studentSession() };

afterEach(async () => {
  await page.viewport(1366, 768);
});

describe('the learner pages', () => {
  it('the dashboard: four counts linking to their pages, then the top scoring topics (or none)', async () => {
    fakeApi.on(le.dashboard, () => ({
      seriesCount: 2,
      testsCount: 5,
      pendingCount: 3,
      completedCount: 1,
      topTopics: [{ topicId: 7, name: 'Algebra', percent: 83.333, questionsAnswered: 12 }],
    }));
    await renderApp(<LearnerDashboardPage />, { ...student, path: '/dashboard' });
    const card = (key: string) => page.getByTestId(`learner-card-${key}`);
    await expect.element(card('seriesCount')).toHaveTextContent('Test Series2');
    await expect.element(card('testsCount')).toHaveTextContent('Tests5');
    await expect.element(card('pendingCount')).toHaveTextContent('Pending3');
    await expect.element(card('completedCount')).toHaveTextContent('Completed1');
    await expect.element(card('seriesCount').getByRole('link')).toHaveAttribute('href', '/courses');
    await expect.element(card('pendingCount').getByRole('link')).toHaveAttribute('href', '/testviewer');
    const topics = page.getByRole('table', { name: 'Top Scoring Topics' });
    await expect.element(topics.getByRole('row', { name: 'Algebra 83.3% 12' })).toBeVisible();
    await checkA11y();
  });

  it('the dashboard without attempts says so under Top Scoring Topics', async () => {
    fakeApi.on(le.dashboard, () => ({
      seriesCount: 0,
      testsCount: 0,
      pendingCount: 0,
      completedCount: 0,
      topTopics: [],
    }));
    await renderApp(<LearnerDashboardPage />, { ...student, path: '/dashboard' });
    const section = page.getByRole('region', { name: 'Top Scoring Topics' });
    await expect.element(section.getByText(commonMessages.dataNotFound)).toBeVisible();
    await expect.element(section.getByText(emptyTexts.topics)).toBeVisible();
    await checkA11y();
  });

  it('the assigned tests: one card each with its action, every button a 44 px touch target', async () => {
    fakeApi.on(le.tests, () => [
      assignedTest(1, { objective: 'Practice', maxAttempts: 2 }),
      assignedTest(2, { attemptNumber: 1, maxAttempts: 2, openAttemptId: 9 }),
    ]);
    await page.viewport(390, 844);
    await renderApp(<AssignedTestsPage />, { ...student, path: '/testviewer' });
    await expect.element(page.getByRole('article', { name: 'Mock 2' })).toBeVisible();
    const buttons = page.getByRole('button').elements();
    expect(buttons).toHaveLength(4); // Take Test, View Assessment; Resume, View Assessment
    for (const b of buttons)
      expect(b.getBoundingClientRect().height, b.textContent ?? '').toBeGreaterThanOrEqual(TOUCH_PX);
    await expect
      .element(page.getByRole('article', { name: 'Mock 1' }).getByRole('button', { name: m.takeTest }))
      .toBeEnabled();
    await expect
      .element(page.getByRole('article', { name: 'Mock 2' }).getByRole('button', { name: 'Resume' }))
      .toBeEnabled();
    await checkA11y();
  });

  it('no assigned test: the empty state', async () => {
    fakeApi.on(le.tests, () => []);
    await renderApp(<AssignedTestsPage />, { ...student, path: '/testviewer' });
    await expect.element(page.getByText(commonMessages.dataNotFound)).toBeVisible();
    await expect.element(page.getByText(emptyTexts.tests)).toBeVisible();
  });

  it('no series, or a series without tests: the empty state says what would be here', async () => {
    fakeApi.on(le.series, () => []);
    await renderApp(<SeriesCardsPage />, { ...student, path: '/courses' });
    await expect.element(page.getByText(emptyTexts.series)).toBeVisible();
    fakeApi.on(le.seriesTests, ({ params }) => ({
      courseId: params.courseId,
      code: 'JEE-M',
      name: 'JEE Main Series',
      tests: [],
    }));
    await renderApp(<SeriesTestsPage />, {
      ...student,
      path: '/courseTestViewer',
      url: '/courseTestViewer?courseId=4',
    });
    await expect.element(page.getByText(emptyTexts.seriesTests)).toBeVisible();
    const back = page.getByRole('link', { name: 'Test Series' });
    expect(back.element().getBoundingClientRect().height).toBeGreaterThanOrEqual(TOUCH_PX);
  });

  it('the series cards open their tests; a series lists its tests with the way back', async () => {
    fakeApi.on(le.series, () => [
      {
        courseId: 4,
        code: 'JEE-M',
        name: 'JEE Main Series',
        description: 'Ten mocks',
        imageUrl: null,
        testsCount: 3,
      },
    ]);
    await renderApp(<SeriesCardsPage />, { ...student, path: '/courses' });
    const cardLink = page.getByRole('link', { name: /JEE Main Series/ });
    await expect.element(cardLink).toHaveAttribute('href', '/courseTestViewer?courseId=4');
    await checkA11y();

    fakeApi.on(le.seriesTests, ({ params }) => ({
      courseId: params.courseId,
      code: 'JEE-M',
      name: 'JEE Main Series',
      tests: [{ ...assignedTest(11), testSubscriptionStatus: 1 }],
    }));
    await renderApp(<SeriesTestsPage />, {
      ...student,
      path: '/courseTestViewer',
      url: '/courseTestViewer?courseId=4',
    });
    await expect.element(page.getByRole('heading', { name: 'JEE Main Series' })).toBeVisible();
    await expect.element(page.getByRole('article', { name: 'Mock 11' })).toBeVisible();
    await expect.element(page.getByRole('link', { name: 'Test Series' })).toHaveAttribute('href', '/courses');
    await checkA11y();
  });

  it('a series address without a series id shows the empty state and asks nothing', async () => {
    await renderApp(<SeriesTestsPage />, {
      ...student,
      path: '/courseTestViewer',
      url: '/courseTestViewer?courseId=x',
    });
    await expect.element(page.getByText(commonMessages.dataNotFound)).toBeVisible();
    await expect.element(page.getByText(emptyTexts.noSeries)).toBeVisible();
    expect(fakeApi.calls).toEqual([]);
  });
});
