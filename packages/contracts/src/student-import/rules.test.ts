import { describe, expect, it } from 'vitest';
import {
  checkImportRow,
  emptyImportOptions,
  excelSerialToYmd,
  genderFromText,
  groupProblems,
  groupsAsText,
  importOptionsSchema,
  studentImportMessages as m,
  normaliseDate,
  shownItems,
} from './index';

const raw = (over: Record<string, unknown> = {}) => ({
  sheetRow: 2,
  n: 1,
  fullName: 'Ravi Kumar',
  dob: '2008-01-15',
  email: 'Ravi@Example.com',
  pinCode: 560001,
  passCode: 'Pass@123',
  mobile: 9876500000,
  gender: 'Male',
  active: true,
  ...over,
});

describe('bulk upload rules', () => {
  it("maps gender text: 'Male' 1, 'Female' 2, any other text 3, empty missing", () => {
    expect([
      genderFromText('Male'),
      genderFromText(' female '),
      genderFromText('Other'),
      genderFromText('M'),
    ]).toEqual([1, 2, 3, 3]);
    expect(genderFromText('')).toBeNull();
    expect(genderFromText(null)).toBeNull();
  });

  it('normalises Excel serial dates (1900 and 1904 systems) and text dates to year-month-day', () => {
    expect(excelSerialToYmd(1)).toBe('1900-01-01');
    expect(excelSerialToYmd(59)).toBe('1900-02-28');
    expect(excelSerialToYmd(60)).toBeNull(); // Excel's non-existent 1900-02-29
    expect(excelSerialToYmd(61)).toBe('1900-03-01');
    expect(normaliseDate(39448)).toBe('2008-01-01');
    expect(normaliseDate(39448.75)).toBe('2008-01-01');
    expect(normaliseDate(37986, true)).toBe('2008-01-01');
    expect(normaliseDate('39448')).toBe('2008-01-01');
    expect(normaliseDate('2008-1-5')).toBe('2008-01-05');
    expect(normaliseDate('2008/01/05 00:00:00')).toBe('2008-01-05');
    expect(normaliseDate('05/01/2008')).toBe('2008-01-05');
    expect(normaliseDate('05-01-2008')).toBe('2008-01-05');
    expect(normaliseDate('12/25/2008')).toBe('2008-12-25');
    expect(normaliseDate('05.01.2008')).toBe('2008-01-05');
    expect(normaliseDate('5 Jan 2008')).toBe('2008-01-05');
    expect(normaliseDate('03-Mar-2008')).toBe('2008-03-03');
    expect(normaliseDate('January 5, 2008')).toBe('2008-01-05');
    expect(normaliseDate(new Date(Date.UTC(2008, 0, 5)))).toBe('2008-01-05');
    for (const bad of ['31/02/2008', '2008-13-01', 'yesterday', '', null, -5])
      expect(normaliseDate(bad as unknown)).toBeNull();
  });

  it('checks a row: required fields, the student form rules, the form password standing in for the passcode', () => {
    const ok = checkImportRow(raw(), { formPassword: false, today: '2025-01-01' });
    expect(ok.row).toEqual({
      sheetRow: 2,
      n: 1,
      fullName: 'Ravi Kumar',
      dob: '2008-01-15',
      email: 'ravi@example.com',
      pinCode: '560001',
      passCode: 'Pass@123',
      mobile: '9876500000',
      gender: 1,
      isActive: true,
    });
    expect(
      checkImportRow(raw({ passCode: '', active: 'FALSE' }), { formPassword: true, today: '2025-01-01' }).row,
    ).toMatchObject({
      passCode: null,
      isActive: false,
    });
    const bad = checkImportRow(
      raw({ fullName: '', email: 'x@', mobile: '5123456789', passCode: '', dob: '2030-01-01' }),
      {
        formPassword: false,
        today: '2025-01-01',
      },
    );
    expect(bad.row).toBeNull();
    expect(bad.problems).toEqual([
      { kind: 'missing', field: 'fullName' },
      { kind: 'missing', field: 'passCode' },
      { kind: 'invalid', message: m.futureDob },
      { kind: 'invalid', message: m.invalidEmail },
      { kind: 'invalid', message: m.invalidMobile },
    ]);
  });

  it("groups problems by field with the spec's wording, at most 4 items then '...and N more'", () => {
    const entries = Array.from({ length: 7 }, (_, i) => ({
      row: { sheetRow: i + 2, n: i + 1, fullName: i === 6 ? '' : `Name ${String.fromCharCode(65 + i)}` },
      problems: [{ kind: 'missing' as const, field: 'email' as const }],
    }));
    const [group] = groupProblems(entries);
    expect(group.message).toBe('Missing Email');
    expect(group.content).toEqual([
      'Missing Email for Name A',
      'Missing Email for Name B',
      'Missing Email for Name C',
      'Missing Email for Name D',
      '...and 3 more',
    ]);
    expect(group.all.at(-1)).toBe('Missing Email for 7 no. student');
    expect(shownItems(['a', 'b', 'c', 'd'])).toEqual(['a', 'b', 'c', 'd']);
    expect(groupsAsText([group]).split('\n')).toHaveLength(8);
  });

  it('the form: password optional, but when typed it follows the policy and must match its confirmation', () => {
    expect(importOptionsSchema.safeParse(emptyImportOptions).success).toBe(true);
    const weak = importOptionsSchema.safeParse({ ...emptyImportOptions, password: 'abc', confirm: 'abc' });
    expect(weak.error?.issues.map((i) => i.message)).toEqual([m.passwordPolicy]);
    const mismatch = importOptionsSchema.safeParse({
      ...emptyImportOptions,
      password: 'Pass@1234',
      confirm: 'Pass@123',
    });
    expect(mismatch.error?.issues.map((i) => i.message)).toEqual([m.passwordMismatch]);
  });
});
