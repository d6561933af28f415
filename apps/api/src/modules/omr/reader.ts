import { type OmrSheetIdentity, parseOmrQr } from '@assess/contracts/omr';
import jsQR from 'jsqr';
import { apply, type Grey, type Homography, homography, type Pt, sample } from './geometry';
import { ORIENTATION_SIZE, type PageLayout, type SheetLayout } from './layout';
import { findMarkers, type MarkerFind } from './markers';

/**
 * The page reader (issue 25): pure geometry and decisions over a greyscale image, unit-tested on generated pages
 * (reader.test.ts). Steps: the four corner markers → the four turns of the page tried, the one whose orientation
 * mark is dark kept → a homography from the sheet's millimetres to the image's pixels (rotation, skew, scale and a
 * phone's perspective in one) → every bubble's darkness against the paper around it → a threshold from the page's
 * own gap between empty and marked bubbles → filled / empty / ambiguous; the student id; the QR.
 */

/** The QR's upright copy: pixels per millimetre. */
const QR_PX_PER_MM = 4;

export type PageFrame = { h: Homography; turn: number; orientationContrast: number; sizeRatio: number };

/** Mean grey inside a circle of radius r (mm) around a sheet point, sampled through the homography. */
function discMean(img: Grey, h: Homography, c: Pt, r: number): number {
  let sum = 0;
  let n = 0;
  for (const f of [0, 0.45, 0.85])
    for (let k = 0; k < (f === 0 ? 1 : 8); k++) {
      const a = (k * Math.PI) / 4 + (f > 0.5 ? Math.PI / 8 : 0);
      const p = apply(h, c.x + f * r * Math.cos(a), c.y + f * r * Math.sin(a));
      sum += sample(img, p.x, p.y);
      n += 1;
    }
  return sum / n;
}

/** The paper's brightness around a bubble: the brightest of 8 points just outside it (a stray mark does not count). */
function paperAround(img: Grey, h: Homography, c: Pt, r: number): number {
  let best = 0;
  for (let k = 0; k < 8; k++) {
    const a = (k * Math.PI) / 4 + Math.PI / 8;
    const p = apply(h, c.x + r * 1.36 * Math.cos(a), c.y + r * 1.32 * Math.sin(a));
    best = Math.max(best, sample(img, p.x, p.y));
  }
  return best;
}

/** Finds the page: markers, then the turn whose orientation mark is dark. */
export function locatePage(
  img: Grey,
  page: PageLayout,
  /** The markers when already found on this image (another paper size tried): not searched again. */
  markers: MarkerFind = findMarkers(img),
): PageFrame | { error: 'noMarkers' } {
  const m = markers;
  if ('error' in m) return m;
  let best: PageFrame | null = null;
  const darkness: number[] = [];
  for (let turn = 0; turn < 4; turn++) {
    const canon = [0, 1, 2, 3].map((i) => page.markers[(i + turn) % 4]);
    const h = homography(canon, m.corners);
    if (!h) {
      darkness.push(0);
      continue;
    }
    const inner = discMean(img, h, page.orientation, ORIENTATION_SIZE * 0.35);
    const paper = paperAround(img, h, page.orientation, ORIENTATION_SIZE * 0.9);
    const d = paper > 0 ? Math.max(0, (paper - inner) / paper) : 0;
    darkness.push(d);
    if (!best || d > darkness[best.turn]) best = { h, turn, orientationContrast: 0, sizeRatio: m.sizeRatio };
  }
  if (!best) return { error: 'noMarkers' };
  const others = darkness.filter((_, i) => i !== best.turn);
  best.orientationContrast = darkness[best.turn] - Math.max(...others);
  if (darkness[best.turn] < 0.35 || best.orientationContrast < 0.2) return { error: 'noMarkers' };
  return best;
}

/** A bubble's darkness 0 (paper) to 1 (ink), against the paper around it (uneven light cancels out). */
export function bubbleDarkness(img: Grey, frame: PageFrame, c: Pt, radius: number): number {
  const inner = discMean(img, frame.h, c, radius * 0.62);
  const paper = paperAround(img, frame.h, c, radius);
  return paper > 0 ? Math.min(1, Math.max(0, (paper - inner) / paper)) : 0;
}

export type Thresholds = { threshold: number; band: number; gap: number; emptyMax: number };

/** Never below / above these whatever the page says (a page of only smudges is not a page of answers). */
const MIN_THRESHOLD = 0.3;
const MAX_THRESHOLD = 0.62;
const BAND = 0.08;
/** Above this a bubble is never a confident empty (a cross, an erasure): at most ambiguous. */
const EMPTY_MAX = 0.18;

/**
 * The page's own threshold: the widest gap in its sorted bubble darkness between MIN and MAX_THRESHOLD (empty
 * bubbles below, marked ones above); its middle is the threshold. Within ±band of it a bubble is ambiguous.
 */
