import type { OmrPaperSize } from '@assess/contracts/omr';
import { ContentType, choiceLabel, splitMath } from '@assess/contracts/questions';
import { paperSizes } from './layout';
import { type Box, mathBox, registerMathFonts } from './paper.math';
import { omrPdf } from './sheet.pdf';

const PT = 72 / 25.4;
const MARGIN = 18 * PT;
const SIZE = 10.5;
const LINE = SIZE * 1.45;
const IMAGE_MAX_HEIGHT = 80 * PT;

/** One question of the paper, as its frozen version says (text, images as bytes, choices). */
export type PaperQuestion = {
  questionType: number;
  contentType: number;
  text: string | null;
  paragraphText: string | null;
  image: Buffer | null;
  paragraphImage: Buffer | null;
  choices: { text: string | null; image: Buffer | null }[];
  points: number;
};
export type PaperSection = { name: string; choiceFormat: number; questions: PaperQuestion[] };
export type PaperInput = {
  testId: number;
  formId: number;
  testLine: string;
  paperSize: OmrPaperSize;
  sections: PaperSection[];
};

/** Stored text as a reader sees it: HTML's tags dropped (blocks become lines), plain text and LaTeX as typed. */
function readable(contentType: number, text: string | null): string {
  if (!text) return '';
  if (contentType !== ContentType.Html) return text;
  return text
    .replace(/<(br|\/p|\/div|\/li|\/h\d|\/tr)\b[^>]*>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '• ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n');
}

/** A word or formula (`sp`: a space before it) or a line break. */
type Item = { kind: 'box'; box: Box; display: boolean; sp: boolean } | { kind: 'break' };

/**
 * Download Test's PDF (issue 25): the test's question paper in the order of a paper form — its sections in order,
 * each question numbered as on the OMR sheet (1… within the section), its paragraph, text, image and choices
 * labelled in the section's choice format; LaTeX typeset (paper.math.ts). Every page names the test and the paper
 * form (the OMR sheets of the same form are scored against this order); the document's Subject carries the form's
 * identity like the sheet's.
 */
