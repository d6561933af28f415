import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError, notFound, tooLarge } from '../http/errors';

export type StoredObject = { size: number; sha256: string };

/** Where file bytes live, by key. The local directory is the only implementation today; S3-like stores fit the same shape. */
export type FileStore = {
  /** Streams `content` in under `key` (replacing it); fails with tooLarge() once more than maxBytes arrived, leaving nothing behind. */
  put(
    key: string,
    content: Readable | AsyncIterable<Uint8Array> | Buffer,
    opts: { maxBytes: number },
  ): Promise<StoredObject>;
  get(key: string): Promise<Buffer>;
  stream(key: string): Promise<Readable>;
  /** Removes the object; no error when it is absent. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
};

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;
const MAX_KEY = 512;

/** Keys are relative paths of plain segments (letters, digits, . _ -); no '..', no absolute or backslash paths. */
export function assertValidKey(key: string) {
  const segments = key.split('/');
  const ok =
    key.length > 0 &&
    key.length <= MAX_KEY &&
    segments.every((s) => SEGMENT.test(s) && s !== '.' && s !== '..');
  if (!ok) throw new AppError(400, 'Invalid file key.');
}

/** A file store in a local directory: `<root>/<key>`, written through a temporary file and renamed into place. */
export function createLocalFileStore(root: string): FileStore {
  const base = path.resolve(root);
  const tmpDir = path.join(base, '.tmp');

  function resolve(key: string) {
    assertValidKey(key);
    const full = path.resolve(base, key);
    if (!full.startsWith(base + path.sep)) throw new AppError(400, 'Invalid file key.');
    return full;
  }
  const missing = (err: unknown) => (err as NodeJS.ErrnoException)?.code === 'ENOENT';

  return {
    async put(key, content, { maxBytes }) {
      const target = resolve(key);
      await fs.promises.mkdir(tmpDir, { recursive: true });
      const tmp = path.join(tmpDir, `${randomUUID()}.part`);
      const hash = createHash('sha256');
      let size = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (size > maxBytes) return done(tooLarge());
          hash.update(chunk);
          done(null, chunk);
        },
      });
      const source = Buffer.isBuffer(content) ? Readable.from([content]) : content;
      try {
        await pipeline(source, meter, fs.createWriteStream(tmp, { flags: 'wx' }));
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        await fs.promises.rename(tmp, target);
      } catch (err) {
        // pipeline() has destroyed the source (the rest of a refused upload is not read).
        await fs.promises.rm(tmp, { force: true });
        throw err;
      }
      return { size, sha256: hash.digest('hex') };
    },
    async get(key) {
      try {
        return await fs.promises.readFile(resolve(key));
      } catch (err) {
        if (missing(err)) throw notFound();
        throw err;
      }
    },
    async stream(key) {
      const full = resolve(key);
      const handle = await fs.promises.open(full, 'r').catch((err) => {
        throw missing(err) ? notFound() : err;
      });
      return handle.createReadStream();
    },
    async delete(key) {
      await fs.promises.rm(resolve(key), { force: true });
    },
    async exists(key) {
      try {
        return (await fs.promises.stat(resolve(key))).isFile();
      } catch (err) {
        if (missing(err)) return false;
        throw err;
      }
    },
  };
}
