import { ANSWER_GRACE_SECONDS, AttemptStatus, defaultReviewOptions } from '@assess/contracts/learner';
import { TestStatus } from '@assess/contracts/tests';
import { and, asc, eq } from 'drizzle-orm';
import { createAttemptCloser, createVersionCache } from '../../modules/learner/attempt-closer.service';
import type { Snapshot } from '../../modules/learner/attempt-content';
import { createAttemptStartService } from '../../modules/learner/attempt-start.service';
import { type AnswerWrite, createAttemptsRepository } from '../../modules/learner/attempts.repository';
import { questionsDrawableBy } from '../../platform/access/scopes.repository';
import { newRowAudit } from '../../platform/db/audit';
import type { Database, Db } from '../../platform/db/client';
import { unitOfWork } from '../../platform/db/unit-of-work';
import { attempts, poolQuestions, pools, questions, studentTests, tests, testUsers } from '../schema';
import type { DemoProviderIds } from './demo';
import { demoUserId, hasDemoTest, inProgressWindow } from './demo-kit';

const MIN = 60 * 1000;

/**
 * Demo learner data (issue 15, README): Demo ERP Institute's 'Demo Mock Test' (DEMO-MOCK) — two sections with
 * every question type in every content type (text, LaTeX, HTML, one with an image), timer, hints, bookmarks,
 * 3 attempts, result shown, open from a day before seeding to 30 days after — assigned to student@example.com,
 * who also has one completed attempt of 'Demo Published Test' (DEMO-PUB) with its evaluation, taken through
 * the learner services (start, saves, submit); DEMO-PUB's review options show the marks, right answers and
 * solutions once the student has no attempt left (its only one is used). Skipped when DEMO-MOCK exists.
 */
export async function seedDemoLearner(db: Db, now: Date, ids: DemoProviderIds) {
  const providerId = ids.get('erp');
  if (providerId === undefined) return;
  if (await hasDemoTest(db, providerId, 'DEMO-MOCK')) return;
  const student = await demoUserId(db, 'student@example.com');
  const by = await demoUserId(db, 'erp@example.com');
  const [pub] = await db
    .select({ id: tests.testId, objectiveIds: tests.objectiveIds })
    .from(tests)
    .where(and(eq(tests.providerId, providerId), eq(tests.code, 'DEMO-PUB')));
  if (student === null) return;
  const audit = newRowAudit(by, now);

  // one Ready/Published question per type × content type, an image question among them when there is one
  const usable = await db
    .select({
      id: questions.questionId,
      type: questions.questionType,
      content: questions.contentType,
      image: questions.imageId,
    })
    .from(questions)
    .where(questionsDrawableBy({ providerId, contentProviderIds: [] }))
    .orderBy(asc(questions.questionId));
  const picked: typeof usable = [];
  for (const type of [1, 2, 3, 4])
    for (const content of [1, 3, 4]) {
      const of = usable.filter((q) => q.type === type && q.content === content);
      const q = of.find((x) => x.image !== null && !picked.some((p) => p.image !== null)) ?? of[0];
      if (q) picked.push(q);
    }
  if (!picked.some((q) => q.image !== null)) {
    const withImage = usable.find((q) => q.image !== null && !picked.includes(q));
    if (withImage) picked.push(withImage);
  }
  if (picked.length < 4) return;

  const [mock] = await db
    .insert(tests)
    .values({
      providerId,
      code: 'DEMO-MOCK',
      name: 'Demo Mock Test',
      testType: 0,
      status: TestStatus.InProgress,
      isActive: true,
      difficultyLevel: 2,
      objectiveIds: pub?.objectiveIds ?? null,
      description: 'A mock exam with every question type and content type.',
      welcomeMessage:
        '<p>Welcome to the Demo Mock Test. Two sections, 30 minutes. Your answers are saved as you go.</p>',
      concludeMessage: '<p>Thank you for taking the Demo Mock Test.</p>',
      passFeedback: 'Passed: well done.',
      failFeedback: 'Not passed this time: review the evaluation and try again.',
      masteryFeedback: 'Mastery: excellent work.',
      duration: 30,
      attemptsAllowed: 3,
      questionsPerPage: 2,
      pointsPerQuestion: 1,
      negativePointsPerQuestion: 0,
      passingScore: Math.ceil(picked.length / 2),
      masteryScore: picked.length - 1,
      totalScore: picked.length,
      showTimer: true,
      showResult: true,
      showHint: true,
      showBookmark: true,
      navigationAllowed: true,
      ...inProgressWindow(now, 3, 1),
      ...audit,
    })
    .returning({ id: tests.testId });
  const choiceTypes = picked.filter((q) => q.type === 1 || q.type === 2);
  const otherTypes = picked.filter((q) => !choiceTypes.includes(q));
  const [s1, s2] = await db
    .insert(pools)
    .values([
      {
        testId: mock.id,
        providerId,
        code: 'MOCK-S1',
        name: 'Multiple and single choice',
        sequenceId: 1,
        questionCount: choiceTypes.length,
        pointsPerQuestion: 1,
        negativePointsPerQuestion: -0.25,
        createdBy: by,
        createdDate: now,
      },
      {
        testId: mock.id,
        providerId,
        code: 'MOCK-S2',
        name: 'True/False and numerical',
        sequenceId: 2,
        questionCount: otherTypes.length,
        pointsPerQuestion: 1,
        createdBy: by,
        createdDate: now,
      },
    ])
    .returning({ id: pools.poolId });
  const picks = (poolId: number, qs: typeof picked) =>
    qs.map((q, i) => ({ poolId, questionId: q.id, sequence: i + 1, createdBy: by, createdDate: now }));
  await db.insert(poolQuestions).values([...picks(s1.id, choiceTypes), ...picks(s2.id, otherTypes)]);
  await db
    .insert(testUsers)
    .values({ testId: mock.id, userId: student, ...audit })
    .onConflictDoNothing();

  if (pub) {
    // its evaluation shows the marks, right answers and solutions once a student has no attempt left (issue 27)
    const always = { immediately: true, open: true, closed: true };
    await db
      .update(tests)
      .set({
        reviewOptions: { ...defaultReviewOptions, marks: always, rightAnswers: always, solutions: always },
      })
      .where(eq(tests.testId, pub.id));
    await seedCompletedAttempt(db, now, pub.id, student, providerId);
  }
}

