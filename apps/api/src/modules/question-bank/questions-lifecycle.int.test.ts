// A question's life after its creation: updates, versions and optimistic concurrency, status and publishing,
// lock, and deletion against the usage registry.
import { questionMessages as m, questionDetailSchema } from '@assess/contracts/questions';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { scqBody } from '../../../test/given';
import { questions, questionVersions, topicQuestionMappings } from '../../db/schema';
import { type QuestionBankContext, withQuestionBank } from './questions.test-support';

let { t, erp, curator, motion } = {} as QuestionBankContext;
withQuestionBank((c) => {
  ({ t, erp, curator, motion } = c);
});

/** How many questions (any provider) have this code, whatever its case. */
const countCode = (code: string) =>
  t.deps.db.$count(questions, sql`lower(${questions.code}) = lower(${code})`);

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
