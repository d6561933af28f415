import type { OmrSheetIdentity } from '@assess/contracts/omr';
import type { Grey } from './geometry';
import { type paperSizes, type SheetLayout, sheetLayout } from './layout';
import { findMarkers, type MarkerFind } from './markers';
import { locatePage, type PageFrame, type PageRead, readLayoutPage, readQr } from './reader';

/** A sheet frame with no sections: the markers, orientation mark and QR box of a paper size (they depend on it only). */
const frames = (['A4', 'Letter'] as const).map((paperSize) =>
  sheetLayout({ paperSize, studentIdDigits: 1, testIdDigits: 0, sections: [] }),
);

export type Located = {
  frame: PageFrame;
  identity: OmrSheetIdentity | null;
  paper: keyof typeof paperSizes;
  markers: MarkerFind;
};

/** Markers, turn and QR, trying A4 then Letter (their marker frames differ by a few millimetres). */
export function locateAndIdentify(img: Grey): Located | { error: 'noMarkers' } {
  let first: Located | null = null;
  // the corner markers are searched once (the slow part); each paper size only fits its frame to them
  const markers = findMarkers(img);
  if ('error' in markers) return markers;
  for (const layout of frames) {
    const frame = locatePage(img, layout.pages[0], markers);
    if ('error' in frame) continue;
    const identity = readQr(img, frame, layout.pages[0]);
    const here = { frame, identity, paper: layout.paper, markers };
    if (identity) return here;
    first ??= here;
  }
  return first ?? { error: 'noMarkers' };
}

/** Reads a located page against its form's layout (the frame is recomputed for the form's paper size). */
export function readPage(
  img: Grey,
  layout: SheetLayout,
  located: Located,
  pageNumber: number,
): PageRead | null {
  const index = pageNumber - 1;
  if (!layout.pages[index]) return null;
  let frame = located.frame;
  if (located.paper !== layout.paper) {
    const again = locatePage(img, layout.pages[index], located.markers);
    if ('error' in again) return null;
    frame = again;
  }
  return readLayoutPage(img, layout, index, frame, located.identity);
}
