// OMR paper tests (issue 25; part 3 §2 tests list menu and the OMR answer zip upload dialog, §4 row rules, §5 "OMR
// answer upload", §6 DownloadTest / UploadAnswerSheets / DownloadOMR and the OMREnabled flag, §7 "Analytics and
// OMR" createOmrSheet / readOmrSheet, §8 OMR messages, §9 limits). Messages word for word; ours are marked.
import { z } from 'zod';
import { endpointGroup } from '../common';
import { idParamSchema } from '../common/ints';
import { MAX_CHOICE_FORMAT, MAX_CHOICES, MIN_CHOICE_FORMAT } from '../questions/codes';

/* ---------- limits and defaults (§9; ours marked) ---------- */

/** §9: the answer zip holds at most 10 MB (10485760 bytes), one file. */
export const OMR_ZIP_MAX_BYTES = 10_485_760;
/** §9: student id digits 5, test id digits 0. */
export const OMR_STUDENT_ID_DIGITS = 5;
export const OMR_TEST_ID_DIGITS = 0;
/** Ours: an id grid has at most 9 columns (an int4 id). */
export const OMR_ID_DIGITS_MAX = 9;
/** §9: at most 6 choices, at most 10 sections. */
export const OMR_CHOICES_MAX = MAX_CHOICES;
export const OMR_SECTIONS_MAX = 10;
/** Ours: questions of one section on the sheet. */
export const OMR_SECTION_QUESTIONS_MAX = 200;
/** Ours: the sheet's layout version (printed in the QR; the reader refuses a version it does not know). */
export const OMR_LAYOUT_VERSION = 1;
/** Ours (zip safety): pages and entries a zip may hold, what it may unpack to, one page at most. */
export const OMR_ZIP_MAX_ENTRIES = 2_000;
export const OMR_ZIP_MAX_UNPACKED_BYTES = 256 * 1024 * 1024;
export const OMR_PAGE_MAX_BYTES = 48 * 1024 * 1024;
/** Page files the zip may hold (multi-page TIFFs and PDFs are split). */
export const OMR_PAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'tif', 'tiff', 'pdf'] as const;
/** The task type of an answer upload (task manager). */
export const OMR_READ_TASK_TYPE = 'omr.readSheets';
export const omrPaperSizes = ['A4', 'Letter'] as const;
export type OmrPaperSize = (typeof omrPaperSizes)[number];

/* ---------- messages (§8 word for word; ours marked) ---------- */

export const omrMessages = {
  downloaded: 'OMR download successfully',
  // Ours (Download Test: the spec gives no text).
  testDownloaded: 'Test download successfully',
  uploadSuccess: 'OMR upload success. ',
  uploadFailed: 'OMR upload failed. ',
  extension: 'This file extension is not supported!. Suported extension is zip. ',
  tooLarge: 'Please upload file less than 10 MB. ',
  oneFile: 'Please do not upload more than 1 file.',
  duplicateFile: 'Dublicate file is not Attached.',
  // Ours (the spec gives no text).
  selectFile: 'Please select the file.',
  notAZip: 'The file is not a zip archive (or it is damaged).',
  unsafeZip: 'The zip is refused: it holds unsafe paths, links, too many files or unpacks to too much.',
  noPages: 'The zip holds no page images (JPG, PNG, TIFF or PDF).',
  formName: 'Form name is mandatory.',
  sectionName: 'Section name is mandatory.',
  questionCount: `Question count must be between 1 and ${OMR_SECTION_QUESTIONS_MAX}.`,
  numberOfChoices: `Number of choices must be between 2 and ${MAX_CHOICES}.`,
  choiceType: `Choice format must be between ${MIN_CHOICE_FORMAT} and ${MAX_CHOICE_FORMAT}.`,
  sections: `A sheet has 1 to ${OMR_SECTIONS_MAX} sections.`,
  idDigits: `Id digits must be between 0 and ${OMR_ID_DIGITS_MAX}.`,
  studentIdDigits: `Student id digits must be between 1 and ${OMR_ID_DIGITS_MAX}.`,
  testNotFound: 'Test not found.',
  taskNotFound: 'Upload not found.',
  sheetNotFound: 'Sheet not found.',
  formNotFound: 'This OMR form was not printed for this test.',
  noQuestions: 'Questions are yet to be added to the test. Please do the needful.',
  corrected: 'Sheet corrected and scored.',
  unknownStudent: 'No student of this test has this id.',
  noStudents: 'No student is assigned to this test: there is no sheet to pre-print.',
  answersShape: 'The answers do not match the sheet.',
  // Outcomes of one page (the task's subtask remarks and the summary).
  pageRead: 'Read and scored.',
  pageQueued: 'Queued for correction',
  pageDuplicate: 'This scan was already read.',
  pageOtherTest: 'This page belongs to another test',
  pageNoMarkers: 'The corner markers were not found (page cut off, blank or not an OMR sheet).',
  pageNoQr: 'The QR code could not be read.',
  pageEmpty: 'The file is empty.',
  pageNotImage: 'The file is not a JPG, PNG, TIFF or PDF page.',
  pageTooLarge: 'The page is larger than 48 MB.',
  pageUnreadable: 'The image could not be decoded.',
} as const;

