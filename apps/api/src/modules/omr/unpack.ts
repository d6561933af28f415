import { createHash } from 'node:crypto';
import {
  omrMessages as m,
  OMR_PAGE_EXTENSIONS,
  OMR_PAGE_MAX_BYTES,
  OMR_ZIP_MAX_ENTRIES,
  OMR_ZIP_MAX_UNPACKED_BYTES,
} from '@assess/contracts/omr';
import { readZipArchive } from '../../platform/files/zip-reader';
import { pageCount } from './decode';

/**
 * The answer zip, page by page (issue 25): unpacked safely (platform/files/zip-reader.ts, the reader the question
 * imports use too: entries counted, sizes counted while inflating, no '..', absolute paths, links, archives
 * inside), every JPG / PNG / TIFF / PDF page (a multi-page TIFF or PDF split) listed with its content hash.
 * It runs on the CPU pool ('omr.unpack', cpu.ts), never on the event loop that serves answer saves: the inflating,
 * the page counting and the hashing of a 500-page zip are all done in the worker, in one task.
 */
export type PageRef = { fileName: string; page: number; pages: number; data: Uint8Array; hash: string };
/** An entry that is no page to read (the rest of the zip is read). */
export type EntryFailure = { kind: 'failed'; fileName: string; page: null; reason: string };
export type Unpacked = { refused: string } | { pages: PageRef[]; failed: EntryFailure[] };

const singlePage = /\.(jpe?g|png)$/i;
const isJpegOrPng = (b: Uint8Array) =>
  (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) ||
  (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47);
const pageExtension = new RegExp(`\\.(${OMR_PAGE_EXTENSIONS.join('|')})$`, 'i');

/** The bytes in an array of their own (a small Buffer may sit in Node's shared pool, all of which a clone would copy). */
const own = (b: Buffer): Uint8Array =>
  b.byteOffset === 0 && b.byteLength === b.buffer.byteLength
    ? new Uint8Array(b.buffer, 0, b.byteLength)
    : new Uint8Array(b);

/**
 * Whole-zip refusals (nothing is read: no zip, a zip bomb, too many entries, no page at all) and the per-entry
 * failures (unsafe entries, a page over 48 MB, non-images, empty and undecodable files: those fail, the rest is
 * read).
 */
export async function unpackPages(zip: Uint8Array): Promise<Unpacked> {
  const buf = Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
  const { files, problems } = await readZipArchive(buf, {
    maxEntries: OMR_ZIP_MAX_ENTRIES,
    maxUnpackedBytes: OMR_ZIP_MAX_UNPACKED_BYTES,
    maxEntryBytes: OMR_PAGE_MAX_BYTES,
    refuseNested: true,
    skipLargeEntries: true,
  });
  if (problems.has('notAZip')) return { refused: m.notAZip };
  if (problems.has('tooBigUnpacked') || problems.has('tooManyEntries')) return { refused: m.unsafeZip };
  const failed: EntryFailure[] = [];
  for (const [problem, names] of problems)
    for (const name of names)
      failed.push({
        kind: 'failed',
        fileName: name,
        page: null,
        reason: problem === 'tooBigEntry' ? m.pageTooLarge : m.unsafeZip,
      });
  const pages: PageRef[] = [];
  for (const f of files) {
    const fileName = f.path;
    if (!pageExtension.test(fileName)) {
      failed.push({ kind: 'failed', fileName, page: null, reason: m.pageNotImage });
      continue;
    }
    if (f.data.length === 0) {
      failed.push({ kind: 'failed', fileName, page: null, reason: m.pageEmpty });
      continue;
    }
    // a JPEG or PNG (by its signature) is one page; a TIFF or PDF is counted (multi-page files are split)
    const count = singlePage.test(fileName) ? (isJpegOrPng(f.data) ? 1 : 0) : (await pageCount(f.data)).pages;
    if (count < 1) {
      failed.push({ kind: 'failed', fileName, page: null, reason: m.pageUnreadable });
      continue;
    }
    const digest = createHash('sha256').update(f.data).digest('hex');
    const data = own(f.data);
    for (let page = 0; page < count; page++)
      pages.push({ fileName, page, pages: count, data, hash: `${digest}:${page}` });
  }
  if (!pages.length && !failed.length) return { refused: m.noPages };
  return { pages, failed };
}
