import { ANSWER_GRACE_SECONDS, defaultReviewOptions, learnerMessages as m } from '@assess/contracts/learner';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attemptAnswers, attemptMarks, pools, questions, tests } from '../../db/schema';
import { attemptRow, MIN, takeableTest } from './learner.test-support';
import { clock, START, student, studentId, t, useLearnerApp } from './learner-app.test-support';

useLearnerApp();

async function started(patch = {}) {
  const x = await takeableTest(t, clock(), { students: [studentId], patch });
  const res = await student.post(`/api/learner/tests/${x.testId}/attempts`);
  expect(res.statusCode).toBe(200);
  const { attemptId } = res.json();
  const state = (await student.get(`/api/learner/attempts/${attemptId}`)).json();
  return { ...x, attemptId: attemptId as number, state };
}
const save = (attemptId: number, answers: unknown[]) =>
  student.post(`/api/learner/attempts/${attemptId}/answers`, { answers });

describe('the player: read, save, submit', () => {
  it('reads the frozen questions (never the answer), saves, resumes and submits with the stored result', async () => {
    const x = await started();
    const { state } = x;
    expect(state.sections).toHaveLength(2);
    const qs = state.sections.flatMap((s: { questions: Record<string, unknown>[] }) => s.questions);
    expect(qs).toHaveLength(6);
    expect(qs.map((q: { number: number }) => q.number)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(JSON.stringify(state)).not.toMatch(/correct|solution/i);
    expect(state.deadline).toBe(new Date(START.getTime() + 30 * MIN).toISOString());
    expect(state.serverNow).toBe(clock().toISOString());

    const scq = qs.find((q: { questionType: number }) => q.questionType === 2);
    const num = qs.find((q: { questionType: number }) => q.questionType === 4);
    const res = await save(x.attemptId, [
      { questionId: scq.questionId, seq: 2, choiceIds: [1] },
      { questionId: num.questionId, seq: 1, numericAnswer: 42 },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().acks).toEqual(
      expect.arrayContaining([
        { questionId: scq.questionId, seq: 2 },
        { questionId: num.questionId, seq: 1 },
      ]),
    );
    const resumed = (await student.get(`/api/learner/attempts/${x.attemptId}`)).json();
    expect(resumed.answers).toEqual(
      expect.arrayContaining([
        { questionId: scq.questionId, choiceIds: [1], numericAnswer: null, bookmarked: false, seq: 2 },
        { questionId: num.questionId, choiceIds: [], numericAnswer: 42, bookmarked: false, seq: 1 },
      ]),
    );
    expect(resumed.deadline).toBe(state.deadline);

    const submitted = await student.post(`/api/learner/attempts/${x.attemptId}/submit`);
    expect(submitted.statusCode).toBe(200);
    const result = submitted.json();
    expect(result).toMatchObject({ status: 2, showResult: true, answeredCount: 2, questionCount: 6 });
    expect(typeof result.actualScore).toBe('number');
    expect(result.totalScore).toBe(12);
    const marks = await t.deps.db.select().from(attemptMarks).where(eq(attemptMarks.attemptId, x.attemptId));
    expect(marks).toHaveLength(6);
    // a replayed submit answers the same result and changes nothing
    const again = await student.post(`/api/learner/attempts/${x.attemptId}/submit`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(result);
    expect((await attemptRow(t, x.attemptId)).submittedAt?.toISOString()).toBe(clock().toISOString());
    // saves after submit are refused
    const late = await save(x.attemptId, [{ questionId: scq.questionId, seq: 9, choiceIds: [2] }]);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(m.attemptClosed);
  });

  it('save is idempotent by seq: an older or equal seq is acknowledged with the newer one and ignored', async () => {
    const x = await started();
    const q = x.state.sections[0].questions.find((y: { questionType: number }) => y.questionType === 2);
    expect((await save(x.attemptId, [{ questionId: q.questionId, seq: 5, choiceIds: [2] }])).statusCode).toBe(
      200,
    );
    const older = await save(x.attemptId, [{ questionId: q.questionId, seq: 3, choiceIds: [1] }]);
    expect(older.statusCode).toBe(200);
    expect(older.json().acks).toEqual([{ questionId: q.questionId, seq: 5 }]);
    const same = await save(x.attemptId, [{ questionId: q.questionId, seq: 5, choiceIds: [1] }]);
    expect(same.json().acks).toEqual([{ questionId: q.questionId, seq: 5 }]);
    const rows = await t.deps.db
      .select()
      .from(attemptAnswers)
      .where(eq(attemptAnswers.attemptId, x.attemptId));
    expect(rows.map((r) => [r.seq, r.choiceIds])).toEqual([[5, [2]]]);
    // one batch with two changes of one question keeps the newest
    await save(x.attemptId, [
      { questionId: q.questionId, seq: 8, choiceIds: [1] },
      { questionId: q.questionId, seq: 7, choiceIds: [2] },
    ]);
    const [row] = await t.deps.db
      .select()
      .from(attemptAnswers)
      .where(eq(attemptAnswers.attemptId, x.attemptId));
    expect([row.seq, row.choiceIds]).toEqual([8, [1]]);
  });

  it('late answers: accepted within the grace after the deadline, refused after it, nothing written', async () => {
    const x = await started();
    const q = x.state.sections[0].questions[0];
    const deadline = new Date(x.state.deadline).getTime();
    try {
      clock.set(new Date(deadline + (ANSWER_GRACE_SECONDS - 1) * 1000));
      expect(
        (await save(x.attemptId, [{ questionId: q.questionId, seq: 1, bookmarked: true }])).statusCode,
      ).toBe(200);
      clock.set(new Date(deadline + (ANSWER_GRACE_SECONDS + 1) * 1000));
      const late = await save(x.attemptId, [{ questionId: q.questionId, seq: 2, bookmarked: false }]);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(m.attemptClosed);
      const rows = await t.deps.db
        .select()
        .from(attemptAnswers)
        .where(eq(attemptAnswers.attemptId, x.attemptId));
      expect(rows.map((r) => [r.seq, r.bookmarked])).toEqual([[1, true]]);
    } finally {
      clock.set(START);
    }
  });

  it('an answer of the wrong kind is refused with 400 and changes nothing (issue 27)', async () => {
    const x = await started();
    const qs = x.state.sections.flatMap(
      (s: { questions: { questionId: number; questionType: number }[] }) => s.questions,
    );
    const scq = qs.find((q: { questionType: number }) => q.questionType === 2);
    const num = qs.find((q: { questionType: number }) => q.questionType === 4);
    expect(
      (
        await save(x.attemptId, [
          { questionId: scq.questionId, seq: 1, choiceIds: [1] },
          { questionId: num.questionId, seq: 1, numericAnswer: 7 },
        ])
      ).statusCode,
    ).toBe(200);
    const numberForChoices = await save(x.attemptId, [
      { questionId: scq.questionId, seq: 2, numericAnswer: 3 },
    ]);
    expect(numberForChoices.statusCode).toBe(400);
    expect(numberForChoices.json().message).toBe(m.choicesOnly);
    const choicesForNumber = await save(x.attemptId, [
      { questionId: num.questionId, seq: 2, choiceIds: [1] },
    ]);
    expect(choicesForNumber.statusCode).toBe(400);
    expect(choicesForNumber.json().message).toBe(m.numericOnly);
    // seq and ids beyond PostgreSQL's integer: 400, never 500
    const hugeSeq = await save(x.attemptId, [{ questionId: scq.questionId, seq: 2 ** 31, choiceIds: [2] }]);
    expect(hugeSeq.statusCode).toBe(400);
    const hugeAttempt = await save(2 ** 31, [{ questionId: scq.questionId, seq: 3, choiceIds: [2] }]);
    expect(hugeAttempt.statusCode).toBe(400);
    const rows = await t.deps.db
      .select()
      .from(attemptAnswers)
      .where(eq(attemptAnswers.attemptId, x.attemptId));
    expect(
      rows
        .map((r) => [r.questionId, r.seq, r.choiceIds, r.numericAnswer])
        .sort((a, b) => (a[0] as number) - (b[0] as number)),
    ).toEqual(
      [
        [scq.questionId, 1, [1], null],
        [num.questionId, 1, [], 7],
      ].sort((a, b) => (a[0] as number) - (b[0] as number)),
    );
  });

  it("a numerical tolerance is frozen with the attempt and scores an answer within it; labels follow the section's choice format (issue 27)", async () => {
    const db = t.deps.db;
    const shown = { immediately: true, open: true, closed: true };
    const x = await takeableTest(t, clock(), {
      students: [studentId],
      // right answers show before the window closes only when no attempt is left
      patch: { attemptsAllowed: 1, reviewOptions: { ...defaultReviewOptions, rightAnswers: shown } },
    });
    await db.update(pools).set({ choiceFormat: 9 }).where(eq(pools.testId, x.testId));
    const numId = x.questions.find((q) => q.type === 4)?.id as number;
    const bump = { version: sql`${questions.version} + 1` };
    await db
      .update(questions)
      .set({ tolerance: 0.5, ...bump })
      .where(eq(questions.questionId, numId));
    const { attemptId } = (await student.post(`/api/learner/tests/${x.testId}/attempts`)).json();
    const state = (await student.get(`/api/learner/attempts/${attemptId}`)).json();
    const qs = state.sections.flatMap((s: { questions: { choiceFormat: number }[] }) => s.questions);
    expect(qs.map((q: { choiceFormat: number }) => q.choiceFormat)).toEqual(qs.map(() => 9));
    // the bank's question changes after the start: the attempt keeps the version it started with
    const [{ answer }] = await db
      .select({ answer: questions.numericAnswer })
      .from(questions)
      .where(eq(questions.questionId, numId));
    await db
      .update(questions)
      .set({ tolerance: null, ...bump })
      .where(eq(questions.questionId, numId));
    const saved = await save(attemptId, [
      { questionId: numId, seq: 1, numericAnswer: (answer as number) + 0.4 },
    ]);
    expect(saved.statusCode).toBe(200);
    expect((await student.post(`/api/learner/attempts/${attemptId}/submit`)).statusCode).toBe(200);
    const [mark] = await db
      .select()
      .from(attemptMarks)
      .where(and(eq(attemptMarks.attemptId, attemptId), eq(attemptMarks.questionId, numId)));
    expect([mark.outcome, mark.marks]).toEqual([1, 2]);
    // the evaluation shows the tolerance with the right answer, and the section's labels
    const evaluation = (await student.get(`/api/learner/attempts/${attemptId}/evaluation`)).json();
    const evaluated = evaluation.sections
      .flatMap((s: { questions: { questionId: number }[] }) => s.questions)
      .find((q: { questionId: number }) => q.questionId === numId);
    expect(evaluated).toMatchObject({ correctNumeric: answer, tolerance: 0.5, choiceFormat: 9 });
  });

  it('partial credit: choice weights frozen with the attempt, part of the points, feedback only with the solutions (issue 26)', async () => {
    const db = t.deps.db;
    const shown = { immediately: true, open: true, closed: true };
    const x = await takeableTest(t, clock(), {
      students: [studentId],
      patch: {
        attemptsAllowed: 1,
        reviewOptions: { ...defaultReviewOptions, marks: shown, solutions: shown },
      },
    });
    const id = x.questions.find((q) => q.type === 1 || q.type === 2)?.id as number;
    const bump = { version: sql`${questions.version} + 1` };
    const weighted = [
      { text: 'A', image: null, weight: 50, feedback: 'A is right.' },
      { text: 'B', image: null, weight: 50, feedback: null },
      { text: 'C', image: null, weight: -100, feedback: 'C is wrong.' },
    ];
    await db
      .update(questions)
      .set({
        questionType: 1,
        choices: weighted,
        correctChoices: [1, 2],
        passFeedback: 'All right.',
        partialFeedback: 'Part right.',
        failFeedback: 'Not right.',
        ...bump,
      })
      .where(eq(questions.questionId, id));
    const { attemptId } = (await student.post(`/api/learner/tests/${x.testId}/attempts`)).json();
    // the bank drops the weights after the start: the attempt scores with the version it started with
    await db
      .update(questions)
      .set({ choices: weighted.map((c) => ({ ...c, weight: null })), ...bump })
      .where(eq(questions.questionId, id));
    expect((await save(attemptId, [{ questionId: id, seq: 1, choiceIds: [1] }])).statusCode).toBe(200);
    expect((await student.post(`/api/learner/attempts/${attemptId}/submit`)).statusCode).toBe(200);
    const [mark] = await db
      .select()
      .from(attemptMarks)
      .where(and(eq(attemptMarks.attemptId, attemptId), eq(attemptMarks.questionId, id)));
    // half of the section's 2 points; outcome 5 = partial
    expect([mark.outcome, mark.marks]).toEqual([5, 1]);
    const evaluated = async () =>
      (await student.get(`/api/learner/attempts/${attemptId}/evaluation`))
        .json()
        .sections.flatMap((s: { questions: { questionId: number }[] }) => s.questions)
        .find((q: { questionId: number }) => q.questionId === id);
    expect(await evaluated()).toMatchObject({
      outcome: 'partial',
      marks: 1,
      feedback: { text: 'Part right.', choices: [{ choiceId: 1, text: 'A is right.' }] },
    });
    // solutions hidden: no feedback either (it tells which answers were right)
    await db
      .update(tests)
      .set({
        reviewOptions: {
          ...defaultReviewOptions,
          marks: shown,
          solutions: { immediately: false, open: false, closed: false },
        },
      })
      .where(eq(tests.testId, x.testId));
    expect(await evaluated()).toMatchObject({ outcome: 'partial', feedback: null, solutionText: null });
  });

  it('a test that hides results: the result has no score', async () => {
    const x = await started({ showResult: false });
    const res = (await student.post(`/api/learner/attempts/${x.attemptId}/submit`)).json();
    expect(res).toMatchObject({ showResult: false, actualScore: null, totalScore: null, result: null });
    expect((await attemptRow(t, x.attemptId)).actualScore).not.toBeNull();
  });
});
