import { questionMessages } from '@assess/contracts/questions';
import { sectionOwnMessages as own, sectionListSchema, sectionSavedSchema } from '@assess/contracts/sections';
import { sectionMessages as m, TestStatus, testMessages } from '@assess/contracts/tests';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  type Caller,
  demoIds,
  given,
  poolCount,
  scqBody,
  sectionBody,
  userIdOf,
  writtenQuickTest,
} from '../../../test/given';
import { createTestApp, type TestApp } from '../../../test/harness';
import { setPackageLimit } from '../../../test/reference-data';
import { pools, questions, tests } from '../../db/schema';

let t: TestApp;
let erp: Caller;
let curator: Caller;
let partner: Caller;
let readonly: Caller;
let ids: Awaited<ReturnType<typeof demoIds>>;

beforeAll(async () => {
  t = await createTestApp();
  erp = await as(t, 'erp@example.com');
  curator = await as(t, 'curator@example.com');
  partner = await as(t, 'partner@example.com');
  readonly = await as(t, 'readonly@example.com');
  ids = await demoIds(t);
});
afterAll(() => t.close());

const create = (by: Caller, testId: number, body: Record<string, unknown>) =>
  by.post(`/api/tests/${testId}/sections`, body);
const list = async (by: Caller, testId: number) => {
  const res = await by.get(`/api/tests/${testId}/sections`);
  expect(res.statusCode, res.body).toBe(200);
  return sectionListSchema.parse(res.json());
};

