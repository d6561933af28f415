import { zipImportMessages as m, ZIP_MAX_BYTES } from '@assess/contracts/question-imports';
import { describe, expect, it } from 'vitest';
import { root, snapshot, useZipApp, validate, zipOf } from './zip.test-support';

useZipApp();

describe('zip safety', () => {
  const base = `${root}/Algebra/Linear`;
  const expectRefused = async (zip: Buffer, fields: Record<string, string[]>) => {
    const before = await snapshot();
    const res = await validate(zip);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject(fields);
    expect(await snapshot()).toEqual(before);
  };

  it('a zip bomb stops at the unpacked-size cap while inflating', async () => {
    const zeros = Buffer.alloc(4 * 1024 * 1024);
    const zip = await zipOf(
      Array.from({ length: 17 }, (_, i) => ({ path: `${base}/SCQ/B${i}.png`, data: zeros })),
    );
    expect(zip.length).toBeLessThan(ZIP_MAX_BYTES);
    await expectRefused(zip, { [m.tooBigUnpacked]: [] });
    const one = await zipOf([{ path: `${base}/SCQ/B.png`, data: Buffer.alloc(6 * 1024 * 1024) }]);
    await expectRefused(one, { [m.tooBigUnpacked]: [] });
  });

  it("'../' entries and absolute paths are listed, never unpacked", async () => {
    const zip = await zipOf(
      [{ path: 'xx/evil.png' }, { path: 'yevil2.png' }, { path: `${base}/SCQ/G1.png` }],
      [
        ['xx/evil.png', '../evil.png'],
        ['yevil2.png', '/evil2.png'],
      ],
    );
    await expectRefused(zip, { [m.unsafePath]: ['../evil.png', '/evil2.png'] });
  });

  it('symbolic links and archives inside are refused', async () => {
    const zip = await zipOf([
      { path: `${base}/SCQ/L1.png`, data: Buffer.from('/etc/passwd'), mode: 0o120777 },
      { path: `${base}/SCQ/inner.zip`, data: await zipOf([{ path: 'a.png' }]) },
      { path: `${base}/SCQ/Z1.png`, data: await zipOf([{ path: 'b.png' }]) },
    ]);
    await expectRefused(zip, {
      [m.symlink]: [`${base}/SCQ/L1.png`],
      [m.nestedZip]: [`${base}/SCQ/inner.zip`, `${base}/SCQ/Z1.png`],
    });
  });

  it('too many entries', async () => {
    const zip = await zipOf(
      Array.from({ length: 10_001 }, (_, i) => ({ path: `d/${i}`, data: Buffer.alloc(0), store: true })),
    );
    await expectRefused(zip, { [m.tooManyEntries]: ['10001'] });
  });

  it('a bomb inside Answers.xlsx makes it unreadable', async () => {
    const bomb = await zipOf([
      { path: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(30 * 1024 * 1024, 32) },
    ]);
    const zip = await zipOf([{ path: `${base}/SCQ/W1.png` }, { path: `${base}/Answers.xlsx`, data: bomb }]);
    await expectRefused(zip, { [m.answersUnreadable]: [`${base}/Answers.xlsx`] });
  });
});
