// The full test editor (issue 13; part 3 §2 "Full test editor", §3 create/update payloads, TestLanguage, Test
// config, §4 "Full test wizard", §5 "Test configuration", §7 Tests): one schema for the Information and
// Configuration steps, used by the console's form (zodResolver) and by the routes.
import { z } from 'zod';
import { hasPrivilege, type PrivilegeObject } from '../access/privileges';
import { existsResultSchema } from '../auth/accounts';
import { createOrUpdate, endpointGroup, privilegesOf } from '../common/endpoint';
import { codeNameFields, lockFields, savedFields } from '../common/fields';
import { idParamSchema, idSchema } from '../common/ints';
import { defaultReviewOptions, reviewOptionsSchema } from '../learner/review';
import { orSimplifiedTest } from '../quick-tests/access';
import { testLimits as l, testMessages } from './common';
import { testSettingsAnswerFields } from './list';
import { testPreviewSchema } from './preview';
import { readinessReportSchema } from './readiness';

/** Our field messages where the spec names none. */
export const testEditorMessages = {
  codeLength: `Test code must be ${l.codeMin} to ${l.codeMax} characters.`,
  nameLength: `Test name must be ${l.nameMin} to ${l.nameMax} characters.`,
  questionsPerPage: `Questions per page must be between ${l.questionsPerPageMin} and ${l.questionsPerPageMax}.`,
  attempts: 'Attempts allowed must be greater than 0.',
  positive: 'Enter a value greater than 0.',
  negativePoints: 'Negative points must be zero or less.',
  masteryAbovePassing: 'Mastery score must be greater than the passing score.',
  masteryNeedsPassing: 'Enter a passing score before a mastery score.',
  difficulty: 'Please select the difficulty level.',
  invalidDate: 'Enter a valid date.',
  invalidObjective: 'Please select a valid objective.',
  invalidTargetAudience: 'Please select a valid target audience.',
  privilegeRequired: 'You do not have permission to change this setting:',
  activated: 'Test activated and saved successfully.',
  reviewOptionsSaved: 'Review options saved.',
} as const;

/** Difficulty (part 3 §9): 1 Easy, 2 Medium, 3 Difficult. */
export const testDifficultyOptions = [
  { id: 1, label: 'Easy' },
  { id: 2, label: 'Medium' },
  { id: 3, label: 'Difficult' },
] as const;

/** Rich text of the editor (HTML, sanitised by the server before it is stored). */
const html = z
  .string()
  .max(100_000)
  .nullish()
  .transform((v) => (v?.trim() ? v : null));
const feedback = z
  .string()
  .trim()
  .max(1000)
  .nullish()
  .transform((v) => (v ? v : null));
/** An empty objective or target audience list is stored as null. */
const idList = z
  .array(idSchema)
  .max(100)
  .nullish()
  .transform((v) => (v?.length ? [...new Set(v)] : null));
const score = z.number().min(0).max(100_000).nullable();

/* ---------- Information step ---------- */

export const testInformationFields = {
  code: z
    .string()
    .trim()
    .min(l.codeMin, testEditorMessages.codeLength)
    .max(l.codeMax, testEditorMessages.codeLength),
  name: z
    .string()
    .trim()
    .min(l.nameMin, testEditorMessages.nameLength)
    .max(l.nameMax, testEditorMessages.nameLength),
  objective: idList,
  targetAudience: idList,
  description: html,
  welcomeMessage: html,
  concludeMessage: html,
};
/** Create (the Information step's first Next): status 1 Draft, inactive, the configuration's defaults. */
export const testCreateSchema = z.object(testInformationFields);
export type TestCreate = z.infer<typeof testCreateSchema>;
export type TestCreateInput = z.input<typeof testCreateSchema>;

/* ---------- Configuration step (§5 "Test configuration") ---------- */

