import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AppError, notFound } from '../http/errors';
import type { FileStore } from './file-store';
import type { FileRow, FilesRepository } from './files.repository';
import { contentMatches, type FileKind, mimeOfKind, peek, sniff } from './sniff';

export const fileMessages = {
  unsupportedType: 'The file type is not supported.',
} as const;

export type SaveFileInput = {
  providerId: number;
  userId: number | null;
  /** The name the user gave (any path part is dropped). */
  fileName: string;
  content: Readable;
  maxBytes: number;
  /** Extensions or kinds the content must be (checked by magic bytes), e.g. ['xls', 'xlsx']; absent = anything. */
  accept?: string[];
};

/** A plain file name: no directories, no control characters, at most 255 characters. */
export function cleanFileName(name: string) {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'file').slice(-255);
}

/** Stored files: bytes in the file store, a row in `files`; content checked by what it is, not what it claims. */
export function createFileService(deps: { store: FileStore; files: FilesRepository }) {
  const { store } = deps;
  return {
    store,
    /** Sniffs, refuses unexpected content (415), streams in with the size limit (413), records the row. */
    async save(input: SaveFileInput): Promise<FileRow & { kind: FileKind | undefined }> {
      const { head, stream } = await peek(input.content);
      const kind = sniff(head);
      if (input.accept && !contentMatches(kind, input.accept)) {
        stream.destroy();
        throw new AppError(415, fileMessages.unsupportedType);
      }
      const key = `p${input.providerId}/${randomUUID()}`;
      const stored = await store.put(key, stream, { maxBytes: input.maxBytes });
      try {
        const row = await deps.files.insert({
          key,
          providerId: input.providerId,
          fileName: cleanFileName(input.fileName),
          contentType: kind ? mimeOfKind[kind] : 'application/octet-stream',
          size: stored.size,
          sha256: stored.sha256,
          createdBy: input.userId,
        });
        return { ...row, kind };
      } catch (err) {
        await store.delete(key);
        throw err;
      }
    },

    /** A provider's file and a stream of its bytes; 404 for another provider's file. */
    async open(fileId: number, providerId: number) {
      const file = await deps.files.findForProvider(fileId, providerId);
      if (!file) throw notFound();
      return { file, stream: await store.stream(file.key) };
    },

    async remove(fileId: number, providerId: number) {
      const file = await deps.files.findForProvider(fileId, providerId);
      if (!file) throw notFound();
      await deps.files.delete(fileId);
      await store.delete(file.key);
    },
  };
}
export type FileService = ReturnType<typeof createFileService>;
