import { licenceMessages } from '@assess/contracts/access';
import { seriesEditorMessages as m } from '@assess/contracts/series';
import { TestStatus } from '@assess/contracts/tests';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type Caller, demoIds } from '../../../test/given';
import { createTestApp, type TestApp } from '../../../test/harness';
import {
  courses,
  courseTests,
  courseUsers,
  licencePackages,
  pools,
  poolTopics,
  tests,
  testUsers,
  users,
} from '../../db/schema';

let t: TestApp;
let erp: Caller;
let partner: Caller;
let ids: Awaited<ReturnType<typeof demoIds>>;
let demo: Record<'DEMO-DRAFT' | 'DEMO-READY' | 'DEMO-PUB', number>;

beforeAll(async () => {
  t = await createTestApp();
  erp = await as(t, 'erp@example.com');
  partner = await as(t, 'partner@example.com');
  ids = await demoIds(t);
  const rows = await t.deps.db
    .select({ id: tests.testId, code: tests.code })
    .from(tests)
    .where(and(eq(tests.providerId, ids.erp), inArray(tests.code, ['DEMO-DRAFT', 'DEMO-READY', 'DEMO-PUB'])));
  demo = Object.fromEntries(rows.map((r) => [r.code, r.id])) as typeof demo;
});
afterAll(() => t.close());

