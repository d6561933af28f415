import { errorSchema } from '@assess/contracts/common';
import {
  batchIdParamSchema,
  EXPORT_FILE_NAME,
  exportQuerySchema,
  type ImportOptions,
  importLookupsSchema,
  importOptionsSchema,
  importReportSchema,
  importStatusSchema,
  studentImportMessages as m,
} from '@assess/contracts/student-import';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, type RouteAccess } from '../../platform/access/route-access';
import { badRequest } from '../../platform/http/errors';
import type { StudentExportService } from './student-export.service';
import type { StudentImportService } from './student-import.service';

const importAccess: RouteAccess = { privilege: ['Student', 'ImportStudent'] };
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

function parseOptions(text: string | undefined): ImportOptions {
  let value: unknown;
  try {
    value = JSON.parse(text ?? '');
  } catch {
    throw badRequest(m.selectFile);
  }
  const parsed = importOptionsSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (fields[issue.path.join('.') || '_'] ??= []).push(issue.message);
  throw badRequest(parsed.error.issues[0].message, fields);
}

/**
 * Export and bulk import of students, mounted at /api/students beside the students module's routes
 * (only /export and /import/* are defined here).
 */
export const studentImportRoutes =
  (deps: { imports: StudentImportService; exports: StudentExportService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/export',
      {
        config: { access: { privilege: ['Student', 'AddStudent'] } },
        schema: {
          tags: ['students'],
          summary: 'StudentList.xlsx: the grid columns of the active (or, with status=2, pending) students',
          querystring: exportQuerySchema,
          produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
          response: { 200: z.any().describe('xlsx file'), 401: errorSchema, 403: errorSchema },
        },
      },
      async (request, reply) => {
        const stream = await deps.exports.stream(principalOf(request), request.query);
        return reply
          .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', `attachment; filename="${EXPORT_FILE_NAME}"`)
          .header('cache-control', 'no-store')
          .send(stream);
      },
    );

    app.get(
      '/import/lookups',
      {
        config: { access: importAccess },
        schema: {
          tags: ['students'],
          summary: "The upload form's lists: state, city, language, board, class and assignable test series",
          response: { 200: importLookupsSchema, 401: errorSchema, 403: errorSchema },
        },
      },
      async (request) => deps.imports.lookups(principalOf(request)),
    );

    app.post(
      '/import/check',
      {
        config: { access: importAccess },
        schema: {
          tags: ['students'],
          summary:
            'Step 1: multipart with the field "options" (JSON of the form) then "file" (.xls/.xlsx, at most 10 MB); stores and checks it, reports grouped problems',
          consumes: ['multipart/form-data'],
          response: { 200: importReportSchema, ...errors, 413: errorSchema, 415: errorSchema },
        },
      },
      async (request) => {
        if (!request.isMultipart()) throw badRequest(m.selectFile);
        let optionsText: string | undefined;
        let file: MultipartFile | undefined;
        for await (const part of request.parts({ limits: { files: 1, fileSize: 11 * 1024 * 1024 } })) {
          if (part.type === 'file') {
            file = part;
            break;
          }
          if (part.fieldname === 'options') optionsText = String(part.value);
        }
        if (!file) throw badRequest(m.selectFile);
        const options = parseOptions(optionsText);
        return deps.imports.check(principalOf(request), {
          fileName: file.filename,
          content: file.file,
          options,
        });
      },
    );

    app.post(
      '/import/:batchId/start',
      {
        config: { access: importAccess },
        schema: {
          tags: ['students'],
          summary: 'Step 2: imports the complete rows of a checked file as a background task',
          params: batchIdParamSchema,
          response: { 200: importStatusSchema, ...errors, 409: errorSchema },
        },
      },
      async (request) => deps.imports.start(principalOf(request), request.params.batchId),
    );

    app.get(
      '/import/:batchId',
      {
        config: { access: importAccess },
        schema: {
          tags: ['students'],
          summary: "An import's state, progress and outcome",
          params: batchIdParamSchema,
          response: { 200: importStatusSchema, ...errors },
        },
      },
      async (request) => deps.imports.status(principalOf(request), request.params.batchId),
    );
  };
