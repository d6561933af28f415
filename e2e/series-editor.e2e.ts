// The test series editor in the browser (issue 14, /admin/course): a series made through the three steps with
// three tests (the demo's DEMO-READY and DEMO-PUB and a Ready copy made through the API), the field rules and
// 'Please select test(s)', add / remove / trial with the spec's messages, saved as a draft, reopened by
// ?courseId= and saved; the demo's published series opens read-only. axe on every step; screenshots.

import {
  type OfferedTest,
  type SeriesDetail,
  seriesEditorEndpoints as se,
  seriesEditorMessages,
} from '@assess/contracts/series';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { checkA11y, shot, signIn, url, useBrowser, waitForPath } from './support/browser';

let seq = 0;
const unique = () => `${Date.now().toString(36).slice(-5)}${(seq++).toString(36)}`.toUpperCase();
const LONG = 240_000;
const STEP = 45_000;

async function ok<T>(res: { ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<T> }) {
  if (!res.ok()) throw new Error(`${res.status()} ${await res.text()}`);
  return res.json();
}

/** The demo tests the editor offers, and a third Ready test: a copy of DEMO-READY, activated. */
async function threeTests(page: Page) {
  const offered: OfferedTest[] = await ok(await page.request.post(url(se.testsForTopics.path), { data: {} }));
  const ready = offered.find((t) => t.code === 'DEMO-READY');
  const pub = offered.find((t) => t.code === 'DEMO-PUB');
  if (!ready || !pub) throw new Error(`demo tests missing: ${JSON.stringify(offered).slice(0, 400)}`);
  const tag = unique();
  const copy: { testId: number } = await ok(
    await page.request.post(url(`/api/tests/${ready.testId}/copy`), {
      data: { code: `SE-${tag}`, name: `Series E2E test ${tag}` },
    }),
  );
  await ok(await page.request.put(url(`/api/tests/${copy.testId}/activate`)));
  return [ready.code, pub.code, `SE-${tag}`];
}

const fill = (page: Page, label: string, value: string) =>
  page.getByRole('textbox', { name: new RegExp(`^${label}`) }).fill(value);
const stepForm = (page: Page, name: string) => page.getByRole('form', { name });
const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();
const seriesRows = (page: Page) =>
  page.getByRole('table', { name: 'Tests in this series' }).locator('tbody tr');

