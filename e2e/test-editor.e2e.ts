// The full test editor in the browser (issue 13): one happy path through the real server — a test made through
// the three steps, with two sections (one of fixed questions, one drawn at random by topic) made through the
// sections area's console, activated, published, previewed page by page, and its review options changed once
// published (issue 27); axe on the steps. The demo's HTML messages opening in the editor, the phone layout, the
// live code check, the server's refusals, the duration rule, the read-only views are the component test's
// (features/tests/editor/TestEditorPage.browser.test.tsx); activation's missing items the API's
// (apps/api/src/modules/tests/test-editor-readiness.int.test.ts).

import { sectionEndpoints } from '@assess/contracts/sections';
import { testEditorEndpoints as ed, testMessages } from '@assess/contracts/tests';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiOf } from './support/api';
import { checkA11y, shot, signIn, url, useBrowser } from './support/browser';
import { textbox, unique } from './support/catalogue';
import { makeReadyQuestions, makeTree } from './support/questionBank';

const LONG = 300_000;
const STEP = 45_000;

/** Two topics of a new category, each with `n` Ready SCQ questions, made through the API. */
async function makeBank(page: Page, n: number) {
  const { topics } = await makeTree(page, ['Fixed', 'Random']);
  for (const [k, name] of ['Fixed', 'Random'].entries())
    await makeReadyQuestions(page, topics[k].id, n, name, 2);
  return { fixed: topics[0], random: topics[1] };
}

/** Fills a labelled text or number field. */
const fill = (page: Page, label: string, value: string) => textbox(page, label).fill(value);
const stepForm = (page: Page, name: string) => page.getByRole('form', { name });
const status = (page: Page) => page.getByTestId('test-status');

