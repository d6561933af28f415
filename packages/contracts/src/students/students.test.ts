import { describe, expect, it } from 'vitest';
import { studentMessages as m } from './messages';
import { gridFullName, isFutureDay, isValidMobile, isValidStudentPassword } from './rules';
import { makeStudentFormSchema, studentInfoSchema } from './schemas';

const info = {
  fullName: 'Asha Rao',
  email: 'asha@example.com',
  mobile: '9876500000',
  gender: 2,
  dob: '2008-01-31',
  passCode: 'Secret@123',
};
const errorsOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);

describe('student rules (part 1 §5 Student form)', () => {
  it('mobile: 10 digits starting 6 to 9', () => {
    expect(isValidMobile('6000000000')).toBe(true);
    expect(isValidMobile('5999999999')).toBe(false);
    expect(isValidMobile('98765')).toBe(false);
  });
  it('password needs lower, upper, digit and one of @#$%^&+=, at least 8', () => {
    expect(isValidStudentPassword('Secret@123')).toBe(true);
    expect(isValidStudentPassword('Secret=12')).toBe(true);
    expect(isValidStudentPassword('Secret!123')).toBe(false);
    expect(isValidStudentPassword('Se@1')).toBe(false);
  });
  it('the grid name: none when empty, cut at 22 characters', () => {
    expect(gridFullName('')).toBe('none');
    expect(gridFullName(null)).toBe('none');
    expect(gridFullName('Abcdefghij Klmnopqrstuvwxyz')).toBe('Abcdefghij Klmnopqrstu...');
    expect(gridFullName('Short Name')).toBe('Short Name');
  });
  it('a future date of birth is refused', () => {
    expect(isFutureDay('2030-01-02', '2030-01-01')).toBe(true);
    expect(isFutureDay('2030-01-01', '2030-01-01')).toBe(false);
  });
  it('the info schema gives the spec messages and turns empty optional fields into null', () => {
    expect(errorsOf(studentInfoSchema.safeParse({ ...info, fullName: '' }))).toContain(m.fullNameRequired);
    expect(errorsOf(studentInfoSchema.safeParse({ ...info, fullName: 'A1' }))).toContain(m.fullNameInvalid);
    expect(errorsOf(studentInfoSchema.safeParse({ ...info, gender: '' }))).toContain(m.genderRequired);
    // §9: student and parent mobiles are 10 digits starting with 6 to 9
    expect(errorsOf(studentInfoSchema.safeParse({ ...info, mobile: '5876500000' }))).toContain(
      m.mobileInvalid,
    );
    expect(errorsOf(studentInfoSchema.safeParse({ ...info, fatherMobile: '5876500000' }))).toContain(
      m.parentMobileInvalid,
    );
    expect(errorsOf(studentInfoSchema.safeParse({ ...info, fatherMobile: '98765000001' }))).toContain(
      m.parentMobileInvalid,
    );
    expect(errorsOf(studentInfoSchema.safeParse({ ...info, fatherEmail: 'x' }))).toContain(
      m.parentEmailInvalid,
    );
    const ok = studentInfoSchema.parse({ ...info, pinCode: '', fatherMobile: '' });
    expect(ok.pinCode).toBeNull();
    expect(ok.fatherMobile).toBeNull();
  });
  it('the form requires a password for a new student and a matching confirmation', () => {
    const body = (passCode: string, confirm: string) => ({
      studentInfo: { ...info, passCode },
      educationInfo: { language: 1 },
      confirm,
    });
    const add = makeStudentFormSchema({ passwordRequired: true });
    expect(errorsOf(add.safeParse(body('', '')))).toContain(m.passwordPolicy);
    expect(errorsOf(add.safeParse(body('Secret@123', 'Secret@124')))).toContain(m.confirmMismatch);
    expect(add.safeParse(body('Secret@123', 'Secret@123')).success).toBe(true);
    expect(makeStudentFormSchema({ passwordRequired: false }).safeParse(body('', '')).success).toBe(true);
  });
});
