import { z } from 'zod';
import { idParamSchema, idSchema } from '../common/ints';
import { type ConfigurationOption, configurationOptionSchema } from '../configuration/schemas';
import { isValidStudentPassword } from '../students/rules';
import type { StudentRow } from '../students/schemas';
import { studentImportMessages as m } from './messages';

const optionalId = idSchema.nullable();

/**
 * The upload form (part 1 §2 "Bulk student upload form") without the file: state, city, native language,
 * education board, class, test series, and an optional password (+ confirm) that overrides the sheet's
 * passcodes. The dialog (react-hook-form) and the route validate with this schema.
 */
export const importOptionsSchema = z
  .object({
    stateId: optionalId,
    cityId: optionalId,
    languageId: optionalId,
    boardId: optionalId,
    classId: optionalId,
    courseIds: z.array(idSchema).max(300),
    password: z.string().max(128),
    confirm: z.string().max(128),
  })
  .superRefine((v, ctx) => {
    if (v.password && !isValidStudentPassword(v.password))
      ctx.addIssue({ code: 'custom', path: ['password'], message: m.passwordPolicy });
    if (v.password !== v.confirm)
      ctx.addIssue({ code: 'custom', path: ['confirm'], message: m.passwordMismatch });
  });
export type ImportOptions = z.infer<typeof importOptionsSchema>;
export const emptyImportOptions: ImportOptions = {
  stateId: null,
  cityId: null,
  languageId: null,
  boardId: null,
  classId: null,
  courseIds: [],
  password: '',
  confirm: '',
};

export const importGroupSchema = z.object({
  message: z.string(),
  /** At most 4 items, then '...and N more'. */
  content: z.array(z.string()),
  /** Every item (the copy-all icon). */
  all: z.array(z.string()),
});

/** Step 1's answer: the checked file, how many rows are complete, and the grouped problems. */
export const importReportSchema = z.object({
  batchId: z.number().int(),
  fileName: z.string(),
  totalRows: z.number().int(),
  validRows: z.number().int(),
  groups: z.array(importGroupSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const batchIdParamSchema = z.object({ batchId: idParamSchema });

export const ImportState = {
  Checked: 'checked',
  Queued: 'queued',
  Running: 'running',
  Succeeded: 'succeeded',
  Failed: 'failed',
} as const;
export type ImportStateName = (typeof ImportState)[keyof typeof ImportState];

/** Step 2 and its progress: the background task's state, progress 0–100, and the outcome. */
export const importStatusSchema = z.object({
  batchId: z.number().int(),
  taskId: z.number().int().nullable(),
  state: z.enum(['checked', 'queued', 'running', 'succeeded', 'failed']),
  progress: z.number().int().min(0).max(100),
  validRows: z.number().int(),
  imported: z.number().int(),
  /** Rows refused while importing (duplicates found at that moment), grouped. */
  groups: z.array(importGroupSchema),
  /** Why the whole import failed (licence, role, ...), when it did. */
  message: z.string().nullable(),
});
export type ImportStatus = z.infer<typeof importStatusSchema>;

/** The outcome a finished import task keeps as its result. */
export const importResultSchema = z.object({
  imported: z.number().int(),
  groups: z.array(importGroupSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

const option = configurationOptionSchema;
export type ImportLookupOption = ConfigurationOption;
/** The dialog's lists: the caller's provider's active configuration values and assignable test series. */
export const importLookupsSchema = z.object({
  states: z.array(option),
  cities: z.array(option),
  languages: z.array(option),
  boards: z.array(option),
  classes: z.array(option),
  courses: z.array(z.object({ courseId: z.number().int(), text: z.string() })),
});
export type ImportLookups = z.infer<typeof importLookupsSchema>;

/** GET /api/students/export?status: '2' = pending students, anything else = active (the grid's filter). */
export const exportQuerySchema = z.object({ status: z.string().max(10).optional() });
export const EXPORT_FILE_NAME = 'StudentList.xlsx';
/** The grid's columns (part 1 §2 "Students"), in order, as the export's header row. */
export const exportColumns = [
  'Full Name',
  'Class',
  'Board',
  'Email',
  'Mobile No',
  'State',
  'City',
  'Parent Mobile',
  'Parent Email',
] as const;

/** A grid row as the export's cells, in `exportColumns` order (no value: empty text). */
export const exportCellsOf = (r: StudentRow): string[] =>
  [r.fullName, r.class, r.board, r.email, r.mobile, r.state, r.city, r.parentMobile, r.parentEmail].map(
    (v) => v ?? '',
  );
