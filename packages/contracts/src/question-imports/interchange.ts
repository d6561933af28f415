// Interchange beyond the spec (issue 12): questions in and out as Moodle XML, GIFT and IMS QTI 3.0 packages.
// The mapping per format is described in docs/question-interchange.md.
import { z } from 'zod';
import { endpointGroup } from '../common/endpoint';
import { idParamSchema, idSchema, optionalQuery } from '../common/ints';
import { taskTypes } from '../tasks/types';

/** The three formats: Moodle XML (.xml), GIFT (.txt/.gift) and IMS QTI 3.0 items in a content package (.zip). */
export const interchangeFormats = ['moodle', 'gift', 'qti'] as const;
export type InterchangeFormat = (typeof interchangeFormats)[number];
export const interchangeFormatSchema = z.enum(interchangeFormats);

export const interchangeFormatInfo: Record<
  InterchangeFormat,
  {
    /** What an export writes (the export menu). */
    label: string;
    /** What an import reads (the import dialog, the 'could not be read' message; issue 26: QTI reads 2.x too). */
    importLabel: string;
    extensions: readonly string[];
    mediaType: string;
    fileName: string;
  }
> = {
  moodle: {
    label: 'Moodle XML',
    importLabel: 'Moodle XML',
    extensions: ['xml'],
    mediaType: 'application/xml',
    fileName: 'questions-moodle.xml',
  },
  gift: {
    label: 'GIFT',
    importLabel: 'GIFT',
    extensions: ['txt', 'gift'],
    mediaType: 'text/plain; charset=utf-8',
    fileName: 'questions-gift.txt',
  },
  qti: {
    label: 'IMS QTI 3.0 package',
    importLabel: 'IMS QTI package (2.1, 2.2 or 3.0)',
    extensions: ['zip'],
    mediaType: 'application/zip',
    fileName: 'questions-qti3.zip',
  },
};

/** The format a file name stands for ('' when none). */
export function formatOfFileName(name: string): InterchangeFormat | '' {
  const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  for (const f of interchangeFormats) if (interchangeFormatInfo[f].extensions.includes(ext)) return f;
  return '';
}

/** Ours: an interchange file may be at most 20 MB (Moodle XML carries its images base64-encoded). */
export const INTERCHANGE_MAX_BYTES = 20 * 1024 * 1024;
/** Ours: questions one file may hold, and one export may write. */
export const INTERCHANGE_MAX_QUESTIONS = 5_000;
/** The background task's type (the task manager lists it). */
export const INTERCHANGE_TASK_TYPE = taskTypes.questionInterchange.type;

/**
 * Messages of the interchange (ours; the spec has none for it). Reasons a question is refused are per
 * question: the rest of the file imports.
 */
export const interchangeMessages = {
  queued: 'Check Task manager for status',
  noFile: 'Please select the file.',
  wrongFormat: 'The file is not a Moodle XML, GIFT or QTI package file.',
  tooLarge: 'Please upload a file less than 20 MB.',
  unreadable: (format: string, why: string) => `The ${format} file could not be read: ${why}`,
  tooManyQuestions: `A file may hold at most ${INTERCHANGE_MAX_QUESTIONS} questions.`,
  noQuestions: 'The file holds no question.',
  qtiVersion: (version: string) =>
    `the package holds ${version} items, a version that cannot be read: only IMS QTI 2.1, 2.2 and 3.0 items can be imported`,
  exportNothing: 'Please select questions, a topic or a category to export.',
  exportTooMany: `At most ${INTERCHANGE_MAX_QUESTIONS} questions can be exported at a time.`,
  unsupportedType: (type: string) =>
    `Question type '${type}' is not supported: only multiple choice (single or multiple answers), true/false and numerical questions can be imported.`,
  tolerance: (t: string) =>
    `The numerical answer's tolerance (${t}) is not a number of zero or more: only an absolute tolerance (the accepted distance from the answer) can be imported.`,
  numericalAnswers:
    'A numerical question must have exactly one correct answer (fraction 100) and no other answers.',
  partialCredit: 'A single-answer question must have exactly one answer worth 100%.',
  weightOutOfRange: 'An answer is worth less than -100% or more than 100%.',
  noCorrect: 'No answer is marked correct.',
  tooManyChoices: 'A question may have at most 6 choices.',
  tooFewChoices: 'A multiple choice question needs at least 2 choices.',
  noTopic:
    'The question has no topic: its category path names only a category (or nothing) and no topic was chosen in the dialog.',
  numericalPrivilege: 'You are not allowed to create Numerical questions.',
  imageMissing: (name: string) => `The image '${name}' is not in the file.`,
  imageInvalid: (name: string, why: string) => `The image '${name}' could not be stored: ${why}`,
  duplicateCode: (code: string) => `Question code ${code} already exists: skipped.`,
  imported: (code: string) => `Imported as ${code}.`,
  codeFromName: (code: string, name: string) => `Imported as ${code} (code made from the name '${name}').`,
  /** Issue 26: what an imported question lost, on its row (never "Imported as …" with content silently gone). */
  notCarried: (what: readonly string[]) => `Not carried: ${what.join('; ')}.`,
  weightsRefused: (why: string) => `The choice weights cannot be kept: ${why}`,
  done: (imported: number, total: number) => `${imported} of ${total} questions imported.`,
  topicRefused: (path: string, why: string) => `The topic '${path}' could not be created: ${why}`,
} as const;

