import {
  questionMessages as m,
  questionDetailSchema,
  questionGridSchema,
  questionPreviewSchema,
} from '@assess/contracts/questions';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type Caller, demoIds, scqBody } from '../../../test/given';
import { createTestApp, type TestApp } from '../../../test/harness';
import {
  configurationValues,
  privileges,
  questions,
  questionVersions,
  rolePrivileges,
  topicQuestionMappings,
} from '../../db/schema';

let t: TestApp;
let erp: Caller;
let curator: Caller;
let partner: Caller;
let ids: Awaited<ReturnType<typeof demoIds>>;
let motion: number;
let capitals: number;

beforeAll(async () => {
  t = await createTestApp();
  erp = await as(t, 'erp@example.com');
  curator = await as(t, 'curator@example.com');
  partner = await as(t, 'partner@example.com');
  ids = await demoIds(t);
  motion = await ids.topicOf(ids.erp, 'Motion');
  capitals = await ids.topicOf(ids.partner, 'Capitals');
});
afterAll(() => t.close());

const countCode = async (code: string) =>
  (
    await t.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(questions)
      .where(sql`lower(${questions.code}) = lower(${code})`)
  )[0].n;

/** A create refused with `message`, and nothing written. */
async function refusedCreate(body: Record<string, unknown>, status: number, message: string, by = erp) {
  const res = await by.post('/api/questions', body);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toBe(message);
  expect(await countCode(String(body.code))).toBe(0);
}

