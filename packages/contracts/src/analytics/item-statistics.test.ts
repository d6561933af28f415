import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alphaBand, itemFlags } from './item-flags';
import { correlation, itemStatistics, type StatAttempt } from './item-statistics';
import { formatDuration } from './schemas';

const fixture = (name: string) =>
  fs
    .readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(',').map(Number));

/** Rows of 0/1 (or fractional) marks, one question per column, each worth 1. */
const fromMatrix = (rows: number[][]): StatAttempt[] =>
  rows.map((r) => ({ responses: r.map((mark, j) => ({ item: `q${j + 1}`, mark, maxMark: 1 })) }));

describe("Moodle's quiz statistics fixture (moodle/moodle results00.csv, qstats00.csv, stats_from_steps_walkthrough_test.php)", () => {
  const results = fixture('moodle-results00.csv');
  const expected = fixture('moodle-qstats00.csv');
  const { test, items } = itemStatistics(fromMatrix(results.map((r) => r.slice(1, 8))));

  it('gives the test statistics the walkthrough asserts', () => {
    expect(test.attemptCount).toBe(25);
    expect(test.mean).toBeCloseTo(4.617333, 5);
    expect(test.sd).toBeCloseTo(0.811727, 5);
    expect(test.skewness).toBeCloseTo(-0.092503, 5);
    expect(test.kurtosis).toBeCloseTo(-0.707397, 5);
    expect((test.alpha ?? 0) * 100).toBeCloseTo(-87.223, 3);
    expect(test.median).toBe(4.5);
  });

  it('gives every slot the facility, SD, discrimination, discriminative efficiency and effective weight of qstats00.csv', () => {
    for (const [slot, facility, sd, weight, , , , discrimination, , efficiency] of expected) {
      const it = items.find((x) => x.item === `q${slot}`);
      expect(it?.facility).toBeCloseTo(facility, 5);
      expect(it?.sd).toBeCloseTo(sd, 5);
      expect(it?.discriminationIndex).toBeCloseTo(discrimination, 4);
      expect(it?.discriminativeEfficiency).toBeCloseTo(efficiency, 4);
      // Moodle leaves the effective weight of a question with a negative covariance with the total empty
      if (it?.effectiveWeight !== null) expect(it?.effectiveWeight).toBeCloseTo(weight, 4);
    }
  });
});

describe('a small right/wrong data set worked by hand (5 students × 4 questions)', () => {
  // totals 4, 3, 2, 1, 0 — a perfect Guttman pattern: each question splits the students by their total.
  const rows = [
    [1, 1, 1, 1],
    [1, 1, 1, 0],
    [1, 1, 0, 0],
    [1, 0, 0, 0],
    [0, 0, 0, 0],
  ];
  const { test, items } = itemStatistics(fromMatrix(rows));
  it('KR-20 = k/(k−1)(1 − Σpq/σ²) = 4/3 (1 − 0.8/2) = 0.8, KR-21 = 4/3 (1 − 2·2/(4·2)) = 2/3', () => {
    // Σpq = .16 + .24 + .24 + .16 = .8 (over n); total variance over n = 2; the n − 1 forms give the same ratio.
    // KR-21's M(k − M)/k stands for Σpq (over n), so its σ² is over n too (Wuensch's example below agrees)
    expect(test.alpha).toBeCloseTo(0.8, 10);
    expect(test.kr21).toBeCloseTo(2 / 3, 10);
    expect(test.mean).toBe(2);
    expect(test.median).toBe(2);
    expect(test.sd).toBeCloseTo(Math.sqrt(2.5), 10);
    expect(test.skewness).toBeCloseTo(0, 10);
    expect(test.sem).toBeCloseTo(Math.sqrt(2.5) * Math.sqrt(0.2), 10);
  });
  it('facility is the share right; the upper and lower 27 % (1 student each) split every question', () => {
    expect(items.map((i) => i.facility)).toEqual([0.8, 0.6, 0.4, 0.2]);
    expect(items.map((i) => i.upperLowerIndex)).toEqual([1, 1, 1, 1]);
    for (const it of items) expect(it.discriminationIndex).toBeGreaterThan(0);
  });
  it('a question everybody gets right has no discrimination and is flagged too easy; one nobody answers right too hard', () => {
    const r = itemStatistics(fromMatrix(rows.map((row) => [...row, 1, 0])));
    const easy = r.items.find((i) => i.item === 'q5');
    const hard = r.items.find((i) => i.item === 'q6');
    expect(easy?.facility).toBe(1);
    expect(easy?.discriminationIndex).toBeNull();
    expect(itemFlags(easy!).map((f) => f.kind)).toEqual(['tooEasy']);
    expect(itemFlags(hard!).map((f) => f.kind)).toEqual(['tooHard']);
  });
});

