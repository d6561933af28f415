import { randomInt } from 'node:crypto';
import { attemptDeadline, learnerMessages as m } from '@assess/contracts/learner';
import type { Principal } from '../../platform/auth/principal';
import { AppError, notFound } from '../../platform/http/errors';
import type { AttemptCloser } from './attempt-closer.service';
import { frozenSelection } from './attempt-selection';
import type { AttemptsRepository } from './attempts.repository';
import { startIssue } from './start-rules';

type Student = Pick<Principal, 'userId' | 'providerId' | 'contentProviderIds'>;

/**
 * Starting an attempt (part 3 §4 Learner rules; issue 15): only a test assigned to the student (directly or
 * through a series), inside its schedule window, before its expiry and within the attempts allowed (plus the
 * student's extra attempts). The server's clock sets the start and the deadline; the question selection is
 * frozen per section with the question versions. An open attempt is returned as it is (a second tab, a double
 * tap).
 *
 * Exam day starts thousands of attempts within a minute (issue 22), so a start is reads (prepared statements, two
 * of them side by side) and ONE writing statement, the attempt's insert, with no transaction around them: the
 * attempt is written whole by that one statement, and the unique indexes (one open attempt per student and test,
 * one attempt per number) make two racing starts of one student one attempt — the loser answers the winner's.
 * The question versions a start may write first are idempotent rows any later start would write the same.
 */
export function createAttemptStartService(deps: {
  attempts: AttemptsRepository;
  closer: AttemptCloser;
  clock: () => Date;
}) {
  const { attempts } = deps;
  async function start(
    student: Student,
    testId: number,
    closedOverdue: boolean,
  ): Promise<{ attemptId: number; created: boolean }> {
    const userId = student.userId;
    const [assigned, earlier] = await Promise.all([
      attempts.assignedTest(testId, userId),
      attempts.attemptsOf(testId, userId),
    ]);
    const open = earlier.find((a) => a.status === 1);
    if (open) {
      // an open attempt past its deadline is closed first (its own transaction), then a new one may start
      if (closedOverdue || (await deps.closer.closeIfOverdue(open)) === false)
        return { attemptId: open.attemptId, created: false };
      return start(student, testId, true);
    }
    if (!assigned) throw notFound(m.notAssigned);
    const { test } = assigned;
    const now = deps.clock();
    const issue = startIssue(test, assigned, earlier.length, now);
    if (issue) throw new AppError(409, issue);

    const seed = randomInt(1, 2 ** 31 - 1);
    const sections = await frozenSelection(attempts, {
      test,
      scope: { providerId: test.providerId, contentProviderIds: student.contentProviderIds },
      seen: new Set(earlier.flatMap((a) => a.sections.flatMap((s) => s.questions.map((q) => q.questionId)))),
      seed,
      now,
    });
    const created = await attempts.insertStarted({
      testId,
      userId,
      providerId: test.providerId,
      attemptNumber: earlier.length + 1,
      startedAt: now,
      deadline: attemptDeadline({
        startedAt: now,
        durationMinutes: test.duration,
        extraMinutes: assigned.extraMinutes,
        windowEnd: test.scheduleEndDate,
      }),
      seed,
      sections,
    });
    if (created) return { attemptId: created.attemptId, created: true };
    const winner = await attempts.openAttempt(testId, userId);
    if (winner) return { attemptId: winner.attemptId, created: false };
    throw new AppError(409, m.noMoreAttempts);
  }
  return { start: (student: Student, testId: number) => start(student, testId, false) };
}
export type AttemptStartService = ReturnType<typeof createAttemptStartService>;
