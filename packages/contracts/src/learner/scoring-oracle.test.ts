// scoreAttempt against an independent oracle, on random attempts (the rule-by-rule examples are in scoring.test.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type GivenAnswer, type ScoringInput, scoreAttempt } from './scoring';

// ---------------------------------------------------------------------------------------------------------------
// Property test against an independent oracle. The generator works in whole hundredths (integers); the function
// under test receives them divided by 100 (floating point), the oracle keeps the integers. The oracle is written
// separately, question by question with explicit branches, and shares no code with scoring.ts.
// ---------------------------------------------------------------------------------------------------------------

type ModelQuestion = {
  id: number;
  type: 1 | 2 | 3 | 4;
  correct: number[]; // choice ids
  keyC: number | null; // numeric answer, hundredths
  tolC: number | null; // tolerance, hundredths
  pointsC: number;
  negC: number; // either sign
  // what the student gave
  givenChoices: number[] | null; // null: absent from the map
  givenC: number | null | 'absent';
};
type ModelSection = {
  poolId: number;
  questions: ModelQuestion[];
  max: number | null;
  passC: number | null;
  mandatory: boolean;
};
type Model = { sections: ModelSection[]; passC: number | null; masteryC: number | null };

const questionArb = (id: number): fc.Arbitrary<ModelQuestion> =>
  fc
    .record({
      type: fc.constantFrom(1, 2, 3, 4) as fc.Arbitrary<1 | 2 | 3 | 4>,
      correctMask: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
      keyC: fc.option(fc.integer({ min: -100_000, max: 100_000 }), { freq: 8, nil: null }),
      tolC: fc.option(fc.integer({ min: 0, max: 50 }), { nil: null }),
      pointsC: fc.oneof(fc.integer({ min: 0, max: 1_000 }), fc.constantFrom(100, 200, 25, 33)),
      negC: fc.oneof(fc.integer({ min: -500, max: 500 }), fc.constant(0)),
      givenKind: fc.constantFrom('absent', 'empty', 'right', 'random', 'near'),
      givenMask: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
      duplicate: fc.boolean(),
      delta: fc.integer({ min: -60, max: 60 }),
      randomC: fc.integer({ min: -100_000, max: 100_000 }),
    })
    .map((r) => {
      const choiceIds = [1, 2, 3, 4].map((k) => id * 10 + k);
      let correct = choiceIds.filter((_, i) => r.correctMask[i]);
      if (r.type !== 1)
        correct = [choiceIds[r.correctMask.indexOf(true) >= 0 ? r.correctMask.indexOf(true) : 0] as number];
      if (r.type === 3) correct = correct.map((c) => (c % 10 > 2 ? c - 2 : c)); // True/False: two choices
      const q: ModelQuestion = {
        id,
        type: r.type,
        correct: r.type === 4 ? [] : correct,
        keyC: r.type === 4 ? r.keyC : null,
        tolC: r.type === 4 ? r.tolC : null,
        pointsC: r.pointsC,
        negC: r.negC,
        givenChoices: null,
        givenC: 'absent',
      };
      if (r.givenKind === 'absent') return q;
      if (r.type === 4) {
        if (r.givenKind === 'empty') q.givenC = null;
        else if (r.givenKind === 'right') q.givenC = q.keyC ?? r.randomC;
        else if (r.givenKind === 'near') q.givenC = (q.keyC ?? 0) + r.delta;
        else q.givenC = r.randomC;
        return q;
      }
      if (r.givenKind === 'empty') q.givenChoices = [];
      else if (r.givenKind === 'right') q.givenChoices = [...q.correct];
      else {
        const pool = r.type === 3 ? choiceIds.slice(0, 2) : choiceIds;
        q.givenChoices = pool.filter((_, i) => r.givenMask[i]);
        if (r.type !== 1 && r.givenKind === 'near') q.givenChoices = q.givenChoices.slice(0, 1);
      }
      if (r.duplicate && q.givenChoices.length > 0) q.givenChoices.push(q.givenChoices[0] as number);
      return q;
    });