export const testConfigurationFields = {
  difficultyLevel: z
    .number()
    .int()
    .min(1, testEditorMessages.difficulty)
    .max(3, testEditorMessages.difficulty),
  duration: z
    .number({ error: testMessages.durationRange })
    .int(testMessages.durationRange)
    .min(l.durationMin, testMessages.durationRange)
    .max(l.durationMax, testMessages.durationRange),
  passingScore: score.refine((v) => v === null || v > 0, testEditorMessages.positive),
  masteryScore: score,
  totalScore: score.refine((v) => v === null || v > 0, testEditorMessages.positive),
  attemptsAllowed: z
    .number({ error: testEditorMessages.attempts })
    .int(testEditorMessages.attempts)
    .min(1, testEditorMessages.attempts)
    .max(l.attemptsMax, testEditorMessages.attempts),
  questionsPerPage: z
    .number({ error: testEditorMessages.questionsPerPage })
    .int(testEditorMessages.questionsPerPage)
    .min(l.questionsPerPageMin, testEditorMessages.questionsPerPage)
    .max(l.questionsPerPageMax, testEditorMessages.questionsPerPage),
  pointsPerQuestion: score.refine((v) => v === null || v > 0, testEditorMessages.positive),
  negativePointsPerQuestion: z.number().min(-100_000).max(0, testEditorMessages.negativePoints),
  expiryDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, testEditorMessages.invalidDate)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), testEditorMessages.invalidDate),
  navigationAllowed: z.boolean(),
  showHint: z.boolean(),
  showBookmark: z.boolean(),
  showResult: z.boolean(),
  showTimer: z.boolean(),
  passFeedback: feedback,
  failFeedback: feedback,
  masteryFeedback: feedback,
  /** What a student sees of a finished attempt, and when (issue 27); absent keeps what is stored. */
  reviewOptions: reviewOptionsSchema.optional(),
};

/** §5: mastery must exceed passing; an empty mastery is allowed, mastery without a passing score is not. */
function masteryRule(v: { passingScore: number | null; masteryScore: number | null }, ctx: z.RefinementCtx) {
  if (v.masteryScore === null || v.masteryScore === 0) return;
  if (v.passingScore === null || v.passingScore === 0)
    ctx.addIssue({ code: 'custom', path: ['masteryScore'], message: testEditorMessages.masteryNeedsPassing });
  else if (v.masteryScore <= v.passingScore)
    ctx.addIssue({ code: 'custom', path: ['masteryScore'], message: testEditorMessages.masteryAbovePassing });
}

/** The whole editor form (Information + Configuration): the console's form schema. */
export const testEditorFormSchema = z
  .object({ ...testInformationFields, ...testConfigurationFields })
  .superRefine(masteryRule);
export type TestEditorForm = z.infer<typeof testEditorFormSchema>;
export type TestEditorFormInput = z.input<typeof testEditorFormSchema>;

/** Update (PUT): the form plus the version the editor read (a stale version is a 409). */
export const testUpdateSchema = z
  .object({ ...testInformationFields, ...testConfigurationFields, version: idSchema })
  .superRefine(masteryRule);
export type TestUpdate = z.infer<typeof testUpdateSchema>;
export type TestUpdateInput = z.input<typeof testUpdateSchema>;

/** A new test's configuration (part 3 §9 defaults). */
export const newTestConfiguration = {
  difficultyLevel: l.difficultyDefault,
  duration: l.durationDefault,
  passingScore: null,
  masteryScore: null,
  totalScore: null,
  attemptsAllowed: l.attemptsDefault,
  questionsPerPage: l.questionsPerPageDefault,
  pointsPerQuestion: null,
  negativePointsPerQuestion: 0,
  expiryDate: l.expiryDefault,
  navigationAllowed: true,
  showHint: false,
  showBookmark: false,
  showResult: true,
  showTimer: true,
  passFeedback: null,
  failFeedback: null,
  masteryFeedback: null,
  reviewOptions: defaultReviewOptions,
} satisfies z.input<z.ZodObject<typeof testConfigurationFields>>;

/**
 * Configuration privileges (part 3 §6): a field is changed only by a holder of its privilege (Test area);
 * without it the console disables the field and the server refuses a change.
 */
export const configurationPrivileges = {
  attemptsAllowed: 'AttemptsAllowed',
  questionsPerPage: 'QuestionsPerPage',
  negativePointsPerQuestion: 'NegativeMarks',
  showHint: 'ShowHint',
  showBookmark: 'Bookmark',
} as const satisfies Partial<Record<keyof typeof testConfigurationFields, string>>;
export type PrivilegedConfigurationField = keyof typeof configurationPrivileges;

/** The configuration fields the caller may not change: the console disables them, the server refuses a change. */
export const lockedConfigurationFields = (
  caller: Pick<PrivilegeObject, 'privileges'>,
): PrivilegedConfigurationField[] =>
  (Object.keys(configurationPrivileges) as PrivilegedConfigurationField[]).filter(
    (field) => !hasPrivilege(caller, 'Test', configurationPrivileges[field]),
  );

/* ---------- answers ---------- */

export const testIdParamSchema = z.object({ testId: idParamSchema });

