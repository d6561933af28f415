import { ANSWER_GRACE_SECONDS, learnerMessages as m } from '@assess/contracts/learner';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/wait';
import { attemptAnswers, attemptMarks } from '../../db/schema';
import { ATTEMPT_CLOSER_QUEUE } from '.';
import { attemptRow, attemptsOfTest, takeableTest } from './learner.test-support';
import { clock, START, student, studentId, t, useLearnerApp } from './learner-app.test-support';

useLearnerApp();

type Q = { questionId: number; questionType: number; choices: unknown[] };
async function started() {
  const x = await takeableTest(t, clock(), { students: [studentId] });
  const { attemptId } = (await student.post(`/api/learner/tests/${x.testId}/attempts`)).json();
  const state = (await student.get(`/api/learner/attempts/${attemptId}`)).json();
  const qs: Q[] = state.sections.flatMap((s: { questions: Q[] }) => s.questions);
  return { ...x, attemptId: attemptId as number, deadline: new Date(state.deadline).getTime(), qs };
}
const save = (attemptId: number, answers: unknown[]) =>
  student.post(`/api/learner/attempts/${attemptId}/answers`, { answers });
const pastGrace = (deadline: number) => new Date(deadline + (ANSWER_GRACE_SECONDS + 1) * 1000);

describe('attempts left open are closed with what was saved', () => {
  it('on read: any read past deadline + grace closes and scores the attempt first', async () => {
    const x = await started();
    const scq = x.qs.find((q) => q.questionType === 2) as Q;
    await save(x.attemptId, [{ questionId: scq.questionId, seq: 1, choiceIds: [1] }]);
    try {
      clock.set(pastGrace(x.deadline));
      const state = (await student.get(`/api/learner/attempts/${x.attemptId}`)).json();
      expect(state.status).toBe(3);
      const row = await attemptRow(t, x.attemptId);
      expect(row).toMatchObject({ status: 3, answeredCount: 1 });
      expect(row.actualScore).not.toBeNull();
      const marks = await t.deps.db
        .select()
        .from(attemptMarks)
        .where(eq(attemptMarks.attemptId, x.attemptId));
      expect(marks).toHaveLength(x.qs.length);
      // the list does not offer it for resume
      const listed = (await student.get('/api/learner/tests')).json();
      expect(listed.find((r: { testId: number }) => r.testId === x.testId).openAttemptId).toBeNull();
    } finally {
      clock.set(START);
    }
  });

  it('by the pg-boss cron job (queue learner.close-overdue), exactly once', async () => {
    const x = await started();
    try {
      clock.set(pastGrace(x.deadline));
      await t.deps.jobs.startWorkers({ pollingIntervalSeconds: 0.5 });
      await t.deps.jobs.send(ATTEMPT_CLOSER_QUEUE, {});
      await waitFor(async () => (await attemptRow(t, x.attemptId)).status === 3, 15_000);
      // a second close (another process, a replayed job) changes nothing
      const closer = t.deps.modules.learner.attemptCloser;
      expect(await closer.close(x.attemptId, 3)).toBeUndefined();
      const marks = await t.deps.db
        .select()
        .from(attemptMarks)
        .where(eq(attemptMarks.attemptId, x.attemptId));
      expect(marks).toHaveLength(x.qs.length);
      expect((await attemptRow(t, x.attemptId)).submittedAt?.toISOString()).toBe(clock().toISOString());
    } finally {
      clock.set(START);
    }
  });
});

describe('saves racing a submit', () => {
  it('every acknowledged save is scored; a save after the close is refused', async () => {
    const x = await started();
    const choiceQs = x.qs.filter((q) => q.questionType !== 4);
    const saves = choiceQs.map((q, i) =>
      save(x.attemptId, [{ questionId: q.questionId, seq: i + 1, choiceIds: [1] }]),
    );
    const [submitted, ...results] = await Promise.all([
      student.post(`/api/learner/attempts/${x.attemptId}/submit`),
      ...saves,
    ]);
    expect(submitted.statusCode).toBe(200);
    const acked = results.filter((r) => r.statusCode === 200);
    for (const r of results) expect([200, 409]).toContain(r.statusCode);
    const row = await attemptRow(t, x.attemptId);
    expect(row.answeredCount).toBe(acked.length);
    const stored = await t.deps.db
      .select()
      .from(attemptAnswers)
      .where(eq(attemptAnswers.attemptId, x.attemptId));
    expect(stored).toHaveLength(acked.length);
  });
});

describe('bad input: refused with a clear 4xx and nothing written', () => {
  it('a question not in the attempt, a choice not in the question, two choices for SCQ, a non-number', async () => {
    const x = await started();
    const scq = x.qs.find((q) => q.questionType === 2) as Q;
    const num = x.qs.find((q) => q.questionType === 4) as Q;
    const tf = x.qs.find((q) => q.questionType === 3) as Q;
    const cases: [unknown[], string | null][] = [
      [[{ questionId: 999_999, seq: 1 }], m.questionNotInAttempt],
      [[{ questionId: scq.questionId, seq: 1, choiceIds: [scq.choices.length + 1] }], m.choiceNotInQuestion],
      [[{ questionId: scq.questionId, seq: 1, choiceIds: [1, 2] }], m.oneChoiceOnly],
      [[{ questionId: tf.questionId, seq: 1, choiceIds: [1, 2] }], m.oneChoiceOnly],
      // a choice for a Numerical question is an answer of the wrong kind (issue 27, part B)
      [[{ questionId: num.questionId, seq: 1, choiceIds: [1] }], m.numericOnly],
      [[{ questionId: num.questionId, seq: 1, numericAnswer: 'abc' }], null],
      [[{ questionId: num.questionId, seq: 0, numericAnswer: 1 }], null],
      // one bad answer refuses the whole batch
      [
        [
          { questionId: num.questionId, seq: 1, numericAnswer: 1 },
          { questionId: 999_999, seq: 1 },
        ],
        m.questionNotInAttempt,
      ],
    ];
    for (const [answers, message] of cases) {
      const res = await save(x.attemptId, answers);
      expect(res.statusCode).toBe(400);
      if (message) expect(res.json().message).toBe(message);
    }
    expect(
      await t.deps.db.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, x.attemptId)),
    ).toEqual([]);
  });

  it('a replayed submit answers the same result; an unknown attempt is not found', async () => {
    const x = await started();
    const first = await student.post(`/api/learner/attempts/${x.attemptId}/submit`);
    const second = await student.post(`/api/learner/attempts/${x.attemptId}/submit`);
    expect(second.json()).toEqual(first.json());
    expect(await attemptsOfTest(t, x.testId)).toHaveLength(1);
    const unknown = await student.post('/api/learner/attempts/999999/submit');
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, m.attemptNotFound]);
  });
});

describe('hooks', () => {
  it("Clean Data removes a test's attempts; the tests list counts attempted students", async () => {
    const x = await started();
    const tests = t.deps.modules.tests;
    expect(await tests.testAttempts.attemptedStudents(x.testId)).toBe(1);
    expect(await tests.testDataCleaners.bind(t.deps.db).clean(x.testId)).toBeGreaterThanOrEqual(1);
    expect(await attemptsOfTest(t, x.testId)).toEqual([]);
    expect(await tests.testAttempts.attemptedStudents(x.testId)).toBe(0);
  });
});
