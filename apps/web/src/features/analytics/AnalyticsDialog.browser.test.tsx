// The analytics dialog (issue 24; part 3 §2, §3): the score distribution and the top five, a top-five student's
// attempt opening the evaluation view (staff reading), the content × execution tree switching and expanding,
// the empty test's message, axe. The browser journey (e2e/analytics.e2e.ts) opens the demo test's analytics
// through the real server once.
import {
  type AnalyticsNode,
  analyticsEndpoints as ae,
  analyticsMessages,
  type TopStudent,
} from '@assess/contracts/analytics';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { fakeApi } from '../../test/fakeApi';
import { wrappedTexts } from '../../test/layout';
import { checkA11y, renderApp } from '../../test/render';
import { AnalyticsDialog } from './AnalyticsDialog';

const names = ['Asha Top', 'Ravi Good', 'Meena Mid', 'Kiran Low', 'Zoya Last'];
const topFive: TopStudent[] = names.map((name, i) => ({
  attemptId: 500 + i,
  userId: 90 + i,
  name,
  score: 10 - i,
  totalScore: 10,
  duration: (12 * 60 + 5 + i) * 1000,
  attemptRate: 100 - i * 10,
  accuracyRate: 90 - i * 10,
}));

const node = (guid: string, name: string, children: AnalyticsNode[] = []): AnalyticsNode => ({
  guid,
  name,
  label: name,
  low: 20,
  average: 55.5,
  top: 90,
  studentCount: 64,
  questionCount: 10,
  subObjectList: children,
});

function fakeAnalytics({ students = 64 } = {}) {
  fakeApi
    .on(ae.chart, () => ({
      testName: 'Demo Analytics Test',
      studentCount: students,
      bars: ['0-50%', '50-100%'].map((range, i) => ({
        range,
        from: i * 50,
        to: i * 50 + 50,
        studentCount: students / 2,
      })),
    }))
    .on(ae.topFive, () => ({ students: students ? topFive : [] }))
    .on(ae.tree, ({ params }) => ({
      objective: ['Practice'],
      targetAudience: ['Class 10'],
      content: params.content,
      execution: params.execution,
      analyticsResult: [
        node('t', 'Demo Analytics Test', [
          node('m', params.content === 2 ? 'Medium' : 'Mathematics', [node('a', 'Algebra')]),
        ]),
      ],
    }))
    .on(ae.attemptEvaluation, ({ params }) => ({
      attemptId: params.attemptId,
      attemptNumber: 1,
      review: { score: true, answers: true, marks: true, rightAnswers: true, solutions: true },
      actualScore: 10,
      totalScore: 10,
      result: 3 as const,
      sections: [],
    }));
}

/**
 * The text of an element, polled (expect.element(...).toHaveTextContent never settled beside the chart, even
 * when the text matched).
 */
const textOf = (l: { element: () => Element }) => () => l.element().textContent ?? '';

const open = () => renderApp(<AnalyticsDialog testId={7} name="Demo Analytics Test" onClose={() => {}} />);
const dialog = () => page.getByRole('dialog', { name: 'Analytics: Demo Analytics Test' });

