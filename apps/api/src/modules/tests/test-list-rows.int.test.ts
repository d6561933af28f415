import { commonMessages } from '@assess/contracts/common';
import { testDetailsSchema, testListSchema } from '@assess/contracts/tests';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { as } from '../../../test/given';
import { configurationValues } from '../../db/schema';
import {
  assignStudents,
  codes,
  ERP,
  erp,
  ids,
  list,
  makeTest,
  PARTNER,
  partner,
  readonly,
  refused,
  STRANGER,
  subscriber,
  t,
  uniqueCode,
  useTestListApp,
} from './test-list.test-support';
import { createTestWriter, type NewTest } from './test-writer.repository';

useTestListApp();

describe('GET /api/tests (part 3 §2 Tests list)', () => {
  it('own tests newest first with the spec columns, page sizes 10/30/50/70/100, totalCount', async () => {
    const a = await makeTest(ERP, { config: { difficultyLevel: 3 } });
    const b = await quickTest({});
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
    const x = await quickTest({
      code: uniqueCode('FLT'),
      status: 2,
      isActive: true,
      difficultyLevel: 1,
      showHint: true,
      showBookmark: true,
      navigationAllowed: false,
      objectiveIds: [objective.id],
      targetAudienceIds: [audience.id],
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
    const pub = await makeTest(PARTNER, { status: 'published' });
    const draft = await makeTest(PARTNER, { status: 'ready' });
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
    const x = await makeTest(ERP, {
      status: 'ready',
      config: { totalScore: 10 },
      sections: 2,
      questionsPerSection: 3,
    });
    const assigned = await assignStudents(x.testId, 3);
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
    const theirs = await makeTest(STRANGER, { status: 'published' });
    res = await erp.get(`/api/tests/${theirs.testId}/details`);
    await refused(res, 404, commonMessages.notFound);
  });

  it('a subscriber reads its content provider’s published test; not its draft', async () => {
    const pub = await makeTest(PARTNER, { status: 'published', sections: 1, questionsPerSection: 2 });
    const draft = await makeTest(PARTNER);
    expect((await subscriber.get(`/api/tests/${pub.testId}/details`)).statusCode).toBe(200);
    expect((await subscriber.get(`/api/tests/${draft.testId}/details`)).statusCode).toBe(404);
  });
});

/**
 * A quick test (testType 1) of ERP, written by the tests module's test writer: the API makes quick tests only for
 * Simplified Test providers (see given/written.ts), and the filters need one of ERP's with every §7 field set.
 */
async function quickTest(row: Partial<NewTest>) {
  const code = row.code ?? uniqueCode('QT');
  const name = `List test ${code}`;
  const [{ testId }] = await createTestWriter(t.deps.db).insertTests([
    { ...row, providerId: ids.erp, code, name, testType: 1 },
  ]);
  return { testId, code, name };
}
