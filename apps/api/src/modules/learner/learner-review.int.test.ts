import {
  defaultReviewOptions,
  learnerMessages as m,
  REVIEW_IMMEDIATE_SECONDS,
  type ReviewOptions,
} from '@assess/contracts/learner';
import { newTestConfiguration, testEditorMessages, testMessages } from '@assess/contracts/tests';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { questionImages, questions, tests } from '../../db/schema';
import { as, attemptsOfTest, H, MIN, takeableTest, userIdOf } from './learner.test-support';
import { clock, START, student, studentId, t, useLearnerApp } from './learner-app.test-support';

// Issue 27: review options (what a student sees of a finished attempt, and when) and the welcome page before
// Start (reading it starts nothing). Clock moves stay under the session's idle time (2 h).
useLearnerApp();

type Q = {
  questionId: number;
  questionType: number;
  givenChoiceIds: number[] | null;
  correctChoiceIds: number[] | null;
  correctNumeric: number | null;
  solutionText: string | null;
  marks: number | null;
  outcome: string | null;
};
const always = { immediately: true, open: true, closed: true };
const start = async (testId: number) =>
  (await student.post(`/api/learner/tests/${testId}/attempts`)).json() as {
    attemptId: number;
    created: boolean;
  };
const submit = (attemptId: number) => student.post(`/api/learner/attempts/${attemptId}/submit`);
async function evaluation(attemptId: number) {
  const res = await student.get(`/api/learner/attempts/${attemptId}/evaluation`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return { body, raw: res.body, qs: body.sections.flatMap((s: { questions: Q[] }) => s.questions) as Q[] };
}
/** An attempt with its first SCQ answered, submitted at the clock's time. */
async function finished(testId: number) {
  const { attemptId } = await start(testId);
  const state = (await student.get(`/api/learner/attempts/${attemptId}`)).json();
  const scq = state.sections
    .flatMap((s: { questions: Q[] }) => s.questions)
    .find((q: Q) => q.questionType === 2);
  await student.post(`/api/learner/attempts/${attemptId}/answers`, {
    answers: [{ questionId: scq.questionId, seq: 1, choiceIds: [1] }],
  });
  expect((await submit(attemptId)).statusCode).toBe(200);
  return { attemptId, scqId: scq.questionId as number };
}
const withOptions = (o: Partial<ReviewOptions>) => ({ reviewOptions: { ...defaultReviewOptions, ...o } });

describe('review options: the evaluation answers only what they allow now', () => {
  it('by default: the score and own answers at once; marks, right answers and solutions only after the window closes', async () => {
    const x = await takeableTest(t, clock(), { students: [studentId], openTo: 90 * MIN });
    try {
      const { attemptId, scqId } = await finished(x.testId);
      const now = await evaluation(attemptId);
      expect(now.body.review).toEqual({
        score: true,
        answers: true,
        marks: false,
        rightAnswers: false,
        solutions: false,
      });
      expect(typeof now.body.actualScore).toBe('number');
      expect(now.qs.length).toBe(6);
      expect(now.qs.find((q) => q.questionId === scqId)?.givenChoiceIds).toEqual([1]);
      for (const q of now.qs)
        expect([q.correctChoiceIds, q.correctNumeric, q.solutionText, q.marks, q.outcome]).toEqual([
          null,
          null,
          null,
          null,
          null,
        ]);
      // the answer carries no key at all: not an empty list, nothing
      expect(now.raw).not.toMatch(/"correctChoiceIds":\[/);

      // later, while the window is open (1 attempt of 2 used): still hidden
      clock.set(new Date(START.getTime() + 30 * MIN));
      expect((await evaluation(attemptId)).body.review.rightAnswers).toBe(false);

      // after the window closes: everything
      clock.set(new Date(START.getTime() + 90 * MIN));
      const later = await evaluation(attemptId);
      expect(later.body.review).toEqual({
        score: true,
        answers: true,
        marks: true,
        rightAnswers: true,
        solutions: true,
      });
      expect(later.qs.every((q) => Array.isArray(q.correctChoiceIds) && typeof q.marks === 'number')).toBe(
        true,
      );
      expect(later.qs.some((q) => q.correctChoiceIds?.length || q.correctNumeric !== null)).toBe(true);
    } finally {
      clock.set(START);
    }
  });

  it('right answers and solutions while the window is open only once no attempt is left (none open either)', async () => {
    const x = await takeableTest(t, clock(), {
      students: [studentId],
      patch: withOptions({ rightAnswers: always, solutions: always, marks: always }),
    });
    const first = await finished(x.testId);
    const one = await evaluation(first.attemptId);
    expect(one.body.review).toMatchObject({ marks: true, rightAnswers: false, solutions: false });
    expect(one.qs.every((q) => q.correctChoiceIds === null && q.solutionText === null)).toBe(true);
    expect(one.qs.every((q) => typeof q.marks === 'number')).toBe(true);

    // attempt 2 of 2 is running: the first attempt's right answers stay hidden
    const second = await start(x.testId);
    expect((await evaluation(first.attemptId)).body.review.rightAnswers).toBe(false);
    // both used and closed: shown, immediately and later while the window is still open
    expect((await submit(second.attemptId)).statusCode).toBe(200);
    const after = await evaluation(first.attemptId);
    expect(after.body.review).toMatchObject({ rightAnswers: true, solutions: true });
    expect(after.qs.every((q) => Array.isArray(q.correctChoiceIds))).toBe(true);
    try {
      clock.advance((REVIEW_IMMEDIATE_SECONDS + 60) * 1000);
      expect((await evaluation(second.attemptId)).body.review.rightAnswers).toBe(true);
    } finally {
      clock.set(START);
    }
  });

  it('a score shown only later: hidden right after the attempt (result, evaluation, lists), shown after two minutes', async () => {
    const x = await takeableTest(t, clock(), {
      students: [studentId],
      patch: withOptions({ score: { immediately: false, open: true, closed: true } }),
    });
    const { attemptId } = await start(x.testId);
    const res = (await submit(attemptId)).json();
    expect(res).toMatchObject({
      showResult: true,
      actualScore: null,
      totalScore: null,
      result: null,
      feedback: null,
    });
    const ev = await evaluation(attemptId);
    expect([ev.body.review.score, ev.body.actualScore, ev.body.result]).toEqual([false, null, null]);
    expect(ev.body.sections.every((s: { score: unknown }) => s.score === null)).toBe(true);
    const listed = (await student.get(`/api/learner/tests/${x.testId}/attempts`)).json();
    expect(listed[0]).toMatchObject({ actualScore: null, result: null });
    const row = (await student.get('/api/learner/tests'))
      .json()
      .find((r: { testId: number }) => r.testId === x.testId);
    expect(row).toMatchObject({ actualScore: null, result: null });
    try {
      clock.advance((REVIEW_IMMEDIATE_SECONDS + 1) * 1000);
      expect(typeof (await student.get(`/api/learner/attempts/${attemptId}/result`)).json().actualScore).toBe(
        'number',
      );
      expect(typeof (await evaluation(attemptId)).body.actualScore).toBe('number');
      const again = (await student.get('/api/learner/tests')).json();
      expect(typeof again.find((r: { testId: number }) => r.testId === x.testId).actualScore).toBe('number');
    } finally {
      clock.set(START);
    }
  });

  it('a solution image is served only while the solutions show', async () => {
    const x = await takeableTest(t, clock(), { students: [studentId], openTo: 90 * MIN });
    // a provider image no question of the attempt shows, as the first question's solution (a new version)
    const used = await t.deps.db
      .select({ a: questions.imageId, b: questions.paragraphImageId })
      .from(questions)
      .where(
        inArray(
          questions.questionId,
          x.questions.map((q) => q.id),
        ),
      );
    const shown = new Set(used.flatMap((r) => [r.a, r.b]));
    const [img] = (await t.deps.db.select().from(questionImages)).filter((i) => !shown.has(i.imageId));
    expect(img).toBeDefined();
    await t.deps.db
      .update(questions)
      .set({ solutionImageId: img.imageId, version: sql`${questions.version} + 1` })
      .where(eq(questions.questionId, x.questions[0].id));
    const { attemptId } = await finished(x.testId);
    const url = `/api/learner/attempts/${attemptId}/images/${img.imageId}`;
    try {
      expect((await student.get(url)).statusCode).toBe(404);
      clock.set(new Date(START.getTime() + 90 * MIN));
      const ev = await evaluation(attemptId);
      expect(ev.qs.some((q) => (q as { solutionImageUrl?: string }).solutionImageUrl === url)).toBe(true);
      const res = await student.get(url);
      expect([res.statusCode, res.headers['content-type']]).toEqual([200, expect.stringMatching(/^image\//)]);
    } finally {
      clock.set(START);
      await t.deps.db
        .update(questions)
        .set({ solutionImageId: null })
        .where(eq(questions.questionId, x.questions[0].id));
    }
  });

  it("the dashboard's Top Scoring Topics count an attempt only once its marks show", async () => {
    const other = await as(t, 'aarav.sharma@example.com');
    const otherId = await userIdOf(t, 'aarav.sharma@example.com');
    const x = await takeableTest(t, clock(), { students: [otherId], openTo: 90 * MIN });
    const { attemptId } = (await other.post(`/api/learner/tests/${x.testId}/attempts`)).json();
    expect((await other.post(`/api/learner/attempts/${attemptId}/submit`)).statusCode).toBe(200);
    expect((await other.get('/api/learner/dashboard')).json().topTopics).toEqual([]);
    try {
      clock.set(new Date(START.getTime() + 90 * MIN));
      expect((await other.get('/api/learner/dashboard')).json().topTopics.length).toBeGreaterThan(0);
    } finally {
      clock.set(START);
    }
  });

  it('nothing per question allowed: the questions are not sent at all', async () => {
    const off = { immediately: false, open: false, closed: false };
    const x = await takeableTest(t, clock(), {
      students: [studentId],
      patch: withOptions({ answers: off, marks: off, rightAnswers: off, solutions: off }),
    });
    const { attemptId } = await finished(x.testId);
    const ev = await evaluation(attemptId);
    expect(ev.body.review).toMatchObject({ score: true, answers: false });
    expect(ev.qs).toEqual([]);
    // Show Result off still refuses the whole evaluation
    await t.deps.db.update(tests).set({ showResult: false }).where(eq(tests.testId, x.testId));
    const hidden = await student.get(`/api/learner/attempts/${attemptId}/evaluation`);
    expect([hidden.statusCode, hidden.json().message]).toEqual([403, m.resultHidden]);
  });
});

describe('the test editor stores the review options', () => {
  it('PUT /api/tests/:id saves them (GET answers them); a bad matrix is 400 and changes nothing', async () => {
    const erp = await as(t, 'erp@example.com');
    const code = `RV${Date.now().toString(36).slice(-5).toUpperCase()}`;
    const created = (await erp.post('/api/tests', { code, name: `Review ${code}` })).json();
    expect((await erp.get(`/api/tests/${created.testId}`)).json().reviewOptions).toEqual(
      defaultReviewOptions,
    );
    const reviewOptions = { ...defaultReviewOptions, rightAnswers: always };
    const body = { code, name: `Review ${code}`, ...newTestConfiguration, version: created.version };
    const saved = await erp.put(`/api/tests/${created.testId}`, { ...body, reviewOptions });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await erp.get(`/api/tests/${created.testId}`)).json().reviewOptions).toEqual(reviewOptions);
    const bad = await erp.put(`/api/tests/${created.testId}`, {
      ...body,
      version: saved.json().version,
      reviewOptions: { ...reviewOptions, solutions: { immediately: 'yes' } },
    });
    expect(bad.statusCode).toBe(400);
    const [row] = await t.deps.db.select().from(tests).where(eq(tests.testId, created.testId));
    expect(row.reviewOptions).toEqual(reviewOptions);
  });

  it('PUT /api/tests/:id/review-options changes them on a running (published) test: the students see it at once', async () => {
    const x = await takeableTest(t, clock(), { students: [studentId], patch: { attemptsAllowed: 1 } });
    const { attemptId } = await finished(x.testId);
    expect((await evaluation(attemptId)).body.review.rightAnswers).toBe(false);
    const erp = await as(t, 'erp@example.com');
    const reviewOptions = { ...defaultReviewOptions, rightAnswers: always, solutions: always };
    const url = `/api/tests/${x.testId}/review-options`;
    for (const [who, status] of [
      ['readonly@example.com', 403],
      ['partner@example.com', 404],
    ] as const)
      expect((await (await as(t, who)).put(url, { reviewOptions })).statusCode).toBe(status);
    expect((await erp.put(url, { reviewOptions: { score: always } })).statusCode).toBe(400);
    expect((await evaluation(attemptId)).body.review.rightAnswers).toBe(false);
    const saved = await erp.put(url, { reviewOptions });
    expect([saved.statusCode, saved.json().message]).toEqual([200, testEditorMessages.reviewOptionsSaved]);
    // its content stays frozen; its only attempt used, the student now sees the right answers
    expect((await erp.get(`/api/tests/${x.testId}`)).json().readOnlyReason).toBe(testMessages.published);
    const after = await evaluation(attemptId);
    expect(after.body.review).toMatchObject({ rightAnswers: true, solutions: true });
    expect(after.qs.every((q) => Array.isArray(q.correctChoiceIds))).toBe(true);
  });
});

describe('GET /api/learner/tests/:testId/welcome: the page before Start', () => {
  it('shows the rules, the duration and the attempts left and starts nothing; Start twice makes one attempt', async () => {
    const x = await takeableTest(t, clock(), {
      students: [studentId],
      patch: { navigationAllowed: false },
      accommodation: { extraMinutes: 5, extraAttempts: 1 },
    });
    for (let i = 0; i < 2; i++) {
      const res = await student.get(`/api/learner/tests/${x.testId}/welcome`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        testId: x.testId,
        durationMinutes: 35,
        questionCount: 6,
        sections: [
          { name: 'Section 1', questionCount: 3 },
          { name: 'Section 2', questionCount: 3 },
        ],
        navigationAllowed: false,
        attemptNumber: 0,
        maxAttempts: 3,
        attemptsLeft: 3,
        openAttemptId: null,
        startIssue: null,
      });
    }
    expect(await attemptsOfTest(t, x.testId)).toEqual([]);
    // the clock starts at Start: the deadline counts from then
    clock.advance(10 * MIN);
    try {
      const [a, b] = await Promise.all([start(x.testId), start(x.testId)]);
      expect(a.attemptId).toBe(b.attemptId);
      const rows = await attemptsOfTest(t, x.testId);
      expect(rows).toHaveLength(1);
      expect(rows[0].startedAt.toISOString()).toBe(clock().toISOString());
      expect(rows[0].deadline.getTime() - rows[0].startedAt.getTime()).toBe(35 * MIN);
      const w = (await student.get(`/api/learner/tests/${x.testId}/welcome`)).json();
      expect(w).toMatchObject({ openAttemptId: a.attemptId, attemptNumber: 1, attemptsLeft: 2 });
    } finally {
      clock.set(START);
    }
  });

  it("says why Start is refused; a test not assigned is 'This test is not assigned to you.'; staff are refused", async () => {
    const early = await takeableTest(t, clock(), { students: [studentId], openFrom: H });
    expect((await student.get(`/api/learner/tests/${early.testId}/welcome`)).json()).toMatchObject({
      startIssue: m.notStarted,
      attemptsLeft: 2,
    });
    const other = await takeableTest(t, clock(), { students: [] });
    const res = await student.get(`/api/learner/tests/${other.testId}/welcome`);
    expect([res.statusCode, res.json().message]).toEqual([404, m.notAssigned]);
    const staff = await as(t, 'erp@example.com');
    expect((await staff.get(`/api/learner/tests/${other.testId}/welcome`)).statusCode).toBe(403);
  });
});
