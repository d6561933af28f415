import { checkLicenceLimit, type ProviderTypeId, rolesByProviderType } from '@assess/contracts/access';
import {
  groupProblems,
  type ImportResult,
  type ImportStudentRow,
  studentImportMessages as m,
  rowLine,
} from '@assess/contracts/student-import';
import type { UnitOfWork } from '../../platform/db/unit-of-work';
import type { DefinedTaskContext } from '../../platform/jobs';
import type { ModuleDeps } from '../../platform/modules';
import type { StudentQueries } from '../students';
import { HASH_CONCURRENCY, hashDistinct } from './hash-pool';
import { againstExisting, checkRows, type RowEntry, todayOf } from './rows';
import { readStudentSheet } from './sheet';
import type { NewImportStudent, StudentImportRepository } from './student-import.repository';
import type { ImportTaskArgs } from './tasks';

/** Rows per transaction: each chunk is hashed, then inserted set-based in one short transaction. */
export const IMPORT_CHUNK = 500;

/** An error whose message the user sees as the reason the whole import failed. */
class ImportFailure extends Error {}

/**
 * The background import of one checked batch (the task 'students.import'). Re-reads the stored file and
 * re-checks it (users may have been added since step 1), skips the rows this batch already created (a
 * retried run), checks the licence for the whole batch, then hashes and inserts chunk by chunk with
 * progress. Each row is created entirely or not at all; a row whose e-mail or mobile is taken by then is
 * reported on its row.
 */
export function createImportJob(
  deps: Pick<ModuleDeps, 'files' | 'clock'> & {
    repo: StudentImportRepository;
    students: Pick<StudentQueries, 'countStudents'>;
    /** One chunk: the licence count under the provider's lock, then the set-based insert. */
    withTransaction: UnitOfWork<{
      imports: Pick<StudentImportRepository, 'insertStudents'>;
      students: Pick<StudentQueries, 'lockAndCountStudents'>;
    }>;
    concurrency?: number;
  },
) {
  const { repo } = deps;
  return async function runImport(ctx: DefinedTaskContext<ImportTaskArgs>): Promise<ImportResult> {
    const batch = await repo.findBatchById(ctx.args.batchId);
    if (!batch?.fileId) throw new ImportFailure(m.noRows);
    const provider = await repo.providerLimits(batch.providerId);
    if (!provider || !rolesByProviderType[provider.providerTypeId as ProviderTypeId]?.length)
      throw new ImportFailure(m.roleNotFound);
    const actorId = ctx.principal.userId;

    const file = await deps.files.open(batch.fileId, batch.providerId);
    file.stream.destroy();
    const buf = await deps.files.store.get(file.file.key);
    const kind = file.file.contentType.includes('ms-excel') ? 'xls' : 'xlsx';
    const sheet = await readStudentSheet(buf, kind).catch((err) => {
      throw new ImportFailure((err as Error).message);
    });
    await ctx.progress(2, m.importing);

    const done = await repo.importedRows(batch.batchId);
    const { candidates } = checkRows(sheet.rows, {
      formPassword: Boolean(batch.passwordHash),
      today: todayOf(deps.clock()),
      date1904: sheet.date1904,
    });
    const pending = candidates.filter((c) => !done.has(c.sheetRow));
    const existing = await repo.existingContacts(
      pending.map((c) => c.email),
      pending.map((c) => c.mobile),
    );
    const { free, taken } = againstExisting(pending, existing);
    const refused: RowEntry[] = [...taken];

    const current = await deps.students.countStudents(batch.providerId);
    const over = checkLicenceLimit(provider.limits, 'Students', current, free.length);
    if (free.length && over) throw new ImportFailure(m.licence);

    const hashes = new Map<string, string>();
    let imported = done.size;
    for (let i = 0; i < free.length; i += IMPORT_CHUNK) {
      if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error('aborted');
      const chunk = free.slice(i, i + IMPORT_CHUNK);
      if (!batch.passwordHash) {
        await hashDistinct(
          chunk.map((r) => r.passCode ?? ''),
          { known: hashes, concurrency: deps.concurrency ?? HASH_CONCURRENCY, signal: ctx.signal },
        );
      }
      const rows: NewImportStudent[] = chunk.map((r) => ({
        ...r,
        passwordHash: batch.passwordHash ?? (hashes.get(r.passCode ?? '') as string),
      }));
      const created = await deps.withTransaction(async ({ imports, students }) => {
        const n = await students.lockAndCountStudents(batch.providerId);
        if (checkLicenceLimit(provider.limits, 'Students', n, rows.length))
          throw new ImportFailure(m.licence);
        return imports.insertStudents({
          batchId: batch.batchId,
          providerId: batch.providerId,
          actorId,
          now: deps.clock(),
          options: batch.options,
          rows,
        });
      });
      imported += created.length;
      if (created.length < chunk.length) {
        const made = new Set(created.map((c) => c.sheetRow));
        const lost = chunk.filter((c) => !made.has(c.sheetRow));
        const now = await repo.existingContacts(
          lost.map((c) => c.email),
          lost.map((c) => c.mobile),
        );
        const again = againstExisting(lost, now);
        refused.push(...again.taken);
        // Taken by nobody we can see (a concurrent insert rolled back): still not imported, say so.
        for (const row of again.free)
          refused.push({ row, problems: [{ kind: 'duplicate', message: m.failedDuplicates }] });
      }
      await ctx.progress(2 + (97 * Math.min(free.length, i + chunk.length)) / free.length, m.importing);
    }
    await repo.clearBatchPassword(batch.batchId, deps.clock());
    // Rows the user was already told about in step 1 (and confirmed to skip) are not reported again.
    const told = new Set(batch.report.flatMap((g) => g.all));
    const groups = groupProblems(
      refused
        .filter((e) => !told.has(rowLine(e.row as ImportStudentRow)))
        .sort((a, b) => a.row.sheetRow - b.row.sheetRow),
    );
    // The task's details end as a summary, not the last progress text.
    await ctx.progress(100, `${imported} imported; ${refused.length} not imported`);
    return { imported, groups };
  };
}
