// The tests list's filter and bulk update bar (moved from e2e/tests-list.e2e.ts, issue 23): the spec's messages
// word for word (no test selected, no value, a Published value, the Code field) and the result line with the
// counts of total / ready / draft and the Ready criteria note; axe. The browser journey keeps one bulk update.
import { testMessages as m, testListEndpoints as tl } from '@assess/contracts/tests';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { configurationLists } from '../../../test/builders';
import { fakeApi } from '../../../test/fakeApi';
import { pick, toast } from '../../../test/fields';
import { checkA11y, renderApp } from '../../../test/render';
import { TestBulkBar } from './TestBulkBar';

const bar = () => page.getByRole('region', { name: 'Filter and bulk update' });
const update = () => bar().getByRole('button', { name: 'Update' }).click();
const render = (selectedIds: number[]) =>
  renderApp(
    <TestBulkBar
      selectedIds={selectedIds}
      canUpdate
      onDone={() => {}}
      onSearch={() => {}}
      lookups={configurationLists()}
    />,
  );

describe('TestBulkBar', () => {
  it("with no test selected: the spec's message; axe", async () => {
    await render([]);
    await pick(bar(), 'Field', 'Status');
    await update();
    await expect.element(toast(m.bulkNoTests)).toBeVisible();
    await checkA11y();
  });

  it('with tests selected: no value, Published, Code refused; Ready updates and shows the counts', async () => {
    const note = 'The other test is left in Draft: it does not meet the Ready criteria.';
    fakeApi.on(tl.bulkUpdate, () => ({
      message: m.bulkUpdated,
      totalCount: 2,
      readyCount: 1,
      draftCount: 1,
      updatedCount: 1,
      unchangedCount: 1,
      note,
    }));
    await render([11, 12]);
    await expect.element(bar().getByText('2 selected')).toBeVisible();
    await pick(bar(), 'Field', 'Status');
    await update();
    await expect.element(toast(m.bulkNoValue)).toBeVisible();
    await pick(bar(), 'Value', 'Published');
    await update();
    await expect.element(toast(m.bulkPublished)).toBeVisible();
    expect(fakeApi.requestsTo(tl.bulkUpdate)).toEqual([]);
    await pick(bar(), 'Value', 'Ready');
    await update();
    const result = page.getByTestId('bulk-result');
    await expect.element(result).toHaveTextContent(`${m.bulkUpdated}: total 2, ready 1, draft 1. ${note}`);
    expect(fakeApi.requestsTo(tl.bulkUpdate).map((r) => r.body)).toEqual([
      { field: 'status', value: 2, testIds: [11, 12] },
    ]);
    await pick(bar(), 'Field', 'Code');
    await update();
    await expect.element(toast(m.bulkCode)).toBeVisible();
  });
});
