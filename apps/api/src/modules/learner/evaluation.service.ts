import { hasPrivilege } from '@assess/contracts/access';
import { analyticsAttemptImageUrl } from '@assess/contracts/analytics';
import {
  AttemptStatus,
  type Evaluation,
  learnerMessages as m,
  type ReviewVisibility,
  reviewItems,
} from '@assess/contracts/learner';
import type { Principal } from '../../platform/auth/principal';
import { AppError, forbidden, notFound } from '../../platform/http/errors';
import type { ImagesService } from '../question-bank';
import { OUTCOME_OF_CODE, type VersionCache } from './attempt-closer.service';
import {
  answerKey,
  feedbackOf,
  type ImageUrlOf,
  imageIdsOf,
  learnerImages,
  playerQuestion,
} from './attempt-content';
import type { AttemptPlayerService } from './attempt-player.service';
import type { AttemptRow, AttemptsRepository, TestRow } from './attempts.repository';
import { attemptVisibility } from './review-rules';
import { maxAttemptsOf } from './start-rules';

type Student = Pick<Principal, 'userId'>;
type Staff = Pick<Principal, 'providerId' | 'privileges'>;
/** What staff see of an attempt: everything (issue 24, the analytics' top five). */
const everything = Object.fromEntries(reviewItems.map((item) => [item, true])) as ReviewVisibility;

/** Staff's image route of an attempt (the learner's serves the student only). */
const staffImages =
  (attemptId: number): ImageUrlOf =>
  (imageId) =>
    analyticsAttemptImageUrl(attemptId, imageId);

/**
 * The evaluation of an attempt (issue 15): each question from the version the student saw, the answer given,
 * the right answer, the solution and the marks stored at scoring — each only as far as the test's review
 * options allow now (issue 27: what is not allowed is left out, never sent). Own closed attempts only, and
 * only when the test shows results (403 otherwise). Also the attempt's images (only those it may show).
 */
