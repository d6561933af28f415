import type { CreateOmrSheet } from '@assess/contracts/omr';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readPages } from './batch';
import { omrCpuTasks, readOmrPage } from './cpu';
import { pageCount } from './decode';
import { filledPageSvg, randomSheet, renderPage, rng, zipOf } from './generator';
import { sheetPdf } from './sheet.pdf';

// Issue 25: PDF pages (a scanner's multi-page PDF: one image per page; a page with text over the scan; our own
// vector sheet) and multi-page TIFFs in the answer zip, split into pages and read like any scan.
const form: CreateOmrSheet = {
  formName: 'PDF',
  paperSize: 'A4',
  sections: [{ sectionName: 'Biology', questionCount: 20, numberOfChoices: 4, choiceType: 2 }],
  studentIdDigits: 5,
  testIdDigits: 0,
};
const A4 = [595.28, 841.89] as const;

async function filled(seed: number, rotate = 0) {
  const f = randomSheet(form, rng(seed), { blank: 0 });
  return { f, png: await renderPage(filledPageSvg(f, 0, { testId: 41, formId: 5 }), { rotate }) };
}

/** A PDF with one page per image (a scanner's), `text` over the first page when asked. */
function imagePdf(images: Buffer[], text?: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  images.forEach((img, i) => {
    doc.addPage({ size: 'A4', margin: 0 });
    doc.image(img, 0, 0, { fit: [...A4] });
    if (text && i === 0) doc.fontSize(8).text(text, 40, 4);
  });
  doc.end();
  return done;
}

/** The zip unpacked as the task has it done on the CPU pool. */
const unpackPages = (zip: Buffer) => omrCpuTasks['omr.unpack']({ zip });

describe('PDF and multi-page TIFF pages', { timeout: 120_000 }, () => {
  it('a scanner’s three-page PDF (JPEG, PNG, a page with text over it) and a two-page TIFF: every page read right', async () => {
    const sheets = await Promise.all([filled(1), filled(2, 90), filled(3, -4), filled(4), filled(5, 180)]);
    const jpeg = await sharp(sheets[0].png).jpeg({ quality: 70 }).toBuffer();
    const pdf = await imagePdf(
      [jpeg, sheets[1].png, await sharp(sheets[2].png).jpeg().toBuffer()],
      'Scanned',
    );
    // two bilevel CCITT G4 pages in one TIFF, as a sheet-feeding scanner writes them
    const bilevel = (png: Buffer) => sharp(png).threshold(140).png().toBuffer();
    const tiff = await sharp([await bilevel(sheets[3].png), await bilevel(sheets[4].png)], {
      join: { animated: true },
    })
      .greyscale()
      .toColourspace('b-w')
      .tiff({ compression: 'ccittfax4', bitdepth: 1 })
      .toBuffer();
    const entries: [string, Buffer][] = [
      ['batch/scans.pdf', pdf],
      ['batch/more.tif', tiff],
    ];
    const unpacked = await unpackPages(await zipOf(entries));
    if ('refused' in unpacked) throw new Error(unpacked.refused);
    expect(unpacked.failed).toEqual([]);
    expect(unpacked.pages.map((p) => `${p.fileName}#${p.page}`)).toEqual([
      'batch/scans.pdf#0',
      'batch/scans.pdf#1',
      'batch/scans.pdf#2',
      'batch/more.tif#0',
      'batch/more.tif#1',
    ]);
    const outcomes = await readPages(unpacked.pages, {
      testId: 41,
      forms: { 5: form },
      seen: new Set(),
      read: readOmrPage,
      studentKnown: async () => true,
    });
    outcomes.forEach((o, i) => {
      expect(o.kind, JSON.stringify(o).slice(0, 300)).toBe('read');
      if (o.kind !== 'read') return;
      const { f } = sheets[i];
      expect(o.result.studentId).toBe(f.studentId);
      expect(o.result.answers.map((a) => a.marks)).toEqual(f.answers[0]);
    });
  });

  it('our own vector sheet PDF is rendered whole: markers, QR and a blank student id found', async () => {
    const { pdf } = await sheetPdf({ sheet: form, testId: 41, formId: 5, testLine: 'Test' });
    expect(await pageCount(new Uint8Array(pdf))).toEqual({
      pages: 1,
      format: 'pdf',
    });
    const r = await readOmrPage({ buf: new Uint8Array(pdf), forms: { 5: form } });
    expect(r.ok && { id: r.identity, studentId: r.studentId }).toEqual({
      id: { version: 1, testId: 41, formId: 5, page: 1 },
      studentId: '?????',
    });
  });

  it('a damaged PDF is a page that cannot be read', async () => {
    const bad = Buffer.from('%PDF-1.4\n this is not really a PDF');
    expect((await pageCount(new Uint8Array(bad))).pages).toBe(0);
    expect(await readOmrPage({ buf: new Uint8Array(bad), forms: { 5: form } })).toEqual({
      ok: false,
      reason: 'unreadable',
    });
  });
});
