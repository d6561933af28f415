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
  choices: { text: string | null; image: number | null }[] | null;
  correct_choices: number[] | null;
  numeric_answer: number | null;
  /** Numerical: accepted distance from the answer (issue 27); absent in versions written before it. */
  tolerance?: number | null;
  provider_id: number;
};

const imageUrl = (attemptId: number, imageId: number | null) =>
  imageId ? learnerImageUrl(attemptId, imageId) : null;

/** The question as the player shows it, from the version the student saw: never the answer. */
export function playerQuestion(
  attemptId: number,
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
    imageUrl: imageUrl(attemptId, s.image_id),
    paragraphText: s.paragraph_text,
    paragraphImageUrl: imageUrl(attemptId, s.paragraph_image_id),
    choiceFormat: q.choiceFormat ?? testLimits.choiceFormatDefault,
    choices: (s.choices ?? []).map((c, i) => ({
      choiceId: i + 1,
      text: c.text,
      imageUrl: imageUrl(attemptId, c.image),
    })),
    hint: showHint ? s.hint : null,
    isMandatory: q.isMandatory,
    points: q.points,
  };
}

/** The answer key and solution of a version (scoring and the evaluation). */
export function answerKey(attemptId: number, s: Snapshot) {
  return {
    correctChoiceIds: [...(s.correct_choices ?? [])].sort((a, b) => a - b),
    correctNumeric: s.question_type === 4 ? s.numeric_answer : null,
    tolerance: s.question_type === 4 ? (s.tolerance ?? null) : null,
    solutionText: s.solution_text,
    solutionImageUrl: imageUrl(attemptId, s.solution_image_id),
  };
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
        points: q.points,
        negativePoints: q.negativePoints,
      };
    }),
  }));
}
