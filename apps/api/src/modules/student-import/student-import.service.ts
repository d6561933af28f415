import type { Readable } from 'node:stream';
import { Package, type ProviderTypeId, rolesByProviderType } from '@assess/contracts/access';
import { type ConfigurationKey, listNameOf } from '@assess/contracts/configuration';
import {
  fill,
  groupProblems,
  IMPORT_EXTENSIONS,
  IMPORT_MAX_BYTES,
  type ImportOptions,
  type ImportStatus,
  importResultSchema,
  studentImportMessages as m,
} from '@assess/contracts/student-import';
import { TaskStatus } from '@assess/contracts/tasks';
import { assertWithinLicence } from '../../platform/access/licence';
import { hashPassword } from '../../platform/auth/passwords';
import type { Principal } from '../../platform/auth/principal';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/http/errors';
import type { ModuleDeps } from '../../platform/modules';
import type { ConfigurationReader } from '../configuration';
import type { StudentQueries } from '../students';
import { againstExisting, checkRows, todayOf } from './rows';
import { readStudentSheet } from './sheet';
import type { BatchOptions, StudentImportRepository } from './student-import.repository';
import { studentImportTask } from './tasks';

export const IMPORT_TASK_TYPE = studentImportTask.type;

/** The upload form's selects and the configuration list each one's value must be an active value of. */
const optionKeys = {
  stateId: 'State',
  cityId: 'City',
  languageId: 'Language',
  boardId: 'EducationBoard',
  classId: 'Class',
} as const satisfies Record<string, ConfigurationKey>;
type OptionField = keyof typeof optionKeys;
type Caller = Pick<Principal, 'userId' | 'providerId' | 'providerTypeId' | 'packageId' | 'licence'>;

/** Import is refused on the Trial package (part 1 §9) and needs a role for the provider type (part 1 §5). */
export function assertCanImport(p: Pick<Principal, 'packageId' | 'providerTypeId'>) {
  if (p.packageId === Package.Trial) throw forbidden(m.trial);
  if (!rolesByProviderType[p.providerTypeId as ProviderTypeId]?.length) throw badRequest(m.roleNotFound);
}

/** A failed run shows its reason when it is one of ours, otherwise the spec's generic upload failure. */
const knownFailures = new Set<string>([
  m.licence,
  m.roleNotFound,
  m.trial,
  m.corrupt,
  m.passwordProtected,
  m.noRows,
]);
const failureText = (details: string | null) =>
  details && knownFailures.has(details) ? details : m.failedDuplicates;

/** The spreadsheet kind the parser should use for sniffed content. */
const sheetKind = (kind: string | undefined) => (kind === 'xls' || kind === 'ole2' ? 'xls' : 'xlsx');

/**
 * Bulk student upload (part 1 §5 "Bulk student upload"): step 1 stores and checks the file and reports the
 * grouped problems (a batch); step 2 queues the batch's import as a background task.
 */
