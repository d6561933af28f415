import { testListEndpoints } from '@assess/contracts/tests';
import { afterAll, beforeAll, expect } from 'vitest';
import { type Caller, clientOf, type demoIds, erpAndPartner, given } from '../../../test/given';
import { createTestApp, type TestApp } from '../../../test/harness';
import { setPackageLimit } from '../../../test/reference-data';
import { createSeriesEditorRepository, seriesTestsOf } from './series-editor.repository';

export let t: TestApp;
export let erp: Caller;
export let partner: Caller;
export let ids: Awaited<ReturnType<typeof demoIds>>;
export let demo: Record<'DEMO-DRAFT' | 'DEMO-READY' | 'DEMO-PUB', number>;

export let seq = 0;
export const form = (extra: Record<string, unknown> = {}) => {
  seq += 1;
  return {
    code: `SER-${seq}`,
    name: `Series ${seq}`,
    description: 'A series',
    difficultyLevel: 2,
    duration: 30,
    price: 499.5,
    topicIds: null,
    objective: null,
    targetAudience: null,
    expiryDate: '2099-12-31',
    isDynamic: false,
    draft: true,
    ...extra,
  };
};

export async function create(by = erp, body = form()) {
  const res = await by.post('/api/series', body);
  expect(res.statusCode, res.body).toBe(201);
  return { ...body, ...(res.json() as { courseId: number; version: number; status: number }) };
}
/** The series as stored, its count and its tests (the series editor's own repository). */
export const stored = async (courseId: number) => {
  const row = await createSeriesEditorRepository(t.deps.db).find(courseId);
  if (!row) throw new Error(`no series ${courseId}`);
  return row;
};
export const countSeries = (providerId: number) =>
  createSeriesEditorRepository(t.deps.db).countSeries(providerId);
export const mapped = async (courseId: number) =>
  (await seriesTestsOf(t.deps.db, courseId)).map((r) => r.testId);

/** A Ready test (one section, one question) of the ERP or the partner, made through the API. */
export async function readyTest(providerId: number) {
  const g = given(t, { as: providerId === ids.partner ? 'partner@example.com' : 'erp@example.com' });
  const { testId } = await g.test({ sections: [{ questions: await g.questions(1) }], status: 'ready' });
  return testId;
}

/** Runs `run` with the Platinum package's limits changed (reference data: apps/api/test/reference-data.ts). */
export async function withLimit(limits: Record<string, number>, run: () => Promise<void>) {
  const restore: (() => Promise<unknown>)[] = [];
  try {
    for (const [key, n] of Object.entries(limits)) restore.unshift(await setPackageLimit(t, 3, key, n));
    await run();
  } finally {
    for (const r of restore) await r();
  }
}

/** Registers the app of this area's API tests (built before the file's tests, closed after). */
export function useSeriesEditorApp() {
  beforeAll(async () => {
    t = await createTestApp();
    ({ erp, partner, ids } = await erpAndPartner(t));
    // the demo tests, as the ERP's tests list finds them by code
    const list = async (code: string) =>
      (
        await clientOf(t, erp.cookie).call(testListEndpoints.list, {
          query: { code, contentFilter: 1, pageNumber: 1, pageSize: 50 },
        })
      ).items.filter((x) => x.code === code);
    const rows = (await Promise.all(['DEMO-DRAFT', 'DEMO-READY', 'DEMO-PUB'].map(list))).flat();
    demo = Object.fromEntries(rows.map((r) => [r.code, r.testId])) as typeof demo;
  });
  afterAll(() => t.close());
}