/* ---------- LaTeX detection (import: which content type a text gets) ---------- */

/**
 * Whether a text holds TeX maths delimiters as the console's renderer reads them: `\(…\)`, `\[…\]`,
 * `$$…$$`, or `$…$` with a non-space after the opening and before the closing dollar and no digit after it
 * ("costs $5 and $10" is not maths).
 */
export function hasTexDelimiters(text: string | null | undefined): boolean {
  if (!text) return false;
  if (/\\\([\s\S]+?\\\)/.test(text) || /\\\[[\s\S]+?\\\]/.test(text) || /\$\$[\s\S]+?\$\$/.test(text))
    return true;
  return /(^|[^\\$])\$(?=\S)[^$\n]*?[^\s\\$]\$(?!\d)/.test(text) || /(^|[^\\$])\$[^\s$\\]\$(?!\d)/.test(text);
}

/* ---------- endpoints ---------- */

const optionalInt = optionalQuery(idParamSchema);

/** GET export: a selection of the grid (questionIds), or the subtree of a topic or a category. */
export const interchangeExportQuerySchema = z
  .object({
    format: interchangeFormatSchema,
    questionIds: z
      .preprocess(
        (v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]),
        z.array(idParamSchema).max(INTERCHANGE_MAX_QUESTIONS),
      )
      .default([]),
    topicId: optionalInt,
    categoryId: optionalInt,
  })
  .refine((q) => q.questionIds.length > 0 || q.topicId !== undefined || q.categoryId !== undefined, {
    message: interchangeMessages.exportNothing,
  });
export type InterchangeExportQuery = z.input<typeof interchangeExportQuerySchema>;

/** The "options" part of the import upload (before the file part). */
export const interchangeImportOptionsSchema = z.object({
  /** Absent: told by the file name's extension. */
  format: interchangeFormatSchema.optional(),
  /** Where questions without a topic in their category path go (the node selected in the tree). */
  topicId: idSchema.nullish(),
});
export type InterchangeImportOptions = z.input<typeof interchangeImportOptionsSchema>;

export const interchangeQueuedSchema = z.object({ message: z.string(), taskId: z.number().int() });

/** One question of an import as its output row reports it. */
export const interchangeRowSchema = z.object({
  /** Position in the file (1-based) and its name there. */
  index: z.number().int(),
  name: z.string(),
  status: z.enum(['imported', 'duplicate', 'refused']),
  code: z.string().nullable(),
  questionId: z.number().int().nullable(),
  remark: z.string(),
});
export type InterchangeRow = z.infer<typeof interchangeRowSchema>;

/** What an import task answers (the task's result). */
export const interchangeResultSchema = z.object({
  format: interchangeFormatSchema,
  total: z.number().int(),
  imported: z.number().int(),
  duplicates: z.number().int(),
  refused: z.number().int(),
  rows: z.array(interchangeRowSchema),
});
export type InterchangeResult = z.infer<typeof interchangeResultSchema>;

export const interchangeStatusSchema = z.object({
  taskId: z.number().int(),
  taskStatus: z.number().int(),
  progress: z.number(),
  taskDetails: z.string().nullable(),
  result: interchangeResultSchema.nullable(),
});
export type InterchangeStatus = z.infer<typeof interchangeStatusSchema>;

/** Import writes questions into the tree: either import privilege of the tree (ImportExcel or BulkImport). */
const importAccess = {
  privilege: [
    ['CategoryTopic', 'ImportExcel'],
    ['CategoryTopic', 'BulkImport'],
  ],
} as const;

export const interchangeEndpoints = endpointGroup('question-bank', {
  export: {
    method: 'GET',
    path: '/api/question-bank/interchange/export',
    summary:
      'Questions as Moodle XML, GIFT or a QTI 3.0 package: a selection (questionIds), or a topic or category subtree; own and subscribed questions the caller may view',
    access: { privilege: ['Question', 'ViewQuestion'] },
    query: interchangeExportQuerySchema,
    download: 'application/octet-stream',
    response: z.unknown(),
  },
  import: {
    method: 'POST',
    path: '/api/question-bank/interchange/import',
    summary:
      'Multipart: "options" (JSON: format, topicId) then "file" (Moodle XML, GIFT, or a QTI 2.1, 2.2 or 3.0 zip or single item, at most 20 MB); checked, then imported as a background task',
    access: importAccess,
    multipart: true,
    response: interchangeQueuedSchema,
    status: 201,
  },
  status: {
    method: 'GET',
    path: '/api/question-bank/interchange/import/:taskId',
    summary: "An interchange import's state, progress and per-question outcome",
    access: importAccess,
    params: z.object({ taskId: idParamSchema }),
    response: interchangeStatusSchema,
  },
});
