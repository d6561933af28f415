import path from 'node:path';
import { emptyImportOptions, type ImportOptions, importSheetHeader } from '@assess/contracts/student-import';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { multipartBody } from '../../../test/multipart';
import { waitFor } from '../../../test/wait';

export let t: TestApp;
export let erp: string;
export let erpProviderId: number;
export let opts: ImportOptions;
export let courseId: number;
export const fixtures = path.resolve(import.meta.dirname, '../../../test/fixtures');

export const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.deps.handle.sql.executeSql(text, values)).rows as T[];
export const count = async (text: string, values: unknown[] = []) =>
  Number((await q<{ n: number }>(text, values))[0].n);

export const check = async (
  cookie: string,
  file: { name: string; data: Buffer } | undefined,
  options: unknown = opts,
) => {
  // The form's options (JSON) first, then the file, as the dialog sends them.
  const body = await multipartBody([
    { field: 'options', value: JSON.stringify(options) },
    ...(file ? [{ field: 'file', fileName: file.name, content: file.data }] : []),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/students/import/check',
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
};
export const start = (cookie: string, batchId: number) =>
  t.app.inject({ method: 'POST', url: `/api/students/import/${batchId}/start`, headers: { cookie } });
export const status = (cookie: string, batchId: number) =>
  t.app.inject({ method: 'GET', url: `/api/students/import/${batchId}`, headers: { cookie } });
export const finished = (cookie: string, batchId: number) =>
  waitFor(async () => {
    const body = (await status(cookie, batchId)).json();
    return body.state === 'succeeded' || body.state === 'failed' ? body : undefined;
  }, 20_000);

export const header = [...importSheetHeader];
/** An .xlsx of the given student rows (header added). */
export function sheet(rows: unknown[][], bookType: 'xlsx' | 'biff8' = 'xlsx') {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([header, ...rows]), 'Students');
  return XLSX.write(wb, { type: 'buffer', bookType }) as Buffer;
}
export const student = (
  i: number,
  over: Partial<Record<'name' | 'dob' | 'email' | 'mobile' | 'gender' | 'pass', unknown>> = {},
) => [
  'name' in over
    ? over.name
    : `Student ${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + (Math.floor(i / 26) % 26))}`,
  'dob' in over ? over.dob : '2008-01-15',
  'email' in over ? over.email : `s${i}.${Date.now()}@import.test`,
  '560001',
  'pass' in over ? over.pass : 'Sheet@123',
  'mobile' in over ? over.mobile : String(6000000000 + Math.floor(Math.random() * 999_999_999)),
  'gender' in over ? over.gender : 'Male',
];

/** Registers the app of this area's API tests (built before the file's tests, closed after). */
export function useStudentImportApp() {
  beforeAll(async () => {
    t = await createTestApp();
    erp = await t.signIn('erp@example.com');
    [{ provider_id: erpProviderId }] = await q<{ provider_id: number }>(
      "select provider_id from users where user_name = 'erp@example.com'",
    );
    const lookups = (
      await t.app.inject({ method: 'GET', url: '/api/students/import/lookups', headers: { cookie: erp } })
    ).json();
    courseId = lookups.courses[0].courseId;
    opts = {
      ...emptyImportOptions,
      stateId: lookups.states[0].id,
      cityId: lookups.cities[0].id,
      languageId: lookups.languages[0].id,
      boardId: lookups.boards[0].id,
      classId: lookups.classes[0].id,
      courseIds: [courseId],
    };
    await t.deps.jobs.startWorkers({ pollingIntervalSeconds: 0.5 });
  });
  afterAll(() => t.close());
}
