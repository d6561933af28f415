// Quick tests in the browser (issue 16): quick@example.com sees the home's legend and the demo cards in their
// colours, builds a quick test through the four tabs (Test Details with the §5 rules; Sections: questions written
// in the section and a spreadsheet uploaded into it; Save & Next activates; schedule; a student assigned), and
// the card turns from Draft (orange) to Scheduled (blue). Axe on the home and the wizard; screenshots.

import { spreadsheetMessages as sm, spreadsheetEndpoints } from '@assess/contracts/question-imports';
import { quickTestMessages as m, quickTestEndpoints } from '@assess/contracts/quick-tests';
import { scheduleMessages, schedulingEndpoints as se } from '@assess/contracts/scheduling';
import { sectionMessages, testMessages } from '@assess/contracts/tests';
import * as XLSX from '@e965/xlsx';
import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { checkA11y, shot, signIn, url, useBrowser } from './support/browser';

const LONG = 300_000;
const H = 3_600_000;
const unique = () => Date.now().toString(36).slice(-6).toUpperCase();
const path = (p: string, params: Record<string, number>) =>
  p.replace(/:(\w+)/g, (_, k: string) => String(params[k]));
async function ok<T>(res: { ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<T> }) {
  if (!res.ok()) throw new Error(`${res.status()} ${await res.text()}`);
  return res.json();
}
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();
const card = (page: Page, name: string) => page.getByRole('article', { name });
const numberField = (page: Page, label: string) =>
  page.getByRole('textbox', { name: new RegExp(`^${label}`) });

/** The browser's zone (the schedule dialog picks and shows dates in it). */
const ZONE = 'Asia/Kolkata';
/** Whole minutes (the pickers have no seconds). */
const minute = (ms: number) => new Date(Math.ceil(ms / 60_000) * 60_000);
/** Types an instant into a date-time picker of the schedule dialog, section by section (DD MM YYYY hh mm A). */
async function setPicker(dialog: Locator, label: string, d: Date) {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
    })
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  const group = dialog.getByRole('group', { name: label });
  await group.click();
  await group.page().keyboard.press('ControlOrMeta+a');
  await group.page().keyboard.press('Backspace');
  const keys = `${p.day}${p.month}${p.year}${p.hour}${p.minute}${p.dayPeriod === 'PM' ? 'P' : 'A'}`;
  await group.page().keyboard.type(keys, { delay: 20 });
  await group.page().keyboard.press('Tab');
}

/** The spreadsheet template as the import dialog serves it, its example codes made unique for this run. */
async function filledTemplate(page: Page, tag: string) {
  const tpl = await page.request.get(url(spreadsheetEndpoints.template.path));
  expect(tpl.status()).toBe(200);
  const wb = XLSX.read(await tpl.body(), { type: 'buffer' });
  for (const name of wb.SheetNames) {
    const rows = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[name], { header: 1, defval: null });
    for (const r of rows.slice(1)) if (r[0]) r[0] = `${String(r[0])}-${tag}`;
    wb.Sheets[name] = XLSX.utils.aoa_to_sheet(rows);
  }
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