describe("Wuensch's KR-20 example (Karl L. Wuensch, East Carolina University: core.ecu.edu/wuenschk/StatHelp/KR20.txt)", () => {
  // ten students (A–J) × ten right/wrong items, as published; totals 8 7 7 2 2 9 8 9 7 7, Σpq 2.18, σ² 5.84
  const rows = [
    [1, 1, 1, 1, 1, 1, 0, 1, 1, 0],
    [1, 0, 1, 1, 0, 1, 1, 1, 0, 1],
    [1, 1, 1, 1, 0, 1, 1, 0, 0, 1],
    [0, 0, 1, 0, 0, 0, 1, 0, 0, 0],
    [0, 0, 0, 0, 0, 1, 0, 0, 1, 0],
    [1, 1, 1, 0, 1, 1, 1, 1, 1, 1],
    [1, 1, 0, 1, 1, 1, 0, 1, 1, 1],
    [1, 1, 1, 1, 1, 1, 1, 1, 0, 1],
    [0, 1, 0, 1, 1, 1, 1, 1, 0, 1],
    [1, 1, 0, 1, 1, 0, 1, 1, 1, 0],
  ];
  const { test, items } = itemStatistics(fromMatrix(rows));
  it('gives KR-20 0.69635 and KR-21 0.68417, the published figures', () => {
    expect(test.alpha).toBeCloseTo(0.69635, 5);
    expect(test.kr21).toBeCloseTo(0.68417, 5);
    expect(test.mean).toBeCloseTo(6.6, 12);
    expect(test.sd).toBeCloseTo(Math.sqrt(58.4 / 9), 12);
  });
  it("gives each item's p as its facility", () => {
    expect(items.map((i) => i.facility)).toEqual([0.7, 0.7, 0.6, 0.7, 0.6, 0.8, 0.7, 0.7, 0.5, 0.6]);
  });
});

describe('edge cases', () => {
  it('no attempt: nothing is computed', () => {
    const r = itemStatistics([]);
    expect(r.test).toMatchObject({ attemptCount: 0, mean: null, sd: null, alpha: null });
    expect(r.items).toEqual([]);
  });
  it('one student: mean and median, no spread', () => {
    const r = itemStatistics(fromMatrix([[1, 0, 1]]));
    expect(r.test).toMatchObject({
      attemptCount: 1,
      mean: 2,
      median: 2,
      sd: null,
      skewness: null,
      alpha: null,
    });
    expect(r.items[0]).toMatchObject({ facility: 1, sd: null, discriminationIndex: null });
  });
  it('ties: every student with the same total has no discrimination, and the 27 % groups share the tied places', () => {
    const r = itemStatistics(
      fromMatrix([
        [1, 0],
        [0, 1],
        [1, 0],
        [0, 1],
      ]),
    );
    expect(r.test.sd).toBe(0);
    expect(r.test.alpha).toBeNull();
    expect(r.items.map((i) => i.upperLowerIndex)).toEqual([0, 0]);
  });
  it('random draws: a question counts only the attempts that saw it', () => {
    const r = itemStatistics([
      {
        responses: [
          { item: 'a', mark: 1, maxMark: 1 },
          { item: 'b', mark: 1, maxMark: 1 },
        ],
      },
      {
        responses: [
          { item: 'a', mark: 0, maxMark: 1 },
          { item: 'c', mark: 1, maxMark: 1 },
        ],
      },
      {
        responses: [
          { item: 'a', mark: 1, maxMark: 1 },
          { item: 'b', mark: 0, maxMark: 1 },
        ],
      },
    ]);
    expect(r.items.find((i) => i.item === 'b')?.count).toBe(2);
    expect(r.items.find((i) => i.item === 'c')?.count).toBe(1);
  });
  it('distractor analysis: shares per option, and an option nobody chose is flagged', () => {
    const resp = (mark: number, choice: number, total: number) => ({
      responses: [
        { item: 'q', mark, maxMark: 1, choices: [choice], choiceCount: 4 },
        { item: 'r', mark: total, maxMark: 1 },
      ],
    });
    const r = itemStatistics([resp(1, 1, 1), resp(1, 1, 1), resp(0, 2, 0), resp(0, 3, 0)]);
    const q = r.items.find((i) => i.item === 'q');
    expect(q?.options.map((o) => o.share)).toEqual([0.5, 0.25, 0.25, 0]);
    expect(q?.options[0].pointBiserial).toBeCloseTo(1, 10);
    expect(itemFlags(q!, [1]).map((f) => f.reason)).toEqual(['A distractor nobody chose: option 4.']);
  });
  it('alpha bands and durations read as the hints say', () => {
    expect(alphaBand(0.93)).toMatch(/^High/);
    expect(alphaBand(0.55)).toMatch(/^Doubtful/);
    expect(formatDuration(725_000)).toBe('12 min 05 s');
    expect(formatDuration(0)).toBe('0 min 00 s');
  });
});

