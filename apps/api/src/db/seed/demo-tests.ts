import { QuestionStatus } from '@assess/contracts/questions';
import { TestStatus } from '@assess/contracts/tests';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { newRowAudit } from '../../platform/db/audit';
import type { Db } from '../../platform/db/client';
import { poolQuestions, pools, poolTopics, questions, tests, topicQuestionMappings, topics } from '../schema';
import type { DemoProviderIds } from './demo';
import { demoUserId } from './demo-kit';

const usable = [QuestionStatus.Ready, QuestionStatus.Published];

/**
 * Demo tests of Demo ERP Institute (README), built from its demo question bank: a Draft without sections, a
 * Ready test with one section of fixed questions, and a Published test with two sections (one of fixed
 * questions, one drawn at random by topic). Skipped when the institute already has them.
 */
export async function seedDemoTests(db: Db, now: Date, ids: DemoProviderIds) {
  const providerId = ids.get('erp');
  if (providerId === undefined) return;
  const existing = await db
    .select({ id: tests.testId })
    .from(tests)
    .where(
      and(eq(tests.providerId, providerId), inArray(tests.code, ['DEMO-DRAFT', 'DEMO-READY', 'DEMO-PUB'])),
    );
  if (existing.length) return;
  const by = await demoUserId(db, 'erp@example.com');
  const audit = newRowAudit(by, now);

  // Ready/Published questions for the fixed sections, and the topic offering the most of them for the random one.
  const fixed = await db
    .select({ id: questions.questionId })
    .from(questions)
    .where(and(eq(questions.providerId, providerId), inArray(questions.status, usable)))
    .orderBy(asc(questions.questionId))
    .limit(10);
  const [randomTopic] = await db
    .select({ topicId: topics.topicId, n: sql<number>`count(*)::int` })
    .from(topics)
    .innerJoin(topicQuestionMappings, eq(topicQuestionMappings.topicId, topics.topicId))
    .innerJoin(questions, eq(questions.questionId, topicQuestionMappings.questionId))
    .where(and(eq(topics.providerId, providerId), inArray(questions.status, usable)))
    .groupBy(topics.topicId)
    .orderBy(desc(sql`count(*)`), asc(topics.topicId))
    .limit(1);
  if (fixed.length < 10 || !randomTopic) return;

  const common = {
    providerId,
    testType: 0,
    difficultyLevel: 2,
    duration: 30,
    attemptsAllowed: 1,
    questionsPerPage: 2,
    negativePointsPerQuestion: 0,
    welcomeMessage: '<p>Welcome to the test. Read each question carefully.</p>',
    concludeMessage: '<p>Thank you for taking the test.</p>',
    passFeedback: 'Passed',
    failFeedback: 'Failed',
    masteryFeedback: 'Great',
    ...audit,
  };
  const [, ready, published] = await db
    .insert(tests)
    .values([
      { ...common, code: 'DEMO-DRAFT', name: 'Demo Draft Test', status: TestStatus.Draft, isActive: false },
      {
        ...common,
        code: 'DEMO-READY',
        name: 'Demo Ready Test',
        status: TestStatus.Ready,
        isActive: true,
        passingScore: 2,
        totalScore: 5,
        pointsPerQuestion: 1,
      },
      {
        ...common,
        code: 'DEMO-PUB',
        name: 'Demo Published Test',
        status: TestStatus.Published,
        isActive: true,
        passingScore: 4,
        masteryScore: 7,
        totalScore: 8,
        pointsPerQuestion: 1,
        publishedDate: now,
      },
    ])
    .returning({ id: tests.testId });

  const section = (
    testId: number,
    sequenceId: number,
    code: string,
    name: string,
    questionCount: number,
  ) => ({
    testId,
    providerId,
    code,
    name,
    sequenceId,
    questionCount,
    pointsPerQuestion: 1,
    createdBy: by,
    createdDate: now,
  });
  const [readyFixed, pubFixed, pubRandom] = await db
    .insert(pools)
    .values([
      section(ready.id, 1, 'READY-S1', 'Fixed questions', 5),
      section(published.id, 1, 'PUB-S1', 'Fixed questions', 5),
      { ...section(published.id, 2, 'PUB-S2', 'Random by topic', 3), randomizeType: 1 },
    ])
    .returning({ id: pools.poolId });
  const picks = (poolId: number, ids: { id: number }[]) =>
    ids.map((q, i) => ({ poolId, questionId: q.id, sequence: i + 1, createdBy: by, createdDate: now }));
  await db
    .insert(poolQuestions)
    .values([...picks(readyFixed.id, fixed.slice(0, 5)), ...picks(pubFixed.id, fixed.slice(5, 10))]);
  await db.insert(poolTopics).values({ poolId: pubRandom.id, topicId: randomTopic.topicId });
}
