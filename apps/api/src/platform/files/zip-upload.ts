import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../http/errors';
import { readCapped } from './read-capped';

/** The words of a one-zip upload's refusals (each area's, word for word from its spec section). */
export type ZipUploadMessages = { selectFile: string; oneFile: string; extension: string; tooLarge: string };

/**
 * One .zip file from a multipart form (the question zip import, part 2 §5, and the OMR answer upload, part 3 §5):
 * a file is needed, its name ends in .zip (415), it holds at most `maxBytes` (counted while streaming, the rest
 * not read; 413) and a second file is refused. The form's text fields come back by name.
 */
export async function readZipUpload(
  request: FastifyRequest,
  maxBytes: number,
  m: ZipUploadMessages,
): Promise<{ fileName: string; data: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw badRequest(m.selectFile);
  const fields: Record<string, string> = {};
  let upload: { fileName: string; data: Buffer } | undefined;
  for await (const part of request.parts({ limits: { files: 2, fileSize: maxBytes + 1 } })) {
    if (part.type !== 'file') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    const refused = upload
      ? badRequest(m.oneFile)
      : !part.filename
        ? badRequest(m.selectFile)
        : !/\.zip$/i.test(part.filename)
          ? new AppError(415, m.extension)
          : null;
    if (refused) {
      part.file.resume();
      throw refused;
    }
    upload = { fileName: part.filename, data: await readCapped(part.file, maxBytes, m.tooLarge) };
  }
  if (!upload) throw badRequest(m.selectFile);
  return { ...upload, fields };
}
