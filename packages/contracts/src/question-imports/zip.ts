// Zip tree import (issue 12; spec part 2 §2 "Zip import dialog", §3 "Bulk-import parameters", §4 "Zip import",
// §5 "Bulk zip import", §7 validateZip / SyncQuestions, §8, §9). The layout is docs/question-zip-layout.md.
import { z } from 'zod';
import { commonMessages, endpointGroup } from '../common';
import { idParamSchema, idSchema } from '../common/ints';
import {
  DEFAULT_CHOICE_FORMAT,
  MAX_CHOICE_FORMAT,
  MIN_CHOICE_FORMAT,
  QUESTION_IMAGE_MAX_BYTES,
  QuestionType,
  type QuestionTypeId,
} from '../questions/codes';
import { taskTypes } from '../tasks/types';

/* ---------- limits (§9) ---------- */

/** §9: one file of at most 10 MB (10485760 bytes). */
export const ZIP_MAX_BYTES = 10_485_760;
/** §9: number of choices 2 to 6, default 4. */
export const ZIP_CHOICES_MIN = 2;
export const ZIP_CHOICES_MAX = 6;
export const ZIP_CHOICES_DEFAULT = 4;
/** Ours (zip safety): entries (files and folders) a zip may hold. */
export const ZIP_MAX_ENTRIES = 10_000;
/** Ours (zip safety): everything in the zip unpacks to at most this (a zip bomb is refused while unpacking). */
export const ZIP_MAX_UNPACKED_BYTES = 64 * 1024 * 1024;
/** Ours: one entry unpacks to at most this (the question image limit). */
export const ZIP_ENTRY_MAX_BYTES = QUESTION_IMAGE_MAX_BYTES;

/* ---------- layout (§5; docs/question-zip-layout.md) ---------- */

/** §5: the question-type folders of a topic folder and the question type each holds. */
export const zipTypeFolders = {
  SCQ: QuestionType.SCQ,
  MCQ: QuestionType.MCQ,
  TF: QuestionType.TrueFalse,
  Numerical: QuestionType.Numerical,
} as const satisfies Record<string, QuestionTypeId>;
export type ZipTypeFolder = keyof typeof zipTypeFolders;
export const zipTypeFolderNames = Object.keys(zipTypeFolders) as ZipTypeFolder[];
/** §5: the solutions folder inside each question-type folder. */
export const ZIP_SOLUTIONS_FOLDER = 'Solutions';
/** §5: the answer workbook, mandatory in a topic folder that has question-type folders. */
export const ZIP_ANSWERS_FILE = 'Answers.xlsx';
/** One question per image file; its name without the extension is the question code. */
export const ZIP_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp'] as const;
/** The columns of Answers.xlsx (first sheet, header row first); Difficulty Level may be left out. */
export const zipAnswerColumns = ['Question Code', 'Answer', 'Difficulty Level'] as const;
/** The task type of a zip import (task manager). */
export const ZIP_IMPORT_TASK_TYPE = taskTypes.questionZip.type;
/** §9: the form closes 2 s after success. */
export const ZIP_CLOSE_DELAY_MS = 2000;

/* ---------- messages (§5, §8 word for word; ours marked) ---------- */

