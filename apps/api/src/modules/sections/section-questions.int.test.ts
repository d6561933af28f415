import { questionMessages } from '@assess/contracts/questions';
import {
  sectionOwnMessages as own,
  pickerSchema,
  poolQuestionsSchema,
  sectionListSchema,
} from '@assess/contracts/sections';
import { sectionMessages as m, testMessages } from '@assess/contracts/tests';
import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type Caller, demoIds, given, poolQuestionIds, scqBody, sectionBody } from '../../../test/given';
import { createTestApp, type TestApp } from '../../../test/harness';
import { revokePrivilege, setPackageLimit } from '../../../test/reference-data';
import { questions, topicQuestionMappings, topics } from '../../db/schema';

let t: TestApp;
let erp: Caller;
let ids: Awaited<ReturnType<typeof demoIds>>;
let motion: number;
let capitals: number;

beforeAll(async () => {
  t = await createTestApp();
  erp = await as(t, 'erp@example.com');
  ids = await demoIds(t);
  motion = await ids.topicOf(ids.erp, 'Motion');
  capitals = await ids.topicOf(ids.partner, 'Capitals');
});
afterAll(() => t.close());

/** A new Draft test of the ERP institute with one section; returns its ids. */
async function section(extra: Record<string, unknown> = {}) {
  const testId = await given(t).draftTest();
  const res = await erp.post(`/api/tests/${testId}/sections`, sectionBody('Q1', extra));
  expect(res.statusCode, res.body).toBe(201);
  return { testId, poolId: res.json().section.poolId as number };
}

/** Question ids of a topic's subtree (the provider's), of the given statuses, oldest first. */
async function topicQuestions(topicId: number, statuses: number[], types?: number[]) {
  const [topic] = await t.deps.db.select().from(topics).where(eq(topics.topicId, topicId));
  const rows = await t.deps.db
    .selectDistinct({ id: questions.questionId })
    .from(topicQuestionMappings)
    .innerJoin(topics, eq(topics.topicId, topicQuestionMappings.topicId))
    .innerJoin(questions, eq(questions.questionId, topicQuestionMappings.questionId))
    .where(
      and(
        eq(topics.providerId, topic!.providerId),
        like(topics.path, `${topic!.path}%`),
        inArray(questions.status, statuses),
        types ? inArray(questions.questionType, types) : undefined,
      ),
    )
    .orderBy(asc(questions.questionId));
  return rows.map((r) => r.id);
}

const rowOf = async (testId: number, poolId: number) =>
  sectionListSchema
    .parse((await erp.get(`/api/tests/${testId}/sections`)).json())
    .sections.find((s) => s.poolId === poolId)!;