export function createStudentImportService(
  deps: Pick<ModuleDeps, 'files' | 'tasks' | 'clock'> & {
    repo: StudentImportRepository;
    /** The students module's shared queries: the licence's student count and the assignable test series. */
    students: Pick<StudentQueries, 'countStudents' | 'assignableCourses'>;
    /** The configuration module's reader: the provider's active lists. */
    configuration: Pick<ConfigurationReader, 'listsFor'>;
  },
) {
  const { repo, students } = deps;

  async function checkOptions(p: Caller, options: BatchOptions) {
    const lists = await deps.configuration.listsFor(p.providerId);
    const fields: Record<string, string[]> = {};
    for (const field of Object.keys(optionKeys) as OptionField[]) {
      const id = options[field];
      const key = optionKeys[field];
      if (id !== null && !lists[listNameOf(key)].some((o) => o.id === id))
        fields[field] = [fill(m.invalidOption, { field: key })];
    }
    const courseIds = [...new Set(options.courseIds)];
    const courses = await students.assignableCourses(p.providerId, deps.clock(), courseIds);
    if (courses.length !== courseIds.length) fields.courseIds = [m.invalidCourse];
    const first = Object.values(fields)[0];
    if (first) throw badRequest(first[0], fields);
    return { ...options, courseIds };
  }

  return {
    /** The dialog's selects: configuration lists and assignable test series of the caller's provider. */
    async lookups(p: Caller) {
      const [lists, courses] = await Promise.all([
        deps.configuration.listsFor(p.providerId),
        students.assignableCourses(p.providerId, deps.clock()),
      ]);
      return {
        states: lists.state,
        cities: lists.city,
        languages: lists.language,
        boards: lists.educationBoard,
        classes: lists.class,
        courses: courses.map(({ courseId, text }) => ({ courseId, text })),
      };
    },

    /**
     * Step 1: stores the upload (content must be .xls/.xlsx, at most 10 MB), reads it, checks every row and
     * records a batch with the report. Nothing is imported yet. The licence must allow every complete row.
     */
    async check(p: Caller, input: { fileName: string; content: Readable; options: ImportOptions }) {
      assertCanImport(p);
      const { password, confirm: _confirm, ...rest } = input.options;
      const options = await checkOptions(p, rest);
      const saved = await deps.files
        .save({
          providerId: p.providerId,
          userId: p.userId,
          fileName: input.fileName,
          content: input.content,
          maxBytes: IMPORT_MAX_BYTES,
          accept: [...IMPORT_EXTENSIONS],
        })
        .catch((err) => {
          if (err instanceof AppError && err.statusCode === 415) throw new AppError(415, m.notSpreadsheet);
          if (err instanceof AppError && err.statusCode === 413) throw new AppError(413, m.tooLarge);
          throw err;
        });
      try {
        const buf = await deps.files.store.get(saved.key);
        const sheet = await readStudentSheet(buf, sheetKind(saved.kind));
        const now = deps.clock();
        const { entries, candidates } = checkRows(sheet.rows, {
          formPassword: Boolean(password),
          today: todayOf(now),
          date1904: sheet.date1904,
        });
        const existing = await repo.existingContacts(
          candidates.map((c) => c.email),
          candidates.map((c) => c.mobile),
        );
        const { free, taken } = againstExisting(candidates, existing);
        const report = groupProblems([...entries, ...taken].sort((a, b) => a.row.sheetRow - b.row.sheetRow));
        if (free.length)
          assertWithinLicence(p, 'Students', await students.countStudents(p.providerId), free.length);
        const batch = await repo.createBatch({
          providerId: p.providerId,
          userId: p.userId,
          fileId: saved.fileId,
          fileName: saved.fileName,
          options,
          passwordHash: password ? await hashPassword(password) : null,
          totalRows: sheet.rows.length,
          validRows: free.length,
          report,
          now,
        });
        return {
          batchId: batch.batchId,
          fileName: batch.fileName,
          totalRows: batch.totalRows,
          validRows: batch.validRows,
          groups: report,
        };
      } catch (err) {
        await deps.files.remove(saved.fileId, p.providerId).catch(() => {});
        throw err;
      }
    },

    /** Step 2 (after 'Click OK to import the rest of the students.'): queues the batch's import once. */
    async start(p: Caller, batchId: number) {
      assertCanImport(p);
      const batch = await repo.findBatch(batchId, p.providerId);
      if (!batch) throw notFound();
      if (batch.taskId !== null) throw conflict(m.alreadyRun);
      if (!batch.validRows) throw badRequest(m.nothingToImport);
      assertWithinLicence(p, 'Students', await students.countStudents(p.providerId), batch.validRows);
      const task = await deps.tasks.createTaskFor(p, IMPORT_TASK_TYPE, { batchId });
      if (!(await repo.setBatchTask(batchId, task.taskId, deps.clock()))) throw conflict(m.alreadyRun);
      return this.status(p, batchId);
    },

    /** The batch's import: state, progress and outcome (what the dialog's progress bar polls). */
    async status(p: Pick<Principal, 'providerId'>, batchId: number): Promise<ImportStatus> {
      const batch = await repo.findBatch(batchId, p.providerId);
      if (!batch) throw notFound();
      const base = {
        batchId,
        taskId: batch.taskId,
        validRows: batch.validRows,
        imported: 0,
        groups: [],
        message: null,
        progress: 0,
      };
      const task = batch.taskId ? await deps.tasks.find(batch.taskId) : undefined;
      if (!task) return { ...base, state: 'checked' };
      const result = importResultSchema.safeParse(task.result);
      const outcome = result.success ? result.data : { imported: 0, groups: [] };
      switch (task.taskStatus) {
        case TaskStatus.Draft:
          return { ...base, state: 'queued' };
        case TaskStatus.Started:
          return { ...base, state: 'running', progress: task.progress };
        case TaskStatus.Success:
          return { ...base, ...outcome, state: 'succeeded', progress: 100 };
        default:
          return {
            ...base,
            ...outcome,
            state: 'failed',
            progress: task.progress,
            message: failureText(task.taskDetails),
          };
      }
    },
  };
}
export type StudentImportService = ReturnType<typeof createStudentImportService>;
