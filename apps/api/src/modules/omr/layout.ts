import type { CreateOmrSheet, OmrPaperSize } from '@assess/contracts/omr';
import { choiceLabel } from '@assess/contracts/questions';

/**
 * The OMR sheet's geometry (issue 25), in millimetres from the page's top-left corner: the ONE source of truth
 * for where every marker, grid and bubble is. The PDF writer (sheet.pdf.ts), the test raster (sheet.svg.ts) and
 * the reader (reader.ts) all take positions from here, so the printed sheet and the read one cannot drift.
 *
 * The page: four solid corner markers (their centres fix the page's perspective), an orientation mark to the right
 * of the top-left marker only (the reader tries the four turns and keeps the one that finds it), the QR code
 * (test, paper form, layout version, page), the student id grid (studentIdDigits columns of 0–9), the test id grid
 * when testIdDigits > 0, then one block per section: questionCount rows of numberOfChoices bubbles. The bands along
 * the four edges between the markers stay blank (the orientation check samples them).
 */
export const paperSizes: Record<OmrPaperSize, { width: number; height: number }> = {
  A4: { width: 210, height: 297 },
  Letter: { width: 215.9, height: 279.4 },
};

export const MARGIN = 10;
export const MARKER = 9;
/** Bubbles ≥ 4 mm with a quiet zone around each (pitch − diameter = 1.6 mm of paper). */
export const BUBBLE_DIAMETER = 4.6;
export const BUBBLE_PITCH = 6.2;
export const ROW_PITCH = 6.0;
export const ORIENTATION_SIZE = 5;
export const QR_SIZE = 26;
/** Content stays inside this inset from every edge (the marker bands are blank but for the markers). */
const INSET = MARGIN + MARKER + 3;
const NUMBER_WIDTH = 9;
const COLUMN_GAP = 5;
const SECTION_TITLE = 6;
const LABEL_ROW = 4;

export type Point = { x: number; y: number };
export type Bubble = Point & { value: number };
export type IdGrid = { label: string; x: number; y: number; columns: Bubble[][] };
export type SheetQuestion = { section: number; index: number; bubbles: Bubble[] };
export type SectionBlock = {
  section: number;
  title: string;
  x: number;
  y: number;
  /** The choice labels over each column of questions (x of each label, y of the label row). */
  labels: { x: number; y: number; text: string }[];
};
export type PageLayout = {
  page: number;
  /** Marker centres, in the order top-left, top-right, bottom-right, bottom-left. */
  markers: [Point, Point, Point, Point];
  orientation: Point;
  qr: { x: number; y: number; size: number };
  studentId: IdGrid;
  testId: IdGrid | null;
  blocks: SectionBlock[];
  questions: SheetQuestion[];
};
export type SheetLayout = {
  paper: OmrPaperSize;
  width: number;
  height: number;
  bubbleRadius: number;
  pages: PageLayout[];
};

function idGrid(label: string, digits: number, x: number, y: number): IdGrid {
  const top = y + 5 + 7; // label, then the write-in boxes
  const columns = Array.from({ length: digits }, (_, c) =>
    Array.from({ length: 10 }, (_, v) => ({
      x: x + BUBBLE_PITCH / 2 + c * BUBBLE_PITCH,
      y: top + ROW_PITCH / 2 + v * ROW_PITCH,
      value: v,
    })),
  );
  return { label, x, y, columns };
}
export const idGridWidth = (digits: number) => Math.max(digits * BUBBLE_PITCH, 22);
export const ID_GRID_HEIGHT = 5 + 7 + 10 * ROW_PITCH;

/** A question's column on the sheet: its number, then numberOfChoices bubbles. */
const questionColumnWidth = (choices: number) => NUMBER_WIDTH + choices * BUBBLE_PITCH + COLUMN_GAP;