export function createEvaluationService(deps: {
  attempts: AttemptsRepository;
  player: AttemptPlayerService;
  versions: VersionCache;
  images: Pick<ImagesService, 'open'>;
  clock: () => Date;
}) {
  /** The student can still attempt the test: an attempt is open, or fewer started than allowed. */
  async function canStillAttempt(student: Student, test: TestRow) {
    const [assigned, all] = await Promise.all([
      deps.attempts.assignedTest(test.testId, student.userId),
      deps.attempts.attemptsOf(test.testId, student.userId),
    ]);
    if (all.some((x) => x.status === AttemptStatus.Open)) return true;
    return assigned ? all.length < maxAttemptsOf(test, assigned) : false;
  }

  async function visibility(student: Student, a: AttemptRow, test: TestRow) {
    return attemptVisibility(test, a, deps.clock(), await canStillAttempt(student, test));
  }

  /** The evaluation of a closed attempt, as far as `review` shows. */
  async function evaluationOf(
    a: AttemptRow,
    review: ReviewVisibility,
    images: ImageUrlOf = learnerImages(a.attemptId),
  ): Promise<Evaluation> {
    const attemptId = a.attemptId;
    const perQuestion = review.answers || review.marks || review.rightAnswers || review.solutions;
    const [snapshots, marks, answers] = perQuestion
      ? await Promise.all([
          deps.versions(a.sections.flatMap((s) => s.questions.map((q) => q.versionId))),
          deps.attempts.marks(attemptId),
          deps.attempts.answers(attemptId),
        ])
      : [new Map(), [], []];
    const markOf = new Map(marks.map((x) => [x.questionId, x]));
    const answerOf = new Map(answers.map((x) => [x.questionId, x]));
    const scoreOf = new Map((a.sectionScores ?? []).map((s) => [s.poolId, s]));
    let number = 0;
    return {
      attemptId: a.attemptId,
      attemptNumber: a.attemptNumber,
      review,
      actualScore: review.score ? (a.actualScore ?? 0) : null,
      totalScore: review.score ? (a.totalScore ?? 0) : null,
      result: review.score ? ((a.result ?? 1) as Evaluation['result']) : null,
      sections: a.sections.map((s) => ({
        poolId: s.poolId,
        name: s.name,
        score: review.score ? (scoreOf.get(s.poolId)?.score ?? 0) : null,
        total: review.score ? (scoreOf.get(s.poolId)?.total ?? 0) : null,
        questions: s.questions.flatMap((q) => {
          const snap = snapshots.get(q.versionId);
          if (!snap) return [];
          const given = answerOf.get(q.questionId);
          const mark = markOf.get(q.questionId);
          const key = answerKey(images, snap);
          const outcome = OUTCOME_OF_CODE[mark?.outcome ?? 3] ?? 'unanswered';
          return [
            {
              ...playerQuestion(images, q, snap, ++number, true),
              givenChoiceIds: review.answers ? (given?.choiceIds ?? []) : null,
              givenNumeric: review.answers ? (given?.numericAnswer ?? null) : null,
              correctChoiceIds: review.rightAnswers ? key.correctChoiceIds : null,
              correctNumeric: review.rightAnswers ? key.correctNumeric : null,
              tolerance: review.rightAnswers ? key.tolerance : null,
              solutionText: review.solutions ? key.solutionText : null,
              solutionImageUrl: review.solutions ? key.solutionImageUrl : null,
              // issue 26: feedback says whether the answer was right, so it is shown with the solutions only
              feedback: review.solutions ? feedbackOf(snap, outcome, given?.choiceIds ?? []) : null,
              marks: review.marks ? (mark?.marks ?? 0) : null,
              outcome: review.marks ? outcome : null,
            },
          ];
        }),
      })),
    };
  }

  /** An attempt of the caller's provider's test (another provider's reads as missing), with the analytics privilege. */
  async function staffAttempt(staff: Staff, attemptId: number) {
    const a = await deps.attempts.attempt(attemptId);
    const test = a && (await deps.attempts.test(a.testId));
    if (!a || !test || test.providerId !== staff.providerId) throw notFound(m.attemptNotFound);
    const allowed =
      test.testType === 1
        ? hasPrivilege(staff, 'SimplifiedTest', 'SimplifiedTestAnalytics')
        : hasPrivilege(staff, 'Test', 'TestAnalytics');
    if (!allowed) throw forbidden();
    return a;
  }

  return {
    async evaluation(student: Student, attemptId: number): Promise<Evaluation> {
      const { a, test } = await deps.player.own(student, attemptId);
      if (!test.showResult) throw forbidden(m.resultHidden);
      if (a.status === AttemptStatus.Open) throw new AppError(409, m.attemptOpen);
      return evaluationOf(a, await visibility(student, a, test));
    },

    /**
     * A student's closed attempt as staff see it (issue 24: the analytics' top five): everything, whatever the
     * review options. Only an attempt of the caller's provider's test (another provider's reads as missing), with
     * TestAnalytics (SimplifiedTestAnalytics for a quick test).
     */
    async staffEvaluation(staff: Staff, attemptId: number): Promise<Evaluation> {
      const a = await staffAttempt(staff, attemptId);
      if (a.status === AttemptStatus.Open) throw new AppError(409, m.attemptOpen);
      return evaluationOf(a, everything, staffImages(a.attemptId));
    },

    /**
     * An image of a question of the attempt, for the staff evaluation view (solutions included): the same checks
     * as staffEvaluation, and only an image of the caller's provider's questions (any other reads as missing).
     */
    async staffImage(staff: Staff, attemptId: number, imageId: number) {
      const a = await staffAttempt(staff, attemptId);
      const snapshots = await deps.versions(a.sections.flatMap((s) => s.questions.map((q) => q.versionId)));
      const owner = [...snapshots.values()].find(
        (s) => s.provider_id === staff.providerId && imageIdsOf(s, true).includes(imageId),
      );
      if (!owner) throw notFound();
      return deps.images.open({ providerId: staff.providerId, contentProviderIds: [] }, imageId);
    },

    /** An image one of the attempt's questions shows (solutions only while the evaluation may show them). */
    async image(student: Student, attemptId: number, imageId: number) {
      const { a, test } = await deps.player.own(student, attemptId);
      const snapshots = await deps.versions(a.sections.flatMap((s) => s.questions.map((q) => q.versionId)));
      const shows = (withSolution: boolean) =>
        [...snapshots.values()].find((s) => imageIdsOf(s, withSolution).includes(imageId));
      const owner =
        shows(false) ?? ((await visibility(student, a, test)).solutions ? shows(true) : undefined);
      if (!owner) throw notFound();
      return deps.images.open({ providerId: owner.provider_id, contentProviderIds: [] }, imageId);
    },
  };
}
export type EvaluationService = ReturnType<typeof createEvaluationService>;
