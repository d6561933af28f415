import type { CreateOmrSheet } from '@assess/contracts/omr';
import { OMR_LAYOUT_VERSION, omrQrText } from '@assess/contracts/omr';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { type DrawOp, pageOps, type SheetLayout, sheetLayout } from './layout';

const PT = 72 / 25.4;

/** The QR's module matrix (rows of booleans) for one page's identity; error correction H (a smudge is fine). */
export function qrModules(text: string): boolean[][] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'H' });
  const n = modules.size;
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => Boolean(modules.get(r, c))));
}

export type SheetPdfInput = {
  sheet: CreateOmrSheet;
  testId: number;
  formId: number;
  testLine: string;
  /** One sheet per student, pre-printed with the name and id; none = one blank sheet. */
  students?: { name: string; studentId: string }[];
};

/**
 * A PDF of a paper form (the sheet or the question paper; page size in mm, pages added by the caller): the form's
 * identity also in the document's Subject (the QR of page 1 says the same); `bytes` once the document is ended.
 */
export function omrPdf(o: { width: number; height: number; title: string; testId: number; formId: number }) {
  const doc = new PDFDocument({
    size: [o.width * PT, o.height * PT],
    margin: 0,
    autoFirstPage: false,
    info: {
      Title: o.title,
      Subject: omrQrText({ testId: o.testId, formId: o.formId, version: OMR_LAYOUT_VERSION, page: 1 }),
      Creator: 'Assessment console OMR',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}

/** Draws primitives in mm onto a pdfkit document (vector: markers, bubbles and QR are paths). */
function draw(doc: PDFKit.PDFDocument, ops: readonly DrawOp[]) {
  for (const o of ops) {
    if (o.op === 'rect') {
      doc.rect(o.x * PT, o.y * PT, o.w * PT, o.h * PT);
      if (o.fill) doc.fill('#000000');
      else doc.lineWidth((o.lineWidth ?? 0.3) * PT).stroke('#000000');
    } else if (o.op === 'circle') {
      doc
        .circle(o.x * PT, o.y * PT, o.r * PT)
        .lineWidth(o.lineWidth * PT)
        .stroke('#000000');
    } else {
      doc
        .font(o.bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(o.size)
        .fillColor(o.light ? '#b0b0b0' : '#000000');
      const w = doc.widthOfString(o.text);
      const x = o.align === 'center' ? o.x * PT - w / 2 : o.x * PT;
      doc.text(o.text, x, o.y * PT, { lineBreak: false });
    }
  }
}

/** createOmrSheet's PDF: every page of the layout, once per student when pre-printed. */
export async function sheetPdf(input: SheetPdfInput): Promise<{ pdf: Buffer; layout: SheetLayout }> {
  const layout = sheetLayout(input.sheet);
  const { doc, bytes } = omrPdf({
    width: layout.width,
    height: layout.height,
    title: input.sheet.formName,
    testId: input.testId,
    formId: input.formId,
  });
  const copies = input.students?.length ? input.students : [undefined];
  for (const student of copies) {
    for (const page of layout.pages) {
      doc.addPage({ size: [layout.width * PT, layout.height * PT], margin: 0 });
      const qr = qrModules(
        omrQrText({
          testId: input.testId,
          formId: input.formId,
          version: OMR_LAYOUT_VERSION,
          page: page.page,
        }),
      );
      const line = student ? `Name: ${student.name}    Student ID: ${student.studentId}` : undefined;
      draw(
        doc,
        pageOps(
          layout,
          page,
          {
            formName: input.sheet.formName,
            testLine: input.testLine,
            footer:
              'Fill one bubble completely with a dark pen. Do not fold. Keep the four corner squares visible.',
          },
          qr,
          line,
        ),
      );
    }
  }
  doc.end();
  return { pdf: await bytes, layout };
}
