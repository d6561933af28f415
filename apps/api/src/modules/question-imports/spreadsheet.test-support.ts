import {
  spreadsheetMessages as m,
  type SpreadsheetStatus,
  spreadsheetStatusSchema,
} from '@assess/contracts/question-imports';
import { afterAll, beforeAll, expect } from 'vitest';
import { demoIds } from '../../../test/given';
import { createTestApp, type TestApp } from '../../../test/harness';
import { type MultipartPart, multipartBody } from '../../../test/multipart';
import { waitFor } from '../../../test/wait';
import type { ExampleRow } from './spreadsheet.template';

export let t: TestApp;
export let erp: string;
export let readonly: string;
export let ids: Awaited<ReturnType<typeof demoIds>>;
export let motion: number;
export let capitals: number;

export type Book = Record<string, ExampleRow[][]>;
export const scq = (code: string, extra: ExampleRow = {}): ExampleRow[] => [
  { 'Question Code': code, Question: `Question ${code}`, Choice: 'one', ...extra },
  { Choice: 'two', 'Is Answer': 'X' },
];

export async function send(cookie: string, parts: MultipartPart[], poolId?: number) {
  const body = await multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url: poolId ? `/api/sections/${poolId}/spreadsheet-upload` : '/api/question-imports/spreadsheet',
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
}
export const parts = (
  file: Buffer,
  options: Record<string, unknown> = {},
  name = 'questions.xlsx',
): MultipartPart[] => [
  { field: 'options', value: JSON.stringify({ topicId: motion, choiceFormatId: 1, ...options }) },
  { field: 'file', fileName: name, content: file },
];
export const status = async (taskId: number, cookie = erp) =>
  t.app.inject({ method: 'GET', url: `/api/question-imports/spreadsheet/${taskId}`, headers: { cookie } });
export const finished = (taskId: number) =>
  waitFor(async () => {
    const s = spreadsheetStatusSchema.parse((await status(taskId)).json());
    return s.state === 'succeeded' || s.state === 'failed' ? s : undefined;
  }, 30_000);
/** Uploads and waits for the task; returns the final status. */
export async function uploaded(
  file: Buffer,
  options: Record<string, unknown> = {},
  poolId?: number,
): Promise<SpreadsheetStatus> {
  const res = await send(erp, parts(file, options), poolId);
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().message).toBe(m.checkTaskManager);
  return finished(res.json().taskId);
}
/** A new session of the ERP user (its privileges and limits read again). */
export async function signInErpAgain() {
  erp = await t.signIn('erp@example.com');
}

/** Registers the app of this area's API tests (built before the file's tests, closed after). */
export function useSpreadsheetApp() {
  beforeAll(async () => {
    t = await createTestApp();
    erp = await t.signIn('erp@example.com');
    readonly = await t.signIn('readonly@example.com');
    ids = await demoIds(t);
    motion = await ids.topicOf(ids.erp, 'Motion');
    capitals = await ids.topicOf(ids.partner, 'Capitals');
    await t.deps.jobs.startWorkers({ pollingIntervalSeconds: 0.5 });
  });
  afterAll(() => t.close());
}