/* ---------- createOmrSheet (§7) ---------- */

const text = (max: number, message: string) => z.string().trim().min(1, message).max(max);

export const omrSheetSectionSchema = z.object({
  sectionName: text(100, omrMessages.sectionName),
  questionCount: z
    .number({ error: omrMessages.questionCount })
    .int(omrMessages.questionCount)
    .min(1, omrMessages.questionCount)
    .max(OMR_SECTION_QUESTIONS_MAX, omrMessages.questionCount),
  numberOfChoices: z
    .number({ error: omrMessages.numberOfChoices })
    .int(omrMessages.numberOfChoices)
    .min(2, omrMessages.numberOfChoices)
    .max(MAX_CHOICES, omrMessages.numberOfChoices),
  choiceType: z
    .number({ error: omrMessages.choiceType })
    .int(omrMessages.choiceType)
    .min(MIN_CHOICE_FORMAT, omrMessages.choiceType)
    .max(MAX_CHOICE_FORMAT, omrMessages.choiceType),
});
export type OmrSheetSection = z.infer<typeof omrSheetSectionSchema>;

/** §7 createOmrSheet body; paperSize is ours (A4 by default). */
export const createOmrSheetSchema = z.object({
  formName: text(100, omrMessages.formName),
  testIdDigits: z
    .number({ error: omrMessages.idDigits })
    .int(omrMessages.idDigits)
    .min(0, omrMessages.idDigits)
    .max(OMR_ID_DIGITS_MAX, omrMessages.idDigits)
    .default(OMR_TEST_ID_DIGITS),
  studentIdDigits: z
    .number({ error: omrMessages.studentIdDigits })
    .int(omrMessages.studentIdDigits)
    .min(1, omrMessages.studentIdDigits)
    .max(OMR_ID_DIGITS_MAX, omrMessages.studentIdDigits)
    .default(OMR_STUDENT_ID_DIGITS),
  sections: z
    .array(omrSheetSectionSchema)
    .min(1, omrMessages.sections)
    .max(OMR_SECTIONS_MAX, omrMessages.sections),
  paperSize: z.enum(omrPaperSizes).default('A4'),
  /** Ours: one sheet per assigned student, pre-printed with the name and student id (not part of the form). */
  prePrinted: z.boolean().optional(),
});
export type CreateOmrSheet = z.output<typeof createOmrSheetSchema>;
export type CreateOmrSheetInput = z.input<typeof createOmrSheetSchema>;

/** What the sheet carries in its QR: test, paper form, layout version, page (1-based). */
export type OmrSheetIdentity = { testId: number; formId: number; version: number; page: number };
/** `OMR1|<testId>|<formId>|<page>`: short, so the QR stays at version 2 with high error correction. */
export const omrQrText = (id: OmrSheetIdentity) => `OMR${id.version}|${id.testId}|${id.formId}|${id.page}`;
export function parseOmrQr(textValue: string): OmrSheetIdentity | null {
  const m = /^OMR(\d+)\|(\d{1,10})\|(\d{1,10})\|(\d{1,3})$/.exec(textValue.trim());
  if (!m) return null;
  const [version, testId, formId, page] = m.slice(1).map(Number);
  return { version, testId, formId, page };
}

/* ---------- readOmrSheet (§7) and the correction queue (ours) ---------- */

/** A sheet's read: per question the marked choices (1-based), null = ambiguous (queued). */
export type OmrAnswers = (number[] | null)[][];

export const omrUploadStartedSchema = z.object({
  message: z.string(),
  taskId: z.number().int(),
});
/** The upload's task as the dialog follows it; the summary (read, queued, failed, already read) once done. */
export const omrUploadStatusSchema = z.object({
  taskId: z.number().int(),
  state: z.enum(['queued', 'running', 'succeeded', 'failed']),
  progress: z.number().min(0).max(100),
  read: z.number().int(),
  queued: z.number().int(),
  failed: z.number().int(),
  duplicates: z.number().int(),
  /** 'OMR upload success. …' or 'OMR upload failed. …' once done. */
  message: z.string().nullable(),
});
export type OmrUploadStatus = z.infer<typeof omrUploadStatusSchema>;

export const omrFormSchema = z.object({
  testId: z.number().int(),
  testName: z.string(),
  testCode: z.string(),
  /** The sheet the console proposes: the test's sections with their question counts and choice formats. */
  sheet: createOmrSheetSchema,
});

