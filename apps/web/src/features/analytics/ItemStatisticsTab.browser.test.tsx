// Item statistics (issue 24; issue 23, moved from e2e/analytics.e2e.ts): the test's figures (Cronbach's alpha
// among them), a row per question seen and a flag that links to the question in the bank. The journey opens the
// demo test's item statistics on the real server and follows a flag; the figures and the flags are
// apps/api/src/modules/analytics/analytics.int.test.ts's.
import { analyticsEndpoints as ae, type ItemStatisticsReport } from '@assess/contracts/analytics';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { fakeApi } from '../../test/fakeApi';
import { wrappedTexts } from '../../test/layout';
import { checkA11y, renderApp } from '../../test/render';
import { ItemStatisticsTab } from './ItemStatisticsTab';

const item = (questionId: number, code: string, flags: ItemStatisticsReport['items'][number]['flags']) => ({
  questionId,
  versionId: 1,
  code,
  questionType: 2,
  count: 64,
  maxMark: 1,
  facility: 0.5,
  sd: 0.5,
  discriminationIndex: -12.5,
  discriminativeEfficiency: null,
  upperLowerIndex: -0.1,
  pointBiserial: -0.12,
  effectiveWeight: null,
  options: [
    { choice: 1, share: 0.5, pointBiserial: -0.1, correct: true },
    { choice: 2, share: 0.5, pointBiserial: 0.1, correct: false },
  ],
  flags,
});

const report: ItemStatisticsReport = {
  attempts: 'first',
  note: null,
  alphaHint: 'Alpha 0.7 to 0.9: good for a classroom test.',
  semUses: 'The standard error uses the sample standard deviation (n − 1) of the totals.',
  test: {
    attemptCount: 64,
    itemCount: 2,
    mean: 5.5,
    median: 5,
    sd: 1.2,
    skewness: 0.1,
    kurtosis: -0.2,
    alpha: 0.812,
    kr21: 0.8,
    sem: 0.5,
    maxTotal: 10,
  },
  items: [
    item(41, 'ANA-Q1', []),
    item(42, 'ANA-Q2', [{ kind: 'negative', reason: 'Negative discrimination' }]),
  ],
};

describe('ItemStatisticsTab', () => {
  it("shows the test's figures, a row per question and a flag linking to the question in the bank", async () => {
    fakeApi.on(ae.itemStatistics, () => report);
    const { router } = await renderApp(<ItemStatisticsTab testId={7} />);
    await expect.element(page.getByText("Cronbach's alpha (KR-20)")).toBeVisible();
    await expect.element(page.getByText('0.812')).toBeVisible();
    expect(page.getByTestId('item-row').elements()).toHaveLength(2);
    const flag = page.getByTestId('item-flag');
    await expect.element(flag).toHaveTextContent('Negative discrimination');
    await expect.element(flag).toHaveAttribute('href', '/admin/questions?preview=42');
    await checkA11y();
    await flag.click();
    await expect
      .poll(() => router.state.location.pathname + router.state.location.search)
      .toBe('/admin/questions?preview=42');
    expect(fakeApi.requestsTo(ae.itemStatistics).map((r) => [r.params.testId, r.query.attempts])).toEqual([
      [7, 'first'],
    ]);
  });

  it('in the full-screen dialog (1318 px) a code and the figures keep to one line beside four options and long flags', async () => {
    const flags = [
      { kind: 'tooEasy', reason: 'Facility above 95 %: almost everybody got it right.' },
      ...[1, 3, 4].map((o) => ({
        kind: 'unusedDistractor',
        reason: `A distractor nobody chose: option ${o}.`,
      })),
    ];
    const options = [1, 2, 3, 4].map((choice) => ({
      choice,
      share: choice === 2 ? 1 : 0,
      pointBiserial: null,
      correct: choice === 2,
    }));
    fakeApi.on(ae.itemStatistics, () => ({
      ...report,
      items: [
        { ...item(41, 'MTH-SCQ-TXT-3', flags), facility: 1, options },
        { ...item(42, 'SCI-TF-HTM-3', []), options },
      ],
    }));
    await renderApp(
      <div style={{ width: 1318 }}>
        <ItemStatisticsTab testId={7} />
      </div>,
    );
    await expect.element(page.getByText('MTH-SCQ-TXT-3')).toBeVisible();
    const figures = page
      .getByTestId('item-row')
      .elements()
      .flatMap((row) => [...row.querySelectorAll('td')].slice(0, 8));
    expect(figures.map((c) => c.textContent)).toContain('100.0 %');
    expect(wrappedTexts(figures)).toEqual([]);
  });
});
