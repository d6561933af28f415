// Item statistics (issue 24, beyond the spec): what Moodle's quiz statistics report gives teachers, computed from
// each attempt's per-question marks. Formulas as Moodle documents them (docs.moodle.org/dev/Quiz_statistics_calculations):
// variances and covariances over n − 1, skewness and kurtosis from the k-statistics, the coefficient of internal
// consistency (Cronbach's alpha, = KR-20 for right/wrong items) from the items' mark variances. Pure functions:
// the API runs them on the CPU pool, the golden tests beside this file check them against published figures.

/** One question an attempt saw: its key (question and version), the mark, the most it could earn, choices made. */
export type StatResponse = {
  item: string;
  mark: number;
  maxMark: number;
  /** Choice ids the student chose (choice questions), for the distractor analysis. */
  choices?: readonly number[];
  /** How many choices the question offers (0 for non-choice questions). */
  choiceCount?: number;
};
export type StatAttempt = { responses: readonly StatResponse[] };

export type TestStatistics = {
  attemptCount: number;
  itemCount: number;
  mean: number | null;
  median: number | null;
  /** Sample standard deviation (n − 1) of the attempts' totals. */
  sd: number | null;
  skewness: number | null;
  kurtosis: number | null;
  /** Cronbach's alpha (coefficient of internal consistency; KR-20 for right/wrong items), a fraction. */
  alpha: number | null;
  /** KR-21 (items scored right/wrong with equal weight; from the mean and the variance over n, as Σpq is). */
  kr21: number | null;
  /** Standard error of measurement: sd (n − 1) × √(1 − alpha). */
  sem: number | null;
  maxTotal: number;
};

export type OptionStatistics = { choice: number; share: number; pointBiserial: number | null };

export type ItemStatistics = {
  item: string;
  /** Attempts that saw the question. */
  count: number;
  maxMark: number;
  /** Mean mark ÷ the most it could earn (0–1). */
  facility: number | null;
  /** Standard deviation (n − 1) of the mark ÷ the most it could earn. */
  sd: number | null;
  /** Corrected item–rest correlation × 100 (Moodle's discrimination index). */
  discriminationIndex: number | null;
  /** Covariance with the rest ÷ its largest possible value × 100 (Moodle's discriminative efficiency). */
  discriminativeEfficiency: number | null;
  /** Upper minus lower 27 % group facility (−1 to 1); ties at a group's edge share its places. */
  upperLowerIndex: number | null;
  /** Correlation of the mark with the attempt's total (item–total, uncorrected). */
  pointBiserial: number | null;
  /** Share of the total's variance the item carries, % (null when its covariance is negative). */
  effectiveWeight: number | null;
  /** Choice questions: the share of attempts choosing each option and its correlation with the total. */
  options: OptionStatistics[];
};

/**
 * The sufficient statistics of item statistics (what the API's rollup tables hold, FEATURES AN.1): the
 * distribution of the attempts' totals; per item (question and version) the attempts that saw it counted by
 * (their total, their mark), the most it could earn, its choice count, and per option the attempts choosing it
 * with the sum of their totals. Every figure below is a function of these, so a rollup gives the same answer as
 * the attempts themselves.
 */
export type TotalCount = { total: number; count: number };
export type ItemCell = { total: number; mark: number; count: number };
export type OptionSums = { choice: number; count: number; sumTotal: number };
export type ItemRollup = {
  item: string;
  maxMark: number;
  choiceCount: number;
  cells: ItemCell[];
  options: OptionSums[];
};
export type StatRollup = { totals: TotalCount[]; items: ItemRollup[] };

/** Pearson correlation; null when either side has no variance. */
export function correlation(xs: readonly number[], ys: readonly number[]): number | null {
  const cells = xs.map((x, i) => ({ x, y: ys[i], count: 1 }));
  return fromMoments(
    weightedCovariance(
      cells,
      (c) => c.x,
      (c) => c.y,
    ),
    weightedCovariance(
      cells,
      (c) => c.x,
      (c) => c.x,
    ),
    weightedCovariance(
      cells,
      (c) => c.y,
      (c) => c.y,
    ),
  );
}