describe('POST /api/questions', () => {
  it('creates a Draft with its topics and a first version', async () => {
    const res = await erp.post(
      '/api/questions',
      scqBody('NEW-1', [motion], { difficultyLevel: 2, points: 3 }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(m.created);
    const q = questionDetailSchema.parse(res.json().question);
    expect(q).toMatchObject({
      status: 1,
      version: 1,
      isActive: false,
      owned: true,
      readOnly: false,
      topicIds: [motion],
    });
    expect(q.topics[0].pathNames).toEqual(['Science', 'Physics', 'Mechanics', 'Motion']);
    expect(q.choices.map((c) => c.label)).toEqual(['(a)', '(b)']);
    expect(q.currentVersionId).toBeGreaterThan(0);
  });

  it('every §5 rule with its message, nothing written', async () => {
    await refusedCreate(scqBody('A'.repeat(21), [motion]), 400, m.codeTooLong);
    await refusedCreate(scqBody('has space', [motion]), 400, m.codeInvalid);
    await refusedCreate(scqBody('NOTOPIC', []), 400, m.createMandatory);
    await refusedCreate(scqBody('NOTEXT', [motion], { text: '  ' }), 400, m.createMandatory);
    await refusedCreate(
      scqBody('READY-1', [motion], { status: 2, correctChoices: [] }),
      400,
      m.createReadyMandatory,
    );
    await refusedCreate(scqBody('READY-2', [], { status: 2 }), 400, m.createReadyMandatory);
    const seven = Array.from({ length: 7 }, (_, i) => ({ text: `c${i}`, image: null }));
    await refusedCreate(scqBody('SEVEN', [motion], { choices: seven }), 400, m.tooManyChoices);
    await refusedCreate(
      scqBody('MCQ-BAD', [motion], { questionType: 1, correctChoices: [2, 5] }),
      400,
      m.answerNotAChoice,
    );
    await refusedCreate(scqBody('SCQ-TWO', [motion], { correctChoices: [1, 2] }), 400, m.oneAnswerOnly);
    await refusedCreate(
      {
        ...scqBody('NUM-NAN', [motion]),
        questionType: 4,
        choices: [],
        correctChoices: [],
        numericAnswer: 'four',
      },
      400,
      m.numericalAnswerNumber,
    );
    await refusedCreate(scqBody('PUB-NEW', [motion], { status: 3 }), 400, m.draftCannotBePublished);
    // An HTML text that is nothing but script is empty once sanitised.
    await refusedCreate(
      scqBody('HTML-EMPTY', [motion], { contentType: 4, text: '<script>alert(1)</script>' }),
      400,
      m.createMandatory,
    );
  });

  it('a code is unique per provider, whatever its case; another provider may use it', async () => {
    await erp.post('/api/questions', scqBody('DUP-1', [motion]));
    const res = await erp.post('/api/questions', scqBody('dup-1', [motion]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: m.codeTaken, fields: { code: [m.codeTaken] } });
    expect((await partner.post('/api/questions', scqBody('DUP-1', [capitals]))).statusCode).toBe(201);
  });

  it('HTML is sanitised on the server before it is stored; LaTeX is stored as typed', async () => {
    const res = await erp.post(
      '/api/questions',
      scqBody('HTML-1', [motion], {
        contentType: 4,
        text: '<p onclick="x()">Hi <img src=x onerror=alert(1)><script>alert(1)</script><a href="javascript:alert(1)">l</a></p>',
        choices: [
          { text: '<b>3</b><svg onload=alert(1)>', image: null },
          { text: '<i>4</i>', image: null },
        ],
      }),
    );
    expect(res.statusCode).toBe(201);
    const [row] = await t.deps.db
      .select()
      .from(questions)
      .where(eq(questions.questionId, res.json().question.questionId));
    expect(row.text).toBe('<p>Hi <a>l</a></p>');
    expect(row.choices).toEqual([
      { text: '<b>3</b>', image: null },
      { text: '<i>4</i>', image: null },
    ]);
    const tex = '<b>not html</b> $\\frac{a}{b} < 1$';
    const latex = await erp.post('/api/questions', scqBody('TEX-1', [motion], { contentType: 3, text: tex }));
    expect(latex.json().question.text).toBe(tex);
  });

  it("another provider's topic, image or objective: refused, nothing written", async () => {
    await refusedCreate(scqBody('FOREIGN-T', [capitals]), 404, m.invalidTopic);
    const [partnerImage] = await t.deps.db
      .execute<{ id: number }>(
        sql`select image_id as id from question_images where provider_id = ${ids.partner} limit 1`,
      )
      .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    await refusedCreate(scqBody('FOREIGN-I', [motion], { image: partnerImage.id }), 404, m.invalidImage);
    const [partnerObjective] = await t.deps.db
      .select({ id: configurationValues.id })
      .from(configurationValues)
      .where(and(eq(configurationValues.providerId, ids.partner), eq(configurationValues.key, 'Objective')));
    await refusedCreate(
      scqBody('FOREIGN-O', [motion], { objective: [partnerObjective.id] }),
      400,
      m.invalidObjective,
    );
  });

  it('True/False gets its fixed pair; Numerical keeps a number and no choices', async () => {
    const tf = await erp.post('/api/questions', {
      ...scqBody('TF-1', [motion]),
      questionType: 3,
      choices: [],
      correctChoices: [2],
    });
    expect(tf.json().question.choices.map((c: { text: string }) => c.text)).toEqual(['True', 'False']);
    const num = await erp.post('/api/questions', {
      ...scqBody('NUM-1', [motion]),
      questionType: 4,
      choices: [],
      correctChoices: [],
      numericAnswer: 2.5,
      status: 2,
    });
    expect(num.json().question).toMatchObject({ numericAnswer: 2.5, choices: [], status: 2, isActive: true });
  });

  it('a Numerical question keeps its tolerance (issue 27); a negative one is refused, other types store none', async () => {
    const numeric = (code: string, tolerance: unknown, questionType = 4) =>
      erp.post('/api/questions', {
        ...scqBody(code, [motion]),
        questionType,
        ...(questionType === 4 ? { choices: [], correctChoices: [], numericAnswer: 3.14 } : {}),
        tolerance,
      });
    const ok = await numeric('TOL-1', 0.01);
    expect(ok.statusCode, ok.body).toBe(201);
    const id = ok.json().question.questionId;
    expect((await erp.get(`/api/questions/${id}`)).json()).toMatchObject({
      numericAnswer: 3.14,
      tolerance: 0.01,
    });
    const negative = await numeric('TOL-2', -0.5);
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toBe(m.toleranceRange);
    const [none] = await t.deps.db.select().from(questions).where(eq(questions.code, 'TOL-2'));
    expect(none).toBeUndefined();
    expect((await numeric('TOL-3', 0)).json().question.tolerance).toBeNull();
    expect((await numeric('TOL-4', 0.5, 2)).json().question.tolerance).toBeNull();
  });
});

describe('PUT /api/questions/:id (lifecycle, versions, optimistic concurrency)', () => {
  let id: number;
  let loaded: ReturnType<typeof questionDetailSchema.parse>;
  const bodyOf = (q: typeof loaded, extra: Record<string, unknown> = {}) => ({
    ...scqBody(q.code, q.topicIds),
    text: q.text,
    version: q.version,
    ...extra,
  });

  beforeAll(async () => {
    const res = await erp.post('/api/questions', scqBody('LIFE-1', [motion], { correctChoices: [] }));
    id = res.json().question.questionId;
    loaded = questionDetailSchema.parse(res.json().question);
  });

  it('Ready needs answers, then text or image (update messages)', async () => {
    const noAnswers = await erp.put(
      `/api/questions/${id}`,
      bodyOf(loaded, { status: 2, correctChoices: [] }),
    );
    expect(noAnswers.json().message).toBe(m.readyNeedsAnswers);
    const noText = await erp.put(`/api/questions/${id}`, bodyOf(loaded, { status: 2, text: null }));
    expect(noText.json().message).toBe(m.readyNeedsContent);
  });

  it('each save keeps an immutable version; a stale version gets 409 and nothing is written', async () => {
    const first = await erp.put(`/api/questions/${id}`, bodyOf(loaded, { text: 'Version two', status: 2 }));
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(m.updated);
    const v2 = questionDetailSchema.parse(first.json().question);
    expect(v2).toMatchObject({ version: 2, status: 2, isActive: true, text: 'Version two' });
    expect(v2.currentVersionId).not.toBe(loaded.currentVersionId);
    // The second author still holds version 1.
    const stale = await erp.put(`/api/questions/${id}`, bodyOf(loaded, { text: 'Overwrite?' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(m.staleVersion);
    const [row] = await t.deps.db.select().from(questions).where(eq(questions.questionId, id));
    expect(row).toMatchObject({ text: 'Version two', version: 2 });
    // What version 1 held is still there, unchanged, and cannot be changed.
    const [old] = await t.deps.db
      .select()
      .from(questionVersions)
      .where(eq(questionVersions.versionId, loaded.currentVersionId));
    expect(old.snapshot).toMatchObject({ text: 'What is 2 + 2?', version: 1, status: 1 });
    await expect(
      t.deps.db
        .update(questionVersions)
        .set({ version: 9 })
        .where(eq(questionVersions.versionId, old.versionId)),
    ).rejects.toThrow();
    loaded = v2;
  });

  it('two authors saving the same version at once: one wins, the other gets 409', async () => {
    const [a, b] = await Promise.all([
      erp.put(`/api/questions/${id}`, bodyOf(loaded, { text: 'A', status: 2 })),
      curator.put(`/api/questions/${id}`, bodyOf(loaded, { text: 'B', status: 2 })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    loaded = questionDetailSchema.parse((a.statusCode === 200 ? a : b).json().question);
    expect(loaded.version).toBe(3);
  });

  it('code, type and content type are fixed', async () => {
    expect((await erp.put(`/api/questions/${id}`, bodyOf(loaded, { questionType: 1 }))).json().message).toBe(
      m.typeFixed,
    );
    expect((await erp.put(`/api/questions/${id}`, bodyOf(loaded, { contentType: 3 }))).json().message).toBe(
      m.typeFixed,
    );
    expect((await erp.put(`/api/questions/${id}`, bodyOf(loaded, { code: 'OTHER' }))).json().message).toBe(
      m.codeFixed,
    );
  });

  it('publishing: only from Ready, only with PublishQuestion; a published question is frozen', async () => {
    const draft = (await erp.post('/api/questions', scqBody('DRAFT-P', [motion]))).json().question;
    const d = await erp.put(`/api/questions/${draft.questionId}/publish`);
    expect(d.statusCode).toBe(400);
    expect(d.json().message).toBe(m.draftCannotBePublished);
    // The curator has no PublishQuestion: neither the button nor the status in the dialog.
    expect((await curator.put(`/api/questions/${id}/publish`)).statusCode).toBe(403);
    expect((await curator.put(`/api/questions/${id}`, bodyOf(loaded, { status: 3 }))).json().message).toBe(
      m.noPublishPrivilege,
    );
    const p = await erp.put(`/api/questions/${id}/publish`);
    expect(p.statusCode).toBe(200);
    expect(p.json()).toMatchObject({
      message: m.published,
      question: { status: 3, version: 4, readOnly: true },
    });
    const edit = await erp.put(`/api/questions/${id}`, bodyOf(p.json().question));
    expect(edit.json().message).toBe(m.publishedNotEditable);
    const del = await erp.delete(`/api/questions/${id}`);
    expect(del.json().message).toBe(m.publishedNotDeletable);
    const versions = await t.deps.db
      .select()
      .from(questionVersions)
      .where(eq(questionVersions.questionId, id));
    expect(versions.map((v) => v.version).sort()).toEqual([1, 2, 3, 4]);
  });

  it('lock sets lockedBy and lockedDate', async () => {
    const q = (await erp.post('/api/questions', scqBody('LOCK-1', [motion], { isLocked: true }))).json()
      .question;
    expect(q.isLocked).toBe(true);
    expect(q.lockedBy).toBeGreaterThan(0);
    expect(q.lockedDate).not.toBeNull();
  });
});

describe('DELETE /api/questions/:id and the usage registry', () => {
  it('refuses a question a registered usage holds; deletes the others with their topics and versions', async () => {
    const a = (await erp.post('/api/questions', scqBody('USED-1', [motion]))).json().question.questionId;
    const b = (await erp.post('/api/questions', scqBody('FREE-1', [motion]))).json().question.questionId;
    t.deps.modules.questionBank.questionUsages.register({
      name: 'probe',
      label: 'a section',
      check: async (qs) => qs.filter((q) => q === a),
    });
    const refused = await erp.delete(`/api/questions/${a}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This question cannot be deleted: it is used in a section.');
    expect(await countCode('USED-1')).toBe(1);
    const ok = await erp.delete(`/api/questions/${b}`);
    expect(ok.json()).toEqual({ message: m.deleted });
    expect(await countCode('FREE-1')).toBe(0);
    const left = await t.deps.db
      .select()
      .from(topicQuestionMappings)
      .where(eq(topicQuestionMappings.questionId, b));
    expect(left).toEqual([]);
  });
});

describe('GET /api/questions (grid)', () => {
  it('All / Owned / Subscribed, newest first, with totalCount', async () => {
    const owned = questionGridSchema.parse(
      (await erp.get('/api/questions?contentFilter=1&pageSize=10')).json(),
    );
    expect(owned.items).toHaveLength(10);
    expect(owned.items.every((r) => r.owned && r.providerName === 'Demo ERP Institute')).toBe(true);
    const ids2 = owned.items.map((r) => r.questionId);
    expect([...ids2].sort((x, y) => y - x)).toEqual(ids2);
    const sub = questionGridSchema.parse((await erp.get('/api/questions?contentFilter=2')).json());
    expect(sub.items.every((r) => !r.owned && r.status === 3)).toBe(true);
    const all = questionGridSchema.parse((await erp.get('/api/questions')).json());
    expect(all.totalCount).toBe(owned.totalCount + sub.totalCount);
    expect((await erp.get('/api/questions?pageSize=7')).statusCode).toBe(400);
  });

  it('every filter of §2', async () => {
    const total = async (q: string) =>
      questionGridSchema.parse((await erp.get(`/api/questions?contentFilter=1&${q}`)).json()).totalCount;
    const seeded = await t.deps.db.execute<{ n: number }>(
      sql`select count(*)::int as n from questions where provider_id = ${ids.erp} and status = 3 and difficulty_level = 2`,
    );
    expect(await total('status=3&difficultyLevel=2')).toBe(
      (seeded as unknown as { rows: { n: number }[] }).rows[0].n,
    );
    expect(await total('questionType=4&contentType=3')).toBe(5);
    expect(await total('code=mth-scq-tex')).toBe(5);
    expect(await total('code=%25')).toBe(0);
    expect(await total('points=5&contentType=1')).toBeGreaterThan(0);
    const [objective] = await t.deps.db
      .select({ id: configurationValues.id })
      .from(configurationValues)
      .where(and(eq(configurationValues.providerId, ids.erp), eq(configurationValues.key, 'Objective')));
    expect(await total(`objective=${objective.id}`)).toBeGreaterThan(0);
    expect(await total(`targetAudience=999999`)).toBe(0);
    const pythagoras = await ids.topicOf(ids.erp, 'Pythagoras');
    // Ready in Pythagoras: True/False LaTeX variants 3 and 4, Numerical LaTeX variant 4 (variant 3 is in Circles).
    expect(await total(`topicId=${pythagoras}&status=2`)).toBe(3);
  });

  it("a subscriber sees its content provider's Published questions only; a Draft stays private", async () => {
    const draft = await partner.post('/api/questions', scqBody('PART-DRAFT', [capitals]));
    const sub = await as(t, 'subscriber@example.com');
    const grid = questionGridSchema.parse((await sub.get('/api/questions?pageSize=100')).json());
    expect(grid.items.every((r) => r.providerId === ids.partner && r.status === 3)).toBe(true);
    expect(grid.items.some((r) => r.code === 'PART-DRAFT')).toBe(false);
    const id = draft.json().question.questionId;
    expect((await sub.get(`/api/questions/${id}`)).statusCode).toBe(404);
    expect((await sub.get(`/api/questions/${id}/preview`)).statusCode).toBe(404);
    const published = grid.items[0].questionId;
    const detail = questionDetailSchema.parse((await sub.get(`/api/questions/${published}`)).json());
    expect(detail).toMatchObject({ owned: false, readOnly: true });
  });
});

describe('preview', () => {
  it('what a learner sees: no code, answer, solution or feedback', async () => {
    const id = await ids.questionOf(ids.erp, 'MTH-SCQ-TXT-5');
    const res = await erp.get(`/api/questions/${id}/preview`);
    const p = questionPreviewSchema.parse(res.json());
    expect(p.choices).toHaveLength(4);
    expect(res.json()).not.toHaveProperty('correctChoices');
    expect(res.json()).not.toHaveProperty('solutionText');
    expect(res.json()).not.toHaveProperty('code');
  });
});

describe('tenant boundary', () => {
  it("another provider's question id in every route: 404 and nothing written", async () => {
    const draft = (await partner.post('/api/questions', scqBody('PART-2', [capitals]))).json().question;
    const published = await ids.questionOf(ids.partner, 'GK-CAP-1');
    for (const res of [
      await erp.get(`/api/questions/${draft.questionId}`),
      await erp.get(`/api/questions/${draft.questionId}/preview`),
      await erp.put(`/api/questions/${draft.questionId}`, { ...scqBody('PART-2', [capitals]), version: 1 }),
      await erp.put(`/api/questions/${published}/publish`),
      await erp.delete(`/api/questions/${draft.questionId}`),
      await erp.delete(`/api/questions/${published}`),
      await erp.post('/api/questions/bulk-update', {
        questionIds: [draft.questionId],
        field: 'points',
        value: 9,
      }),
      await erp.post('/api/questions/bulk-topic-mapping', { topicId: motion, questionIds: [published] }),
      await erp.get(`/api/questions?topicId=999999`),
    ])
      expect(res.statusCode, res.body).toBe(404);
    const [row] = await t.deps.db.select().from(questions).where(eq(questions.questionId, draft.questionId));
    expect(row).toMatchObject({ version: 1, points: 0, text: 'What is 2 + 2?' });
  });
});

describe('configuration in-use guard and the Numerical privilege', () => {
  it('an objective held by a question stays active', async () => {
    const [objective] = await t.deps.db
      .select({ id: configurationValues.id })
      .from(configurationValues)
      .where(and(eq(configurationValues.providerId, ids.erp), eq(configurationValues.key, 'Objective')));
    await erp.post('/api/questions', scqBody('OBJ-1', [motion], { objective: [objective.id] }));
    const res = await erp.put(`/api/configuration/values/Objective/${objective.id}`, { isActive: false });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The Objective is in use.');
  });

  it('Numerical needs NumericalQuestionType', async () => {
    await t.deps.db.execute(sql`
      delete from ${rolePrivileges} rp using ${privileges} p
      where rp.privilege_id = p.privilege_id and p.area = 'Question' and p.name = 'NumericalQuestionType'`);
    await refusedCreate(
      {
        ...scqBody('NUM-NOPRIV', [motion]),
        questionType: 4,
        choices: [],
        correctChoices: [],
        numericAnswer: 1,
      },
      403,
      m.noNumericalPrivilege,
    );
  });
});
