// The spreadsheet upload dialog's refusal (moved from e2e/question-imports.e2e.ts, issue 23): a file the server
// refuses before any task exists shows Upload Failed with the server's reason and no 'Check Task manager for
// status' (there is nothing there to check; issue 27). The browser journey keeps upload → task → result; the
// server's checks of bad files and re-uploads are API tests (spreadsheet.int.test.ts).
import { configurationEndpoints } from '@assess/contracts/configuration';
import { spreadsheetMessages as sm, spreadsheetEndpoints } from '@assess/contracts/question-imports';
import { questionBankEndpoints as qb } from '@assess/contracts/questions';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { configurationLists, tree } from '../../../test/builders';
import { apiError, fakeApi } from '../../../test/fakeApi';
import { checkA11y, renderApp } from '../../../test/render';
import { SpreadsheetUploadDialog } from './SpreadsheetUploadDialog';

describe('SpreadsheetUploadDialog', () => {
  it("a file refused before any task: Upload Failed with the reason, no 'Check Task manager for status'", async () => {
    const reason = `${sm.invalidFile} ${sm.notSpreadsheet}`;
    fakeApi
      .on(configurationEndpoints.lists, () => configurationLists())
      .on(qb.tree, () => tree(['Algebra']))
      .on(spreadsheetEndpoints.upload, () => apiError(400, reason));
    await renderApp(<SpreadsheetUploadDialog target={{ topicId: 11 }} onClose={() => {}} />);
    const d = page.getByRole('dialog', { name: 'Import Questions' });
    await expect.element(d.getByRole('combobox', { name: /^Language/ })).toBeVisible();
    const input = d.getByTestId('spreadsheet-file');
    await userEvent.upload(input, new File(['this is plain text, not a workbook'], 'not-a-workbook.xlsx'));
    await expect.element(d.getByText('not-a-workbook.xlsx')).toBeVisible();
    await checkA11y();
    await d.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect.element(d.getByText(sm.uploadFailed, { exact: true })).toBeVisible();
    expect(d.getByRole('alert').element().textContent).toContain(reason);
    expect(d.getByText(sm.checkTaskManager).elements()).toHaveLength(0);
    expect(fakeApi.requestsTo(spreadsheetEndpoints.upload)).toHaveLength(1);
  });
});