/** The whole sheet for createOmrSheet's input: pages as many as the sections need (each page self-contained). */
export function sheetLayout(
  sheet: Pick<CreateOmrSheet, 'paperSize' | 'studentIdDigits' | 'testIdDigits' | 'sections'>,
): SheetLayout {
  const { width, height } = paperSizes[sheet.paperSize];
  const left = INSET;
  const right = width - INSET;
  const bottom = height - INSET;
  const pages: PageLayout[] = [];

  const newPage = (): { page: PageLayout; y: number } => {
    const m = MARGIN + MARKER / 2;
    const studentId = idGrid('Student ID', sheet.studentIdDigits, left, INSET + 16);
    const testId =
      sheet.testIdDigits > 0
        ? idGrid('Test ID', sheet.testIdDigits, left + idGridWidth(sheet.studentIdDigits) + 8, INSET + 16)
        : null;
    const page: PageLayout = {
      page: pages.length + 1,
      markers: [
        { x: m, y: m },
        { x: width - m, y: m },
        { x: width - m, y: height - m },
        { x: m, y: height - m },
      ],
      orientation: { x: MARGIN + MARKER + 4 + ORIENTATION_SIZE / 2, y: m },
      qr: { x: right - QR_SIZE, y: INSET, size: QR_SIZE },
      studentId,
      testId,
      blocks: [],
      questions: [],
    };
    pages.push(page);
    return { page, y: INSET + 16 + ID_GRID_HEIGHT + 6 };
  };

  let { page, y } = newPage();
  sheet.sections.forEach((section, s) => {
    const colWidth = questionColumnWidth(section.numberOfChoices);
    const cols = Math.max(1, Math.floor((right - left + COLUMN_GAP) / colWidth));
    let done = 0;
    while (done < section.questionCount) {
      let rowsFit = Math.floor((bottom - y - SECTION_TITLE - LABEL_ROW) / ROW_PITCH);
      if (rowsFit < 1) {
        ({ page, y } = newPage());
        rowsFit = Math.floor((bottom - y - SECTION_TITLE - LABEL_ROW) / ROW_PITCH);
      }
      const chunk = Math.min(section.questionCount - done, rowsFit * cols);
      const rows = Math.ceil(chunk / cols);
      const usedCols = Math.ceil(chunk / rows);
      const block: SectionBlock = {
        section: s,
        title: done === 0 ? section.sectionName : `${section.sectionName} (continued)`,
        x: left,
        y,
        labels: [],
      };
      const top = y + SECTION_TITLE + LABEL_ROW;
      for (let c = 0; c < usedCols; c++) {
        const x0 = left + c * colWidth + NUMBER_WIDTH;
        for (let k = 0; k < section.numberOfChoices; k++)
          block.labels.push({
            x: x0 + BUBBLE_PITCH / 2 + k * BUBBLE_PITCH,
            y: y + SECTION_TITLE + LABEL_ROW / 2,
            text: choiceLabel(section.choiceType, k + 1),
          });
      }
      for (let i = 0; i < chunk; i++) {
        const c = Math.floor(i / rows);
        const r = i % rows;
        const x0 = left + c * colWidth + NUMBER_WIDTH;
        const cy = top + ROW_PITCH / 2 + r * ROW_PITCH;
        page.questions.push({
          section: s,
          index: done + i,
          bubbles: Array.from({ length: section.numberOfChoices }, (_, k) => ({
            x: x0 + BUBBLE_PITCH / 2 + k * BUBBLE_PITCH,
            y: cy,
            value: k + 1,
          })),
        });
      }
      page.blocks.push(block);
      y = top + rows * ROW_PITCH + 4;
      done += chunk;
    }
  });
  return { paper: sheet.paperSize, width, height, bubbleRadius: BUBBLE_DIAMETER / 2, pages };
}

/* ---------- drawing: the same primitives for the PDF and the test raster ---------- */

export type DrawOp =
  | { op: 'rect'; x: number; y: number; w: number; h: number; fill: boolean; lineWidth?: number }
  | { op: 'circle'; x: number; y: number; r: number; lineWidth: number }
  | {
      op: 'text';
      x: number;
      y: number;
      size: number;
      text: string;
      bold?: boolean;
      align?: 'left' | 'center';
      /** Printed light (the digits inside the id bubbles): a filled bubble hides them. */
      light?: boolean;
    };

