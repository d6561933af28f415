import { type Dashboard, dashboardSchema } from '@assess/contracts/dashboard';
import { aggregatorSummarySchema } from '@assess/contracts/providers';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testClock } from '../../../test/harness';
import { attempts, courses, courseTests, tests, users } from '../../db/schema';
import { DEMO_ANALYTICS_CODE } from '../../db/seed/demo-analytics';

// Part 3 §2 Admin dashboard (issue 24): the four cards per role and privilege, each contributed by its area
// through `dashboard.widgets`, and the Trending Test Series table (docs/FEATURES.md 3.2.04–3.2.07).
const DAY = 86_400_000;
const clock = testClock(new Date());
let t: TestApp;

const dashboardOf = async (email: string): Promise<Dashboard> => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/dashboard',
    headers: { cookie: await t.signIn(email) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return dashboardSchema.parse(res.json());
};
const ids = (d: Dashboard) => d.widgets.map((w) => w.id);
const countOf = (d: Dashboard, id: string) => {
  const w = d.widgets.find((x) => x.id === id);
  return w?.kind === 'count' ? w.count : undefined;
};
const trendingOf = (d: Dashboard) => {
  const w = d.widgets.find((x) => x.id === 'trendingSeries');
  return w?.kind === 'table' ? w.rows : undefined;
};
const providerOf = async (email: string) => {
  const [u] = await t.deps.db.select({ id: users.providerId }).from(users).where(eq(users.userName, email));
  return u.id;
};

let erpId: number;
let trendingCourseId: number;
let analyticsAttempts: number;

beforeAll(async () => {
  t = await createTestApp({ clock });
  const db = t.deps.db;
  erpId = await providerOf('erp@example.com');
  // A series of the ERP provider holding the demo analytics test, whose attempts started two days ago.
  const [test] = await db
    .select({ id: tests.testId })
    .from(tests)
    .where(and(eq(tests.providerId, erpId), eq(tests.code, DEMO_ANALYTICS_CODE)));
  await db
    .update(attempts)
    .set({ startedAt: new Date(clock().getTime() - 2 * DAY) })
    .where(eq(attempts.testId, test.id));
  const [{ n }] = await db.select({ n: count() }).from(attempts).where(eq(attempts.testId, test.id));
  analyticsAttempts = n;
  const [course] = await db
    .insert(courses)
    .values({ providerId: erpId, code: 'TREND-1', text: 'Trending Demo Series' })
    .returning({ id: courses.courseId });
  trendingCourseId = course.id;
  await db.insert(courseTests).values({ courseId: course.id, testId: test.id });
});
afterAll(() => t?.close());

describe('the four cards (part 3 §2)', () => {
  it('ERP (Platinum): Test Series, Tests, Questions, Students first, each counting the provider’s own', async () => {
    const d = await dashboardOf('erp@example.com');
    expect(ids(d).slice(0, 4)).toEqual(['testSeries', 'tests', 'questions', 'students']);
    const db = t.deps.db;
    const [series] = await db.select({ n: count() }).from(courses).where(eq(courses.providerId, erpId));
    const [own] = await db.select({ n: count() }).from(tests).where(eq(tests.providerId, erpId));
    expect(countOf(d, 'testSeries')).toBe(series.n);
    expect(countOf(d, 'tests')).toBe(own.n);
    expect(countOf(d, 'questions')).toBe(61);
    for (const id of ['providers', 'products', 'provisionLicenses', 'assignedLicenses', 'quickTests'])
      expect(ids(d)).not.toContain(id);
  });

  it('a quick-test provider gets Quick Tests in the second place', async () => {
    const d = await dashboardOf('quick@example.com');
    expect(ids(d)).toContain('quickTests');
    expect(ids(d)).not.toContain('tests');
    const [own] = await t.deps.db
      .select({ n: count() })
      .from(tests)
      .where(eq(tests.providerId, await providerOf('quick@example.com')));
    expect(countOf(d, 'quickTests')).toBe(own.n);
  });

  it('role 7 (aggregator): Providers, Products, Provision Licenses, Assigned Licenses = the licence summary', async () => {
    const d = await dashboardOf('aggregator@example.com');
    expect(ids(d).slice(0, 4)).toEqual(['providers', 'products', 'provisionLicenses', 'assignedLicenses']);
    for (const id of ['testSeries', 'tests', 'questions', 'students']) expect(ids(d)).not.toContain(id);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/licences/summary',
      headers: { cookie: await t.signIn('aggregator@example.com') },
    });
    const s = aggregatorSummarySchema.parse(res.json());
    expect(s.totalProvidersCount).toBeGreaterThan(0);
    expect(countOf(d, 'providers')).toBe(s.totalProvidersCount);
    expect(countOf(d, 'products')).toBe(s.totalProductsCount);
    expect(countOf(d, 'provisionLicenses')).toBe(s.provisionedLicensesCount);
    expect(countOf(d, 'assignedLicenses')).toBe(s.assignedLicensesCount);
  });

  it('Test Series shows only for packages 3 and 4: the trial (4) has it, the Silver subscriber not', async () => {
    expect(ids(await dashboardOf('trial@example.com'))).toContain('testSeries');
    expect(ids(await dashboardOf('subscriber@example.com'))).not.toContain('testSeries');
  });
});

describe('Trending Test Series (TrendingTestSeries; attempts started in the last 14 days)', () => {
  it('lists the series whose tests were attempted lately, most attempts first, with its test count', async () => {
    const rows = trendingOf(await dashboardOf('erp@example.com')) ?? [];
    expect(rows[0]).toEqual({
      courseId: trendingCourseId,
      name: 'Trending Demo Series',
      tests: 1,
      attempts: analyticsAttempts,
    });
    expect(analyticsAttempts).toBeGreaterThanOrEqual(60);
  });

  it('needs the privilege: Read Only (no TrendingTestSeries) gets no table', async () => {
    expect(trendingOf(await dashboardOf('readonly@example.com'))).toBeUndefined();
  });

  it("another provider does not see the ERP's series (not among its content providers)", async () => {
    const rows = trendingOf(await dashboardOf('quick@example.com')) ?? [];
    expect(rows.map((r) => r.courseId)).not.toContain(trendingCourseId);
  });

  it('attempts older than 14 days no longer count', async () => {
    clock.advance(13 * DAY); // started 15 days ago now (and past the 30 s cache)
    const rows = trendingOf(await dashboardOf('erp@example.com')) ?? [];
    expect(rows.map((r) => r.courseId)).not.toContain(trendingCourseId);
    expect(
      await t.deps.db
        .select()
        .from(courses)
        .where(inArray(courses.courseId, [trendingCourseId])),
    ).toHaveLength(1);
  });
});
