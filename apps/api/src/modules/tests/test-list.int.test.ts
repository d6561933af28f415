import { commonMessages } from '@assess/contracts/common';
import {
  testCopyMessages,
  testDetailsSchema,
  testListSchema,
  testMessages,
  testRowMessages,
} from '@assess/contracts/tests';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type Caller, demoIds } from '../../../test/given';
import { createTestApp, type TestApp } from '../../../test/harness';
import { configurationValues, courses, courseTests, pools, providers, tests, users } from '../../db/schema';
import {
  assignStudents,
  insertTest,
  structureOf,
  testRow,
  uniqueCode,
  userIdOf,
} from './test-list.test-support';

let t: TestApp;
let erp: Caller;
let curator: Caller;
let admin: Caller;
let readonly: Caller;
let partner: Caller;
let subscriber: Caller;
let ids: Awaited<ReturnType<typeof demoIds>>;
let curatorId: number;
/** A provider none of the callers subscribes to. */
let stranger: number;
const cleaned: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  [erp, curator, admin, readonly, partner, subscriber] = await Promise.all(
    [
      'erp@example.com',
      'curator@example.com',
      'arjun.malhotra@example.com',
      'readonly@example.com',
      'partner@example.com',
      'subscriber@example.com',
    ].map((u) => as(t, u)),
  );
  ids = await demoIds(t);
  curatorId = await userIdOf(t, 'curator@example.com');
  [{ stranger }] = await t.deps.db
    .select({ stranger: providers.providerId })
    .from(providers)
    .where(eq(providers.name, 'Demo Quick Tests'));
  // the learner area's cleaner, as it will register one: counts the tests it cleaned
  t.deps.modules.tests.testDataCleaners.register({
    name: 'probe',
    clean: async (_db, testId) => {
      cleaned.push(testId);
      return 3;
    },
  });
});
afterAll(() => t.close());

