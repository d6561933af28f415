import type { CreateOmrSheet } from '@assess/contracts/omr';
import { omrMessages as m } from '@assess/contracts/omr';
import type { OmrPageResult } from './cpu';
import type { PageRef } from './unpack';

/**
 * The answer zip's pages read into outcomes (issue 25): the zip is unpacked on the CPU pool first (unpack.ts,
 * 'omr.unpack'), then every page is read there ('omr.readPage'), each with its own outcome: one bad page never
 * stops the batch, and a page already read (same content) is not read again.
 */
export type { PageRef } from './unpack';
export type PageOutcome =
  | { kind: 'read'; ref: PageRef; result: Extract<OmrPageResult, { ok: true }> }
  | { kind: 'queued'; ref: PageRef; result: Extract<OmrPageResult, { ok: true }>; reasons: string[] }
  | { kind: 'duplicate'; ref: PageRef }
  | { kind: 'failed'; fileName: string; page: number | null; reason: string };

const failureText: Record<Extract<OmrPageResult, { ok: false }>['reason'], string> = {
  unreadable: m.pageUnreadable,
  noMarkers: m.pageNoMarkers,
  noQr: m.pageNoQr,
  unknownForm: m.formNotFound,
  noPage: m.formNotFound,
};

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
      result = await deps.read({ buf: ref.data, page: ref.page, forms: deps.forms });
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
