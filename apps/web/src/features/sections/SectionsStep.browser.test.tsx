// The sections step (moved from e2e/sections.e2e.ts, issue 23): on a phone the sections and their actions fit
// the screen; the picker refuses more picks than the section allows, in the spec's words, and adds the rest in one
// request; the section question dialog's first message before any call; the import dialogs open for the section.
// The browser journey keeps the sections made, filled and ordered through the real server.
import { configurationEndpoints } from '@assess/contracts/configuration';
import { QuestionStatus, questionBankEndpoints as qb } from '@assess/contracts/questions';
import {
  sectionOwnMessages as own,
  type PickerRow,
  type SectionList,
  type SectionRow,
  sectionEndpoints as se,
} from '@assess/contracts/sections';
import { sectionMessages as m } from '@assess/contracts/tests';
import Box from '@mui/material/Box';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { sectionRow as aSection, configurationLists, questionRow, tree } from '../../test/builders';
import { fakeApi } from '../../test/fakeApi';
import { toast } from '../../test/fields';
import { checkA11y, renderApp } from '../../test/render';
import { SectionsStep } from './SectionsStep';

/** A section as the server lists it: no questions yet, so the supply warning. */
const sectionRow = (patch: Partial<SectionRow> = {}): SectionRow =>
  aSection({ code: 'PHONE', name: 'Phone section', warning: m.supplyWarning, ...patch });

const sectionList = (sections: SectionRow[]): SectionList => ({
  testId: 5,
  testCode: 'SEC-1',
  testName: 'Sections test',
  editable: true,
  readOnlyReason: null,
  sections,
  maxSections: 10,
  maxQuestions: 100,
});

const pickerRow = (n: number): PickerRow => ({
  ...questionRow(600 + n, `Q-${n}`, {
    text: `Fixed question ${n}: what is ${n} + ${n}?`,
    status: QuestionStatus.Ready,
  }),
  inSection: false,
});

const fixedSection = sectionRow({ code: 'FIXED', name: 'Fixed questions', questionCount: 3 });
const card = () => page.getByRole('article', { name: /Fixed questions/ });

describe('SectionsStep', () => {
  // moved from e2e/sections.e2e.ts (the picker's rule, issue 23); the server's own cap: section-questions.int.test.ts
  it("the picker refuses more picks than the section allows in the spec's words, then adds the rest", async () => {
    fakeApi
      .on(se.list, () => sectionList([fixedSection]))
      .on(configurationEndpoints.lists, () => configurationLists())
      .on(qb.tree, () => tree(['Fixed']))
      .on(se.picker, () => ({ items: [1, 2, 3, 4].map(pickerRow), totalCount: 4 }))
      .on(se.addQuestions, ({ body }) => ({ message: m.questionsAdded, added: body.questionIds.length }));
    await renderApp(<SectionsStep testId={5} flow="full" />);
    await card().getByRole('button', { name: 'Add Questions' }).click();
    const picker = page.getByRole('dialog', { name: /^Add questions to Fixed questions/ });
    await expect.element(picker.getByText('Fixed question 1:', { exact: false })).toBeVisible();
    // a row's checkbox is 'Select row', or 'Unselect row' once ticked
    const rows = picker.getByRole('checkbox', { name: /^(Select|Unselect) row$/ });
    await expect.poll(() => rows.elements().length).toBe(4);
    // four picks for a section that allows 3: the picker says so and does not add them
    for (const i of [0, 1, 2, 3]) await rows.nth(i).click();
    const over = picker.getByRole('alert').filter({ hasText: own.moreThanAllowed(3, 0) });
    await expect.element(over).toBeVisible();
    await expect.element(picker.getByRole('button', { name: 'Add 4 selected' })).toBeDisabled();
    await checkA11y();
    await rows.nth(3).click();
    await expect.element(over).not.toBeInTheDocument();
    await picker.getByRole('button', { name: 'Add 3 selected' }).click();
    await expect.element(toast(m.questionsAdded)).toBeVisible();
    expect(fakeApi.requestsTo(se.addQuestions)).toEqual([
      { params: { poolId: 3 }, query: {}, body: { questionIds: [601, 602, 603] } },
    ]);
  });

  // moved from e2e/sections.e2e.ts (issue 23)
  it("the section question dialog's first message before any call; the import dialogs open for the section", async () => {
    fakeApi
      .on(se.list, () => sectionList([fixedSection]))
      .on(configurationEndpoints.lists, () => configurationLists())
      .on(qb.tree, () => tree(['Fixed']));
    await renderApp(<SectionsStep testId={5} flow="full" />);
    await card().getByRole('button', { name: 'New Question' }).click();
    const q = page.getByRole('dialog', { name: /^Create Question in Fixed questions/ });
    await q.getByRole('button', { name: 'Save' }).click();
    await expect.element(q.getByText(m.questionTextOrImage.trim()).first()).toBeVisible();
    expect(fakeApi.requestsTo(se.newQuestion)).toEqual([]);
    await q.getByRole('button', { name: 'Cancel' }).click();
    await expect.element(q).not.toBeInTheDocument();

    await card().getByRole('button', { name: 'Upload Spreadsheet' }).click();
    const sheet = page.getByRole('dialog', { name: 'Import Questions' });
    await expect.element(sheet).toBeVisible();
    await sheet
      .getByRole('button', { name: /^(Cancel|Close)$/ })
      .first()
      .click();
    await expect.element(sheet).not.toBeInTheDocument();
    await card().getByRole('button', { name: 'Upload Zip' }).click();
    await expect.element(page.getByRole('dialog', { name: 'Import Questions from Zip' })).toBeVisible();
  });

  // moved from e2e/sections.e2e.ts ('on a phone the sections and their actions fit', issue 23)
  it('on a phone the sections and their actions fit', async () => {
    await page.viewport(390, 844);
    try {
      fakeApi.on(se.list, () => sectionList([sectionRow()]));
      // inside the console's main area as the shell pads it on a phone (app/layout/Shell.tsx)
      await renderApp(
        <Box component="main" sx={{ p: { xs: 2, sm: 3 } }}>
          <SectionsStep testId={5} flow="full" />
        </Box>,
      );
      const card = page.getByRole('article', { name: /Phone section/ });
      await expect.element(card).toBeVisible();
      await expect.element(card.getByText(m.supplyWarning)).toBeVisible();
      await expect.element(card.getByRole('button', { name: 'Add Questions' })).toBeVisible();
      expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
      await checkA11y();
    } finally {
      await page.viewport(1366, 768);
    }
  });
});