describe('fixed questions', () => {
  it('the picker pages the question grid by topic and marks what is already in the section', async () => {
    const { poolId } = await section();
    const all = await topicQuestions(motion, [1, 2, 3]);
    expect(all.length).toBeGreaterThan(3);
    const page = pickerSchema.parse(
      (await erp.get(`/api/sections/${poolId}/picker?topicId=${motion}&pageSize=10`)).json(),
    );
    expect(page.totalCount).toBe(all.length);
    expect(page.items.every((r) => !r.inSection)).toBe(true);
    const picked = page.items.slice(0, 3).map((r) => r.questionId);
    const add = await erp.post(`/api/sections/${poolId}/questions`, { questionIds: picked });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json()).toEqual({ message: m.questionsAdded, added: 3 });
    const again = pickerSchema.parse(
      (await erp.get(`/api/sections/${poolId}/picker?topicId=${motion}&pageSize=10`)).json(),
    );
    expect(again.items.filter((r) => r.inSection).map((r) => r.questionId)).toEqual(picked);
    // the list's filters apply (status)
    const drafts = pickerSchema.parse(
      (await erp.get(`/api/sections/${poolId}/picker?topicId=${motion}&status=1&pageSize=100`)).json(),
    );
    expect(drafts.items.every((r) => r.status === 1)).toBe(true);
    expect(drafts.totalCount).toBe((await topicQuestions(motion, [1])).length);
    // adding a selection that overlaps adds only the new ones, after the others
    const more = page.items.slice(2, 5).map((r) => r.questionId);
    expect((await erp.post(`/api/sections/${poolId}/questions`, { questionIds: more })).json().added).toBe(2);
    expect(await poolQuestionIds(t, poolId)).toEqual([...picked, ...more.slice(1)]);
  });

  it('a subscribed (content provider) Published question can be added; a Draft one of it, or an unknown id, cannot', async () => {
    const { poolId } = await section();
    const [published] = await topicQuestions(capitals, [3]);
    expect(
      (await erp.post(`/api/sections/${poolId}/questions`, { questionIds: [published] })).statusCode,
    ).toBe(200);
    const [draft] = await topicQuestions(capitals, [1, 2]);
    if (draft !== undefined) {
      const res = await erp.post(`/api/sections/${poolId}/questions`, { questionIds: [draft] });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(own.questionNotAvailable);
    }
    const res = await erp.post(`/api/sections/${poolId}/questions`, { questionIds: [published!, 99999999] });
    expect(res.statusCode).toBe(404);
    expect(await poolQuestionIds(t, poolId)).toEqual([published]);
    // the rows say whose the question is: the caller may edit and publish only its own (part 2 §6)
    const [own2] = await topicQuestions(motion, [2, 3]);
    expect((await erp.post(`/api/sections/${poolId}/questions`, { questionIds: [own2] })).statusCode).toBe(
      200,
    );
    const listed = await erp.get(`/api/sections/${poolId}/questions`);
    expect(listed.body).not.toContain('questionProviderId');
    const rows = poolQuestionsSchema.parse(listed.json()).items;
    expect(rows.map((r) => [r.questionId, r.owned])).toEqual([
      [published, false],
      [own2, true],
    ]);
    const empty = await erp.post(`/api/sections/${poolId}/questions`, { questionIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(own.selectQuestions);
  });

  it('mandatory, lock, move and remove; a locked question stays put until unlocked', async () => {
    const { poolId } = await section();
    const q = (await topicQuestions(motion, [2, 3])).slice(0, 3);
    await erp.post(`/api/sections/${poolId}/questions`, { questionIds: q });
    const base = `/api/sections/${poolId}/questions`;
    expect((await erp.put(`${base}/${q[0]}/move`, { direction: 'down' })).json().message).toBe(
      testMessages.updated,
    );
    expect(await poolQuestionIds(t, poolId)).toEqual([q[1], q[0], q[2]]);
    await erp.put(`${base}/${q[2]}/move`, { direction: 'up' });
    expect(await poolQuestionIds(t, poolId)).toEqual([q[1], q[2], q[0]]);
    expect((await erp.put(`${base}/${q[2]}/mandatory`, { isMandatory: true })).json().message).toBe(
      own.mandatorySet,
    );
    expect((await erp.put(`${base}/${q[1]}/lock`, { lock: true })).json().message).toBe(
      own.questionLockedDone,
    );
    const grid = poolQuestionsSchema.parse((await erp.get(base)).json());
    expect(grid.items.map((r) => [r.questionId, r.sequence, r.isMandatory, r.isLocked])).toEqual([
      [q[1], 1, false, true],
      [q[2], 2, true, false],
      [q[0], 3, false, false],
    ]);
    for (const res of [
      await erp.delete(`${base}/${q[1]}`),
      await erp.put(`${base}/${q[1]}/move`, { direction: 'down' }),
      await erp.put(`${base}/${q[1]}/mandatory`, { isMandatory: true }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(own.questionLocked);
    }
    await erp.put(`${base}/${q[1]}/lock`, { lock: false });
    const del = await erp.delete(`${base}/${q[1]}`);
    expect(del.json().message).toBe(m.questionDeleted);
    const after = poolQuestionsSchema.parse((await erp.get(base)).json());
    expect(after.items.map((r) => [r.questionId, r.sequence])).toEqual([
      [q[2], 1],
      [q[0], 2],
    ]);
    expect((await erp.delete(`${base}/${q[1]}`)).statusCode).toBe(404);
  });

  it('marking mandatory needs the MandatoryQuestion privilege', async () => {
    const { poolId } = await section();
    const [q] = await topicQuestions(motion, [2, 3]);
    await erp.post(`/api/sections/${poolId}/questions`, { questionIds: [q] });
    await revokePrivilege(t, 2, 'Test', 'MandatoryQuestion');
    const cur = await as(t, 'curator@example.com');
    const res = await cur.put(`/api/sections/${poolId}/questions/${q}/mandatory`, { isMandatory: true });
    expect(res.statusCode).toBe(403);
    expect(
      (await erp.put(`/api/sections/${poolId}/questions/${q}/mandatory`, { isMandatory: true })).statusCode,
    ).toBe(200);
  });

  it("the package's TestSectionQuestions caps the section's questions", async () => {
    const restore = await setPackageLimit(t, 3, 'TestSectionQuestions', 3);
    try {
      const erp2 = await as(t, 'erp@example.com');
      const { poolId } = await section();
      const q = (await topicQuestions(motion, [1, 2, 3])).slice(0, 4);
      const res = await erp2.post(`/api/sections/${poolId}/questions`, { questionIds: q });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Please upgrade to higher package to add more than 3 questions.');
      expect(await poolQuestionIds(t, poolId)).toEqual([]);
      expect(
        (await erp2.post(`/api/sections/${poolId}/questions`, { questionIds: q.slice(0, 3) })).statusCode,
      ).toBe(200);
      const one = await erp2.post(`/api/sections/${poolId}/questions`, { questionIds: [q[3]] });
      expect(one.statusCode).toBe(403);
    } finally {
      await restore();
    }
  });

  it('a section takes no more fixed questions than its Number of Questions Allowed; the allowed count cannot drop below them', async () => {
    const { testId, poolId } = await section({ questionCount: 5 });
    const q = (await topicQuestions(await ids.topicOf(ids.erp, 'Mechanics'), [1, 2, 3])).slice(0, 7);
    expect(q).toHaveLength(7);
    // 7 at once into a section of 5: refused, nothing written
    const seven = await erp.post(`/api/sections/${poolId}/questions`, { questionIds: q });
    expect(seven.statusCode).toBe(400);
    expect(seven.json().message).toBe(own.moreThanAllowed(5, 0));
    expect(seven.json().message).toBe(
      'This section allows 5 questions (Number of Questions Allowed) and holds 0: add at most 5 more.',
    );
    expect(await poolQuestionIds(t, poolId)).toEqual([]);
    // 4, then 2 more (one too many), then the fifth
    expect(
      (await erp.post(`/api/sections/${poolId}/questions`, { questionIds: q.slice(0, 4) })).statusCode,
    ).toBe(200);
    const two = await erp.post(`/api/sections/${poolId}/questions`, { questionIds: q.slice(4, 6) });
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe(own.moreThanAllowed(5, 4));
    expect(await poolQuestionIds(t, poolId)).toEqual(q.slice(0, 4));
    expect((await erp.post(`/api/sections/${poolId}/questions`, { questionIds: [q[4]] })).statusCode).toBe(
      200,
    );
    // a full section: the question dialog refuses before it writes a question
    const before = (await t.deps.db.select({ id: questions.questionId }).from(questions)).length;
    const written = await erp.post(`/api/sections/${poolId}/new-question`, scqBody('', [motion]));
    expect(written.statusCode).toBe(400);
    expect(written.json().message).toBe(
      'This section allows 5 questions (Number of Questions Allowed) and holds 5: no more can be added.',
    );
    expect((await t.deps.db.select({ id: questions.questionId }).from(questions)).length).toBe(before);
    // the allowed count cannot go below the 5 fixed questions
    const lower = await erp.put(`/api/sections/${poolId}`, sectionBody('Q1', { questionCount: 4 }));
    expect(lower.statusCode).toBe(400);
    expect(lower.json().message).toBe(own.allowedBelowFixed(5));
    expect((await rowOf(testId, poolId)).questionCount).toBe(5);
    expect(
      (await erp.put(`/api/sections/${poolId}`, sectionBody('Q1', { questionCount: 6 }))).statusCode,
    ).toBe(200);
  });

  it('a question in a section cannot be deleted from the bank', async () => {
    const { poolId } = await section();
    const created = await erp.post('/api/questions', scqBody('SEC-DEL-1', [motion]));
    const draft = created.json().question.questionId as number;
    await erp.post(`/api/sections/${poolId}/questions`, { questionIds: [draft] });
    const res = await erp.delete(`/api/questions/${draft}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(questionMessages.inUse('a test section'));
    expect((await t.deps.db.select().from(questions).where(eq(questions.questionId, draft))).length).toBe(1);
    await erp.delete(`/api/sections/${poolId}/questions/${draft}`);
    expect((await erp.delete(`/api/questions/${draft}`)).statusCode).toBe(200);
  });
});

describe('random by topic and the supply', () => {
  it('assigns topics; the warning when topics and fixed questions cannot supply the count; supplyForTest', async () => {
    const usable = await topicQuestions(motion, [2, 3]);
    const { testId, poolId } = await section({ questionCount: usable.length + 1 });
    const res = await erp.put(`/api/sections/${poolId}/topics`, { topicIds: [motion], randomizeType: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(m.topicsAdded);
    expect(res.json().warning).toBe(m.supplyWarning);
    expect(res.json().section).toMatchObject({ randomizeType: 1, supply: usable.length });
    expect(res.json().section.topics).toEqual([
      expect.objectContaining({ topicId: motion, name: 'Motion', available: usable.length }),
    ]);
    // a Draft fixed question adds nothing to the supply but is reported for readiness
    const [draft] = await topicQuestions(motion, [1]);
    await erp.post(`/api/sections/${poolId}/questions`, { questionIds: [draft] });
    expect(await t.deps.modules.sections.supplyForTest(testId)).toEqual([
      { poolId, questionCount: usable.length + 1, supply: usable.length, fixedNotReady: 1, fixedCount: 1 },
    ]);
    // a fixed Ready question counts once (no longer drawn from the topic)
    await erp.post(`/api/sections/${poolId}/questions`, { questionIds: [usable[0]] });
    expect((await rowOf(testId, poolId)).supply).toBe(usable.length);
    // a subscribed topic's Published questions complete the supply: the warning goes
    const more = await erp.put(`/api/sections/${poolId}/topics`, {
      topicIds: [motion, capitals],
      randomizeType: 1,
    });
    expect(more.json().warning).toBeNull();
    expect(more.json().section.warning).toBeNull();
    const published = await topicQuestions(capitals, [3]);
    expect(more.json().section.supply).toBe(usable.length + published.length);
    // questions per topic caps the draws; question types filter them
    const capped = await erp.put(`/api/sections/${poolId}/topics`, {
      topicIds: [motion, capitals],
      questionsPerTopic: 1,
      randomizeType: 1,
    });
    expect(capped.json().section.supply).toBe(1 + 2);
    expect(capped.json().warning).toBe(m.supplyWarning);
    const scq = await topicQuestions(motion, [2, 3], [2]);
    const typed = await erp.put(`/api/sections/${poolId}/topics`, {
      topicIds: [motion],
      questionTypes: [2],
      randomizeType: 1,
    });
    expect(typed.json().section.questionTypes).toEqual([2]);
    expect(typed.json().section.supply).toBe(1 + scq.filter((id) => id !== usable[0]).length);
    // no topics: fixed questions only
    const none = await erp.put(`/api/sections/${poolId}/topics`, { topicIds: [], randomizeType: 0 });
    expect(none.json().section).toMatchObject({ randomizeType: 0, supply: 1, topics: [] });
  });

  it('overlapping topics of one provider (a topic and its parent) are counted once', async () => {
    const mechanics = await ids.topicOf(ids.erp, 'Mechanics');
    const under = await topicQuestions(mechanics, [2, 3]);
    const { poolId } = await section({ questionCount: 1000 });
    const both = await erp.put(`/api/sections/${poolId}/topics`, { topicIds: [motion, mechanics] });
    expect(both.json().section.supply).toBe(under.length);
    const capped = await erp.put(`/api/sections/${poolId}/topics`, {
      topicIds: [motion, mechanics],
      questionsPerTopic: 1,
    });
    expect(capped.json().section.supply).toBe(Math.min(2, under.length));
  });

  it('topic rules, privileges and boundary', async () => {
    const { poolId } = await section();
    const noTopics = await erp.put(`/api/sections/${poolId}/topics`, { topicIds: [], randomizeType: 1 });
    expect(noTopics.statusCode).toBe(400);
    expect(noTopics.json().message).toBe(own.selectTopics);
    const perTopic = await erp.put(`/api/sections/${poolId}/topics`, {
      topicIds: [motion],
      questionsPerTopic: 0,
    });
    expect(perTopic.json().message).toBe(own.questionsPerTopic);
    const [other] = await t.deps.db
      .select({ id: topics.topicId })
      .from(topics)
      .where(sql`${topics.providerId} not in (${ids.erp}, ${ids.partner})`)
      .limit(1);
    if (other) {
      const res = await erp.put(`/api/sections/${poolId}/topics`, { topicIds: [other.id] });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(own.topicNotAvailable);
    }
    await revokePrivilege(t, 2, 'Test', 'AssignTopicsToPool');
    const cur = await as(t, 'curator@example.com');
    expect((await cur.put(`/api/sections/${poolId}/topics`, { topicIds: [motion] })).statusCode).toBe(403);
  });
});

describe('the section question dialog', () => {
  it("the dialog's three messages, then a Ready question with a generated code, added to the section", async () => {
    const { poolId } = await section();
    const url = `/api/sections/${poolId}/new-question`;
    const noText = await erp.post(url, { ...scqBody('', [motion]), text: '' });
    expect(noText.statusCode).toBe(400);
    expect(noText.json().message).toBe(m.questionTextOrImage);
    const noChoices = await erp.post(url, { ...scqBody('', [motion]), choices: [] });
    expect(noChoices.json().message).toBe(m.setChoices);
    const noAnswer = await erp.post(url, { ...scqBody('', [motion]), correctChoices: [] });
    expect(noAnswer.json().message).toBe(m.selectAnswers);
    expect(await poolQuestionIds(t, poolId)).toEqual([]);
    const res = await erp.post(url, scqBody('', [motion]));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(m.questionCreated);
    const q = res.json().question;
    expect(q.status).toBe(2);
    expect(q.code.length).toBeLessThanOrEqual(20);
    expect(q.code).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(await poolQuestionIds(t, poolId)).toEqual([q.questionId]);
    // a code typed by the author is kept; the bank's own rules still apply (topics)
    const typed = await erp.post(url, scqBody('SEC-Q-TYPED', [motion]));
    expect(typed.json().question.code).toBe('SEC-Q-TYPED');
    // no topic: the message names the topic, not the code the dialog generates
    const noTopic = await erp.post(url, scqBody('', []));
    expect(noTopic.statusCode).toBe(400);
    expect(noTopic.json().message).toBe('Please select topic(s).');
    expect(await poolQuestionIds(t, poolId)).toHaveLength(2);
  });
});
