// The zip import dialog (issue 23, moved from e2e/question-zip-import.e2e.ts): the picker's rules in the spec's
// words (not a zip, more than one file, none selected, the same file again, number of choices 2..6) with nothing
// sent, and a zip the server finds not valid: 'Zip is not validate!' lists each problem with what it concerns,
// then a fixed zip is validated, imported as a task and the dialog says so. The journey keeps one good zip
// imported through the real server; the server's checks are apps/api/src/modules/question-imports/zip-*.int.test.ts.
import { zipImportMessages as m, zipImportEndpoints as ze } from '@assess/contracts/question-imports';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { apiError, fakeApi } from '../../../test/fakeApi';
import { checkA11y, renderApp } from '../../../test/render';
import { ZipImportDialog } from './ZipImportDialog';

const zip = (name: string, body = 'PK') => new File([body], name, { type: 'application/zip' });

describe('ZipImportDialog', () => {
  it("refuses what the picker's rules refuse, in the spec's words, and sends nothing", async () => {
    await renderApp(<ZipImportDialog target={{ categoryId: 1 }} onClose={() => {}} />);
    const dialog = page.getByRole('dialog', { name: 'Bulk Import' });
    const input = dialog.getByTestId('zip-import-file');
    const choices = dialog.getByRole('spinbutton', { name: /^Number of Choices/ });
    await expect.element(choices).toHaveValue(4);
    await userEvent.upload(input, new File(['x'], 'questions.rar'));
    await expect.element(dialog.getByText(m.extension)).toBeVisible();
    await userEvent.upload(input, [zip('a.zip'), zip('b.zip')]);
    await expect.element(dialog.getByText(m.oneFile)).toBeVisible();
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect.element(dialog.getByText(m.selectFile)).toBeVisible();
    await choices.fill('7');
    await userEvent.tab();
    await expect.element(dialog.getByText(m.numberOfChoices)).toBeVisible();
    await choices.fill('4');
    const file = zip('Physics.zip');
    await userEvent.upload(input, file);
    await expect.element(dialog.getByText('Physics.zip')).toBeVisible();
    await userEvent.upload(input, file);
    await expect.element(dialog.getByText(m.duplicateFile)).toBeVisible();
    await checkA11y();
    expect(fakeApi.requestsTo(ze.validate)).toHaveLength(0);
    expect(fakeApi.requestsTo(ze.import)).toHaveLength(0);
  });

  it('a zip the server finds not valid lists its problems; fixed, it is imported as a task', async () => {
    const problem = "Physics/Optics/Answers.xlsx row 2: SCQ ZS1 'g'";
    let valid = false;
    fakeApi
      .on(ze.validate, () =>
        valid
          ? {
              message: 'ok',
              rootCategory: 'Physics',
              topics: 1,
              questions: 2,
              byType: { SCQ: 1, MCQ: 1 },
              duplicateCodes: [],
            }
          : apiError(400, m.notValid, { [m.answerInvalid]: [problem] }),
      )
      .on(ze.import, () => ({ message: 'started', taskId: 9 }))
      .on(ze.status, () => ({
        taskId: 9,
        state: 'succeeded' as const,
        progress: 100,
        imported: 2,
        duplicateCodes: [],
        message: m.imported,
      }));
    await renderApp(<ZipImportDialog target={{ categoryId: 1 }} onClose={() => {}} />);
    const dialog = page.getByRole('dialog', { name: 'Bulk Import' });
    const input = dialog.getByTestId('zip-import-file');
    await userEvent.upload(input, zip('Physics.zip', 'broken'));
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    const problems = page.getByRole('dialog', { name: m.notValid });
    await expect.element(problems.getByText(m.answerInvalid)).toBeVisible();
    await expect.element(problems.getByText(problem)).toBeVisible();
    await checkA11y();
    await problems.getByRole('button', { name: 'OK' }).click();
    await expect.element(problems).not.toBeInTheDocument();
    expect(fakeApi.requestsTo(ze.import)).toHaveLength(0);
    valid = true;
    await userEvent.upload(input, zip('Physics.zip', 'fixed: the answer is (b)'));
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect.element(dialog.getByText(m.imported)).toBeVisible();
    expect(fakeApi.requestsTo(ze.validate)).toHaveLength(2);
    expect(fakeApi.requestsTo(ze.import)).toHaveLength(1);
  });
});
