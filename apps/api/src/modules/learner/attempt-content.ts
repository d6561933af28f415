import { learnerImageUrl, type PlayerQuestion, type ScoredSection } from '@assess/contracts/learner';
import { testLimits } from '@assess/contracts/tests';
import type { FrozenQuestion, FrozenSection } from '../../db/schema';

/** A question version snapshot as stored (to_jsonb of the questions row: snake_case keys). */
export type Snapshot = {
  question_id: number;
  question_type: number;
  content_type: number;
  text: string | null;
  image_id: number | null;
  paragraph_text: string | null;
  paragraph_image_id: number | null;
  hint: string | null;
  solution_text: string | null;
  solution_image_id: number | null;
  /** Issue 26: weight (partial credit) and feedback absent in versions written before them. */
  choices:
    | { text: string | null; image: number | null; weight?: number | null; feedback?: string | null }[]
    | null;
  correct_choices: number[] | null;
  numeric_answer: number | null;
  /** Numerical: accepted distance from the answer (issue 27); absent in versions written before it. */
  tolerance?: number | null;
  pass_feedback?: string | null;
  fail_feedback?: string | null;
  /** Issue 26. */
  partial_feedback?: string | null;
  provider_id: number;
};

/** Where a question's images of an attempt are served: the student's route, or staff's (the analytics module's). */
export type ImageUrlOf = (imageId: number) => string;
/** The student's own image route of an attempt (the player and the learner's evaluation). */
export const learnerImages =
  (attemptId: number): ImageUrlOf =>
  (imageId) =>
    learnerImageUrl(attemptId, imageId);
const imageUrl = (urls: ImageUrlOf, imageId: number | null) => (imageId ? urls(imageId) : null);

/** The question as the player shows it, from the version the student saw: never the answer. */
export function playerQuestion(
  urls: ImageUrlOf,
  q: FrozenQuestion,
  s: Snapshot,
  number: number,
  showHint: boolean,
): PlayerQuestion {
  return {
    questionId: q.questionId,
    number,
    questionType: s.question_type,
    contentType: s.content_type,
    text: s.text,
    imageUrl: imageUrl(urls, s.image_id),
    paragraphText: s.paragraph_text,
    paragraphImageUrl: imageUrl(urls, s.paragraph_image_id),
    choiceFormat: q.choiceFormat ?? testLimits.choiceFormatDefault,
    choices: (s.choices ?? []).map((c, i) => ({
      choiceId: i + 1,
      text: c.text,
      imageUrl: imageUrl(urls, c.image),
    })),
    hint: showHint ? s.hint : null,
    isMandatory: q.isMandatory,
    points: q.points,
  };
}

/** The answer key and solution of a version (scoring and the evaluation). */
export function answerKey(urls: ImageUrlOf, s: Snapshot) {
  return {
    correctChoiceIds: [...(s.correct_choices ?? [])].sort((a, b) => a - b),
    correctNumeric: s.question_type === 4 ? s.numeric_answer : null,
    tolerance: s.question_type === 4 ? (s.tolerance ?? null) : null,
    solutionText: s.solution_text,
    solutionImageUrl: imageUrl(urls, s.solution_image_id),
  };
}

/**
 * The feedback of a version for an answer (issue 26; the evaluation shows it where solutions may be shown): the
 * question's pass / partially correct / fail feedback by the outcome, and the feedback of each choice chosen.
 */
export function feedbackOf(
  s: Snapshot,
  outcome: string | null,
  chosen: readonly number[],
): { text: string | null; choices: { choiceId: number; text: string }[] } {
  const text =
    outcome === 'correct'
      ? s.pass_feedback
      : outcome === 'partial'
        ? s.partial_feedback
        : outcome === 'wrong'
          ? s.fail_feedback
          : null;
  const choices = [...new Set(chosen)]
    .sort((a, b) => a - b)
    .flatMap((id) => {
      const f = s.choices?.[id - 1]?.feedback;
      return f ? [{ choiceId: id, text: f }] : [];
    });
  return { text: text ?? null, choices };
}

/** Every image id an attempt's versions show (the image route serves only these). */
export function imageIdsOf(s: Snapshot, withSolution: boolean): number[] {
  const ids = [s.image_id, s.paragraph_image_id, ...(s.choices ?? []).map((c) => c.image)];
  if (withSolution) ids.push(s.solution_image_id);
  return ids.filter((id): id is number => typeof id === 'number');
}

/** The scoring function's input for the frozen sections and their versions. */
export function scoredSections(
  sections: readonly FrozenSection[],
  snapshots: ReadonlyMap<number, Snapshot>,
): ScoredSection[] {
  return sections.map((sec) => ({
    poolId: sec.poolId,
    maxQuestionForScore: sec.maxQuestionForScore,
    passingScore: sec.passingScore,
    isMandatoryToPass: sec.isMandatoryToPass,
    questions: sec.questions.map((q) => {
      const s = snapshots.get(q.versionId);
      return {
        questionId: q.questionId,
        questionType: q.questionType,
        correctChoiceIds: s?.correct_choices ?? [],
        numericAnswer: s?.numeric_answer ?? null,
        tolerance: s?.tolerance ?? null,
        choiceWeights: (s?.choices ?? []).map((c) => c.weight ?? null),
        points: q.points,
        negativePoints: q.negativePoints,
      };
    }),
  }));
}
