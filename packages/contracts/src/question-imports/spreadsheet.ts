// Spreadsheet upload of questions (part 2 §2 "Question upload dialog", §3 upload payload / result and spreadsheet
// columns, §4, §5, §7 uploadExcelQuestions, §8, §9): schemas, endpoints and messages, word for word.
import { z } from 'zod';
import { endpointGroup, type RequiredPrivilege } from '../common/endpoint';
import { INT_MAX, idParamSchema } from '../common/ints';
import { DEFAULT_CHOICE_FORMAT, DEFAULT_LANGUAGE_ID } from '../questions/codes';
import { choiceFormatSchema, configIdListSchema } from '../questions/schemas';
import { orSimplifiedTest } from '../quick-tests/access';
import { XLSX_MEDIA_TYPE } from '../student-import/endpoints';

/** The spec's messages (§4, §8) and ours (marked) for what the spec leaves unnamed. */
export const spreadsheetMessages = {
  packageLimit:
    'File has not been uploaded as limit exceeded for current package. Please upgrade to higher package.',
  uploadSuccess: 'Upload Success',
  uploadFailed: 'Upload Failed',
  invalidFile: 'File not uploaded please upload valid file.',
  checkTaskManager: 'Check Task manager for status',
  /* ---------- ours: why a file is not valid (shown after invalidFile) ---------- */
  selectFile: 'Please select a spreadsheet file (.xls or .xlsx).',
  notSpreadsheet: 'The file is not an Excel workbook (.xls or .xlsx).',
  tooLarge: 'Please upload a spreadsheet of at most 10 MB.',
  corrupt: 'The workbook is damaged and cannot be read.',
  passwordProtected: 'The workbook is password-protected. Please remove the password and upload it again.',
  noSheets:
    "The workbook has none of the sheets 'Multiple Choice Questions', 'Single Choice Questions', 'True False', 'NUMERICAL'.",
  missingColumn: (sheet: string, column: string) => `The sheet '${sheet}' has no column '${column}'.`,
  tooManyRows: (max: number) => `A workbook may have at most ${max.toLocaleString('en-US')} rows.`,
  tooManyQuestions: (max: number) => `A file may hold at most ${max.toLocaleString('en-US')} questions.`,
  noQuestions: 'The workbook has no questions.',
  sectionLimitCounts: (inSection: number, inFile: number, allowed: number) =>
    `The section has ${inSection} questions and the file adds ${inFile}; your package allows ${allowed} questions per section.`,
  /* ---------- ours: why a question is invalid (remarks and the result's list) ---------- */
  choiceBeforeCode: 'A choice row comes before any question code.',
  noAnswer: "No choice is marked 'X' in 'Is Answer'.",
  oneAnswer: "Only one choice may be marked 'X' in 'Is Answer'.",
  noChoices: 'The question has no choices.',
  numericAnswer: 'The answer of a numerical question must be a number.',
  tolerance: 'The tolerance of a numerical question must be a number of zero or more.',
  trueFalseChoice: "A True False answer must be 'True' or 'False'.",
  difficulty: 'Difficulty level must be LOW, MEDIUM, HIGH or 1, 2, 3.',
  weightWithoutChoice:
    "A weight is given on a row without a choice: put it in the 'Weight (%)' cell of the choice's row.",
  missingImage: (name: string) => `The image '${name}' was not uploaded with the workbook.`,
  unknownObjective: (name: string) => `The objective '${name}' is not configured.`,
  importing: 'Importing questions...',
  languageEnglishOnly: 'Only English (1) can be uploaded.',
  selectTopic: 'Please select a topic.',
} as const;

/** The four sheets (§5), by question type: 1 MCQ, 2 SCQ, 3 True/False, 4 Numerical. */
export const SPREADSHEET_SHEETS = [
  { questionType: 1, name: 'Multiple Choice Questions' },
  { questionType: 2, name: 'Single Choice Questions' },
  { questionType: 3, name: 'True False' },
  { questionType: 4, name: 'NUMERICAL' },
] as const;

/** The columns of every sheet (§3), in the template's order. */
export const SPREADSHEET_COLUMNS = [
  'Question Code',
  'Question',
  'Question Image ?',
  'Hint',
  'Objective',
  'Solution',
  'Solution Text',
  'Feedback right',
  'Feedback wrong',
  'Description ?',
  'Difficulty level',
  'Choice',
  'Is Answer',
] as const;
export type SpreadsheetColumn = (typeof SPREADSHEET_COLUMNS)[number];
/**
 * Ours (issue 27), optional on any sheet and read on the Numerical one: the accepted distance from the answer
 * (empty or 0 = exact). The template's NUMERICAL sheet has it; a workbook without it imports as before.
 */
export const SPREADSHEET_TOLERANCE_COLUMN = 'Tolerance';
/**
 * Ours (issue 26, partial credit), optional, read on the Multiple Choice and Single Choice sheets: each choice
 * row's weight, the percentage of the points the choice earns when chosen (-100..100; '50', '50%', '-100'; an
 * Excel percentage cell's 0.5 is 50 %: a question whose weights all lie between -1 and 1 is read as fractions).
 * Empty on every row of a question = all or nothing, as before; a weight on a row without a choice, or on the
 * True False and NUMERICAL sheets, is refused. The editor's rules hold (questionMessages: weightRange,
 * weightsMatchAnswers, weightsSum); 'Is Answer' may then be left empty, or must mark exactly the choices the
 * weights make correct.
 */
export const SPREADSHEET_WEIGHT_COLUMN = 'Weight (%)';

