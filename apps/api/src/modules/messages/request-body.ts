import type { Readable } from 'node:stream';
import { commonMessages, issuesToFields } from '@assess/contracts/common';
import {
  NOTIFICATION_FIELD,
  type NotificationInput,
  notificationBaseSchema,
} from '@assess/contracts/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from '../../platform/http/errors';
import type { IncomingFile } from './attachments';

/**
 * The notification form of a multipart request: the `notification` field (the JSON of the form, checked
 * with the schema of the JSON variant) FIRST, then up to 4 `file` parts. The files are handed over as a
 * lazy stream, so the form is checked before any byte of a file is stored.
 */
export async function readNotificationForm(
  request: FastifyRequest,
): Promise<{ form: NotificationInput; files: AsyncIterable<IncomingFile> }> {
  if (!request.isMultipart()) throw badRequest(`The form field "${NOTIFICATION_FIELD}" must come first.`);
  const parts = request.parts()[Symbol.asyncIterator]();
  const first = await parts.next();
  if (first.done || first.value.type !== 'field' || first.value.fieldname !== NOTIFICATION_FIELD) {
    if (!first.done && first.value.type === 'file') first.value.file.resume();
    throw badRequest(`The form field "${NOTIFICATION_FIELD}" must come first.`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(String(first.value.value));
  } catch {
    throw badRequest(`The form field "${NOTIFICATION_FIELD}" is not valid JSON.`);
  }
  const parsed = notificationBaseSchema.safeParse(raw);
  if (!parsed.success) throw badRequest(commonMessages.validation, issuesToFields(parsed.error.issues));
  async function* files(): AsyncGenerator<IncomingFile> {
    for (;;) {
      const next = await parts.next();
      if (next.done) return;
      const part = next.value;
      if (part.type === 'file') yield { fileName: part.filename, stream: part.file };
    }
  }
  return { form: parsed.data, files: files() };
}

/** Content-Disposition for a download, with the original (UTF-8) name. */
export const attachmentDisposition = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/** Streams a stored attachment as a download with its type and original name. */
export function sendAttachment(
  reply: FastifyReply,
  { file, stream }: { file: { contentType: string; fileName: string }; stream: Readable },
) {
  reply.header('content-type', file.contentType);
  reply.header('content-disposition', attachmentDisposition(file.fileName));
  return reply.send(stream);
}
