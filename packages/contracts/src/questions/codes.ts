// Codes, labels and constants of the question bank (spec part 2 §3, §4, §9).
import { codeTable } from '../common/codes';

/** Question type (§3): 1 MCQ, 2 SCQ, 3 True/False, 4 Numerical. */
const questionTypes = codeTable({
  MCQ: [1, 'MCQ'],
  SCQ: [2, 'SCQ'],
  TrueFalse: [3, 'True/False'],
  Numerical: [4, 'Numerical'],
});
export const QuestionType = questionTypes.codes;
export type QuestionTypeId = (typeof QuestionType)[keyof typeof QuestionType];
export const questionTypeIds = [1, 2, 3, 4] as const satisfies readonly QuestionTypeId[];
export const questionTypeNames = questionTypes.names;

/** Content type (§3): 1 Text Based, 3 Latex Based, 4 Html (there is no 2). */
const contentTypes = codeTable({ Text: [1, 'Text Based'], LaTeX: [3, 'Latex Based'], Html: [4, 'Html'] });
export const ContentType = contentTypes.codes;
export type ContentTypeId = (typeof ContentType)[keyof typeof ContentType];
export const contentTypeIds = [1, 3, 4] as const satisfies readonly ContentTypeId[];
export const contentTypeNames = contentTypes.names;

/** Question status (§4): 1 Draft, 2 Ready, 3 Published. */
const questionStatuses = codeTable({ Draft: [1, 'Draft'], Ready: [2, 'Ready'], Published: [3, 'Published'] });
export const QuestionStatus = questionStatuses.codes;
export type QuestionStatusId = (typeof QuestionStatus)[keyof typeof QuestionStatus];
export const questionStatusIds = [1, 2, 3] as const satisfies readonly QuestionStatusId[];
export const questionStatusNames = questionStatuses.names;

/** Difficulty level (§3): 1 Easy, 2 Medium, 3 Difficult. */
export const Difficulty = { Easy: 1, Medium: 2, Difficult: 3 } as const;
export type DifficultyId = (typeof Difficulty)[keyof typeof Difficulty];
export const difficultyIds = [1, 2, 3] as const satisfies readonly DifficultyId[];
export const difficultyNames: Record<DifficultyId, string> = { 1: 'Easy', 2: 'Medium', 3: 'Difficult' };

/** Content filter of the grids (§2, §9): 0 All, 1 Owned, 2 Subscribed. */
export const ContentFilter = { All: 0, Owned: 1, Subscribed: 2 } as const;
export type ContentFilterId = (typeof ContentFilter)[keyof typeof ContentFilter];
export const contentFilterNames: Record<ContentFilterId, string> = { 0: 'All', 1: 'Owned', 2: 'Subscribed' };

/**
 * The 12 choice formats (§3 "Choice formats", ids 0 to 11): how choices are labelled. `kind` says which
 * counter, `pattern` where the counter goes ({x}).
 */
export const choiceFormats = [
  { id: 0, label: 'a), b)…', kind: 'lower', pattern: '{x})' },
  { id: 1, label: '(a)…', kind: 'lower', pattern: '({x})' },
  { id: 2, label: 'a.', kind: 'lower', pattern: '{x}.' },
  { id: 3, label: 'A)', kind: 'upper', pattern: '{x})' },
  { id: 4, label: '(A)', kind: 'upper', pattern: '({x})' },
  { id: 5, label: 'A.', kind: 'upper', pattern: '{x}.' },
  { id: 6, label: '1)', kind: 'number', pattern: '{x})' },
  { id: 7, label: '(1)', kind: 'number', pattern: '({x})' },
  { id: 8, label: '1.', kind: 'number', pattern: '{x}.' },
  { id: 9, label: 'i)', kind: 'roman', pattern: '{x})' },
  { id: 10, label: '(i)', kind: 'roman', pattern: '({x})' },
  { id: 11, label: 'i.', kind: 'roman', pattern: '{x}.' },
] as const;
export type ChoiceFormatId = (typeof choiceFormats)[number]['id'];
export const MIN_CHOICE_FORMAT = 0;
export const MAX_CHOICE_FORMAT = 11;
/** §9: default choice format 1. */
export const DEFAULT_CHOICE_FORMAT = 1;

/* ---------- limits and defaults (§4, §5, §9) ---------- */

/** §5: code of letters, digits, hyphen and underscore, at most 20. */
export const QUESTION_CODE_MAX = 20;
/** §9: choices 1 to 6; a True/False question has its two fixed choices. */
export const MAX_CHOICES = 6;
export const TRUE_FALSE_CHOICES = ['True', 'False'] as const;
/** §2/§9: the question grid is 650 px high. */
export const QUESTION_GRID_HEIGHT = 650;
/** §9: answer setting handles at most 500 questions a session, 10 a page. */
export const ANSWER_SESSION_MAX = 500;
export const ANSWER_PAGE_SIZE = 10;
/** §9: default language id 1 (English, the only one offered). */
export const DEFAULT_LANGUAGE_ID = 1;
/** The largest page of the question grid (§9 size options end at 100). */
export const QUESTION_PAGE_MAX = 100;
/** Ours: how many questions one bulk update or topic re-mapping may name. */
export const BULK_MAX_QUESTIONS = 10_000;
/** Ours: topics one question may be mapped to. */
export const MAX_TOPICS_PER_QUESTION = 50;
/** Ours: an uploaded question image (before re-encoding) may be at most 5 MB. */
export const QUESTION_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Ours: re-encoded images are scaled down to fit this many pixels on their longer side. */
export const QUESTION_IMAGE_MAX_PX = 1600;
/** Ours: text limits (HTML content is stored sanitised). */
export const QUESTION_TEXT_MAX = 100_000;
export const CHOICE_TEXT_MAX = 20_000;
export const FEEDBACK_MAX = 2_000;
export const NODE_NAME_MAX = 100;
export const POINTS_MAX = 1000;
/** Ours: a question's duration in seconds, at most 6 hours. */
export const DURATION_MAX_SECONDS = 6 * 60 * 60;

/** §4 defaults of a new question: status Draft, SCQ, difficulty 1, content type 3 (LaTeX), points 0. */
export const newQuestionDefaults = {
  status: QuestionStatus.Draft,
  questionType: QuestionType.SCQ,
  difficultyLevel: Difficulty.Easy,
  contentType: ContentType.LaTeX,
  points: 0,
  negativePoints: 0,
  choiceFormat: DEFAULT_CHOICE_FORMAT,
} as const;
