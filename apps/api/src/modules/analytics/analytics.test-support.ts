import { desc, eq, inArray } from 'drizzle-orm';
import type { TestApp } from '../../../test/harness';
import { attemptAnswers, attemptMarks, attempts, questions, questionVersions, users } from '../../db/schema';
import { erpId, takeableTest } from '../learner/learner.test-support';

export { as, erpId } from '../learner/learner.test-support';

let seq = 0;

/** One student's closed attempt: per question 1 right, 0 wrong, null unanswered; seconds per answered question. */
export type FixtureAttempt = {
  name: string;
  marks: (0 | 1 | null)[];
  secondsEach?: number;
  attemptNumber?: number;
};

/**
 * A test of Demo ERP Institute in progress (scheduleStatus 5) with one section of `questions` fixed questions
 * worth 1 point each, and closed attempts written straight into attempts / attempt_answers / attempt_marks as
 * the closer stores them (a right answer is the first correct choice, a wrong one another choice).
 */
export async function analyticsFixture(
  t: TestApp,
  now: Date,
  o: {
    questions: number;
    attempts: FixtureAttempt[];
    patch?: Parameters<typeof takeableTest>[2]['patch'];
    /** More attempts of a fixture's test (its questions). */
    into?: { testId: number; questionIds: number[] };
  },
) {
  const db = t.deps.db;
  const providerId = await erpId(t);
  const test = o.into
    ? { testId: o.into.testId, questions: o.into.questionIds.map((id) => ({ id })) }
    : await takeableTest(t, now, {
        students: [],
        sections: 1,
        perSection: o.questions,
        patch: o.patch,
      });
  const qids = test.questions.map((q) => q.id);
  const info = await db
    .select({
      id: questions.questionId,
      type: questions.questionType,
      correct: questions.correctChoices,
      n: questions.numericAnswer,
    })
    .from(questions)
    .where(inArray(questions.questionId, qids));
  const versions = await db
    .select({ id: questionVersions.versionId, q: questionVersions.questionId })
    .from(questionVersions)
    .where(inArray(questionVersions.questionId, qids))
    .orderBy(desc(questionVersions.version));
  const versionOf = (q: number) => versions.find((v) => v.q === q)?.id ?? 0;
  const byId = new Map(info.map((q) => [q.id, q]));
  const names = new Map<string, number>();
  const made: number[] = [];
  for (const a of o.attempts) {
    let userId = names.get(a.name);
    if (userId === undefined) {
      const tag = `${Date.now().toString(36)}${(seq++).toString(36)}`;
      const [u] = await db
        .insert(users)
        .values({
          providerId,
          userTypeId: 4,
          userName: `an.${tag}@example.com`,
          fullName: a.name,
          passwordHash: 'x',
        })
        .returning({ id: users.userId });
      userId = u.id;
      names.set(a.name, userId);
    }
    const started = new Date(now.getTime() - 60 * 60 * 1000);
    const answered = a.marks.filter((m) => m !== null).length;
    const secondsEach = a.secondsEach ?? 30;
    const score = a.marks.reduce<number>((s, m) => s + (m ?? 0), 0);
    const [row] = await db
      .insert(attempts)
      .values({
        testId: test.testId,
        userId,
        providerId,
        attemptNumber: a.attemptNumber ?? 1,
        status: 2,
        startedAt: started,
        deadline: new Date(started.getTime() + 30 * 60 * 1000),
        submittedAt: new Date(started.getTime() + (answered * secondsEach + 10) * 1000),
        seed: 1,
        sections: [
          {
            poolId: 0,
            name: 'Section 1',
            maxQuestionForScore: null,
            passingScore: null,
            isMandatoryToPass: false,
            questions: qids.map((q) => ({
              questionId: q,
              versionId: versionOf(q),
              questionType: byId.get(q)?.type ?? 2,
              choiceCount: 4,
              points: 1,
              negativePoints: 0,
              isMandatory: false,
            })),
          },
        ],
        actualScore: score,
        totalScore: qids.length,
        result: 1,
        answeredCount: answered,
      })
      .returning({ id: attempts.attemptId });
    made.push(row.id);
    let k = 0;
    const answers = qids.flatMap((q, i) => {
      const m = a.marks[i];
      if (m === null || m === undefined) return [];
      k += 1;
      const info = byId.get(q);
      const right = info?.correct?.[0] ?? 1;
      const numeric = info?.type === 4;
      return [
        {
          attemptId: row.id,
          questionId: q,
          choiceIds: numeric ? [] : [m === 1 ? right : right === 1 ? 2 : 1],
          numericAnswer: numeric ? (info?.n ?? 0) + (m === 1 ? 0 : 1) : null,
          seq: 1,
          savedAt: new Date(started.getTime() + k * secondsEach * 1000),
        },
      ];
    });
    if (answers.length) await db.insert(attemptAnswers).values(answers);
    await db.insert(attemptMarks).values(
      qids.map((q, i) => ({
        attemptId: row.id,
        questionId: q,
        poolId: 0,
        versionId: versionOf(q),
        marks: a.marks[i] ?? 0,
        points: 1,
        outcome: a.marks[i] === 1 ? 1 : a.marks[i] === 0 ? 2 : 3,
      })),
    );
  }
  return { testId: test.testId, questionIds: qids, attemptIds: made, providerId };
}

export async function userIdByName(t: TestApp, fullName: string) {
  const [u] = await t.deps.db.select({ id: users.userId }).from(users).where(eq(users.fullName, fullName));
  return u?.id;
}
