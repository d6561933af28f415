/**
 * Writes a zip of generated, filled answer sheets (issue 25; the browser test and manual trials use it):
 *   npx tsx apps/api/src/modules/omr/fixture.cli.ts OUT.zip TEST_ID FORM_ID 'SHEET_JSON' STUDENT:PEN[:CHOICE] ...
 * SHEET_JSON is the createOmrSheet body the form was printed with; PEN is clean or cross; CHOICE (default 1) is
 * the choice marked for every question.
 */
import fs from 'node:fs';
import { createOmrSheetSchema } from '@assess/contracts/omr';
import yazl from 'yazl';
import { filledPageSvg, type Pen, randomSheet, renderPage, rng } from './generator';

const [out, testId, formId, sheetJson, ...sheets] = process.argv.slice(2);
const sheet = createOmrSheetSchema.parse(JSON.parse(sheetJson));
const zip = new yazl.ZipFile();
for (const [i, spec] of sheets.entries()) {
  const [studentId, pen, choice] = spec.split(':');
  const f = randomSheet(sheet, rng(i + 1));
  f.studentId = studentId.padStart(sheet.studentIdDigits, '0');
  f.answers = sheet.sections.map((s) => Array.from({ length: s.questionCount }, () => [Number(choice ?? 1)]));
  const svg = filledPageSvg(f, 0, { testId: Number(testId), formId: Number(formId) }, () => pen as Pen);
  zip.addBuffer(await renderPage(svg, { jpegQuality: 85 }), `sheet-${i + 1}.jpg`, { compress: false });
}
zip.end();
await new Promise<void>((resolve, reject) => {
  zip.outputStream.pipe(fs.createWriteStream(out)).on('finish', resolve).on('error', reject);
});
