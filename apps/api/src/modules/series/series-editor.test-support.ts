import { TestStatus } from '@assess/contracts/tests';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { as, type Caller, demoIds } from '../../../test/given';
import { createTestApp, type TestApp } from '../../../test/harness';
import { courses, courseTests, licencePackages, tests } from '../../db/schema';

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
export const stored = async (courseId: number) =>
  (await t.deps.db.select().from(courses).where(eq(courses.courseId, courseId)))[0];
export const countSeries = async (providerId: number) =>
  (await t.deps.db.select({ n: count() }).from(courses).where(eq(courses.providerId, providerId)))[0].n;
export const mapped = async (courseId: number) =>
  (
    await t.deps.db
      .select({ testId: courseTests.testId })
      .from(courseTests)
      .where(eq(courseTests.courseId, courseId))
  ).map((r) => r.testId);

/** A Ready test of `providerId` written directly (the tests area's own rules are tested there). */
export async function readyTest(providerId: number, status: number = TestStatus.Ready) {
  seq += 1;
  const [row] = await t.deps.db
    .insert(tests)
    .values({ providerId, code: `ST-${seq}`, name: `Series test ${seq}`, status, isActive: true })
    .returning({ id: tests.testId });
  return row.id;
}

export async function withLimit(limits: Record<string, number>, run: () => Promise<void>) {
  const [platinum] = await t.deps.db.select().from(licencePackages).where(eq(licencePackages.packageId, 3));
  await t.deps.db
    .update(licencePackages)
    .set({ limits: { ...platinum.limits, ...limits } })
    .where(eq(licencePackages.packageId, 3));
  try {
    await run();
  } finally {
    await t.deps.db
      .update(licencePackages)
      .set({ limits: platinum.limits })
      .where(eq(licencePackages.packageId, 3));
  }
}

/** Registers the app of this area's API tests (built before the file's tests, closed after). */
export function useSeriesEditorApp() {
  beforeAll(async () => {
    t = await createTestApp();
    erp = await as(t, 'erp@example.com');
    partner = await as(t, 'partner@example.com');
    ids = await demoIds(t);
    const rows = await t.deps.db
      .select({ id: tests.testId, code: tests.code })
      .from(tests)
      .where(
        and(eq(tests.providerId, ids.erp), inArray(tests.code, ['DEMO-DRAFT', 'DEMO-READY', 'DEMO-PUB'])),
      );
    demo = Object.fromEntries(rows.map((r) => [r.code, r.id])) as typeof demo;
  });
  afterAll(() => t.close());
}
