import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { CreateOmrSheet } from '@assess/contracts/omr';
import { omrMessages as m } from '@assess/contracts/omr';
import type { DefinedTaskHandler } from '../../platform/jobs/tasks.service';
import type { ModuleDeps } from '../../platform/modules';
import { batchSummary, type PageOutcome, readPages } from './batch';
import type { OmrRepository } from './omr.repository';
import type { OmrService } from './omr.service';
import type { OmrTaskArgs } from './tasks';

type Read = Extract<PageOutcome, { kind: 'read' | 'queued' }>;

/** Per section, per question of the form: the marks read (null = unclear), from the page's answers. */
function answersOf(sheet: CreateOmrSheet, o: Read): (number[] | null)[][] {
  const out = sheet.sections.map((s) => Array.from({ length: s.questionCount }, (): number[] | null => []));
  for (const a of o.result.answers) if (out[a.section]) out[a.section][a.index] = a.marks;
  return out;
}

/**
 * The readOmrSheet task (issue 25): the stored zip unpacked and every page read on the CPU pool (batch.ts); a
 * clear page of a known student becomes that student's scored paper attempt; an unclear one is stored in the
 * correction queue with its scan (the read marks drawn over it) and reasons; failures are output rows with
 * theirs. The task ends with the summary ('OMR upload success. ' or 'OMR upload failed. ' and the counts).
 */
export function createOmrReadJob(
  deps: Pick<ModuleDeps, 'files' | 'cpu' | 'clock'> & {
    repo: OmrRepository;
    service: Pick<OmrService, 'score'>;
  },
): DefinedTaskHandler<OmrTaskArgs> {
  return async (ctx) => {
    const { testId, fileId } = ctx.args;
    const providerId = ctx.task.providerId;
    const { stream } = await deps.files.open(fileId, providerId);
    const zip = await buffer(stream);
    // unpacked, counted and hashed on the CPU pool (unpack.ts): the event loop only hands the bytes over
    const unpacked = await deps.cpu.run('omr.unpack', { zip });
    if ('refused' in unpacked) throw new Error(`${m.uploadFailed}${unpacked.refused}`);
    const forms = new Map((await deps.repo.forms(testId)).map((f) => [f.formId, f]));
    const sheets: Record<number, CreateOmrSheet> = Object.fromEntries(
      [...forms].map(([id, f]) => [id, f.sheet]),
    );
    const outcomes = await readPages(unpacked.pages, {
      testId,
      forms: sheets,
      seen: await deps.repo.seenHashes(testId),
      // the scan with the marks drawn is made for queued pages only (below): most pages never need it
      read: (input) => deps.cpu.run('omr.readPage', input),
      studentKnown: async (id) => (await deps.repo.assignedStudents(testId, [Number(id)])).size > 0,
      onPage: (done, total) => ctx.progress((100 * done) / Math.max(1, total)),
    });
    const all = [...unpacked.failed, ...outcomes];
    const rows: { name: string; failed: boolean; remark?: string }[] = [];
    for (const o of all) {
      if (o.kind === 'failed') {
        rows.push({
          name: o.page === null ? o.fileName : `${o.fileName} #${o.page + 1}`,
          failed: true,
          remark: o.reason,
        });
        continue;
      }
      const name = o.ref.pages > 1 ? `${o.ref.fileName} #${o.ref.page + 1}` : o.ref.fileName;
      if (o.kind === 'duplicate') {
        rows.push({ name, failed: false, remark: m.pageDuplicate });
        continue;
      }
      const form = forms.get(o.result.identity.formId);
      if (!form) continue;
      const answers = answersOf(form.sheet, o);
      const userId = Number(o.result.studentId);
      let reasons = o.kind === 'queued' ? o.reasons : [];
      const stored = await deps.repo.insertSheet({
        testId,
        providerId,
        formId: form.formId,
        page: o.result.identity.page,
        taskId: ctx.task.taskId,
        fileName: name,
        contentHash: o.ref.hash,
        status: o.kind === 'read' ? 4 : 2,
        reasons,
        studentIdRead: o.result.studentId,
        userId: o.kind === 'read' ? userId : null,
        answers,
        confidence: o.result.confidence,
        createdAt: deps.clock(),
      });
      if (!stored) {
        rows.push({ name, failed: false, remark: m.pageDuplicate });
        continue;
      }
      if (o.kind === 'read') {
        try {
          const scored = await deps.service.score(stored, userId, answers);
          await deps.repo.markScored(stored.sheetId, {
            userId,
            studentIdRead: o.result.studentId,
            answers,
            attemptId: scored.attemptId,
          });
          rows.push({
            name,
            failed: false,
            remark: `${m.pageRead} ${scored.actualScore} / ${scored.totalScore}`,
          });
          continue;
        } catch (err) {
          reasons = [(err as Error).message];
          await deps.repo.unclaim(stored.sheetId);
        }
      }
      const again = await deps.cpu
        .run('omr.readPage', {
          buf: o.ref.data,
          page: o.ref.page,
          forms: sheets,
          preview: true,
        })
        .catch(() => null);
      const preview = again?.ok ? again.preview : undefined;
      const saved = preview
        ? await deps.files.save({
            providerId,
            userId: ctx.principal.userId,
            fileName: `${name}.jpg`,
            content: Readable.from([Buffer.from(preview)]),
            maxBytes: 8 * 1024 * 1024,
            accept: ['jpg'],
          })
        : null;
      await deps.repo.queueDetails(stored.sheetId, { scanFileId: saved?.fileId ?? null, reasons });
      rows.push({ name, failed: false, remark: `${m.pageQueued}: ${reasons.join(' ')}` });
    }
    await ctx.outputs(rows);
    const summary = batchSummary(all);
    if (summary.read + summary.queued + summary.duplicates === 0) throw new Error(summary.message);
    return summary;
  };
}
