import { Readable } from 'node:stream';
import { omrNotEnabledMessage } from '@assess/contracts/access';
import { commonMessages } from '@assess/contracts/common';
import {
  type CreateOmrSheet,
  omrMessages as m,
  OMR_READ_TASK_TYPE,
  OMR_SECTION_QUESTIONS_MAX,
  OMR_ZIP_MAX_BYTES,
  type OmrCorrection,
  type OmrQueueItem,
  type OmrUploadStatus,
} from '@assess/contracts/omr';
import { TaskStatus } from '@assess/contracts/tasks';
import { type TestRowAction, testActionIssue } from '@assess/contracts/tests';
import type { Principal } from '../../platform/auth/principal';
import { AppError, badRequest, forbidden, notFound } from '../../platform/http/errors';
import { ownTask } from '../../platform/jobs';
import type { ModuleDeps } from '../../platform/modules';
import type { PaperAttempts } from '../learner';
import type { OmrRepository, OmrSheetRow } from './omr.repository';
import { type ImageOpener, paperSections } from './paper.content';
import { paperPdf } from './paper.pdf';
import { sheetPdf } from './sheet.pdf';
import type { OmrTaskArgs } from './tasks';

export type OmrCaller = Pick<
  Principal,
  'providerId' | 'userId' | 'privileges' | 'roles' | 'licence' | 'contentProviderIds'
>;

/** The printed student id is the student's user id, zero-padded to the sheet's digits. */
export const studentIdOf = (userId: number, digits: number) => String(userId).padStart(digits, '0');

/** JSON with sorted keys: a sheet as sent and as stored (jsonb orders keys) compare equal. */
const canonical = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(canonical).join(',')}]`
    : v && typeof v === 'object'
      ? `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : JSON.stringify(v);

/**
 * OMR paper tests (issue 25): the dialog's proposal, createOmrSheet (a paper form frozen, the PDF), readOmrSheet
 * (the zip stored, a task queued), the read sheets and the correction of a queued one into a scored attempt.
 * Every call checks the test's row rule on the server (§4: scheduleStatus 5, the package's OMREnabled flag and
 * the action's privilege, testActionIssue) and the tenant (another provider's test is not found).
 */
