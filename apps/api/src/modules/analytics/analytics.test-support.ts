import { authEndpoints } from '@assess/contracts/auth';
import { type Answer, type BuiltTest, given, type Student, writtenQuickTest } from '../../../test/given';

import type { TestApp } from '../../../test/harness';

export { as } from '../../../test/given';

const H = 60 * 60 * 1000;

/** One student's attempt: per question 1 right, 0 wrong, null unanswered; seconds between answers. */
export type FixtureAttempt = {
  name: string;
  marks: (0 | 1 | null)[];
  secondsEach?: number;
  attemptNumber?: number;
};

export type AnalyticsFixture = {
  testId: number;
  questionIds: number[];
  attemptIds: number[];
  test: BuiltTest;
  students: Map<string, Student>;
};

const answersOf = (marks: (0 | 1 | null)[]): Answer[] =>
  marks.map((m) => (m === 1 ? 'right' : m === 0 ? 'wrong' : null));

/**
 * A test of Demo ERP Institute with one section of `questions` Ready SCQ questions worth 1 point each, made,
 * scheduled and assigned through the API, and the given attempts taken through the learner endpoints an hour
 * before `now` (a student's n-th attempt 20 minutes after the previous start). The window is open at `now`
 * (scheduleStatus 5), or opens an hour after it with `notYetOpen` (scheduleStatus 4: the attempts are taken in
 * its window, after `now`). `into`: more attempts of a fixture's test.
 */
export async function analyticsFixture(
  t: TestApp,
  now: Date,
  o: { questions: number; attempts: FixtureAttempt[]; notYetOpen?: boolean; into?: AnalyticsFixture },
): Promise<AnalyticsFixture> {
  const g = given(t);
  const from = new Date(now.getTime() + (o.notYetOpen ? H : -3 * H));
  const students = new Map(o.into?.students ?? []);
  const fresh: Student[] = [];
  for (const a of o.attempts)
    if (!students.has(a.name)) {
      const s = await g.student({ fullName: a.name });
      students.set(a.name, s);
      fresh.push(s);
    }
  let test = o.into?.test;
  if (test) await g.assign(test.testId, fresh);
  else
    test = await g.test({
      sections: [{ questions: await g.questions(o.questions) }],
      attemptsAllowed: 2,
      open: { from, to: new Date(from.getTime() + 13 * H) },
      students: fresh,
    });
  const start = new Date(o.notYetOpen ? from.getTime() + H : now.getTime() - H);
  const made: number[] = [];
  for (const a of o.attempts) {
    const { attemptId } = await g.attempt({
      student: students.get(a.name)!,
      test,
      answers: answersOf(a.marks),
      secondsEach: a.secondsEach,
      startedAt: new Date(start.getTime() + ((a.attemptNumber ?? 1) - 1) * 20 * 60 * 1000),
    });
    made.push(attemptId);
  }
  const questionIds = test.questions.map((q) => q.questionId);
  return { testId: test.testId, questionIds, attemptIds: made, test, students };
}

/** A quick test (testType 1) of the ERP institute (the API makes none: the tests module's writer does). */
export async function erpQuickTest(t: TestApp) {
  const erp = await given(t).staff();
  const { userDetails } = await erp.call(authEndpoints.session);
  return { testId: await writtenQuickTest(t, userDetails.providerId) };
}
