// Schemas of sections (pools): the section form (one schema for the dialog and the route), the section list with
// its supply, the section's questions, the picker, "Assign topics to pool" and the section question dialog.
import { z } from 'zod';
import { lockFields, sectionFields } from '../common/fields';
import { idParamSchema, idSchema } from '../common/ints';
import { gridPageQuerySchema, pagedSchema } from '../common/paging';
import {
  MAX_CHOICE_FORMAT,
  MIN_CHOICE_FORMAT,
  QUESTION_CODE_MAX,
  QuestionStatus,
  QuestionType,
  questionCreateSchema,
  questionGridRowSchema,
  questionMessages,
  questionStatusSchema,
  questionTypeSchema,
} from '../questions';
import { sectionMessages as m, testLimits } from '../tests/common';
import { sectionOwnMessages as own } from './messages';

/** '' / null / undefined → null; a string → its number (NaN is refused with a message). */
const numberField = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? null : typeof v === 'string' ? Number(v.trim()) : v),
  z.number({ error: own.notANumber }).refine(Number.isFinite, own.notANumber).nullable(),
);

const SECTION_CODE = /^[A-Za-z0-9_-]+$/;

/** The section dialog's fields (sectionFormSchema below). */
const sectionFormObject = z.object({
  code: z.string().trim().default(''),
  name: z.string().trim().default(''),
  /** Questions allowed (questionCount). */
  questionCount: numberField,
  maxQuestionForScore: numberField,
  pointsPerQuestion: numberField,
  negativePointsPerQuestion: numberField,
  passingScore: numberField,
  masteryScore: numberField,
  isMandatoryToPass: z.boolean().default(false),
  noOfChoices: numberField,
  choiceFormat: z
    .number()
    .int()
    .min(MIN_CHOICE_FORMAT, own.choiceFormat)
    .max(MAX_CHOICE_FORMAT, own.choiceFormat)
    .default(testLimits.choiceFormatDefault),
});

/** The form's rules; with a flow, also the section name's rule of that flow (the route checks it in the service). */
const sectionFormRules =
  (flow: SectionFlow | undefined) => (s: z.output<typeof sectionFormObject>, ctx: z.RefinementCtx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!s.code && !s.name && !s.questionCount)
      ctx.addIssue({ code: 'custom', path: [], message: m.codeNameCountMandatory });
    if (!s.code) issue('code', m.codeMandatory);
    else if (!SECTION_CODE.test(s.code)) issue('code', questionMessages.codeInvalid);
    else if (s.code.length > testLimits.sectionCodeMax) issue('code', own.codeTooLong);
    // The name's required message and minimum depend on the flow (sectionNameIssue): the server checks them once it
    // knows the test; the dialog with sectionFormSchemaFor(flow).
    const nameIssue = flow ? sectionNameIssue(flow, s.name) : undefined;
    if (nameIssue) issue('name', nameIssue);
    else if (s.name.length > testLimits.sectionNameMax) issue('name', own.nameTooLong);
    if (s.questionCount === null || s.questionCount <= 0) issue('questionCount', m.countMandatory);
    else if (!Number.isInteger(s.questionCount)) issue('questionCount', own.wholeNumber);
    if (s.maxQuestionForScore !== null) {
      if (s.maxQuestionForScore < 0) issue('maxQuestionForScore', own.notNegative);
      else if (!Number.isInteger(s.maxQuestionForScore)) issue('maxQuestionForScore', own.wholeNumber);
      else if (s.questionCount !== null && s.maxQuestionForScore > s.questionCount)
        issue('maxQuestionForScore', m.maxForScore);
    }
    if (s.pointsPerQuestion !== null && s.pointsPerQuestion < 0) issue('pointsPerQuestion', own.notNegative);
    if (s.negativePointsPerQuestion !== null && s.negativePointsPerQuestion > 0)
      issue('negativePointsPerQuestion', own.negativePoints);
    if (s.passingScore !== null && s.passingScore < 0) issue('passingScore', own.notNegative);
    if (s.masteryScore !== null && s.masteryScore < 0) issue('masteryScore', own.notNegative);
    else if (s.masteryScore) {
      // part 3 §5: mastery must exceed passing; a mastery with an empty passing score is an error too
      if (!s.passingScore || s.masteryScore <= s.passingScore) issue('masteryScore', m.masteryAbovePassing);
    }
    if (s.isMandatoryToPass) {
      if (!s.passingScore) issue('passingScore', m.passingWhenMandatory);
      if (!s.masteryScore) issue('masteryScore', m.mandatoryToPassScores);
    }
    if (
      s.noOfChoices !== null &&
      (!Number.isInteger(s.noOfChoices) || s.noOfChoices < 2 || s.noOfChoices > testLimits.noOfChoicesMax)
    )
      issue('noOfChoices', m.noOfChoices);
  };