const fromMoments = (c: number | null, vx: number | null, vy: number | null) =>
  c === null || vx === null || vy === null || vx * vy <= 1e-24 ? null : c / Math.sqrt(vx * vy);

/** Weighted covariance (n − 1) of two functions of counted cells, two-pass; null below two values. */
function weightedCovariance<C extends { count: number }>(
  cells: readonly C[],
  fx: (c: C) => number,
  fy: (c: C) => number,
): number | null {
  let n = 0;
  let sx = 0;
  let sy = 0;
  for (const c of cells) {
    n += c.count;
    sx += c.count * fx(c);
    sy += c.count * fy(c);
  }
  if (n < 2) return null;
  const mx = sx / n;
  const my = sy / n;
  let s = 0;
  for (const c of cells) s += c.count * (fx(c) - mx) * (fy(c) - my);
  return s / (n - 1);
}

/** The middle of a distribution of counted values (the mean of the two middle ones for an even count). */
function median(values: readonly TotalCount[]): number | null {
  const sorted = [...values].sort((a, b) => a.total - b.total);
  const n = sorted.reduce((s, v) => s + v.count, 0);
  if (!n) return null;
  const at = (k: number) => {
    let seen = 0;
    for (const v of sorted) {
      seen += v.count;
      if (k < seen) return v.total;
    }
    return sorted[sorted.length - 1].total;
  };
  return n % 2 ? at((n - 1) / 2) : (at(n / 2 - 1) + at(n / 2)) / 2;
}

/**
 * The test's statistics from the distribution of the attempts' totals and the sum of the items' mark variances
 * (n − 1), Moodle's way: sd over n − 1; skewness k3 / k2^1.5 and kurtosis k4 / k2² from the k-statistics;
 * alpha = p / (p − 1) × (1 − Σ item variances / k2), p the number of items.
 */
export function testStatistics(
  totals: readonly TotalCount[],
  o: { itemCount: number; sumOfItemVariance: number; maxTotal: number; equalDichotomous?: boolean },
): TestStatistics {
  const s = totals.reduce((a, t) => a + t.count, 0);
  const out: TestStatistics = {
    attemptCount: s,
    itemCount: o.itemCount,
    mean: null,
    median: null,
    sd: null,
    skewness: null,
    kurtosis: null,
    alpha: null,
    kr21: null,
    sem: null,
    maxTotal: o.maxTotal,
  };
  if (!s) return out;
  const m = totals.reduce((a, t) => a + t.count * t.total, 0) / s;
  out.mean = m;
  out.median = median(totals);
  if (s < 2) return out;
  let p2 = 0;
  let p3 = 0;
  let p4 = 0;
  for (const { total, count } of totals) {
    const d = total - m;
    p2 += count * d * d;
    p3 += count * d * d * d;
    p4 += count * d * d * d * d;
  }
  out.sd = Math.sqrt(p2 / (s - 1));
  const m2 = p2 / s;
  const k2 = (s * m2) / (s - 1);
  if (k2 <= 1e-12) return out;
  if (s > 2) {
    const k3 = (s * s * (p3 / s)) / ((s - 1) * (s - 2));
    out.skewness = k3 / k2 ** 1.5;
    if (s > 3) {
      const k4 = (s * s * ((s + 1) * (p4 / s) - 3 * (s - 1) * m2 * m2)) / ((s - 1) * (s - 2) * (s - 3));
      out.kurtosis = k4 / (k2 * k2);
    }
  }
  const p = o.itemCount;
  if (p > 1) {
    out.alpha = (p / (p - 1)) * (1 - o.sumOfItemVariance / k2);
    out.sem = out.alpha <= 1 ? out.sd * Math.sqrt(Math.max(0, 1 - out.alpha)) : null;
    // KR-21 with the variance over n, as its m(p − m)/p stands for Σpq (over n): so KR-21 ≤ KR-20
    if (o.equalDichotomous) out.kr21 = (p / (p - 1)) * (1 - (m * (p - m)) / (p * m2));
  }
  return out;
}

/**
 * Weighted facility of a 27 % group (g places, from the top or the bottom of the totals): places beyond the
 * group's edge total go to the attempts tied at it in equal shares, so the order of rows changes nothing.
 */
