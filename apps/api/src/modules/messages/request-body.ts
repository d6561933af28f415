import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../platform/http/errors';
import type { IncomingFile } from './attachments';

const FIELD = 'notification';

/**
 * The notification form from a request: JSON, or multipart with the `notification` field (JSON text)
 * FIRST and then up to 4 `file` parts. The files are handed over as a lazy stream, so the form is
 * checked before any byte of a file is stored.
 */
export async function readNotificationRequest(
  request: FastifyRequest,
): Promise<{ raw: unknown; files?: AsyncIterable<IncomingFile> }> {
  if (!request.isMultipart()) return { raw: request.body };
  const parts = request.parts()[Symbol.asyncIterator]();
  const first = await parts.next();
  if (first.done || first.value.type !== 'field' || first.value.fieldname !== FIELD) {
    if (!first.done && first.value.type === 'file') first.value.file.resume();
    throw badRequest(`The form field "${FIELD}" must come first.`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(String(first.value.value));
  } catch {
    throw badRequest(`The form field "${FIELD}" is not valid JSON.`);
  }
  async function* files(): AsyncGenerator<IncomingFile> {
    for (;;) {
      const next = await parts.next();
      if (next.done) return;
      const part = next.value;
      if (part.type === 'file') yield { fileName: part.filename, stream: part.file };
    }
  }
  return { raw, files: files() };
}

/** Content-Disposition for a download, with the original (UTF-8) name. */
export const attachmentDisposition = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
