import { Package, ProviderType } from '@assess/contracts/access';
import { ANSWER_GRACE_SECONDS, AttemptStatus } from '@assess/contracts/learner';
import { QuestionStatus } from '@assess/contracts/questions';
import { STUDENT_USER_TYPE } from '@assess/contracts/students';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { createAttemptCloser, createVersionCache } from '../../modules/learner/attempt-closer.service';
import type { Snapshot } from '../../modules/learner/attempt-content';
import { createAttemptStartService } from '../../modules/learner/attempt-start.service';
import { type AnswerWrite, createAttemptsRepository } from '../../modules/learner/attempts.repository';
import { hashPassword } from '../../platform/auth/passwords';
import type { Database, Db } from '../../platform/db/client';
import { unitOfWork } from '../../platform/db/unit-of-work';
import { providers, questions, testUsers, users } from '../schema';
import { DEMO_PASSWORD, type DemoProviderIds } from './demo';
import { hasDemoTest, inProgressWindow, insertOneSectionTest } from './demo-kit';

const MIN = 60 * 1000;
const DAY = 24 * 60 * MIN;
export const DEMO_ANALYTICS_CODE = 'DEMO-ANALYTICS';
export const DEMO_ANALYTICS_STUDENTS = 64;

const first = [
  'Aarav',
  'Diya',
  'Ishaan',
  'Kavya',
  'Rohan',
  'Sara',
  'Vihaan',
  'Anaya',
  'Arjun',
  'Myra',
  'Kabir',
  'Tara',
  'Reyansh',
  'Nisha',
  'Dev',
  'Pooja',
];
const last = ['Sharma', 'Iyer', 'Khan', 'Das'];

/** A small deterministic generator (the demo is the same on every seed). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * Demo analytics (issue 24, README): Demo ERP Institute's 'Demo Analytics Test' (DEMO-ANALYTICS), in progress, ten
 * fixed questions of the bank, taken by 64 demo students (analytics.student01@example.com …, of the provider Demo Analytics Cohort) through the learner
 * services (start, one save per answer a little apart, submit), so the analytics and item statistics show
 * something right after `npm start`: abilities spread, each answer right with a chance that falls with the
 * question's difficulty, weaker students leave some blank; question 1 is one nobody gets wrong, question 10 a weak
 * one the stronger students get wrong more often (negative discrimination). Skipped when the test exists.
 */