function groupFacility(cells: readonly ItemCell[], maxMark: number, g: number, top: boolean): number {
  const byTotal = new Map<number, { count: number; share: number }>();
  for (const c of cells) {
    const x = byTotal.get(c.total) ?? { count: 0, share: 0 };
    x.count += c.count;
    x.share += (c.count * c.mark) / maxMark;
    byTotal.set(c.total, x);
  }
  const order = [...byTotal].sort(([a], [b]) => (top ? b - a : a - b));
  let taken = 0;
  let sum = 0;
  for (const [, x] of order) {
    if (taken + x.count <= g) sum += x.share;
    else sum += (x.share * (g - taken)) / x.count;
    taken += x.count;
    if (taken >= g) break;
  }
  return sum / g;
}

/**
 * Moodle's discriminative efficiency's denominator: the covariance of the marks and the rest of the total when
 * both are sorted (the largest covariance their two distributions allow), paired rank by rank.
 */
function sortedCovariance(cells: readonly ItemCell[]): number | null {
  const sortedRuns = (value: (c: ItemCell) => number) => {
    const m = new Map<number, number>();
    for (const c of cells) m.set(value(c), (m.get(value(c)) ?? 0) + c.count);
    return [...m].sort(([a], [b]) => a - b);
  };
  const xs = sortedRuns((c) => c.mark);
  const ys = sortedRuns((c) => c.total - c.mark);
  const pairs: { x: number; y: number; count: number }[] = [];
  let i = 0;
  let j = 0;
  let leftX = xs[0]?.[1] ?? 0;
  let leftY = ys[0]?.[1] ?? 0;
  while (i < xs.length && j < ys.length) {
    const count = Math.min(leftX, leftY);
    pairs.push({ x: xs[i][0], y: ys[j][0], count });
    leftX -= count;
    leftY -= count;
    if (!leftX && ++i < xs.length) leftX = xs[i][1];
    if (!leftY && ++j < ys.length) leftY = ys[j][1];
  }
  return weightedCovariance(
    pairs,
    (p) => p.x,
    (p) => p.y,
  );
}

/** One item's statistics from its cells; the covariance with the total too (for the effective weights). */
function itemFromRollup(x: ItemRollup): {
  stats: ItemStatistics;
  markVar: number | null;
  covWithTotal: number | null;
} {
  const cells = x.cells.filter((c) => c.count > 0);
  const n = cells.reduce((s, c) => s + c.count, 0);
  const markSum = cells.reduce((s, c) => s + c.count * c.mark, 0);
  const totalSum = cells.reduce((s, c) => s + c.count * c.total, 0);
  const mark = (c: ItemCell) => c.mark;
  const rest = (c: ItemCell) => c.total - c.mark;
  const total = (c: ItemCell) => c.total;
  const markVar = weightedCovariance(cells, mark, mark);
  const restVar = weightedCovariance(cells, rest, rest);
  const cov = weightedCovariance(cells, mark, rest);
  const covMax = sortedCovariance(cells);
  const covWithTotal = weightedCovariance(cells, mark, total);
  const totalVar = weightedCovariance(cells, total, total);
  const g = Math.round(0.27 * n);
  const options: OptionStatistics[] = [];
  for (let c = 1; c <= x.choiceCount; c++) {
    const o = x.options.find((y) => y.choice === c) ?? { count: 0, sumTotal: 0 };
    // picked is 0 or 1: Σp = Σp² = the choosers, Σp·T = the sum of their totals
    const pickedVar = n > 1 ? (o.count - (o.count * o.count) / n) / (n - 1) : null;
    const pickedCov = n > 1 ? (o.sumTotal - (o.count * totalSum) / n) / (n - 1) : null;
    options.push({
      choice: c,
      share: n ? o.count / n : 0,
      pointBiserial: fromMoments(pickedCov, pickedVar, totalVar),
    });
  }
  const stats: ItemStatistics = {
    item: x.item,
    count: n,
    maxMark: x.maxMark,
    facility: x.maxMark && n ? markSum / n / x.maxMark : null,
    sd: markVar !== null && x.maxMark ? Math.sqrt(markVar) / x.maxMark : null,
    discriminationIndex:
      cov !== null && markVar !== null && restVar !== null && markVar * restVar > 1e-24
        ? (100 * cov) / Math.sqrt(markVar * restVar)
        : null,
    discriminativeEfficiency: cov !== null && covMax ? (100 * cov) / covMax : null,
    upperLowerIndex:
      g >= 1 && x.maxMark
        ? groupFacility(cells, x.maxMark, g, true) - groupFacility(cells, x.maxMark, g, false)
        : null,
    pointBiserial: fromMoments(covWithTotal, markVar, totalVar),
    effectiveWeight: null,
    options,
  };
  return { stats, markVar, covWithTotal };
}

