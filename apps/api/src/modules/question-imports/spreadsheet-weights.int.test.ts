import { spreadsheetStatusSchema } from '@assess/contracts/question-imports';
import {
  type QuestionDetail,
  questionMessages as qm,
  questionDetailSchema,
} from '@assess/contracts/questions';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds } from '../../../test/given';
import { createTestApp, type TestApp } from '../../../test/harness';
import { multipartBody } from '../../../test/multipart';
import { waitFor } from '../../../test/wait';
import { questions } from '../../db/schema';
import { type ExampleRow, questionWorkbook } from './spreadsheet.template';

// Issue 26: partial credit through the spreadsheet upload ('Weight (%)' column): the weights reach the bank
// as the editor stores them, and a question read back from the bank, written again as sheet rows, imports
// with the same weights (the spreadsheet has no export of its own: the template's writer is its writer).
let t: TestApp;
let erp: string;
let ids: Awaited<ReturnType<typeof demoIds>>;
let motion: number;
const W = 'Weight (%)';

async function upload(book: Record<string, ExampleRow[][]>) {
  const body = await multipartBody([
    { field: 'options', value: JSON.stringify({ topicId: motion, choiceFormatId: 1 }) },
    { field: 'file', fileName: 'weights.xlsx', content: questionWorkbook(book) },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/question-imports/spreadsheet',
    headers: { cookie: erp, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return waitFor(async () => {
    const s = spreadsheetStatusSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/question-imports/spreadsheet/${res.json().taskId}`,
          headers: { cookie: erp },
        })
      ).json(),
    );
    return s.state === 'succeeded' || s.state === 'failed' ? s : undefined;
  }, 30_000);
}
/** The question as the Update Question dialog reads it. */
async function detail(code: string): Promise<QuestionDetail> {
  const [row] = await t.deps.db
    .select({ id: questions.questionId })
    .from(questions)
    .where(and(eq(questions.providerId, ids.erp), eq(questions.code, code)));
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/questions/${row.id}`,
    headers: { cookie: erp },
  });
  expect(res.statusCode, res.body).toBe(200);
  return questionDetailSchema.parse(res.json());
}
/** A bank question written back as sheet rows (choice, X on the correct ones, weight), under another code. */
const rowsOf = (q: QuestionDetail, code: string): ExampleRow[] =>
  q.choices.map((c, i) => ({
    ...(i === 0 ? { 'Question Code': code, Question: q.text ?? '' } : {}),
    Choice: c.text ?? '',
    ...(q.correctChoices.includes(i + 1) ? { 'Is Answer': 'X' } : {}),
    ...(c.weight === null ? {} : { [W]: c.weight }),
  }));

beforeAll(async () => {
  t = await createTestApp();
  erp = await t.signIn('erp@example.com');
  ids = await demoIds(t);
  motion = await ids.topicOf(ids.erp, 'Motion');
  await t.deps.jobs.startWorkers({ pollingIntervalSeconds: 0.5 });
});
afterAll(() => t.close());

describe("spreadsheet upload: choice weights ('Weight (%)')", () => {
  it('imports the weights, lists the bad ones with their reason, and a round trip keeps them', async () => {
    const s = await upload({
      'Multiple Choice Questions': [
        [
          { 'Question Code': 'WT-MCQ', Question: 'Which are even?', Choice: '2', [W]: 50 },
          { Choice: '4', [W]: '50%' },
          { Choice: '5', [W]: -100 },
        ],
        [
          { 'Question Code': 'WT-PLAIN', Question: 'Which is 1?', Choice: '1', 'Is Answer': 'X' },
          { Choice: '2' },
        ],
        [
          { 'Question Code': 'WT-BAD', Question: 'Bad sum', Choice: 'a', [W]: 50 },
          { Choice: 'b', [W]: 40 },
        ],
      ],
      'Single Choice Questions': [
        [
          { 'Question Code': 'WT-SCQ', Question: 'About 3?', Choice: '3', 'Is Answer': 'X', [W]: 1 },
          { Choice: '3.1', [W]: 0.5 },
          { Choice: '7' },
        ],
      ],
    });
    expect(s.state).toBe('succeeded');
    expect(s.result).toMatchObject({ totalQuestionCount: 4, uploadedQuestionCount: 3 });
    expect(s.result?.invalidQuestions).toEqual([
      { code: 'WT-BAD', sheet: 'Multiple Choice Questions', row: 7, reason: qm.weightsSum },
    ]);

    const mcq = await detail('WT-MCQ');
    expect(mcq.choices.map((c) => c.weight)).toEqual([50, 50, -100]);
    expect(mcq.correctChoices).toEqual([1, 2]);
    // an Excel percentage cell's fractions (1 = 100 %, 0.5 = 50 %)
    const scq = await detail('WT-SCQ');
    expect(scq.choices.map((c) => c.weight)).toEqual([100, 50, 0]);
    expect(scq.correctChoices).toEqual([1]);
    expect((await detail('WT-PLAIN')).choices.map((c) => c.weight)).toEqual([null, null]);

    // round trip: bank → sheet rows → upload → bank
    const again = await upload({
      'Multiple Choice Questions': [rowsOf(mcq, 'WT-MCQ-2'), rowsOf(await detail('WT-PLAIN'), 'WT-PLAIN-2')],
      'Single Choice Questions': [rowsOf(scq, 'WT-SCQ-2')],
    });
    expect(again.result).toMatchObject({ totalQuestionCount: 3, uploadedQuestionCount: 3 });
    for (const [from, to] of [
      ['WT-MCQ', 'WT-MCQ-2'],
      ['WT-SCQ', 'WT-SCQ-2'],
      ['WT-PLAIN', 'WT-PLAIN-2'],
    ]) {
      const [a, b] = [await detail(from), await detail(to)];
      expect(b.choices).toEqual(a.choices);
      expect(b.correctChoices).toEqual(a.correctChoices);
    }
  });
});
