// Scoring of an attempt (issue 15): ONE pure function, used online at submit and by OMR later. Its inputs are
// already resolved by the caller (points from the question's mapping or the section, negative points, the
// student's answers). The rules, in the order they apply:
//
// 1. A question is ANSWERED when the student gave at least one choice (MCQ, SCQ, True/False) or a finite number
//    (Numerical). Anything else (absent from `answers`, empty choices, null number) is 'unanswered': 0 marks.
// 2. Right or wrong:
//    - MCQ (1): right only when the set of chosen ids equals the set of answer ids (order and repeats ignored).
//    - SCQ (2) and True/False (3): right when exactly one (distinct) choice was given and it is an answer id.
//    - Numerical (4): the numbers are compared, not the text ("2.50" = "2.5"); with a tolerance > 0, right when
//      |given − answer| ≤ tolerance. Both comparisons allow 1e-9 (relative) for binary floating point, so 1.6
//      is within 0.1 of 1.5. A question without a numeric answer is never right.
//    - An unknown question type is never right.
//    Right: +points. Wrong: −|negativePoints| (stored ≤ 0; a positive value is read as its negative).
//    - Partial credit (issue 26): an MCQ or SCQ whose choices carry weights (percent, -100..100, Moodle's
//      fractions) earns fraction = the sum of the weights of the distinct chosen choices / 100, capped at 1
//      (an SCQ with more than one choice given earns nothing). fraction ≥ 1: right, +points. 0 < fraction < 1:
//      'partial', points × fraction (in hundredths). fraction ≤ 0: wrong, −|negativePoints| as any wrong answer:
//      a negative weight takes credit away from the other choices chosen, and the sum is floored at 0 (Moodle);
//      the test's negative marking then applies to an answer that earned nothing, never more than that.
//      Without weights (every existing question) the question is all or nothing as above.
// 3. maxQuestionForScore (per section; null or 0 = no limit, 0 being the legacy "not set"): only the first that
//    many ANSWERED questions of the section, in the order the attempt presented them, count. Later answered
//    questions are 'notCounted' with 0 marks (neither points nor negative points). Unanswered questions never
//    use up a place.
// 4. Totals. A section's total is what a student could earn in it: the sum of its questions' points, or, with
//    maxQuestionForScore = N below the question count, the sum of the N LARGEST points (the student chooses
//    which questions to answer, so that is the reachable maximum; with equal points it is N × points).
//    The attempt's totalScore is the sum of the section totals; actualScore the sum of counted marks (it may be
//    negative).
// 5. Sections: `passed` is null when the section has no passing score (null or ≤ 0), else score ≥ passingScore.
//    A section with isMandatoryToPass whose `passed` is false makes the attempt Failed, whatever its score.
//    A mandatory-to-pass section without a passing score sets no bar.
// 6. Result: Failed (1) when a mandatory section failed, or when the test has a passing score (> 0) and
//    actualScore < passingScore. Otherwise Passed (2): a test without a passing score has no bar, so every
//    attempt passes (the assigned-tests list shows "Passed" rather than "Failed" for tests that set no bar).
//    Mastery (3) when passed and the test has a mastery score (> 0; null and 0 mean none, as in the editor)
//    and actualScore ≥ masteryScore.
// 7. No float drift: every mark is turned into whole hundredths (Math.round(x × 100)) before summing and before
//    comparing with the passing and mastery scores; the reported numbers are hundredths / 100.

/** A positive value is a set value; 0 or null falls through to the next level (sections default to 0). */
const firstSet = (...values: (number | null | undefined)[]) => values.find((v) => v != null && v !== 0) ?? 0;

/**
 * The marks a question carries in a test (issue 27: the attempt, the scoring and the staff preview all use this
 * one rule, never the question bank's own points): points from the section's pick of the question, else the
 * section's points per question, else the test's; negative points from the section, else the test.
 */