describe('AnalyticsDialog', () => {
  it('draws the score distribution and the top five; a student opens that attempt’s evaluation', async () => {
    fakeAnalytics();
    await open();
    const top = dialog().getByRole('table', { name: 'Top five students' });
    await expect.element(top.getByRole('row').nth(5)).toBeVisible();
    await expect.poll(textOf(top.getByRole('row').nth(1))).toBe('Asha Top10 / 1012 min 05 s100 %90 %');
    // the tabs in one capitalisation (Item statistics was the odd one)
    expect(
      dialog()
        .getByRole('tab')
        .elements()
        .map((t) => t.textContent),
    ).toEqual(['Overview', 'Content × Execution', 'Item Statistics']);
    await expect
      .poll(
        () =>
          document.querySelectorAll('[role="dialog"] svg .MuiBarElement-root, [role="dialog"] svg rect')
            .length,
      )
      .toBeGreaterThanOrEqual(2);
    await checkA11y();

    await top.getByRole('button', { name: 'Evaluation of Ravi Good' }).click();
    const evaluation = page.getByRole('dialog', { name: 'Evaluation: Ravi Good' });
    await expect.element(evaluation.getByTestId('evaluation-score')).toBeVisible();
    expect(textOf(evaluation.getByTestId('evaluation-score'))()).toContain('Score: 10 / 10');
    expect(fakeApi.requestsTo(ae.attemptEvaluation).map((r) => r.params.attemptId)).toEqual([501]);
    await checkA11y();
  });

  it('switches content × execution and expands a node', async () => {
    fakeAnalytics();
    await open();
    await dialog().getByRole('tab', { name: 'Content × Execution' }).click();
    const nodes = dialog().getByTestId('analytics-node');
    await expect.poll(textOf(nodes.nth(1))).toContain('Mathematics');
    expect(document.querySelectorAll('[data-testid="analytics-node"]')).toHaveLength(2);
    await expect.element(dialog().getByText('Objective: Practice · Target audience: Class 10')).toBeVisible();
    await dialog().getByRole('button', { name: 'Expand Mathematics' }).click();
    await expect.poll(textOf(nodes.nth(2))).toContain('Algebra');

    await dialog().getByRole('button', { name: 'Difficulty Level' }).click();
    await dialog().getByRole('button', { name: 'Accuracy Rate' }).click();
    await expect.poll(textOf(nodes.nth(1))).toContain('Medium');
    // a rate and a score are percentages, and say so; a duration says min and s
    await expect.poll(textOf(nodes.nth(0))).toContain('20 %55.5 %90 %');
    await dialog().getByRole('button', { name: 'Duration' }).click();
    await expect.poll(textOf(nodes.nth(0))).toContain('0 min 56 s');
    expect(textOf(nodes.nth(0))()).not.toContain('%');
    expect(fakeApi.requestsTo(ae.tree).map((r) => [r.params.content, r.params.execution])).toEqual([
      [1, 1],
      [2, 1],
      [2, 3],
      [2, 4],
    ]);
    await checkA11y();
  });

  it('while the background still counts finished attempts the tree says how many, and reads again until none are left', async () => {
    fakeAnalytics();
    let left = 41;
    fakeApi.on(ae.tree, ({ params }) => ({
      objective: [],
      targetAudience: [],
      content: params.content,
      execution: params.execution,
      analyticsResult: [node('t', 'Demo Analytics Test')],
      countingAttempts: left,
    }));
    await open();
    await dialog().getByRole('tab', { name: 'Content × Execution' }).click();
    const notice = dialog().getByText(analyticsMessages.stillCounting(41));
    await expect.element(notice).toBeVisible();
    expect(analyticsMessages.stillCounting(41)).toBe(
      '41 more finished attempts are still being counted; these figures leave them out and update by themselves.',
    );
    left = 0;
    await expect.element(notice, { timeout: 15_000 }).not.toBeInTheDocument();
    expect(fakeApi.requestsTo(ae.tree).length).toBeGreaterThanOrEqual(2);
  });

  it('a test nobody finished says so, in the chart and in the top five', async () => {
    fakeAnalytics({ students: 0 });
    await open();
    await expect.element(dialog().getByText(analyticsMessages.noAttempts).first()).toBeVisible();
    const top = dialog().getByRole('table', { name: 'Top five students' });
    await expect.element(top.getByRole('cell', { name: analyticsMessages.noAttempts })).toBeVisible();
  });

  it('at 1366 px every top-five cell keeps to one line (a name, 10 / 10, 12 min 05 s do not wrap)', async () => {
    fakeAnalytics();
    await open();
    const top = dialog().getByRole('table', { name: 'Top five students' });
    await expect.element(top.getByRole('row').nth(5)).toBeVisible();
    const cells = [...top.element().querySelectorAll('tbody td')];
    expect(cells).toHaveLength(25);
    expect(wrappedTexts(cells)).toEqual([]);
  });
});
