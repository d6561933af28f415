import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import {
  analyticsContentNames,
  analyticsExecutionNames,
  formatDuration,
  formatMeasure,
} from '@assess/contracts/analytics';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger } from 'fastify';
import type { AnalyticsRepository } from './analytics.repository';
import type { AnalyticsCaller, AnalyticsService } from './analytics.service';

/** Attempts read per query while the per-student sheet streams. */
export const EXPORT_PAGE = 1000;
export const exportSheetNames = { nodes: 'Analytics', attempts: 'Attempts' } as const;

/** A sheet's columns: header → width (in characters), in order. */
const columns = (widths: Record<string, number>) =>
  Object.entries(widths).map(([header, width]) => ({ header, width }));

/**
 * ExportExcel (part 3 §7): the workbook is written with exceljs's streaming writer while the attempts are read
 * page by page (keyset by attempt id), so memory stays flat however many attempts there are. Sheet 'Analytics':
 * every node of the three content trees with the four measures (Low / Average / Top); sheet 'Attempts': one row
 * per closed attempt and one column per question seen (its marks).
 */
export function createAnalyticsExportService(deps: {
  analytics: AnalyticsRepository;
  service: Pick<AnalyticsService, 'allowedTest' | 'allNodes'>;
  log: FastifyBaseLogger;
}) {
  return {
    async stream(c: AnalyticsCaller, testId: number): Promise<Readable> {
      const test = await deps.service.allowedTest(c, testId);
      const nodes = await deps.service.allNodes(testId, test);
      const questions = await deps.analytics.questionsSeen(testId);
      const out = new PassThrough({ highWaterMark: 256 * 1024 });
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: out,
        useStyles: false,
        useSharedStrings: false,
      });
      (async () => {
        const ws = wb.addWorksheet(exportSheetNames.nodes);
        ws.columns = columns({
          Content: 18,
          Execution: 16,
          Node: 48,
          Questions: 10,
          Students: 10,
          Low: 14,
          Average: 14,
          Top: 14,
        });
        for (const { content, execution, path, node } of nodes)
          ws.addRow([
            analyticsContentNames[content as 1],
            analyticsExecutionNames[execution as 1],
            path.join(' / '),
            node.questionCount,
            node.studentCount,
            execution === 4 ? formatMeasure(4, node.low) : node.low,
            execution === 4 ? formatMeasure(4, node.average) : node.average,
            execution === 4 ? formatMeasure(4, node.top) : node.top,
          ]).commit();
        ws.commit();

        const sheet = wb.addWorksheet(exportSheetNames.attempts);
        sheet.columns = [
          ...columns({ Student: 28, Attempt: 8, Score: 10, Total: 10, Duration: 14 }),
          ...questions.map((q) => ({ header: q.code, width: 12 })),
        ];
        let after = 0;
        for (;;) {
          const page = await deps.analytics.attemptPage(testId, after, EXPORT_PAGE);
          for (const a of page)
            sheet
              .addRow([
                a.name,
                a.attemptNumber,
                a.score,
                a.totalScore,
                formatDuration(a.durationMs),
                ...questions.map((q) => a.marks?.[String(q.questionId)] ?? null),
              ])
              .commit();
          if (page.length < EXPORT_PAGE) break;
          after = page[page.length - 1].attemptId;
          if (out.destroyed) return;
          if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
        }
        sheet.commit();
        await wb.commit();
      })().catch((err) => {
        deps.log.error({ err }, 'analytics export failed');
        out.destroy(err as Error);
      });
      return out;
    },
  };
}
export type AnalyticsExportService = ReturnType<typeof createAnalyticsExportService>;
