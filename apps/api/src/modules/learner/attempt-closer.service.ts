import {
  ANSWER_GRACE_SECONDS,
  AttemptStatus,
  type GivenAnswer,
  type QuestionOutcome,
  scoreAttempt,
} from '@assess/contracts/learner';
import type { UnitOfWork } from '../../platform/db/unit-of-work';
import { type Snapshot, scoredSections } from './attempt-content';
import type { AttemptRow, AttemptsRepository } from './attempts.repository';

const OUTCOME_CODE: Record<QuestionOutcome, number> = {
  correct: 1,
  wrong: 2,
  unanswered: 3,
  notCounted: 4,
  partial: 5,
};
export const OUTCOME_OF_CODE: Record<number, QuestionOutcome> = {
  1: 'correct',
  2: 'wrong',
  3: 'unanswered',
  4: 'notCounted',
  5: 'partial',
};

type VersionLoader = (ids: readonly number[]) => Promise<{ versionId: number; snapshot: unknown }[]>;

/**
 * Immutable question versions, cached in the process (a version row never changes). A caller inside a
 * transaction passes its own loader (the transaction's repository), so it never waits for a second connection.
 */
export function createVersionCache(load: VersionLoader) {
  const cache = new Map<number, Snapshot>();
  return async (
    versionIds: readonly number[],
    loader: VersionLoader = load,
  ): Promise<Map<number, Snapshot>> => {
    const missing = [...new Set(versionIds.filter((id) => !cache.has(id)))];
    if (missing.length) {
      if (cache.size > 20_000) cache.clear();
      for (const r of await loader(missing)) cache.set(r.versionId, r.snapshot as Snapshot);
    }
    return new Map(
      versionIds.flatMap((id) => (cache.has(id) ? [[id, cache.get(id) as Snapshot] as const] : [])),
    );
  };
}
export type VersionCache = ReturnType<typeof createVersionCache>;

export const isAnswered = (a: { choiceIds: readonly number[]; numericAnswer: number | null }) =>
  a.choiceIds.length > 0 || a.numericAnswer !== null;

/**
 * Closing an attempt: the student's submit (status 2) or the server at the deadline (3). Exactly one writer
 * closes it (status 1 → closed in one guarded UPDATE, in the same transaction as the scoring), so two
 * processes, a replayed submit or a read racing the job never score twice. The scores and the per-question
 * marks are stored with it.
 */
export function createAttemptCloser(deps: {
  withTransaction: UnitOfWork<{ attempts: AttemptsRepository }>;
  versions: VersionCache;
  clock: () => Date;
}) {
  async function close(attemptId: number, status: 2 | 3): Promise<AttemptRow | undefined> {
    return deps.withTransaction(async ({ attempts }) => {
      const now = deps.clock();
      const closed = await attempts.close(attemptId, status, now);
      if (!closed) return undefined;
      const answers = await attempts.answers(attemptId);
      const given = new Map<number, GivenAnswer>(
        answers
          .filter(isAnswered)
          .map((a) => [a.questionId, { choiceIds: a.choiceIds, numericAnswer: a.numericAnswer }]),
      );
      const sections = closed.sections;
      const snapshots = await deps.versions(
        sections.flatMap((s) => s.questions.map((q) => q.versionId)),
        (ids) => attempts.versions(ids),
      );
      const test = await attempts.test(closed.testId);
      const scored = scoreAttempt({
        sections: scoredSections(sections, snapshots),
        answers: given,
        passingScore: test?.passingScore ?? null,
        masteryScore: test?.masteryScore ?? null,
      });
      const byQuestion = new Map(scored.questions.map((q) => [q.questionId, q]));
      const inAttempt = new Set(sections.flatMap((s) => s.questions.map((q) => q.questionId)));
      const values = {
        actualScore: scored.actualScore,
        totalScore: scored.totalScore,
        result: scored.result,
        sectionScores: scored.sections,
        answeredCount: [...given.keys()].filter((id) => inAttempt.has(id)).length,
      };
      await attempts.storeResult(
        attemptId,
        values,
        sections.flatMap((s) =>
          s.questions.map((q) => {
            const m = byQuestion.get(q.questionId);
            return {
              attemptId,
              questionId: q.questionId,
              poolId: s.poolId,
              versionId: q.versionId,
              marks: m?.marks ?? 0,
              points: q.points,
              outcome: OUTCOME_CODE[m?.outcome ?? 'unanswered'],
            };
          }),
        ),
      );
      return { ...closed, ...values };
    });
  }

  return {
    close,
    /** Closes (status 3) the attempt when it is open past its deadline + grace; answers whether it did. */
    async closeIfOverdue(a: Pick<AttemptRow, 'attemptId' | 'status' | 'deadline'>) {
      if (a.status !== AttemptStatus.Open) return false;
      if (deps.clock().getTime() <= a.deadline.getTime() + ANSWER_GRACE_SECONDS * 1000) return false;
      return Boolean(await close(a.attemptId, AttemptStatus.AutoSubmitted));
    },
    /** The job's (and the lists') sweep: closes open attempts past deadline + grace, a batch at a time. */
    async closeOverdue(repo: Pick<AttemptsRepository, 'overdue'>, userId?: number) {
      let closed = 0;
      for (;;) {
        const ids = await repo.overdue(deps.clock(), ANSWER_GRACE_SECONDS, 200, userId);
        for (const id of ids) if (await close(id, AttemptStatus.AutoSubmitted)) closed += 1;
        if (ids.length < 200) return closed;
      }
    },
  };
}
export type AttemptCloser = ReturnType<typeof createAttemptCloser>;
