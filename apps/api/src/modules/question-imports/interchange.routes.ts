import { issuesToFields } from '@assess/contracts/common';
import {
  interchangeEndpoints as e,
  INTERCHANGE_MAX_BYTES,
  interchangeMessages as im,
  interchangeImportOptionsSchema,
} from '@assess/contracts/question-imports';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { route } from '../../platform/http/endpoint';
import { badRequest } from '../../platform/http/errors';
import type { ZodApp } from '../../platform/modules';
import type { InterchangeService } from './interchange.service';

/** The upload: the field "options" (JSON: format, topicId), then "file". */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest(im.noFile);
  let optionsText: string | undefined;
  let file: MultipartFile | undefined;
  for await (const part of request.parts({ limits: { files: 1, fileSize: INTERCHANGE_MAX_BYTES + 1 } })) {
    if (part.type === 'file') {
      file = part;
      break;
    }
    if (part.fieldname === 'options') optionsText = String(part.value);
  }
  if (!file) throw badRequest(im.noFile);
  let value: unknown = {};
  try {
    value = optionsText ? JSON.parse(optionsText) : {};
  } catch {
    file.file.resume();
    throw badRequest(im.wrongFormat);
  }
  const parsed = interchangeImportOptionsSchema.safeParse(value);
  if (!parsed.success) {
    file.file.resume();
    throw badRequest(parsed.error.issues[0].message, issuesToFields(parsed.error.issues));
  }
  return { fileName: file.filename, content: file.file, options: parsed.data };
}

/** Moodle XML / GIFT / QTI 3.0 export and import, under /api/question-bank/interchange. */
export function interchangeRoutes(app: ZodApp, deps: { interchange: InterchangeService }) {
  route(app, e.export, async ({ principal, query, reply }) => {
    const file = await deps.interchange.export(principal, query);
    return reply
      .header('content-type', file.mediaType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'no-store')
      .send(file.body);
  });
  route(app, e.import, async ({ principal, request }) =>
    deps.interchange.queueImport(principal, await readUpload(request)),
  );
  route(app, e.status, async ({ principal, params }) => deps.interchange.status(principal, params.taskId));
}
