import type { CreateOmrSheet, OmrSheetIdentity } from '@assess/contracts/omr';
import sharp from 'sharp';
import type { Grey } from './geometry';
import { sheetLayout } from './layout';
import { locateAndIdentify, readPage } from './page-reader';

/** The reader's working resolution: the longer side at most this (≈ 5 px per mm on A4, ample for 4.6 mm bubbles). */
const WORKING_SIDE = 1600;

/** What one page gives back (plain, cloneable): found or not, the QR, and the read when the form is known. */
export type OmrPageResult =
  | { ok: false; reason: 'unreadable' | 'noMarkers' | 'noQr' | 'unknownForm' | 'noPage' }
  | {
      ok: true;
      identity: OmrSheetIdentity;
      turn: number;
      answers: { section: number; index: number; marks: number[] | null }[];
      studentId: string;
      testId: string | null;
      confidence: number;
    };

async function decode(buf: Uint8Array, page: number): Promise<Grey | null> {
  try {
    const { data, info } = await sharp(buf, { page, limitInputPixels: 120_000_000 })
      .greyscale()
      .resize({ width: WORKING_SIDE, height: WORKING_SIDE, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return {
      data: new Uint8Array(data.buffer, data.byteOffset, info.width * info.height),
      width: info.width,
      height: info.height,
    };
  } catch {
    return null;
  }
}

/** Reads one page image (JPEG, PNG, or one page of a TIFF) against the test's paper forms. */
export async function readOmrPage(input: {
  buf: Uint8Array;
  /** Page of a multi-page TIFF (0-based). */
  page?: number;
  forms: Record<number, CreateOmrSheet>;
}): Promise<OmrPageResult> {
  const img = await decode(input.buf, input.page ?? 0);
  if (!img) return { ok: false, reason: 'unreadable' };
  const located = locateAndIdentify(img);
  if ('error' in located) return { ok: false, reason: 'noMarkers' };
  const id = located.identity;
  if (!id) return { ok: false, reason: 'noQr' };
  const form = input.forms[id.formId];
  if (!form) return { ok: false, reason: 'unknownForm' };
  const read = readPage(img, sheetLayout(form), located, id.page);
  if (!read) return { ok: false, reason: 'noPage' };
  return {
    ok: true,
    identity: id,
    turn: read.turn,
    answers: read.answers,
    studentId: read.studentId,
    testId: read.testId,
    confidence: read.confidence,
  };
}

/** The OMR module's CPU-heavy work, run on the CPU pool's worker threads (src/cpu-tasks.ts lists it). */
export const omrCpuTasks = {
  /** One scanned or photographed page: decode, locate, read (never on the event loop that serves answer saves). */
  'omr.readPage': readOmrPage,
  /** How many pages an image file holds (a multi-page TIFF is split into pages). */
  'omr.pageCount': async (input: { buf: Uint8Array }) => {
    try {
      const meta = await sharp(input.buf, { limitInputPixels: 120_000_000 }).metadata();
      return { pages: meta.pages ?? 1, format: meta.format ?? null };
    } catch {
      return { pages: 0, format: null };
    }
  },
};
