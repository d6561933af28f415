// The student import dialog (issue 23): a confirmation that does not match is refused before any upload; the Test
// Series multi-select offers the server's assignable series and sends the chosen ones; a file whose rows are all
// complete imports at once, without the confirmation, and shows Upload Success; a file the server refuses as
// not a spreadsheet shows Upload Failed with its message; and the server's grouped messages show each group's
// heading and items with the copy-all icon. The browser journeys keep the real workbooks through the server
// (e2e/student-import.e2e.ts).
import { studentImportMessages as m, studentImportEndpoints as se } from '@assess/contracts/student-import';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { apiError, fakeApi } from '../../test/fakeApi';
import { checkA11y, renderApp } from '../../test/render';
import { GroupedMessages } from './GroupedMessages';
import { StudentImportDialog } from './StudentImportDialog';

/** The import form's lookups: no values to pick but these test series. */
const lookups = (courses: { courseId: number; text: string }[] = []) => ({
  states: [],
  cities: [],
  languages: [],
  boards: [],
  classes: [],
  courses,
});

describe('StudentImportDialog', () => {
  it('refuses a confirmation that does not match before any upload', async () => {
    fakeApi.on(se.lookups, () => lookups());
    await renderApp(<StudentImportDialog open onClose={() => {}} />);
    const d = page.getByRole('dialog', { name: 'Import Students' });
    await d.getByLabelText('Password', { exact: true }).fill('Form@1234');
    await d.getByLabelText('Confirm Password').fill('Form@123');
    await userEvent.upload(
      d.getByTestId('student-import-file'),
      new File(['x'], 'students.xlsx', {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
    );
    await d.getByRole('button', { name: 'Upload' }).click();
    await expect.element(d.getByText(m.passwordMismatch)).toBeVisible();
    expect(fakeApi.requestsTo(se.check)).toEqual([]);
    await checkA11y();
  });

  it("sends the chosen test series; a file that is not a spreadsheet shows Upload Failed with the server's message", async () => {
    fakeApi
      .on(se.lookups, () =>
        lookups([
          { courseId: 5, text: 'JEE Main Mock Series' },
          { courseId: 6, text: 'NEET Series' },
        ]),
      )
      .on(se.check, () => apiError(415, m.notSpreadsheet));
    await renderApp(<StudentImportDialog open onClose={() => {}} />);
    const d = page.getByRole('dialog', { name: 'Import Students' });
    await d.getByLabelText('Test Series').click();
    await page.getByRole('option', { name: 'JEE Main Mock Series' }).click();
    await userEvent.keyboard('{Escape}');
    await userEvent.upload(
      d.getByTestId('student-import-file'),
      new File(['<html>not a spreadsheet</html>'], 'students.xlsx', {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
    );
    await d.getByRole('button', { name: 'Upload' }).click();
    // the title, then the server's message
    await expect.element(d.getByRole('alert')).toHaveTextContent(`${m.failedTitle}${m.notSpreadsheet}`);
    const [sent] = fakeApi.requestsTo(se.check);
    expect(JSON.parse(String((sent.body as unknown as FormData).get('options'))).courseIds).toEqual([5]);
  });
  it('a file whose rows are all complete imports at once, without the confirmation, and shows Upload Success', async () => {
    const status = {
      batchId: 9,
      taskId: 31,
      progress: 100,
      validRows: 5,
      imported: 5,
      groups: [],
      message: null,
    };
    // (the latest handler matches first: the status route's :batchId would also take 'lookups')
    fakeApi
      .on(se.status, () => ({ ...status, state: 'succeeded' as const }))
      .on(se.start, () => ({ ...status, state: 'queued' as const, progress: 0, imported: 0 }))
      .on(se.check, () => ({ batchId: 9, fileName: 'students.xlsx', totalRows: 5, validRows: 5, groups: [] }))
      .on(se.lookups, () => lookups());
    await renderApp(<StudentImportDialog open onClose={() => {}} />);
    const d = page.getByRole('dialog', { name: 'Import Students' });
    await expect.element(d.getByLabelText('Native Language')).toBeVisible();
    await userEvent.upload(
      d.getByTestId('student-import-file'),
      new File(['x'], 'students.xlsx', {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
    );
    await d.getByRole('button', { name: 'Upload' }).click();
    await expect
      .element(d.getByRole('alert'))
      .toHaveTextContent(`${m.successTitle}${m.success} 5 student(s) imported.`);
    expect(fakeApi.requestsTo(se.start).map((r) => r.params.batchId)).toEqual([9]);
    expect(d.getByText(m.confirmRest).query()).toBeNull();
  });
});

describe('GroupedMessages', () => {
  it("shows the server's groups: heading, items, and the copy-all icon", async () => {
    await renderApp(
      <GroupedMessages
        groups={[
          {
            message: 'Missing Name',
            content: ['Missing Name for 3 no. student', '...and 2 more'],
            all: ['Missing Name for 3 no. student', 'Missing Name for 4 no. student', 'x'],
          },
          {
            message: 'Missing DOB',
            content: ['Missing DOB for Arjun Reddy'],
            all: ['Missing DOB for Arjun Reddy'],
          },
        ]}
      />,
    );
    await expect
      .element(page.getByTestId('import-group').first().getByText('Missing Name', { exact: true }))
      .toBeVisible();
    await expect.element(page.getByText('Missing Name for 3 no. student', { exact: true })).toBeVisible();
    await expect.element(page.getByText('...and 2 more', { exact: true })).toBeVisible();
    await expect.element(page.getByText('Missing DOB for Arjun Reddy', { exact: true })).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Copy all messages' })).toBeVisible();
  });
});
