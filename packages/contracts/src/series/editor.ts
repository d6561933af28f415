// The test series editor (issue 14; part 3 §2 "Test series editor", §3 "Test series (course)", "Course-test
// mapping", §4 "Test series wizard", §5 "Test series editor", "New test series limit", §7 Test series calls,
// §8 Test series, §9): one schema for the Information and Configuration steps, used by the console's form
// (zodResolver) and by the routes; the Test step's calls (getTestsForTopics, add, remove, testSubscription).
import { z } from 'zod';
import { existsResultSchema } from '../auth/accounts';
import { createOrUpdate, endpointGroup, privilegesOf } from '../common/endpoint';
import { commonMessages } from '../common/errors';
import { codeNameFields, savedFields } from '../common/fields';
import { idParamSchema, idSchema } from '../common/ints';
import { TestStatus, testLimits } from '../tests/common';

export const seriesLimits = {
  codeMin: 3,
  codeMax: 20,
  nameMin: 3,
  nameMax: 200,
  descriptionMax: 4000,
  durationMaxDays: 3650,
  priceMax: 10_000_000,
  /** Tests offered by one getTestsForTopics answer. */
  pickerMax: 500,
} as const;

/** Course-test mapping's testSubscriptionStatus (part 3 §3, §9): 1 normal, 2 trial. */
export const TestSubscription = { Normal: 1, Trial: 2 } as const;

export const seriesEditorMessages = {
  // the spec's (§5, §8)
  codeExists: 'Course code already present',
  nameExists: 'Course name already present',
  selectTests: 'Please select test(s)',
  saved: 'Test series details saved successfully.',
  notSaved: 'Test Series Details Not Saved.',
  testAdded: 'Test added successfully',
  testRemoved: 'Test removed from course successfully.',
  newlyAssigned: 'Newly test assigned successfully',
  errorOccured: commonMessages.errorOccured,
  // ours, where the spec names none
  codeLength: `Course code must be ${seriesLimits.codeMin} to ${seriesLimits.codeMax} characters.`,
  nameLength: `Course name must be ${seriesLimits.nameMin} to ${seriesLimits.nameMax} characters.`,
  duration: `Duration must be a whole number of days from 1 to ${seriesLimits.durationMaxDays}.`,
  price: 'Price must be a rupee amount from 0 with at most 2 decimals.',
  difficulty: 'Please select the difficulty level.',
  invalidDate: 'Enter a valid date.',
  invalidTopic: 'Please select valid topics.',
  invalidObjective: 'Please select a valid objective.',
  invalidTargetAudience: 'Please select a valid target audience.',
  conflict: 'This test series was changed by someone else. Reload it to see their changes, then save again.',
  notOwner: 'Only the provider that owns this test series can change it.',
  published: 'A published test series cannot be changed.',
  inProgress: 'A test series in progress cannot be changed.',
  locked: 'This test series is locked by another user.',
  testNotOffered: 'Only Ready or Published tests of your provider (or subscribed ones) can be added.',
  subscriptionChanged: 'Test subscription changed.',
} as const;

/* ---------- the read-only rule (§4 "Test series row rules": Edit opens read-only) ---------- */

export type EditableSeries = {
  providerId: number;
  status: number;
  scheduleStatus: number | null;
  isLocked: boolean;
  lockedBy: number | null;
};

/**
 * Why the caller may not change the series (the editor's isDisabled), or null: another provider's, Published
 * (or beyond), scheduleStatus 5 (in progress), locked by another user. The list's Edit and the server use it.
 */
export function seriesReadOnlyReason(
  series: EditableSeries,
  caller: { providerId: number; userId: number },
): string | null {
  if (series.providerId !== caller.providerId) return seriesEditorMessages.notOwner;
  if (series.status >= TestStatus.Published) return seriesEditorMessages.published;
  if (series.scheduleStatus === TestStatus.InProgress) return seriesEditorMessages.inProgress;
  if (series.isLocked && series.lockedBy !== null && series.lockedBy !== caller.userId)
    return seriesEditorMessages.locked;
  return null;
}

/* ---------- Information and Configuration steps ---------- */

const m = seriesEditorMessages;
const idList = z
  .array(idSchema)
  .max(100)
  .nullish()
  .transform((v) => (v?.length ? [...new Set(v)] : null));