export const zipImportMessages = {
  numberOfChoices: 'Enter value greater than 2 and less than or equal to 6 for number of choices.',
  extension: 'This file extension is not supported!. Suported extension is zip.',
  tooLarge: 'Please upload file less than 10 MB.',
  oneFile: 'Please do not upload more than 1 file.',
  duplicateFile: 'Dublicate file is not Attached.',
  selectFile: 'Please select the file.',
  notValid: 'Zip is not validate!',
  imported: 'Questions imported successfully!',
  error: commonMessages.errorOccured,
  validating: 'Validating...',
  importing: 'Importing...',

  /* ---------- ours: the headings of the 'Zip is not validate!' list (each with its content list) ---------- */
  notAZip: 'The file is not a zip archive (or it is damaged).',
  tooManyEntries: `The zip holds more than ${ZIP_MAX_ENTRIES} files and folders.`,
  tooBigUnpacked: 'The zip unpacks to more than 64 MB (or one file to more than 5 MB); it is refused.',
  unsafePath: "These paths are absolute or leave the zip's folder ('..'):",
  symlink: 'These entries are symbolic links, which are not allowed:',
  nestedZip: 'These entries are archives inside the zip, which are not allowed:',
  encrypted: 'These entries are encrypted, which is not supported:',
  zipName: 'The zip name must match the name of one of your root categories:',
  categoryMismatch: 'The zip must be named after the category selected for the import:',
  unknownFolders: 'These folders do not match a category or topic of the hierarchy:',
  typeFolderPlace: 'Question-type folders (SCQ, MCQ, TF, Numerical) must sit in a topic folder:',
  unexpectedFiles: 'These files are not expected here (see the zip layout):',
  notImages: 'These question or solution files are not PNG, JPEG, GIF or WebP images:',
  answersMissing: 'Answers.xlsx is missing in these topic folders:',
  answersUnreadable: 'These Answers.xlsx files cannot be read (damaged, password-protected or no header):',
  noQuestions: 'The zip holds no question image.',
  codeInvalid: 'These file names are not valid question codes (letters, digits, - and _, at most 20):',
  codeRepeated: 'These question codes appear more than once in the zip:',
  noAnswer: 'These questions have no answer in Answers.xlsx:',
  answerWithoutQuestion: 'These rows of Answers.xlsx name no question file of their topic folder:',
  answerInvalid: 'These answers do not fit the question type or the number of choices:',
  difficultyInvalid: 'These difficulty levels are not LOW, MEDIUM, HIGH or 1 to 3:',
  solutionWithoutQuestion: 'These solutions have no question of the same name:',
  numericalNotAllowed: 'You do not have permission to create numerical questions:',
  sectionNotFound: 'The section was not found.',
  notPermitted: 'You do not have permission to import questions here.',
  taskNotFound: 'The import was not found.',
  valid: 'The zip is valid.',
  nothingNew: 'Every question of the zip is already in the question bank (duplicate codes).',
} as const;

/* ---------- the form (§2, §3 "Bulk-import parameters") ---------- */

const idOrNull = idSchema.nullish().transform((v) => v ?? null);

/**
 * The zip import's parameters: number of choices (2–6, default 4), choice format (0–11, default 1) and the
 * target: a root category (the zip must be named after it) or a section (poolId: the questions also go into it).
 * Difficulty, points, objective, target audience and feedback take the bulk-import defaults (difficulty 2,
 * points 0, none).
 */
export const zipImportOptionsSchema = z.object({
  numberOfChoices: z
    .number({ error: zipImportMessages.numberOfChoices })
    .int(zipImportMessages.numberOfChoices)
    .min(ZIP_CHOICES_MIN, zipImportMessages.numberOfChoices)
    .max(ZIP_CHOICES_MAX, zipImportMessages.numberOfChoices)
    .default(ZIP_CHOICES_DEFAULT),
  choiceFormatId: z
    .number()
    .int()
    .min(MIN_CHOICE_FORMAT)
    .max(MAX_CHOICE_FORMAT)
    .default(DEFAULT_CHOICE_FORMAT),
  categoryId: idOrNull,
  poolId: idOrNull,
});
export type ZipImportOptionsInput = z.input<typeof zipImportOptionsSchema>;
export type ZipImportOptions = z.output<typeof zipImportOptionsSchema>;

/** A file as the picker sees it. */
export type PickedFile = { name: string; size: number };

/**
 * §5 the zip picker's rules, in the spec's order: none selected, more than one, extension, size, and the
 * same file attached again. Returns the message, or null when `picked[0]` may be attached.
 */