const matrix = fc.tuple(fc.integer({ min: 3, max: 30 }), fc.integer({ min: 2, max: 8 })).chain(([n, k]) =>
  fc.array(fc.array(fc.constantFrom(0, 0.5, 1), { minLength: k, maxLength: k }), {
    minLength: n,
    maxLength: n,
  }),
);

describe('properties', () => {
  it('alpha of one item duplicated k times is 1', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1 }), { minLength: 3, maxLength: 40 }),
        fc.integer({ min: 2, max: 6 }),
        (col, k) => {
          fc.pre(new Set(col).size > 1);
          const r = itemStatistics(fromMatrix(col.map((v) => Array(k).fill(v))));
          expect(r.test.alpha).toBeCloseTo(1, 9);
        },
      ),
    );
  });
  it('facility stays in [0, 1], and the item–rest correlation never exceeds the item–total one', () => {
    fc.assert(
      fc.property(matrix, (rows) => {
        const r = itemStatistics(fromMatrix(rows));
        for (const it of r.items) {
          if (it.facility !== null) expect(it.facility).toBeGreaterThanOrEqual(0);
          if (it.facility !== null) expect(it.facility).toBeLessThanOrEqual(1);
          if (it.discriminationIndex !== null && it.pointBiserial !== null)
            expect(it.discriminationIndex / 100).toBeLessThanOrEqual(it.pointBiserial + 1e-9);
        }
      }),
    );
  });
  it('KR-21 never exceeds KR-20 (right/wrong items of equal weight)', () => {
    fc.assert(
      fc.property(matrix, (rows) => {
        const r = itemStatistics(fromMatrix(rows.map((row) => row.map((v) => (v >= 0.5 ? 1 : 0)))));
        if (r.test.kr21 !== null && r.test.alpha !== null)
          expect(r.test.kr21).toBeLessThanOrEqual(r.test.alpha + 1e-9);
      }),
    );
  });
  it('the order of the rows changes nothing', () => {
    fc.assert(
      fc.property(matrix, fc.integer(), (rows, seed) => {
        // Fisher–Yates with a small LCG seeded by fast-check
        const shuffled = [...rows];
        let state = seed >>> 0;
        for (let i = shuffled.length - 1; i > 0; i--) {
          state = (state * 1664525 + 1013904223) >>> 0;
          const j = state % (i + 1);
          [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
        }
        const a = itemStatistics(fromMatrix(rows));
        const b = itemStatistics(fromMatrix(shuffled));
        expect(b.test.mean).toBeCloseTo(a.test.mean ?? 0, 9);
        if (a.test.alpha !== null) expect(b.test.alpha).toBeCloseTo(a.test.alpha, 9);
        a.items.forEach((it, i) => {
          expect(b.items[i].upperLowerIndex ?? 0).toBeCloseTo(it.upperLowerIndex ?? 0, 9);
          expect(b.items[i].discriminationIndex ?? 0).toBeCloseTo(it.discriminationIndex ?? 0, 9);
        });
      }),
    );
  });
  it('correlation is symmetric', () => {
    expect(correlation([1, 2, 3], [2, 4, 7])).toBeCloseTo(correlation([2, 4, 7], [1, 2, 3]) ?? 0, 12);
  });
});