describe('full test editor (/admin/test)', () => {
  const s = useBrowser();
  beforeEach(() => s.page.setDefaultTimeout(STEP));

  it(
    'creates a test through the three steps with two sections, activates, publishes and previews it; review options after',
    async () => {
      const { page } = s;
      await signIn(page, 'erp@example.com');
      const bank = await makeBank(page, 3);
      const tag = unique();
      const name = `E2E Editor Test ${tag}`;

      // Information
      await page.goto(url('/admin/test'));
      await stepForm(page, 'Information').waitFor();
      await fill(page, 'Test Code', `E2E-${tag}`);
      await fill(page, 'Test Name', name);
      const welcome = page.getByRole('textbox', { name: 'Welcome Message' });
      await welcome.click();
      await page.keyboard.type('Welcome to the E2E test.');
      await checkA11y(page);
      await shot(page, 'test-editor-information');
      await page.getByRole('button', { name: 'Next', exact: true }).click();

      // Configuration: created as a Draft on the first Next
      await stepForm(page, 'Configuration').waitFor();
      await page.waitForURL((u) => u.searchParams.has('testId'));
      const testId = Number(new URL(page.url()).searchParams.get('testId'));
      expect(await status(page).textContent()).toBe('Draft');
      await fill(page, 'Duration', '30');
      await fill(page, 'Total Score', '5');
      await fill(page, 'Passing Score', '3');
      await fill(page, 'Questions Per Page', '2');
      // review options (issue 27): right answers by default only after the close; also while the test is open
      const rightWhileOpen = page.getByRole('checkbox', {
        name: 'Right answers: Later, while the test is open',
      });
      expect(await rightWhileOpen.isChecked()).toBe(false);
      await rightWhileOpen.check();
      await checkA11y(page);
      await shot(page, 'test-editor-configuration');
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await stepForm(page, 'Questions').waitFor();
      const api = apiOf(page);
      const saved = await api.call(ed.get, { params: { testId } });
      expect(saved.reviewOptions.rightAnswers).toEqual({ immediately: false, open: true, closed: true });

      // two sections through the sections area's console: fixed questions from the picker, random by topic
      await page.getByRole('heading', { name: /^Sections/ }).waitFor();
      const sectionDialog = page.getByRole('dialog', { name: 'Create Section' });
      const addSection = async (code: string, sectionName: string, count: number) => {
        await page.getByRole('button', { name: 'Add Section' }).first().click();
        await sectionDialog.waitFor();
        await sectionDialog.getByLabel(/^Code/).fill(code);
        await sectionDialog.getByLabel(/^Section Name/).fill(sectionName);
        await sectionDialog.getByLabel(/^Number of Questions Allowed/).fill(String(count));
        await sectionDialog.getByRole('button', { name: 'Save' }).click();
        await sectionDialog.waitFor({ state: 'detached' });
      };
      await addSection('FIXED', 'Fixed questions', 3);
      const fixedCard = page.getByRole('article', { name: /Fixed questions/ });
      await fixedCard.getByRole('button', { name: 'Add Questions' }).click();
      const picker = page.getByRole('dialog', { name: /^Add questions to Fixed questions/ });
      await picker.getByRole('combobox', { name: 'Topic' }).click();
      await page.getByRole('option', { name: bank.fixed.name }).click();
      const rows = picker.getByRole('checkbox', { name: 'Select row' });
      await expect.poll(() => rows.count(), { timeout: STEP }).toBe(3);
      for (const i of [0, 1, 2]) await rows.nth(i).check();
      await picker.getByRole('button', { name: 'Add 3 selected' }).click();
      await picker.waitFor({ state: 'detached' });
      await fixedCard.getByText('Fixed: 3').waitFor();

      await addSection('RANDOM', 'Random by topic', 2);
      const randomCard = page.getByRole('article', { name: /Random by topic/ });
      await randomCard.getByRole('button', { name: 'Assign Topics' }).click();
      const topics = page.getByRole('dialog', { name: /^Assign topics to Random by topic/ });
      await topics.getByLabel('Find a topic').fill(bank.random.name);
      await topics.getByRole('checkbox', { name: bank.random.name }).check();
      await topics.getByRole('button', { name: 'Save' }).click();
      await topics.waitFor({ state: 'detached' });
      await randomCard.getByText('Random from 1 topic').waitFor();
      // the readiness items follow the sections: both can supply their questions
      const readinessPanel = page.getByTestId('readiness');
      await readinessPanel
        .locator('li[data-ok="true"]')
        .filter({ hasText: 'Every section can supply' })
        .waitFor();
      await checkA11y(page);

      // activate, then publish: the test becomes read-only
      await page.getByRole('button', { name: 'Activate', exact: true }).click();
      await page.getByRole('status').filter({ hasText: testMessages.activatedAndSaved }).waitFor();
      await status(page).filter({ hasText: 'Ready' }).waitFor();

      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await status(page).filter({ hasText: 'Published' }).waitFor();
      await page.getByText(testMessages.published).waitFor();
      expect(await page.getByRole('button', { name: 'Save as Draft' }).count()).toBe(0);
      await shot(page, 'test-editor-published');

      // preview: 3 fixed + 2 random questions, 2 a page: pages 2 + 1 (fixed) and 1 (random)
      await page.getByRole('button', { name: 'Preview', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Preview: ${name}` });
      await dialog.getByTestId('preview-page').filter({ hasText: 'Page 1 of 3' }).waitFor();
      await dialog.getByText('Welcome to the E2E test.').waitFor();
      expect(await dialog.getByTestId('preview-question').count()).toBe(2);
      await dialog.getByRole('button', { name: 'Next', exact: true }).click();
      await dialog.getByRole('button', { name: 'Next', exact: true }).click();
      await dialog.getByTestId('preview-page').filter({ hasText: 'Page 3 of 3' }).waitFor();
      await dialog.getByText(/Section 2: Random by topic/).waitFor();
      expect(await dialog.getByText('Random draw (sample)').count()).toBe(2);
      await checkA11y(page);
      await shot(page, 'test-preview');
      // closed by its button (an Escape can reach the page while focus falls from the last page's disabled Next)
      await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
      await dialog.waitFor({ state: 'detached' });

      // its review options still change, with their own Save (issue 27)
      await page.getByRole('button', { name: 'Previous', exact: true }).click();
      await stepForm(page, 'Configuration').waitFor();
      expect(await page.getByRole('textbox', { name: /^Passing Score/ }).isDisabled()).toBe(true);
      await page.getByRole('checkbox', { name: 'Solutions: Later, while the test is open' }).check();
      const [savedOptions] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith(`/api/tests/${testId}/review-options`)),
        page.getByRole('button', { name: 'Save review options' }).click(),
      ]);
      expect(savedOptions.status(), await savedOptions.text()).toBe(200);
      await page.getByRole('alert').filter({ hasText: 'Review options saved.' }).waitFor();
      await shot(page, 'test-editor-published-review-options');
      // what the server holds: Published, the new review option, two sections in order
      const held = await api.call(ed.get, { params: { testId } });
      expect(held.status).toBe(3);
      expect(held.reviewOptions.solutions).toEqual({ immediately: false, open: true, closed: true });
      const { sections } = await api.call(sectionEndpoints.list, { params: { testId } });
      expect(sections.map((x) => [x.code, x.fixedCount, x.randomizeType])).toEqual([
        ['FIXED', 3, 0],
        ['RANDOM', 0, 1],
      ]);
    },
    LONG,
  );

  // the demo's DEMO-DRAFT (HTML welcome and conclude messages, a slow first mount of TipTap) opens and reaches its
  // sections: apps/web/src/features/tests/editor/TestEditorPage.browser.test.tsx 'a test whose messages are HTML'
  // (issue 23); the demo test's seeded messages: apps/api/src/db/seed/demo-tests.ts
  // on a phone the steps and buttons fit: TestEditorPage.browser.test.tsx 'on a phone …' (issue 23)
});
