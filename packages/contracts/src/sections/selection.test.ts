import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type SectionSource,
  seededRandom,
  selectAttemptQuestions,
  selectSectionQuestions,
} from './selection';

/** A section over question ids 1..60: fixed picks (some mandatory) and topics whose candidates may overlap. */
const sectionArb: fc.Arbitrary<SectionSource> = fc
  .record({
    questionCount: fc.integer({ min: 1, max: 40 }),
    fixedIds: fc.uniqueArray(fc.integer({ min: 1, max: 60 }), { maxLength: 15 }),
    mandatoryMask: fc.array(fc.boolean(), { minLength: 15, maxLength: 15 }),
    randomizeType: fc.constantFrom(0, 1),
    questionsPerTopic: fc.option(fc.integer({ min: 1, max: 10 }), { nil: null }),
    questionTypes: fc.option(fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 4 }), {
      nil: null,
    }),
    topics: fc.array(fc.uniqueArray(fc.integer({ min: 1, max: 60 }), { maxLength: 25 }), { maxLength: 4 }),
  })
  .map((r) => ({
    questionCount: r.questionCount,
    fixed: r.fixedIds.map((questionId, i) => ({
      questionId,
      sequence: i + 1,
      isMandatory: r.mandatoryMask[i] ?? false,
    })),
    randomizeType: r.randomizeType,
    questionsPerTopic: r.questionsPerTopic,
    questionTypes: r.questionTypes,
    // a question's type is fixed by its id, whichever topic offers it
    topics: r.topics.map((ids, i) => ({
      topicId: i + 1,
      candidates: ids.map((questionId) => ({ questionId, questionType: (questionId % 4) + 1 })),
    })),
  }));

/** How many the fixed picks alone give (the random part is checked below: overlaps make its bound draw-dependent). */
function fixedReachable(s: SectionSource): number {
  const mandatory = s.fixed.filter((f) => f.isMandatory).length;
  const others = s.fixed.length - mandatory;
  return mandatory + Math.min(others, Math.max(0, s.questionCount - mandatory));
}

describe('selectSectionQuestions (property)', () => {
  it('never a duplicate, mandatory always present, only the section’s questions', () => {
    fc.assert(
      fc.property(sectionArb, fc.integer(), (s, seed) => {
        const ids = selectSectionQuestions(s, seededRandom(seed));
        expect(new Set(ids).size).toBe(ids.length);
        for (const f of s.fixed) if (f.isMandatory) expect(ids).toContain(f.questionId);
        const allowed = new Set([
          ...s.fixed.map((f) => f.questionId),
          ...(s.randomizeType === 1 ? s.topics.flatMap((t) => t.candidates.map((c) => c.questionId)) : []),
        ]);
        for (const id of ids) expect(allowed.has(id)).toBe(true);
        // never more than the count, unless the mandatory questions alone pass it
        const mandatory = s.fixed.filter((f) => f.isMandatory).length;
        expect(ids.length).toBeLessThanOrEqual(Math.max(s.questionCount, mandatory));
        expect(ids.length).toBeGreaterThanOrEqual(Math.min(fixedReachable(s), s.questionCount));
      }),
      { numRuns: 500 },
    );
  });

  it('counts honoured when enough questions exist: disjoint topics without caps fill the count exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 10 }),
        fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 1, maxLength: 4 }),
        fc.integer(),
        (count, fixedN, topicSizes, seed) => {
          let next = 1;
          const fixed = Array.from({ length: fixedN }, (_, i) => ({
            questionId: next++,
            sequence: i + 1,
            isMandatory: i % 3 === 0,
          }));
          const topics = topicSizes.map((n, i) => ({
            topicId: i + 1,
            candidates: Array.from({ length: n }, () => ({ questionId: next++, questionType: 2 })),
          }));
          const s: SectionSource = {
            questionCount: count,
            fixed,
            randomizeType: 1,
            questionsPerTopic: null,
            questionTypes: null,
            topics,
          };
          const supply = next - 1;
          const mandatory = fixed.filter((f) => f.isMandatory).length;
          const ids = selectSectionQuestions(s, seededRandom(seed));
          expect(ids.length).toBe(Math.max(mandatory, Math.min(count, supply)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('questions per topic and question types are honoured', () => {
    fc.assert(
      fc.property(sectionArb, fc.integer(), (s0, seed) => {
        const s = { ...s0, fixed: [], randomizeType: 1 };
        const ids = selectSectionQuestions(s, seededRandom(seed));
        if (s.questionTypes) for (const id of ids) expect(s.questionTypes).toContain((id % 4) + 1);
        if (s.questionsPerTopic !== null)
          expect(ids.length).toBeLessThanOrEqual(s.questionsPerTopic * s.topics.length);
      }),
      { numRuns: 300 },
    );
  });

  it('an attempt never has the same question twice across its sections', () => {
    fc.assert(
      fc.property(fc.array(sectionArb, { minLength: 1, maxLength: 4 }), fc.integer(), (sections, seed) => {
        const all = selectAttemptQuestions(sections, seededRandom(seed)).flat();
        expect(new Set(all).size).toBe(all.length);
      }),
      { numRuns: 200 },
    );
  });
});

describe('selectSectionQuestions (examples)', () => {
  const base: SectionSource = {
    questionCount: 3,
    fixed: [
      { questionId: 10, sequence: 2, isMandatory: false },
      { questionId: 11, sequence: 1, isMandatory: false },
      { questionId: 12, sequence: 3, isMandatory: true },
    ],
    randomizeType: 0,
    questionsPerTopic: null,
    questionTypes: null,
    topics: [],
  };

  it('mandatory first, then the fixed picks in section order', () => {
    expect(selectSectionQuestions(base, seededRandom(1))).toEqual([12, 11, 10]);
  });

  it('fewer places than fixed picks: a random subset, kept in order, mandatory kept', () => {
    const ids = selectSectionQuestions({ ...base, questionCount: 2 }, seededRandom(7));
    expect(ids[0]).toBe(12);
    expect(ids).toHaveLength(2);
  });

  it('then random draws from the topics; the same seed gives the same attempt', () => {
    const s: SectionSource = {
      ...base,
      questionCount: 6,
      randomizeType: 1,
      topics: [
        { topicId: 1, candidates: [1, 2, 3, 10].map((questionId) => ({ questionId, questionType: 2 })) },
        { topicId: 2, candidates: [4, 5, 6].map((questionId) => ({ questionId, questionType: 4 })) },
      ],
    };
    const a = selectSectionQuestions(s, seededRandom(42));
    expect(a.slice(0, 3)).toEqual([12, 11, 10]);
    expect(a).toHaveLength(6);
    expect(selectSectionQuestions(s, seededRandom(42))).toEqual(a);
    const scqOnly = selectSectionQuestions({ ...s, questionTypes: [2] }, seededRandom(3));
    expect(scqOnly.slice(3).sort()).toEqual([1, 2, 3]);
  });

  it('exclude: questions earlier sections took are skipped', () => {
    expect(selectSectionQuestions(base, seededRandom(1), new Set([11]))).toEqual([12, 10]);
  });
});
