// Quick tests (part 3 §2 "Quick test home and wizard", §3 "Quick test create payload", "Quick test card",
// §5 "Quick test", §9): ONE schema for the Test Details tab, used by the console's form and by the routes.
import { z } from 'zod';
import { lockFields, savedFields, windowFields } from '../common/fields';
import { idParamSchema, idSchema, intParamSchema } from '../common/ints';
import { pagedSchema, pageQueryUpTo } from '../common/paging';
import { testLimits, testMessages } from '../tests/common';
import { readinessReportSchema } from '../tests/readiness';

/** The spec's messages for quick tests (§5, §8), and ours where it gives none. */
export const quickTestMessages = {
  nameExists: 'Test name already exist.',
  needTest: 'Need to create test for test schedule',
  notAvailable: 'Test (s) not available.',
  notActivated: testMessages.notActivated,
  activationFailed: testMessages.activationFailed,
  activatedAndSaved: testMessages.activatedAndSaved,
  detailsSaved: testMessages.detailsSaved,
  /** §8: the Test Details of an existing quick test saved again. */
  testsUpdated: testMessages.testsUpdated,
  /** §8: the bottom bar's Save (the test activated; home 3 s later). */
  saved: testMessages.savedShort,
  defaultPoolNotCreated: 'Default pool not created',
  durationRange: testMessages.durationRange,
  // ours
  nameLength: 'Test name must be at least 5 characters.',
  nameRequired: 'Test name is required.',
  passingScore: 'Passing score must be greater than 0.',
  pointsPerQuestion: 'Points per question must be greater than 0.',
  negativePoints: 'Negative points must be zero or less.',
  created: 'Test created successfully.',
  notQuickTest: 'This is not a quick test.',
} as const;

/** §9 and §3: limits and the create payload's defaults. */
export const quickTestLimits = {
  nameMin: 5,
  nameMax: testLimits.nameMax,
  durationMin: testLimits.durationMin,
  durationMax: testLimits.durationMax,
  durationDefault: testLimits.durationDefault,
  /** The default section created with the test (§9: 5 questions). */
  defaultSectionQuestions: 5,
  defaultSectionCode: 'SECTION-1',
  defaultSectionName: 'Default Section',
  /** Cards a page on the home (§9). */
  pageSize: 12,
  descriptionCut: 35,
} as const;

export const quickTestDefaults = {
  passFeedback: 'Passed',
  failFeedback: 'Failed',
  masteryFeedback: 'Great',
  welcomeMessage: 'Welcome',
  concludeMessage: 'Thanks',
} as const;

const positive = (message: string) => z.number({ error: message }).gt(0, message).max(100_000, message);
const text = (fallback: string) =>
  z
    .string()
    .trim()
    .max(1000)
    .nullish()
    .transform((v) => (v ? v : fallback));

/** §5 "Quick test": name ≥ 5 and required, passing score > 0, duration 1–360, points > 0, negative ≤ 0. */
export const quickTestFields = {
  testName: z
    .string({ error: quickTestMessages.nameRequired })
    .trim()
    .min(1, quickTestMessages.nameRequired)
    .min(quickTestLimits.nameMin, quickTestMessages.nameLength)
    .max(quickTestLimits.nameMax, quickTestMessages.nameLength),
  description: z
    .string()
    .trim()
    .max(1000)
    .nullish()
    .transform((v) => (v ? v : null)),
  duration: z
    .number({ error: testMessages.durationRange })
    .int(testMessages.durationRange)
    .min(quickTestLimits.durationMin, testMessages.durationRange)
    .max(quickTestLimits.durationMax, testMessages.durationRange),
  passingScore: positive(quickTestMessages.passingScore),
  pointsPerQuestion: positive(quickTestMessages.pointsPerQuestion),
  negativePointsPerQuestion: z
    .number({ error: quickTestMessages.negativePoints })
    .min(-100_000, quickTestMessages.negativePoints)
    .max(0, quickTestMessages.negativePoints),
  passFeedback: text(quickTestDefaults.passFeedback),
  failFeedback: text(quickTestDefaults.failFeedback),
  masteryFeedback: text(quickTestDefaults.masteryFeedback),
  welcomeMessage: text(quickTestDefaults.welcomeMessage),
  concludeMessage: text(quickTestDefaults.concludeMessage),
};

