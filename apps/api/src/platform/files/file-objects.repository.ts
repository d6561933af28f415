import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, eq, gt } from 'drizzle-orm';
import { fileObjects } from '../../db/schema';
import type { Database } from '../db/client';
import { notFound, tooLarge } from '../http/errors';
import { assertValidKey, type FileStore } from './file-store';

/** Bytes per stored chunk: a read holds one chunk in memory at a time. */
export const CHUNK_BYTES = 1024 * 1024;
/** Keys of uploads still arriving (invalid as user keys: a segment may not start with '.'). */
const PENDING = '.pending/';

/**
 * A file store in the database (file_objects): what the server uses on PostgreSQL, so every process behind the
 * load balancer reaches every file and one pg_dump holds them all. An upload streams in as chunks under a pending
 * key; once complete it replaces the key's chunks in one transaction, so a refused or broken upload leaves
 * nothing behind and a reader never sees half a file.
 */
export function createDatabaseFileStore(db: Database): FileStore {
  async function* chunksOf(content: Readable | AsyncIterable<Uint8Array> | Buffer) {
    let pending: Buffer[] = [];
    let size = 0;
    for await (const part of Buffer.isBuffer(content) ? [content] : content) {
      let buf = Buffer.from(part as Uint8Array);
      while (buf.length > 0) {
        const take = Math.min(buf.length, CHUNK_BYTES - size);
        pending.push(buf.subarray(0, take));
        size += take;
        buf = buf.subarray(take);
        if (size === CHUNK_BYTES) {
          yield Buffer.concat(pending);
          pending = [];
          size = 0;
        }
      }
    }
    if (size > 0) yield Buffer.concat(pending);
  }

  const deletePending = (pendingKey: string) => db.delete(fileObjects).where(eq(fileObjects.key, pendingKey));

  return {
    async put(key, content, { maxBytes }) {
      assertValidKey(key);
      const pendingKey = `${PENDING}${randomUUID()}`;
      const hash = createHash('sha256');
      let size = 0;
      let chunk = 0;
      try {
        for await (const data of chunksOf(content)) {
          size += data.length;
          if (size > maxBytes) throw tooLarge();
          hash.update(data);
          await db.insert(fileObjects).values({ key: pendingKey, chunk: chunk++, data });
        }
        await db.transaction(async (tx) => {
          await tx.delete(fileObjects).where(eq(fileObjects.key, key));
          await tx.update(fileObjects).set({ key }).where(eq(fileObjects.key, pendingKey));
          if (chunk === 0) await tx.insert(fileObjects).values({ key, chunk: 0, data: Buffer.alloc(0) });
        });
      } catch (err) {
        if (content instanceof Readable) content.destroy();
        await deletePending(pendingKey).catch(() => {});
        throw err;
      }
      return { size, sha256: hash.digest('hex') };
    },
    async get(key) {
      assertValidKey(key);
      const rows = await db
        .select({ data: fileObjects.data })
        .from(fileObjects)
        .where(eq(fileObjects.key, key))
        .orderBy(asc(fileObjects.chunk));
      if (rows.length === 0) throw notFound();
      return Buffer.concat(rows.map((r) => r.data));
    },
    async stream(key) {
      assertValidKey(key);
      const first = await readChunk(key, -1);
      if (!first) throw notFound();
      return Readable.from(
        (async function* () {
          let next: { chunk: number; data: Buffer } | undefined = first;
          while (next) {
            if (next.data.length > 0) yield next.data;
            next = await readChunk(key, next.chunk);
          }
        })(),
      );
    },
    async delete(key) {
      assertValidKey(key);
      await db.delete(fileObjects).where(eq(fileObjects.key, key));
    },
    async exists(key) {
      assertValidKey(key);
      return (await readChunk(key, -1, true)) !== undefined;
    },
  };

  /** The chunk after `after` (one row), or undefined at the end. */
  async function readChunk(key: string, after: number, headOnly = false) {
    const [row] = await db
      .select({ chunk: fileObjects.chunk, ...(headOnly ? {} : { data: fileObjects.data }) })
      .from(fileObjects)
      .where(and(eq(fileObjects.key, key), gt(fileObjects.chunk, after)))
      .orderBy(asc(fileObjects.chunk))
      .limit(1);
    return row as { chunk: number; data: Buffer } | undefined;
  }
}