describe('creating and updating a section', () => {
  it('creates a section at the end with the spec message, the supply warning while it has no questions', async () => {
    const testId = await given(t).draftTest();
    const res = await create(erp, testId, sectionBody('S-1', { maxQuestionForScore: 4, passingScore: 2 }));
    expect(res.statusCode, res.body).toBe(201);
    const saved = sectionSavedSchema.parse(res.json());
    expect(saved.message).toBe(m.created);
    expect(saved.section).toMatchObject({
      code: 'S-1',
      name: 'Section S-1',
      sequenceId: 1,
      questionCount: 5,
      maxQuestionForScore: 4,
      noOfChoices: 4,
      choiceFormat: 3,
      supply: 0,
      warning: m.supplyWarning,
    });
    const second = await create(erp, testId, sectionBody('S_2'));
    expect(second.json().section.sequenceId).toBe(2);
    const l = await list(erp, testId);
    expect(l.editable).toBe(true);
    expect(l.sections.map((s) => s.code)).toEqual(['S-1', 'S_2']);
  });

  it("the section name's rule follows the flow: the full editor's 'mandatory', a quick test's 'Mandatory' from 5 characters", async () => {
    const full = await given(t).draftTest();
    const quick = await writtenQuickTest(t, ids.erp);
    const nameIssue = async (testId: number, name: string) => {
      const res = await create(erp, testId, sectionBody(`N${name.length}T${testId}`, { name }));
      return res.statusCode === 400 ? res.json().fields?.name : res.statusCode;
    };
    expect(await nameIssue(full, '')).toEqual([m.nameMandatory]);
    expect(await nameIssue(full, 'Abcd')).toBe(201);
    expect(await nameIssue(quick, '')).toEqual([m.nameMandatorySeries]);
    expect(await nameIssue(quick, 'Abcd')).toEqual([m.nameMandatorySeries]);
    expect(await poolCount(t, quick)).toBe(0);
    expect(await nameIssue(quick, 'Fives')).toBe(201);
    // an update of a quick test's section follows the same rule
    const [section] = (await erp.get(`/api/tests/${quick}/sections`)).json().sections;
    const res = await erp.put(`/api/sections/${section.poolId}`, sectionBody(section.code, { name: 'Abc' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(m.nameMandatorySeries);
  });

  it('every rule of the section form with its message on its field, nothing written', async () => {
    const testId = await given(t).draftTest();
    const refused = async (body: Record<string, unknown>, field: string, message: string) => {
      const res = await create(erp, testId, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields?.[field], res.body).toContain(message);
      expect(await poolCount(t, testId)).toBe(0);
    };
    const none = { code: '', name: '', questionCount: '' };
    const all = await create(erp, testId, none);
    expect(all.json().message).toBe(m.codeNameCountMandatory);
    await refused(none, 'code', m.codeMandatory);
    await refused(sectionBody('has space'), 'code', questionMessages.codeInvalid);
    await refused(sectionBody('a$b'), 'code', questionMessages.codeInvalid);
    await refused(sectionBody('C'.repeat(41)), 'code', own.codeTooLong);
    await refused(sectionBody('C1', { name: '' }), 'name', m.nameMandatory);
    await refused(sectionBody('C1', { questionCount: 0 }), 'questionCount', m.countMandatory);
    await refused(sectionBody('C1', { questionCount: '' }), 'questionCount', m.countMandatory);
    await refused(sectionBody('C1', { questionCount: 'x' }), 'questionCount', own.notANumber);
    await refused(sectionBody('C1', { maxQuestionForScore: 6 }), 'maxQuestionForScore', m.maxForScore);
    await refused(sectionBody('C1', { pointsPerQuestion: -1 }), 'pointsPerQuestion', own.notNegative);
    await refused(
      sectionBody('C1', { negativePointsPerQuestion: 0.5 }),
      'negativePointsPerQuestion',
      own.negativePoints,
    );
    await refused(
      sectionBody('C1', { passingScore: 5, masteryScore: 5 }),
      'masteryScore',
      m.masteryAbovePassing,
    );
    await refused(sectionBody('C1', { masteryScore: 5 }), 'masteryScore', m.masteryAbovePassing);
    await refused(sectionBody('C1', { isMandatoryToPass: true }), 'passingScore', m.passingWhenMandatory);
    await refused(
      sectionBody('C1', { isMandatoryToPass: true, passingScore: 3 }),
      'masteryScore',
      m.mandatoryToPassScores,
    );
    await refused(sectionBody('C1', { noOfChoices: 7 }), 'noOfChoices', m.noOfChoices);
    await refused(sectionBody('C1', { noOfChoices: 1 }), 'noOfChoices', m.noOfChoices);
    await refused(sectionBody('C1', { choiceFormat: 12 }), 'choiceFormat', own.choiceFormat);
    // the limits themselves are accepted
    const ok = await create(
      erp,
      testId,
      sectionBody('C'.repeat(40), {
        negativePointsPerQuestion: -0.25,
        isMandatoryToPass: true,
        passingScore: 3,
        masteryScore: 4,
        noOfChoices: 6,
        choiceFormat: 11,
        maxQuestionForScore: 5,
      }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('updates a section; a code used by another section of the test is refused', async () => {
    const testId = await given(t).draftTest();
    const a = (await create(erp, testId, sectionBody('A1'))).json().section;
    await create(erp, testId, sectionBody('B1'));
    const res = await erp.put(
      `/api/sections/${a.poolId}`,
      sectionBody('A1', { name: 'Renamed section', questionCount: 8 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(testMessages.updated);
    expect(res.json().section).toMatchObject({ name: 'Renamed section', questionCount: 8 });
    const taken = await erp.put(`/api/sections/${a.poolId}`, sectionBody('b1'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(own.codeTaken);
    const dup = await create(erp, testId, sectionBody('a1'));
    expect(dup.statusCode).toBe(409);
    const invalid = await erp.put(`/api/sections/${a.poolId}`, sectionBody('A1', { noOfChoices: 9 }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe(m.noOfChoices);
  });
});

describe('limits', () => {
  it('at most 10 sections a test', async () => {
    const testId = await given(t).draftTest();
    for (let i = 1; i <= 10; i++)
      expect((await create(erp, testId, sectionBody(`L${i}`))).statusCode).toBe(201);
    const res = await create(erp, testId, sectionBody('L11'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(m.maxSections);
    expect(await poolCount(t, testId)).toBe(10);
    expect((await list(erp, testId)).maxSections).toBe(10);
  });

  it("the package's TestSections", async () => {
    const restore = await setPackageLimit(t, 3, 'TestSections', 2);
    try {
      const erp2 = await as(t, 'erp@example.com');
      const testId = await given(t).draftTest();
      await create(erp2, testId, sectionBody('P1'));
      await create(erp2, testId, sectionBody('P2'));
      const res = await create(erp2, testId, sectionBody('P3'));
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Please upgrade to higher package to add more than 2 sections.');
      expect(await poolCount(t, testId)).toBe(2);
      expect((await list(erp2, testId)).maxSections).toBe(2);
    } finally {
      await restore();
    }
  });
});

describe('order, lock and delete', () => {
  it('moves a section up and down; delete closes the gap', async () => {
    const testId = await given(t).draftTest();
    const made = [];
    for (const code of ['O1', 'O2', 'O3'])
      made.push((await create(erp, testId, sectionBody(code))).json().section);
    const codes = async () => (await list(erp, testId)).sections.map((s) => `${s.sequenceId}:${s.code}`);
    expect((await erp.put(`/api/sections/${made[2].poolId}/move`, { direction: 'up' })).json().message).toBe(
      testMessages.updated,
    );
    expect(await codes()).toEqual(['1:O1', '2:O3', '3:O2']);
    await erp.put(`/api/sections/${made[0].poolId}/move`, { direction: 'down' });
    expect(await codes()).toEqual(['1:O3', '2:O1', '3:O2']);
    // the ends stay where they are
    await erp.put(`/api/sections/${made[2].poolId}/move`, { direction: 'up' });
    expect(await codes()).toEqual(['1:O3', '2:O1', '3:O2']);
    const del = await erp.delete(`/api/sections/${made[0].poolId}`);
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe(m.deleted);
    expect(await codes()).toEqual(['1:O3', '2:O2']);
  });

  it('a section locked by one user refuses the others; only the locker unlocks', async () => {
    const testId = await given(t).draftTest();
    const s = (await create(erp, testId, sectionBody('K1'))).json().section;
    const lock = await erp.put(`/api/sections/${s.poolId}/lock`, { lock: true });
    expect(lock.json().message).toBe(own.locked);
    expect((await list(erp, testId)).sections[0]).toMatchObject({ isLocked: true });
    const edit = await curator.put(`/api/sections/${s.poolId}`, sectionBody('K1', { name: 'Someone else' }));
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(own.sectionLocked);
    expect((await curator.delete(`/api/sections/${s.poolId}`)).statusCode).toBe(403);
    const unlock = await curator.put(`/api/sections/${s.poolId}/lock`, { lock: false });
    expect(unlock.statusCode).toBe(403);
    expect(unlock.json().message).toBe(own.unlockNotAllowed);
    expect(
      (await erp.put(`/api/sections/${s.poolId}`, sectionBody('K1', { name: 'Still mine' }))).statusCode,
    ).toBe(200);
    expect((await erp.put(`/api/sections/${s.poolId}/lock`, { lock: false })).json().message).toBe(
      own.unlocked,
    );
    expect((await curator.put(`/api/sections/${s.poolId}`, sectionBody('K1'))).statusCode).toBe(200);
  });

  it("a published test, or one locked by another user, refuses every section change (the tests' rule)", async () => {
    const testId = await given(t).draftTest();
    const s = (await create(erp, testId, sectionBody('F1'))).json().section;
    await t.deps.db.update(tests).set({ status: TestStatus.Published }).where(eq(tests.testId, testId));
    for (const res of [
      await create(erp, testId, sectionBody('F2')),
      await erp.put(`/api/sections/${s.poolId}`, sectionBody('F1')),
      await erp.delete(`/api/sections/${s.poolId}`),
      await erp.put(`/api/sections/${s.poolId}/move`, { direction: 'up' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(testMessages.published);
    }
    const l = await list(erp, testId);
    expect(l).toMatchObject({ editable: false, readOnlyReason: testMessages.published });
    await t.deps.db
      .update(tests)
      .set({ status: TestStatus.Draft, isLocked: true, lockedBy: await userIdOf(t, 'erp@example.com') })
      .where(eq(tests.testId, testId));
    const res = await curator.post(`/api/tests/${testId}/sections`, sectionBody('F3'));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(testMessages.locked);
    expect((await create(erp, testId, sectionBody('F3'))).statusCode).toBe(201);
  });
});

describe('privileges and the tenant boundary', () => {
  it('Read Only reads the sections but changes nothing', async () => {
    const testId = await given(t).draftTest();
    const s = (await create(erp, testId, sectionBody('R1'))).json().section;
    const l = await list(readonly, testId);
    expect(l.editable).toBe(false);
    expect(l.readOnlyReason).toBe(own.noUpdateTestPrivilege);
    expect((await create(readonly, testId, sectionBody('R2'))).statusCode).toBe(403);
    expect((await readonly.put(`/api/sections/${s.poolId}`, sectionBody('R1'))).statusCode).toBe(403);
    expect((await readonly.delete(`/api/sections/${s.poolId}`)).statusCode).toBe(403);
    expect(await poolCount(t, testId)).toBe(1);
  });

  it("another provider's test or section is not found in every route, and nothing changes", async () => {
    const testId = await given(t).draftTest();
    const s = (await create(erp, testId, sectionBody('T1'))).json().section;
    const q = await firstErpQuestion();
    const calls = [
      partner.get(`/api/tests/${testId}/sections`),
      partner.post(`/api/tests/${testId}/sections`, sectionBody('T2')),
      partner.put(`/api/sections/${s.poolId}`, sectionBody('T1', { name: 'Taken over' })),
      partner.delete(`/api/sections/${s.poolId}`),
      partner.put(`/api/sections/${s.poolId}/move`, { direction: 'down' }),
      partner.put(`/api/sections/${s.poolId}/lock`, { lock: true }),
      partner.get(`/api/sections/${s.poolId}/questions`),
      partner.get(`/api/sections/${s.poolId}/picker`),
      partner.post(`/api/sections/${s.poolId}/questions`, { questionIds: [q] }),
      partner.delete(`/api/sections/${s.poolId}/questions/${q}`),
      partner.put(`/api/sections/${s.poolId}/questions/${q}/move`, { direction: 'up' }),
      partner.put(`/api/sections/${s.poolId}/questions/${q}/lock`, { lock: true }),
      partner.put(`/api/sections/${s.poolId}/questions/${q}/mandatory`, { isMandatory: true }),
      partner.put(`/api/sections/${s.poolId}/topics`, { topicIds: [], randomizeType: 0 }),
      partner.post(`/api/sections/${s.poolId}/new-question`, scqBody('', [])),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(404);
    const [row] = await t.deps.db.select().from(pools).where(eq(pools.poolId, s.poolId));
    expect(row).toMatchObject({ name: 'Section T1', isLocked: false, sequenceId: 1 });
    expect(await poolCount(t, testId)).toBe(1);
  });
});

async function firstErpQuestion() {
  const [row] = await t.deps.db
    .select({ id: questions.questionId })
    .from(questions)
    .where(eq(questions.providerId, ids.erp))
    .orderBy(asc(questions.questionId))
    .limit(1);
  return row!.id;
}
