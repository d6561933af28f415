import { z } from 'zod';
import { endpointGroup } from '../common';
import {
  batchIdParamSchema,
  exportQuerySchema,
  importLookupsSchema,
  importReportSchema,
  importStatusSchema,
} from './schemas';

const importAccess = { privilege: ['Student', 'ImportStudent'] } as const;

/** The media type of StudentList.xlsx. */
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Export and bulk import of students (part 1 §5, §7), under /api/students beside the students' endpoints. */
export const studentImportEndpoints = endpointGroup('students', {
  export: {
    method: 'GET',
    path: '/api/students/export',
    summary: 'StudentList.xlsx: the grid columns of the active (or, with status=2, pending) students',
    access: { privilege: ['Student', 'AddStudent'] },
    query: exportQuerySchema,
    download: XLSX_MEDIA_TYPE,
    response: z.unknown(),
  },
  lookups: {
    method: 'GET',
    path: '/api/students/import/lookups',
    summary: "The upload form's lists: state, city, language, board, class and assignable test series",
    access: importAccess,
    response: importLookupsSchema,
  },
  check: {
    method: 'POST',
    path: '/api/students/import/check',
    summary:
      'Step 1: multipart with the field "options" (JSON of the form) then "file" (.xls/.xlsx, at most 10 MB); stores and checks it, reports grouped problems',
    access: importAccess,
    multipart: true,
    response: importReportSchema,
  },
  start: {
    method: 'POST',
    path: '/api/students/import/:batchId/start',
    summary: 'Step 2: imports the complete rows of a checked file as a background task',
    access: importAccess,
    params: batchIdParamSchema,
    response: importStatusSchema,
  },
  status: {
    method: 'GET',
    path: '/api/students/import/:batchId',
    summary: "An import's state, progress and outcome",
    access: importAccess,
    params: batchIdParamSchema,
    response: importStatusSchema,
  },
});