/** Limits (§9 says .xls/.xlsx; the sizes are ours). */
export const SPREADSHEET_MAX_BYTES = 10 * 1024 * 1024;
export const SPREADSHEET_MAX_ROWS = 40_000;
export const SPREADSHEET_MAX_QUESTIONS = 10_000;
export const SPREADSHEET_EXTENSIONS = ['xls', 'xlsx'] as const;
export const SPREADSHEET_TEMPLATE_NAME = 'QuestionUploadTemplate.xlsx';

/**
 * §3 "Spreadsheet upload payload": the form's fields. providerId and createdBy come from the session; the
 * section variant's poolId from the path. Language: only English (1).
 */
export const spreadsheetUploadOptionsSchema = z.object({
  topicId: z
    .number({ error: spreadsheetMessages.selectTopic })
    .int()
    .positive({ error: spreadsheetMessages.selectTopic })
    .max(INT_MAX, { error: spreadsheetMessages.selectTopic }),
  languageId: z
    .literal(DEFAULT_LANGUAGE_ID, { error: spreadsheetMessages.languageEnglishOnly })
    .default(DEFAULT_LANGUAGE_ID),
  choiceFormatId: choiceFormatSchema.nullish().transform((v) => v ?? DEFAULT_CHOICE_FORMAT),
  objective: configIdListSchema,
  targetAudience: configIdListSchema,
});
export type SpreadsheetUploadOptionsInput = z.input<typeof spreadsheetUploadOptionsSchema>;
export type SpreadsheetUploadOptions = z.output<typeof spreadsheetUploadOptionsSchema>;

/** The upload is accepted and queued as a task ('Check Task manager for status'). */
export const spreadsheetQueuedSchema = z.object({ taskId: z.number().int(), message: z.string() });

export const invalidQuestionSchema = z.object({
  code: z.string(),
  sheet: z.string(),
  row: z.number().int(),
  reason: z.string(),
});
export type InvalidQuestion = z.infer<typeof invalidQuestionSchema>;

/** §3 "Upload result" (the section variant adds isSectionQuestionLimit); `message` is the dialog's title. */
export const spreadsheetResultSchema = z.object({
  message: z.string(),
  packageLimitError: z.string().nullable(),
  isSectionQuestionLimit: z.boolean(),
  totalQuestionCount: z.number().int(),
  uploadedQuestionCount: z.number().int(),
  duplicateQuestionCodeCount: z.number().int(),
  duplicateQuestionCodes: z.array(z.string()),
  invalidQuestionCodes: z.array(z.string()),
  invalidQuestions: z.array(invalidQuestionSchema),
});
export type SpreadsheetResult = z.infer<typeof spreadsheetResultSchema>;

/** What the dialog polls: the task's state and progress, then the result (or why the file was refused). */
export const spreadsheetStatusSchema = z.object({
  taskId: z.number().int(),
  state: z.enum(['queued', 'running', 'succeeded', 'failed']),
  progress: z.number(),
  /** Failed: 'File not uploaded please upload valid file.' and the reason. */
  message: z.string().nullable(),
  result: spreadsheetResultSchema.nullable(),
});
export type SpreadsheetStatus = z.infer<typeof spreadsheetStatusSchema>;

export const spreadsheetTaskParamSchema = z.object({ taskId: idParamSchema });
export const spreadsheetPoolParamSchema = z.object({ poolId: idParamSchema });

/** The result's title: Upload Failed when every code is a duplicate (§4), else Upload Success. */
export const resultTitle = (
  r: Pick<SpreadsheetResult, 'totalQuestionCount' | 'duplicateQuestionCodeCount'>,
) =>
  r.totalQuestionCount > 0 && r.totalQuestionCount === r.duplicateQuestionCodeCount
    ? spreadsheetMessages.uploadFailed
    : spreadsheetMessages.uploadSuccess;

const importExcel: RequiredPrivilege = ['CategoryTopic', 'ImportExcel'];
const updateTest = orSimplifiedTest(['Test', 'UpdateTest']);
const multipartSummary =
  'multipart: the field "options" (JSON of the form) first, then any "images" the sheet names (at most 200), then "file" (.xls/.xlsx by content, at most 10 MB)';
/** Images that may come with one workbook. */
export const SPREADSHEET_MAX_IMAGES = 200;

export const spreadsheetEndpoints = endpointGroup('question-imports', {
  upload: {
    method: 'POST',
    path: '/api/question-imports/spreadsheet',
    summary: `Spreadsheet upload to a topic (the spec's uploadExcelQuestions), run as a task. ${multipartSummary}`,
    access: { privilege: importExcel },
    multipart: true,
    response: spreadsheetQueuedSchema,
    status: 201,
  },
  uploadToSection: {
    method: 'POST',
    path: '/api/sections/:poolId/spreadsheet-upload',
    summary: `Spreadsheet upload into a section (the spec's SimplifiedTest/uploadExcelQuestions; TestSectionQuestions caps it). ${multipartSummary}`,
    access: { privilege: updateTest },
    params: spreadsheetPoolParamSchema,
    multipart: true,
    response: spreadsheetQueuedSchema,
    status: 201,
  },
  status: {
    method: 'GET',
    path: '/api/question-imports/spreadsheet/:taskId',
    summary: "An upload's state, progress and result",
    access: { privilege: [importExcel, ...updateTest] },
    params: spreadsheetTaskParamSchema,
    response: spreadsheetStatusSchema,
  },
  template: {
    method: 'GET',
    path: '/api/question-imports/spreadsheet-template',
    summary: 'The template workbook: the four sheets with their columns and two example questions each',
    access: { privilege: [importExcel, ...updateTest] },
    download: XLSX_MEDIA_TYPE,
    response: z.unknown(),
  },
});