export type SheetText = { formName: string; testLine: string; footer: string };

/**
 * Everything printed on one page, as primitives (mm). `qrModules` is the QR's module matrix (true = dark),
 * drawn as squares in the QR's box; `studentLine` pre-prints a student's name and id when given.
 */
export function pageOps(
  layout: SheetLayout,
  page: PageLayout,
  text: SheetText,
  qrModules: boolean[][],
  studentLine?: string,
): DrawOp[] {
  const ops: DrawOp[] = [];
  for (const m of page.markers)
    ops.push({ op: 'rect', x: m.x - MARKER / 2, y: m.y - MARKER / 2, w: MARKER, h: MARKER, fill: true });
  const o = page.orientation;
  ops.push({
    op: 'rect',
    x: o.x - ORIENTATION_SIZE / 2,
    y: o.y - ORIENTATION_SIZE / 2,
    w: ORIENTATION_SIZE,
    h: ORIENTATION_SIZE,
    fill: true,
  });
  ops.push({ op: 'text', x: INSET, y: INSET + 1, size: 13, text: text.formName, bold: true });
  ops.push({
    op: 'text',
    x: INSET,
    y: INSET + 7,
    size: 8,
    text: `${text.testLine} · page ${page.page} of ${layout.pages.length}`,
  });
  ops.push({
    op: 'text',
    x: INSET,
    y: INSET + 11.5,
    size: 8,
    text: studentLine ?? 'Name: ______________________________',
  });

  const n = qrModules.length;
  if (n) {
    const cell = page.qr.size / (n + 2); // a quiet zone of one module
    for (let r = 0; r < n; r++)
      for (let c = 0; c < n; c++)
        if (qrModules[r][c])
          ops.push({
            op: 'rect',
            x: page.qr.x + (c + 1) * cell,
            y: page.qr.y + (r + 1) * cell,
            w: cell,
            h: cell,
            fill: true,
          });
  }

  for (const grid of [page.studentId, page.testId]) {
    if (!grid) continue;
    ops.push({ op: 'text', x: grid.x, y: grid.y, size: 8, text: grid.label, bold: true });
    grid.columns.forEach((col) => {
      const x = col[0].x - BUBBLE_PITCH / 2 + 0.4;
      ops.push({ op: 'rect', x, y: grid.y + 5, w: BUBBLE_PITCH - 0.8, h: 6, fill: false, lineWidth: 0.25 });
      for (const b of col) {
        ops.push({ op: 'circle', x: b.x, y: b.y, r: BUBBLE_DIAMETER / 2, lineWidth: 0.3 });
        ops.push({
          op: 'text',
          x: b.x,
          y: b.y - 1.1,
          size: 5.5,
          text: String(b.value),
          align: 'center',
          light: true,
        });
      }
    });
  }

  for (const block of page.blocks) {
    ops.push({ op: 'text', x: block.x, y: block.y, size: 9, text: block.title, bold: true });
    for (const l of block.labels)
      ops.push({ op: 'text', x: l.x, y: l.y - 1.6, size: 6, text: l.text, align: 'center' });
  }
  for (const q of page.questions) {
    const first = q.bubbles[0];
    ops.push({
      op: 'text',
      x: first.x - BUBBLE_PITCH / 2 - NUMBER_WIDTH + 0.5,
      y: first.y - 1.4,
      size: 7,
      text: `${q.index + 1}.`,
    });
    for (const b of q.bubbles)
      ops.push({ op: 'circle', x: b.x, y: b.y, r: BUBBLE_DIAMETER / 2, lineWidth: 0.3 });
  }
  ops.push({
    op: 'text',
    x: layout.width / 2,
    y: layout.height - INSET + 1,
    size: 6.5,
    text: text.footer,
    align: 'center',
  });
  return ops;
}
