import { describe, expect, it } from 'vitest';
import {
  type GivenAnswer,
  resolvedMarks,
  type ScoredQuestion,
  type ScoredSection,
  scoreAttempt,
} from './scoring';

describe('resolvedMarks: the marks a question carries in a test (attempt, scoring and preview; issue 27)', () => {
  const section = { pointsPerQuestion: 3, negativePointsPerQuestion: -1 };
  const test = { pointsPerQuestion: 2, negativePointsPerQuestion: -0.5 };
  it("a pick's own points first, then the section's, then the test's; never the bank's", () => {
    expect(resolvedMarks({ pickPoints: 5, section, test })).toEqual({ points: 5, negativePoints: -1 });
    expect(resolvedMarks({ pickPoints: null, section, test })).toEqual({ points: 3, negativePoints: -1 });
    const unset = { pointsPerQuestion: 0, negativePointsPerQuestion: 0 };
    expect(resolvedMarks({ section: unset, test })).toEqual({ points: 2, negativePoints: -0.5 });
    expect(
      resolvedMarks({ section: unset, test: { pointsPerQuestion: null, negativePointsPerQuestion: 0 } }),
    ).toEqual({ points: 0, negativePoints: 0 });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Example tests: one or more per rule.
// ---------------------------------------------------------------------------------------------------------------

let nextId = 1;
function q(partial: Partial<ScoredQuestion> & { questionType: number }): ScoredQuestion {
  return {
    questionId: nextId++,
    correctChoiceIds: [],
    numericAnswer: null,
    tolerance: null,
    points: 1,
    negativePoints: 0,
    ...partial,
  };
}
function section(questions: ScoredQuestion[], extra: Partial<ScoredSection> = {}): ScoredSection {
  return {
    poolId: 1,
    questions,
    maxQuestionForScore: null,
    passingScore: null,
    isMandatoryToPass: false,
    ...extra,
  };
}
const choices = (...choiceIds: number[]): GivenAnswer => ({ choiceIds, numericAnswer: null });
const numeric = (n: number | null): GivenAnswer => ({ choiceIds: [], numericAnswer: n });
function score(
  sections: ScoredSection[],
  answers: [number, GivenAnswer][],
  bars: { passingScore?: number | null; masteryScore?: number | null } = {},
) {
  return scoreAttempt({
    sections,
    answers: new Map(answers),
    passingScore: bars.passingScore ?? null,
    masteryScore: bars.masteryScore ?? null,
  });
}

describe('scoreAttempt: right and wrong', () => {
  it('MCQ is right only when the chosen set equals the answer set (order and repeats ignored)', () => {
    const mcq = q({ questionType: 1, correctChoiceIds: [11, 13], points: 4, negativePoints: -1 });
    const outcome = (a: GivenAnswer) => score([section([mcq])], [[mcq.questionId, a]]).questions[0];
    expect(outcome(choices(13, 11))).toEqual({ questionId: mcq.questionId, marks: 4, outcome: 'correct' });
    expect(outcome(choices(11, 13, 13))?.outcome).toBe('correct');
    expect(outcome(choices(11))).toMatchObject({ marks: -1, outcome: 'wrong' }); // a subset
    expect(outcome(choices(11, 12, 13))).toMatchObject({ marks: -1, outcome: 'wrong' }); // a superset
    expect(outcome(choices(12))).toMatchObject({ marks: -1, outcome: 'wrong' });
  });

  it('SCQ and True/False are right when the one choice given is the answer', () => {
    for (const questionType of [2, 3]) {
      const one = q({ questionType, correctChoiceIds: [21], points: 2, negativePoints: -0.5 });
      const outcome = (a: GivenAnswer) => score([section([one])], [[one.questionId, a]]).questions[0];
      expect(outcome(choices(21))).toMatchObject({ marks: 2, outcome: 'correct' });
      expect(outcome(choices(22))).toMatchObject({ marks: -0.5, outcome: 'wrong' });
      expect(outcome(choices(21, 22))).toMatchObject({ marks: -0.5, outcome: 'wrong' });
    }
  });

  it('Numerical compares numbers, exactly without a tolerance and within it when there is one', () => {
    const exact = q({ questionType: 4, numericAnswer: 2.5, points: 3, negativePoints: -1 });
    const near = q({ questionType: 4, numericAnswer: 1.5, tolerance: 0.1, points: 3, negativePoints: -1 });
    const zeroTol = q({ questionType: 4, numericAnswer: 0.3, tolerance: 0, points: 3 });
    const run = (question: ScoredQuestion, n: number) =>
      score([section([question])], [[question.questionId, numeric(n)]]).questions[0]?.outcome;
    expect(run(exact, Number('2.50'))).toBe('correct');
    expect(run(exact, 2.51)).toBe('wrong');
    expect(run(near, 1.6)).toBe('correct'); // 1.6 − 1.5 is 0.10000000000000009 in floating point
    expect(run(near, 1.4)).toBe('correct');
    expect(run(near, 1.61)).toBe('wrong');
    expect(run(zeroTol, 0.1 + 0.2)).toBe('correct'); // 0.30000000000000004
    expect(run(zeroTol, 0.31)).toBe('wrong');
    const noKey = q({ questionType: 4, numericAnswer: null, points: 3, negativePoints: -1 });
    expect(run(noKey, 0)).toBe('wrong');
  });

  it('an unknown question type is never right', () => {
    const odd = q({ questionType: 9, correctChoiceIds: [1], negativePoints: -1 });
    expect(score([section([odd])], [[odd.questionId, choices(1)]]).questions[0]?.outcome).toBe('wrong');
  });
});

describe('scoreAttempt: marks', () => {
  it('a wrong answer adds the negative points; a positive stored value is read as its negative', () => {
    const a = q({ questionType: 2, correctChoiceIds: [1], points: 4, negativePoints: -1 });
    const b = q({ questionType: 2, correctChoiceIds: [1], points: 4, negativePoints: 2 });
    const r = score(
      [section([a, b])],
      [
        [a.questionId, choices(2)],
        [b.questionId, choices(2)],
      ],
    );
    expect(r.questions.map((x) => x.marks)).toEqual([-1, -2]);
    expect(r.actualScore).toBe(-3);
    expect(r.totalScore).toBe(8);
  });

  it('no answer scores 0 (absent, empty choices, null number) and never a negative', () => {
    const a = q({ questionType: 1, correctChoiceIds: [1], negativePoints: -1 });
    const b = q({ questionType: 2, correctChoiceIds: [1], negativePoints: -1 });
    const c = q({ questionType: 4, numericAnswer: 1, negativePoints: -1 });
    const r = score(
      [section([a, b, c])],
      [
        [b.questionId, choices()],
        [c.questionId, numeric(null)],
      ],
    );
    expect(r.questions.map((x) => [x.marks, x.outcome])).toEqual([
      [0, 'unanswered'],
      [0, 'unanswered'],
      [0, 'unanswered'],
    ]);
    expect(r.actualScore).toBe(0);
    expect(Object.is(r.questions[0]?.marks, -0)).toBe(false);
  });

  it('no float drift: marks are summed in hundredths', () => {
    const qs = Array.from({ length: 10 }, () => q({ questionType: 2, correctChoiceIds: [1], points: 0.1 }));
    const r = score(
      [section(qs)],
      qs.map((x) => [x.questionId, choices(1)]),
      { passingScore: 1 },
    );
    expect(r.actualScore).toBe(1); // 0.1 added ten times in floating point is 0.9999999999999999
    expect(r.result).toBe(2);
    const third = q({ questionType: 2, correctChoiceIds: [1], points: 1, negativePoints: -0.33 });
    expect(score([section([third])], [[third.questionId, choices(2)]]).actualScore).toBe(-0.33);
  });
});

describe('scoreAttempt: partial credit by choice weights (issue 26)', () => {
  it("MCQ: the chosen weights add up (Moodle's 50 % / 50 % / -100 %), floored at 0, then the test's negative marks", () => {
    const mcq = () =>
      q({
        questionType: 1,
        correctChoiceIds: [1, 2],
        choiceWeights: [50, 50, -100, 0],
        points: 4,
        negativePoints: -1,
      });
    const [a, b, c, d, e, f] = [mcq(), mcq(), mcq(), mcq(), mcq(), mcq()];
    const r = score(
      [section([a, b, c, d, e, f])],
      [
        [a.questionId, choices(1, 2)],
        [b.questionId, choices(1)],
        [c.questionId, choices(1, 2, 3)],
        [d.questionId, choices(4)],
        [e.questionId, choices(1, 4)],
        [f.questionId, choices(2, 2)],
      ],
    );
    expect(r.questions.map((x) => [x.marks, x.outcome])).toEqual([
      [4, 'correct'],
      [2, 'partial'],
      [-1, 'wrong'],
      [-1, 'wrong'],
      [2, 'partial'],
      [2, 'partial'],
    ]);
    expect(r.actualScore).toBe(8);
    expect(r.totalScore).toBe(24);
  });
  it('SCQ: the one chosen choice earns its weight; two choices earn nothing; without weights all or nothing', () => {
    const scq = () =>
      q({ questionType: 2, correctChoiceIds: [1], choiceWeights: [100, 33.333, -50], points: 3 });
    const [a, b, c, d] = [scq(), scq(), scq(), scq()];
    const plain = q({ questionType: 1, correctChoiceIds: [1, 2], choiceWeights: [null, null], points: 2 });
    const r = score(
      [section([a, b, c, d, plain])],
      [
        [a.questionId, choices(1)],
        [b.questionId, choices(2)],
        [c.questionId, choices(3)],
        [d.questionId, choices(1, 2)],
        [plain.questionId, choices(1)],
      ],
    );
    expect(r.questions.map((x) => [x.marks, x.outcome])).toEqual([
      [3, 'correct'],
      [1, 'partial'],
      [0, 'wrong'],
      [0, 'wrong'],
      [0, 'wrong'],
    ]);
  });
  it('weights on a True/False or Numerical question are ignored', () => {
    const tf = q({ questionType: 3, correctChoiceIds: [1], choiceWeights: [50, 50] });
    expect(score([section([tf])], [[tf.questionId, choices(2)]]).questions[0]?.outcome).toBe('wrong');
  });
});

describe('scoreAttempt: maxQuestionForScore', () => {
  const make = () =>
    Array.from({ length: 5 }, (_, i) =>
      q({ questionType: 2, correctChoiceIds: [1], points: i + 1, negativePoints: -1 }),
    );

  it('only the first N answered questions count, in order; unanswered ones do not use a place', () => {
    const qs = make();
    const [q1, q2, q3, q4, q5] = qs as [
      ScoredQuestion,
      ScoredQuestion,
      ScoredQuestion,
      ScoredQuestion,
      ScoredQuestion,
    ];
    const r = score(
      [section(qs, { maxQuestionForScore: 2 })],
      [
        [q2.questionId, choices(2)], // wrong, counted
        [q3.questionId, choices(1)], // right, counted
        [q4.questionId, choices(1)], // right, not counted
        [q5.questionId, choices(2)], // wrong, not counted (no negative either)
      ],
    );
    expect(r.questions.map((x) => [x.questionId, x.marks, x.outcome])).toEqual([
      [q1.questionId, 0, 'unanswered'],
      [q2.questionId, -1, 'wrong'],
      [q3.questionId, 3, 'correct'],
      [q4.questionId, 0, 'notCounted'],
      [q5.questionId, 0, 'notCounted'],
    ]);
    expect(r.actualScore).toBe(2);
  });

  it('totalScore is the N largest points of the section (what a student could earn); null or 0 means all', () => {
    expect(score([section(make(), { maxQuestionForScore: 2 })], []).totalScore).toBe(5 + 4);
    expect(score([section(make(), { maxQuestionForScore: null })], []).totalScore).toBe(15);
    expect(score([section(make(), { maxQuestionForScore: 0 })], []).totalScore).toBe(15);
    expect(score([section(make(), { maxQuestionForScore: 9 })], []).totalScore).toBe(15);
  });
});

describe('scoreAttempt: result', () => {
  const right = (points: number) => q({ questionType: 2, correctChoiceIds: [1], points, negativePoints: -1 });

  it('Passed at ≥ passingScore, Failed below, Mastery at ≥ masteryScore', () => {
    const a = right(6);
    const b = right(4);
    const both: [number, GivenAnswer][] = [
      [a.questionId, choices(1)],
      [b.questionId, choices(1)],
    ];
    expect(score([section([a, b])], both, { passingScore: 10 }).result).toBe(2);
    expect(score([section([a, b])], both, { passingScore: 10.01 }).result).toBe(1);
    expect(score([section([a, b])], both, { passingScore: 5, masteryScore: 10 }).result).toBe(3);
    expect(score([section([a, b])], both, { passingScore: 5, masteryScore: 10.5 }).result).toBe(2);
  });

  it('no passing score: no bar, the attempt passes (mastery still applies); mastery 0 means none', () => {
    const a = right(1);
    expect(score([section([a])], [], { passingScore: null }).result).toBe(2);
    expect(score([section([a])], [[a.questionId, choices(2)]], { passingScore: null }).result).toBe(2);
    expect(score([section([a])], [[a.questionId, choices(1)]], { masteryScore: 1 }).result).toBe(3);
    expect(score([section([a])], [], { passingScore: 1, masteryScore: 0 }).result).toBe(1);
    expect(
      score([section([a])], [[a.questionId, choices(1)]], { passingScore: 1, masteryScore: 0 }).result,
    ).toBe(2);
  });

  it('a mandatory-to-pass section below its passing score fails the attempt, even at mastery overall', () => {
    const a = right(10);
    const b = right(1);
    const r = score(
      [section([a], { poolId: 1 }), section([b], { poolId: 2, passingScore: 1, isMandatoryToPass: true })],
      [[a.questionId, choices(1)]],
      { passingScore: 5, masteryScore: 8 },
    );
    expect(r.sections).toEqual([
      { poolId: 1, score: 10, total: 10, passed: null },
      { poolId: 2, score: 0, total: 1, passed: false },
    ]);
    expect(r.result).toBe(1);
    // The same section not mandatory: reported as not passed, the attempt is at mastery.
    const relaxed = score(
      [section([a], { poolId: 1 }), section([b], { poolId: 2, passingScore: 1 })],
      [[a.questionId, choices(1)]],
      { passingScore: 5, masteryScore: 8 },
    );
    expect(relaxed.sections[1]?.passed).toBe(false);
    expect(relaxed.result).toBe(3);
  });

  it('a mandatory-to-pass section without a passing score sets no bar', () => {
    const a = right(1);
    const r = score([section([a], { isMandatoryToPass: true })], [], { passingScore: null });
    expect(r.sections[0]?.passed).toBeNull();
    expect(r.result).toBe(2);
  });
});
