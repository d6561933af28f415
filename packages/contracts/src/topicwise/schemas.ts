import { z } from 'zod';
import { licenceMessages } from '../access/licences';
import { idSchema } from '../common/ints';
import { testLimits as l } from '../tests/common';
import { testConfigurationFields, testEditorMessages } from '../tests/editor';
import { topicwiseMessages as m } from './messages';

/** An empty objective or target audience list is null. */
const idList = z
  .array(idSchema)
  .max(100)
  .nullish()
  .transform((v) => (v?.length ? [...new Set(v)] : null));
const count = (message: string) =>
  z.number({ error: message }).int(message).min(0, m.countNotNegative).max(10_000, message);
/** The test editor's field rules (the settings a topic-wise test shares with a test). */
const editor = testConfigurationFields;
/** The five messages of the configuration step: required (§5 "all five states are success"). */
const message = z.string({ error: m.required }).trim().min(1, m.required).max(1000);
const prefix = z.string({ error: m.prefix }).trim().min(3, m.prefix).max(20, m.prefix);

/** Step 1, Select Topics (§3 topics; §5 topic step). */
export const topicwiseTopicsSchema = z
  .object({
    topicIds: z.array(idSchema).min(1, m.selectTopic).max(1000),
    objective: idList,
    targetAudience: idList,
    combinedTopicTest: z.boolean(),
  })
  .superRefine((v, ctx) => {
    // §5: with a target audience the objective must not be empty.
    if (v.targetAudience && !v.objective)
      ctx.addIssue({ code: 'custom', path: ['objective'], message: m.objectiveForAudience });
  });

/** Step 2, Section Configuration (§3 poolconfiguration; §5 section step). */
export const topicwisePoolSchema = z
  .object({
    isMandatory: z.boolean(),
    questionsAllowed: z
      .number({ error: m.questionsAllowed })
      .int(m.questionsAllowed)
      .min(1, m.questionsAllowed)
      .max(500, m.questionsAllowed),
    pointsPerQuestion: z.number({ error: m.points }).gt(0, m.points).max(100_000, m.points),
    scqQuestionsCount: count(m.countsMustMatch),
    numericalQuestionsCount: count(m.countsMustMatch),
    setCount: z.number({ error: m.setCount }).int(m.setCount).min(1, m.setCount).max(100, m.setCount),
    /** Optional filters on the questions drawn (their objective / target audience overlaps these). */
    questionObjective: idList,
    questionTargetAudience: idList,
    /** 1 yes (a later set may reuse a question an earlier set drew), 2 no (§9). */
    isAllowPrevAddedQuestions: z.union([z.literal(1), z.literal(2)]),
  })
  .superRefine((v, ctx) => {
    if (v.scqQuestionsCount + v.numericalQuestionsCount !== v.questionsAllowed)
      for (const path of ['scqQuestionsCount', 'numericalQuestionsCount'])
        ctx.addIssue({ code: 'custom', path: [path], message: m.countsMustMatch });
  });

/** Step 3, Test Configuration (§2 fields and checkboxes, §5 "Test configuration" and its defaults). */
export const topicwiseConfigurationSchema = z
  .object({
    // the test editor's rules for the settings both steps share
    duration: editor.duration,
    passingScore: editor.passingScore,
    masteryScore: editor.masteryScore,
    attemptsAllowed: editor.attemptsAllowed,
    questionsPerPage: editor.questionsPerPage,
    testCodePrefix: prefix,
    testNamePrefix: prefix,
    welcomeMessage: message,
    concludeMessage: message,
    passFeedback: message,
    failFeedback: message,
    masteryFeedback: message,
    /** The tests' objective text (their description). */
    objectiveText: z
      .string()
      .trim()
      .max(1000)
      .nullish()
      .transform((v) => v || null),
    expiryDate: editor.expiryDate,
    showResult: z.boolean(),
    showTimer: z.boolean(),
    navigationAllowed: z.boolean(),
    showHint: z.boolean(),
    showBookmark: z.boolean(),
  })
  .superRefine((v, ctx) => {
    // §5: mastery must exceed passing (the topic-wise label says greater than); mastery needs a passing score.
    if (v.masteryScore === null || v.masteryScore === 0) return;
    if (v.passingScore === null || v.passingScore === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['masteryScore'],
        message: testEditorMessages.masteryNeedsPassing,
      });
    else if (v.masteryScore <= v.passingScore)
      ctx.addIssue({
        code: 'custom',
        path: ['masteryScore'],
        message: testEditorMessages.masteryAbovePassing,
      });
  });

