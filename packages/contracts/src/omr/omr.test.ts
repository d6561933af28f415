import { describe, expect, it } from 'vitest';
import { createOmrSheetSchema, OMR_ZIP_MAX_BYTES, omrMessages, omrQrText, parseOmrQr } from '.';

describe('OMR contracts', () => {
  it('§8 messages and §9 limits word for word', () => {
    expect(omrMessages.downloaded).toBe('OMR download successfully');
    expect(omrMessages.uploadSuccess).toBe('OMR upload success. ');
    expect(omrMessages.uploadFailed).toBe('OMR upload failed. ');
    expect(omrMessages.extension).toBe('This file extension is not supported!. Suported extension is zip. ');
    expect(omrMessages.tooLarge).toBe('Please upload file less than 10 MB. ');
    expect(omrMessages.oneFile).toBe('Please do not upload more than 1 file.');
    expect(omrMessages.duplicateFile).toBe('Dublicate file is not Attached.');
    expect(OMR_ZIP_MAX_BYTES).toBe(10485760);
  });

  it('createOmrSheet: student id digits 5 and test id digits 0 by default; every integer bounded', () => {
    const ok = createOmrSheetSchema.parse({
      formName: 'Form',
      sections: [{ sectionName: 'S1', questionCount: 20, numberOfChoices: 4, choiceType: 3 }],
    });
    expect([ok.studentIdDigits, ok.testIdDigits, ok.paperSize]).toEqual([5, 0, 'A4']);
    const bad = (patch: object, message: string) => {
      const r = createOmrSheetSchema.safeParse({
        formName: 'Form',
        sections: [{ sectionName: 'S1', questionCount: 20, numberOfChoices: 4, choiceType: 3, ...patch }],
      });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0].message).toBe(message);
    };
    bad({ numberOfChoices: 7 }, omrMessages.numberOfChoices);
    bad({ questionCount: 0 }, omrMessages.questionCount);
    bad({ choiceType: 12 }, omrMessages.choiceType);
    bad({ sectionName: ' ' }, omrMessages.sectionName);
    expect(createOmrSheetSchema.safeParse({ formName: 'F', sections: [] }).error?.issues[0].message).toBe(
      omrMessages.sections,
    );
  });

  it('the QR text carries test, form, layout version and page, and nothing else parses', () => {
    const id = { testId: 2147483647, formId: 12, version: 1, page: 3 };
    expect(parseOmrQr(omrQrText(id))).toEqual(id);
    expect(parseOmrQr('OMR1|12|x|1')).toBeNull();
    expect(parseOmrQr('https://example.com')).toBeNull();
  });
});
