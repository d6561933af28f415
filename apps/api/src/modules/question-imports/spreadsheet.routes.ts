import { issuesToFields } from '@assess/contracts/common';
import {
  spreadsheetEndpoints as e,
  spreadsheetMessages as m,
  SPREADSHEET_MAX_BYTES,
  SPREADSHEET_MAX_IMAGES,
  SPREADSHEET_TEMPLATE_NAME,
  spreadsheetUploadOptionsSchema,
} from '@assess/contracts/question-imports';
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../platform/auth/principal';
import { route } from '../../platform/http/endpoint';
import { badRequest } from '../../platform/http/errors';
import type { ZodApp } from '../../platform/modules';
import type { SpreadsheetService, SpreadsheetUpload } from './spreadsheet.service';

function parseOptions(text: string | undefined) {
  let value: unknown;
  try {
    value = JSON.parse(text ?? '');
  } catch {
    throw badRequest(m.selectFile);
  }
  const parsed = spreadsheetUploadOptionsSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw badRequest(parsed.error.issues[0].message, issuesToFields(parsed.error.issues));
}

/**
 * The upload's parts in order: "options" (checked before any file is read), "images" (each stored as a question
 * image), then "file" (stored and queued; parts after it are not read).
 */
async function upload(svc: SpreadsheetService, p: Principal, request: FastifyRequest, poolId: number | null) {
  if (!request.isMultipart()) throw badRequest(m.selectFile);
  let options: SpreadsheetUpload['options'] | undefined;
  const images: SpreadsheetUpload['images'] = [];
  const parts = request.parts({
    limits: { files: SPREADSHEET_MAX_IMAGES + 1, fileSize: SPREADSHEET_MAX_BYTES + 1 },
  });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.fieldname === 'options' && !options) {
        options = parseOptions(String(part.value));
        await svc.checkForm(p, options, poolId);
      }
      continue;
    }
    if (!options) throw badRequest(m.selectFile);
    if (part.fieldname === 'images') images.push(await svc.uploadImage(p, part.filename, part.file));
    else if (part.fieldname === 'file')
      return svc.upload(p, poolId, {
        options,
        images,
        file: { fileName: part.filename, content: part.file },
      });
    else part.file.resume();
  }
  throw badRequest(m.selectFile);
}

export function spreadsheetRoutes(app: ZodApp, svc: SpreadsheetService) {
  route(app, e.upload, async ({ principal, request }) => upload(svc, principal, request, null));
  route(app, e.uploadToSection, async ({ principal, request, params }) =>
    upload(svc, principal, request, params.poolId),
  );
  route(app, e.status, async ({ principal, params }) => svc.status(principal, params.taskId));
  route(app, e.template, async ({ reply }) =>
    reply
      .header('content-type', e.template.download)
      .header('content-disposition', `attachment; filename="${SPREADSHEET_TEMPLATE_NAME}"`)
      .header('cache-control', 'no-store')
      .send(svc.template()),
  );
}
