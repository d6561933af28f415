// The tests list (/admin/testhome) and its row actions (issue 13; part 3 §2 "Tests list", §3 "Test (list row)",
// "Test details", §4, §5 "Test copy", §6, §7 Tests, §8 "Test actions"): the grid's query and rows, the Test
// Details dialog, copy, delete, lock/unlock, Clean Data and bulk update. Row rules: ./list-rules.ts; bulk
// update: ./list-bulk.ts.
import { z } from 'zod';
import { endpointGroup, privilegesOf } from '../common/endpoint';
import { messageSchema } from '../common/errors';
import {
  catalogueRowFields,
  lockFields,
  scheduleColumnFields,
  sectionFields,
  windowFields,
} from '../common/fields';
import { idParamSchema, intParamSchema, optionalQuery } from '../common/ints';
import { gridPageQuerySchema, pagedSchema } from '../common/paging';
import { TestContentFilter, testLimits } from './common';
import { testBulkResultSchema, testBulkUpdateSchema, testYesNoSchema } from './list-bulk';

export * from './list-bulk';
export * from './list-rules';

const optionalInt = optionalQuery(intParamSchema);
const optionalYesNo = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
  testYesNoSchema.optional(),
);

/** GET /api/tests (part 3 §7: pageNumber, pageSize, status, difficultyLevel, flags, objective, audience, code, type). */
export const testListQuerySchema = gridPageQuerySchema.extend({
  /** 0 All (own + subscribed), 1 Owned, 2 Subscribed (content providers' Published tests). */
  contentFilter: intParamSchema.min(0).max(2).default(TestContentFilter.All),
  status: optionalInt,
  difficultyLevel: optionalInt,
  /** 2 yes, 1 no (part 3 §9 "Boolean filters"). */
  showHint: optionalYesNo,
  showBookmark: optionalYesNo,
  navigationAllowed: optionalYesNo,
  /** A configuration value id: tests whose objective list holds it. */
  objective: optionalInt,
  targetAudience: optionalInt,
  /** Part of the code (case-insensitive). */
  code: z
    .string()
    .trim()
    .max(40)
    .optional()
    .transform((v) => v || undefined),
  /** 0 full tests, 1 quick tests; both when absent. */
  testType: optionalInt,
});
export type TestListQueryInput = z.input<typeof testListQuerySchema>;
export type TestListQuery = z.output<typeof testListQuerySchema>;

/** A row of the grid (part 3 §3 "Test (list row)"): the columns and what the row rules read. */
export const testListRowSchema = z.object({
  testId: z.number().int(),
  ...catalogueRowFields,
  testType: z.number().int(),
  lockedByName: z.string().nullable(),
  difficultyLevel: z.number().int(),
  /** Names of the objective and target audience values (the owner's configuration). */
  objective: z.array(z.string()),
  targetAudience: z.array(z.string()),
  ...scheduleColumnFields,
});
export type TestListRow = z.infer<typeof testListRowSchema>;
export const testListSchema = pagedSchema(testListRowSchema);
export type TestList = z.infer<typeof testListSchema>;

export const testRowParamSchema = z.object({ testId: idParamSchema });

/** One section in the details dialog (part 3 §3 "Test details" poolData), with its question sources. */
export const testDetailsSectionSchema = z.object({
  poolId: z.number().int(),
  ...sectionFields,
  /** Fixed questions picked into the section. */
  fixedQuestionCount: z.number().int(),
  /** Topics it draws random questions from. */
  topicCount: z.number().int(),
});

/** The settings of a test as answers give them (the details dialog, the editor). */
export const testSettingsAnswerFields = {
  questionsPerPage: z.number().int(),
  pointsPerQuestion: z.number().nullable(),
  negativePointsPerQuestion: z.number(),
  expiryDate: z.string(),
  navigationAllowed: z.boolean(),
  showHint: z.boolean(),
  showBookmark: z.boolean(),
  showResult: z.boolean(),
  showTimer: z.boolean(),
};

/** GET /api/tests/:testId/details (the spec's viewTestDetails): testData, providerData, poolData, counts. */
export const testDetailsSchema = z.object({
  test: testListRowSchema.extend({
    description: z.string().nullable(),
    duration: z.number().int(),
    attemptsAllowed: z.number().int(),
    totalScore: z.number().nullable(),
    passingScore: z.number().nullable(),
    masteryScore: z.number().nullable(),
    ...testSettingsAnswerFields,
    publishedDate: z.string().nullable(),
    createdDate: z.string(),
    updatedDate: z.string(),
  }),
  /** providerData: the schedule (assign time, window); null values until the test is scheduled. */
  schedule: z.object({
    assignDate: z.string().nullable(),
    ...windowFields,
  }),
  sections: z.array(testDetailsSectionSchema),
  /** Students assigned to the test. */
  studentsCount: z.number().int(),
  /** Of them, those with at least one attempt (attempts come with the learner area). */
  attemptedStudentCount: z.number().int(),
  nonAttemptedStudentCount: z.number().int(),
});
export type TestDetails = z.infer<typeof testDetailsSchema>;

