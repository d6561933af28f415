import { omrEndpoints as e, omrMessages as m, OMR_ZIP_MAX_BYTES } from '@assess/contracts/omr';
import type { FastifyRequest } from 'fastify';
import { readCapped } from '../../platform/files/read-capped';
import { route } from '../../platform/http/endpoint';
import { AppError, badRequest } from '../../platform/http/errors';
import type { ZodApp } from '../../platform/modules';
import type { OmrService } from './omr.service';

/**
 * §5 "OMR answer upload" on the server: a file is needed (field zipFile), its name ends in .zip, it holds at most
 * 10 MB (counted while streaming, the rest not read) and a second file is refused — with §8's messages.
 */
async function readZipUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest(m.selectFile);
  let upload: { fileName: string; data: Buffer } | undefined;
  for await (const part of request.parts({ limits: { files: 2, fileSize: OMR_ZIP_MAX_BYTES + 1 } })) {
    if (part.type !== 'file') continue;
    if (upload) {
      part.file.resume();
      throw badRequest(m.oneFile);
    }
    if (!part.filename) {
      part.file.resume();
      throw badRequest(m.selectFile);
    }
    if (!/\.zip$/i.test(part.filename)) {
      part.file.resume();
      throw new AppError(415, m.extension);
    }
    upload = { fileName: part.filename, data: await readCapped(part.file, OMR_ZIP_MAX_BYTES, m.tooLarge) };
  }
  if (!upload) throw badRequest(m.selectFile);
  return upload;
}

export function omrRoutes(app: ZodApp, deps: { omr: OmrService }) {
  route(app, e.form, async ({ principal, params }) => deps.omr.form(principal, params.testId));
  route(app, e.createOmrSheet, async ({ principal, params, body, reply }) => {
    const { pdf, fileName } = await deps.omr.createSheet(principal, params.testId, body);
    return reply
      .header('content-type', e.createOmrSheet.download)
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });
  route(app, e.readOmrSheet, async ({ principal, params, request }) =>
    deps.omr.startUpload(principal, params.testId, await readZipUpload(request)),
  );
  route(app, e.status, async ({ principal, params }) => deps.omr.status(principal, params.taskId));
  route(app, e.sheets, async ({ principal, params, query }) => ({
    items: await deps.omr.sheets(principal, params.testId, query.queued === 'true'),
  }));
  route(app, e.scan, async ({ principal, params, reply }) => {
    const { file, stream } = await deps.omr.scan(principal, params.sheetId);
    return reply.header('content-type', file.contentType).header('cache-control', 'no-store').send(stream);
  });
  route(app, e.correct, async ({ principal, params, body }) =>
    deps.omr.correct(principal, params.sheetId, body),
  );
}