export function resolvedMarks(x: {
  pickPoints?: number | null;
  section: { pointsPerQuestion: number | null; negativePointsPerQuestion: number | null };
  test: { pointsPerQuestion: number | null; negativePointsPerQuestion: number | null };
}): { points: number; negativePoints: number } {
  return {
    points: firstSet(x.pickPoints, x.section.pointsPerQuestion, x.test.pointsPerQuestion),
    negativePoints: firstSet(x.section.negativePointsPerQuestion, x.test.negativePointsPerQuestion),
  };
}

/** A question as scored: its kind, its answer, its resolved points. */
export type ScoredQuestion = {
  questionId: number;
  /** 1 MCQ, 2 SCQ, 3 True/False, 4 Numerical. */
  questionType: number;
  correctChoiceIds: readonly number[];
  numericAnswer: number | null;
  /** Numerical only: accepted distance from the answer (null or 0: exact, compared as numbers). */
  tolerance: number | null;
  /** MCQ/SCQ partial credit (issue 26): weight in percent by position (choiceId − 1); null/absent: all or nothing. */
  choiceWeights?: readonly (number | null)[] | null;
  /** Marks for a right answer (≥ 0). */
  points: number;
  /** Marks for a wrong answer; stored ≤ 0 (a positive value is read as its negative). None for no answer. */
  negativePoints: number;
};

export type ScoredSection = {
  poolId: number;
  /** In the order the attempt presented them. */
  questions: readonly ScoredQuestion[];
  /** Only this many ANSWERED questions count, in order (null or 0: all). */
  maxQuestionForScore: number | null;
  /** Null or ≤ 0: the section sets no bar (passed = null). */
  passingScore: number | null;
  isMandatoryToPass: boolean;
};

/** What the student gave for one question (absent or empty = unanswered). */
export type GivenAnswer = { choiceIds: readonly number[]; numericAnswer: number | null };

export type ScoringInput = {
  sections: readonly ScoredSection[];
  /** By questionId. */
  answers: ReadonlyMap<number, GivenAnswer>;
  /** Null or ≤ 0: no bar, every attempt without a failed mandatory section passes. */
  passingScore: number | null;
  /** Null or ≤ 0: no mastery. */
  masteryScore: number | null;
};

export type QuestionOutcome = 'correct' | 'partial' | 'wrong' | 'unanswered' | 'notCounted';

export type ScoringResult = {
  actualScore: number;
  /** Sum of points a student could earn (respecting maxQuestionForScore: the N largest points of a section). */
  totalScore: number;
  /** 1 Failed, 2 Passed, 3 Mastery (AttemptResult). */
  result: 1 | 2 | 3;
  sections: { poolId: number; score: number; total: number; passed: boolean | null }[];
  /** Every question of every section, in order. */
  questions: { questionId: number; marks: number; outcome: QuestionOutcome }[];
};

const FAILED = 1;
const PASSED = 2;
const MASTERY = 3;

/** Whole hundredths: the unit every sum and comparison uses. */
const hundredths = (x: number): number => Math.round(x * 100);

function sameNumber(given: number, answer: number, tolerance: number | null): boolean {
  const slack = 1e-9 * Math.max(1, Math.abs(answer), Math.abs(given));
  const allowed = tolerance !== null && tolerance > 0 ? tolerance : 0;
  return Math.abs(given - answer) <= allowed + slack;
}

function isAnswered(q: ScoredQuestion, given: GivenAnswer | undefined): given is GivenAnswer {
  if (!given) return false;
  if (q.questionType === 4) return given.numericAnswer !== null && Number.isFinite(given.numericAnswer);
  return given.choiceIds.length > 0;
}

/** Whether an answered question is right (rule 2). */
export function isRightAnswer(q: ScoredQuestion, given: GivenAnswer): boolean {
  switch (q.questionType) {
    case 1: {
      const chosen = new Set(given.choiceIds);
      const right = new Set(q.correctChoiceIds);
      return chosen.size === right.size && [...chosen].every((id) => right.has(id));
    }
    case 2:
    case 3: {
      const chosen = new Set(given.choiceIds);
      return chosen.size === 1 && q.correctChoiceIds.includes(given.choiceIds[0] as number);
    }
    case 4:
      return (
        q.numericAnswer !== null &&
        given.numericAnswer !== null &&
        sameNumber(given.numericAnswer, q.numericAnswer, q.tolerance)
      );
    default:
      return false;
  }
}

