// Analytics failures (part 3 §8 "Analytics and export failure behaviour is not shown": ours, FEATURES 3.8.24):
// each view of the analytics dialog shows the server's refusal as it is, in an error alert in place of its
// figures, and asks nothing else of the server.
import { analyticsEndpoints as ae, analyticsMessages } from '@assess/contracts/analytics';
import { testRowMessages } from '@assess/contracts/tests';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { apiError, fakeApi } from '../../test/fakeApi';
import { renderApp } from '../../test/render';
import { AnalyticsDialog } from './AnalyticsDialog';

const dialog = () => page.getByRole('dialog', { name: 'Analytics: Demo Analytics Test' });
const alert = (text: string) => dialog().getByRole('alert').filter({ hasText: text });

describe('AnalyticsDialog refusals', () => {
  it("shows the server's message in each view: the row rule, not the owner, not found", async () => {
    fakeApi
      .on(ae.chart, () => apiError(409, testRowMessages.onlyInProgress))
      .on(ae.topFive, () => apiError(409, testRowMessages.onlyInProgress))
      .on(ae.tree, () => apiError(403, analyticsMessages.notOwner))
      .on(ae.itemStatistics, () => apiError(404, 'Test not found.'));
    await renderApp(<AnalyticsDialog testId={7} name="Demo Analytics Test" onClose={() => {}} />);
    await expect.element(alert(testRowMessages.onlyInProgress)).toBeVisible();
    expect(dialog().getByRole('table', { name: 'Top five students' }).elements()).toHaveLength(0);

    await dialog().getByRole('tab', { name: 'Content × Execution' }).click();
    await expect.element(alert(analyticsMessages.notOwner)).toBeVisible();

    await dialog().getByRole('tab', { name: 'Item Statistics' }).click();
    await expect.element(alert('Test not found.')).toBeVisible();
    expect(fakeApi.requestsTo(ae.export)).toEqual([]);
  });
});