export async function paperPdf(input: PaperInput): Promise<Buffer> {
  const { width, height } = paperSizes[input.paperSize];
  const pageW = width * PT;
  const pageH = height * PT;
  const { doc, bytes } = omrPdf({
    width,
    height,
    title: input.testLine,
    testId: input.testId,
    formId: input.formId,
  });
  registerMathFonts(doc);

  const left = MARGIN;
  const right = pageW - MARGIN;
  const bottom = pageH - MARGIN - 14;
  let y = 0;
  let pageNo = 0;
  const header = `${input.testLine} · Paper form ${input.formId}`;
  const newPage = () => {
    doc.addPage({ size: [pageW, pageH], margin: 0 });
    pageNo += 1;
    doc.font('Helvetica').fontSize(8).fillColor('#555555');
    doc.text(header, left, MARGIN - 10, { lineBreak: false });
    doc.text(`Page ${pageNo}`, left, pageH - MARGIN, { lineBreak: false });
    doc
      .moveTo(left, MARGIN + 2)
      .lineTo(right, MARGIN + 2)
      .lineWidth(0.5)
      .stroke('#888888');
    y = MARGIN + 10;
  };
  const room = (h: number) => {
    if (y + h > bottom) newPage();
  };

  const word = (text: string, bold = false): Box => {
    const font = bold ? 'Helvetica-Bold' : 'Helvetica';
    const w = doc.font(font).fontSize(SIZE).widthOfString(text);
    return {
      w,
      a: SIZE * 0.75,
      d: SIZE * 0.25,
      draw: (d, x, by) =>
        d
          .font(font)
          .fontSize(SIZE)
          .fillColor('#000000')
          .text(text, x, by, { lineBreak: false, baseline: 'alphabetic' }),
    };
  };

  /** Text (plain, LaTeX or HTML) as items: words, spaces, line breaks and formulas. */
  const items = (contentType: number, raw: string | null): Item[] => {
    const out: Item[] = [];
    let sp = false;
    const push = (box: Box, display = false) => {
      out.push({ kind: 'box', box, display, sp });
      sp = false;
    };
    const text = readable(contentType, raw);
    const segments = contentType === ContentType.Text ? [{ kind: 'text' as const, text }] : splitMath(text);
    for (const seg of segments) {
      if (seg.kind === 'math') {
        const box = mathBox(doc, seg.tex, SIZE + 0.5, seg.display);
        push(box ?? word(seg.source), Boolean(box) && seg.display);
        continue;
      }
      for (const part of seg.text.split(/(\n)/)) {
        if (part === '\n') {
          out.push({ kind: 'break' });
          sp = false;
          continue;
        }
        for (const piece of part.split(/(\s+)/)) {
          if (/^\s+$/.test(piece)) sp = true;
          else if (piece) push(word(piece));
        }
      }
    }
    return out;
  };

  /**
   * Lays items out from x0 to the right margin, wrapping lines and pages; a display formula is centred. `hang`
   * (a question's number, a choice's label) is drawn at its x on the first line's baseline.
   */
  const flow = (list: Item[], x0: number, hang?: { box: Box; x: number }) => {
    const gap = doc.font('Helvetica').fontSize(SIZE).widthOfString(' ');
    let line: { box: Box; gap: number }[] = [];
    let lineW = 0;
    let pending = hang;
    const flush = (center = false) => {
      if (!line.length && pending) line.push({ box: { w: 0, a: 0, d: 0, draw() {} }, gap: 0 });
      if (!line.length) return;
      const a = Math.max(SIZE * 0.8, ...line.map((b) => b.box.a));
      const d = Math.max(LINE - SIZE * 0.8, ...line.map((b) => b.box.d));
      room(a + d);
      const total = line.reduce((s, b) => s + b.box.w + b.gap, 0);
      let x = center ? x0 + (right - x0 - total) / 2 : x0;
      pending?.box.draw(doc, pending.x, y + a);
      pending = undefined;
      for (const b of line) {
        x += b.gap;
        b.box.draw(doc, x, y + a);
        x += b.box.w;
      }
      y += a + d;
      line = [];
      lineW = 0;
    };
    for (const it of list) {
      if (it.kind === 'break') flush();
      else if (it.kind === 'box' && it.display) {
        flush();
        line = [{ box: it.box, gap: 0 }];
        flush(true);
      } else {
        const g = line.length && it.sp ? gap : 0;
        if (line.length && lineW + g + it.box.w > right - x0) flush();
        const g2 = line.length && it.sp ? gap : 0;
        line.push({ box: it.box, gap: g2 });
        lineW += g2 + it.box.w;
      }
    }
    flush();
  };

  const image = (bytes: Buffer | null, x0: number) => {
    if (!bytes) return;
    try {
      // pdfkit's openImage (not in its typings): the image's size before placing it
      const img = (doc as unknown as { openImage(b: Buffer): { width: number; height: number } }).openImage(
        bytes,
      );
      const scale = Math.min(1, (right - x0) / img.width, IMAGE_MAX_HEIGHT / img.height);
      room(img.height * scale + 4);
      doc.image(img as unknown as Buffer, x0, y + 2, {
        width: img.width * scale,
        height: img.height * scale,
      });
      y += img.height * scale + 6;
    } catch {
      // not a JPEG or PNG pdfkit can read: left out (the caller converts what sharp can decode)
    }
  };

  newPage();
  doc.font('Helvetica-Bold').fontSize(14).fillColor('#000000');
  doc.text(input.testLine, left, y, { width: right - left });
  y = doc.y + 2;
  doc.font('Helvetica').fontSize(9).fillColor('#333333');
  doc.text(
    `Paper form ${input.formId}. Answer on the OMR sheet of this form: each section's questions are numbered as on the sheet.`,
    left,
    y,
    { width: right - left },
  );
  y = doc.y + 8;

  for (const section of input.sections) {
    room(LINE * 3);
    doc.font('Helvetica-Bold').fontSize(12).fillColor('#000000');
    doc.text(section.name, left, y, { width: right - left });
    y = doc.y + 4;
    section.questions.forEach((q, i) => {
      room(LINE * 2);
      if (q.paragraphText || q.paragraphImage) {
        flow(items(q.contentType, q.paragraphText), left);
        image(q.paragraphImage, left);
      }
      const indent = left + 22;
      const marks = `(${q.points} ${q.points === 1 ? 'mark' : 'marks'})`;
      flow(
        [...items(q.contentType, q.text), { kind: 'box', box: word(marks), display: false, sp: true }],
        indent,
        {
          box: word(`${i + 1}.`, true),
          x: left,
        },
      );
      image(q.image, indent);
      if (q.questionType === 4) flow(items(ContentType.Text, 'Answer: ______________________'), indent);
      q.choices.forEach((c, k) => {
        flow(items(q.contentType, c.text), indent + 20, {
          box: word(choiceLabel(section.choiceFormat, k + 1), true),
          x: indent,
        });
        image(c.image, indent + 20);
      });
      y += 6;
    });
    y += 6;
  }
  doc.end();
  return bytes;
}