let seq = 0;
const form = (extra: Record<string, unknown> = {}) => {
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

async function create(by = erp, body = form()) {
  const res = await by.post('/api/series', body);
  expect(res.statusCode, res.body).toBe(201);
  return { ...body, ...(res.json() as { courseId: number; version: number; status: number }) };
}
const stored = async (courseId: number) =>
  (await t.deps.db.select().from(courses).where(eq(courses.courseId, courseId)))[0];
const countSeries = async (providerId: number) =>
  (await t.deps.db.select({ n: count() }).from(courses).where(eq(courses.providerId, providerId)))[0].n;
const mapped = async (courseId: number) =>
  (
    await t.deps.db
      .select({ testId: courseTests.testId })
      .from(courseTests)
      .where(eq(courseTests.courseId, courseId))
  ).map((r) => r.testId);

/** A Ready test of `providerId` written directly (the tests area's own rules are tested there). */
async function readyTest(providerId: number, status: number = TestStatus.Ready) {
  seq += 1;
  const [row] = await t.deps.db
    .insert(tests)
    .values({ providerId, code: `ST-${seq}`, name: `Series test ${seq}`, status, isActive: true })
    .returning({ id: tests.testId });
  return row.id;
}

async function withLimit(limits: Record<string, number>, run: () => Promise<void>) {
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

describe('Information step: create', () => {
  it('creates a draft (status 1, inactive) with the spec message; the code is trimmed', async () => {
    const s = await create(erp, form({ code: '  SER-TRIM  ' }));
    expect(s.status).toBe(1);
    const row = await stored(s.courseId);
    expect(row).toMatchObject({ code: 'SER-TRIM', status: 1, isActive: false, providerId: ids.erp });
    expect(row.price).toBe('499.50');
    const detail = (await erp.get(`/api/series/${s.courseId}`)).json();
    expect(detail).toMatchObject({ code: 'SER-TRIM', price: 499.5, duration: 30, readOnlyReason: null });
    expect(detail.expiryDate).toBe('2099-12-31');
  });

  it("answers 'Test series details saved successfully.'", async () => {
    const res = await erp.post('/api/series', form());
    expect(res.json().message).toBe('Test series details saved successfully.');
  });

  it("a non-draft save needs a test: 'Please select test(s)'", async () => {
    const before = await countSeries(ids.erp);
    const res = await erp.post('/api/series', form({ draft: false }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please select test(s)');
    expect(await countSeries(ids.erp)).toBe(before);
  });

  it('code and name: at least 3 characters, code at most 20', async () => {
    for (const [body, field, message] of [
      [form({ code: 'AB' }), 'code', m.codeLength],
      [form({ code: ' AB ' }), 'code', m.codeLength],
      [form({ code: 'X'.repeat(21) }), 'code', m.codeLength],
      [form({ name: 'AB' }), 'name', m.nameLength],
    ] as const) {
      const res = await erp.post('/api/series', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[field]).toContain(message);
    }
    expect((await erp.post('/api/series', form({ code: 'X'.repeat(20) }))).statusCode).toBe(201);
  });

  it('code and name are unique in the provider (case-insensitive), live checks included', async () => {
    const s = await create();
    const code = await erp.post('/api/series', form({ code: s.code.toLowerCase() }));
    expect(code.statusCode).toBe(400);
    expect(code.json().message).toBe('Course code already present');
    const name = await erp.post('/api/series', form({ name: s.name.toUpperCase() }));
    expect(name.statusCode).toBe(400);
    expect(name.json().message).toBe('Course name already present');
    expect((await erp.get(`/api/series/code-exists?value=${s.code}`)).json()).toEqual({ exists: true });
    expect((await erp.get(`/api/series/code-exists?value=${s.code}&courseId=${s.courseId}`)).json()).toEqual({
      exists: false,
    });
    expect((await erp.get(`/api/series/name-exists?value=${encodeURIComponent(s.name)}`)).json()).toEqual({
      exists: true,
    });
    // another provider may use the same code
    expect((await partner.post('/api/series', { ...form(), code: s.code })).statusCode).toBe(201);
  });

  it('the TestSeries package limit is counted on the server (consumed + 1 > limit is blocked)', async () => {
    const current = await countSeries(ids.erp);
    await withLimit({ TestSeries: current }, async () => {
      const res = await erp.post('/api/series', form());
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        `Your current package allows up to ${current} test series.Please upgrade to higher package to create additional test series.`,
      );
      expect(res.json().message).toBe(licenceMessages.TestSeries.replace('{n}', String(current)));
      expect(await countSeries(ids.erp)).toBe(current);
    });
    await withLimit({ TestSeries: current + 1 }, async () => {
      expect((await erp.post('/api/series', form())).statusCode).toBe(201);
    });
  });

  it("refuses another provider's topics or objective", async () => {
    const res = await erp.post('/api/series', form({ topicIds: [999_999] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(m.invalidTopic);
    const obj = await erp.post('/api/series', form({ objective: [999_999] }));
    expect(obj.json().message).toBe(m.invalidObjective);
  });
});

describe('Test step', () => {
  it('getTestsForTopics offers own Ready and Published tests, not Drafts, not those in the series', async () => {
    const all = (await erp.post('/api/series/tests-for-topics', {})).json();
    expect(all.map((o: { testId: number }) => o.testId)).toEqual(
      expect.arrayContaining([demo['DEMO-READY'], demo['DEMO-PUB']]),
    );
    const s = await create();
    const offered = (await erp.post('/api/series/tests-for-topics', { courseId: s.courseId })).json() as {
      testId: number;
      owned: boolean;
    }[];
    const offeredIds = offered.map((o) => o.testId);
    expect(offeredIds).toContain(demo['DEMO-READY']);
    expect(offeredIds).toContain(demo['DEMO-PUB']);
    expect(offeredIds).not.toContain(demo['DEMO-DRAFT']);
    await erp.post(`/api/series/${s.courseId}/tests`, { testIds: [demo['DEMO-READY']] });
    const after = (await erp.post('/api/series/tests-for-topics', { courseId: s.courseId })).json();
    expect(after.map((o: { testId: number }) => o.testId)).not.toContain(demo['DEMO-READY']);
    // by topic: DEMO-PUB draws random questions from a topic, DEMO-READY has fixed questions only
    const [drawn] = await t.deps.db
      .select({ topicId: poolTopics.topicId })
      .from(poolTopics)
      .innerJoin(pools, eq(pools.poolId, poolTopics.poolId))
      .where(eq(pools.testId, demo['DEMO-PUB']));
    const byTopic = (await erp.post('/api/series/tests-for-topics', { topicIds: [drawn.topicId] })).json();
    expect(byTopic.map((o: { testId: number }) => o.testId)).toContain(demo['DEMO-PUB']);
    expect(byTopic.map((o: { testId: number }) => o.testId)).not.toContain(demo['DEMO-READY']);
    // by objective: a test without that objective is not offered
    const objectiveOnly = (await erp.post('/api/series/tests-for-topics', { objective: [999_999] })).json();
    expect(objectiveOnly).toEqual([]);
  });

  it("adds and removes tests with the spec's messages; a Draft test or another provider's test is refused", async () => {
    const s = await create();
    const added = await erp.post(`/api/series/${s.courseId}/tests`, {
      testIds: [demo['DEMO-READY'], demo['DEMO-PUB']],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().message).toBe('Test added successfully');
    expect(added.json().tests.map((x: { testId: number }) => x.testId)).toEqual([
      demo['DEMO-READY'],
      demo['DEMO-PUB'],
    ]);
    const draft = await erp.post(`/api/series/${s.courseId}/tests`, { testIds: [demo['DEMO-DRAFT']] });
    expect(draft.statusCode).toBe(400);
    expect(draft.json().message).toBe(m.testNotOffered);
    const partnerReady = await readyTest(ids.partner);
    const foreign = await erp.post(`/api/series/${s.courseId}/tests`, { testIds: [partnerReady] });
    expect(foreign.statusCode).toBe(400);
    expect(await mapped(s.courseId)).toEqual([demo['DEMO-READY'], demo['DEMO-PUB']]);
    const none = await erp.post(`/api/series/${s.courseId}/tests`, { testIds: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields.testIds).toContain('Please select test(s)');

    const removed = await erp.delete(`/api/series/${s.courseId}/tests/${demo['DEMO-PUB']}`);
    expect(removed.json().message).toBe('Test removed from course successfully.');
    expect(await mapped(s.courseId)).toEqual([demo['DEMO-READY']]);
  });

  it('per-test subscription: normal (1) or trial (2)', async () => {
    const s = await create();
    await erp.post(`/api/series/${s.courseId}/tests`, { testIds: [demo['DEMO-READY']] });
    const res = await erp.put(`/api/series/${s.courseId}/tests/${demo['DEMO-READY']}/subscription`, {
      testSubscriptionStatus: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().tests[0].testSubscriptionStatus).toBe(2);
    const bad = await erp.put(`/api/series/${s.courseId}/tests/${demo['DEMO-READY']}/subscription`, {
      testSubscriptionStatus: 3,
    });
    expect(bad.statusCode).toBe(400);
  });

  it("the TestSeriesTests cap: 'Please upgrade to higher package to add more than {n} tests.'", async () => {
    const s = await create();
    await erp.post(`/api/series/${s.courseId}/tests`, { testIds: [demo['DEMO-READY'], demo['DEMO-PUB']] });
    const third = await readyTest(ids.erp);
    await withLimit({ TestSeriesTests: 2 }, async () => {
      const res = await erp.post(`/api/series/${s.courseId}/tests`, { testIds: [third] });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Please upgrade to higher package to add more than 2 tests.');
      expect(await mapped(s.courseId)).toHaveLength(2);
    });
    await withLimit({ TestSeriesTests: 3 }, async () => {
      expect((await erp.post(`/api/series/${s.courseId}/tests`, { testIds: [third] })).statusCode).toBe(200);
    });
  });

  it("tests added to a series with students are assigned to them: 'Newly test assigned successfully'", async () => {
    const s = await create();
    const students = await t.deps.db
      .selectDistinct({ id: courseUsers.userId })
      .from(courseUsers)
      .innerJoin(users, eq(users.userId, courseUsers.userId))
      .where(eq(users.providerId, ids.erp))
      .limit(2);
    expect(students.length).toBeGreaterThan(0);
    await t.deps.db.insert(courseUsers).values(students.map((u) => ({ courseId: s.courseId, userId: u.id })));
    const fresh = await readyTest(ids.erp);
    const res = await erp.post(`/api/series/${s.courseId}/tests`, { testIds: [fresh] });
    expect(res.json().message).toBe('Newly test assigned successfully');
    expect(res.json().assignedStudents).toBe(students.length);
    // the series' students hold the test through student_tests: its assigned list shows them, no row written
    const holders = async () =>
      (await erp.get(`/api/tests/${fresh}/students?pageSize=100`)).json().items as {
        userId: number;
        viaCourseId: number | null;
      }[];
    expect((await holders()).map((r) => r.viaCourseId)).toEqual(students.map(() => s.courseId));
    expect(await t.deps.db.select().from(testUsers).where(eq(testUsers.testId, fresh))).toEqual([]);

    // removing the test from a scheduled series takes it from the series' students (the assignment area's
    // rule); a student's own mapping of the test stays (attempts live elsewhere and are never deleted)
    const [own] = await t.deps.db.select().from(users).where(eq(users.userName, 'erp@example.com'));
    await t.deps.db.insert(testUsers).values({ testId: fresh, userId: own.userId });
    await erp.post(`/api/series/${s.courseId}/tests`, { testIds: [demo['DEMO-READY']] });
    await t.deps.db.update(courses).set({ scheduleStatus: 4 }).where(eq(courses.courseId, s.courseId));
    const removed = await erp.delete(`/api/series/${s.courseId}/tests/${fresh}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await holders()).map((r) => [r.userId, r.viaCourseId])).toEqual([[own.userId, null]]);
  });
});

describe('Save, Save as Draft, concurrency', () => {
  it('Save needs a test; then the series is Ready and active; a saved series keeps its last test', async () => {
    const s = await create();
    const body = { ...form(), code: s.code, name: s.name, draft: false, version: s.version };
    const empty = await erp.put(`/api/series/${s.courseId}`, body);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Please select test(s)');
    await erp.post(`/api/series/${s.courseId}/tests`, { testIds: [demo['DEMO-PUB']] });
    const saved = await erp.put(`/api/series/${s.courseId}`, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ status: 2, message: 'Test series details saved successfully.' });
    expect(await stored(s.courseId)).toMatchObject({ status: 2, isActive: true, version: s.version + 1 });
    const last = await erp.delete(`/api/series/${s.courseId}/tests/${demo['DEMO-PUB']}`);
    expect(last.statusCode).toBe(400);
    expect(last.json().message).toBe('Please select test(s)');
    expect(await mapped(s.courseId)).toEqual([demo['DEMO-PUB']]);
    // Save as Draft
    const draft = await erp.put(`/api/series/${s.courseId}`, {
      ...body,
      draft: true,
      version: saved.json().version,
    });
    expect(draft.json().status).toBe(1);
  });

  it('a stale version is refused with 409 and nothing is written', async () => {
    const s = await create();
    const body = { ...form(), code: s.code, draft: true, version: s.version };
    expect((await erp.put(`/api/series/${s.courseId}`, { ...body, name: 'First writer' })).statusCode).toBe(
      200,
    );
    const stale = await erp.put(`/api/series/${s.courseId}`, { ...body, name: 'Second writer' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(m.conflict);
    expect((await stored(s.courseId)).text).toBe('First writer');
  });

  it('updates check uniqueness against the other series only', async () => {
    const a = await create();
    const b = await create();
    const res = await erp.put(`/api/series/${b.courseId}`, {
      ...form(),
      code: a.code,
      name: b.name,
      version: b.version,
    });
    expect(res.json().message).toBe('Course code already present');
    const own = await erp.put(`/api/series/${b.courseId}`, {
      ...form(),
      code: b.code,
      name: b.name,
      version: b.version,
    });
    expect(own.statusCode).toBe(200);
  });
});

describe('read-only and tenant boundary', () => {
  it('a published series or one in progress (scheduleStatus 5) is read-only, and the server refuses changes', async () => {
    for (const [change, reason] of [
      [{ status: TestStatus.Published }, m.published],
      [{ scheduleStatus: 5 }, m.inProgress],
    ] as const) {
      const s = await create();
      await erp.post(`/api/series/${s.courseId}/tests`, { testIds: [demo['DEMO-READY']] });
      await t.deps.db.update(courses).set(change).where(eq(courses.courseId, s.courseId));
      expect((await erp.get(`/api/series/${s.courseId}`)).json().readOnlyReason).toBe(reason);
      for (const res of [
        await erp.put(`/api/series/${s.courseId}`, { ...form(), code: s.code, version: s.version }),
        await erp.post(`/api/series/${s.courseId}/tests`, { testIds: [demo['DEMO-PUB']] }),
        await erp.delete(`/api/series/${s.courseId}/tests/${demo['DEMO-READY']}`),
        await erp.put(`/api/series/${s.courseId}/tests/${demo['DEMO-READY']}/subscription`, {
          testSubscriptionStatus: 2,
        }),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(reason);
      }
      expect(await mapped(s.courseId)).toEqual([demo['DEMO-READY']]);
      expect((await stored(s.courseId)).version).toBe(s.version);
    }
  });

  it("another provider's series is refused in every route", async () => {
    const s = await create();
    await erp.post(`/api/series/${s.courseId}/tests`, { testIds: [demo['DEMO-READY']] });
    for (const res of [
      await partner.get(`/api/series/${s.courseId}`),
      await partner.put(`/api/series/${s.courseId}`, { ...form(), version: s.version }),
      await partner.post(`/api/series/${s.courseId}/tests`, { testIds: [demo['DEMO-PUB']] }),
      await partner.delete(`/api/series/${s.courseId}/tests/${demo['DEMO-READY']}`),
      await partner.put(`/api/series/${s.courseId}/tests/${demo['DEMO-READY']}/subscription`, {
        testSubscriptionStatus: 2,
      }),
      await partner.post('/api/series/tests-for-topics', { courseId: s.courseId }),
    ])
      expect(res.statusCode).toBe(404);
    expect(await mapped(s.courseId)).toEqual([demo['DEMO-READY']]);
    expect((await stored(s.courseId)).text).toBe(s.name);
    // another provider's tests are not offered to it
    const offered = (await partner.post('/api/series/tests-for-topics', {})).json();
    expect(offered.map((o: { testId: number }) => o.testId)).not.toContain(demo['DEMO-READY']);
  });
});