/** Per-question and per-test statistics from their sufficient statistics (the API reads them from its rollup). */
export function itemStatisticsFromRollup(r: StatRollup): { test: TestStatistics; items: ItemStatistics[] } {
  const computed = r.items.map(itemFromRollup);
  let sumOfItemVariance = 0;
  let sumSqrtCovOverall = 0;
  for (const { markVar, covWithTotal } of computed) {
    if (markVar !== null) sumOfItemVariance += markVar;
    if (covWithTotal !== null && covWithTotal >= 0) sumSqrtCovOverall += Math.sqrt(covWithTotal);
  }
  for (const { stats, covWithTotal: c } of computed)
    stats.effectiveWeight =
      sumSqrtCovOverall && c !== null && c >= 0 ? (100 * Math.sqrt(c)) / sumSqrtCovOverall : null;
  const attemptCount = r.totals.reduce((s, t) => s + t.count, 0);
  const equalDichotomous =
    attemptCount > 0 &&
    computed.every(({ stats }) => stats.count === attemptCount) &&
    r.items.every((x) => x.maxMark === 1 && x.cells.every((c) => c.mark === 0 || c.mark === 1));
  const test = testStatistics(r.totals, {
    itemCount: r.items.length,
    sumOfItemVariance,
    maxTotal: r.items.reduce((s, x) => s + x.maxMark, 0),
    equalDichotomous,
  });
  return { test, items: computed.map((c) => c.stats) };
}

/**
 * The sufficient statistics of a set of attempts (what the API's rollup computes in SQL). Each question (key =
 * question and version) is counted over the attempts that saw it, so random draws are counted per question
 * seen; an attempt's total is the sum of its marks; choices outside 1…choiceCount are ignored.
 */
export function rollUpAttempts(attempts: readonly StatAttempt[]): StatRollup {
  const totals = new Map<number, number>();
  const items = new Map<string, ItemRollup & { cellOf: Map<string, ItemCell> }>();
  for (const a of attempts) {
    const total = a.responses.reduce((s, r) => s + r.mark, 0);
    totals.set(total, (totals.get(total) ?? 0) + 1);
    for (const r of a.responses) {
      let x = items.get(r.item);
      if (!x) {
        x = { item: r.item, maxMark: r.maxMark, choiceCount: 0, cells: [], options: [], cellOf: new Map() };
        items.set(r.item, x);
      }
      x.maxMark = Math.max(x.maxMark, r.maxMark);
      x.choiceCount = Math.max(x.choiceCount, r.choiceCount ?? 0);
      const key = `${total}|${r.mark}`;
      let cell = x.cellOf.get(key);
      if (!cell) {
        cell = { total, mark: r.mark, count: 0 };
        x.cellOf.set(key, cell);
        x.cells.push(cell);
      }
      cell.count++;
      for (const choice of new Set(r.choices ?? [])) {
        let o = x.options.find((y) => y.choice === choice);
        if (!o) {
          o = { choice, count: 0, sumTotal: 0 };
          x.options.push(o);
        }
        o.count++;
        o.sumTotal += total;
      }
    }
  }
  return {
    totals: [...totals].map(([total, count]) => ({ total, count })),
    items: [...items.values()].map(({ cellOf, ...x }) => x),
  };
}

/**
 * Per-question and per-test statistics of a set of attempts: the statistics of their sufficient statistics.
 */
export function itemStatistics(attempts: readonly StatAttempt[]): {
  test: TestStatistics;
  items: ItemStatistics[];
} {
  return itemStatisticsFromRollup(rollUpAttempts(attempts));
}
