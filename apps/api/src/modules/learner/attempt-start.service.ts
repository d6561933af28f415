import { randomInt } from 'node:crypto';
import { attemptDeadline, learnerMessages as m, resolvedMarks } from '@assess/contracts/learner';
import { type SectionSource, seededRandom } from '@assess/contracts/sections';
import type { FrozenSection } from '../../db/schema';
import type { Principal } from '../../platform/auth/principal';
import type { UnitOfWork } from '../../platform/db/unit-of-work';
import { AppError, notFound } from '../../platform/http/errors';
import type { AttemptCloser } from './attempt-closer.service';
import type { AttemptsRepository } from './attempts.repository';
import { selectPreferringUnseen, startIssue } from './start-rules';

type Student = Pick<Principal, 'userId' | 'providerId' | 'contentProviderIds'>;

/**
 * Starting an attempt (part 3 §4 Learner rules; issue 15): only a test assigned to the student (directly or
 * through a series), inside its schedule window, before its expiry and within the attempts allowed (plus the
 * student's extra attempts). The server's clock sets the start and the deadline; the question selection is
 * frozen per section with the question versions. An open attempt is returned as it is (a second tab, a double
 * tap): starts of one student on one test are serialised, and the unique indexes make a race one attempt.
 */
export function createAttemptStartService(deps: {
  withTransaction: UnitOfWork<{ attempts: AttemptsRepository }>;
  closer: AttemptCloser;
  clock: () => Date;
}) {
  return {
    async start(student: Student, testId: number) {
      const userId = student.userId;
      // an open attempt past its deadline is closed first (its own transaction), then a new one may start
      const open = await deps.withTransaction(({ attempts }) => attempts.openAttempt(testId, userId));
      if (open && (await deps.closer.closeIfOverdue(open)) === false)
        return { attemptId: open.attemptId, created: false };

      return deps.withTransaction(async ({ attempts }) => {
        const assigned = await attempts.assignedTest(testId, userId);
        if (!assigned) throw notFound(m.notAssigned);
        await attempts.lockStart(testId, userId);
        const again = await attempts.openAttempt(testId, userId);
        if (again) return { attemptId: again.attemptId, created: false };
        const { test } = assigned;
        const now = deps.clock();
        const earlier = await attempts.attemptsOf(testId, userId);
        const issue = startIssue(test, assigned, earlier.length, now);
        if (issue) throw new AppError(409, issue);

        const src = await attempts.sectionSources(testId, {
          providerId: test.providerId,
          contentProviderIds: student.contentProviderIds,
        });
        const sources: SectionSource[] = src.sections.map((s) => ({
          questionCount: s.questionCount,
          fixed: src.fixed.filter((f) => f.poolId === s.poolId),
          randomizeType: s.randomizeType,
          questionsPerTopic: s.questionsPerTopic,
          questionTypes: s.questionTypes,
          topics: [...new Set(src.candidates.filter((c) => c.poolId === s.poolId).map((c) => c.topicId))].map(
            (topicId) => ({
              topicId,
              candidates: src.candidates.filter((c) => c.poolId === s.poolId && c.topicId === topicId),
            }),
          ),
        }));
        const seen = new Set(
          earlier.flatMap((a) => a.sections.flatMap((s) => s.questions.map((q) => q.questionId))),
        );
        const seed = randomInt(1, 2 ** 31 - 1);
        const picked = selectPreferringUnseen(sources, seen, seededRandom(seed));
        const versions = new Map(
          (await attempts.currentVersions(picked.flat(), now)).map((v) => [v.questionId, v]),
        );
        const sections: FrozenSection[] = src.sections.map((s, i) => ({
          poolId: s.poolId,
          name: s.name,
          maxQuestionForScore: s.maxQuestionForScore,
          passingScore: s.passingScore,
          isMandatoryToPass: s.isMandatoryToPass,
          questions: (picked[i] ?? []).flatMap((questionId) => {
            const v = versions.get(questionId);
            if (!v) return [];
            const pick = src.fixed.find((f) => f.poolId === s.poolId && f.questionId === questionId);
            return [
              {
                questionId,
                versionId: v.versionId,
                questionType: v.questionType,
                choiceCount: v.questionType === 4 ? 0 : v.choiceCount,
                ...resolvedMarks({ pickPoints: pick?.points, section: s, test }),
                isMandatory: pick?.isMandatory ?? false,
                choiceFormat: s.choiceFormat,
              },
            ];
          }),
        }));
        const created = await attempts.insertAttempt({
          testId,
          userId,
          providerId: test.providerId,
          attemptNumber: earlier.length + 1,
          status: 1,
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
      });
    },
  };
}
export type AttemptStartService = ReturnType<typeof createAttemptStartService>;
