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

  // moved from e2e/question-imports.e2e.ts (issue 23): the choice format's default and the one picked sent with
  // the upload; the task's result counted in the dialog (the journey keeps a real upload and its result)
  it('sends the choice format picked (default (a)), then shows the task’s result with its counts', async () => {
    fakeApi
      .on(configurationEndpoints.lists, () => configurationLists())
      .on(qb.tree, () => tree(['Algebra']))
      .on(spreadsheetEndpoints.upload, () => ({ taskId: 5, message: 'queued' }))
      .on(spreadsheetEndpoints.status, () => ({
        taskId: 5,
        state: 'succeeded' as const,
        progress: 100,
        message: null,
        result: {
          message: sm.uploadSuccess,
          packageLimitError: null,
          isSectionQuestionLimit: false,
          totalQuestionCount: 8,
          uploadedQuestionCount: 8,
          duplicateQuestionCodeCount: 0,
          duplicateQuestionCodes: [],
          invalidQuestionCodes: [],
          invalidQuestions: [],
        },
      }));
    await renderApp(<SpreadsheetUploadDialog target={{ topicId: 11 }} onClose={() => {}} />);
    const d = page.getByRole('dialog', { name: 'Import Questions' });
    const format = d.getByRole('combobox', { name: /^Choice Format/ });
    await expect.element(format).toHaveTextContent('(a)…');
    await format.click();
    await page.getByRole('option', { name: 'A)', exact: true }).click();
    await expect.element(format).toHaveTextContent('A)');
    await userEvent.upload(d.getByTestId('spreadsheet-file'), new File(['PK'], 'questions.xlsx'));
    await expect.element(d.getByText('questions.xlsx')).toBeVisible();
    await d.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect.element(d.getByText(sm.uploadSuccess, { exact: true })).toBeVisible();
    await expect.element(d.getByText(sm.checkTaskManager)).toBeVisible();
    expect(d.element().querySelector('dl')?.textContent).toContain(
      'Total questions8Uploaded8Duplicate codes0Invalid codes0',
    );
    const [sent] = fakeApi.requestsTo(spreadsheetEndpoints.upload);
    const options = JSON.parse(String((sent.body as unknown as FormData).get('options')));
    expect(options).toMatchObject({ choiceFormatId: 3, topicId: 11 });
  });
});
