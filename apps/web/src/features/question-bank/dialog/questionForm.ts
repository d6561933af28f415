import {
  type ChoiceInput,
  choiceLabel,
  hasChoiceWeights,
  isChoiceFilled,
  MAX_CHOICES,
  newQuestionDefaults,
  type QuestionCreateInput,
  type QuestionDetail,
  type QuestionPreview,
  QuestionType,
  type QuestionUpdateInput,
  questionCreateSchema,
  questionUpdateSchema,
  TRUE_FALSE_CHOICES,
  weightedCorrectChoices,
} from '@assess/contracts/questions';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';

/**
 * The Create/Update Question form: the create body's fields (update adds `version`). Choices are kept in
 * the shape the type needs (§4): six rows for MCQ/SCQ, the fixed True/False pair, none for Numerical.
 */
export type QuestionFormValues = {
  code: string;
  questionType: number;
  contentType: number;
  choiceFormat: number;
  difficultyLevel: number;
  points: number;
  negativePoints: number;
  objective: number[] | null;
  targetAudience: number[] | null;
  status: number;
  isLocked: boolean;
  expiryDate: string | null;
  duration: number | null;
  text: string | null;
  image: number | null;
  solutionText: string | null;
  solutionImage: number | null;
  paragraphText: string | null;
  paragraphImage: number | null;
  hint: string | null;
  passFeedback: string | null;
  failFeedback: string | null;
  masteryFeedback: string | null;
  /** Issue 26: feedback for an answer that earned part of the points. */
  partialFeedback: string | null;
  /** Issue 26: weight (percent; null on every choice = all or nothing) and feedback per choice. */
  choices: { text: string | null; image: number | null; weight: number | null; feedback: string | null }[];
  correctChoices: number[];
  numericAnswer: number | null;
  /** Numerical: answers within this distance of the answer are right (issue 27); null = exact. */
  tolerance: number | null;
  topicIds: number[];
  version?: number;
};

const emptyChoice = () => ({ text: null, image: null, weight: null, feedback: null });

/** Part 2 §8, §9: the question dialogs (the bank's and the section's) close about 2.3 s after a successful save. */
export const QUESTION_DIALOG_CLOSE_MS = 2300;

/** §4: MCQ and SCQ get six empty choices, True/False its fixed pair, Numerical none. */
export function choicesFor(questionType: number): QuestionFormValues['choices'] {
  if (questionType === QuestionType.TrueFalse)
    return TRUE_FALSE_CHOICES.map((text) => ({ text, image: null, weight: null, feedback: null }));
  if (questionType === QuestionType.Numerical) return [];
  return Array.from({ length: MAX_CHOICES }, emptyChoice);
}

/** A new question with §4's defaults; `keep` carries settings over for "Add more". */
export function newQuestionValues(topicIds: number[] = [], keep: Partial<QuestionFormValues> = {}) {
  const questionType = keep.questionType ?? newQuestionDefaults.questionType;
  const values: QuestionFormValues = {
    code: '',
    questionType,
    contentType: keep.contentType ?? newQuestionDefaults.contentType,
    choiceFormat: keep.choiceFormat ?? newQuestionDefaults.choiceFormat,
    difficultyLevel: keep.difficultyLevel ?? newQuestionDefaults.difficultyLevel,
    points: keep.points ?? newQuestionDefaults.points,
    negativePoints: keep.negativePoints ?? newQuestionDefaults.negativePoints,
    objective: keep.objective ?? null,
    targetAudience: keep.targetAudience ?? null,
    status: newQuestionDefaults.status,
    isLocked: false,
    expiryDate: keep.expiryDate ?? null,
    duration: keep.duration ?? null,
    text: null,
    image: null,
    solutionText: null,
    solutionImage: null,
    paragraphText: null,
    paragraphImage: null,
    hint: null,
    passFeedback: null,
    failFeedback: null,
    masteryFeedback: null,
    partialFeedback: null,
    choices: choicesFor(questionType),
    correctChoices: [],
    numericAnswer: null,
    tolerance: null,
    topicIds: keep.topicIds ?? topicIds,
  };
  return values;
}

