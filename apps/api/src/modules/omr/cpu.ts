import type { CreateOmrSheet, OmrSheetIdentity } from '@assess/contracts/omr';
import sharp from 'sharp';
import { decodePage, pageCount } from './decode';
import { apply, type Grey } from './geometry';
import { type SheetLayout, sheetLayout } from './layout';
import { locateAndIdentify, readPage } from './page-reader';
import { decide, type PageRead } from './reader';
import { unpackPages } from './unpack';

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
      /** The page as read (JPEG) with the marks drawn over it, when asked for. */
      preview?: Uint8Array;
    };

/** Reads one page image (JPEG, PNG, or one page of a TIFF or PDF) against the test's paper forms. */
export async function readOmrPage(input: {
  buf: Uint8Array;
  /** Page of a multi-page TIFF or PDF (0-based). */
  page?: number;
  forms: Record<number, CreateOmrSheet>;
  preview?: boolean;
}): Promise<OmrPageResult> {
  const img = await decodePage(input.buf, input.page ?? 0);
  if (!img) return { ok: false, reason: 'unreadable' };
  const located = locateAndIdentify(img);
  if ('error' in located) return { ok: false, reason: 'noMarkers' };
  const id = located.identity;
  if (!id) return { ok: false, reason: 'noQr' };
  const form = input.forms[id.formId];
  if (!form) return { ok: false, reason: 'unknownForm' };
  const layout = sheetLayout(form);
  const read = readPage(img, layout, located, id.page);
  if (!read) return { ok: false, reason: 'noPage' };
  const preview = input.preview ? await previewJpeg(img, layout, id.page - 1, read) : undefined;
  return {
    ok: true,
    identity: id,
    turn: read.turn,
    answers: read.answers,
    studentId: read.studentId,
    testId: read.testId,
    confidence: read.confidence,
    ...(preview ? { preview } : {}),
  };
}

/** The working image with every marked bubble ringed green and every unclear one red (the correction screen). */
async function previewJpeg(img: Grey, layout: SheetLayout, pageIndex: number, read: PageRead) {
  const page = layout.pages[pageIndex];
  const h = read.frame.h;
  const rings: string[] = [];
  const ring = (x: number, y: number, mark: string) => {
    if (mark === 'empty') return;
    const c = apply(h, x, y);
    const e = apply(h, x + layout.bubbleRadius * 1.3, y);
    const r = Math.hypot(e.x - c.x, e.y - c.y);
    const colour = mark === 'filled' ? '#00a050' : '#e00000';
    rings.push(
      `<circle cx="${c.x.toFixed(1)}" cy="${c.y.toFixed(1)}" r="${r.toFixed(1)}" fill="none" stroke="${colour}" stroke-width="3"/>`,
    );
  };
  page.questions.forEach((q, i) => {
    q.bubbles.forEach((b, k) => {
      ring(b.x, b.y, decide(read.darkness.questions[i][k], read.thresholds));
    });
  });
  const grids: [typeof page.studentId | null, number[][] | null][] = [
    [page.studentId, read.darkness.studentId],
    [page.testId, read.darkness.testId],
  ];
  for (const [grid, dark] of grids)
    grid?.columns.forEach((col, c) => {
      col.forEach((b, v) => {
        ring(b.x, b.y, decide(dark?.[c][v] ?? 0, read.thresholds));
      });
    });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${img.width}" height="${img.height}">${rings.join('')}</svg>`;
  const jpeg = await sharp(Buffer.from(img.data), {
    raw: { width: img.width, height: img.height, channels: 1 },
  })
    .toColourspace('srgb')
    .composite([{ input: Buffer.from(svg) }])
    .jpeg({ quality: 70 })
    .toBuffer();
  return new Uint8Array(jpeg);
}

/** The OMR module's CPU-heavy work, run on the CPU pool's worker threads (src/cpu-tasks.ts lists it). */
export const omrCpuTasks = {
  /** One scanned or photographed page: decode, locate, read (never on the event loop that serves answer saves). */
  'omr.readPage': readOmrPage,
  /**
   * The answer zip unpacked safely, its pages listed (a multi-page TIFF or PDF split) and hashed (unpack.ts): one
   * task a zip, so neither inflating nor hashing 500 pages ever runs on the event loop that serves answer saves.
   */
  'omr.unpack': (input: { zip: Uint8Array }) => unpackPages(input.zip),
  /** The pool's warm-up (cpu-worker.ts): libvips loaded and a tiny page decoded before the first batch. */
  'omr.warm': async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await pageCount(png);
    return (await decodePage(png)) !== null;
  },
};