export const seriesInformationFields = {
  code: z.string().trim().min(seriesLimits.codeMin, m.codeLength).max(seriesLimits.codeMax, m.codeLength),
  name: z.string().trim().min(seriesLimits.nameMin, m.nameLength).max(seriesLimits.nameMax, m.nameLength),
  description: z
    .string()
    .trim()
    .max(seriesLimits.descriptionMax)
    .nullish()
    .transform((v) => (v ? v : null)),
  difficultyLevel: z.number({ error: m.difficulty }).int().min(1, m.difficulty).max(3, m.difficulty),
  /** Days the series runs for a learner. */
  duration: z
    .number({ error: m.duration })
    .int(m.duration)
    .min(1, m.duration)
    .max(seriesLimits.durationMaxDays, m.duration)
    .nullable(),
  /** Rupees. */
  price: z
    .number({ error: m.price })
    .min(0, m.price)
    .max(seriesLimits.priceMax, m.price)
    .refine((v) => Math.round(v * 100) === v * 100, m.price)
    .nullable(),
  /** Topics of the question bank tree (the categories are those of the chosen topics). */
  topicIds: idList,
  objective: idList,
  targetAudience: idList,
};

export const seriesConfigurationFields = {
  expiryDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, m.invalidDate)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), m.invalidDate),
  /** A dynamic series offers its learners the tests added later too. */
  isDynamic: z.boolean(),
};

/** The whole editor form (Information + Configuration): the console's form schema and the create body. */
export const seriesFormSchema = z.object({ ...seriesInformationFields, ...seriesConfigurationFields });
export type SeriesForm = z.infer<typeof seriesFormSchema>;
export type SeriesFormInput = z.input<typeof seriesFormSchema>;

/** A new series' configuration (part 3 §9: default expiry 2099-12-31, Medium). */
export const newSeriesValues = (): SeriesFormInput => ({
  code: '',
  name: '',
  description: null,
  difficultyLevel: testLimits.difficultyDefault,
  duration: null,
  price: null,
  topicIds: null,
  objective: null,
  targetAudience: null,
  expiryDate: testLimits.expiryDefault,
  isDynamic: false,
});

/** Create: the form and Save (Ready, needs a test) or Save as Draft (status 1, inactive). */
export const seriesCreateSchema = seriesFormSchema.extend({ draft: z.boolean() });
export type SeriesCreate = z.infer<typeof seriesCreateSchema>;

/** Update (PUT): the form, Save or Save as Draft, and the version the editor read (stale: 409). */
export const seriesUpdateSchema = seriesCreateSchema.extend({ version: idSchema });
export type SeriesUpdate = z.infer<typeof seriesUpdateSchema>;

/* ---------- Test step ---------- */

export const seriesEditorTestSchema = z.object({
  testId: z.number().int(),
  ...codeNameFields,
  status: z.number().int(),
  providerName: z.string(),
  sequence: z.number().int(),
  testSubscriptionStatus: z.number().int(),
});
export type SeriesEditorTest = z.infer<typeof seriesEditorTestSchema>;

/** getTestsForTopics: the caller's (and subscribed) Ready or Published tests matching the filters. */
export const testsForTopicsBodySchema = z.object({
  /** The series being edited: its tests are left out. */
  courseId: idSchema.nullish(),
  topicIds: idList,
  objective: idList,
  targetAudience: idList,
});
export type TestsForTopicsBody = z.input<typeof testsForTopicsBodySchema>;

export const offeredTestSchema = z.object({
  testId: z.number().int(),
  ...codeNameFields,
  status: z.number().int(),
  providerName: z.string(),
  owned: z.boolean(),
});
export type OfferedTest = z.infer<typeof offeredTestSchema>;

export const addSeriesTestsSchema = z.object({
  testIds: z.array(idSchema).min(1, m.selectTests).max(100),
  testSubscriptionStatus: z.union([z.literal(1), z.literal(2)]).default(TestSubscription.Normal),
});
export type AddSeriesTestsInput = z.input<typeof addSeriesTestsSchema>;

/* ---------- answers ---------- */

export const courseIdParamSchema = z.object({ courseId: idParamSchema });
const courseTestParamSchema = courseIdParamSchema.extend({ testId: idParamSchema });

