import { AttemptStatus, type Evaluation, learnerMessages as m } from '@assess/contracts/learner';
import type { Principal } from '../../platform/auth/principal';
import { AppError, forbidden, notFound } from '../../platform/http/errors';
import type { ImagesService } from '../question-bank/images.service';
import { OUTCOME_OF_CODE, type VersionCache } from './attempt-closer.service';
import { answerKey, imageIdsOf, playerQuestion } from './attempt-content';
import type { AttemptPlayerService } from './attempt-player.service';
import type { AttemptsRepository } from './attempts.repository';

type Student = Pick<Principal, 'userId'>;

/**
 * The evaluation of an attempt (issue 15): each question from the version the student saw, the answer given,
 * the right answer, the solution and the marks stored at scoring. Own closed attempts only, and only when the
 * test shows results (403 otherwise). Also the attempt's images (only those its questions show).
 */
export function createEvaluationService(deps: {
  attempts: AttemptsRepository;
  player: AttemptPlayerService;
  versions: VersionCache;
  images: Pick<ImagesService, 'open'>;
}) {
  return {
    async evaluation(student: Student, attemptId: number): Promise<Evaluation> {
      const { a, test } = await deps.player.own(student, attemptId);
      if (!test.showResult) throw forbidden(m.resultHidden);
      if (a.status === AttemptStatus.Open) throw new AppError(409, m.attemptOpen);
      const [snapshots, marks, answers] = await Promise.all([
        deps.versions(a.sections.flatMap((s) => s.questions.map((q) => q.versionId))),
        deps.attempts.marks(attemptId),
        deps.attempts.answers(attemptId),
      ]);
      const markOf = new Map(marks.map((x) => [x.questionId, x]));
      const answerOf = new Map(answers.map((x) => [x.questionId, x]));
      const scoreOf = new Map((a.sectionScores ?? []).map((s) => [s.poolId, s]));
      let number = 0;
      return {
        attemptId: a.attemptId,
        attemptNumber: a.attemptNumber,
        actualScore: a.actualScore ?? 0,
        totalScore: a.totalScore ?? 0,
        result: (a.result ?? 1) as Evaluation['result'],
        sections: a.sections.map((s) => ({
          poolId: s.poolId,
          name: s.name,
          score: scoreOf.get(s.poolId)?.score ?? 0,
          total: scoreOf.get(s.poolId)?.total ?? 0,
          questions: s.questions.flatMap((q) => {
            const snap = snapshots.get(q.versionId);
            if (!snap) return [];
            const given = answerOf.get(q.questionId);
            const mark = markOf.get(q.questionId);
            return [
              {
                ...playerQuestion(attemptId, q, snap, ++number, true),
                ...answerKey(attemptId, snap),
                givenChoiceIds: given?.choiceIds ?? [],
                givenNumeric: given?.numericAnswer ?? null,
                marks: mark?.marks ?? 0,
                outcome: OUTCOME_OF_CODE[mark?.outcome ?? 3] ?? 'unanswered',
              },
            ];
          }),
        })),
      };
    },

    /** An image one of the attempt's questions shows (solutions once the evaluation may be read). */
    async image(student: Student, attemptId: number, imageId: number) {
      const { a, test } = await deps.player.own(student, attemptId);
      const snapshots = await deps.versions(a.sections.flatMap((s) => s.questions.map((q) => q.versionId)));
      const withSolution = test.showResult && a.status !== AttemptStatus.Open;
      const owner = [...snapshots.values()].find((s) => imageIdsOf(s, withSolution).includes(imageId));
      if (!owner) throw notFound();
      return deps.images.open({ providerId: owner.provider_id, contentProviderIds: [] }, imageId);
    },
  };
}
export type EvaluationService = ReturnType<typeof createEvaluationService>;
