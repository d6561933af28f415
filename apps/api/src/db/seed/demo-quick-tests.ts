import { QuestionStatus, QuestionType } from '@assess/contracts/questions';
import { quickTestDefaults, quickTestLimits } from '@assess/contracts/quick-tests';
import { STUDENT_USER_TYPE } from '@assess/contracts/students';
import { TestStatus, TestType } from '@assess/contracts/tests';
import { and, eq, sql } from 'drizzle-orm';
import { createTreeRepository } from '../../modules/question-bank/tree.repository';
import { hashPassword } from '../../platform/auth/passwords';
import { newRowAudit } from '../../platform/db/audit';
import type { Db } from '../../platform/db/client';
import {
  poolQuestions,
  pools,
  questions,
  questionVersions,
  tests,
  testUsers,
  topicQuestionMappings,
  users,
} from '../schema';
import { DEMO_PASSWORD, type DemoProviderIds } from './demo';
import { demoUserId } from './demo-kit';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** [name, description, questions in its section, schedule] of the demo quick tests, one per card state. */
const demoQuickTests = [
  ['Quick Draft: Fractions', 'Half done: 2 of its 5 questions written', 2, null],
  ['Quick Ready: Percentages', 'Ready to schedule', 5, null],
  ['Quick Scheduled: Ratios', 'Starts in three days', 5, 'scheduled'],
  ['Quick In Progress: Averages', 'Running this week', 5, 'running'],
] as const;

/**
 * Demo quick tests of Demo Quick Tests (quick@example.com, README): a category and topic with 20 Ready questions,
 * three students, and a quick test in each card state (Draft, Ready, Scheduled, In Progress), each with its
 * default section of 5 questions. Skipped when the provider already has quick tests.
 */
export async function seedDemoQuickTests(db: Db, now: Date, ids: DemoProviderIds) {
  const providerId = ids.get('quick');
  if (providerId === undefined) return;
  const [existing] = await db
    .select({ id: tests.testId })
    .from(tests)
    .where(and(eq(tests.providerId, providerId), eq(tests.testType, TestType.Quick)))
    .limit(1);
  if (existing) return;
  const by = await demoUserId(db, 'quick@example.com');
  const audit = newRowAudit(by, now);

  const tree = createTreeRepository(db);
  const category = await tree.insertCategory({
    providerId,
    parentCategoryId: null,
    parentPath: '',
    name: 'Quick Maths',
    userId: 0,
    now,
  });
  const topic = await tree.insertTopic({
    providerId,
    categoryId: category.categoryId,
    parentTopicId: null,
    parentPath: category.path,
    depth: 1,
    name: 'Arithmetic',
    userId: 0,
    now,
  });
  const written = await db
    .insert(questions)
    .values(
      Array.from({ length: 20 }, (_, i) => ({
        providerId,
        code: `QK-${String(i + 1).padStart(3, '0')}`,
        questionType: QuestionType.SCQ,
        contentType: 1,
        choiceFormat: 3,
        difficultyLevel: 2,
        points: 1,
        negativePoints: 0,
        status: QuestionStatus.Ready,
        isActive: true,
        text: `What is ${i + 2} × ${i + 3}?`,
        choices: [0, 1, 2, 3].map((d) => ({ text: String((i + 2) * (i + 3) + d - 1), image: null })),
        correctChoices: [2],
        expiryDate: '2099-12-31',
        createdDate: now,
        updatedDate: now,
      })),
    )
    .returning({ id: questions.questionId });
  await db
    .insert(topicQuestionMappings)
    .values(written.map((q) => ({ topicId: topic.topicId, questionId: q.id })));
  await db.execute(sql`
    insert into ${questionVersions} (question_id, version, snapshot, created_date)
    select q.question_id, q.version, to_jsonb(q), ${now} from ${questions} q where q.provider_id = ${providerId}`);

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const students = await db
    .insert(users)
    .values(
      ['Asha Quick', 'Ravi Quick', 'Meena Quick'].map((name, i) => {
        const email = `${name.toLowerCase().replace(' ', '.')}@example.com`;
        const [firstName, lastName] = name.split(' ');
        return {
          providerId,
          userTypeId: STUDENT_USER_TYPE,
          userName: email,
          email,
          fullName: name,
          firstName,
          lastName,
          mobile: `71000000${String(i + 10)}`,
          address: 'Demo address, India',
          passwordHash,
          isActive: true,
        };
      }),
    )
    .returning({ id: users.userId });

  let next = 0;
  for (const [name, description, count, schedule] of demoQuickTests) {
    const window =
      schedule === 'scheduled'
        ? { assignDate: now, scheduleDate: new Date(now.getTime() + 3 * DAY), end: 4 * DAY }
        : schedule === 'running'
          ? {
              assignDate: new Date(now.getTime() - 3 * DAY),
              scheduleDate: new Date(now.getTime() - DAY),
              end: 6 * DAY,
            }
          : null;
    const status =
      schedule === 'scheduled'
        ? TestStatus.Scheduled
        : schedule === 'running'
          ? TestStatus.InProgress
          : count < quickTestLimits.defaultSectionQuestions
            ? TestStatus.Draft
            : TestStatus.Ready;
    const [test] = await db
      .insert(tests)
      .values({
        providerId,
        code: `QT-DEMO-${next + 1}`,
        name,
        description,
        testType: TestType.Quick,
        status,
        isActive: status !== TestStatus.Draft,
        duration: 30,
        passingScore: 3,
        pointsPerQuestion: 1,
        negativePointsPerQuestion: 0,
        ...quickTestDefaults,
        ...(window
          ? {
              assignDate: window.assignDate,
              scheduleDate: window.scheduleDate,
              scheduleEndDate: new Date(window.scheduleDate.getTime() + window.end),
              scheduleStatus: status,
            }
          : {}),
        ...audit,
      })
      .returning({ id: tests.testId });
    const [pool] = await db
      .insert(pools)
      .values({
        testId: test!.id,
        providerId,
        code: quickTestLimits.defaultSectionCode,
        name: quickTestLimits.defaultSectionName,
        sequenceId: 1,
        questionCount: quickTestLimits.defaultSectionQuestions,
        pointsPerQuestion: 1,
        ...audit,
      })
      .returning({ id: pools.poolId });
    await db
      .insert(poolQuestions)
      .values(
        written
          .slice(next, next + count)
          .map((q, i) => ({ poolId: pool!.id, questionId: q.id, sequence: i + 1 })),
      );
    next += count;
    if (window)
      await db
        .insert(testUsers)
        .values(students.slice(0, 2).map((s) => ({ testId: test!.id, userId: s.id, ...audit })));
  }
}
