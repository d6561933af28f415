// The bulk update bar's refusals in the spec's words, in the order a user meets them (moved from
// e2e/question-bank.e2e.ts, issue 23), and the counts report of the server's answer. The server's counts and its
// refusal of Draft → Published: apps/api/src/modules/question-bank/bulk-answers.int.test.ts.
import {
  questionMessages as m,
  QuestionStatus,
  questionBankEndpoints as qb,
} from '@assess/contracts/questions';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { configurationLists, tree } from '../../../test/builders';
import { fakeApi } from '../../../test/fakeApi';
import { dayShown, pick, setDay, toast } from '../../../test/fields';
import { checkA11y, renderApp } from '../../../test/render';
import { BulkUpdateBar } from './BulkUpdateBar';

const render = (selectedIds: number[]) =>
  renderApp(
    <BulkUpdateBar
      selectedIds={selectedIds}
      onDone={() => {}}
      onSearch={() => {}}
      lookups={configurationLists()}
      nodes={tree(['Algebra']).nodes}
      canPublish
    />,
  );

describe('BulkUpdateBar', () => {
  it('refuses, in turn: no field, the code, no value, no question selected; nothing is sent', async () => {
    await render([]);
    const bar = page.getByRole('region', { name: 'Bulk update' });
    const update = bar.getByRole('button', { name: 'Update', exact: true });
    await update.click();
    await expect.element(toast(m.bulkSelectField)).toBeVisible();
    await pick(bar, 'Field to update', 'Code');
    await update.click();
    await expect.element(toast(m.bulkCode)).toBeVisible();
    await pick(bar, 'Field to update', 'Status');
    await update.click();
    await expect.element(toast(m.bulkSelectValues)).toBeVisible();
    await pick(bar, 'Value', 'Ready');
    await update.click();
    await expect.element(toast(m.bulkSelectQuestions)).toBeVisible();
    expect(fakeApi.calls).toEqual([]);
    await checkA11y();
  });

  it("reports the server's counts by status after Draft → Ready", async () => {
    fakeApi.on(qb.bulkUpdate, () => ({
      message: m.bulkUpdated,
      totalCount: 4,
      publishedCount: 0,
      readyCount: 3,
      draftCount: 1,
      updatedCount: 2,
      unchangedCount: 1,
      note: m.bulkCriteriaNote,
    }));
    await render([1, 2, 3, 4]);
    const bar = page.getByRole('region', { name: 'Bulk update' });
    await pick(bar, 'Field to update', 'Status');
    await pick(bar, 'Value', 'Ready');
    await bar.getByRole('button', { name: 'Update', exact: true }).click();
    await expect
      .element(page.getByTestId('bulk-result'))
      .toHaveTextContent(`${m.bulkUpdated}: total 4, published 0, ready 3, draft 1. ${m.bulkCriteriaNote}`);
    const [sent] = fakeApi.requestsTo(qb.bulkUpdate);
    expect(sent.body).toMatchObject({
      field: 'status',
      value: QuestionStatus.Ready,
      questionIds: [1, 2, 3, 4],
    });
  });

  it('an Expiry Date value is picked as DD-Mon-YYYY and sent as yyyy-mm-dd', async () => {
    fakeApi.on(qb.bulkUpdate, () => ({
      message: m.bulkUpdated,
      totalCount: 1,
      publishedCount: 0,
      readyCount: 0,
      draftCount: 1,
      updatedCount: 1,
      unchangedCount: 0,
      note: m.bulkCriteriaNote,
    }));
    await render([5]);
    const bar = page.getByRole('region', { name: 'Bulk update' });
    await pick(bar, 'Field to update', 'Expiry Date');
    // a native date input showed the browser's own mm/dd/yyyy
    await setDay(bar, 'Value', '2030-06-15');
    expect(dayShown(bar, 'Value')).toBe('15-Jun-2030');
    await bar.getByRole('button', { name: 'Update', exact: true }).click();
    await expect.poll(() => fakeApi.requestsTo(qb.bulkUpdate)).toHaveLength(1);
    expect(fakeApi.requestsTo(qb.bulkUpdate)[0].body).toMatchObject({
      field: 'expiryDate',
      value: '2030-06-15',
      questionIds: [5],
    });
  });
});