const list = async (by: Caller, query = '') => {
  const res = await by.get(`/api/tests?pageSize=100${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return testListSchema.parse(res.json());
};
const codes = async (by: Caller, query = '') => (await list(by, query)).items.map((r) => r.code);

/** A refused request: status and the exact message. */
async function refused(
  res: { statusCode: number; json(): { message: string } },
  status: number,
  message: string,
) {
  expect(res.statusCode).toBe(status);
  expect(res.json().message).toBe(message);
}

describe('GET /api/tests (part 3 §2 Tests list)', () => {
  it('own tests newest first with the spec columns, page sizes 10/30/50/70/100, totalCount', async () => {
    const a = await insertTest(t, ids.erp, { difficultyLevel: 3 });
    const b = await insertTest(t, ids.erp, { testType: 1 });
    const page = await list(erp);
    expect(page.items[0].code).toBe(b.code);
    expect(page.items[1]).toMatchObject({
      code: a.code,
      name: a.name,
      providerName: 'Demo ERP Institute',
      status: 1,
      difficultyLevel: 3,
      owned: true,
      scheduleDate: null,
      testType: 0,
    });
    expect(page.totalCount).toBe(page.items.length);
    expect(page.items.map((r) => r.code)).toEqual(
      expect.arrayContaining(['DEMO-DRAFT', 'DEMO-READY', 'DEMO-PUB']),
    );
    const small = testListSchema.parse((await erp.get('/api/tests')).json());
    expect(small.totalCount).toBe(page.totalCount);
    expect(small.items).toEqual(page.items.slice(0, 10));
    const second = testListSchema.parse((await erp.get('/api/tests?pageSize=10&pageNumber=2')).json());
    expect(second.items[0]).toEqual(page.items[10]);
    expect((await erp.get('/api/tests?pageSize=20')).statusCode).toBe(400);
  });

  it('filters by every field of §7 (status, difficulty, flags 2 yes / 1 no, objective, audience, code, type)', async () => {
    const [objective] = await t.deps.db
      .select({ id: configurationValues.id })
      .from(configurationValues)
      .where(and(eq(configurationValues.providerId, ids.erp), eq(configurationValues.key, 'Objective')));
    const [audience] = await t.deps.db
      .select({ id: configurationValues.id, name: configurationValues.valueString })
      .from(configurationValues)
      .where(and(eq(configurationValues.providerId, ids.erp), eq(configurationValues.key, 'TargetAudience')));
    const x = await insertTest(t, ids.erp, {
      code: uniqueCode('FLT'),
      status: 2,
      difficultyLevel: 1,
      showHint: true,
      showBookmark: true,
      navigationAllowed: false,
      objectiveIds: [objective.id],
      targetAudienceIds: [audience.id],
      testType: 1,
    });
    const has = async (q: string) => (await codes(erp, q)).includes(x.code);
    expect(await has('&status=2')).toBe(true);
    expect(await has('&status=1')).toBe(false);
    expect(await has('&difficultyLevel=1')).toBe(true);
    expect(await has('&difficultyLevel=2')).toBe(false);
    expect(await has('&showHint=2')).toBe(true);
    expect(await has('&showHint=1')).toBe(false);
    expect(await has('&showBookmark=2')).toBe(true);
    expect(await has('&navigationAllowed=1')).toBe(true);
    expect(await has('&navigationAllowed=2')).toBe(false);
    expect(await has(`&objective=${objective.id}`)).toBe(true);
    expect(await has(`&targetAudience=${audience.id}`)).toBe(true);
    expect(await has(`&targetAudience=${audience.id + 100000}`)).toBe(false);
    expect(await has(`&code=${x.code.slice(0, 6).toLowerCase()}`)).toBe(true);
    expect(await has('&code=zz%_')).toBe(false);
    expect(await has('&testType=1')).toBe(true);
    expect(await has('&testType=0')).toBe(false);
    const row = (await list(erp, `&code=${x.code}`)).items[0];
    expect(row.targetAudience).toEqual([audience.name]);
    expect(row.objective).toHaveLength(1);
    const none = await list(erp, '&code=no-such-test-code');
    expect(none).toEqual({ items: [], totalCount: 0 });
  });

  it('All / Owned / Subscribed: a subscriber sees its content provider’s published tests only', async () => {
    const pub = await insertTest(t, ids.partner, { status: 3 });
    const draft = await insertTest(t, ids.partner, { status: 2 });
    const all = await codes(subscriber, '&contentFilter=0');
    expect(all).toContain(pub.code);
    expect(all).not.toContain(draft.code);
    expect(await codes(subscriber, '&contentFilter=2')).toContain(pub.code);
    expect(await codes(subscriber, '&contentFilter=1')).not.toContain(pub.code);
    const row = (await list(subscriber, `&code=${pub.code}`)).items[0];
    expect(row).toMatchObject({ owned: false, providerName: 'Demo Content Partner' });
    // the partner sees its own draft; a provider not subscribed to it sees neither
    expect(await codes(partner, '&contentFilter=1')).toContain(draft.code);
    const ownerAll = await codes(await as(t, 'owner@example.com'));
    expect(ownerAll).not.toContain(pub.code);
    expect(ownerAll).not.toContain(draft.code);
  });

  it('needs ViewTest; read-only users list', async () => {
    expect((await readonly.get('/api/tests')).statusCode).toBe(200);
    const student = await as(t, 'student@example.com');
    expect((await student.get('/api/tests')).statusCode).toBe(403);
  });
});

describe('GET /api/tests/:id/details (Test Details dialog)', () => {
  it('the test, its schedule, sections with counts and scoring, students assigned / attempted / not attempted', async () => {
    const x = await insertTest(
      t,
      ids.erp,
      { status: 2, totalScore: 10 },
      { sections: 2, questionsPerSection: 3 },
    );
    const assigned = await assignStudents(t, x.testId, ids.erp, 3);
    expect(assigned).toBeGreaterThan(1);
    let res = await erp.get(`/api/tests/${x.testId}/details`);
    expect(res.statusCode, res.body).toBe(200);
    let d = testDetailsSchema.parse(res.json());
    expect(d.test).toMatchObject({ code: x.code, status: 2, totalScore: 10, owned: true });
    expect(d.schedule).toEqual({ assignDate: null, startDate: null, endDate: null });
    expect(d.sections.map((s) => [s.code, s.fixedQuestionCount, s.topicCount, s.pointsPerQuestion])).toEqual([
      ['S1', 3, 1, 2],
      ['S2', 3, 1, 2],
    ]);
    expect(d.sections[0]).toMatchObject({ negativePointsPerQuestion: -0.5, isMandatoryToPass: true });
    // attempts come with the learner area: until it provides the count, nobody has attempted
    expect(d).toMatchObject({
      studentsCount: assigned,
      attemptedStudentCount: 0,
      nonAttemptedStudentCount: assigned,
    });
    t.deps.modules.tests.testAttempts.provide(async (testId) => (testId === x.testId ? 1 : 0));
    d = testDetailsSchema.parse((await erp.get(`/api/tests/${x.testId}/details`)).json());
    expect(d).toMatchObject({ attemptedStudentCount: 1, nonAttemptedStudentCount: assigned - 1 });
    t.deps.modules.tests.testAttempts.provide(async () => 0);
    res = await partner.get(`/api/tests/${x.testId}/details`);
    await refused(res, 404, commonMessages.notFound);
    const theirs = await insertTest(t, stranger, { status: 3 });
    res = await erp.get(`/api/tests/${theirs.testId}/details`);
    await refused(res, 404, commonMessages.notFound);
  });

  it('a subscriber reads its content provider’s published test; not its draft', async () => {
    const pub = await insertTest(t, ids.partner, { status: 3 }, { sections: 1, questionsPerSection: 2 });
    const draft = await insertTest(t, ids.partner, { status: 1 });
    expect((await subscriber.get(`/api/tests/${pub.testId}/details`)).statusCode).toBe(200);
    expect((await subscriber.get(`/api/tests/${draft.testId}/details`)).statusCode).toBe(404);
  });
});

describe('POST /api/tests/:id/copy (part 3 §5 Test copy)', () => {
  it('copies the whole test with its sections, fixed questions and topics as an inactive Draft', async () => {
    const src = await insertTest(
      t,
      ids.erp,
      {
        status: 3,
        isActive: true,
        duration: 45,
        passingScore: 3,
        publishedDate: new Date(),
        scheduleStatus: 4,
      },
      { sections: 3, questionsPerSection: 4 },
    );
    const res = await erp.post(`/api/tests/${src.testId}/copy`, {
      code: `${src.code}-Copy`,
      name: `${src.name}-Copy`,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Test copy created successfully.');
    const copyId: number = res.json().testId;
    const copy = await testRow(t, copyId);
    expect(copy).toMatchObject({
      providerId: ids.erp,
      code: `${src.code}-Copy`,
      name: `${src.name}-Copy`,
      status: 1,
      isActive: false,
      isLocked: false,
      duration: 45,
      passingScore: 3,
      scheduleStatus: null,
      publishedDate: null,
      version: 1,
      createdBy: await userIdOf(t, 'erp@example.com'),
    });
    const [a, b] = await Promise.all([structureOf(t, src.testId), structureOf(t, copyId)]);
    expect(b).toEqual(a);
    expect(b.sections).toHaveLength(3);
    expect(b.questions).toHaveLength(12);
    expect(b.topics).toHaveLength(3);
    // the source is untouched
    expect((await structureOf(t, src.testId)).sections).toHaveLength(3);
  });

  it('code ≤ 20, code and name required; a taken code or name is refused, nothing written', async () => {
    const src = await insertTest(t, ids.erp, {}, { sections: 1, questionsPerSection: 1 });
    const before = await countTests(ids.erp);
    await refused(
      await erp.post(`/api/tests/${src.testId}/copy`, { code: 'A'.repeat(21), name: 'N' }),
      400,
      testCopyMessages.codeTooLong,
    );
    await refused(
      await erp.post(`/api/tests/${src.testId}/copy`, { code: ' ', name: 'N' }),
      400,
      testCopyMessages.codeRequired,
    );
    await refused(
      await erp.post(`/api/tests/${src.testId}/copy`, { code: 'NEWCODE', name: '' }),
      400,
      testCopyMessages.nameRequired,
    );
    await refused(
      await erp.post(`/api/tests/${src.testId}/copy`, {
        code: src.code.toLowerCase(),
        name: 'Brand new name',
      }),
      400,
      testMessages.codeExists,
    );
    await refused(
      await erp.post(`/api/tests/${src.testId}/copy`, { code: uniqueCode('NEW'), name: src.name }),
      400,
      testMessages.nameExists,
    );
    expect(await countTests(ids.erp)).toBe(before);
  });

  it('refuses a locked test, another provider’s test (404) and a subscribed one (not owned)', async () => {
    const locked = await insertTest(t, ids.erp, { isLocked: true, lockedBy: curatorId });
    await refused(
      await erp.post(`/api/tests/${locked.testId}/copy`, { code: uniqueCode(), name: 'Copy of locked' }),
      403,
      testRowMessages.lockedNoCopy,
    );
    const theirs = await insertTest(t, stranger, { status: 1 });
    await refused(
      await erp.post(`/api/tests/${theirs.testId}/copy`, { code: uniqueCode(), name: 'Stolen' }),
      404,
      commonMessages.notFound,
    );
    const published = await insertTest(t, ids.partner, { status: 3 });
    await refused(
      await subscriber.post(`/api/tests/${published.testId}/copy`, { code: uniqueCode(), name: 'Mine now' }),
      403,
      testRowMessages.notOwner,
    );
    expect(
      (await readonly.post(`/api/tests/${locked.testId}/copy`, { code: uniqueCode(), name: 'x' })).statusCode,
    ).toBe(403);
  });

  it('the package Tests limit applies (counted in the transaction)', async () => {
    const trial = await as(t, 'trial@example.com');
    const [{ providerId }] = await t.deps.db
      .select({ providerId: users.providerId })
      .from(users)
      .where(eq(users.userName, 'trial@example.com'));
    const src = await insertTest(t, providerId);
    while ((await countTests(providerId)) < 5) await insertTest(t, providerId);
    await refused(
      await trial.post(`/api/tests/${src.testId}/copy`, { code: uniqueCode(), name: 'One too many' }),
      403,
      'Your current package allows up to 5 tests.Please upgrade to higher package to create additional tests.',
    );
    expect(await countTests(providerId)).toBe(5);
  });
});

async function countTests(providerId: number) {
  const [row] = await t.deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(tests)
    .where(eq(tests.providerId, providerId));
  return row.n;
}

describe('DELETE /api/tests/:id (row rules enforced by the server)', () => {
  it('deletes an own test with its sections after its learner data', async () => {
    const x = await insertTest(t, ids.erp, {}, { sections: 2, questionsPerSection: 2 });
    const res = await erp.delete(`/api/tests/${x.testId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Test deleted successfully');
    expect(await testRow(t, x.testId)).toBeUndefined();
    expect(await t.deps.db.select().from(pools).where(eq(pools.testId, x.testId))).toEqual([]);
    expect(cleaned).toContain(x.testId);
  });

  it('refused when locked by someone else, or not locked and scheduleStatus ≥ 3; allowed to the locker', async () => {
    const lockedByCurator = await insertTest(t, ids.erp, { isLocked: true, lockedBy: curatorId });
    await refused(
      await erp.delete(`/api/tests/${lockedByCurator.testId}`),
      403,
      testRowMessages.lockedByOther,
    );
    const scheduled = await insertTest(t, ids.erp, { status: 4, scheduleStatus: 4 });
    await refused(await erp.delete(`/api/tests/${scheduled.testId}`), 403, testRowMessages.scheduledNoDelete);
    expect(await testRow(t, scheduled.testId)).toBeDefined();
    // the curator's own lock lifts the schedule condition (spec: "when not locked")
    expect((await curator.delete(`/api/tests/${lockedByCurator.testId}`)).statusCode).toBe(200);
    const theirs = await insertTest(t, ids.partner, { status: 3 });
    await refused(
      await erp.delete(`/api/tests/${(await insertTest(t, stranger)).testId}`),
      404,
      commonMessages.notFound,
    );
    await refused(await subscriber.delete(`/api/tests/${theirs.testId}`), 403, testRowMessages.notOwner);
    expect((await readonly.delete(`/api/tests/${scheduled.testId}`)).statusCode).toBe(403);
  });
});

