import { and, asc, eq, inArray } from 'drizzle-orm';
import { as } from '../../../test/given';
import type { TestApp } from '../../../test/harness';
import {
  attempts,
  poolQuestions,
  pools,
  providers,
  questions,
  tests,
  testUsers,
  users,
} from '../../db/schema';

export { as };
export const H = 60 * 60 * 1000;
export const MIN = 60 * 1000;

let seq = 0;
const code = () => `LRN-${Date.now().toString(36).slice(-4)}${(seq++).toString(36)}`;

export async function erpId(t: TestApp) {
  const [p] = await t.deps.db
    .select({ id: providers.providerId })
    .from(providers)
    .where(eq(providers.name, 'Demo ERP Institute'));
  return p.id;
}

export async function userIdOf(t: TestApp, userName: string) {
  const [row] = await t.deps.db.select({ id: users.userId }).from(users).where(eq(users.userName, userName));
  return row.id;
}

/** Ready/Published questions of the provider, one of each type first. */
export async function usableQuestions(t: TestApp, providerId: number, n: number) {
  const rows = await t.deps.db
    .select({ id: questions.questionId, type: questions.questionType })
    .from(questions)
    .where(and(eq(questions.providerId, providerId), inArray(questions.status, [2, 3])))
    .orderBy(asc(questions.questionId));
  const byType = [1, 2, 3, 4].flatMap((ty) => rows.filter((r) => r.type === ty).slice(0, 1));
  const rest = rows.filter((r) => !byType.includes(r));
  return [...byType, ...rest].slice(0, n);
}

/**
 * A takeable test of Demo ERP Institute: `sections` sections of `perSection` fixed Ready/Published questions,
 * scheduled from `openFrom` to `openTo` (relative to `now`), assigned to the given students.
 */
export async function takeableTest(
  t: TestApp,
  now: Date,
  o: {
    students: number[];
    patch?: Partial<typeof tests.$inferInsert>;
    sections?: number;
    perSection?: number;
    openFrom?: number;
    openTo?: number | null;
    accommodation?: { extraAttempts?: number; extraMinutes?: number; attemptsAllowed?: number };
  },
) {
  const db = t.deps.db;
  const providerId = await erpId(t);
  const sections = o.sections ?? 2;
  const perSection = o.perSection ?? 3;
  const c = code();
  const [row] = await db
    .insert(tests)
    .values({
      providerId,
      code: c,
      name: `Learner ${c}`,
      status: 5,
      isActive: true,
      duration: 30,
      attemptsAllowed: 2,
      pointsPerQuestion: 1,
      passingScore: 1,
      scheduleStatus: 5,
      scheduleDate: new Date(now.getTime() + (o.openFrom ?? -H)),
      scheduleEndDate: o.openTo === null ? null : new Date(now.getTime() + (o.openTo ?? 10 * H)),
      ...o.patch,
    })
    .returning({ testId: tests.testId });
  const qs = await usableQuestions(t, providerId, sections * perSection);
  for (let s = 0; s < sections; s++) {
    const [pool] = await db
      .insert(pools)
      .values({
        testId: row.testId,
        providerId,
        code: `S${s + 1}`,
        name: `Section ${s + 1}`,
        sequenceId: s + 1,
        questionCount: perSection,
        pointsPerQuestion: 2,
        negativePointsPerQuestion: -0.5,
      })
      .returning({ id: pools.poolId });
    const picks = qs.slice(s * perSection, (s + 1) * perSection);
    if (picks.length)
      await db
        .insert(poolQuestions)
        .values(picks.map((q, i) => ({ poolId: pool.id, questionId: q.id, sequence: i + 1 })));
  }
  if (o.students.length)
    await db.insert(testUsers).values(
      o.students.map((userId) => ({
        testId: row.testId,
        userId,
        attemptsAllowed: o.accommodation?.attemptsAllowed ?? null,
        extraAttempts: o.accommodation?.extraAttempts ?? 0,
        extraMinutes: o.accommodation?.extraMinutes ?? 0,
      })),
    );
  return { testId: row.testId, questions: qs };
}

export async function attemptRow(t: TestApp, attemptId: number) {
  const [row] = await t.deps.db.select().from(attempts).where(eq(attempts.attemptId, attemptId));
  return row;
}

export async function attemptsOfTest(t: TestApp, testId: number) {
  return t.deps.db.select().from(attempts).where(eq(attempts.testId, testId));
}
