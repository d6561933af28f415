import type { Readable } from 'node:stream';
import {
  attachmentExtension,
  isAllowedAttachmentName,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  notificationMessages as m,
} from '@assess/contracts/messages';
import type { FileService } from '../../platform/files/files.service';
import { AppError, badRequest } from '../../platform/http/errors';

export type IncomingFile = { fileName: string; stream: Readable };
export type ExistingAttachment = { fileId: number; fileName: string; sha256: string };
export type SavedFile = { fileId: number; fileName: string; sha256: string };

const drain = (s: Readable) => {
  s.resume();
  s.on('error', () => {});
};

/**
 * Stores the new attachments of a notification (part 1 §5): the spec's extensions, checked by content
 * too; at most 10 MB each (refused while streaming); at most 4 files; no duplicate (same name or same
 * content as another attachment). On any refusal every file stored by this call is removed again.
 */
export async function storeAttachments(
  deps: { files: Pick<FileService, 'save' | 'remove'> },
  input: {
    providerId: number;
    userId: number;
    existing: ExistingAttachment[];
    incoming: AsyncIterable<IncomingFile>;
  },
): Promise<SavedFile[]> {
  const saved: SavedFile[] = [];
  const names = new Set(input.existing.map((a) => a.fileName.toLowerCase()));
  const hashes = new Set(input.existing.map((a) => a.sha256));
  try {
    let received = 0;
    for await (const file of input.incoming) {
      received++;
      if (received > MAX_ATTACHMENTS) {
        drain(file.stream);
        throw badRequest(m.tooManyFiles);
      }
      if (input.existing.length + received > MAX_ATTACHMENTS) {
        drain(file.stream);
        throw badRequest(m.tooManySelectedFiles);
      }
      if (!isAllowedAttachmentName(file.fileName)) {
        drain(file.stream);
        throw new AppError(415, m.extensionNotSupported);
      }
      if (names.has(file.fileName.toLowerCase())) {
        drain(file.stream);
        throw new AppError(409, m.duplicateFile);
      }
      const row = await deps.files
        .save({
          providerId: input.providerId,
          userId: input.userId,
          fileName: file.fileName,
          content: file.stream,
          maxBytes: MAX_ATTACHMENT_BYTES,
          accept: [attachmentExtension(file.fileName)],
        })
        .catch((err) => {
          if (err instanceof AppError && err.statusCode === 413) throw new AppError(413, m.fileTooLarge);
          if (err instanceof AppError && err.statusCode === 415)
            throw new AppError(415, m.extensionNotSupported);
          throw err;
        });
      saved.push({ fileId: row.fileId, fileName: row.fileName, sha256: row.sha256 });
      if (hashes.has(row.sha256)) throw new AppError(409, m.duplicateFile);
      names.add(row.fileName.toLowerCase());
      hashes.add(row.sha256);
    }
    return saved;
  } catch (err) {
    await discard(deps, input.providerId, saved);
    throw err;
  }
}

/** Removes stored files (compensation after a refused save); never throws. */
export async function discard(
  deps: { files: Pick<FileService, 'remove'> },
  providerId: number,
  saved: { fileId: number }[],
) {
  for (const f of saved) await deps.files.remove(f.fileId, providerId).catch(() => {});
}
