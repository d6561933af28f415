import { omrMessages as m, OMR_PAGE_MAX_BYTES } from '@assess/contracts/omr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { batchSummary, type PageRef, readPages } from './batch';
import { omrCpuTasks, readOmrPage } from './cpu';
import { filledPageSvg, randomSheet, renderPage, rng, zipOf } from './generator';

const form = {
  formName: 'Batch',
  testIdDigits: 0,
  studentIdDigits: 5,
  paperSize: 'A4' as const,
  sections: [{ sectionName: 'Physics', questionCount: 20, numberOfChoices: 4, choiceType: 1 }],
};

/** The zip unpacked as the task has it done on the CPU pool. */
const unpackPages = (zip: Buffer) => omrCpuTasks['omr.unpack']({ zip });

/** Every page read for test 41 with form 5 (`seen`: hashes read before). */
const readAll = (pages: PageRef[], studentKnown: (id: string) => Promise<boolean>, seen: string[] = []) =>
  readPages(pages, { testId: 41, forms: { 5: form }, seen: new Set(seen), read: readOmrPage, studentKnown });

async function page(seed: number, testId: number, pen: 'clean' | 'cross' = 'clean') {
  const f = randomSheet(form, rng(seed), { blank: 0 });
  return { f, png: await renderPage(filledPageSvg(f, 0, { testId, formId: 5 }, () => pen)) };
}

describe('the answer zip, page by page', { timeout: 60_000 }, () => {
  it('a damaged zip and a zip bomb are refused whole; a non-image, an empty page and a bad path each fail alone', async () => {
    expect(await unpackPages(Buffer.from('not a zip at all'))).toEqual({ refused: m.notAZip });
    const bomb = await zipOf([['bomb.png', Buffer.alloc(300 * 1024 * 1024)]], { compress: true });
    expect(await unpackPages(bomb)).toEqual({ refused: m.unsafeZip });
    const { png } = await page(1, 41);
    const zipped = await zipOf([
      ['a/page1.png', png],
      ['notes.txt', Buffer.from('hello')],
      ['empty.jpg', Buffer.alloc(0)],
      ['xx/escape.png', png],
      ['fake.png', Buffer.from('not an image')],
    ]);
    // yazl refuses to write '..': the name is changed in place (same length, both headers)
    const mixed = Buffer.from(
      zipped.toString('latin1').replaceAll('xx/escape.png', '../escape.png'),
      'latin1',
    );
    const r = await unpackPages(mixed);
    if ('refused' in r) throw new Error(r.refused);
    expect(r.pages.map((p) => p.fileName)).toEqual(['a/page1.png']);
    expect(
      Object.fromEntries(
        r.failed.map((f) => [f.kind === 'failed' ? f.fileName : '', f.kind === 'failed' ? f.reason : '']),
      ),
    ).toEqual({
      'notes.txt': m.pageNotImage,
      'empty.jpg': m.pageEmpty,
      '../escape.png': m.unsafeZip,
      'fake.png': m.pageUnreadable,
    });
  });

  it('pages of this test are read or queued, another test’s is reported, the same scan twice is read once', async () => {
    const good = await page(2, 41);
    const crossed = await page(3, 41, 'cross');
    const other = await page(4, 99);
    const zip = await zipOf([
      ['good.png', good.png],
      ['again.png', good.png],
      ['crossed.png', crossed.png],
      ['other.png', other.png],
    ]);
    const unpacked = await unpackPages(zip);
    if ('refused' in unpacked) throw new Error(unpacked.refused);
    const outcomes = await readAll(
      unpacked.pages,
      async (id) => id === good.f.studentId || id === crossed.f.studentId,
    );
    expect(outcomes.map((o) => o.kind)).toEqual(['read', 'duplicate', 'queued', 'failed']);
    const read = outcomes[0];
    if (read.kind !== 'read') throw new Error('not read');
    expect(read.result.studentId).toBe(good.f.studentId);
    expect(read.result.answers.map((a) => a.marks)).toEqual(good.f.answers[0]);
    expect(outcomes[3]).toMatchObject({ kind: 'failed', reason: `${m.pageOtherTest} (test id 99).` });
    const again = await readAll(unpacked.pages.slice(0, 1), async () => true, [unpacked.pages[0].hash]);
    expect(again.map((o) => o.kind)).toEqual(['duplicate']);
    const summary = batchSummary(outcomes);
    expect(summary).toMatchObject({ read: 1, queued: 1, failed: 1, duplicates: 1 });
    expect(summary.message.startsWith(m.uploadSuccess)).toBe(true);
    expect(batchSummary([outcomes[3]]).message.startsWith(m.uploadFailed)).toBe(true);
  });

  it('an unknown student id queues the sheet; a blank page fails with the markers’ reason', async () => {
    const p = await page(6, 41);
    const blank = await renderPage(
      '<svg xmlns="http://www.w3.org/2000/svg" width="1240" height="1754"><rect width="100%" height="100%" fill="#fff"/></svg>',
    );
    const unpacked = await unpackPages(
      await zipOf([
        ['p.png', p.png],
        ['blank.png', blank],
      ]),
    );
    if ('refused' in unpacked) throw new Error(unpacked.refused);
    const outcomes = await readAll(unpacked.pages, async () => false);
    expect(outcomes[0]).toMatchObject({ kind: 'queued', reasons: [m.unknownStudent] });
    expect(outcomes[1]).toMatchObject({ kind: 'failed', reason: m.pageNoMarkers });
  });

  it('a 600 dpi A4 scan as an uncompressed 35 MB TIFF is read; a 104 MB colour one fails alone as too large', async () => {
    const p = await page(8, 41);
    // the sheet at 600 dpi (A4: 4961 × 7016 px), 8-bit grey without compression, as some scanners write it
    const big = sharp(p.png).resize(4961, 7016, { kernel: 'nearest' });
    const tiff = (space: 'b-w' | 'srgb') =>
      big.clone().removeAlpha().toColourspace(space).tiff({ compression: 'none' }).toBuffer();
    const [grey, colour] = await Promise.all([tiff('b-w'), tiff('srgb')]);
    expect(grey.length).toBeGreaterThan(34_000_000);
    expect(grey.length).toBeLessThan(OMR_PAGE_MAX_BYTES);
    expect(colour.length).toBeGreaterThan(OMR_PAGE_MAX_BYTES);
    const unpacked = await unpackPages(
      await zipOf(
        [
          ['600dpi.tif', grey],
          ['600dpi-colour.tif', colour],
        ],
        { compress: true },
      ),
    );
    if ('refused' in unpacked) throw new Error(unpacked.refused);
    expect(unpacked.failed).toEqual([
      { kind: 'failed', fileName: '600dpi-colour.tif', page: null, reason: m.pageTooLarge },
    ]);
    const [outcome] = await readAll(unpacked.pages, async () => true);
    if (outcome?.kind !== 'read') throw new Error(`not read: ${JSON.stringify(outcome)}`);
    expect(outcome.result.studentId).toBe(p.f.studentId);
    expect(outcome.result.answers.map((a) => a.marks)).toEqual(p.f.answers[0]);
  });
});
