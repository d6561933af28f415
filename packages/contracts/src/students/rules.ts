/** Pure rules of the student form (spec part 1 §5 "Student form", §9). */

export const Gender = { Male: 1, Female: 2, Others: 3 } as const;
export type GenderId = (typeof Gender)[keyof typeof Gender];
export const genderNames: Record<GenderId, string> = { 1: 'Male', 2: 'Female', 3: 'Others' };

/** Students are users of type 4 (§9). */
export const STUDENT_USER_TYPE = 4;
/** Full names are cut at 22 characters in the grids (§9). */
export const FULL_NAME_GRID_CHARS = 22;
/** At most one sibling (§2). */
export const MAX_SIBLINGS = 1;
/** Grid filter: '1' active students, '2' pending (inactive) students (§2). */
export const StudentStatus = { Active: '1', Pending: '2' } as const;
export type StudentStatusValue = (typeof StudentStatus)[keyof typeof StudentStatus];
/** Grid and clone grid height in px (§9). */
export const STUDENT_GRID_HEIGHT = 650;
/** Courses are fetched for assignment at page 1, size 300 (§9). */
export const COURSE_OPTIONS_LIMIT = 300;
/** Courses offered for assignment need status >= 2 (§9). */
export const COURSE_MIN_STATUS = 2;

export const FULL_NAME_RE = /^[A-Za-z][A-Za-z ]*$/;
export const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
/** 10 digits starting with 6 to 9 (students and parents, §9). */
export const MOBILE_RE = /^[6-9]\d{9}$/;
/** Student password: 8+ characters with a lowercase, an uppercase, a digit and one of @#$%^&+= (§5). */
export const STUDENT_PASSWORD_RE = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@#$%^&+=]).{8,128}$/;
export const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

export const isValidFullName = (v: string) => FULL_NAME_RE.test(v.trim());
export const isValidEmail = (v: string) => EMAIL_RE.test(v.trim());
export const isValidMobile = (v: string) => MOBILE_RE.test(v.trim());
export const isValidStudentPassword = (v: string) => STUDENT_PASSWORD_RE.test(v);

/** yyyy-mm-dd of a date in local time. */
export function isoDay(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** A real calendar day written yyyy-mm-dd. */
export function isValidIsoDay(v: string): boolean {
  if (!DATE_RE.test(v)) return false;
  const [y, m, d] = v.split('-').map(Number);
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

/** dob is in the future compared with `today` (yyyy-mm-dd); a date of birth must not be. */
export const isFutureDay = (day: string, today: string = isoDay(new Date())) => day > today;

/** The grid's Full Name cell: 'none' if empty, cut to 22 characters (the tooltip holds the whole name). */
export function gridFullName(name: string | null | undefined): string {
  const n = (name ?? '').trim();
  if (!n) return 'none';
  return n.length > FULL_NAME_GRID_CHARS ? `${n.slice(0, FULL_NAME_GRID_CHARS)}...` : n;
}