export async function seedDemoAnalytics(db: Db, now: Date, ids: DemoProviderIds) {
  const providerId = ids.get('erp');
  if (providerId === undefined) return;
  if (await hasDemoTest(db, providerId, DEMO_ANALYTICS_CODE)) return;
  const usable = await db
    .select({ id: questions.questionId, type: questions.questionType })
    .from(questions)
    .where(
      and(
        eq(questions.providerId, providerId),
        inArray(questions.status, [QuestionStatus.Ready, QuestionStatus.Published]),
        inArray(questions.questionType, [2, 3, 4]),
      ),
    )
    .orderBy(asc(questions.questionId));
  // a spread over the bank (its topics and difficulties), SCQ first
  const byType = [2, 3, 4].flatMap((t) => usable.filter((q) => q.type === t));
  const step = Math.max(1, Math.floor(byType.length / 10));
  const picked = Array.from({ length: 10 }, (_, i) => byType[i * step]).filter(Boolean);
  if (picked.length < 5) return;
  const audit = { createdDate: now, updatedDate: now };
  const test = {
    id: (
      await insertOneSectionTest(db, now, {
        providerId,
        code: DEMO_ANALYTICS_CODE,
        name: 'Demo Analytics Test',
        description:
          'A test many demo students have taken: its analytics and item statistics have something to show.',
        window: inProgressWindow(now, 4, 2),
        audit,
        section: { code: 'ANALYTICS-S1', name: 'General' },
        questionIds: picked.map((q) => q.id),
      })
    ).testId,
  };

  // The students belong to a provider of their own (an exam cohort with no staff), so the ERP institute's student
  // lists, counts and assignment dialogs stay as the other demos describe them.
  const [cohort] = await db
    .insert(providers)
    .values({
      name: 'Demo Analytics Cohort',
      detailedName: 'Demo Analytics Cohort (students of the Demo Analytics Test)',
      providerTypeId: ProviderType.Subscriber,
      packageId: Package.Silver,
      email: 'analytics-cohort@example.com',
      address: 'Demo address, India',
      validFrom: new Date(Date.UTC(2020, 0, 1)),
      validTo: new Date(Date.UTC(2099, 11, 31)),
      providerKey: 'demo-analytics-cohort',
    })
    .returning({ id: providers.providerId });
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const students = await db
    .insert(users)
    .values(
      Array.from({ length: DEMO_ANALYTICS_STUDENTS }, (_, i) => {
        const n = String(i + 1).padStart(2, '0');
        const email = `analytics.student${n}@example.com`;
        const f = first[i % first.length];
        const l = last[Math.floor(i / first.length) % last.length];
        return {
          providerId: cohort.id,
          userTypeId: STUDENT_USER_TYPE,
          userName: email,
          email,
          fullName: `${f} ${l}`,
          firstName: f,
          lastName: l,
          passwordHash,
          isActive: true,
        };
      }),
    )
    .onConflictDoNothing()
    .returning({ id: users.userId });
  if (!students.length) return;
  await db.insert(testUsers).values(students.map((s) => ({ testId: test.id, userId: s.id, ...audit })));

  const random = rng(24);
  let at = new Date(now.getTime() - DAY);
  const clock = () => at;
  const repo = createAttemptsRepository(db);
  const versions = createVersionCache((v) => repo.versions(v));
  const withTransaction = unitOfWork(db as Database, (tx) => ({ attempts: createAttemptsRepository(tx) }));
  const closer = createAttemptCloser({ withTransaction, versions, clock });
  const start = createAttemptStartService({ attempts: repo, closer, clock });
  for (const [k, s] of students.entries()) {
    // ability from −2 to 2 (a sum of uniforms: bell-shaped), difficulty rising with the question's position
    const ability = (random() + random() + random() - 1.5) * 1.6;
    at = new Date(now.getTime() - DAY + k * 7 * MIN);
    const { attemptId } = await start.start(
      { userId: s.id, providerId: cohort.id, contentProviderIds: [] },
      test.id,
    );
    const attempt = await repo.attempt(attemptId);
    if (!attempt) continue;
    const frozen = attempt.sections.flatMap((x) => x.questions);
    const snaps = await versions(frozen.map((q) => q.versionId));
    for (const [i, q] of frozen.entries()) {
      const snap = snaps.get(q.versionId) as Snapshot | undefined;
      if (!snap) continue;
      const last = i === frozen.length - 1;
      const difficulty = -1.5 + (i * 3) / frozen.length;
      const chance =
        i === 0 ? 1 : last ? 0.75 - 0.2 * ability : 1 / (1 + Math.exp(-1.7 * (ability - difficulty)));
      if (i > 0 && random() < 0.25 - 0.1 * ability) continue; // left blank
      const right = random() < chance;
      at = new Date(at.getTime() + (20 + Math.floor(random() * 70)) * 1000);
      const correct = [...(snap.correct_choices ?? [])];
      const wrong = Array.from({ length: q.choiceCount }, (_, c) => c + 1).filter(
        (c) => !correct.includes(c),
      );
      const write: AnswerWrite =
        q.questionType === 4
          ? { q: q.questionId, c: [], n: (snap.numeric_answer ?? 0) + (right ? 0 : 1), b: false, s: 1 }
          : {
              q: q.questionId,
              c: right ? correct.slice(0, 1) : [wrong[Math.floor(random() * wrong.length)] ?? 1],
              n: null,
              b: false,
              s: 1,
            };
      await repo.saveAnswers(attemptId, s.id, [write], at, ANSWER_GRACE_SECONDS);
    }
    at = new Date(at.getTime() + 30 * 1000);
    await closer.close(attemptId, AttemptStatus.Submitted);
  }
}
