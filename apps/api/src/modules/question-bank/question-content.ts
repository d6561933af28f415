import {
  type ChoiceView,
  ContentType,
  choiceLabel,
  normaliseChoices,
  type QuestionCreate,
  type QuestionDetail,
  type QuestionPreview,
  QuestionStatus,
} from '@assess/contracts/questions';
import type { StoredChoice } from '../../db/schema';
import { sanitizeRichHtml } from '../../platform/html/sanitize';
import type { QuestionRow } from './questions.repository';

type Body = QuestionCreate;
const TEXT_FIELDS = ['text', 'solutionText', 'paragraphText', 'hint'] as const;

/**
 * What is stored from a body: HTML content is sanitised with the allow-list (text, solution, paragraph,
 * hint and choice texts); Text and LaTeX are kept as typed (the console renders them as text / KaTeX,
 * never as HTML). True/False gets its fixed choices, Numerical none; trailing empty choices are dropped.
 */
export function storedContent<B extends Body>(body: B): B {
  const clean = (v: string | null) => {
    if (v === null || body.contentType !== ContentType.Html) return v;
    const out = sanitizeRichHtml(v);
    return out ? out : null;
  };
  const out = { ...body };
  for (const f of TEXT_FIELDS) out[f] = clean(body[f]);
  let choices = normaliseChoices(body.questionType, body.choices).map((c) => ({
    text: clean(c.text),
    image: c.image,
    weight: c.weight ?? null,
    feedback: c.feedback ?? null,
  }));
  while (choices.length && !choices[choices.length - 1].text && !choices[choices.length - 1].image)
    choices = choices.slice(0, -1);
  // issue 26: weights are all or none; a question with none scores all or nothing
  const weighted = choices.some((c) => c.weight !== null);
  // a choice stores a weight and feedback only when it has them (the stored shape of questions without stays as it was)
  out.choices = choices.map(({ weight, feedback, ...c }) => ({
    ...c,
    ...(weighted ? { weight: weight ?? 0 } : {}),
    ...(feedback ? { feedback } : {}),
  })) as B['choices'];
  if (body.questionType === 4) out.correctChoices = [];
  else {
    out.numericAnswer = null;
    out.tolerance = null;
  }
  // issue 27: a tolerance of 0 is exact, stored as none
  if (!out.tolerance) out.tolerance = null;
  return out;
}

/** Every image a body refers to. */
export const imageIdsOf = (b: Pick<Body, 'image' | 'solutionImage' | 'paragraphImage' | 'choices'>) => [
  ...new Set(
    [b.image, b.solutionImage, b.paragraphImage, ...b.choices.map((c) => c.image)].filter(
      (id): id is number => typeof id === 'number',
    ),
  ),
];

export const choiceViews = (format: number, choices: readonly StoredChoice[]): ChoiceView[] =>
  choices.map((c, i) => ({
    choiceId: i + 1,
    label: choiceLabel(format, i + 1),
    text: c.text,
    image: c.image,
  }));

/** The columns written for a body (create and update). */
export function columnsOf(
  b: Body,
  userId: number,
  now: Date,
  wasLocked: { isLocked: boolean; lockedBy: number | null; lockedDate: Date | null } | null,
) {
  const lock =
    b.isLocked && wasLocked?.isLocked
      ? { lockedBy: wasLocked.lockedBy, lockedDate: wasLocked.lockedDate }
      : b.isLocked
        ? { lockedBy: userId, lockedDate: now }
        : { lockedBy: null, lockedDate: null };
  return {
    code: b.code,
    questionType: b.questionType,
    contentType: b.contentType,
    choiceFormat: b.choiceFormat,
    difficultyLevel: b.difficultyLevel,
    points: b.points,
    negativePoints: b.negativePoints,
    objectiveIds: b.objective,
    targetAudienceIds: b.targetAudience,
    status: b.status,
    // §4: saving as Ready (or Published) sets isActive.
    isActive: b.status >= QuestionStatus.Ready,
    isLocked: b.isLocked,
    ...lock,
    expiryDate: b.expiryDate,
    duration: b.duration,
    text: b.text,
    imageId: b.image,
    solutionText: b.solutionText,
    solutionImageId: b.solutionImage,
    paragraphText: b.paragraphText,
    paragraphImageId: b.paragraphImage,
    hint: b.hint,
    passFeedback: b.passFeedback,
    failFeedback: b.failFeedback,
    masteryFeedback: b.masteryFeedback,
    partialFeedback: b.partialFeedback,
    choices: b.choices as StoredChoice[],
    correctChoices: b.correctChoices,
    numericAnswer: b.numericAnswer,
    tolerance: b.tolerance,
    updatedBy: userId,
    updatedDate: now,
  };
}

