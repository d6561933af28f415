// The staff preview of a test (issue 13; part 3 §7 testDetails, §8 Preview): pages as a learner meets them.
import { z } from 'zod';
import { codeNameFields } from '../common/fields';
import { questionPreviewSchema } from '../questions/schemas';

export const testPreviewSchema = z.object({
  testId: z.number().int(),
  ...codeNameFields,
  description: z.string().nullable(),
  welcomeMessage: z.string().nullable(),
  concludeMessage: z.string().nullable(),
  duration: z.number().int(),
  questionsPerPage: z.number().int(),
  navigationAllowed: z.boolean(),
  showTimer: z.boolean(),
  sections: z.array(
    z.object({
      poolId: z.number().int(),
      ...codeNameFields,
      questionCount: z.number().int(),
      /** How many of the shown questions are drawn at random per attempt (a sample is shown). */
      randomCount: z.number().int(),
    }),
  ),
  /** Pages as a learner meets them: each page holds up to questionsPerPage questions of one section. */
  pages: z.array(
    z.object({
      sectionIndex: z.number().int(),
      questions: z.array(
        questionPreviewSchema.extend({
          number: z.number().int(),
          code: z.string(),
          /** Drawn at random from the section's topics (each attempt draws its own). */
          random: z.boolean(),
        }),
      ),
    }),
  ),
});
export type TestPreview = z.infer<typeof testPreviewSchema>;
