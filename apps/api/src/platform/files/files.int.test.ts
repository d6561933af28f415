import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
let providerId: number;
let otherProviderId: number;
/** File rows the demo data already holds (other areas' seeds); the tests count their own against it. */
let seeded: number;
const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5000, 0x20), Buffer.from('\n%%EOF\n')]);
const fileCount = async () =>
  ((await t.deps.handle.sql.executeSql('select count(*)::int as n from files')).rows[0] as { n: number }).n;
/** Keys of the objects in the file store: DATA_DIR/files on PGlite, the file_objects table on PostgreSQL (issue 22). */
const storedFiles = async (): Promise<string[]> => {
  if (t.deps.handle.url) {
    const { rows } = await t.deps.handle.sql.executeSql('select distinct key from file_objects order by key');
    return (rows as { key: string }[]).map((r) => r.key);
  }
  const root = path.join(t.config.dataDir, 'files');
  return fs.existsSync(root)
    ? (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) =>
        fs.statSync(path.join(root, f)).isFile(),
      )
    : [];
};

beforeAll(async () => {
  t = await createTestApp();
  const { rows } = await t.deps.handle.sql.executeSql(
    "select provider_id from users where user_name in ('erp@example.com', 'partner@example.com') order by user_name",
  );
  [providerId, otherProviderId] = (rows as { provider_id: number }[]).map((r) => r.provider_id);
  seeded = await fileCount();
});
afterAll(() => t.close());

describe('file service', () => {
  it('stores checked content in the file store (<dataDir>/files; the database on PostgreSQL) and records size, sha256 and the sniffed type', async () => {
    const saved = await t.deps.files.save({
      providerId,
      userId: null,
      fileName: 'C:\\Users\\me\\Report.pdf',
      content: Readable.from([pdf.subarray(0, 100), pdf.subarray(100)]),
      maxBytes: 1024 * 1024,
      accept: ['pdf'],
    });
    expect(saved).toMatchObject({
      kind: 'pdf',
      fileName: 'Report.pdf',
      contentType: 'application/pdf',
      size: pdf.length,
      sha256: createHash('sha256').update(pdf).digest('hex'),
      providerId,
    });
    expect(await storedFiles()).toEqual([saved.key]);
    const { file, stream } = await t.deps.files.open(saved.fileId, providerId);
    const out: Buffer[] = [];
    for await (const c of stream) out.push(c as Buffer);
    expect(Buffer.concat(out).equals(pdf)).toBe(true);
    expect(file.fileId).toBe(saved.fileId);
    await expect(t.deps.files.open(saved.fileId, otherProviderId)).rejects.toMatchObject({ statusCode: 404 });
    await expect(t.deps.files.remove(saved.fileId, otherProviderId)).rejects.toMatchObject({
      statusCode: 404,
    });
    await t.deps.files.remove(saved.fileId, providerId);
    expect(await storedFiles()).toEqual([]);
    expect(await fileCount()).toBe(seeded);
  });

  it('refuses content that is not what the route accepts (415), whatever the name says', async () => {
    const err = await t.deps.files
      .save({
        providerId,
        userId: null,
        fileName: 'questions.xlsx',
        content: Readable.from([Buffer.from('<html><script>alert(1)</script></html>')]),
        maxBytes: 1024,
        accept: ['xls', 'xlsx'],
      })
      .catch((e) => e);
    expect(err.statusCode).toBe(415);
    expect(await fileCount()).toBe(seeded);
    expect(await storedFiles()).toEqual([]);
  });

  it('refuses an upload over its limit while streaming (413) and leaves neither bytes nor a row', async () => {
    const err = await t.deps.files
      .save({
        providerId,
        userId: null,
        fileName: 'big.pdf',
        content: Readable.from([pdf]),
        maxBytes: 1000,
        accept: ['pdf'],
      })
      .catch((e) => e);
    expect(err.statusCode).toBe(413);
    expect(await fileCount()).toBe(seeded);
    expect(await storedFiles()).toEqual([]);
  });
});
