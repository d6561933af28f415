import { issuesToFields } from '@assess/contracts/common';
import {
  EXPORT_FILE_NAME,
  studentImportEndpoints as e,
  type ImportOptions,
  importOptionsSchema,
  studentImportMessages as m,
} from '@assess/contracts/student-import';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { route } from '../../platform/http/endpoint';
import { badRequest } from '../../platform/http/errors';
import type { ZodApp } from '../../platform/modules';
import type { StudentExportService } from './student-export.service';
import type { StudentImportService } from './student-import.service';

function parseOptions(text: string | undefined): ImportOptions {
  let value: unknown;
  try {
    value = JSON.parse(text ?? '');
  } catch {
    throw badRequest(m.selectFile);
  }
  const parsed = importOptionsSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw badRequest(parsed.error.issues[0].message, issuesToFields(parsed.error.issues));
}

/** Step 1's upload: the field "options" (JSON of the form), then "file" (the server reads them in this order). */
async function readUpload(request: FastifyRequest) {
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
  return { fileName: file.filename, content: file.file, options: parseOptions(optionsText) };
}

/** Export and bulk import of students, under /api/students beside the students module's routes. */
export function studentImportRoutes(
  app: ZodApp,
  deps: { imports: StudentImportService; exports: StudentExportService },
) {
  route(app, e.export, async ({ principal, query, reply }) => {
    const stream = await deps.exports.stream(principal, query);
    return reply
      .header('content-type', e.export.download)
      .header('content-disposition', `attachment; filename="${EXPORT_FILE_NAME}"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });
  route(app, e.lookups, async ({ principal }) => deps.imports.lookups(principal));
  route(app, e.check, async ({ principal, request }) =>
    deps.imports.check(principal, await readUpload(request)),
  );
  route(app, e.start, async ({ principal, params }) => deps.imports.start(principal, params.batchId));
  route(app, e.status, async ({ principal, params }) => deps.imports.status(principal, params.batchId));
}
