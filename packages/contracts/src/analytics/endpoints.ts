import { z } from 'zod';
import { endpointGroup, endpointPath } from '../common/endpoint';
import { idParamSchema } from '../common/ints';
import { evaluationSchema } from '../learner/schemas';
import { orSimplifiedTest } from '../quick-tests/access';
import { XLSX_MEDIA_TYPE } from '../student-import/endpoints';
import { itemStatisticsSchema } from './item-statistics-schema';
import {
  analyticsAttemptsQuerySchema,
  analyticsTestParamsSchema,
  analyticsTreeParamsSchema,
  chartAnalyticsSchema,
  topFiveSchema,
  treeAnalyticsSchema,
} from './schemas';

/** TestAnalytics for a test, SimplifiedTestAnalytics for a quick test (the service checks which one applies). */
const access = { privilege: orSimplifiedTest(['Test', 'TestAnalytics']) } as const;

/** The workbook's file name. */
export const analyticsExportFileName = (testId: number) => `TestAnalytics-${testId}.xlsx`;

/** §7 "Analytics" (MentorAnalytics): the chart, the top five, the tree, the export; item statistics are ours. */
export const analyticsEndpoints = endpointGroup('analytics', {
  chart: {
    method: 'GET',
    path: '/api/analytics/tests/:testId/chart',
    summary:
      "getChartAnalytics: the score distribution (score ranges in % of the test's points, students per range)",
    access,
    params: analyticsTestParamsSchema,
    response: chartAnalyticsSchema,
  },
  topFive: {
    method: 'GET',
    path: '/api/analytics/tests/:testId/top-five',
    summary: 'getTopFiveStudentAnalytics: the five best first attempts (score, then the shorter duration)',
    access,
    params: analyticsTestParamsSchema,
    response: topFiveSchema,
  },
  tree: {
    method: 'GET',
    path: '/api/analytics/tests/:testId/tree/:content/:execution',
    summary:
      'getAnalytics/{content}/{execution}/{id}: the content tree (1 Category Subject, 2 Difficulty Level, 3 Question ' +
      'Type) with Low / Average / Top of the execution measure (1 Score, 2 Attempt Rate, 3 Accuracy Rate, 4 Duration)',
    access,
    params: analyticsTreeParamsSchema,
    response: treeAnalyticsSchema,
  },
  itemStatistics: {
    method: 'GET',
    path: '/api/analytics/tests/:testId/item-statistics',
    summary:
      "Item statistics (Moodle's quiz statistics and more): per test and per question seen, with flags",
    access,
    params: analyticsTestParamsSchema,
    query: analyticsAttemptsQuerySchema,
    response: itemStatisticsSchema,
  },
  attemptEvaluation: {
    method: 'GET',
    path: '/api/analytics/attempts/:attemptId/evaluation',
    summary:
      "A student's closed attempt as staff see it (the top five's evaluation view): every answer, right answer, " +
      "solution and mark, whatever the test's review options; only the caller's provider's tests",
    access,
    params: z.object({ attemptId: idParamSchema }),
    response: evaluationSchema,
  },
  attemptImage: {
    method: 'GET',
    path: '/api/analytics/attempts/:attemptId/images/:imageId',
    summary:
      "An image of a question of a student's closed attempt, for the staff evaluation view (PNG or JPEG); only " +
      "the caller's provider's tests and questions",
    access,
    params: z.object({ attemptId: idParamSchema, imageId: idParamSchema }),
    response: z.any(),
    download: 'image/*',
  },
  export: {
    method: 'GET',
    path: '/api/analytics/tests/:testId/export',
    summary:
      'ExportExcel: every tree node and measure, and one row per attempt with one column per question (marks)',
    access,
    params: analyticsTestParamsSchema,
    download: XLSX_MEDIA_TYPE,
    response: z.unknown(),
  },
});

/** The URL the staff evaluation view shows an attempt's question image with. */
export const analyticsAttemptImageUrl = (attemptId: number, imageId: number) =>
  endpointPath(analyticsEndpoints.attemptImage.path, { attemptId, imageId });