/** The create payload (§3, §7 body {topics, poolconfiguration, testconfiguration}): the wizard's form schema too. */
export const topicwiseCreateSchema = z.object({
  topics: topicwiseTopicsSchema,
  poolconfiguration: topicwisePoolSchema,
  testconfiguration: topicwiseConfigurationSchema,
});
export type TopicwiseCreate = z.infer<typeof topicwiseCreateSchema>;
export type TopicwiseCreateInput = z.input<typeof topicwiseCreateSchema>;

/** The wizard's starting values (§5 defaults: Welcome, Thank You!, Failed, Pass, Excellent !; 180; 1; 2099-12-31; 1). */
export const topicwiseDefaults = {
  topics: { topicIds: [], objective: null, targetAudience: null, combinedTopicTest: false },
  poolconfiguration: {
    isMandatory: false,
    questionsAllowed: 10,
    pointsPerQuestion: 1,
    scqQuestionsCount: 10,
    numericalQuestionsCount: 0,
    setCount: 1,
    questionObjective: null,
    questionTargetAudience: null,
    isAllowPrevAddedQuestions: 2,
  },
  testconfiguration: {
    duration: l.durationDefault,
    passingScore: null,
    masteryScore: null,
    attemptsAllowed: l.attemptsDefault,
    questionsPerPage: l.questionsPerPageDefault,
    testCodePrefix: '',
    testNamePrefix: '',
    welcomeMessage: 'Welcome',
    concludeMessage: 'Thank You!',
    failFeedback: 'Failed',
    passFeedback: 'Pass',
    masteryFeedback: 'Excellent !',
    objectiveText: null,
    expiryDate: l.expiryDefault,
    showResult: true,
    showTimer: true,
    navigationAllowed: true,
    showHint: false,
    showBookmark: false,
  },
} as const satisfies TopicwiseCreateInput;

/**
 * The answer (§7 "Response data may carry message and codes"). 200 with message null: every test was created.
 * 200 with a message: nothing was created ('Test Code already exists' / 'Test Name already exists' keep the user
 * on the page), or the request runs as a background task (taskId set). A partial creation is a 409 whose
 * fields.codes list the codes that were not created.
 */
export const topicwiseResultSchema = z.object({
  message: z.string().nullable(),
  /** Codes of the tests created (all of them when message is null). */
  created: z.array(z.string()),
  codes: z.array(z.string()),
  taskId: z.number().int().nullable(),
});
export type TopicwiseResult = z.infer<typeof topicwiseResultSchema>;

/** What the background task keeps as its result (the task manager counts total / succeeded / failed). */
export const topicwiseTaskResultSchema = z.object({
  message: z.string().nullable(),
  total: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  codes: z.array(z.string()),
});

/** GET /api/topicwise-tests/count: the caller's tests (as the package's Tests limit counts them) and the limit. */
export const topicwiseCountSchema = z.object({ count: z.number().int(), limit: z.number().int() });
export type TopicwiseCount = z.infer<typeof topicwiseCountSchema>;

/**
 * §5 Topic step: "Current test count plus the chosen topic count plus one must not exceed the licence Tests
 * limit", word for word (the early check before the next step; the create counts the tests it would make
 * exactly, 3.1.01). Null when allowed, else the package's Tests message.
 */
export function topicStepLicenceIssue(c: TopicwiseCount, chosenTopics: number): string | null {
  if (c.count + chosenTopics + 1 <= c.limit) return null;
  return licenceMessages.Tests.replace('{n}', String(c.limit));
}
