import { webcrypto } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  type CreateOmrSheet,
  omrMessages as m,
  OMR_PAGE_EXTENSIONS,
  OMR_PAGE_MAX_BYTES,
  OMR_ZIP_MAX_ENTRIES,
  OMR_ZIP_MAX_UNPACKED_BYTES,
} from '@assess/contracts/omr';
import { zipImportMessages as zipMessages } from '@assess/contracts/question-imports';
import type { OmrPageResult } from './cpu';

/**
 * The answer zip, page by page (issue 25): unpacked safely (the zip reader the question imports use: entries
 * counted, sizes counted while inflating, no '..', absolute paths, links, archives inside), every JPG / PNG /
 * TIFF page (a multi-page TIFF split), each read on the CPU pool, each with its own outcome: one bad page never
 * stops the batch, and a page already read (same content) is not read again.
 */
export type ZipEntry = { path: string; data: Buffer };
/** The shape of question-imports' readZip (given by the module's wiring; tests pass the real one). */
export type ReadZip = (
  buf: Buffer,
  limits: { maxEntries: number; maxUnpackedBytes: number; maxEntryBytes: number; refuseNested: boolean },
) => Promise<{ files: ZipEntry[]; problems: Map<string, string[]> }>;

export type PageRef = { fileName: string; page: number; pages: number; data: Buffer; hash: string };
export type PageOutcome =
  | { kind: 'read'; ref: PageRef; result: Extract<OmrPageResult, { ok: true }> }
  | { kind: 'queued'; ref: PageRef; result: Extract<OmrPageResult, { ok: true }>; reasons: string[] }
  | { kind: 'duplicate'; ref: PageRef }
  | { kind: 'failed'; fileName: string; page: number | null; reason: string };

const singlePage = /\.(jpe?g|png)$/i;
const isJpegOrPng = (b: Buffer) =>
  (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) ||
  (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47);
const pageExtension = new RegExp(`\\.(${OMR_PAGE_EXTENSIONS.join('|')})$`, 'i');
const failureText: Record<Extract<OmrPageResult, { ok: false }>['reason'], string> = {
  unreadable: m.pageUnreadable,
  noMarkers: m.pageNoMarkers,
  noQr: m.pageNoQr,
  unknownForm: m.formNotFound,
  noPage: m.formNotFound,
};

/** A page's content hash, computed off the event loop (WebCrypto digests on libuv's thread pool). */
async function sha256(data: Buffer) {
  return Buffer.from(await webcrypto.subtle.digest('SHA-256', data)).toString('hex');
}

/**
 * Whole-zip refusals (nothing is read) and the per-entry problems (those entries fail, the rest is read). It runs
 * in the task beside the answer saves, so no step holds the event loop long (issue 25): the zip inflates
 * entry by entry on zlib's threads, a TIFF's pages are counted on the CPU pool, a page is hashed on the crypto
 * thread pool, and the loop is given back between entries.
 */
export async function unpackPages(
  zip: Buffer,
  deps: { readZip: ReadZip; pageCount: (buf: Uint8Array) => Promise<{ pages: number }> },
): Promise<{ refused: string } | { pages: PageRef[]; failed: PageOutcome[] }> {
  const { files, problems } = await deps.readZip(zip, {
    maxEntries: OMR_ZIP_MAX_ENTRIES,
    maxUnpackedBytes: OMR_ZIP_MAX_UNPACKED_BYTES,
    maxEntryBytes: OMR_PAGE_MAX_BYTES,
    refuseNested: true,
  });
  const failed: PageOutcome[] = [];
  // the whole zip is refused (nothing read) when it is no zip, a bomb or holds too many entries
  if (problems.has(zipMessages.notAZip)) return { refused: m.notAZip };
  if (problems.has(zipMessages.tooBigUnpacked) || problems.has(zipMessages.tooManyEntries))
    return { refused: m.unsafeZip };
  for (const names of problems.values())
    for (const name of names)
      failed.push({ kind: 'failed', fileName: name, page: null, reason: m.unsafeZip });
  const pages: PageRef[] = [];
  for (const f of files) {
    await nextTurn();
    const fileName = f.path;
    if (!pageExtension.test(fileName)) {
      failed.push({ kind: 'failed', fileName, page: null, reason: m.pageNotImage });
      continue;
    }
    if (f.data.length === 0) {
      failed.push({ kind: 'failed', fileName, page: null, reason: m.pageEmpty });
      continue;
    }
    // a JPEG or PNG (by its signature) is one page; a TIFF is counted (multi-page TIFFs are split)
    const { pages: count } = singlePage.test(fileName)
      ? { pages: isJpegOrPng(f.data) ? 1 : 0 }
      : await deps.pageCount(new Uint8Array(f.data));
    if (count < 1) {
      failed.push({ kind: 'failed', fileName, page: null, reason: m.pageUnreadable });
      continue;
    }
    const digest = await sha256(f.data);
    for (let page = 0; page < count; page++)
      pages.push({ fileName, page, pages: count, data: f.data, hash: `${digest}:${page}` });
  }
  if (!pages.length && !failed.length) return { refused: m.noPages };
  return { pages, failed };
}