const sectionFormValues = (s: z.output<typeof sectionFormObject>) => ({
  ...s,
  questionCount: s.questionCount ?? 0,
  pointsPerQuestion: s.pointsPerQuestion ?? 0,
  negativePointsPerQuestion: s.negativePointsPerQuestion ?? 0,
  passingScore: s.passingScore || null,
  masteryScore: s.masteryScore || null,
  noOfChoices: s.noOfChoices ?? testLimits.noOfChoicesDefault,
});

/**
 * The section dialog (part 3 §5 "Section form", part 2 §5 Section), POST/PUT of a section. Every rule gives the
 * spec's message on its field; when code, name and questions allowed are all missing the combined message is
 * the form's. The route's schema: the name's flow rule is the service's (it knows the test).
 */
export const sectionFormSchema = sectionFormObject
  .superRefine(sectionFormRules(undefined))
  .transform(sectionFormValues);
/**
 * Which section flow a test's sections follow: the full test editor (part 3 §5 "Section form": 'Section name is
 * mandatory', no minimum) or the quick tests of content authoring (part 2 §5 Section, and part 3 §5's test-series
 * flow: 'Section name is Mandatory' and at least 5 characters).
 */
export type SectionFlow = 'full' | 'quick';
export const sectionFlowOf = (testType: number): SectionFlow => (testType === 1 ? 'quick' : 'full');

/** The section name's message in its flow, or undefined when the name is fine (its maximum is the schema's). */
export function sectionNameIssue(flow: SectionFlow, name: string): string | undefined {
  const n = name.trim();
  if (flow === 'full') return n ? undefined : m.nameMandatory;
  return n.length < testLimits.sectionNameMin ? m.nameMandatorySeries : undefined;
}

/** The section dialog's schema in a flow: the route's checks and the flow's name rule. */
export const sectionFormSchemaFor = (flow: SectionFlow) =>
  sectionFormObject.superRefine(sectionFormRules(flow)).transform(sectionFormValues);

export type SectionFormInput = z.input<typeof sectionFormSchema>;
export type SectionForm = z.output<typeof sectionFormSchema>;

export const testIdParamSchema = z.object({ testId: idParamSchema });
export const poolIdParamSchema = z.object({ poolId: idParamSchema });
export const poolQuestionParamSchema = z.object({
  poolId: idParamSchema,
  questionId: idParamSchema,
});

export const moveSchema = z.object({ direction: z.enum(['up', 'down']) });
export const lockSchema = z.object({ lock: z.boolean() });
export const mandatorySchema = z.object({ isMandatory: z.boolean() });

/** How many questions a section can supply now (the test's readiness reads it; the list shows the warning). */
export const sectionSupplySchema = z.object({
  poolId: z.number().int(),
  questionCount: z.number().int(),
  /** Fixed Ready/Published questions plus what the topics can draw (capped per topic). */
  supply: z.number().int(),
  /** Fixed questions still in Draft: the test cannot be Ready while any is left. */
  fixedNotReady: z.number().int(),
  /** Fixed questions in all: never more than questionCount. */
  fixedCount: z.number().int(),
});
export type SectionSupply = z.infer<typeof sectionSupplySchema>;

export const sectionTopicSchema = z.object({
  topicId: z.number().int(),
  name: z.string(),
  providerName: z.string(),
  /** Questions of the chosen types this topic (and its sub-topics) can supply. */
  available: z.number().int(),
});

/** One section as the list shows it (part 3 §3 Section (pool), Test-pool mapping). */
export const sectionRowSchema = sectionSupplySchema.extend({
  testId: z.number().int(),
  ...sectionFields,
  passingScore: z.number().nullable(),
  masteryScore: z.number().nullable(),
  noOfChoices: z.number().int(),
  choiceFormat: z.number().int(),
  ...lockFields,
  randomizeType: z.number().int(),
  questionsPerTopic: z.number().int().nullable(),
  questionTypes: z.array(z.number().int()).nullable(),
  topics: z.array(sectionTopicSchema),
  mandatoryCount: z.number().int(),
  /** The spec's warning when the sources cannot supply questionCount; null when they can. */
  warning: z.string().nullable(),
});
export type SectionRow = z.infer<typeof sectionRowSchema>;

export const sectionListSchema = z.object({
  testId: z.number().int(),
  testCode: z.string(),
  testName: z.string(),
  /** The caller may change the sections (owner, not published, not locked by another user). */
  editable: z.boolean(),
  /** Why not, when not editable. */
  readOnlyReason: z.string().nullable(),
  sections: z.array(sectionRowSchema),
  /** The smaller of 10 per test and the package's TestSections. */
  maxSections: z.number().int(),
  /** The package's TestSectionQuestions (fixed questions per section). */
  maxQuestions: z.number().int(),
});
export type SectionList = z.infer<typeof sectionListSchema>;

