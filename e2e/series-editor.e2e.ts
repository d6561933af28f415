// The test series editor in the browser (issue 14, /admin/course): one happy path through the real server — a
// series made through the three steps with the demo's DEMO-READY and DEMO-PUB (one a trial), saved as a draft,
// reopened by ?courseId= and saved Ready; axe on each step. The field rules, 'Please select test(s)', a test
// removed again, the conflict and the read-only published series are the component test's
// (features/series/editor/CourseEditorPage.browser.test.tsx) and the API's (series-editor-*.int.test.ts).

import { seriesEditorMessages as m, seriesEditorEndpoints as se } from '@assess/contracts/series';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOf } from './support/api';
import { checkA11y, shot, signIn, url, useBrowser, waitForPath } from './support/browser';
import { textbox, unique } from './support/catalogue';
import { dayShown } from './support/dates';

const LONG = 240_000;
const STEP = 45_000;
const stepForm = (page: Page, name: string) => page.getByRole('form', { name });
const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();
const seriesRows = (page: Page) =>
  page.getByRole('table', { name: 'Tests in this series' }).locator('tbody tr');

describe('test series editor (/admin/course)', () => {
  const s = useBrowser();

  it(
    'creates a series with two tests and a trial, saved as a draft, reopened and saved Ready',
    async () => {
      const { page } = s;
      page.setDefaultTimeout(STEP);
      await signIn(page, 'erp@example.com');
      const codes = ['DEMO-READY', 'DEMO-PUB'];
      const tag = unique();
      const name = `E2E Series ${tag}`;

      // Information
      await page.goto(url('/admin/course'));
      await page.getByRole('heading', { name: 'New Test Series' }).waitFor();
      await textbox(page, 'Course Code').fill(`E2E-${tag}`);
      await textbox(page, 'Course Name').fill(name);
      await page.getByRole('textbox', { name: 'Description' }).fill('Two tests for the E2E run.');
      await textbox(page, 'Duration').fill('30');
      await textbox(page, 'Price').fill('499');
      await checkA11y(page);
      await shot(page, 'series-editor-information');
      await next(page);

      // Test: created as a draft on the first Next; add both, the second as a trial
      await stepForm(page, 'Test').waitFor();
      await page.waitForURL((u) => u.searchParams.has('courseId'));
      const courseId = Number(new URL(page.url()).searchParams.get('courseId'));
      expect(await page.getByTestId('series-status').textContent()).toBe('Draft');
      const offered = page.getByRole('group', { name: 'Tests offered' });
      for (const code of codes)
        await offered.getByRole('checkbox', { name: new RegExp(`^${code} ·`) }).check();
      await page.getByRole('button', { name: 'Add selected (2)' }).click();
      await page.getByText(m.testAdded).first().waitFor();
      await expect.poll(() => seriesRows(page).count()).toBe(2);
      // a test removed again (its message): apps/web/src/features/series/editor/CourseEditorPage.browser.test.tsx
      // 'the Test step adds …' and apps/api/src/modules/series/series-editor-tests.int.test.ts (issue 23)
      const trial = page.getByRole('switch', { name: `Trial: ${codes[1]}` });
      await trial.click();
      await page.getByText(m.subscriptionChanged).first().waitFor();
      await expect.poll(() => trial.isChecked()).toBe(true);
      await checkA11y(page);
      await shot(page, 'series-editor-tests');
      await next(page);

      // Configuration, then Save as Draft: back to the list
      await stepForm(page, 'Configuration').waitFor();
      expect(await dayShown(stepForm(page, 'Configuration'), 'Expiry Date')).toBe('31-Dec-2099');
      await checkA11y(page);
      await page.getByRole('button', { name: 'Save as Draft' }).click();
      await page.getByText(m.saved).first().waitFor();
      await waitForPath(page, '/admin/testSeries');
      const api = apiOf(page);
      let stored = await api.call(se.get, { params: { courseId } });
      expect(stored).toMatchObject({ status: 1, name, duration: 30, price: 499 });
      expect(stored.tests.map((t) => [t.code, t.testSubscriptionStatus])).toEqual([
        [codes[0], 1],
        [codes[1], 2],
      ]);

      // reopened by its address: 'Update Test Series: {name}', the tests and the trial kept; Save makes it Ready
      await page.goto(url(`/admin/course?courseId=${courseId}`));
      await page.getByRole('heading', { name: `Update Test Series: ${name}` }).waitFor();
      expect(await textbox(page, 'Course Code').inputValue()).toBe(`E2E-${tag}`);
      await next(page);
      await stepForm(page, 'Test').waitFor();
      await expect.poll(() => seriesRows(page).count()).toBe(2);
      expect(await page.getByRole('switch', { name: `Trial: ${codes[1]}` }).isChecked()).toBe(true);
      await next(page);
      await stepForm(page, 'Configuration').waitFor();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText(m.saved).first().waitFor();
      await waitForPath(page, '/admin/testSeries');
      stored = await api.call(se.get, { params: { courseId } });
      expect(stored.status).toBe(2);
    },
    LONG,
  );
});
