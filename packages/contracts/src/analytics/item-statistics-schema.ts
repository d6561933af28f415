import { z } from 'zod';

const num = z.number().nullable();
export const itemStatisticsSchema = z.object({
  attempts: z.enum(['first', 'all']),
  /** Closed attempts not counted yet: the background rollup is still on them (FEATURES 3.7.16). */
  countingAttempts: z.number().int().optional(),
  /** Said when all attempts count (a student's attempts are not independent). */
  note: z.string().nullable(),
  alphaHint: z.string(),
  semUses: z.string(),
  test: z.object({
    attemptCount: z.number().int(),
    itemCount: z.number().int(),
    mean: num,
    median: num,
    sd: num,
    skewness: num,
    kurtosis: num,
    alpha: num,
    kr21: num,
    sem: num,
    maxTotal: z.number(),
  }),
  items: z.array(
    z.object({
      questionId: z.number().int(),
      versionId: z.number().int(),
      code: z.string(),
      questionType: z.number().int(),
      count: z.number().int(),
      maxMark: z.number(),
      facility: num,
      sd: num,
      discriminationIndex: num,
      discriminativeEfficiency: num,
      upperLowerIndex: num,
      pointBiserial: num,
      effectiveWeight: num,
      options: z.array(
        z.object({ choice: z.number().int(), share: z.number(), pointBiserial: num, correct: z.boolean() }),
      ),
      flags: z.array(z.object({ kind: z.string(), reason: z.string() })),
    }),
  ),
});
export type ItemStatisticsReport = z.infer<typeof itemStatisticsSchema>;
export const allAttemptsNote =
  "All attempts count: a student's later attempts are not independent of the first, so reliability and discrimination read higher than they are (Moodle shows first attempts by default).";
export const semUses = 'The standard error uses the sample standard deviation (n − 1) of the totals.';