export const sectionSavedSchema = z.object({ message: z.string(), section: sectionRowSchema });
export const topicsSavedSchema = z.object({
  message: z.string(),
  /** The supply warning, when the section's sources cannot supply its questionCount. */
  warning: z.string().nullable(),
  section: sectionRowSchema,
});

/* ---------- the section's questions (part 3 §3 Question row, part 2 §4 Sections) ---------- */

export const poolQuestionsQuerySchema = gridPageQuerySchema;

export const poolQuestionRowSchema = questionGridRowSchema
  .pick({
    questionId: true,
    code: true,
    text: true,
    image: true,
    questionType: true,
    contentType: true,
    status: true,
    difficultyLevel: true,
    points: true,
    providerName: true,
    /** The caller's provider owns the question: it may edit and publish it from the section (part 2 §6). */
    owned: true,
  })
  .extend({
    sequence: z.number().int(),
    isMandatory: z.boolean(),
    isLocked: z.boolean(),
  });
export type PoolQuestionRow = z.infer<typeof poolQuestionRowSchema>;
export const poolQuestionsSchema = pagedSchema(poolQuestionRowSchema);

/** The picker's rows: the question grid's, plus whether the question is already in the section. */
export const pickerRowSchema = questionGridRowSchema.extend({ inSection: z.boolean() });
export const pickerSchema = pagedSchema(pickerRowSchema);
export type PickerRow = z.infer<typeof pickerRowSchema>;

/** POST the picker's selection in one request. */
export const addQuestionsSchema = z.object({
  questionIds: z
    .array(idSchema)
    .min(1, own.selectQuestions)
    .max(500, own.tooManyAtOnce)
    .transform((v) => [...new Set(v)]),
});
export type AddQuestionsInput = z.input<typeof addQuestionsSchema>;
export const questionsAddedSchema = z.object({ message: z.string(), added: z.number().int() });

/** "Assign topics to pool": topics, questions per topic, question types and randomisation. */
export const poolTopicsSchema = z
  .object({
    topicIds: z
      .array(idSchema)
      .max(100)
      .default([])
      .transform((v) => [...new Set(v)]),
    questionsPerTopic: numberField,
    questionTypes: z
      .array(questionTypeSchema)
      .nullish()
      .transform((v) => (v?.length ? [...new Set(v)].sort() : null)),
    /** 1: each attempt draws from the topics at its start; 0: fixed questions only. */
    randomizeType: z.union([z.literal(0), z.literal(1)]).default(1),
  })
  .superRefine((t, ctx) => {
    if (t.randomizeType === 1 && !t.topicIds.length)
      ctx.addIssue({ code: 'custom', path: ['topicIds'], message: own.selectTopics });
    if (t.questionsPerTopic !== null && (!Number.isInteger(t.questionsPerTopic) || t.questionsPerTopic < 1))
      ctx.addIssue({ code: 'custom', path: ['questionsPerTopic'], message: own.questionsPerTopic });
  });
export type PoolTopicsInput = z.input<typeof poolTopicsSchema>;

/* ---------- the section question dialog (part 2 §5) ---------- */

const hasContent = (q: { text: string | null; image: number | null }) => Boolean(q.text?.trim() || q.image);

/**
 * A question written directly in the section: the question bank's fields, the code generated when left empty
 * (up to 20), Ready by default (part 2 §4), and the section dialog's three messages first.
 */
export const sectionQuestionSchema = z
  .object({
    ...questionCreateSchema.shape,
    code: z
      .string()
      .trim()
      .max(QUESTION_CODE_MAX)
      .optional()
      .transform((v) => v ?? ''),
    status: questionStatusSchema.default(QuestionStatus.Ready),
  })
  .superRefine((q, ctx) => {
    const add = (message: string) => ctx.addIssue({ code: 'custom', path: [], message });
    if (!hasContent(q)) return add(m.questionTextOrImage);
    const choices = q.choices.filter(hasContent);
    if (q.questionType === QuestionType.Numerical) {
      if (q.numericAnswer === null) add(m.selectAnswers);
      return;
    }
    if (choices.length < 2) return add(m.setChoices);
    if (!q.correctChoices.length) add(m.selectAnswers);
    // A question without a topic: the server answers 'Please select topic(s).' once it knows the section is the
    // caller's (sectionQuestionTopicsMissing), so another provider's section stays a 404 whatever the body.
  });

/** The section question dialog's last rule, checked by the server after the section's owner: a topic is needed. */
export const sectionQuestionTopicsMissing = (q: Pick<SectionQuestion, 'topicIds'>) =>
  q.topicIds.length === 0 ? own.selectTopics : undefined;
export type SectionQuestionInput = z.input<typeof sectionQuestionSchema>;
export type SectionQuestion = z.output<typeof sectionQuestionSchema>;