const nullableIds = z.array(z.number().int()).nullable();
export const seriesDetailSchema = z.object({
  ...codeNameFields,
  description: z.string().nullable(),
  difficultyLevel: z.number().int(),
  duration: z.number().int().nullable(),
  price: z.number().nullable(),
  topicIds: nullableIds,
  objective: nullableIds,
  targetAudience: nullableIds,
  expiryDate: z.string(),
  isDynamic: z.boolean(),
  courseId: z.number().int(),
  providerId: z.number().int(),
  status: z.number().int(),
  isActive: z.boolean(),
  scheduleStatus: z.number().int().nullable(),
  image: z.string().nullable(),
  studentCount: z.number().int(),
  version: z.number().int(),
  tests: z.array(seriesEditorTestSchema),
  /** Why the caller can only read it, or null when editable (seriesReadOnlyReason). */
  readOnlyReason: z.string().nullable(),
});
export type SeriesDetail = z.infer<typeof seriesDetailSchema>;

export const seriesSavedSchema = z.object({
  courseId: z.number().int(),
  ...savedFields,
});
export type SeriesSaved = z.infer<typeof seriesSavedSchema>;

export const seriesTestsChangedSchema = z.object({
  tests: z.array(seriesEditorTestSchema),
  message: z.string(),
  /** Students of the series given the added tests (then 'Newly test assigned successfully'). */
  assignedStudents: z.number().int(),
});

export const seriesExistsQuerySchema = z.object({
  value: z.string().trim().min(1).max(seriesLimits.nameMax),
  /** The series being edited (its own code or name is not "present"). */
  courseId: idParamSchema.optional(),
});

/* ---------- endpoints (§7 Test series) ---------- */

const s = privilegesOf('TestSeries');
const edit = createOrUpdate(s, 'CreateTestSeries', 'UpdateTestSeries');

export const seriesEditorEndpoints = endpointGroup('series', {
  create: {
    method: 'POST',
    path: '/api/series',
    summary: 'Create a test series (counted by the package TestSeries limit; Draft unless saved with tests)',
    access: { privilege: s('CreateTestSeries') },
    body: seriesCreateSchema,
    response: seriesSavedSchema,
    status: 201,
  },
  get: {
    method: 'GET',
    path: '/api/series/:courseId',
    summary: "A test series of the caller's provider (or a content provider's published one) for the editor",
    access: { privilege: [s('ViewTestSeries'), s('CreateTestSeries'), s('UpdateTestSeries')] },
    params: courseIdParamSchema,
    response: seriesDetailSchema,
  },
  update: {
    method: 'PUT',
    path: '/api/series/:courseId',
    summary: 'Save the Information and Configuration steps (names the version it read: 409 when stale)',
    access: edit,
    params: courseIdParamSchema,
    body: seriesUpdateSchema,
    response: seriesSavedSchema,
  },
  codeExists: {
    method: 'GET',
    path: '/api/series/code-exists',
    summary: "Is the code another of the provider's series' (isCourseCodeExists)",
    access: edit,
    query: seriesExistsQuerySchema,
    response: existsResultSchema,
  },
  nameExists: {
    method: 'GET',
    path: '/api/series/name-exists',
    summary: "Is the name another of the provider's series' (isCourseNameExists)",
    access: edit,
    query: seriesExistsQuerySchema,
    response: existsResultSchema,
  },
  testsForTopics: {
    method: 'POST',
    path: '/api/series/tests-for-topics',
    summary: 'getTestsForTopics: own and subscribed Ready/Published tests by topics, objective and audience',
    access: edit,
    body: testsForTopicsBodySchema,
    response: z.array(offeredTestSchema),
  },
  addTests: {
    method: 'POST',
    path: '/api/series/:courseId/tests',
    summary: 'updateTestsForCourse: add tests (TestSeriesTests cap; assigned to the series students at once)',
    access: edit,
    params: courseIdParamSchema,
    body: addSeriesTestsSchema,
    response: seriesTestsChangedSchema,
  },
  removeTest: {
    method: 'DELETE',
    path: '/api/series/:courseId/tests/:testId',
    summary: 'deleteTestMappedToCourse (attempts and student mappings are kept)',
    access: edit,
    params: courseTestParamSchema,
    response: seriesTestsChangedSchema,
  },
  testSubscription: {
    method: 'PUT',
    path: '/api/series/:courseId/tests/:testId/subscription',
    summary: 'testSubscription: a test of the series is normal (1) or trial (2)',
    access: edit,
    params: courseTestParamSchema,
    body: z.object({ testSubscriptionStatus: z.union([z.literal(1), z.literal(2)]) }),
    response: seriesTestsChangedSchema,
  },
});
