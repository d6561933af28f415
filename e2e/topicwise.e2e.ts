// Topic-wise tests in the browser (issue 16; part 3 §2 "Topic-wise test wizard", §5, §8 "Topic-wise create"):
// erp@example.com builds 2 sets × 3 topics through the three steps and lands on the tests list, the tests there.
// The topics and their Ready questions are made here through the API (the demo bank holds too few per topic).
// Moved down (issue 23): each step's messages, the §5 defaults, the expiry's DD-Mon-YYYY, the §8 answers and the
// codes dialog (apps/web/src/features/topicwise/TopicWiseWizardPage.browser.test.tsx); a second run meeting its
// own codes, the partial 409 (apps/api/src/modules/topicwise/*.int.test.ts).

import { questionBankEndpoints as qb } from '@assess/contracts/questions';
import { testListEndpoints as tl } from '@assess/contracts/tests';
import { topicwiseMessages as m } from '@assess/contracts/topicwise';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ApiClient, apiOf } from './support/api';
import { checkA11y, shot, signIn, url, useBrowser, waitForPath } from './support/browser';

const tag = `W${Date.now().toString(36).slice(-5).toUpperCase()}`;

/** A category with three leaf topics, each holding 2 Ready SCQ and 2 Ready NUMERICAL questions. */
async function bank(api: ApiClient) {
  const cat = await api.call(qb.createCategory, { body: { name: `Topicwise ${tag}` } });
  const topics: number[] = [];
  for (let i = 1; i <= 3; i++) {
    const t = await api.call(qb.createTopic, { body: { name: `Topic ${i}`, categoryId: cat.node.id } });
    topics.push(t.node.id);
  }
  // a Ready text question of the topic: SCQ (4 is even) or NUMERICAL (42)
  const ready = (topicId: number, code: string, text: string, answer: object) =>
    api.call(qb.create, { body: { code, contentType: 1, status: 2, text, topicIds: [topicId], ...answer } });
  const scq = {
    questionType: 2,
    choices: ['3', '4'].map((text) => ({ text, image: null })),
    correctChoices: [2],
  };
  await Promise.all(
    topics.flatMap((topicId, i) =>
      [1, 2].flatMap((n) => [
        ready(topicId, `${tag}S${i}${n}`, `Topic ${i + 1}: which is even? (${n})`, scq),
        ready(topicId, `${tag}N${i}${n}`, `Topic ${i + 1}: 6 × 7 = ? (${n})`, {
          questionType: 4,
          numericAnswer: 42,
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

  it('creates 2 sets × 3 topics and lands on the tests list with them', async () => {
    const { page } = s;
    page.setDefaultTimeout(45_000);
    await signIn(page, 'erp@example.com');
    const api = apiOf(page);
    await bank(api);

    await chooseTopics(page, ['Topic 1', 'Topic 2', 'Topic 3']);
    // the count of topics chosen: TopicWiseWizardPage.browser.test.tsx (issue 23)
    await shot(page, 'topicwise-select-topics');
    await checkA11y(page);
    await sectionAndConfiguration(page);
    await shot(page, 'topicwise-test-configuration');
    await checkA11y(page);
    await page.getByRole('button', { name: m.createTests }).click();
    // the success toast: TopicWiseWizardPage.browser.test.tsx (issue 23)
    await waitForPath(page, '/admin/testhome');
    const list = await api.call(tl.list, { query: { contentFilter: 1, pageSize: 30, code: tag } });
    expect(list.items).toHaveLength(6);
    expect(list.items.every((i) => i.status === 1)).toBe(true);
  }, 240_000);
});