describe('quick tests: home and four-tab wizard', () => {
  const s = useBrowser({ timezoneId: ZONE });
  beforeEach(() => s.page.setDefaultTimeout(45_000));

  it(
    'builds a quick test through the four tabs and sees its card turn from Draft to Scheduled',
    async () => {
      const { page } = s;
      const tag = unique();
      const name = `E2E Quick ${tag}`;
      await signIn(page, 'quick@example.com');

      // Home: the legend and the demo cards in each state's colour
      await page.goto(url('/admin/simplifiedtesthome'));
      const legend = page.getByRole('list', { name: 'Legend' });
      for (const label of ['Draft', 'Ready', 'Scheduled', 'In-Progress'])
        await legend.getByText(label).waitFor();
      await card(page, 'Quick Draft: Fractions').waitFor();
      expect(await card(page, 'Quick In Progress: Averages').getAttribute('data-state')).toBe('inProgress');
      // a running card cannot be deleted (§4), its Clean Data is on
      await card(page, 'Quick In Progress: Averages')
        .getByRole('button', { name: /^Actions of/ })
        .click();
      expect(await page.getByRole('menuitem', { name: 'Delete' }).getAttribute('aria-disabled')).toBe('true');
      expect(
        await page.getByRole('menuitem', { name: 'Clean Data' }).getAttribute('aria-disabled'),
      ).toBeNull();
      await page.keyboard.press('Escape');
      await shot(page, 'quick-tests-home');
      await checkA11y(page);

      // Test Details: the §5 rules, then creation (Draft) → Sections after 2 s
      await page.getByRole('button', { name: 'New', exact: true }).click();
      const tabs = page.getByRole('tablist', { name: 'Quick test steps' });
      expect(await tabs.getByRole('tab', { name: 'Sections' }).isDisabled()).toBe(true);
      // a short name and the new form's passing score 0: both refusals under their fields, nothing created
      await page.getByRole('textbox', { name: /^Test Name/ }).fill('Abc');
      expect(await numberField(page, 'Passing Score').inputValue()).toBe('0');
      await page.getByRole('button', { name: 'Create Test' }).click();
      await page.getByText(m.nameLength).waitFor();
      await page.getByText(m.passingScore).waitFor();
      expect(await numberField(page, 'Passing Score').getAttribute('aria-invalid')).toBe('true');
      expect(await tabs.getByRole('tab', { name: 'Sections' }).isDisabled()).toBe(true);
      expect(new URL(page.url()).searchParams.get('testId')).toBeNull();
      await shot(page, 'quick-tests-wizard-refusals');
      await checkA11y(page);
      await page.getByRole('textbox', { name: /^Test Name/ }).fill('Quick Draft: Fractions');
      await numberField(page, 'Passing Score').fill('3');
      await page.getByRole('button', { name: 'Create Test' }).click();
      await page.getByText(m.nameExists).first().waitFor();
      await page.getByRole('textbox', { name: /^Test Name/ }).fill(name);
      await page.getByRole('button', { name: 'Create Test' }).click();
      await toast(page, m.created).waitFor();
      await page.getByRole('heading', { name: /^Sections/ }).waitFor();
      const testId = Number(new URL(page.url()).searchParams.get('testId'));
      expect(testId).toBeGreaterThan(0);

      // Sections: Save & Next before the default section has its questions → 'Test not activated.'
      await page.getByRole('button', { name: 'Save & Next' }).click();
      await page.getByRole('alert').filter({ hasText: m.notActivated }).waitFor();
      // a question written in the section through its New Question dialog …
      const section = page.getByRole('article', { name: /Default Section/ });
      await section.getByRole('button', { name: 'New Question' }).click();
      const q = page.getByRole('dialog', { name: /^Create Question in Default Section/ });
      await q.getByLabel('Question Text', { exact: true }).fill(`Written in the section ${tag}: 2 + 1?`);
      for (const [i, t] of ['2', '3', '4'].entries())
        await q.getByLabel(`Choice (${'abc'[i]})`, { exact: true }).fill(t);
      await q.getByRole('radio', { name: 'Choice (b) is correct' }).check();
      await q.getByRole('checkbox', { name: 'Arithmetic', exact: true }).check();
      await shot(page, 'quick-tests-wizard-new-question');
      await q.getByRole('button', { name: 'Save', exact: true }).click();
      await toast(page, sectionMessages.questionCreated).waitFor();
      await q.waitFor({ state: 'detached' });
      await page.getByText('Fixed: 1', { exact: true }).first().waitFor();
      // the readiness warning was about the empty section: stale now, so it is gone
      await page.getByRole('alert').filter({ hasText: m.notActivated }).waitFor({ state: 'detached' });
      // … and a spreadsheet uploaded into it through the import dialog
      await page.getByRole('button', { name: 'Upload Spreadsheet' }).first().click();
      const d = page.getByRole('dialog', { name: 'Import Questions' });
      await d.getByRole('combobox', { name: /^Topic/ }).click();
      await page
        .getByRole('option', { name: /Arithmetic/ })
        .first()
        .click();
      await d.getByTestId('spreadsheet-file').setInputFiles({
        name: 'quick.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await filledTemplate(page, tag),
      });
      await d.getByRole('button', { name: 'Upload', exact: true }).click();
      await d.getByText(sm.uploadSuccess, { exact: true }).waitFor({ timeout: 120_000 });
      await d.getByRole('button', { name: 'OK', exact: true }).click();
      await d.waitFor({ state: 'hidden' });
      // 1 written + the template's 8 uploaded
      await page.getByText('Fixed: 9', { exact: true }).first().waitFor();
      await shot(page, 'quick-tests-wizard-sections');
      // 9 fixed questions in a section that allows 5 would not be ready (issue 27): the section now allows 9
      await section.getByRole('button', { name: 'Edit Default Section' }).click();
      const edit = page.getByRole('dialog', { name: 'Update Section' });
      await edit.getByLabel(/^Number of Questions Allowed/).fill('9');
      await edit.getByRole('button', { name: 'Update' }).click();
      await edit.waitFor({ state: 'detached' });

      // Save & Next activates (Ready) and moves to the schedule after 3 s
      await page.getByRole('button', { name: 'Save & Next' }).click();
      await toast(page, testMessages.activatedAndSaved).waitFor();
      await page.getByRole('button', { name: 'Schedule Test' }).waitFor();
      // the address follows the tab
      await page.waitForURL((u) => u.searchParams.get('tab') === '2');
      await checkA11y(page);

      // Schedule through the tab's schedule dialog (the schedule rules: start ≥ 48 h ahead, assigned 48 h
      // before by default); its save moves to Students Onboarding
      const sched = await ok<{ now: string }>(
        await page.request.get(url(path(se.testScheduling.path, { testId }))),
      );
      const begin = minute(new Date(sched.now).getTime() + 72 * H);
      await page.getByRole('button', { name: 'Schedule Test' }).click();
      const dialog = page.getByRole('dialog', { name: `Test Schedule/Assign: ${name}` });
      await dialog.getByRole('radio', { name: 'Later' }).waitFor();
      await setPicker(dialog, 'Start Date', begin);
      await setPicker(dialog, 'End Date', new Date(begin.getTime() + 2 * H));
      const save = dialog.getByRole('button', { name: 'Save' });
      await expect.poll(() => save.isDisabled()).toBe(false);
      await shot(page, 'quick-tests-wizard-schedule');
      await save.click();
      await page
        .getByRole('dialog')
        .filter({ hasText: scheduleMessages.confirmTest })
        .getByRole('button', { name: /OK|Yes|Confirm/ })
        .click();
      await toast(page, scheduleMessages.testScheduled).waitFor();
      await dialog.waitFor({ state: 'detached' });
      const stored = await ok<{ startDate: string; assignDate: string }>(
        await page.request.get(url(path(se.testScheduling.path, { testId }))),
      );
      expect(stored.startDate).toBe(begin.toISOString());
      expect(stored.assignDate).toBe(new Date(begin.getTime() - 48 * H).toISOString());

      // Students Onboarding (the wizard moved there when the schedule was saved): one student assigned
      await tabs.getByRole('tab', { name: 'Students Onboarding', selected: true }).waitFor();
      await page.waitForURL((u) => u.searchParams.get('tab') === '3');
      // a tab picked by hand moves the address too, and a reload opens the tab the address names
      await tabs.getByRole('tab', { name: 'Sections' }).click();
      await page.waitForURL((u) => u.searchParams.get('tab') === '1');
      await page.reload();
      await tabs.getByRole('tab', { name: 'Sections', selected: true }).waitFor();
      expect(Number(new URL(page.url()).searchParams.get('testId'))).toBe(testId);
      await tabs.getByRole('tab', { name: 'Students Onboarding' }).click();
      await page.waitForURL((u) => u.searchParams.get('tab') === '3');
      await page.getByRole('button', { name: 'Assign To Student' }).click();
      const mapping = page.getByRole('dialog', { name: `Test User Mapping for: ${name}` });
      const available = mapping.getByRole('grid', { name: 'Available students' });
      await available
        .getByRole('row')
        .filter({ hasText: 'asha.quick@example.com' })
        .getByRole('checkbox')
        .check();
      await mapping.getByRole('button', { name: 'Assign (1)' }).click();
      await mapping
        .getByRole('grid', { name: 'Assigned students' })
        .getByRole('row')
        .filter({ hasText: 'asha.quick@example.com' })
        .waitFor();
      await mapping.getByRole('button', { name: 'Close' }).first().click();
      await page.getByRole('button', { name: 'Previous' }).waitFor();
      await shot(page, 'quick-tests-wizard-students');

      // Save → home after 3 s; the card is Scheduled (blue)
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL(/\/admin\/simplifiedtesthome/);
      const list2 = await ok<{ totalCount: number }>(
        await page.request.get(url(quickTestEndpoints.list.path)),
      );
      expect(list2.totalCount).toBeGreaterThan(4);
      const mine = card(page, name);
      await mine.waitFor();
      expect(await mine.getAttribute('data-state')).toBe('scheduled');
      expect(await mine.evaluate((e) => getComputedStyle(e).borderTopColor)).toBe('rgb(21, 101, 192)');
      await mine.getByText('1 student').waitFor();
      await shot(page, 'quick-tests-home-scheduled');
    },
    LONG,
  );
});
