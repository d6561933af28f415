import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { exportCellsOf, exportColumns } from '@assess/contracts/student-import';
import { StudentStatus } from '@assess/contracts/students';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger } from 'fastify';
import type { Principal } from '../../platform/auth/principal';
import type { StudentQueries } from '../students';

/** Rows read per query while streaming the export. */
export const EXPORT_PAGE = 2000;

/**
 * StudentList.xlsx (part 1 §7 "ExportStudentExcel"): the grid's rows (the students module's query, in the
 * grid's order) and columns for the grid's filter, written with exceljs's streaming writer while the rows
 * are read page by page (keyset, never OFFSET), so memory stays flat however many students there are; the
 * writer waits for the client when the response's buffer is full.
 */
export function createStudentExportService(deps: {
  students: Pick<StudentQueries, 'reachOf' | 'studentRows'>;
  log: FastifyBaseLogger;
}) {
  const { students } = deps;
  return {
    async stream(p: Pick<Principal, 'providerId'>, query: { status?: string }): Promise<Readable> {
      const filter = {
        providerIds: await students.reachOf(p.providerId),
        active: query.status !== StudentStatus.Pending,
      };
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
        let beforeUserId: number | undefined;
        for (;;) {
          const rows = await students.studentRows(filter, { limit: EXPORT_PAGE, beforeUserId });
          for (const r of rows) ws.addRow(exportCellsOf(r)).commit();
          if (rows.length < EXPORT_PAGE) break;
          beforeUserId = rows[rows.length - 1].userId;
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
