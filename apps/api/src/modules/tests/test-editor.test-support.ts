import { type SectionFormInput, sectionEndpoints } from '@assess/contracts/sections';
import { afterAll, beforeAll, expect } from 'vitest';
import { type Caller, type Client, type demoIds, erpAndPartner, given, signedIn } from '../../../test/given';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createTestEditorRepository } from './test-editor.repository';

export let t: TestApp;
export let erp: Caller;
export let partner: Caller;
export let ids: Awaited<ReturnType<typeof demoIds>>;

export let seq = 0;
export const info = (extra: Record<string, unknown> = {}) => {
  seq += 1;
  return { code: `T-${seq}`, name: `Editor test ${seq}`, ...extra };
};
export const config = {
  difficultyLevel: 2,
  duration: 60,
  passingScore: 2,
  masteryScore: 4,
  totalScore: 5,
  attemptsAllowed: 1,
  questionsPerPage: 2,
  pointsPerQuestion: 1,
  negativePointsPerQuestion: 0,
  expiryDate: '2099-12-31',
  navigationAllowed: true,
  showHint: false,
  showBookmark: false,
  showResult: true,
  showTimer: true,
  passFeedback: 'Passed',
  failFeedback: 'Failed',
  masteryFeedback: 'Great',
};

export async function create(by = erp, body = info()) {
  const res = await by.post('/api/tests', body);
  expect(res.statusCode, res.body).toBe(201);
  return { ...body, ...(res.json() as { testId: number; version: number }) };
}

/** The test's stored row, read by the tests module's own repository (what the editor saved, whoever may see it). */
export async function stored(testId: number) {
  const row = await createTestEditorRepository(t.deps.db).find(testId);
  if (!row) throw new Error(`no test ${testId}`);
  return row;
}
/** How many tests the provider has, as the package's Tests limit counts them (the module's repository). */
export const countTests = (providerId: number) =>
  createTestEditorRepository(t.deps.db).countTests(providerId);

let editor: Client | undefined;
/** The ERP user through the contracts' endpoints (the sections area and the question bank, as the console). */
const erpClient = async () => (editor ??= await signedIn(t, 'erp@example.com'));

/** `n` new SCQ questions of the ERP's bank, Draft (1) or Ready (2), in a fresh topic (the question bank); their ids. */
export async function newQuestions(status: 1 | 2, n: number) {
  const made = await given(t).questions(n, { status });
  return made.map((q) => q.questionId);
}

/** A section form of the editor's tests: 'Section <code>', no points of its own, the default choice format. */
export const sectionForm = (
  code: string,
  questionCount: number,
  extra: Partial<SectionFormInput> = {},
): SectionFormInput => ({
  code,
  name: `Section ${code}`,
  questionCount,
  maxQuestionForScore: null,
  pointsPerQuestion: null,
  negativePointsPerQuestion: null,
  passingScore: null,
  masteryScore: null,
  noOfChoices: null,
  ...extra,
});

/**
 * A section made through the sections area, as the test editor's Sections step makes it: its fixed picks in
 * order, and the topics it draws from at random when `topicIds` are given; the section's id.
 */
export async function addSection(
  testId: number,
  code: string,
  questionCount: number,
  fixed: number[],
  topicIds: number[] = [],
) {
  const c = await erpClient();
  const { section } = await c.call(sectionEndpoints.create, {
    params: { testId },
    body: sectionForm(code, questionCount),
  });
  if (fixed.length)
    await c.call(sectionEndpoints.addQuestions, {
      params: { poolId: section.poolId },
      body: { questionIds: fixed },
    });
  if (topicIds.length)
    await c.call(sectionEndpoints.setTopics, {
      params: { poolId: section.poolId },
      body: { topicIds, questionsPerTopic: null, randomizeType: 1 },
    });
  return section.poolId;
}

/** Registers the app of this area's API tests (built before the file's tests, closed after). */
export function useTestEditorApp() {
  beforeAll(async () => {
    t = await createTestApp();
    editor = undefined;
    ({ erp, partner, ids } = await erpAndPartner(t));
  });
  afterAll(() => t.close());
}