/** A completed attempt of DEMO-PUB, 20 hours before seeding: two thirds answered right, one wrong, the rest blank. */
async function seedCompletedAttempt(db: Db, now: Date, testId: number, userId: number, providerId: number) {
  const [assigned] = await db
    .select({ id: studentTests.testId })
    .from(studentTests)
    .where(and(eq(studentTests.testId, testId), eq(studentTests.userId, userId)));
  const [taken] = await db
    .select({ id: attempts.attemptId })
    .from(attempts)
    .where(and(eq(attempts.testId, testId), eq(attempts.userId, userId)));
  if (!assigned || taken) return;
  let at = new Date(now.getTime() - 20 * 60 * MIN);
  const clock = () => at;
  const repo = createAttemptsRepository(db);
  const versions = createVersionCache((ids) => repo.versions(ids));
  const withTransaction = unitOfWork(db as Database, (tx) => ({ attempts: createAttemptsRepository(tx) }));
  const closer = createAttemptCloser({ withTransaction, versions, clock });
  const start = createAttemptStartService({ attempts: repo, closer, clock });
  const { attemptId } = await start.start({ userId, providerId, contentProviderIds: [] }, testId);
  const attempt = await repo.attempt(attemptId);
  if (!attempt) return;
  const frozen = attempt.sections.flatMap((s) => s.questions);
  const snaps = await versions(frozen.map((q) => q.versionId));
  const writes = frozen.flatMap((q, i): AnswerWrite[] => {
    const s = snaps.get(q.versionId) as Snapshot | undefined;
    if (!s || i % 4 === 3) return [];
    const wrong = i % 4 === 2;
    if (q.questionType === 4)
      return [{ q: q.questionId, c: [], n: (s.numeric_answer ?? 0) + (wrong ? 1 : 0), b: false, s: 1 }];
    const right = [...(s.correct_choices ?? [])];
    const other = Array.from({ length: q.choiceCount }, (_, k) => k + 1).find((k) => !right.includes(k)) ?? 1;
    return [
      {
        q: q.questionId,
        c: wrong ? [other] : q.questionType === 1 ? right : right.slice(0, 1),
        n: null,
        b: i === 0,
        s: 1,
      },
    ];
  });
  at = new Date(at.getTime() + 12 * MIN);
  if (writes.length) await repo.saveAnswers(attemptId, userId, writes, at, ANSWER_GRACE_SECONDS);
  at = new Date(at.getTime() + MIN);
  await closer.close(attemptId, AttemptStatus.Submitted);
}