export const OmrSheetStatus = { Scored: 1, Queued: 2, Failed: 3 } as const;
export const omrQueueItemSchema = z.object({
  sheetId: z.number().int(),
  formId: z.number().int(),
  page: z.number().int(),
  fileName: z.string(),
  status: z.number().int(),
  reasons: z.array(z.string()),
  studentIdRead: z.string(),
  userId: z.number().int().nullable(),
  studentName: z.string().nullable(),
  confidence: z.number(),
  /** Per section, per question: the marks read (choices 1-based); null = ambiguous. */
  answers: z.array(z.array(z.array(z.number().int()).nullable())),
  sections: z.array(omrSheetSectionSchema),
  attemptId: z.number().int().nullable(),
  score: z.number().nullable(),
  createdAt: z.string(),
});
export type OmrQueueItem = z.infer<typeof omrQueueItemSchema>;
export const omrSheetListSchema = z.object({ items: z.array(omrQueueItemSchema) });

/** Staff's correction: the student (by user id or the printed id) and every question's marks. */
export const omrCorrectionSchema = z.object({
  studentId: z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, omrMessages.unknownStudent),
  answers: z
    .array(
      z
        .array(z.array(z.number().int().min(1).max(MAX_CHOICES)).max(MAX_CHOICES))
        .max(OMR_SECTION_QUESTIONS_MAX),
    )
    .max(OMR_SECTIONS_MAX),
});
export type OmrCorrection = z.infer<typeof omrCorrectionSchema>;
export const omrCorrectedSchema = z.object({
  message: z.string(),
  attemptId: z.number().int(),
  score: z.number(),
});

const testParams = z.object({ testId: idParamSchema });
const sheetParams = z.object({ sheetId: idParamSchema });
const downloadOmr = { privilege: ['Test', 'DownloadOMR'] } as const;
const upload = { privilege: ['Test', 'UploadAnswerSheets'] } as const;
const downloadTest = { privilege: ['Test', 'DownloadTest'] } as const;

export const omrEndpoints = endpointGroup('OMR', {
  form: {
    method: 'GET',
    path: '/api/omr/tests/:testId/form',
    summary: "The OMR dialog's defaults: the test's sections (DownloadOMR, OMREnabled, scheduleStatus 5)",
    access: downloadOmr,
    params: testParams,
    response: omrFormSchema,
  },
  createOmrSheet: {
    method: 'POST',
    path: '/api/omr/tests/:testId/sheet',
    summary:
      'createOmrSheet (§7): the answer sheet as a PDF (A4 or Letter); freezes a paper form of the test',
    access: downloadOmr,
    params: testParams,
    body: createOmrSheetSchema,
    download: 'application/pdf',
    response: z.unknown(),
  },
  downloadTest: {
    method: 'POST',
    path: '/api/omr/tests/:testId/paper',
    summary:
      "Download Test: the question paper as a PDF, in the order of the test's latest paper form (frozen now when there is none; a later Download OMR with the proposed sheet reuses it)",
    access: downloadTest,
    params: testParams,
    download: 'application/pdf',
    response: z.unknown(),
  },
  readOmrSheet: {
    method: 'POST',
    path: '/api/omr/tests/:testId/answers',
    summary:
      'readOmrSheet (§7): multipart zipFile (one .zip ≤ 10 MB of page scans); read as a background task (task manager)',
    access: upload,
    params: testParams,
    multipart: true,
    status: 201,
    response: omrUploadStartedSchema,
  },
  status: {
    method: 'GET',
    path: '/api/omr/tasks/:taskId',
    summary: "An answer upload's state, progress and summary",
    access: upload,
    params: z.object({ taskId: idParamSchema }),
    response: omrUploadStatusSchema,
  },
  sheets: {
    method: 'GET',
    path: '/api/omr/tests/:testId/sheets',
    summary: "The test's read sheets, the queued ones first (the correction queue)",
    access: upload,
    params: testParams,
    query: z.object({ queued: z.enum(['true', 'false']).optional() }),
    response: omrSheetListSchema,
  },
  scan: {
    method: 'GET',
    path: '/api/omr/sheets/:sheetId/scan',
    summary: 'The page as read (JPEG), with the read marks drawn over it',
    access: upload,
    params: sheetParams,
    download: 'image/jpeg',
    response: z.unknown(),
  },
  correct: {
    method: 'PUT',
    path: '/api/omr/sheets/:sheetId',
    summary: 'Fixes a queued sheet (student id and marks), then scores it as the student’s paper attempt',
    access: upload,
    params: sheetParams,
    body: omrCorrectionSchema,
    response: omrCorrectedSchema,
  },
});
