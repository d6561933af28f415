// Topic-wise tests in the browser (issue 16; part 3 §2 "Topic-wise test wizard", §5, §8 "Topic-wise create"):
// erp@example.com builds 2 sets × 3 topics through the three steps, lands on the tests list; a second run over
// the same topics and one more meets the codes it already made and shows the codes dialog. axe and screenshots.
// The topics and their Ready questions are made here through the API (the demo bank holds too few per topic).

import { testLimits, testListEndpoints as tl } from '@assess/contracts/tests';
import { topicwiseMessages as m } from '@assess/contracts/topicwise';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkA11y, shot, signIn, url, useBrowser, waitForPath } from './support/browser';
import { dayShown, dayText, setDay } from './support/dates';

const tag = `W${Date.now().toString(36).slice(-5).toUpperCase()}`;

async function ok<T>(res: { ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<T> }) {
  if (!res.ok()) throw new Error(`${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}
const post = async <T>(page: Page, path: string, data: unknown) =>
  ok<T>(await page.request.post(url(path), { data }));

/** A category with four leaf topics, each holding 2 Ready SCQ and 2 Ready NUMERICAL questions. */
async function bank(page: Page) {
  const cat = await post<{ node: { id: number } }>(page, '/api/question-bank/categories', {
    name: `Topicwise ${tag}`,
  });
  const topics: number[] = [];
  for (let i = 1; i <= 4; i++) {
    const t = await post<{ node: { id: number } }>(page, '/api/question-bank/topics', {
      name: `Topic ${i}`,
      categoryId: cat.node.id,
    });
    topics.push(t.node.id);
  }
  await Promise.all(
    topics.flatMap((topicId, i) =>
      [1, 2].flatMap((n) => [
        post(page, '/api/questions', {
          code: `${tag}S${i}${n}`,
          questionType: 2,
          contentType: 1,
          status: 2,
          text: `Topic ${i + 1}: which is even? (${n})`,
          choices: [
            { text: '3', image: null },
            { text: '4', image: null },
          ],
          correctChoices: [2],
          topicIds: [topicId],
        }),
        post(page, '/api/questions', {
          code: `${tag}N${i}${n}`,
          questionType: 4,
          contentType: 1,
          status: 2,
          text: `Topic ${i + 1}: 6 × 7 = ? (${n})`,
          numericAnswer: 42,
          topicIds: [topicId],
        }),
      ]),
    ),
  );
}

/** Step 1: the category, then topics by name. */
async function chooseTopics(page: Page, names: string[]) {
  await page.goto(url('/admin/tests'));
  await page.getByRole('combobox', { name: /^Category/ }).click();
  await page.getByRole('option', { name: `Topicwise ${tag}` }).click();
  const group = page.getByRole('group', { name: 'Topics' });
  for (const n of names) await group.getByRole('checkbox', { name: n, exact: true }).check();
}

async function fill(page: Page, label: RegExp, value: string) {
  const box = page.getByRole('textbox', { name: label });
  await box.fill(value);
}

async function sectionAndConfiguration(page: Page) {
  await page.getByRole('button', { name: 'Next' }).click();
  await fill(page, /^Questions Allowed/, '2');
  await fill(page, /^SCQ Question Count/, '1');
  await fill(page, /^NUMERICAL Question Count/, '1');
  await fill(page, /^setCount/, '2');
  await page.getByRole('button', { name: 'Next' }).click();
  await fill(page, /^Code Prefix/, tag);
  await fill(page, /^Name Prefix/, `TW ${tag}`);
}

describe('Topic-wise test wizard (/admin/tests)', () => {
  const s = useBrowser();

  it('creates 2 sets × 3 topics, then shows the codes dialog when a second run meets them', async () => {
    const { page } = s;
    page.setDefaultTimeout(45_000);
    await signIn(page, 'erp@example.com');
    await bank(page);

    await chooseTopics(page, ['Topic 1', 'Topic 2', 'Topic 3']);
    await page.getByText('3 topic(s) chosen').waitFor();
    await shot(page, 'topicwise-select-topics');
    await checkA11y(page);
    await sectionAndConfiguration(page);
    // §5 defaults
    expect(await page.getByRole('textbox', { name: /^Welcome Message/ }).inputValue()).toBe('Welcome');
    expect(await page.getByRole('textbox', { name: /^Feedback Mastery/ }).inputValue()).toBe('Excellent !');
    // the expiry reads and takes DD-Mon-YYYY, like every date of the console
    expect(await dayShown(page, 'Expiry Date')).toBe(dayText(testLimits.expiryDefault));
    await setDay(page, 'Expiry Date', '2030-06-15');
    expect(await dayShown(page, 'Expiry Date')).toBe('15-Jun-2030');
    await shot(page, 'topicwise-test-configuration');
    await checkA11y(page);
    await page.getByRole('button', { name: m.createTests }).click();
    await page.getByRole('alert').filter({ hasText: m.created }).first().waitFor();
    await waitForPath(page, '/admin/testhome');
    const list = await ok<{ items: { code: string; status: number }[] }>(
      await page.request.get(url(`${tl.list.path}?contentFilter=1&pageSize=30&code=${tag}`)),
    );
    expect(list.items.map((i) => i.code).sort()).toHaveLength(6);
    expect(list.items.every((i) => i.status === 1)).toBe(true);

    // a second run over the same three topics and a fourth: 2 created, 6 codes clash
    await chooseTopics(page, ['Topic 1', 'Topic 2', 'Topic 3', 'Topic 4']);
    await sectionAndConfiguration(page);
    await page.getByRole('button', { name: m.createTests }).click();
    const dialog = page.getByRole('dialog', { name: 'Topic-wise tests' });
    await dialog.getByText(m.partial(2, 8)).waitFor();
    expect(await dialog.getByTestId('topicwise-codes').locator('li').count()).toBe(5);
    await dialog.getByText(m.andMore(2)).waitFor();
    await shot(page, 'topicwise-codes-dialog');
    await checkA11y(page);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await waitForPath(page, '/admin/testhome');
  }, 240_000);
});
