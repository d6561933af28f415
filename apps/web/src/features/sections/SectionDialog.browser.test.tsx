// The section dialog's messages in the spec's words (moved from e2e/sections.e2e.ts, issue 23): the required
// fields, the full test editor's name rule and the quick tests' ('Section name is Mandatory', 5 characters), the
// number of choices, mastery above passing, then the saved section's body. The browser journey keeps the sections,
// the picker and the supply warning through the real server.
import { sectionOwnMessages as own, sectionEndpoints as se } from '@assess/contracts/sections';
import { sectionMessages as m } from '@assess/contracts/tests';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { sectionRow } from '../../test/builders';
import { apiError, fakeApi } from '../../test/fakeApi';
import { field, toast } from '../../test/fields';
import { checkA11y, renderApp } from '../../test/render';
import { SectionDialog } from './SectionDialog';

const dialog = () => page.getByRole('dialog', { name: 'Create Section' });
const save = () => dialog().getByRole('button', { name: 'Save' });

/** A new section FIXED of 3 questions in test 5, saved (whatever the fake server answers); the dialog. */
async function saveNewSection() {
  await renderApp(<SectionDialog testId={5} flow="full" section={null} onClose={() => {}} />);
  const d = dialog();
  await field(d, 'Code').fill('FIXED');
  await field(d, 'Section Name').fill('Fixed');
  await field(d, 'Number of Questions Allowed').fill('3');
  await save().click();
  return d;
}

describe('SectionDialog', () => {
  it("the full test editor's messages, then a valid section is created", async () => {
    fakeApi.on(se.create, ({ body }) => ({
      message: m.created,
      section: sectionRow({
        code: body.code,
        name: body.name,
        questionCount: body.questionCount,
        passingScore: body.passingScore ?? null,
        masteryScore: body.masteryScore ?? null,
        noOfChoices: body.noOfChoices,
      }),
    }));
    await renderApp(<SectionDialog testId={5} flow="full" section={null} onClose={() => {}} />);
    const d = dialog();
    await save().click();
    await expect.element(d.getByText(m.codeNameCountMandatory)).toBeVisible();
    await field(d, 'Code').fill('FIXED');
    // a name is required ('mandatory'), with no minimum (quick tests: 5, 'Mandatory')
    await field(d, 'Section Name').fill(' ');
    await field(d, 'Number of Questions Allowed').fill('3');
    await field(d, 'Number of Choices').fill('7');
    await save().click();
    await expect.element(d.getByText(m.nameMandatory, { exact: true })).toBeVisible();
    await expect.element(d.getByText(m.noOfChoices)).toBeVisible();
    await field(d, 'Section Name').fill('Fixed');
    await field(d, 'Number of Choices').fill('4');
    await field(d, 'Passing Score').fill('2');
    await field(d, 'Mastery Score').fill('1');
    await save().click();
    await expect.element(d.getByText(m.masteryAbovePassing)).toBeVisible();
    expect(fakeApi.requestsTo(se.create)).toEqual([]);
    await field(d, 'Mastery Score').fill('3');
    await checkA11y();
    await save().click();
    await expect.element(toast(m.created)).toBeVisible();
    const [sent] = fakeApi.requestsTo(se.create);
    expect(sent.body).toMatchObject({ code: 'FIXED', name: 'Fixed', questionCount: 3, noOfChoices: 4 });
  });

  it("the quick tests' name rule: 'Section name is Mandatory' under 5 characters", async () => {
    await renderApp(<SectionDialog testId={5} flow="quick" section={null} onClose={() => {}} />);
    const d = dialog();
    await field(d, 'Code').fill('Q1');
    await field(d, 'Section Name').fill('Abc');
    await field(d, 'Number of Questions Allowed').fill('3');
    await save().click();
    await expect.element(d.getByText(m.nameMandatorySeries, { exact: true })).toBeVisible();
  });

  it("shows the server's refusal of a code the test already has", async () => {
    fakeApi.on(se.create, () => apiError(409, own.codeTaken));
    await saveNewSection();
    await expect.element(page.getByText(own.codeTaken)).toBeVisible();
  });

  it("says 'Error creating pool' when the server cannot be reached (no server message)", async () => {
    fakeApi.on(se.create, () => {
      throw new TypeError('Failed to fetch');
    });
    const d = await saveNewSection();
    await expect.element(d.getByText(m.errorCreatingPool)).toBeVisible();
    expect(toast(m.created).query()).toBeNull();
  });
});
