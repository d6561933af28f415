// Scoring of an attempt (issue 15): ONE pure function, used online at submit and by OMR later. Its inputs are
// already resolved by the caller (points from the question's mapping or the section, negative points, the
// student's answers). STUB: the scoring helper replaces the body; the signature is shared.

/** A question as scored: its kind, its answer, its resolved points. */
export type ScoredQuestion = {
  questionId: number;
  /** 1 MCQ, 2 SCQ, 3 True/False, 4 Numerical. */
  questionType: number;
  correctChoiceIds: readonly number[];
  numericAnswer: number | null;
  /** Numerical only: accepted distance from the answer (null or 0: exact, compared as numbers). */
  tolerance: number | null;
  /** Marks for a right answer (≥ 0). */
  points: number;
  /** Marks for a wrong answer; stored ≤ 0 (a positive value is read as its negative). None for no answer. */
  negativePoints: number;
};

export type ScoredSection = {
  poolId: number;
  /** In the order the attempt presented them. */
  questions: readonly ScoredQuestion[];
  /** Only this many ANSWERED questions count, in order (null: all). */
  maxQuestionForScore: number | null;
  passingScore: number | null;
  isMandatoryToPass: boolean;
};

/** What the student gave for one question (absent or empty = unanswered). */
export type GivenAnswer = { choiceIds: readonly number[]; numericAnswer: number | null };

export type ScoringInput = {
  sections: readonly ScoredSection[];
  answers: ReadonlyMap<number, GivenAnswer>;
  passingScore: number | null;
  masteryScore: number | null;
};

export type QuestionOutcome = 'correct' | 'wrong' | 'unanswered' | 'notCounted';

export type ScoringResult = {
  actualScore: number;
  /** Sum of points a student could earn (respecting maxQuestionForScore). */
  totalScore: number;
  /** 1 Failed, 2 Passed, 3 Mastery (AttemptResult). */
  result: 1 | 2 | 3;
  sections: { poolId: number; score: number; total: number; passed: boolean | null }[];
  questions: { questionId: number; marks: number; outcome: QuestionOutcome }[];
};

export function scoreAttempt(_input: ScoringInput): ScoringResult {
  throw new Error('scoreAttempt: not implemented yet (issue 15 scoring helper)');
}
