import { choiceLabel, QuestionStatus } from '@assess/contracts/questions';
import { sectionEndpoints } from '@assess/contracts/sections';
import { readinessMessages, testMessages, testPreviewSchema } from '@assess/contracts/tests';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { as, signedIn } from '../../../test/given';
import {
  poolQuestions,
  pools,
  privileges,
  questions,
  rolePrivileges,
  tests,
  topicQuestionMappings,
} from '../../db/schema';
import {
  addSection,
  config,
  create,
  erp,
  ids,
  newQuestions,
  sectionForm,
  stored,
  t,
  useTestEditorApp,
} from './test-editor.test-support';

useTestEditorApp();

describe('readiness, activation, publish, preview', () => {
  it('walks Draft → Ready → Published, saying what is missing on the way; a published test is frozen', async () => {
    const test = await create();
    const update = async (change: Record<string, unknown>) => {
      const version = (await stored(test.testId)).version;
      const res = await erp.put(`/api/tests/${test.testId}`, {
        code: test.code,
        name: test.name,
        ...config,
        ...change,
        version,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await update({ passingScore: 9, masteryScore: 10 });

    // empty: preview says so; activation lists the missing section and the passing score above the total
    const empty = await erp.get(`/api/tests/${test.testId}/preview`);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(testMessages.previewEmpty);
    const none = await erp.put(`/api/tests/${test.testId}/activate`);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain(readinessMessages.notReady);
    expect(none.json().message).toContain('The test has no section.');
    expect(none.json().message).toContain('Passing score 9 is above the total score 5.');
    expect((await stored(test.testId)).status).toBe(1);

    // a section of fixed picks holding a Draft, and one drawn by topic that cannot supply its count
    const [draft] = await newQuestions(QuestionStatus.Draft, 1);
    const usable = await newQuestions(QuestionStatus.Ready, 3);
    const fixPool = await addSection(test.testId, 'FIX', 3, [...usable.slice(0, 2), draft]);
    const [topic] = await t.deps.db
      .select({ topicId: topicQuestionMappings.topicId, n: sql<number>`count(*)::int` })
      .from(topicQuestionMappings)
      .innerJoin(questions, eq(questions.questionId, topicQuestionMappings.questionId))
      .where(and(eq(questions.providerId, ids.erp), inArray(questions.status, [2, 3])))
      .groupBy(topicQuestionMappings.topicId)
      .orderBy(sql`count(*) desc`)
      .limit(1);
    const randomPool = await addSection(test.testId, 'RND', 1000, [], [topic.topicId]);
    await update({});
    const report = (await erp.get(`/api/tests/${test.testId}/readiness`)).json();
    expect(report.ready).toBe(false);
    const failed = Object.fromEntries(report.items.map((i: { key: string; ok: boolean }) => [i.key, i.ok]));
    expect(failed).toEqual({
      sections: true,
      sectionSupply: false,
      questionStatus: false,
      duration: true,
      passingScore: true,
      masteryScore: true,
      attemptsAllowed: true,
    });
    const missing = await erp.put(`/api/tests/${test.testId}/activate`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('Section FIX (Section FIX) can supply 2 of its 3 questions.');
    const rnd = /Section RND \(Section RND\) can supply (\d+) of its 1000 questions\./.exec(
      missing.json().message,
    );
    expect(rnd).not.toBeNull();
    const supply = Number(rnd?.[1]);
    expect(supply).toBeGreaterThanOrEqual(topic.n);
    expect(missing.json().message).toContain('Section FIX (Section FIX) holds 1 Draft question.');

    // publish before Ready is refused
    const early = await erp.put(`/api/tests/${test.testId}/publish`);
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(testMessages.publishOnlyReady);

    // fix: the Draft question replaced, the random section asks for what its topic can give
    const sections = await signedIn(t, 'erp@example.com');
    await sections.call(sectionEndpoints.removeQuestion, { params: { poolId: fixPool, questionId: draft } });
    await sections.call(sectionEndpoints.addQuestions, {
      params: { poolId: fixPool },
      body: { questionIds: [usable[2]] },
    });
    await sections.call(sectionEndpoints.update, {
      params: { poolId: randomPool },
      body: sectionForm('RND', supply),
    });
    const activated = await erp.put(`/api/tests/${test.testId}/activate`);
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json().message).toBe(testMessages.activatedAndSaved);
    expect(await stored(test.testId)).toMatchObject({ status: 2, isActive: true });

    // issue 27: the preview shows the test's marks and labels, not the bank's: the section's points (a pick's own
    // points first) and negative points, and the section's choice format (FIX: 9 'i)', RND: the default 3 'A)').
    // Written to the tables here: a pick's own points have no endpoint.
    await t.deps.db
      .update(pools)
      .set({ pointsPerQuestion: 7, negativePointsPerQuestion: -1, choiceFormat: 9 })
      .where(eq(pools.poolId, fixPool));
    await t.deps.db
      .update(poolQuestions)
      .set({ points: 4 })
      .where(and(eq(poolQuestions.poolId, fixPool), eq(poolQuestions.sequence, 1)));
    // preview: sections, pages of questionsPerPage (2), random draws marked
    const preview = await erp.get(`/api/tests/${test.testId}/preview`);
    expect(preview.statusCode, preview.body).toBe(200);
    const p = testPreviewSchema.parse(preview.json());
    expect(p.sections.map((s) => s.code)).toEqual(['FIX', 'RND']);
    expect(p.pages.every((page) => page.questions.length <= 2)).toBe(true);
    const all = p.pages.flatMap((page) => page.questions);
    expect(all).toHaveLength(3 + supply);
    expect(all.map((q) => q.number)).toEqual(all.map((_, i) => i + 1));
    expect(all.filter((q) => q.random)).toHaveLength(p.sections[1].randomCount);
    const fix = all.slice(0, 3);
    expect(fix.map((q) => [q.points, q.negativePoints, q.choiceFormat])).toEqual([
      [4, -1, 9],
      [7, -1, 9],
      [7, -1, 9],
    ]);
    const testPoints = (await stored(test.testId)).pointsPerQuestion ?? 0;
    for (const q of all.slice(3)) {
      expect([q.points, q.choiceFormat]).toEqual([testPoints, 3]);
      expect(q.choices.map((c) => c.label)).toEqual(q.choices.map((_, i) => choiceLabel(3, i + 1)));
    }
    for (const q of fix)
      expect(q.choices.map((c) => c.label)).toEqual(q.choices.map((_, i) => choiceLabel(9, i + 1)));
    expect(fix.some((q) => q.choices[0]?.label === 'i)')).toBe(true);

    // publish: owner's PublishTest from Ready; then every change is refused
    const published = await erp.put(`/api/tests/${test.testId}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().message).toBe(testMessages.publishedSuccessfully);
    expect((await stored(test.testId)).status).toBe(3);
    const version = (await stored(test.testId)).version;
    const frozen = await erp.put(`/api/tests/${test.testId}`, {
      code: test.code,
      name: 'Changed after publish',
      ...config,
      version,
    });
    expect(frozen.statusCode).toBe(403);
    expect(frozen.json().message).toBe(testMessages.published);
    expect((await erp.put(`/api/tests/${test.testId}/activate`)).statusCode).toBe(403);
    expect((await erp.put(`/api/tests/${test.testId}/publish`)).json().message).toBe(
      testMessages.publishOnlyReady,
    );
    expect((await erp.get(`/api/tests/${test.testId}`)).json().readOnlyReason).toBe(testMessages.published);
    expect((await stored(test.testId)).name).toBe(test.name);
  });

  it('publish needs PublishTest', async () => {
    const test = await create();
    await t.deps.db.execute(sql`
      delete from ${rolePrivileges} rp using ${privileges} p
      where rp.privilege_id = p.privilege_id and p.area = 'Test' and p.name = 'PublishTest'`);
    const res = await (await as(t, 'erp@example.com')).put(`/api/tests/${test.testId}/publish`);
    expect(res.statusCode).toBe(403);
  });

  it('the demo tests are in every state and the demo Published test is ready by the rule', async () => {
    const demo = await t.deps.db
      .select()
      .from(tests)
      .where(
        and(eq(tests.providerId, ids.erp), inArray(tests.code, ['DEMO-DRAFT', 'DEMO-READY', 'DEMO-PUB'])),
      );
    // issue 14's demo schedules (db/seed/demo-schedules.ts) move DEMO-PUB to In Progress and DEMO-READY to Scheduled
    expect(demo.map((d) => [d.code, d.status]).sort()).toEqual([
      ['DEMO-DRAFT', 1],
      ['DEMO-PUB', 5],
      ['DEMO-READY', 4],
    ]);
    for (const d of demo.filter((x) => x.status > 1)) {
      const report = (await erp.get(`/api/tests/${d.testId}/readiness`)).json();
      expect(report.ready, JSON.stringify(report)).toBe(true);
    }
    const pub = demo.find((d) => d.code === 'DEMO-PUB')!;
    const preview = testPreviewSchema.parse((await erp.get(`/api/tests/${pub.testId}/preview`)).json());
    expect(preview.sections.map((s) => s.randomCount)).toEqual([0, 3]);
  });
});
