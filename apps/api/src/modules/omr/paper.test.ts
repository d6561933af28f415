import { ContentType } from '@assess/contracts/questions';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mathBox, registerMathFonts } from './paper.math';
import { type PaperQuestion, paperPdf } from './paper.pdf';

const question = (over: Partial<PaperQuestion>): PaperQuestion => ({
  questionType: 2,
  contentType: ContentType.Text,
  text: 'What is two and two?',
  paragraphText: null,
  image: null,
  paragraphImage: null,
  choices: [
    { text: '3', image: null },
    { text: '4', image: null },
  ],
  points: 1,
  ...over,
});

describe('Download Test: the question paper PDF', () => {
  it('typesets LaTeX as boxes: a fraction stands taller than its letters, a superscript is raised', () => {
    const doc = new PDFDocument({ autoFirstPage: false });
    registerMathFonts(doc);
    const x = mathBox(doc, 'x', 12, false);
    const frac = mathBox(doc, '\\frac{a+b}{2}', 12, false);
    const sup = mathBox(doc, 'x^2', 12, false);
    const root = mathBox(doc, '\\sqrt{x}', 12, false);
    expect(x && frac && sup && root).toBeTruthy();
    if (!x || !frac || !sup || !root) return;
    expect(frac.a + frac.d).toBeGreaterThan((x.a + x.d) * 1.5);
    expect(sup.a).toBeGreaterThan(x.a);
    expect(sup.w).toBeGreaterThan(x.w);
    expect(root.a).toBeGreaterThan(x.a);
    expect(mathBox(doc, '\\frac{', 12, false)).toBeNull();
  });

  it('writes sections, questions, images and LaTeX into one PDF naming the paper form (KaTeX fonts embedded)', async () => {
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const many = Array.from({ length: 40 }, (_, i) =>
      question({ text: `Question ${i + 1} with a long text that wraps `.repeat(4) }),
    );
    const pdf = await paperPdf({
      testId: 7,
      formId: 31,
      testLine: 'T-1 · Paper test',
      paperSize: 'A4',
      sections: [
        {
          name: 'Algebra',
          choiceFormat: 4,
          questions: [
            question({
              contentType: ContentType.LaTeX,
              text: 'Solve $x^2 + \\frac{\\alpha}{2} = \\sqrt{b}$ and $$\\sum_{i=1}^{n} i$$ then $\\frac{oops$.',
              image: png,
              choices: [
                { text: '$\\alpha$', image: png },
                { text: '$\\beta^2$', image: null },
              ],
            }),
            question({
              contentType: ContentType.Html,
              text: '<p>An <b>HTML</b> question</p><p>Two lines</p>',
            }),
            question({ questionType: 4, choices: [] }),
          ],
        },
        { name: 'Long', choiceFormat: 0, questions: many },
      ],
    });
    const head = pdf.subarray(0, 5).toString('latin1');
    expect(head).toBe('%PDF-');
    const body = pdf.toString('latin1');
    expect(body).toContain('OMR1|7|31|1');
    expect(body).toMatch(/\+KaTeX_Math-Italic/);
    expect(body).toMatch(/\+KaTeX_Main-Regular/);
    // 40 questions of four wrapped lines each do not fit one page
    expect((body.match(/\/Type \/Page\b/g) ?? []).length).toBeGreaterThan(2);
    expect((body.match(/\/Subtype \/Image/g) ?? []).length).toBeGreaterThanOrEqual(1);
  });
});
