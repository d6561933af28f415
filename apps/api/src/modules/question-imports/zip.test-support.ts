import { afterAll, beforeAll, expect } from 'vitest';
import yazl from 'yazl';
import { as, type Caller } from '../../../test/given';
import { createTestApp, type TestApp } from '../../../test/harness';
import { multipartBody } from '../../../test/multipart';
import { waitFor } from '../../../test/wait';
import { answersWorkbook, textImage, zipToBuffer } from './zip.example';

export let t: TestApp;
export let erp: Caller;
export let providerId: number;
export let categoryId: number;
export let algebraId: number;
export let linearId: number;
export let png: Buffer;
export const tag = `Z${Date.now().toString(36)}`;
export const root = `ZipCat ${tag}`;

export const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.deps.handle.sql.executeSql(text, values)).rows as T[];
export const count = async (text: string, values: unknown[] = []) =>
  Number((await q<{ n: number }>(text, values))[0].n);

export type Entry = { path: string; data?: Buffer; mode?: number; dir?: boolean; store?: boolean };
/** A zip of the entries (yazl); `rename` swaps same-length names afterwards (yazl refuses unsafe ones). */
export async function zipOf(entries: Entry[], rename: [string, string][] = []) {
  const zip = new yazl.ZipFile();
  for (const e of entries) {
    if (e.dir) zip.addEmptyDirectory(e.path);
    else
      zip.addBuffer(e.data ?? png, e.path, {
        ...(e.mode ? { mode: e.mode } : {}),
        ...(e.store ? { compress: false } : {}),
      });
  }
  let buf = await zipToBuffer(zip);
  for (const [from, to] of rename) {
    expect(from.length).toBe(to.length);
    buf = Buffer.from(buf.toString('latin1').split(from).join(to), 'latin1');
  }
  return buf;
}

/** The zip of the layout for topic Algebra › Linear: one question per type folder plus the answers. */
export async function goodZip(prefix: string, answers?: unknown[][]) {
  const base = `${root}/Algebra/Linear`;
  return zipOf([
    { path: `${base}/SCQ/${prefix}-S1.png` },
    { path: `${base}/SCQ/Solutions/${prefix}-S1.png` },
    { path: `${base}/MCQ/${prefix}-M1.png` },
    { path: `${base}/TF/${prefix}-T1.jpg`, data: await sharpJpeg() },
    { path: `${base}/Numerical/${prefix}-N1.png` },
    {
      path: `${base}/Answers.xlsx`,
      data: answersWorkbook(
        answers ?? [
          [`${prefix}-S1`, '(b)', 'LOW'],
          [`${prefix}-M1`, 'a, c', 'HIGH'],
          [`${prefix}-T1`, 'False', ''],
          [`${prefix}-N1`, 9.81, 3],
        ],
      ),
    },
  ]);
}
export async function sharpJpeg() {
  const sharp = (await import('sharp')).default;
  return sharp(png).jpeg().toBuffer();
}

export const send = async (
  url: string,
  file: { name: string; data: Buffer } | undefined,
  options: unknown = {},
  extraFile?: { name: string; data: Buffer },
) => {
  const body = await multipartBody([
    { field: 'options', value: JSON.stringify(options) },
    ...(file ? [{ field: 'file', fileName: file.name, content: file.data }] : []),
    ...(extraFile ? [{ field: 'file', fileName: extraFile.name, content: extraFile.data }] : []),
  ]);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: erp.cookie, ...body.headers },
    payload: body.payload,
  });
};
export const validate = (data: Buffer, options: unknown = {}, name = `${root}.zip`) =>
  send('/api/question-imports/zip/validate', { name, data }, options);
export const start = (data: Buffer, options: unknown = {}, name = `${root}.zip`) =>
  send('/api/question-imports/zip/import', { name, data }, options);
export const finished = (taskId: number) =>
  waitFor(async () => {
    const body = (await erp.get(`/api/question-imports/zip/tasks/${taskId}`)).json();
    return body.state === 'succeeded' || body.state === 'failed' ? body : undefined;
  }, 30_000);
export const outputsOf = (taskId: number) =>
  q<{ subTask: string; status: number; remark: string | null }>(
    'select sub_task "subTask", status, remark from task_outputs where task_id = $1 order by id',
    [taskId],
  );
export const snapshot = async () => ({
  questions: await count('select count(*) n from questions where provider_id = $1', [providerId]),
  files: await count('select count(*) n from files where provider_id = $1', [providerId]),
  tasks: await count("select count(*) n from tasks where task_type = 'questions.zipImport'"),
});

/** Registers the app of this area's API tests (built before the file's tests, closed after). */
export function useZipApp() {
  beforeAll(async () => {
    t = await createTestApp();
    erp = await as(t, 'erp@example.com');
    [{ provider_id: providerId }] = await q<{ provider_id: number }>(
      "select provider_id from users where user_name = 'erp@example.com'",
    );
    categoryId = (await erp.post('/api/question-bank/categories', { name: root })).json().node.id;
    algebraId = (await erp.post('/api/question-bank/topics', { name: 'Algebra', categoryId })).json().node.id;
    linearId = (
      await erp.post('/api/question-bank/topics', { name: 'Linear', parentTopicId: algebraId })
    ).json().node.id;
    png = await textImage(['What is x if 2x = 4?', '(a) 1  (b) 2  (c) 3  (d) 4']);
    await t.deps.jobs.startWorkers({ pollingIntervalSeconds: 0.5 });
  });
  afterAll(() => t.close());
}
