// Reading questions: the grid (filters, content filter, a subscriber's view), the learner's preview and the
// tenant boundary on every route.
import { questionDetailSchema, questionGridSchema, questionPreviewSchema } from '@assess/contracts/questions';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { as, scqBody } from '../../../test/given';
import { configurationValues, questions } from '../../db/schema';
import { type QuestionBankContext, withQuestionBank } from './questions.test-support';

let { t, erp, partner, ids, motion, capitals } = {} as QuestionBankContext;
withQuestionBank((c) => {
  ({ t, erp, partner, ids, motion, capitals } = c);
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