export function zipPickIssue(picked: readonly PickedFile[], attached: PickedFile | null): string | null {
  if (!picked.length) return zipImportMessages.selectFile;
  if (picked.length > 1) return zipImportMessages.oneFile;
  const [f] = picked;
  if (!/\.zip$/i.test(f.name)) return zipImportMessages.extension;
  if (f.size > ZIP_MAX_BYTES) return zipImportMessages.tooLarge;
  if (attached && attached.name === f.name && attached.size === f.size)
    return zipImportMessages.duplicateFile;
  return null;
}

/* ---------- answers ---------- */

/** What a valid zip holds (validateZip's 200 answer). */
export const zipValidationSchema = z.object({
  message: z.string(),
  rootCategory: z.string(),
  /** Topic folders with questions. */
  topics: z.number().int(),
  questions: z.number().int(),
  /** Questions per type folder (SCQ, MCQ, TF, Numerical). */
  byType: z.record(z.string(), z.number().int()),
  /** Codes already in the question bank: they are skipped (not imported again). */
  duplicateCodes: z.array(z.string()),
});
export type ZipValidation = z.infer<typeof zipValidationSchema>;

/** SyncQuestions' answer: the background task that imports the zip. */
export const zipImportStartedSchema = z.object({ message: z.string(), taskId: z.number().int() });

export const zipTaskIdParamSchema = z.object({ taskId: idParamSchema });

/** An import's state for the dialog's progress ('Importing...'), then its outcome. */
export const zipImportStatusSchema = z.object({
  taskId: z.number().int(),
  state: z.enum(['queued', 'running', 'succeeded', 'failed']),
  progress: z.number().min(0).max(100),
  imported: z.number().int(),
  duplicateCodes: z.array(z.string()),
  /** 'Questions imported successfully!' once done; the reason when it failed. */
  message: z.string().nullable(),
});
export type ZipImportStatus = z.infer<typeof zipImportStatusSchema>;

/** The task's result (kept with the task). */
export const zipImportResultSchema = z.object({
  imported: z.number().int(),
  duplicateCodes: z.array(z.string()),
  invalid: z.array(z.object({ code: z.string(), message: z.string() })),
});
export type ZipImportResult = z.infer<typeof zipImportResultSchema>;

/* ---------- endpoints (§7 validateZip, SyncQuestions) ---------- */

/** The tree's Bulk Import (CategoryTopic.BulkImport); a section's import also with the test editors' privilege. */
const access = {
  privilege: [
    ['CategoryTopic', 'BulkImport'],
    ['Test', 'UpdateTest'],
    ['SimplifiedTest', 'UpdateSimplifiedTest'],
  ],
} as const;
const multipartSummary =
  'multipart with the field "options" (JSON: numberOfChoices, choiceFormatId, categoryId or poolId) then "file" (.zip, at most 10 MB)';

export const zipImportEndpoints = endpointGroup('question-imports', {
  example: {
    method: 'GET',
    path: '/api/question-imports/zip/example',
    summary:
      'An example zip in the documented layout: for the selected topic (topicId) of the caller, else for a hierarchy Science › Physics',
    access,
    query: z.object({ topicId: idParamSchema.optional() }),
    download: 'application/zip',
    response: z.unknown(),
  },
  validate: {
    method: 'POST',
    path: '/api/question-imports/zip/validate',
    summary: `validateZip: ${multipartSummary}; checks everything, imports nothing. 400 'Zip is not validate!' with fields = { problem: [contents] }`,
    access,
    multipart: true,
    response: zipValidationSchema,
  },
  import: {
    method: 'POST',
    path: '/api/question-imports/zip/import',
    summary: `SyncQuestions: ${multipartSummary}; validates again, then imports as a background task (task manager)`,
    access,
    multipart: true,
    status: 201,
    response: zipImportStartedSchema,
  },
  status: {
    method: 'GET',
    path: '/api/question-imports/zip/tasks/:taskId',
    summary: "A zip import's state, progress and outcome",
    access,
    params: zipTaskIdParamSchema,
    response: zipImportStatusSchema,
  },
});
