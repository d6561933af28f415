import { z } from 'zod';
import { defineEndpoint } from '../common';
import {
  batchIdParamSchema,
  exportQuerySchema,
  importLookupsSchema,
  importReportSchema,
  importStatusSchema,
} from './schemas';

const tags = ['students'];
const importAccess = { privilege: ['Student', 'ImportStudent'] } as const;

/** The media type of StudentList.xlsx. */
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Export and bulk import of students (part 1 §5, §7), under /api/students beside the students' endpoints. */
export const studentImportEndpoints = {
  export: defineEndpoint({
    method: 'GET',
    path: '/api/students/export',
    tags,
    summary: 'StudentList.xlsx: the grid columns of the active (or, with status=2, pending) students',
    access: { privilege: ['Student', 'AddStudent'] },
    query: exportQuerySchema,
    download: XLSX_MEDIA_TYPE,
    response: z.unknown(),
  }),
  lookups: defineEndpoint({
    method: 'GET',
    path: '/api/students/import/lookups',
    tags,
    summary: "The upload form's lists: state, city, language, board, class and assignable test series",
    access: importAccess,
    response: importLookupsSchema,
  }),
  check: defineEndpoint({
    method: 'POST',
    path: '/api/students/import/check',
    tags,
    summary:
      'Step 1: multipart with the field "options" (JSON of the form) then "file" (.xls/.xlsx, at most 10 MB); stores and checks it, reports grouped problems',
    access: importAccess,
    multipart: true,
    response: importReportSchema,
  }),
  start: defineEndpoint({
    method: 'POST',
    path: '/api/students/import/:batchId/start',
    tags,
    summary: 'Step 2: imports the complete rows of a checked file as a background task',
    access: importAccess,
    params: batchIdParamSchema,
    response: importStatusSchema,
  }),
  status: defineEndpoint({
    method: 'GET',
    path: '/api/students/import/:batchId',
    tags,
    summary: "An import's state, progress and outcome",
    access: importAccess,
    params: batchIdParamSchema,
    response: importStatusSchema,
  }),
};