describe('test series editor (/admin/course)', () => {
  const s = useBrowser();
  beforeEach(() => s.page.setDefaultTimeout(STEP));

  it(
    'creates a series with three tests, saved as a draft, reopened and saved',
    async () => {
      const { page } = s;
      await signIn(page, 'erp@example.com');
      const codes = await threeTests(page);
      const tag = unique();
      const name = `E2E Series ${tag}`;

      // Information: the field rules, word for word
      await page.goto(url('/admin/course'));
      await stepForm(page, 'Information').waitFor();
      await page.getByRole('heading', { name: 'New Test Series' }).waitFor();
      await fill(page, 'Course Code', 'AB');
      await fill(page, 'Course Name', 'XY');
      await next(page);
      await page.getByText('Course code must be 3 to 20 characters.').waitFor();
      await page.getByText('Course name must be 3 to 200 characters.').waitFor();
      // the demo's JEE-M series holds that code: the live check says so
      await fill(page, 'Course Code', 'jee-m');
      await page.getByText('Course code already present').waitFor();
      await fill(page, 'Course Code', `E2E-${tag}`);
      await fill(page, 'Course Name', name);
      await page.getByRole('textbox', { name: 'Description' }).fill('Three tests for the E2E run.');
      await fill(page, 'Duration', '30');
      await fill(page, 'Price', '499');
      await checkA11y(page);
      await shot(page, 'series-editor-information');
      await next(page);

      // Test: created as a draft on the first Next
      await stepForm(page, 'Test').waitFor();
      await page.waitForURL((u) => u.searchParams.has('courseId'));
      const courseId = Number(new URL(page.url()).searchParams.get('courseId'));
      expect(await page.getByTestId('series-status').textContent()).toBe('Draft');
      await next(page);
      await page.getByRole('alert').filter({ hasText: 'Please select test(s)' }).waitFor();

      const offered = page.getByRole('group', { name: 'Tests offered' });
      for (const code of codes)
        await offered.getByRole('checkbox', { name: new RegExp(`^${code} ·`) }).check();
      await page.getByRole('button', { name: 'Add selected (3)' }).click();
      await page.getByText('Test added successfully').first().waitFor();
      await expect.poll(() => seriesRows(page).count()).toBe(3);
      // remove one and add it again
      await page.getByRole('button', { name: `Remove ${codes[1]}` }).click();
      await page.getByText('Test removed from course successfully.').first().waitFor();
      await expect.poll(() => seriesRows(page).count()).toBe(2);
      await offered.getByRole('checkbox', { name: new RegExp(`^${codes[1]} ·`) }).check();
      await page.getByRole('button', { name: 'Add selected (1)' }).click();
      await expect.poll(() => seriesRows(page).count()).toBe(3);
      // the copy is a trial test of the series
      const trial = page.getByRole('switch', { name: `Trial: ${codes[2]}` });
      await trial.click();
      await page.getByText('Test subscription changed.').first().waitFor();
      await expect.poll(() => trial.isChecked()).toBe(true);
      await checkA11y(page);
      await shot(page, 'series-editor-tests');
      await next(page);

      // Configuration, then Save as Draft: back to the list
      await stepForm(page, 'Configuration').waitFor();
      expect(await page.getByLabel('Expiry Date').inputValue()).toBe('2099-12-31');
      await checkA11y(page);
      await shot(page, 'series-editor-configuration');
      await page.getByRole('button', { name: 'Save as Draft' }).click();
      await page.getByText('Test series details saved successfully.').first().waitFor();
      await waitForPath(page, '/admin/testSeries');
      let stored: SeriesDetail = await ok(await page.request.get(url(`/api/series/${courseId}`)));
      expect(stored).toMatchObject({ status: 1, name, duration: 30, price: 499 });
      expect(stored.tests.map((t) => [t.code, t.testSubscriptionStatus])).toEqual([
        [codes[0], 1],
        [codes[2], 2],
        [codes[1], 1],
      ]);

      // reopened by its address: 'Update Test Series: {name}', the tests and the trial kept; Save makes it Ready
      await page.goto(url(`/admin/course?courseId=${courseId}`));
      await page.getByRole('heading', { name: `Update Test Series: ${name}` }).waitFor();
      expect(await page.getByRole('textbox', { name: /^Course Code/ }).inputValue()).toBe(`E2E-${tag}`);
      // someone else saves meanwhile: this save is refused (409) until the stored series is reloaded
      await ok(
        await page.request.put(url(`/api/series/${courseId}`), {
          data: {
            code: stored.code,
            name: stored.name,
            description: 'Changed in another tab.',
            difficultyLevel: stored.difficultyLevel,
            duration: stored.duration,
            price: stored.price,
            topicIds: stored.topicIds,
            objective: stored.objective,
            targetAudience: stored.targetAudience,
            expiryDate: stored.expiryDate,
            isDynamic: stored.isDynamic,
            draft: true,
            version: stored.version,
          },
        }),
      );
      await next(page);
      await page.getByText('Test Series Details Not Saved.').first().waitFor();
      await page.getByRole('alert').filter({ hasText: seriesEditorMessages.conflict }).waitFor();
      await page.getByRole('button', { name: 'Reload' }).click();
      await expect
        .poll(() => page.getByRole('textbox', { name: 'Description' }).inputValue())
        .toBe('Changed in another tab.');
      await next(page);
      await stepForm(page, 'Test').waitFor();
      await expect.poll(() => seriesRows(page).count()).toBe(3);
      expect(await page.getByRole('switch', { name: `Trial: ${codes[2]}` }).isChecked()).toBe(true);
      await next(page);
      await stepForm(page, 'Configuration').waitFor();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Test series details saved successfully.').first().waitFor();
      await waitForPath(page, '/admin/testSeries');
      stored = await ok(await page.request.get(url(`/api/series/${courseId}`)));
      expect(stored.status).toBe(2);
    },
    LONG,
  );

  it(
    "the demo's published series opens read-only (and the server refuses a change)",
    async () => {
      const { page } = s;
      await signIn(page, 'erp@example.com');
      let published: SeriesDetail | undefined;
      for (let id = 1; id <= 60 && !published; id++) {
        const res = await page.request.get(url(`/api/series/${id}`));
        if (res.ok()) {
          const d: SeriesDetail = await res.json();
          if (d.code === 'NEET-F') published = d;
        }
      }
      if (!published) throw new Error('demo series NEET-F not found');
      await page.goto(url(`/admin/course?courseId=${published.courseId}`));
      await page.getByRole('heading', { name: `Update Test Series: ${published.name}` }).waitFor();
      await page.getByText('A published test series cannot be changed.').waitFor();
      expect(await page.getByRole('textbox', { name: /^Course Code/ }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Save as Draft' }).count()).toBe(0);
      await checkA11y(page);
      await shot(page, 'series-editor-read-only');
      await next(page);
      await stepForm(page, 'Test').waitFor();
      await expect.poll(() => seriesRows(page).count()).toBe(published.tests.length || 1);
      expect(await page.getByRole('group', { name: 'Tests offered' }).count()).toBe(0);
      await next(page);
      await stepForm(page, 'Configuration').waitFor();
      expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
      const refused = await page.request.put(url(`/api/series/${published.courseId}`), {
        data: {
          code: published.code,
          name: 'Changed',
          description: null,
          difficultyLevel: 2,
          duration: null,
          price: null,
          topicIds: null,
          objective: null,
          targetAudience: null,
          expiryDate: '2099-12-31',
          isDynamic: false,
          draft: true,
          version: published.version,
        },
      });
      expect(refused.status()).toBe(403);
    },
    LONG,
  );
});
