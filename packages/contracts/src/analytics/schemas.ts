import { z } from 'zod';
import { idParamSchema, intParamSchema } from '../common/ints';

/** Part 3 §9: analytics content options (the tree's dimension). */
export const AnalyticsContent = { CategorySubject: 1, DifficultyLevel: 2, QuestionType: 3 } as const;
export type AnalyticsContentId = (typeof AnalyticsContent)[keyof typeof AnalyticsContent];
export const analyticsContentNames: Record<AnalyticsContentId, string> = {
  1: 'Category Subject',
  2: 'Difficulty Level',
  3: 'Question Type',
};

/** Part 3 §9: execution options (the measure each node shows). */
export const AnalyticsExecution = { Score: 1, AttemptRate: 2, AccuracyRate: 3, Duration: 4 } as const;
export type AnalyticsExecutionId = (typeof AnalyticsExecution)[keyof typeof AnalyticsExecution];
export const analyticsExecutionNames: Record<AnalyticsExecutionId, string> = {
  1: 'Score',
  2: 'Attempt Rate',
  3: 'Accuracy Rate',
  4: 'Duration',
};
/** The unit of each measure as the tree labels it (docs/FEATURES.md 3.2.05 defines every measure). */
export const analyticsExecutionLabels: Record<AnalyticsExecutionId, string> = {
  1: 'Score (% of the points)',
  2: 'Attempt Rate (%)',
  3: 'Accuracy Rate (%)',
  4: 'Duration',
};

/** Which attempts count: each student's first closed attempt (default, as Moodle) or every closed attempt. */
export const analyticsAttemptsSchema = z.enum(['first', 'all']).default('first');
export type AnalyticsAttempts = z.output<typeof analyticsAttemptsSchema>;

export const analyticsTestParamsSchema = z.object({ testId: idParamSchema });
export const analyticsTreeParamsSchema = z.object({
  content: intParamSchema.pipe(
    z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'Unknown content option.' }),
  ),
  execution: intParamSchema.pipe(
    z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: 'Unknown execution option.' }),
  ),
  testId: idParamSchema,
});
export const analyticsAttemptsQuerySchema = z.object({ attempts: analyticsAttemptsSchema });

/** One bar of the score distribution (§3 "chart range and studentCount"): a range of the score in percent. */
export const chartBarSchema = z.object({
  range: z.string(),
  from: z.number(),
  to: z.number(),
  studentCount: z.number().int(),
});
export const chartAnalyticsSchema = z.object({
  testName: z.string(),
  studentCount: z.number().int(),
  bars: z.array(chartBarSchema),
});
export type ChartAnalytics = z.infer<typeof chartAnalyticsSchema>;

/** §3 top-five students: name, score, duration in ms, attemptRate, accuracyRate; with the attempt to open. */
export const topStudentSchema = z.object({
  attemptId: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  score: z.number(),
  totalScore: z.number().nullable(),
  duration: z.number().int(),
  attemptRate: z.number().nullable(),
  accuracyRate: z.number().nullable(),
});
export type TopStudent = z.infer<typeof topStudentSchema>;
export const topFiveSchema = z.object({ students: z.array(topStudentSchema) });

/** §3 tree node: Guid, Name, Label, Low, Average, Top, SubObjectList (plus the students the node counts). */
export type AnalyticsNode = {
  guid: string;
  name: string;
  label: string;
  low: number | null;
  average: number | null;
  top: number | null;
  studentCount: number;
  questionCount: number;
  subObjectList: AnalyticsNode[];
};
export const analyticsNodeSchema: z.ZodType<AnalyticsNode> = z.lazy(() =>
  z.object({
    guid: z.string(),
    name: z.string(),
    label: z.string(),
    low: z.number().nullable(),
    average: z.number().nullable(),
    top: z.number().nullable(),
    studentCount: z.number().int(),
    questionCount: z.number().int(),
    subObjectList: z.array(analyticsNodeSchema),
  }),
);
/** §7 getAnalytics: objective, targetAudience and the tree (analyticsResult). */
export const treeAnalyticsSchema = z.object({
  objective: z.array(z.string()),
  targetAudience: z.array(z.string()),
  content: z.number().int(),
  execution: z.number().int(),
  analyticsResult: z.array(analyticsNodeSchema),
  /** Closed attempts not counted yet: the background rollup is still on them (FEATURES 3.7.16). */
  countingAttempts: z.number().int().optional(),
});
export type TreeAnalytics = z.infer<typeof treeAnalyticsSchema>;

/** Analytics' own messages (the spec shows no failure text for analytics: ours, FEATURES 3.2.04). */
export const analyticsMessages = {
  noAttempts: 'No student has finished this test yet.',
  notOwner: 'Analytics are shown only for your own tests.',
  exportFailed: 'The analytics export could not be written. Try again.',
  /** A read answered before the background rollup caught up (FEATURES 3.7.16). */
  stillCounting: (n: number) =>
    `${n} more finished attempt${n === 1 ? ' is' : 's are'} still being counted; these figures leave ${n === 1 ? 'it' : 'them'} out and update by themselves.`,
} as const;

/** Duration (ms) as minutes and seconds (§9): "12 min 05 s". */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '';
  const total = Math.max(0, Math.round(ms / 1000));
  const min = Math.floor(total / 60);
  const s = total % 60;
  return `${min} min ${String(s).padStart(2, '0')} s`;
}

/** A percentage (0–100) with one decimal at most and its unit: "55.5 %"; none is "–". */
export function formatPercent(v: number | null): string {
  return v === null ? '–' : `${Math.round(v * 10) / 10} %`;
}

/**
 * A node's value as the tree shows it: a duration as minutes and seconds, the others (score, attempt rate,
 * accuracy rate: percentages) with one decimal and their unit.
 */
export function formatMeasure(execution: number, v: number | null): string {
  if (v === null) return '–';
  if (execution === AnalyticsExecution.Duration) return formatDuration(v * 1000);
  return formatPercent(v);
}