const isWeighted = (q: ScoredQuestion): q is ScoredQuestion & { choiceWeights: readonly (number | null)[] } =>
  (q.questionType === 1 || q.questionType === 2) &&
  Array.isArray(q.choiceWeights) &&
  q.choiceWeights.some((w) => w !== null && w !== undefined);

/**
 * The share of the points an answered question earns (rule 2): 1 or 0 without weights; with weights the sum of
 * the chosen choices' weights / 100, between 0 and 1.
 */
export function answerFraction(q: ScoredQuestion, given: GivenAnswer): number {
  if (!isWeighted(q)) return isRightAnswer(q, given) ? 1 : 0;
  const chosen = [...new Set(given.choiceIds)];
  if (q.questionType === 2 && chosen.length !== 1) return 0;
  const sum = chosen.reduce((a, id) => a + (q.choiceWeights[id - 1] ?? 0), 0) / 100;
  if (sum >= 1 - 1e-9) return 1;
  return sum > 1e-9 ? sum : 0;
}

/** Hundredths a student could earn in a section (rule 4). */
function sectionTotal(section: ScoredSection): number {
  const points = section.questions.map((q) => hundredths(q.points));
  const limit = section.maxQuestionForScore;
  if (limit === null || limit <= 0 || limit >= points.length) return points.reduce((a, b) => a + b, 0);
  return points
    .sort((a, b) => b - a)
    .slice(0, limit)
    .reduce((a, b) => a + b, 0);
}

const hasBar = (score: number | null): score is number => score !== null && score > 0;

/** Scores one attempt; see the rules at the top of this file. */
export function scoreAttempt(input: ScoringInput): ScoringResult {
  const questions: ScoringResult['questions'] = [];
  const sections: ScoringResult['sections'] = [];
  let actual = 0;
  let total = 0;
  let mandatoryFailed = false;

  for (const section of input.sections) {
    const limit =
      section.maxQuestionForScore !== null && section.maxQuestionForScore > 0
        ? section.maxQuestionForScore
        : Infinity;
    let counted = 0;
    let score = 0;
    for (const q of section.questions) {
      const given = input.answers.get(q.questionId);
      if (!isAnswered(q, given)) {
        questions.push({ questionId: q.questionId, marks: 0, outcome: 'unanswered' });
        continue;
      }
      if (counted >= limit) {
        questions.push({ questionId: q.questionId, marks: 0, outcome: 'notCounted' });
        continue;
      }
      counted += 1;
      const fraction = answerFraction(q, given);
      const marks =
        fraction === 1
          ? hundredths(q.points)
          : fraction > 0
            ? Math.round(hundredths(q.points) * fraction)
            : -hundredths(Math.abs(q.negativePoints));
      score += marks;
      questions.push({
        questionId: q.questionId,
        marks: (marks === 0 ? 0 : marks) / 100,
        outcome: fraction === 1 ? 'correct' : fraction > 0 ? 'partial' : 'wrong',
      });
    }
    const sectionMax = sectionTotal(section);
    const passed = hasBar(section.passingScore) ? score >= hundredths(section.passingScore) : null;
    if (section.isMandatoryToPass && passed === false) mandatoryFailed = true;
    sections.push({ poolId: section.poolId, score: score / 100, total: sectionMax / 100, passed });
    actual += score;
    total += sectionMax;
  }

  let result: ScoringResult['result'] = PASSED;
  if (mandatoryFailed || (hasBar(input.passingScore) && actual < hundredths(input.passingScore)))
    result = FAILED;
  else if (hasBar(input.masteryScore) && actual >= hundredths(input.masteryScore)) result = MASTERY;

  return { actualScore: actual / 100, totalScore: total / 100, result, sections, questions };
}