/** The Test Details form and the create body (POST). */
export const quickTestFormSchema = z.object(quickTestFields);
export type QuickTestForm = z.infer<typeof quickTestFormSchema>;
export type QuickTestFormInput = z.input<typeof quickTestFormSchema>;

/** Update (PUT): the form plus the version the wizard read (a stale version is a 409). */
export const quickTestUpdateSchema = quickTestFormSchema.extend({ version: idSchema });
export type QuickTestUpdateInput = z.input<typeof quickTestUpdateSchema>;

/** A new form's values (the payload defaults of §3; duration 180 of §9). */
export const newQuickTestForm: QuickTestFormInput = {
  testName: '',
  description: '',
  duration: quickTestLimits.durationDefault,
  passingScore: 0,
  pointsPerQuestion: 1,
  negativePointsPerQuestion: 0,
  ...quickTestDefaults,
};

/** The wizard's route state: /admin/quickTest?testId= (absent: a new test). */
export const quickTestRouteSchema = z.object({
  testId: idParamSchema.optional().catch(undefined),
  tab: intParamSchema.min(0).max(3).optional().catch(undefined),
});

export const quickTestIdParamSchema = z.object({ testId: idParamSchema });

export const quickTestDetailSchema = z.object({
  testId: z.number().int(),
  code: z.string(),
  testName: z.string(),
  description: z.string().nullable(),
  duration: z.number().int(),
  passingScore: z.number().nullable(),
  pointsPerQuestion: z.number().nullable(),
  negativePointsPerQuestion: z.number(),
  passFeedback: z.string().nullable(),
  failFeedback: z.string().nullable(),
  masteryFeedback: z.string().nullable(),
  welcomeMessage: z.string().nullable(),
  concludeMessage: z.string().nullable(),
  status: z.number().int(),
  scheduleStatus: z.number().int().nullable(),
  isActive: z.boolean(),
  ...lockFields,
  version: z.number().int(),
  /** Why the details cannot be changed (not owned, published or later, locked by another), or null. */
  readOnlyReason: z.string().nullable(),
});
export type QuickTestDetail = z.infer<typeof quickTestDetailSchema>;

export const quickTestSavedSchema = z.object({
  testId: z.number().int(),
  ...savedFields,
});

export const quickTestActivatedSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  readiness: readinessReportSchema,
});

export const quickTestNameQuerySchema = z.object({
  value: z.string().trim().min(1).max(quickTestLimits.nameMax),
  testId: idParamSchema.optional(),
});

/* ---------- the home's cards (§3 "Quick test card") ---------- */

export const quickTestListQuerySchema = pageQueryUpTo(100, quickTestLimits.pageSize);

export const quickTestCardSchema = z.object({
  id: z.number().int(),
  testId: z.number().int(),
  code: z.string(),
  text: z.string(),
  description: z.string().nullable(),
  status: z.number().int(),
  scheduleStatus: z.number().int().nullable(),
  studentsCount: z.number().int(),
  questionCount: z.number().int(),
  scheduleDate: z.string().nullable(),
  ...windowFields,
  providerId: z.number().int(),
  ...lockFields,
  isActive: z.boolean(),
  testType: z.number().int(),
});
export type QuickTestCard = z.infer<typeof quickTestCardSchema>;

export const quickTestListSchema = pagedSchema(quickTestCardSchema).extend({
  /** Cards of each legend state over all the provider's quick tests. */
  legend: z.object({
    draft: z.number().int(),
    ready: z.number().int(),
    scheduled: z.number().int(),
    inProgress: z.number().int(),
  }),
});
export type QuickTestList = z.infer<typeof quickTestListSchema>;
