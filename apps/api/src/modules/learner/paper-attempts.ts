import { ANSWER_GRACE_SECONDS } from '@assess/contracts/learner';
import type { FrozenSection } from '../../db/schema';
import { AppError, notFound } from '../../platform/http/errors';
import type { AttemptCloser } from './attempt-closer.service';
import { frozenSelection } from './attempt-selection';
import type { AttemptsRepository, DrawScope } from './attempts.repository';

/** Ours: a paper sheet cannot be stored while the student has an online attempt of the test open. */
export const paperAttemptMessages = {
  openAttempt: 'The student has an attempt of this test open online; the sheet stays queued until it closes.',
  testNotFound: 'Test not found.',
} as const;

/**
 * Paper attempts (issue 25, OMR): a printed paper form freezes the test's question selection like a start does
 * (same sections, same drawing, question versions); a read sheet becomes that student's attempt, opened and at
 * once submitted, scored by the same closer (scoreAttempt) as an online attempt. The OMR module calls this through
 * the learner module's API and marks the attempt as paper (omr_sheets.attempt_id).
 */
export function createPaperAttempts(deps: {
  attempts: Pick<
    AttemptsRepository,
    'test' | 'sectionSources' | 'currentVersions' | 'insertAttempt' | 'attemptsOf' | 'saveAnswers'
  >;
  closer: Pick<AttemptCloser, 'close'>;
  clock: () => Date;
}) {
  const { attempts } = deps;
  return {
    /** The test's selection for a paper form: sections in order, each with its questions frozen. */
    async freezeForm(testId: number, scope: DrawScope, seed: number): Promise<FrozenSection[]> {
      const test = await attempts.test(testId);
      if (!test) throw notFound(paperAttemptMessages.testNotFound);
      return frozenSelection(attempts, { test, scope, seen: new Set(), seed, now: deps.clock() });
    },

    /**
     * Stores a sheet as the student's attempt of the test and scores it. `marks[s][i]`: the choices (1-based)
     * marked for question i of section s of the form; a Numerical question has no bubbles (unanswered).
     */
    async record(input: {
      testId: number;
      userId: number;
      seed: number;
      sections: FrozenSection[];
      marks: readonly (readonly number[])[][];
    }) {
      const test = await attempts.test(input.testId);
      if (!test) throw notFound(paperAttemptMessages.testNotFound);
      const now = deps.clock();
      const earlier = await attempts.attemptsOf(input.testId, input.userId);
      const created = await attempts.insertAttempt({
        testId: input.testId,
        userId: input.userId,
        providerId: test.providerId,
        attemptNumber: earlier.length + 1,
        status: 1,
        startedAt: now,
        deadline: new Date(now.getTime() + 60_000),
        seed: input.seed,
        sections: input.sections,
      });
      if (!created) throw new AppError(409, paperAttemptMessages.openAttempt);
      const writes = input.sections.flatMap((s, si) =>
        s.questions.flatMap((q, qi) => {
          const c = (input.marks[si]?.[qi] ?? []).filter((k) => k >= 1 && k <= q.choiceCount);
          return q.choiceCount > 0 && c.length
            ? [{ q: q.questionId, c: [...c], n: null, b: false, s: 1 }]
            : [];
        }),
      );
      if (writes.length)
        await attempts.saveAnswers(created.attemptId, input.userId, writes, now, ANSWER_GRACE_SECONDS);
      const closed = await deps.closer.close(created.attemptId, 2);
      return {
        attemptId: created.attemptId,
        actualScore: closed?.actualScore ?? 0,
        totalScore: closed?.totalScore ?? 0,
      };
    },
  };
}
export type PaperAttempts = ReturnType<typeof createPaperAttempts>;