describe('DELETE of a test in a test series', () => {
  it('is refused (409) while a series holds it; nothing is deleted', async () => {
    const x = await insertTest(t, ids.erp, {}, { sections: 1, questionsPerSection: 1 });
    const [course] = await t.deps.db
      .insert(courses)
      .values({ providerId: ids.erp, code: uniqueCode('SER'), text: 'Series holding a test' })
      .returning({ id: courses.courseId });
    await t.deps.db.insert(courseTests).values({ courseId: course.id, testId: x.testId });
    await refused(await erp.delete(`/api/tests/${x.testId}`), 409, testRowMessages.inSeries);
    expect(await testRow(t, x.testId)).toBeDefined();
    expect((await structureOf(t, x.testId)).sections).toHaveLength(1);
  });
});

describe('PUT /api/tests/:id/lock', () => {
  it('the owner locks; only the locker or a Super User of the owner unlocks', async () => {
    const x = await insertTest(t, ids.erp);
    let res = await curator.put(`/api/tests/${x.testId}/lock`, { isLocked: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: testMessages.lockedMessage, isLocked: true, lockedBy: curatorId });
    const row = (await list(erp, `&code=${x.code}`)).items[0];
    expect(row).toMatchObject({ isLocked: true, lockedBy: curatorId });
    expect(row.lockedByName).toBeTruthy();
    await refused(
      await admin.put(`/api/tests/${x.testId}/lock`, { isLocked: true }),
      403,
      testRowMessages.lockedByOther,
    );
    await refused(
      await admin.put(`/api/tests/${x.testId}/lock`, { isLocked: false }),
      403,
      testMessages.unlockNotAllowed,
    );
    // locked by someone else blocks changes: copy and delete refused for the administrator
    await refused(await admin.delete(`/api/tests/${x.testId}`), 403, testRowMessages.lockedByOther);
    res = await erp.put(`/api/tests/${x.testId}/lock`, { isLocked: false });
    expect(res.json()).toEqual({ message: testMessages.unlockedMessage, isLocked: false, lockedBy: null });
    expect(await testRow(t, x.testId)).toMatchObject({ isLocked: false, lockedBy: null });
    res = await admin.put(`/api/tests/${x.testId}/lock`, { isLocked: true });
    expect(res.statusCode).toBe(200);
    expect((await admin.put(`/api/tests/${x.testId}/lock`, { isLocked: false })).statusCode).toBe(200);
    await refused(
      await admin.put(`/api/tests/${x.testId}/lock`, { isLocked: false }),
      403,
      testRowMessages.notLocked,
    );
  });

  it('another provider’s test: 404; read-only: 403', async () => {
    const theirs = await insertTest(t, stranger);
    await refused(
      await erp.put(`/api/tests/${theirs.testId}/lock`, { isLocked: true }),
      404,
      commonMessages.notFound,
    );
    const own = await insertTest(t, ids.erp);
    expect((await readonly.put(`/api/tests/${own.testId}/lock`, { isLocked: true })).statusCode).toBe(403);
    expect((await testRow(t, own.testId)).isLocked).toBe(false);
  });
});

