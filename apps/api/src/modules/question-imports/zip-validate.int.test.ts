import { zipImportMessages as m, ZIP_MAX_BYTES, zipPickIssue } from '@assess/contracts/question-imports';
import { describe, expect, it } from 'vitest';
import { answersWorkbook } from './zip.example';
import { erp, goodZip, root, send, snapshot, tag, useZipApp, validate, zipOf } from './zip.test-support';

useZipApp();

describe('the picker rules (§5), shared by the dialog', () => {
  it('none, more than one, extension, 10 MB, the same file again', () => {
    expect(zipPickIssue([], null)).toBe(m.selectFile);
    expect(
      zipPickIssue(
        [
          { name: 'a.zip', size: 1 },
          { name: 'b.zip', size: 1 },
        ],
        null,
      ),
    ).toBe(m.oneFile);
    expect(zipPickIssue([{ name: 'a.rar', size: 1 }], null)).toBe(m.extension);
    expect(zipPickIssue([{ name: 'a.zip', size: ZIP_MAX_BYTES + 1 }], null)).toBe(m.tooLarge);
    expect(zipPickIssue([{ name: 'a.zip', size: ZIP_MAX_BYTES }], null)).toBeNull();
    expect(zipPickIssue([{ name: 'a.zip', size: 5 }], { name: 'a.zip', size: 5 })).toBe(m.duplicateFile);
  });
});

describe('POST /api/question-imports/zip/validate: upload rules', () => {
  it('refuses no file, another extension, more than 10 MB, two files and a bad number of choices', async () => {
    const before = await snapshot();
    let res = await send('/api/question-imports/zip/validate', undefined);
    expect([res.statusCode, res.json().message]).toEqual([400, m.selectFile]);
    res = await validate(await goodZip('X'), {}, `${root}.rar`);
    expect([res.statusCode, res.json().message]).toEqual([415, m.extension]);
    res = await validate(Buffer.alloc(ZIP_MAX_BYTES + 10), {});
    expect([res.statusCode, res.json().message]).toEqual([413, m.tooLarge]);
    const zip = await goodZip('X');
    res = await send(
      '/api/question-imports/zip/validate',
      { name: `${root}.zip`, data: zip },
      {},
      {
        name: `${root}.zip`,
        data: zip,
      },
    );
    expect([res.statusCode, res.json().message]).toEqual([400, m.oneFile]);
    for (const n of [1, 7, 2.5]) {
      res = await validate(zip, { numberOfChoices: n });
      expect([res.statusCode, res.json().message]).toEqual([400, m.numberOfChoices]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('accepts the documented layout and counts it; a PDF named .zip is not a zip', async () => {
    const res = await validate(await goodZip('V'), { numberOfChoices: 4, choiceFormatId: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: m.valid,
      questions: 4,
      topics: 1,
      byType: { SCQ: 1, MCQ: 1, TF: 1, Numerical: 1 },
      duplicateCodes: [],
    });
    const pdf = await validate(Buffer.from('%PDF-1.4 not a zip'));
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json()).toMatchObject({ message: m.notValid, fields: { [m.notAZip]: [`${root}.zip`] } });
  });
});

describe("the 'Zip is not validate!' list", () => {
  it('lists every problem with what it concerns, and writes nothing', async () => {
    const before = await snapshot();
    const base = `${root}/Algebra/Linear`;
    const zip = await zipOf([
      { path: `${root}/Algebra/Nonexistent/SCQ/P1.png` },
      { path: `${root}/SCQ/P2.png` },
      { path: `${base}/SCQ/P3.png` },
      { path: `${base}/SCQ/P 4.png` },
      { path: `${base}/SCQ/P5.txt`, data: Buffer.from('not an image') },
      { path: `${base}/MCQ/P3.png` },
      { path: `${base}/MCQ/P6.png` },
      { path: `${base}/TF/P7.png` },
      { path: `${base}/TF/Solutions/P99.png` },
      { path: `${base}/notes.txt`, data: Buffer.from('x') },
      {
        path: `${base}/Answers.xlsx`,
        data: answersWorkbook([
          ['P3', 'g', ''],
          ['P6', 'a,b', 'EXTREME'],
          ['P7', 'maybe', ''],
          ['P8', 'a', ''],
        ]),
      },
      { path: `${root}/Algebra/SCQ/P10.png` },
    ]);
    const res = await validate(zip, { numberOfChoices: 4 });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe(m.notValid);
    const A = `${base}/Answers.xlsx`;
    expect(body.fields).toEqual({
      [m.unknownFolders]: [`${root}/Algebra/Nonexistent`],
      [m.typeFolderPlace]: [`${root}/SCQ`],
      [m.notImages]: [`${base}/SCQ/P5.txt`],
      [m.unexpectedFiles]: [`${base}/notes.txt`],
      [m.solutionWithoutQuestion]: [`${base}/TF/Solutions/P99.png`],
      [m.answersMissing]: [`${root}/Algebra`],
      [m.codeInvalid]: [`${base}/SCQ/P 4.png`],
      [m.codeRepeated]: [`${base}/SCQ/P3.png`, `${base}/MCQ/P3.png`],
      [m.answerInvalid]: [`${A} row 2: SCQ P3 'g'`, `${A} row 4: TF P7 'maybe'`],
      [m.difficultyInvalid]: [`${A} row 3: P6 'EXTREME'`],
      [m.answerWithoutQuestion]: [`${A} row 5: P8`],
    });
    expect(await snapshot()).toEqual(before);
  });

  it('the zip must be named after a root category (and the selected one)', async () => {
    let res = await validate(await goodZip('N'), {}, 'Nothing Like It.zip');
    expect(res.json().fields).toEqual({ [m.zipName]: ['Nothing Like It.zip'] });
    const other = (await erp.post('/api/question-bank/categories', { name: `Other ${tag}` })).json().node.id;
    res = await validate(await goodZip('N'), { categoryId: other });
    expect(res.json().fields).toEqual({ [m.categoryMismatch]: [`${root}.zip`] });
  });
});