/** Why a read page goes to the correction queue (none: it is scored). */
export function queueReasons(
  r: Extract<OmrPageResult, { ok: true }>,
  known: { studentKnown: boolean; testIdDigits: string | null },
): string[] {
  const out: string[] = [];
  if (r.studentId.includes('?')) out.push('Student id: a column with no mark, two marks or an unclear mark.');
  else if (!known.studentKnown) out.push(m.unknownStudent);
  const unclear = r.answers.filter((a) => a.marks === null).length;
  if (unclear) out.push(`${unclear} question(s) with an unclear mark.`);
  if (r.testId !== null && known.testIdDigits !== null && r.testId !== known.testIdDigits)
    out.push('The test id marked on the sheet is not this test’s.');
  return out;
}

/** Pages read at once: enough to keep every CPU worker busy while results travel back (the pool queues the rest). */
const READ_AHEAD = 4;

/**
 * Reads every page (each one CPU-pool task, READ_AHEAD at a time, outcomes in page order); `seen` holds hashes
 * read before, and a page whose hash appeared earlier in this zip is a duplicate (decided before any read).
 */
export async function readPages(
  pages: readonly PageRef[],
  deps: {
    testId: number;
    forms: Record<number, CreateOmrSheet>;
    seen: ReadonlySet<string>;
    read: (input: {
      buf: Uint8Array;
      page: number;
      forms: Record<number, CreateOmrSheet>;
    }) => Promise<OmrPageResult>;
    studentKnown: (studentId: string) => Promise<boolean>;
    onPage?: (done: number, total: number) => Promise<void>;
  },
): Promise<PageOutcome[]> {
  const seen = new Set(deps.seen);
  const duplicate = pages.map((ref) => {
    if (seen.has(ref.hash)) return true;
    seen.add(ref.hash);
    return false;
  });
  const out: PageOutcome[] = new Array(pages.length);
  let next = 0;
  let done = 0;
  const one = async (ref: PageRef): Promise<PageOutcome> => {
    let result: OmrPageResult;
    try {
      result = await deps.read({ buf: new Uint8Array(ref.data), page: ref.page, forms: deps.forms });
    } catch {
      result = { ok: false, reason: 'unreadable' };
    }
    if (!result.ok)
      return { kind: 'failed', fileName: ref.fileName, page: ref.page, reason: failureText[result.reason] };
    if (result.identity.testId !== deps.testId)
      return {
        kind: 'failed',
        fileName: ref.fileName,
        page: ref.page,
        reason: `${m.pageOtherTest} (test id ${result.identity.testId}).`,
      };
    const form = deps.forms[result.identity.formId];
    const reasons = queueReasons(result, {
      studentKnown: result.studentId.includes('?') ? false : await deps.studentKnown(result.studentId),
      testIdDigits:
        form && form.testIdDigits > 0
          ? String(deps.testId).padStart(form.testIdDigits, '0').slice(-form.testIdDigits)
          : null,
    });
    return reasons.length ? { kind: 'queued', ref, result, reasons } : { kind: 'read', ref, result };
  };
  const worker = async () => {
    while (next < pages.length) {
      const i = next++;
      out[i] = duplicate[i] ? { kind: 'duplicate', ref: pages[i] } : await one(pages[i]);
      done += 1;
      await deps.onPage?.(done, pages.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_AHEAD, pages.length) }, worker));
  return out;
}

/** The summary the task ends with: the spec's message first, then the counts and the reasons of failures. */
export function batchSummary(outcomes: readonly PageOutcome[]) {
  const count = (k: PageOutcome['kind']) => outcomes.filter((o) => o.kind === k).length;
  const summary = {
    read: count('read'),
    queued: count('queued'),
    failed: count('failed'),
    duplicates: count('duplicate'),
  };
  const ok = summary.read + summary.queued > 0;
  const reasons = [...new Set(outcomes.flatMap((o) => (o.kind === 'failed' ? [o.reason] : [])))];
  const message = `${ok ? m.uploadSuccess : m.uploadFailed}Read ${summary.read}, queued ${summary.queued}, failed ${summary.failed}, already read ${summary.duplicates}.${
    reasons.length ? ` ${reasons.join(' ')}` : ''
  }`;
  return { ...summary, message };
}