/** Test copy messages where the spec names the rule but no text (§5: code ≤ 20, code and name required). */
export const testCopyMessages = {
  codeRequired: 'Please enter the test code.',
  codeTooLong: `Test code can have at most ${testLimits.copyCodeMax} characters.`,
  nameRequired: 'Please enter the test name.',
  nameTooLong: `Test name can have at most ${testLimits.nameMax} characters.`,
} as const;

/** POST /api/tests/:testId/copy (the spec's copyTest {id, testCode, testText}); defaults are old values + '-Copy'. */
export const testCopySchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, testCopyMessages.codeRequired)
    .max(testLimits.copyCodeMax, testCopyMessages.codeTooLong),
  name: z
    .string()
    .trim()
    .min(1, testCopyMessages.nameRequired)
    .max(testLimits.nameMax, testCopyMessages.nameTooLong),
});
export type TestCopyInput = z.input<typeof testCopySchema>;
export const COPY_SUFFIX = '-Copy';
/** The copy dialog's defaults: the old values with '-Copy' appended. */
export const copyDefaults = (t: { code: string; name: string }) => ({
  code: `${t.code}${COPY_SUFFIX}`,
  name: `${t.name}${COPY_SUFFIX}`,
});
export const testCopiedSchema = z.object({ message: z.string(), testId: z.number().int() });

/** PUT /api/tests/:testId/lock (the spec's lockUnlock/{id}/{lock}/{user}; the user is the caller). */
export const testLockSchema = z.object({ isLocked: z.boolean() });
export const testLockResultSchema = z.object({
  message: z.string(),
  ...lockFields,
});

/** DELETE /api/tests/:testId/data (the spec's userDataCleanUp): how many rows each cleaner removed. */
export const testCleanupResultSchema = z.object({ message: z.string(), removed: z.number().int() });

const t = privilegesOf('Test');

export const testListEndpoints = endpointGroup('tests', {
  list: {
    method: 'GET',
    path: '/api/tests',
    summary:
      "The tests list: the caller's tests and its content providers' published ones, filtered and paged",
    access: { privilege: t('ViewTest') },
    query: testListQuerySchema,
    response: testListSchema,
  },
  details: {
    method: 'GET',
    path: '/api/tests/:testId/details',
    summary: 'Test Details: the test, its schedule, its sections with counts and scoring, students assigned',
    access: { privilege: t('ViewTest') },
    params: testRowParamSchema,
    response: testDetailsSchema,
  },
  copy: {
    method: 'POST',
    path: '/api/tests/:testId/copy',
    summary: 'Copy an own unlocked test with its sections, fixed questions and topics (package limit Tests)',
    access: { privilege: t('CopyTest') },
    params: testRowParamSchema,
    body: testCopySchema,
    response: testCopiedSchema,
    status: 201,
  },
  delete: {
    method: 'DELETE',
    path: '/api/tests/:testId',
    summary: 'Delete an own test (row rules of part 3 §4); its attempts and results go with it',
    access: { privilege: t('DeleteTest') },
    params: testRowParamSchema,
    response: messageSchema,
  },
  lock: {
    method: 'PUT',
    path: '/api/tests/:testId/lock',
    summary: 'Lock an own test, or unlock it (the locker, or a Super User of the owning provider)',
    access: { privilege: t('UpdateTest') },
    params: testRowParamSchema,
    body: testLockSchema,
    response: testLockResultSchema,
  },
  cleanData: {
    method: 'DELETE',
    path: '/api/tests/:testId/data',
    summary: "Clean Data: remove an own in-progress test's attempts and results",
    access: { privilege: t('CleanData') },
    params: testRowParamSchema,
    response: testCleanupResultSchema,
  },
  bulkUpdate: {
    method: 'POST',
    path: '/api/tests/bulk-update',
    summary: 'Set one field on the selected own Draft/Ready tests; the selection counts by status afterwards',
    access: { privilege: t('UpdateTest') },
    body: testBulkUpdateSchema,
    response: testBulkResultSchema,
  },
});