describe('DELETE /api/tests/:id/data (Clean Data)', () => {
  it('only while in progress (scheduleStatus 5): runs every registered cleaner', async () => {
    const idle = await insertTest(t, ids.erp, { status: 4, scheduleStatus: 4 });
    await refused(await erp.delete(`/api/tests/${idle.testId}/data`), 403, testRowMessages.onlyInProgress);
    expect(cleaned).not.toContain(idle.testId);
    const running = await insertTest(t, ids.erp, { status: 5, scheduleStatus: 5 });
    const res = await erp.delete(`/api/tests/${running.testId}/data`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Test cleanup successfully', removed: 3 });
    expect(cleaned).toContain(running.testId);
    expect(await testRow(t, running.testId)).toBeDefined();
    const theirs = await insertTest(t, stranger, { status: 5, scheduleStatus: 5 });
    await refused(await erp.delete(`/api/tests/${theirs.testId}/data`), 404, commonMessages.notFound);
    const subscribed = await insertTest(t, ids.partner, { status: 5, scheduleStatus: 5 });
    await refused(await erp.delete(`/api/tests/${subscribed.testId}/data`), 403, testRowMessages.notOwner);
  });
});

describe('POST /api/tests/bulk-update (part 3 §5, §8 bulk update)', () => {
  const bulk = (body: Record<string, unknown>, by = erp) => by.post('/api/tests/bulk-update', body);

  it('every §8 validation message, nothing written', async () => {
    const x = await insertTest(t, ids.erp);
    const ids1 = [x.testId];
    await refused(await bulk({ field: '', value: 2, testIds: ids1 }), 400, 'Please select field to update');
    await refused(await bulk({ field: 'none', testIds: ids1 }), 400, 'Cannot update not configured');
    await refused(await bulk({ field: 'code', value: 'X', testIds: ids1 }), 400, 'Cannot update code');
    await refused(
      await bulk({ field: 'status', value: 2, testIds: [] }),
      400,
      'Please select tests to update',
    );
    await refused(await bulk({ field: 'status', testIds: ids1 }), 400, 'Please select values to update');
    await refused(
      await bulk({ field: 'status', value: 3, testIds: ids1 }),
      400,
      'Cannot update status as Published',
    );
    await refused(
      await bulk({ field: 'status', value: 4, testIds: ids1 }),
      400,
      'Cannot update status as Scheduled',
    );
    await refused(
      await bulk({ field: 'status', value: 5, testIds: ids1 }),
      400,
      'Cannot update status as In-Progress ',
    );
    expect(await testRow(t, x.testId)).toMatchObject({ status: 1, version: 1 });
  });

  it('status → Ready only for tests meeting the Ready criteria (the editor’s rule); counts total / ready / draft', async () => {
    const [demoReady] = await t.deps.db
      .select()
      .from(tests)
      .where(and(eq(tests.providerId, ids.erp), eq(tests.code, 'DEMO-READY')));
    const copied = await erp.post(`/api/tests/${demoReady.testId}/copy`, {
      code: uniqueCode('RDY'),
      name: `Ready copy ${uniqueCode()}`,
    });
    expect(copied.statusCode, copied.body).toBe(201);
    const meets: number = copied.json().testId;
    expect((await erp.get(`/api/tests/${meets}/readiness`)).json().ready).toBe(true);
    const empty = await insertTest(t, ids.erp);
    expect((await erp.get(`/api/tests/${empty.testId}/readiness`)).json().ready).toBe(false);
    let res = await bulk({ field: 'status', value: 2, testIds: [meets, empty.testId] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Test(s) updated successfully',
      totalCount: 2,
      readyCount: 1,
      draftCount: 1,
      updatedCount: 1,
      unchangedCount: 1,
      note: 'Tests that do not meet the Ready criteria were left in Draft.',
    });
    expect(await testRow(t, meets)).toMatchObject({ status: 2, isActive: true, version: 2 });
    expect((await testRow(t, empty.testId)).status).toBe(1);
    res = await bulk({ field: 'status', value: 1, testIds: [meets, empty.testId] });
    expect(res.json()).toMatchObject({
      totalCount: 2,
      readyCount: 0,
      draftCount: 2,
      updatedCount: 1,
      note: null,
    });
  });

  it('sets difficulty, the 2 yes / 1 no flags, objective and target audience on every selected test', async () => {
    const a = await insertTest(t, ids.erp);
    const b = await insertTest(t, ids.erp, { status: 2, showHint: true });
    const both = [a.testId, b.testId];
    let res = await bulk({ field: 'showHint', value: 2, testIds: both });
    expect(res.json()).toMatchObject({
      totalCount: 2,
      updatedCount: 1,
      unchangedCount: 1,
      readyCount: 1,
      draftCount: 1,
    });
    expect((await testRow(t, a.testId)).showHint).toBe(true);
    res = await bulk({ field: 'navigationAllowed', value: 1, testIds: both });
    expect(res.json().updatedCount).toBe(2);
    expect((await testRow(t, b.testId)).navigationAllowed).toBe(false);
    res = await bulk({ field: 'difficultyLevel', value: 3, testIds: both });
    expect((await testRow(t, a.testId)).difficultyLevel).toBe(3);
    const objectives = await t.deps.db
      .select({ id: configurationValues.id, providerId: configurationValues.providerId })
      .from(configurationValues)
      .where(eq(configurationValues.key, 'Objective'));
    const own = objectives
      .filter((o) => o.providerId === ids.erp)
      .map((o) => o.id)
      .slice(0, 2);
    const foreign = objectives.find((o) => o.providerId !== ids.erp)!.id;
    res = await bulk({ field: 'objective', value: own, testIds: both });
    expect(res.statusCode, res.body).toBe(200);
    expect((await testRow(t, b.testId)).objectiveIds).toEqual(own);
    await refused(
      await bulk({ field: 'objective', value: [foreign], testIds: both }),
      400,
      'Please select objectives of your own configuration.',
    );
    expect((await testRow(t, b.testId)).objectiveIds).toEqual(own);
  });

  it('the selection rules are the server’s: published, in progress, locked by another, not owned', async () => {
    const ok = await insertTest(t, ids.erp);
    const published = await insertTest(t, ids.erp, { status: 3 });
    const running = await insertTest(t, ids.erp, { status: 2, scheduleStatus: 5 });
    const locked = await insertTest(t, ids.erp, { isLocked: true, lockedBy: curatorId });
    const subscribed = await insertTest(t, ids.partner, { status: 3 });
    const strangers = await insertTest(t, stranger);
    const tryWith = (id: number) => bulk({ field: 'difficultyLevel', value: 1, testIds: [ok.testId, id] });
    await refused(await tryWith(published.testId), 403, testRowMessages.notSelectable);
    await refused(await tryWith(running.testId), 403, testRowMessages.notSelectable);
    await refused(await tryWith(locked.testId), 403, testRowMessages.lockedByOther);
    await refused(await tryWith(subscribed.testId), 403, testRowMessages.notSelectable);
    await refused(await tryWith(strangers.testId), 404, commonMessages.notFound);
    await refused(await tryWith(999999), 404, commonMessages.notFound);
    // nothing written for any of them
    expect((await testRow(t, ok.testId)).difficultyLevel).toBe(2);
    // the locker may update its own locked test
    const res = await bulk({ field: 'difficultyLevel', value: 1, testIds: [locked.testId] }, curator);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      (
        await readonly.post('/api/tests/bulk-update', {
          field: 'difficultyLevel',
          value: 1,
          testIds: [ok.testId],
        })
      ).statusCode,
    ).toBe(403);
  });
});
