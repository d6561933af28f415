// Download OMR's dialog (issue 25, part 3 §7 createOmrSheet, §8): the proposal from the test's sections, each
// field's rule word for word (checked before anything is sent), the pre-printed option, preview and download.
import { type CreateOmrSheet, omrEndpoints as e, omrMessages as m } from '@assess/contracts/omr';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { apiError, fakeApi } from '../../test/fakeApi';
import { checkA11y, renderApp } from '../../test/render';
import { OmrSheetDialog } from './OmrSheetDialog';

const sheet: CreateOmrSheet = {
  formName: 'Physics Mock',
  testIdDigits: 0,
  studentIdDigits: 5,
  paperSize: 'A4',
  sections: [
    { sectionName: 'Mechanics', questionCount: 10, numberOfChoices: 4, choiceType: 3 },
    { sectionName: 'Optics', questionCount: 5, numberOfChoices: 4, choiceType: 3 },
  ],
};
const pdf = () => new Blob(['%PDF-1.3 fake'], { type: 'application/pdf' });

async function open() {
  fakeApi
    .on(e.form, () => ({ testId: 7, testName: 'Physics Mock', testCode: 'PHY-1', sheet }))
    .on(e.createOmrSheet, pdf);
  let closed = false;
  await renderApp(
    <OmrSheetDialog
      testId={7}
      code="PHY-1"
      onClose={() => {
        closed = true;
      }}
    />,
  );
  const dialog = page.getByRole('dialog', { name: 'Download OMR' });
  await expect.element(dialog.getByRole('textbox', { name: 'Form name' })).toHaveValue('Physics Mock');
  return { dialog, closed: () => closed };
}

describe('OmrSheetDialog', () => {
  it('proposes the test’s sections; each rule shows its message and nothing is sent', async () => {
    const { dialog } = await open();
    expect(dialog.getByRole('textbox', { name: 'Section name' }).elements()).toHaveLength(2);
    await checkA11y();
    const cases: [string, number, string, string][] = [
      ['Form name', 0, '', m.formName],
      ['Student id digits', 0, '0', m.studentIdDigits],
      ['Test id digits', 0, '10', m.idDigits],
      ['Section name', 1, '', m.sectionName],
      ['Questions', 0, '201', m.questionCount],
      ['Choices', 1, '7', m.numberOfChoices],
    ];
    for (const [label, nth, value, message] of cases) {
      const field = dialog.getByLabelText(label, { exact: true }).nth(nth);
      const before = (field.element() as HTMLInputElement).value;
      await userEvent.clear(field);
      if (value) await userEvent.type(field, value);
      await dialog.getByRole('button', { name: 'Preview' }).click();
      await expect.element(dialog.getByText(message, { exact: true })).toBeVisible();
      await userEvent.clear(field);
      await userEvent.type(field, before);
    }
    expect(fakeApi.requestsTo(e.createOmrSheet)).toHaveLength(0);
  });

  it('pre-printed sheets are asked for with the option; Preview shows the PDF, Download says so and closes', async () => {
    const { dialog, closed } = await open();
    await dialog
      .getByRole('checkbox', {
        name: "Pre-print each assigned student's name and id (one sheet per student)",
      })
      .click();
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect.element(dialog.getByTitle('OMR sheet preview')).toBeVisible();
    expect(fakeApi.requestsTo(e.createOmrSheet)[0].body).toMatchObject({ ...sheet, prePrinted: true });
    await dialog.getByRole('button', { name: 'Download' }).click();
    await expect.element(page.getByText(m.downloaded)).toBeVisible();
    expect(closed()).toBe(true);
    // the preview's PDF is the one saved (no second sheet made)
    expect(fakeApi.requestsTo(e.createOmrSheet)).toHaveLength(1);
  });

  it('a refusal of the server shows its message', async () => {
    const { dialog } = await open();
    fakeApi.on(e.createOmrSheet, () => apiError(400, m.noStudents));
    await dialog.getByRole('button', { name: 'Download' }).click();
    await expect.element(dialog.getByText(m.noStudents)).toBeVisible();
  });
});