/** The stored row as the detail the Update Question dialog reads. */
export function toDetail(
  q: QuestionRow,
  x: {
    providerName: string;
    callerProviderId: number;
    topics: { topicId: number; name: string; pathNames: string[] }[];
    currentVersionId: number;
  },
): QuestionDetail {
  const owned = q.providerId === x.callerProviderId;
  return {
    questionId: q.questionId,
    providerId: q.providerId,
    providerName: x.providerName,
    owned,
    readOnly: !owned || q.status === QuestionStatus.Published,
    code: q.code,
    questionType: q.questionType as QuestionDetail['questionType'],
    contentType: q.contentType as QuestionDetail['contentType'],
    choiceFormat: q.choiceFormat,
    difficultyLevel: q.difficultyLevel as QuestionDetail['difficultyLevel'],
    points: q.points,
    negativePoints: q.negativePoints,
    objective: q.objectiveIds,
    targetAudience: q.targetAudienceIds,
    status: q.status as QuestionDetail['status'],
    isActive: q.isActive,
    isLocked: q.isLocked,
    lockedBy: q.lockedBy,
    lockedDate: q.lockedDate?.toISOString() ?? null,
    expiryDate: q.expiryDate,
    duration: q.duration,
    languageId: q.languageId,
    text: q.text,
    image: q.imageId,
    solutionText: q.solutionText,
    solutionImage: q.solutionImageId,
    paragraphText: q.paragraphText,
    paragraphImage: q.paragraphImageId,
    hint: q.hint,
    passFeedback: q.passFeedback,
    failFeedback: q.failFeedback,
    masteryFeedback: q.masteryFeedback,
    partialFeedback: q.partialFeedback,
    choices: choiceViews(q.choiceFormat, q.choices).map((c, i) => ({
      ...c,
      weight: q.choices[i]?.weight ?? null,
      feedback: q.choices[i]?.feedback ?? null,
    })),
    correctChoices: q.correctChoices,
    numericAnswer: q.numericAnswer,
    tolerance: q.tolerance,
    topicIds: x.topics.map((t) => t.topicId),
    topics: x.topics,
    version: q.version,
    currentVersionId: x.currentVersionId,
    createdBy: q.createdBy,
    createdDate: q.createdDate.toISOString(),
    updatedBy: q.updatedBy,
    updatedDate: q.updatedDate.toISOString(),
  };
}

/** What a learner sees (§2 preview): no code, answer, solution or feedback. */
export const toPreview = (q: QuestionRow): QuestionPreview => ({
  questionId: q.questionId,
  questionType: q.questionType as QuestionPreview['questionType'],
  contentType: q.contentType as QuestionPreview['contentType'],
  choiceFormat: q.choiceFormat,
  text: q.text,
  image: q.imageId,
  paragraphText: q.paragraphText,
  paragraphImage: q.paragraphImageId,
  hint: q.hint,
  choices: choiceViews(q.choiceFormat, q.choices),
  points: q.points,
  negativePoints: q.negativePoints,
  duration: q.duration,
});