let modelIds = 0;
const sectionArb = (poolId: number): fc.Arbitrary<ModelSection> =>
  fc
    .record({
      count: fc.integer({ min: 0, max: 12 }),
      max: fc.option(fc.integer({ min: 0, max: 14 }), { nil: null }),
      passC: fc.option(fc.integer({ min: -100, max: 3_000 }), { nil: null }),
      mandatory: fc.boolean(),
      seed: fc.nat(),
    })
    .chain((s) =>
      fc.tuple(...Array.from({ length: s.count }, () => questionArb(++modelIds))).map((questions) => ({
        poolId,
        questions,
        max: s.max,
        passC: s.passC,
        mandatory: s.mandatory,
      })),
    );

const modelArb: fc.Arbitrary<Model> = fc
  .record({
    sectionCount: fc.integer({ min: 1, max: 4 }),
    passC: fc.option(fc.integer({ min: -100, max: 6_000 }), { nil: null }),
    masteryC: fc.option(fc.integer({ min: -100, max: 8_000 }), { nil: null }),
  })
  .chain((t) =>
    fc
      .tuple(...Array.from({ length: t.sectionCount }, (_, i) => sectionArb(i + 1)))
      .map((sections) => ({ sections, passC: t.passC, masteryC: t.masteryC })),
  );

function toInput(m: Model): ScoringInput {
  const answers = new Map<number, GivenAnswer>();
  for (const s of m.sections)
    for (const x of s.questions) {
      if (x.type === 4) {
        if (x.givenC !== 'absent')
          answers.set(x.id, { choiceIds: [], numericAnswer: x.givenC === null ? null : x.givenC / 100 });
      } else if (x.givenChoices !== null)
        answers.set(x.id, { choiceIds: x.givenChoices, numericAnswer: null });
    }
  return {
    answers,
    passingScore: m.passC === null ? null : m.passC / 100,
    masteryScore: m.masteryC === null ? null : m.masteryC / 100,
    sections: m.sections.map((s) => ({
      poolId: s.poolId,
      maxQuestionForScore: s.max,
      passingScore: s.passC === null ? null : s.passC / 100,
      isMandatoryToPass: s.mandatory,
      questions: s.questions.map((x) => ({
        questionId: x.id,
        questionType: x.type,
        correctChoiceIds: x.correct,
        numericAnswer: x.keyC === null ? null : x.keyC / 100,
        tolerance: x.tolC === null ? null : x.tolC / 100,
        points: x.pointsC / 100,
        negativePoints: x.negC / 100,
      })),
    })),
  };
}

