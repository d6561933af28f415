import { TestStatus } from '@assess/contracts/tests';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { poolQuestions, pools, tests, users } from '../schema';

const DAY = 86_400_000;

/** The id of the demo user of this user name, or null when it is absent (rows then name the system). */
export async function demoUserId(db: Db, userName: string) {
  const [row] = await db.select({ id: users.userId }).from(users).where(eq(users.userName, userName));
  return row?.id ?? null;
}

/** Whether the provider already has the demo test of this code (each demo seeds once). */
export async function hasDemoTest(db: Db, providerId: number, code: string) {
  const [row] = await db
    .select({ id: tests.testId })
    .from(tests)
    .where(and(eq(tests.providerId, providerId), eq(tests.code, code)));
  return Boolean(row);
}

/** An In Progress test's window: assigned and opened the given days before `now`, open 30 days more, published now. */
export const inProgressWindow = (now: Date, assignedDaysAgo: number, openedDaysAgo: number) => ({
  assignDate: new Date(now.getTime() - assignedDaysAgo * DAY),
  scheduleDate: new Date(now.getTime() - openedDaysAgo * DAY),
  scheduleEndDate: new Date(now.getTime() + 30 * DAY),
  scheduleStatus: 5,
  publishedDate: now,
});

/**
 * An In Progress demo test of one section holding `questionIds` in order (one point each, no negative marks, one
 * attempt): the test, its section and the section's questions. Returns the test's and the section's ids.
 */
export async function insertOneSectionTest(
  db: Db,
  now: Date,
  t: {
    providerId: number;
    code: string;
    name: string;
    description: string;
    window: ReturnType<typeof inProgressWindow>;
    audit: { createdDate: Date; updatedDate: Date; createdBy?: number | null; updatedBy?: number | null };
    section: { code: string; name: string; choiceFormat?: number };
    questionIds: readonly number[];
  },
) {
  const n = t.questionIds.length;
  const [test] = await db
    .insert(tests)
    .values({
      providerId: t.providerId,
      code: t.code,
      name: t.name,
      status: TestStatus.InProgress,
      isActive: true,
      description: t.description,
      duration: 30,
      attemptsAllowed: 1,
      pointsPerQuestion: 1,
      negativePointsPerQuestion: 0,
      passingScore: Math.ceil(n / 2),
      totalScore: n,
      ...t.window,
      ...t.audit,
    })
    .returning({ id: tests.testId });
  const [pool] = await db
    .insert(pools)
    .values({
      testId: test.id,
      providerId: t.providerId,
      ...t.section,
      sequenceId: 1,
      questionCount: n,
      pointsPerQuestion: 1,
      createdDate: now,
    })
    .returning({ id: pools.poolId });
  await db.insert(poolQuestions).values(
    t.questionIds.map((questionId, i) => ({
      poolId: pool.id,
      questionId,
      sequence: i + 1,
      createdDate: now,
    })),
  );
  return { testId: test.id, poolId: pool.id };
}