export function createOmrService(
  deps: Pick<ModuleDeps, 'files' | 'tasks' | 'clock'> & {
    repo: OmrRepository;
    paper: Pick<PaperAttempts, 'freezeForm' | 'record'>;
    /** A question image of the caller's provider (or one it subscribes to). */
    images: {
      open(c: Pick<OmrCaller, 'providerId' | 'contentProviderIds'>, imageId: number): ReturnType<ImageOpener>;
    };
  },
) {
  const { repo } = deps;

  /**
   * The paper form a download prints: the test's latest form when its sheet is the one asked for (Download Test
   * and Download OMR of the same sheet print the same order), else the selection frozen anew as a new form.
   */
  async function paperForm(p: OmrCaller, testId: number, sheet: CreateOmrSheet) {
    const latest = await repo.latestForm(testId);
    if (latest && canonical(latest.sheet) === canonical(sheet)) return latest;
    const seed = 1 + Math.floor(Math.random() * 2_000_000_000);
    const sections = await deps.paper.freezeForm(testId, p, seed);
    if (!sections.some((s) => s.questions.length)) throw badRequest(m.noQuestions);
    const formId = await repo.insertForm({
      testId,
      providerId: p.providerId,
      sheet,
      sections,
      createdBy: p.userId,
      createdAt: deps.clock(),
    });
    return { formId, sheet, sections };
  }

  /** The OMR dialog's proposal: the test's sections with their question counts and choice formats. */
  async function proposal(t: { name: string }, testId: number): Promise<CreateOmrSheet> {
    const sections = (await repo.sections(testId)).map((s) => ({
      sectionName: s.name,
      questionCount: Math.min(OMR_SECTION_QUESTIONS_MAX, Math.max(1, s.questionCount)),
      numberOfChoices: 4,
      choiceType: s.choiceFormat,
    }));
    return {
      formName: t.name.slice(0, 100),
      testIdDigits: 0,
      studentIdDigits: 5,
      paperSize: 'A4',
      sections: sections.length
        ? sections.slice(0, 10)
        : [{ sectionName: 'Section 1', questionCount: 10, numberOfChoices: 4, choiceType: 3 }],
    };
  }

  async function testFor(p: OmrCaller, testId: number, action: TestRowAction) {
    const t = await repo.test(testId);
    if (!t || t.providerId !== p.providerId) throw notFound(m.testNotFound);
    const issue = testActionIssue(action, t, { ...p, omrEnabled: p.licence.OMREnabled });
    if (issue === commonMessages.forbidden || issue === omrNotEnabledMessage) throw forbidden(issue);
    if (issue) throw new AppError(409, issue);
    return t;
  }

  async function score(sheet: OmrSheetRow, userId: number, answers: (number[] | null)[][]) {
    const form = await repo.form(sheet.formId);
    if (!form) throw notFound(m.formNotFound);
    return deps.paper.record({
      testId: sheet.testId,
      userId,
      seed: form.formId,
      sections: form.sections,
      marks: answers.map((s) => s.map((q) => q ?? [])),
    });
  }

  return {
    score,

    async form(p: OmrCaller, testId: number) {
      const t = await testFor(p, testId, 'downloadOmr');
      return { testId, testName: t.name, testCode: t.code, sheet: await proposal(t, testId) };
    },

    /** createOmrSheet: the test's selection frozen as a paper form (paperForm), the PDF naming it in every QR. */
    async createSheet(p: OmrCaller, testId: number, sheet: CreateOmrSheet) {
      const t = await testFor(p, testId, 'downloadOmr');
      const { prePrinted, ...layout } = sheet;
      const students = prePrinted
        ? (await repo.studentsOf(testId)).map((s) => ({
            name: s.name ?? '',
            studentId: studentIdOf(s.userId, sheet.studentIdDigits),
          }))
        : undefined;
      if (students && !students.length) throw badRequest(m.noStudents);
      // pre-printing is not part of the form: the same sheet with or without names reads the same way
      const { formId } = await paperForm(p, testId, layout);
      const { pdf } = await sheetPdf({
        sheet: layout,
        testId,
        formId,
        testLine: `${t.code} · ${t.name}`,
        students,
      });
      return { pdf, fileName: `OMR-${t.code}.pdf` };
    },

    /**
     * Download Test: the question paper of the test's latest paper form, or of a form frozen now with the OMR
     * dialog's proposal (so a Download OMR of the proposed sheet then prints the answer sheet of the same form).
     */
    async downloadTest(p: OmrCaller, testId: number) {
      const t = await testFor(p, testId, 'downloadTest');
      const form = (await repo.latestForm(testId)) ?? (await paperForm(p, testId, await proposal(t, testId)));
      const versions = await repo.versions(form.sections.flatMap((s) => s.questions.map((q) => q.versionId)));
      const sections = await paperSections(form.sections, versions, (id) => deps.images.open(p, id));
      sections.forEach((s, i) => {
        s.choiceFormat = form.sheet.sections[i]?.choiceType ?? s.choiceFormat;
      });
      const pdf = await paperPdf({
        testId,
        formId: form.formId,
        testLine: `${t.code} · ${t.name}`,
        paperSize: form.sheet.paperSize,
        sections,
      });
      return { pdf, fileName: `Test-${t.code}-form-${form.formId}.pdf` };
    },

    /** readOmrSheet: the zip (already checked: .zip, ≤ 10 MB, one file) stored and read by a background task. */
    async startUpload(p: OmrCaller, testId: number, upload: { fileName: string; data: Buffer }) {
      await testFor(p, testId, 'uploadAnswers');
      const saved = await deps.files.save({
        providerId: p.providerId,
        userId: p.userId,
        fileName: upload.fileName,
        content: Readable.from([upload.data]),
        maxBytes: OMR_ZIP_MAX_BYTES,
        accept: ['zip'],
      });
      const args: OmrTaskArgs = { fileId: saved.fileId, fileName: upload.fileName, testId };
      try {
        const task = await deps.tasks.createTaskFor(p, OMR_READ_TASK_TYPE, args);
        return { message: m.uploadSuccess, taskId: task.taskId };
      } catch (err) {
        await deps.files.remove(saved.fileId, p.providerId).catch(() => undefined);
        throw err;
      }
    },

    /** The upload's task for the dialog: state, progress, and the summary once done. */
    async status(p: Pick<OmrCaller, 'providerId'>, taskId: number): Promise<OmrUploadStatus> {
      const task = await ownTask(deps.tasks, p, taskId, OMR_READ_TASK_TYPE, m.taskNotFound);
      const r = (task.result ?? {}) as Partial<Omit<OmrUploadStatus, 'state' | 'progress' | 'taskId'>>;
      const counts = {
        read: r.read ?? 0,
        queued: r.queued ?? 0,
        failed: r.failed ?? 0,
        duplicates: r.duplicates ?? 0,
      };
      if (task.taskStatus === TaskStatus.Draft)
        return { taskId, state: 'queued', progress: 0, ...counts, message: null };
      if (task.taskStatus === TaskStatus.Started)
        return { taskId, state: 'running', progress: task.progress, ...counts, message: null };
      if (task.taskStatus === TaskStatus.Success)
        return {
          taskId,
          state: 'succeeded',
          progress: 100,
          ...counts,
          message: r.message ?? m.uploadSuccess,
        };
      const details = task.taskDetails ?? '';
      return {
        taskId,
        state: 'failed',
        progress: task.progress,
        ...counts,
        message: details.startsWith(m.uploadFailed) ? details : `${m.uploadFailed}${details}`,
      };
    },

    async sheets(p: OmrCaller, testId: number, queuedOnly: boolean): Promise<OmrQueueItem[]> {
      await testFor(p, testId, 'uploadAnswers');
      const rows = await repo.sheets(testId, queuedOnly);
      const forms = new Map((await repo.forms(testId)).map((f) => [f.formId, f]));
      const names = await repo.assignedStudents(
        testId,
        rows.flatMap((r) => (r.userId ? [r.userId] : [])),
      );
      return rows.map((r) => ({
        sheetId: r.sheetId,
        formId: r.formId,
        page: r.page,
        fileName: r.fileName,
        status: r.status,
        reasons: r.reasons,
        studentIdRead: r.studentIdRead,
        userId: r.userId,
        studentName: r.userId ? (names.get(r.userId) ?? null) : null,
        confidence: r.confidence,
        answers: r.answers,
        sections: forms.get(r.formId)?.sheet.sections ?? [],
        attemptId: r.attemptId,
        score: null,
        createdAt: r.createdAt.toISOString(),
      }));
    },

    /** The scan of a sheet with the read marks drawn over it (stored when it was queued). */
    async scan(p: OmrCaller, sheetId: number) {
      const sheet = await repo.sheet(sheetId);
      if (!sheet || sheet.providerId !== p.providerId || !sheet.scanFileId) throw notFound(m.sheetNotFound);
      await testFor(p, sheet.testId, 'uploadAnswers');
      return deps.files.open(sheet.scanFileId, p.providerId);
    },

    /** Staff's fix of a queued sheet: the student and every mark; then it is scored as that student's attempt. */
    async correct(p: OmrCaller, sheetId: number, fix: OmrCorrection) {
      const sheet = await repo.sheet(sheetId);
      if (!sheet || sheet.providerId !== p.providerId) throw notFound(m.sheetNotFound);
      await testFor(p, sheet.testId, 'uploadAnswers');
      const form = await repo.form(sheet.formId);
      if (!form) throw notFound(m.formNotFound);
      const shape = form.sheet.sections;
      if (
        fix.answers.length !== shape.length ||
        fix.answers.some((s, i) => s.length !== shape[i].questionCount)
      )
        throw badRequest(m.answersShape);
      if (fix.answers.some((s, i) => s.some((q) => q.some((c) => c > shape[i].numberOfChoices))))
        throw badRequest(m.answersShape);
      const userId = Number(fix.studentId);
      if (!(await repo.assignedStudents(sheet.testId, [userId])).has(userId))
        throw badRequest(m.unknownStudent);
      if (!(await repo.claim(sheetId))) throw new AppError(409, m.sheetNotFound);
      try {
        const scored = await score(sheet, userId, fix.answers);
        await repo.markScored(sheetId, {
          userId,
          studentIdRead: fix.studentId,
          answers: fix.answers,
          attemptId: scored.attemptId,
        });
        return { message: m.corrected, attemptId: scored.attemptId, score: scored.actualScore };
      } catch (err) {
        await repo.unclaim(sheetId);
        throw err;
      }
    },
  };
}
export type OmrService = ReturnType<typeof createOmrService>;