/** The oracle: integers (hundredths) only, one question at a time. */
function oracle(m: Model) {
  const perQuestion: { questionId: number; marksC: number; outcome: string }[] = [];
  const perSection: { poolId: number; scoreC: number; totalC: number; passed: boolean | null }[] = [];
  let actualC = 0;
  let totalC = 0;
  let anyMandatoryFailed = false;
  for (const s of m.sections) {
    let used = 0;
    let sectionC = 0;
    for (const x of s.questions) {
      let answered: boolean;
      if (x.type === 4) answered = x.givenC !== 'absent' && x.givenC !== null;
      else answered = x.givenChoices !== null && x.givenChoices.length > 0;
      if (!answered) {
        perQuestion.push({ questionId: x.id, marksC: 0, outcome: 'unanswered' });
        continue;
      }
      if (s.max !== null && s.max !== 0 && used === s.max) {
        perQuestion.push({ questionId: x.id, marksC: 0, outcome: 'notCounted' });
        continue;
      }
      used = used + 1;
      let right = false;
      if (x.type === 1) {
        const a = [...new Set(x.givenChoices)].sort((p, r) => p - r).join(',');
        const b = [...new Set(x.correct)].sort((p, r) => p - r).join(',');
        right = a === b;
      } else if (x.type === 2 || x.type === 3) {
        const distinct = [...new Set(x.givenChoices)];
        right = distinct.length === 1 && x.correct.indexOf(distinct[0] as number) !== -1;
      } else {
        const given = x.givenC as number;
        if (x.keyC === null) right = false;
        else if (x.tolC === null || x.tolC === 0) right = given === x.keyC;
        else right = given >= x.keyC - x.tolC && given <= x.keyC + x.tolC;
      }
      let marks: number;
      if (right) marks = x.pointsC;
      else if (x.negC > 0) marks = -x.negC;
      else marks = x.negC === 0 ? 0 : x.negC;
      sectionC = sectionC + marks;
      perQuestion.push({ questionId: x.id, marksC: marks, outcome: right ? 'correct' : 'wrong' });
    }
    // The reachable maximum: pick the largest remaining points, max times.
    const remaining = s.questions.map((x) => x.pointsC);
    const picks = s.max === null || s.max === 0 ? remaining.length : Math.min(s.max, remaining.length);
    let sectionTotalC = 0;
    for (let i = 0; i < picks; i++) {
      let best = 0;
      for (let j = 1; j < remaining.length; j++)
        if ((remaining[j] as number) > (remaining[best] as number)) best = j;
      sectionTotalC += remaining[best] as number;
      remaining.splice(best, 1);
    }
    let passed: boolean | null = null;
    if (s.passC !== null && s.passC > 0) passed = sectionC >= s.passC;
    if (s.mandatory && passed === false) anyMandatoryFailed = true;
    perSection.push({ poolId: s.poolId, scoreC: sectionC, totalC: sectionTotalC, passed });
    actualC += sectionC;
    totalC += sectionTotalC;
  }
  let result: 1 | 2 | 3;
  if (anyMandatoryFailed) result = 1;
  else if (m.passC !== null && m.passC > 0 && actualC < m.passC) result = 1;
  else if (m.masteryC !== null && m.masteryC > 0 && actualC >= m.masteryC) result = 3;
  else result = 2;
  return { actualC, totalC, result, perSection, perQuestion };
}

describe('scoreAttempt against an independent oracle', () => {
  it('agrees on 10,000 random attempts (negative marks, sections, maxQuestionForScore, mandatory, mastery)', () => {
    const seen = {
      wrongNegative: 0,
      notCounted: 0,
      mandatoryFail: 0,
      mastery: 0,
      failed: 0,
      passed: 0,
      near: 0,
    };
    fc.assert(
      fc.property(modelArb, (m) => {
        const got = scoreAttempt(toInput(m));
        const want = oracle(m);
        const expected = {
          actualScore: want.actualC / 100,
          totalScore: want.totalC / 100,
          result: want.result,
          sections: want.perSection.map((s) => ({
            poolId: s.poolId,
            score: s.scoreC / 100,
            total: s.totalC / 100,
            passed: s.passed,
          })),
          questions: want.perQuestion.map((x) => ({
            questionId: x.questionId,
            marks: x.marksC / 100,
            outcome: x.outcome,
          })),
        };
        // One string comparison per run (expect() in a 10,000-run loop is slow); a difference is shown below.
        if (JSON.stringify(got) !== JSON.stringify(expected)) expect(got).toEqual(expected);
        // coverage counters
        if (want.perQuestion.some((x) => x.outcome === 'wrong' && x.marksC < 0)) seen.wrongNegative++;
        if (want.perQuestion.some((x) => x.outcome === 'notCounted')) seen.notCounted++;
        if (want.perSection.some((s, i) => m.sections[i]?.mandatory && s.passed === false))
          seen.mandatoryFail++;
        if (want.result === 3) seen.mastery++;
        if (want.result === 1) seen.failed++;
        if (want.result === 2) seen.passed++;
        for (const s of m.sections)
          for (const x of s.questions)
            if (
              x.type === 4 &&
              typeof x.givenC === 'number' &&
              x.keyC !== null &&
              x.tolC &&
              x.givenC !== x.keyC
            )
              if (Math.abs(x.givenC - x.keyC) <= x.tolC) seen.near++;
      }),
      { numRuns: 10_000 },
    );
    // The generator reaches every rule many times.
    for (const [rule, count] of Object.entries(seen)) expect(count, rule).toBeGreaterThan(100);
  }, 120_000);
});
