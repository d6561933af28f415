import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { exportColumns } from '@assess/contracts/student-import';
import { StudentStatus } from '@assess/contracts/students';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger } from 'fastify';
import type { Principal } from '../../platform/auth/principal';
import type { ModuleDeps } from '../../platform/modules';
import { createStudentExportRepository } from './student-export.repository';

/** Rows read per query while streaming the export. */
export const EXPORT_PAGE = 2000;

/**
 * StudentList.xlsx (part 1 §7 "ExportStudentExcel"): the grid's columns for the grid's filter, written with
 * exceljs's streaming writer while the rows are read page by page, so memory stays flat however many
 * students there are; the writer waits for the client when the response's buffer is full.
 */
export function createStudentExportService(deps: Pick<ModuleDeps, 'db'> & { log: FastifyBaseLogger }) {
  const repo = createStudentExportRepository(deps.db);
  return {
    async stream(p: Pick<Principal, 'providerId'>, filter: { status?: string }): Promise<Readable> {
      const active = filter.status !== StudentStatus.Pending;
      const providerIds = await repo.reachOf(p.providerId);
      const out = new PassThrough({ highWaterMark: 256 * 1024 });
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: out,
        useStyles: false,
        useSharedStrings: false,
      });
      const ws = wb.addWorksheet('Students');
      ws.columns = exportColumns.map((header) => ({
        header,
        width: header === 'Email' || header === 'Parent Email' ? 32 : 18,
      }));
      (async () => {
        let after = 0;
        for (;;) {
          const rows = await repo.page(providerIds, active, after, EXPORT_PAGE);
          for (const r of rows) {
            ws.addRow([
              r.fullName ?? '',
              r.className ?? '',
              r.board ?? '',
              r.email ?? '',
              r.mobile ?? '',
              r.state ?? '',
              r.city ?? '',
              r.parentMobile ?? '',
              r.parentEmail ?? '',
            ]).commit();
          }
          if (rows.length < EXPORT_PAGE) break;
          after = rows[rows.length - 1].userId;
          if (out.destroyed) return;
          if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
        }
        ws.commit();
        await wb.commit();
      })().catch((err) => {
        deps.log.error({ err }, 'student export failed');
        out.destroy(err as Error);
      });
      return out;
    },
  };
}
export type StudentExportService = ReturnType<typeof createStudentExportService>;
