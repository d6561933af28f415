import { omrEndpoints as e, omrMessages as m, OMR_ZIP_MAX_BYTES } from '@assess/contracts/omr';
import type { FastifyReply } from 'fastify';
import { readZipUpload } from '../../platform/files/zip-upload';
import { route } from '../../platform/http/endpoint';
import type { ZodApp } from '../../platform/modules';
import type { OmrService } from './omr.service';

/** A PDF answered as a download under its file name. */
const sendPdf = (reply: FastifyReply, pdf: Buffer, fileName: string) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('cache-control', 'no-store')
    .send(pdf);

export function omrRoutes(app: ZodApp, deps: { omr: OmrService }) {
  route(app, e.form, async ({ principal, params }) => deps.omr.form(principal, params.testId));
  route(app, e.createOmrSheet, async ({ principal, params, body, reply }) => {
    const { pdf, fileName } = await deps.omr.createSheet(principal, params.testId, body);
    return sendPdf(reply, pdf, fileName);
  });
  route(app, e.downloadTest, async ({ principal, params, reply }) => {
    const { pdf, fileName } = await deps.omr.downloadTest(principal, params.testId);
    return sendPdf(reply, pdf, fileName);
  });
  // §5 "OMR answer upload" on the server: one .zip ≤ 10 MB with §8's messages (the question zip import's helper)
  route(app, e.readOmrSheet, async ({ principal, params, request }) => {
    const { fileName, data } = await readZipUpload(request, OMR_ZIP_MAX_BYTES, m);
    return deps.omr.startUpload(principal, params.testId, { fileName, data });
  });
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