/** A stored question as form values (choices padded to six for MCQ/SCQ). */
export function valuesOf(d: QuestionDetail): QuestionFormValues {
  const stored = d.choices.map((c) => ({
    text: c.text,
    image: c.image,
    weight: c.weight,
    feedback: c.feedback,
  }));
  const weighted = stored.some((c) => c.weight !== null);
  const padding = Array.from({ length: Math.max(0, MAX_CHOICES - stored.length) }, () => ({
    ...emptyChoice(),
    weight: weighted ? 0 : null,
  }));
  const choices =
    d.questionType === QuestionType.MCQ || d.questionType === QuestionType.SCQ
      ? [...stored, ...padding]
      : choicesFor(d.questionType);
  return {
    code: d.code,
    questionType: d.questionType,
    contentType: d.contentType,
    choiceFormat: d.choiceFormat,
    difficultyLevel: d.difficultyLevel,
    points: d.points,
    negativePoints: d.negativePoints,
    objective: d.objective,
    targetAudience: d.targetAudience,
    status: d.status,
    isLocked: d.isLocked,
    expiryDate: d.expiryDate ? d.expiryDate.slice(0, 10) : null,
    duration: d.duration,
    text: d.text,
    image: d.image,
    solutionText: d.solutionText,
    solutionImage: d.solutionImage,
    paragraphText: d.paragraphText,
    paragraphImage: d.paragraphImage,
    hint: d.hint,
    passFeedback: d.passFeedback,
    failFeedback: d.failFeedback,
    masteryFeedback: d.masteryFeedback,
    partialFeedback: d.partialFeedback,
    choices,
    correctChoices: d.correctChoices,
    numericAnswer: d.numericAnswer,
    tolerance: d.tolerance,
    topicIds: d.topicIds,
    version: d.version,
  };
}

/** The request body: trailing empty choices dropped (positions, and so the answers, stay as they are). */
export function bodyOf(
  v: QuestionFormValues,
): QuestionCreateInput & Partial<Pick<QuestionUpdateInput, 'version'>> {
  const choices: ChoiceInput[] = [...v.choices];
  while (choices.length && !isChoiceFilled(toChoice(choices[choices.length - 1]), v.contentType))
    choices.pop();
  const { version, ...rest } = v;
  // issue 26: with weights the correct choices are the ones the weights make correct
  const correctChoices = hasChoiceWeights(v.choices)
    ? weightedCorrectChoices(v.questionType, v.choices.slice(0, choices.length))
    : rest.correctChoices;
  return {
    ...rest,
    correctChoices,
    questionType: rest.questionType as QuestionCreateInput['questionType'],
    contentType: rest.contentType as QuestionCreateInput['contentType'],
    difficultyLevel: rest.difficultyLevel as QuestionCreateInput['difficultyLevel'],
    status: rest.status as QuestionCreateInput['status'],
    choices,
    ...(version !== undefined ? { version } : {}),
  };
}
const toChoice = (c: ChoiceInput) => ({ text: c.text ?? null, image: c.image ?? null });

/** What the preview shows of the question being edited (as a learner would see it once saved). */
export function previewOf(v: QuestionFormValues): QuestionPreview {
  return {
    questionId: 0,
    questionType: v.questionType as QuestionPreview['questionType'],
    contentType: v.contentType as QuestionPreview['contentType'],
    choiceFormat: v.choiceFormat,
    text: v.text || null,
    image: v.image,
    paragraphText: v.paragraphText || null,
    paragraphImage: v.paragraphImage,
    hint: v.hint || null,
    choices: v.choices
      .map((c, i) => ({
        choiceId: i + 1,
        label: choiceLabel(v.choiceFormat, i + 1),
        text: c.text,
        image: c.image,
      }))
      .filter((c) => isChoiceFilled(c, v.contentType)),
    points: v.points,
    negativePoints: v.negativePoints,
    duration: v.duration,
  };
}

/**
 * The resolver of the form: the contracts' schema (the server validates with the same one) applied to
 * the body the form would send; the whole-question rules (§5 'Code, Topics and, Image or Text is
 * mandatory.' ...) come back as the form's root error.
 */
/** A resolver checking the body the form would send against `schema`; its messages come back as the form's. */
export function bodyResolver(schema: Parameters<typeof zodResolver>[0]): Resolver<QuestionFormValues> {
  // the schema's input type differs from the form's (ids as unions of literals): checked at run time
  const inner = zodResolver(schema) as unknown as Resolver<QuestionFormValues>;
  return async (values, ctx, options) => {
    const result = await inner(bodyOf(values) as QuestionFormValues, ctx, options);
    const errors: Record<string, unknown> = { ...result.errors };
    if (!Object.keys(errors).length) return { values, errors: {} };
    if (errors['']) {
      errors.root = errors[''];
      delete errors[''];
    }
    return { values: {}, errors: errors as typeof result.errors };
  };
}

export function questionResolver(editing: boolean): Resolver<QuestionFormValues> {
  return bodyResolver(editing ? questionUpdateSchema : questionCreateSchema);
}
