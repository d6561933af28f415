// The question bank journeys' helpers (e2e/question-bank*.e2e.ts): unique names, a tree and questions made
// through the typed API client, the dialog, toast, select and tree locators.
import {
  ContentType,
  type QuestionCreateInput,
  QuestionStatus,
  QuestionType,
  questionBankEndpoints as qb,
} from '@assess/contracts/questions';
import type { Locator, Page } from 'playwright-core';
import { beforeEach } from 'vitest';
import { apiOf } from './api';
import { signIn } from './browser';

let seq = 0;
/** A short name part unique in this run (letters and digits: valid in codes and names). */
export const unique = () => `${Date.now().toString(36).slice(-5)}${(seq++).toString(36)}`.toUpperCase();

/** A category with `topics` topics of the signed-in provider, made through the API. */
export async function makeTree(page: Page, topics: string[]) {
  const tag = unique();
  const api = apiOf(page);
  const cat = await api.call(qb.createCategory, { body: { name: `E2E Category ${tag}` } });
  const made = [];
  for (const name of topics)
    made.push(await api.call(qb.createTopic, { body: { name: `${name} ${tag}`, categoryId: cat.node.id } }));
  return { category: cat.node, topics: made.map((t) => t.node), tag };
}

/** A question made through the API (SCQ, text, two choices, the second correct, unless told). */
export async function makeQuestion(page: Page, topicId: number, patch: Partial<QuestionCreateInput> = {}) {
  const body: QuestionCreateInput = {
    code: `Q${unique()}`,
    questionType: QuestionType.SCQ,
    contentType: ContentType.Text,
    text: 'What is 2 + 2?',
    choices: [
      { text: '3', image: null },
      { text: '4', image: null },
    ],
    correctChoices: [2],
    topicIds: [topicId],
    status: QuestionStatus.Draft,
    ...patch,
  };
  return (await apiOf(page).call(qb.create, { body })).question;
}

/**
 * `n` Ready SCQ questions in a topic, made through the API: '<label> question <i>: what is <i - 1> + <add>?' with
 * the choices i and i + 1, the `add`-th correct.
 */
export async function makeReadyQuestions(
  page: Page,
  topicId: number,
  n: number,
  label: string,
  add: 1 | 2 = 1,
) {
  for (let i = 0; i < n; i++)
    await makeQuestion(page, topicId, {
      text: `${label} question ${i + 1}: what is ${i} + ${add}?`,
      choices: [
        { text: String(i + 1), image: null },
        { text: String(i + 2), image: null },
      ],
      correctChoices: [add],
      status: QuestionStatus.Ready,
    });
}

/** Long flows on a shared 2-core machine: the test's time and each step's wait. */
export const LONG = 300_000;
export const STEP = 45_000;
/** Every describe's pages wait longer than the default 15 s for each step. */
export const slowSteps = (s: { page: Page }) => beforeEach(() => s.page.setDefaultTimeout(STEP));

/** A valid 1×1 PNG (the server decodes and re-encodes what it stores). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads an image through the API; answers its id. */
export async function uploadImage(page: Page) {
  const body = new FormData();
  body.append('file', new Blob([PNG], { type: 'image/png' }), 'dot.png');
  return (await apiOf(page).call(qb.uploadImage, { body })).imageId;
}

export const signInErp = (page: Page) => signIn(page, 'erp@example.com');
export const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
export const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();
/** A select (MUI combobox) by label: opens it and picks the option. */
export async function pick(scope: Locator, page: Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
/** A tree item by its node name. */
export const treeItem = (page: Page, name: string) => page.getByRole('treeitem', { name, exact: true });
/** Selects (and opens) a tree node by its name. */
export const openNode = (page: Page, name: string) =>
  treeItem(page, name).locator('.tree-row').first().click();
/** Answers Delete in the confirmation. */
export const confirmDelete = (page: Page) =>
  page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Delete' }).click();
