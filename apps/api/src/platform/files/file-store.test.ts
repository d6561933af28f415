import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../http/errors';
import { assertValidKey, createLocalFileStore, type FileStore } from './file-store';

let dir: string;
let root: string;
let store: FileStore;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'assess-files-'));
  root = path.join(dir, 'files');
  store = createLocalFileStore(root);
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Every file under a directory, relative to it. */
const listFiles = (d: string): string[] =>
  fs.existsSync(d)
    ? (fs.readdirSync(d, { recursive: true }) as string[]).filter((f) =>
        fs.statSync(path.join(d, f)).isFile(),
      )
    : [];

describe('local file store', () => {
  it('streams an object in and returns its size and sha256; get, stream, exists and delete by key', async () => {
    const chunks = [Buffer.from('hello '), Buffer.from('world')];
    const stored = await store.put('p1/a/report.txt', Readable.from(chunks), { maxBytes: 100 });
    expect(stored).toEqual({ size: 11, sha256: createHash('sha256').update('hello world').digest('hex') });
    expect((await store.get('p1/a/report.txt')).toString()).toBe('hello world');
    const streamed: Buffer[] = [];
    for await (const c of await store.stream('p1/a/report.txt')) streamed.push(c as Buffer);
    expect(Buffer.concat(streamed).toString()).toBe('hello world');
    expect(await store.exists('p1/a/report.txt')).toBe(true);
    expect(listFiles(root)).toEqual([path.join('p1', 'a', 'report.txt')]);
    await store.delete('p1/a/report.txt');
    expect(await store.exists('p1/a/report.txt')).toBe(false);
    await store.delete('p1/a/report.txt');
    await expect(store.get('p1/a/report.txt')).rejects.toMatchObject({ statusCode: 404 });
    await expect(store.stream('p1/a/report.txt')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('accepts exactly maxBytes and takes a Buffer too', async () => {
    expect((await store.put('k', Buffer.alloc(10, 1), { maxBytes: 10 })).size).toBe(10);
  });

  it('aborts while streaming once maxBytes is passed: 413, the source stops being read, nothing is left behind', async () => {
    let pulled = 0;
    async function* endless() {
      for (;;) {
        pulled++;
        yield Buffer.alloc(1024, 7);
      }
    }
    const err = await store
      .put('p1/big.bin', Readable.from(endless()), { maxBytes: 10 * 1024 })
      .catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.statusCode).toBe(413);
    expect(pulled).toBeLessThan(40);
    expect(listFiles(root)).toEqual([]);
    expect(await store.exists('p1/big.bin')).toBe(false);
  });

  it('keeps the previous object when a replacement is refused', async () => {
    await store.put('p1/doc', Buffer.from('old'), { maxBytes: 5 });
    await expect(store.put('p1/doc', Buffer.from('far too long'), { maxBytes: 5 })).rejects.toMatchObject({
      statusCode: 413,
    });
    expect((await store.get('p1/doc')).toString()).toBe('old');
  });

  it('refuses keys that could leave the root (and writes nothing anywhere)', async () => {
    const bad = [
      '../escape',
      'a/../../escape',
      '/etc/passwd',
      'a\\..\\b',
      '',
      'a//b',
      './a',
      'a/..',
      '.tmp/x',
      '..',
      'a/b/',
      'x'.repeat(600),
      'name with space',
      'nul\0byte',
    ];
    for (const key of bad) {
      expect(() => assertValidKey(key), key).toThrow(AppError);
      await expect(store.put(key, Buffer.from('x'), { maxBytes: 10 }), key).rejects.toMatchObject({
        statusCode: 400,
      });
      await expect(store.get(key), key).rejects.toMatchObject({ statusCode: 400 });
      await expect(store.delete(key), key).rejects.toMatchObject({ statusCode: 400 });
    }
    expect(listFiles(dir)).toEqual([]);
    expect(() => assertValidKey('p12/2026/0f8c-1.xlsx')).not.toThrow();
  });
});
