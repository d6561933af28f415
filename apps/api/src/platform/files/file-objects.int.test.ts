import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/harness';
import type { DatabaseHandle } from '../db/client';
import { AppError } from '../http/errors';
import { CHUNK_BYTES, createDatabaseFileStore } from './file-objects.repository';
import type { FileStore } from './file-store';

// The file store every process shares on PostgreSQL (issue 22): same contract as the local store.
let handle: DatabaseHandle;
let store: FileStore;
beforeAll(async () => {
  handle = await openTestDatabase();
  store = createDatabaseFileStore(handle.db);
});
afterAll(() => handle.close());

const rows = async () =>
  (await handle.sql.executeSql('select key, chunk, length(data) as n from file_objects order by key, chunk'))
    .rows as { key: string; chunk: number; n: number }[];

describe('database file store', () => {
  it('streams an object in as chunks and returns its size and sha256; get, stream, exists and delete', async () => {
    const big = Buffer.alloc(CHUNK_BYTES * 2 + 10, 7);
    const parts = [big.subarray(0, 100), big.subarray(100, CHUNK_BYTES + 5), big.subarray(CHUNK_BYTES + 5)];
    const stored = await store.put('p1/a/big.bin', Readable.from(parts), { maxBytes: big.length });
    expect(stored).toEqual({ size: big.length, sha256: createHash('sha256').update(big).digest('hex') });
    expect((await rows()).map((r) => [r.key, r.chunk, Number(r.n)])).toEqual([
      ['p1/a/big.bin', 0, CHUNK_BYTES],
      ['p1/a/big.bin', 1, CHUNK_BYTES],
      ['p1/a/big.bin', 2, 10],
    ]);
    expect((await store.get('p1/a/big.bin')).equals(big)).toBe(true);
    const streamed: Buffer[] = [];
    for await (const c of await store.stream('p1/a/big.bin')) streamed.push(c as Buffer);
    expect(Buffer.concat(streamed).equals(big)).toBe(true);
    expect(await store.exists('p1/a/big.bin')).toBe(true);
    await store.delete('p1/a/big.bin');
    expect(await store.exists('p1/a/big.bin')).toBe(false);
    expect(await rows()).toEqual([]);
  });

  it('an upload over the limit fails with 413 and leaves nothing behind; the old object stays', async () => {
    await store.put('p1/keep.txt', Buffer.from('old'), { maxBytes: 10 });
    const err = await store
      .put('p1/keep.txt', Readable.from([Buffer.alloc(8), Buffer.alloc(8)]), { maxBytes: 10 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).statusCode).toBe(413);
    expect((await store.get('p1/keep.txt')).toString()).toBe('old');
    expect((await rows()).map((r) => r.key)).toEqual(['p1/keep.txt']);
  });

  it('replaces an object, keeps an empty one, and refuses keys that escape', async () => {
    await store.put('p1/keep.txt', Buffer.from('new bytes'), { maxBytes: 100 });
    expect((await store.get('p1/keep.txt')).toString()).toBe('new bytes');
    await store.put('p1/empty', Buffer.alloc(0), { maxBytes: 100 });
    expect(await store.exists('p1/empty')).toBe(true);
    expect((await store.get('p1/empty')).length).toBe(0);
    await expect(store.get('p1/missing')).rejects.toMatchObject({ statusCode: 404 });
    await expect(store.put('../x', Buffer.from('x'), { maxBytes: 10 })).rejects.toMatchObject({
      statusCode: 400,
    });
  });
});