export const testDetailSchema = z.object({
  testId: z.number().int(),
  providerId: z.number().int(),
  ...codeNameFields,
  objective: z.array(z.number().int()).nullable(),
  targetAudience: z.array(z.number().int()).nullable(),
  description: z.string().nullable(),
  welcomeMessage: z.string().nullable(),
  concludeMessage: z.string().nullable(),
  difficultyLevel: z.number().int(),
  duration: z.number().int(),
  passingScore: z.number().nullable(),
  masteryScore: z.number().nullable(),
  totalScore: z.number().nullable(),
  attemptsAllowed: z.number().int(),
  ...testSettingsAnswerFields,
  passFeedback: z.string().nullable(),
  failFeedback: z.string().nullable(),
  masteryFeedback: z.string().nullable(),
  reviewOptions: reviewOptionsSchema,
  status: z.number().int(),
  isActive: z.boolean(),
  ...lockFields,
  version: z.number().int(),
  /** Why the caller can only read it (not owned, published, locked by another), or null when editable. */
  readOnlyReason: z.string().nullable(),
});
export type TestDetail = z.infer<typeof testDetailSchema>;

/** The review options alone (issue 27): they may change on a published test too. */
export const testReviewOptionsBodySchema = z.object({ reviewOptions: reviewOptionsSchema });

export const testSavedSchema = z.object({
  testId: z.number().int(),
  ...savedFields,
});
export type TestSaved = z.infer<typeof testSavedSchema>;

export const testExistsQuerySchema = z.object({
  value: z.string().trim().min(1).max(l.nameMax),
  /** The test being edited (its own code or name is not "present"). */
  testId: idParamSchema.optional(),
});

export const testActivatedSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  readiness: readinessReportSchema,
});

/* ---------- endpoints (§7 Tests) ---------- */

const t = privilegesOf('Test');
const edit = createOrUpdate(t, 'CreateTest', 'UpdateTest');

export const testEditorEndpoints = endpointGroup('tests', {
  create: {
    method: 'POST',
    path: '/api/tests',
    summary: 'Create a test from the Information step (Draft, inactive; counted by the package Tests limit)',
    access: { privilege: t('CreateTest') },
    body: testCreateSchema,
    response: testSavedSchema,
    status: 201,
  },
  get: {
    method: 'GET',
    path: '/api/tests/:testId',
    summary: "A test of the caller's provider (or a content provider's) for the editor",
    access: { privilege: [t('ViewTest'), t('CreateTest'), t('UpdateTest')] },
    params: testIdParamSchema,
    response: testDetailSchema,
  },
  update: {
    method: 'PUT',
    path: '/api/tests/:testId',
    summary: 'Save the Information and Configuration steps (names the version it read: 409 when stale)',
    access: edit,
    params: testIdParamSchema,
    body: testUpdateSchema,
    response: testSavedSchema,
  },
  codeExists: {
    method: 'GET',
    path: '/api/tests/code-exists',
    summary: "Is the code another of the provider's tests' (isTestCodeExists)",
    access: edit,
    query: testExistsQuerySchema,
    response: existsResultSchema,
  },
  nameExists: {
    method: 'GET',
    path: '/api/tests/name-exists',
    summary: "Is the name another of the provider's tests' (isTestNameExists)",
    access: edit,
    query: testExistsQuerySchema,
    response: existsResultSchema,
  },
  reviewOptions: {
    method: 'PUT',
    path: '/api/tests/:testId/review-options',
    summary:
      "Save the review options alone (ours, issue 27): the owner may change them on a published test too (they govern what students see of their attempts, not the test's content)",
    access: edit,
    params: testIdParamSchema,
    body: testReviewOptionsBodySchema,
    response: testSavedSchema,
  },
  readiness: {
    method: 'GET',
    path: '/api/tests/:testId/readiness',
    summary: 'The readiness rule item by item',
    access: { privilege: orSimplifiedTest(t('ViewTest'), t('CreateTest'), t('UpdateTest')) },
    params: testIdParamSchema,
    response: readinessReportSchema,
  },
  activate: {
    method: 'PUT',
    path: '/api/tests/:testId/activate',
    summary: 'Draft → Ready when the readiness rule holds (400 listing what is missing when not)',
    access: edit,
    params: testIdParamSchema,
    response: testActivatedSchema,
  },
  publish: {
    method: 'PUT',
    path: '/api/tests/:testId/publish',
    summary: 'Ready → Published (owner only); its content is frozen from then on',
    access: { privilege: t('PublishTest') },
    params: testIdParamSchema,
    response: testSavedSchema,
  },
  preview: {
    method: 'GET',
    path: '/api/tests/:testId/preview',
    summary: 'The test as a learner sees it, page by page with its sections (400 when it has no questions)',
    access: {
      privilege: orSimplifiedTest(t('PreviewTest'), t('ViewTest'), t('CreateTest'), t('UpdateTest')),
    },
    params: testIdParamSchema,
    response: testPreviewSchema,
  },
});
