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
  /** KR-21 (items scored right/wrong with equal weight; from the mean and the n − 1 variance). */
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

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** Sample covariance (n − 1); null below two values. */
function covariance(xs: readonly number[], ys: readonly number[]): number | null {
  const n = xs.length;
  if (n < 2) return null;
  const mx = mean(xs);
  const my = mean(ys);
  let s = 0;
  for (let i = 0; i < n; i++) s += (xs[i] - mx) * (ys[i] - my);
  return s / (n - 1);
}

/** Pearson correlation; null when either side has no variance. */
export function correlation(xs: readonly number[], ys: readonly number[]): number | null {
  const c = covariance(xs, ys);
  const vx = covariance(xs, xs);
  const vy = covariance(ys, ys);
  if (c === null || vx === null || vy === null || vx * vy <= 1e-24) return null;
  return c / Math.sqrt(vx * vy);
}

function median(sorted: readonly number[]): number | null {
  const n = sorted.length;
  if (!n) return null;
  return n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

/**
 * The test's statistics from the attempts' totals and the sum of the items' mark variances (n − 1), Moodle's
 * way: sd over n − 1; skewness k3 / k2^1.5 and kurtosis k4 / k2² from the k-statistics; alpha =
 * p / (p − 1) × (1 − Σ item variances / k2), p the number of items.
 */
export function testStatistics(
  totals: readonly number[],
  o: { itemCount: number; sumOfItemVariance: number; maxTotal: number; equalDichotomous?: boolean },
): TestStatistics {
  const s = totals.length;
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
  const m = mean(totals);
  out.mean = m;
  out.median = median([...totals].sort((a, b) => a - b));
  if (s < 2) return out;
  let p2 = 0;
  let p3 = 0;
  let p4 = 0;
  for (const x of totals) {
    const d = x - m;
    p2 += d * d;
    p3 += d * d * d;
    p4 += d * d * d * d;
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
    if (o.equalDichotomous) out.kr21 = (p / (p - 1)) * (1 - (m * (p - m)) / (p * k2));
  }
  return out;
}

/** Weighted facility of a 27 % group: places beyond the group's edge value go to the tied attempts in equal shares. */
function groupFacility(pairs: { total: number; share: number }[], g: number, top: boolean): number {
  const sorted = [...pairs].sort((a, b) => (top ? b.total - a.total : a.total - b.total));
  const edge = sorted[g - 1].total;
  const inside = sorted.filter((x) => (top ? x.total > edge : x.total < edge));
  const tied = sorted.filter((x) => x.total === edge);
  const weight = (g - inside.length) / tied.length;
  const sum = inside.reduce((a, x) => a + x.share, 0) + tied.reduce((a, x) => a + weight * x.share, 0);
  return sum / g;
}

type ItemAcc = {
  marks: number[];
  others: number[];
  totals: number[];
  maxMark: number;
  choiceCount: number;
  chosen: number[][];
};

/**
 * Per-question and per-test statistics of a set of attempts. Each question (key = question and version) is
 * counted over the attempts that saw it, so random draws are counted per question seen. An attempt's total
 * is the sum of its marks.
 */
export function itemStatistics(attempts: readonly StatAttempt[]): {
  test: TestStatistics;
  items: ItemStatistics[];
} {
  const totals = attempts.map((a) => a.responses.reduce((s, r) => s + r.mark, 0));
  const acc = new Map<string, ItemAcc>();
  attempts.forEach((a, i) => {
    for (const r of a.responses) {
      let x = acc.get(r.item);
      if (!x) {
        x = { marks: [], others: [], totals: [], maxMark: r.maxMark, choiceCount: 0, chosen: [] };
        acc.set(r.item, x);
      }
      x.maxMark = Math.max(x.maxMark, r.maxMark);
      x.choiceCount = Math.max(x.choiceCount, r.choiceCount ?? 0);
      x.marks.push(r.mark);
      x.others.push(totals[i] - r.mark);
      x.totals.push(totals[i]);
      x.chosen.push([...(r.choices ?? [])]);
    }
  });

  const items: ItemStatistics[] = [];
  let sumOfItemVariance = 0;
  let sumSqrtCovOverall = 0;
  const covOverall = new Map<string, number | null>();
  for (const [item, x] of acc) {
    const n = x.marks.length;
    const markMean = mean(x.marks);
    const facility = x.maxMark ? markMean / x.maxMark : null;
    const markVar = covariance(x.marks, x.marks);
    const otherVar = covariance(x.others, x.others);
    const cov = covariance(x.marks, x.others);
    const sortedMarks = [...x.marks].sort((a, b) => a - b);
    const sortedOthers = [...x.others].sort((a, b) => a - b);
    const covMax = covariance(sortedMarks, sortedOthers);
    const covWithTotal = covariance(x.marks, x.totals);
    covOverall.set(item, covWithTotal);
    if (markVar !== null) sumOfItemVariance += markVar;
    if (covWithTotal !== null && covWithTotal >= 0) sumSqrtCovOverall += Math.sqrt(covWithTotal);
    const g = Math.round(0.27 * n);
    const pairs = x.marks.map((m, i) => ({ total: x.totals[i], share: x.maxMark ? m / x.maxMark : 0 }));
    const options: OptionStatistics[] = [];
    for (let c = 1; c <= x.choiceCount; c++) {
      const picked = x.chosen.map((ch) => (ch.includes(c) ? 1 : 0));
      options.push({
        choice: c,
        share: n ? picked.reduce((a: number, b) => a + b, 0) / n : 0,
        pointBiserial: correlation(picked, x.totals),
      });
    }
    items.push({
      item,
      count: n,
      maxMark: x.maxMark,
      facility,
      sd: markVar !== null && x.maxMark ? Math.sqrt(markVar) / x.maxMark : null,
      discriminationIndex:
        cov !== null && markVar !== null && otherVar !== null && markVar * otherVar > 1e-24
          ? (100 * cov) / Math.sqrt(markVar * otherVar)
          : null,
      discriminativeEfficiency: cov !== null && covMax ? (100 * cov) / covMax : null,
      upperLowerIndex:
        g >= 1 && x.maxMark ? groupFacility(pairs, g, true) - groupFacility(pairs, g, false) : null,
      pointBiserial: correlation(x.marks, x.totals),
      effectiveWeight: null,
      options,
    });
  }
  for (const it of items) {
    const c = covOverall.get(it.item);
    it.effectiveWeight =
      sumSqrtCovOverall && c !== null && c !== undefined && c >= 0
        ? (100 * Math.sqrt(c)) / sumSqrtCovOverall
        : null;
  }
  const maxTotal = [...acc.values()].reduce((s, x) => s + x.maxMark, 0);
  const equalDichotomous =
    attempts.length > 0 &&
    attempts.every((a) => a.responses.length === acc.size) &&
    [...acc.values()].every((x) => x.maxMark === 1 && x.marks.every((m) => m === 0 || m === 1));
  const test = testStatistics(totals, { itemCount: acc.size, sumOfItemVariance, maxTotal, equalDichotomous });
  return { test, items };
}

/** Why an item is flagged (FEATURES 3.2.07): each flag with its reason. */
export const itemFlagReasons = {
  negativeDiscrimination:
    'Negative discrimination: students who did better overall did worse on this question (check the key).',
  lowDiscrimination:
    'Low discrimination (below 20): the question hardly separates stronger from weaker students.',
  tooHard: 'Facility below 5 %: almost nobody got it right.',
  tooEasy: 'Facility above 95 %: almost everybody got it right.',
  unusedDistractor: 'A distractor nobody chose: option {choice}.',
} as const;
export type ItemFlag = { kind: keyof typeof itemFlagReasons; reason: string };

/** The flags of one item (needs at least two attempts to say anything about discrimination). */
export function itemFlags(it: ItemStatistics, correctChoices: readonly number[] = []): ItemFlag[] {
  const out: ItemFlag[] = [];
  const flag = (kind: keyof typeof itemFlagReasons, reason: string = itemFlagReasons[kind]) =>
    out.push({ kind, reason });
  if (it.discriminationIndex !== null) {
    if (it.discriminationIndex < 0) flag('negativeDiscrimination');
    else if (it.discriminationIndex < 20) flag('lowDiscrimination');
  }
  if (it.facility !== null && it.count > 0) {
    if (it.facility < 0.05) flag('tooHard');
    else if (it.facility > 0.95) flag('tooEasy');
  }
  for (const o of it.options)
    if (o.share === 0 && !correctChoices.includes(o.choice) && it.count > 0)
      flag('unusedDistractor', itemFlagReasons.unusedDistractor.replace('{choice}', String(o.choice)));
  return out;
}

/** Interpretation bands of alpha, shown as hints (high ≥ 0.9 … doubtful < 0.6). */
export function alphaBand(alpha: number | null): string {
  if (alpha === null) return 'Not enough attempts to say.';
  if (alpha >= 0.9) return 'High reliability (≥ 0.9).';
  if (alpha >= 0.8) return 'Good reliability (0.8–0.9).';
  if (alpha >= 0.7) return 'Acceptable reliability (0.7–0.8).';
  if (alpha >= 0.6) return 'Questionable reliability (0.6–0.7).';
  return 'Doubtful reliability (below 0.6): the total mixes unrelated things or too few questions.';
}
