// Download Test from the tests list's menu (issue 25; issue 23, moved from e2e/omr.e2e.ts): a test in progress
// asks the server for its question paper and says so in the spec's words. The paper itself (the paper form the
// OMR sheet prints) is apps/api/src/modules/omr/omr.int.test.ts's; the journey keeps Download OMR, the upload of
// filled sheets and the correction queue on the real server.
import { configurationEndpoints } from '@assess/contracts/configuration';
import { omrMessages as m, omrEndpoints as oe } from '@assess/contracts/omr';
import { TestStatus, testListEndpoints as tl } from '@assess/contracts/tests';
import { describe, expect, it } from 'vitest';
import { configurationLists } from '../../test/builders';
import { catalogueLocators, testRow } from '../../test/catalogue';
import { fakeApi } from '../../test/fakeApi';
import { toast } from '../../test/fields';
import { renderApp } from '../../test/render';
import { TestsPage } from '../tests/TestsPage';

describe('Download Test (the tests list menu)', () => {
  it("asks for the question paper of a test in progress and says 'downloaded'", async () => {
    const row = testRow('T-INP', { status: TestStatus.Ready, scheduleStatus: 5 });
    fakeApi
      .on(tl.list, () => ({ items: [row], totalCount: 1 }))
      .on(configurationEndpoints.lists, () => configurationLists())
      .on(oe.downloadTest, () => new Blob(['%PDF-1.7'], { type: 'application/pdf' }));
    await renderApp(<TestsPage />);
    const { button, item } = catalogueLocators('Tests', (code) => `Test ${code}`);
    await button('More actions for T-INP').click();
    await item('Download Test').click();
    await expect.element(toast(m.testDownloaded)).toBeVisible();
    expect(fakeApi.requestsTo(oe.downloadTest).map((r) => r.params.testId)).toEqual([row.testId]);
  });
});