export function pageThresholds(values: readonly number[]): Thresholds {
  const v = [...values, 0, 1].sort((a, b) => a - b);
  let gap = 0;
  let threshold = 0.45;
  for (let i = 1; i < v.length; i++) {
    const lo = Math.max(v[i - 1], MIN_THRESHOLD - BAND);
    const hi = Math.min(v[i], MAX_THRESHOLD + BAND);
    if (hi - lo > gap) {
      gap = hi - lo;
      threshold = Math.min(MAX_THRESHOLD, Math.max(MIN_THRESHOLD, (lo + hi) / 2));
    }
  }
  return { threshold, band: BAND, gap, emptyMax: EMPTY_MAX };
}

export type Mark = 'filled' | 'empty' | 'ambiguous';
export const decide = (d: number, t: Thresholds): Mark =>
  d >= t.threshold + t.band
    ? 'filled'
    : d <= Math.min(t.threshold - t.band, t.emptyMax)
      ? 'empty'
      : 'ambiguous';

export type PageRead = {
  identity: OmrSheetIdentity | null;
  turn: number;
  /** Per question on this page: section, index, the marked choices (1-based) or null when ambiguous. */
  answers: { section: number; index: number; marks: number[] | null }[];
  /** Digits read; '?' where a column has no mark, two marks or an ambiguous one. */
  studentId: string;
  testId: string | null;
  thresholds: Thresholds;
  /** 0–1: how far the nearest bubble sits from the threshold band, and how well the markers agree. */
  confidence: number;
  darkness: { questions: number[][]; studentId: number[][]; testId: number[][] | null };
  frame: PageFrame;
};

function readGrid(cols: number[][], t: Thresholds): string {
  return cols
    .map((col) => {
      const marks = col.map((d) => decide(d, t));
      if (marks.includes('ambiguous')) return '?';
      const filled = marks.flatMap((m, i) => (m === 'filled' ? [i] : []));
      return filled.length === 1 ? String(filled[0]) : '?';
    })
    .join('');
}

/** Decodes the QR inside its printed box, warped upright at QR_PX_PER_MM (a module is about 1 mm: 4 px and more). */
export function readQr(img: Grey, frame: PageFrame, page: PageLayout): OmrSheetIdentity | null {
  const pad = 2;
  const size = Math.round((page.qr.size + 2 * pad) * QR_PX_PER_MM);
  const rgba = new Uint8ClampedArray(size * size * 4);
  const h = frame.h;
  const x0 = page.qr.x - pad;
  const y0 = page.qr.y - pad;
  for (let y = 0; y < size; y++) {
    const sy = y0 + y / QR_PX_PER_MM;
    for (let x = 0; x < size; x++) {
      const sx = x0 + x / QR_PX_PER_MM;
      const w = h[6] * sx + h[7] * sy + h[8];
      const g = sample(img, (h[0] * sx + h[1] * sy + h[2]) / w, (h[3] * sx + h[4] * sy + h[5]) / w);
      const i = (y * size + x) * 4;
      rgba[i] = rgba[i + 1] = rgba[i + 2] = g;
      rgba[i + 3] = 255;
    }
  }
  const code = jsQR(rgba, size, size, { inversionAttempts: 'dontInvert' });
  return code ? parseOmrQr(code.data) : null;
}

/** Reads one page of a sheet whose layout is known (the QR's form gives it; see readPage in page-reader.ts). */
export function readLayoutPage(
  img: Grey,
  layout: SheetLayout,
  pageIndex: number,
  frame: PageFrame,
  identity: OmrSheetIdentity | null,
): PageRead {
  const page = layout.pages[pageIndex];
  const r = layout.bubbleRadius;
  const dark = (c: Pt) => bubbleDarkness(img, frame, c, r);
  const questions = page.questions.map((q) => q.bubbles.map(dark));
  const studentId = page.studentId.columns.map((col) => col.map(dark));
  const testId = page.testId ? page.testId.columns.map((col) => col.map(dark)) : null;
  const all = [...questions.flat(), ...studentId.flat(), ...(testId ?? []).flat()];
  const t = pageThresholds(all);
  const answers = page.questions.map((q, i) => {
    const marks = questions[i].map((d) => decide(d, t));
    return {
      section: q.section,
      index: q.index,
      marks: marks.includes('ambiguous') ? null : marks.flatMap((m, k) => (m === 'filled' ? [k + 1] : [])),
    };
  });
  const nearest = all.reduce((m, d) => Math.min(m, Math.abs(d - t.threshold)), 1);
  const confidence = Math.max(0, Math.min(1, nearest / 0.3)) * Math.min(1, frame.sizeRatio / 0.8);
  return {
    identity,
    turn: frame.turn,
    answers,
    studentId: readGrid(studentId, t),
    testId: testId ? readGrid(testId, t) : null,
    thresholds: t,
    confidence: Math.round(confidence * 1000) / 1000,
    darkness: { questions, studentId, testId },
    frame,
  };
}
