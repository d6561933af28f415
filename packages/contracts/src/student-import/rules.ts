import { isValidEmail, isValidFullName, isValidMobile } from '../students/rules';
import { fill, type ImportField, importFieldLabels, studentImportMessages as m } from './messages';

/** Upload limits (part 1 §9 and ours): .xls/.xlsx by content, 10 MB, at most IMPORT_MAX_ROWS students per file. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;
export const IMPORT_EXTENSIONS = ['xls', 'xlsx'] as const;
/** At most 4 errors are shown per group, then '...and N more' (part 1 §5). */
export const IMPORT_GROUP_SHOWN = 4;

/** Gender codes (part 1 §9): text 'Male' gives 1, 'Female' 2, any other text 3; empty = missing. */
export function genderFromText(value: unknown): 1 | 2 | 3 | null {
  const text = cellText(value);
  if (!text) return null;
  const lower = text.toLowerCase();
  if (lower === 'male') return 1;
  if (lower === 'female') return 2;
  return 3;
}

/** A cell's text: trimmed; numbers without exponent or trailing .0; booleans as TRUE/FALSE; '' for empty. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    return Number.isInteger(value) ? BigInt(value).toString() : String(value);
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  return String(value).trim();
}

/**
 * The upload sheet's header row as the template has it (part 1 §5): FullName … Gender in columns A-G, the
 * TRUE/FALSE active flag in column L (the 12th).
 */
export const importSheetHeader = [
  'FullName',
  'DOB',
  'Email',
  'Pincode',
  'Passcode',
  'Mobile',
  'Gender',
  '',
  '',
  '',
  '',
  'IsActive',
] as const;

/** The 12th column's TRUE/FALSE flag (active); blank means active. */
export function activeFlag(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  const text = cellText(value).toLowerCase();
  return !['false', 'no', 'n', '0', 'inactive'].includes(text);
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const pad = (n: number) => String(n).padStart(2, '0');

function ymd(y: number, mo: number, d: number): string | null {
  if (y < 1900 || y > 9999 || mo < 1 || mo > 12 || d < 1) return null;
  const t = new Date(Date.UTC(y, mo - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== mo - 1 || t.getUTCDate() !== d) return null;
  return `${y}-${pad(mo)}-${pad(d)}`;
}

/** An Excel serial day number as year-month-day (1900 date system unless date1904). */
export function excelSerialToYmd(serial: number, date1904 = false): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2_958_465) return null;
  const day = Math.floor(serial);
  // 1900 system: serial 1 = 1900-01-01 and Excel counts the non-existent 1900-02-29 (serial 60).
  const base = date1904 ? Date.UTC(1904, 0, 1) : day < 60 ? Date.UTC(1899, 11, 31) : Date.UTC(1899, 11, 30);
  if (!date1904 && day === 60) return null;
  const t = new Date(base + day * 86_400_000);
  return ymd(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

const monthOf = (name: string) => {
  const i = MONTHS.indexOf(name.slice(0, 3).toLowerCase());
  return i < 0 ? 0 : i + 1;
};

/**
 * Dates of birth normalised to year-month-day (part 1 §5): Excel serial numbers (number cells or numeric
 * text) and text dates: yyyy-mm-dd, dd-mm-yyyy / dd/mm/yyyy / dd.mm.yyyy (day first, as written in
 * India; mm/dd/yyyy when the second part cannot be a month), d Mon yyyy, Mon d, yyyy. Null when invalid.
 */
export function normaliseDate(value: unknown, date1904 = false): string | null {
  if (value instanceof Date) {
    return Number.isNaN(value.getTime())
      ? null
      : ymd(value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate());
  }
  if (typeof value === 'number') return excelSerialToYmd(value, date1904);
  const text = cellText(value).replace(/\s+/g, ' ');
  if (!text) return null;
  if (/^\d{1,7}(\.\d+)?$/.test(text)) return excelSerialToYmd(Number(text), date1904);
  let r = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T][\d:.]+(?: ?[AP]M)?Z?)?$/i.exec(text);
  if (r) return ymd(+r[1], +r[2], +r[3]);
  r = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})(?: [\d:.]+(?: ?[AP]M)?)?$/i.exec(text);
  if (r) {
    const [a, b, y] = [+r[1], +r[2], +r[3]];
    return b > 12 && a <= 12 ? ymd(y, a, b) : ymd(y, b, a);
  }
  r = /^(\d{1,2})(?:st|nd|rd|th)?[- /.]([A-Za-z]{3,9})[- /.,]+(\d{4})$/.exec(text);
  if (r) return ymd(+r[3], monthOf(r[2]), +r[1]);
  r = /^([A-Za-z]{3,9})[- ](\d{1,2}),?[- ](\d{4})$/.exec(text);
  if (r) return ymd(+r[3], monthOf(r[1]), +r[2]);
  return null;
}

/** One sheet row as read (cells by column name). */
export type RawImportRow = {
  /** The spreadsheet's row number (the header is row 1). */
  sheetRow: number;
  /** The student's position among the sheet's students (1 = first), for 'Missing {field} for {n} no. student'. */
  n: number;
  fullName: unknown;
  dob: unknown;
  email: unknown;
  pinCode: unknown;
  passCode: unknown;
  mobile: unknown;
  gender: unknown;
  active: unknown;
};

/** A complete, valid row ready to import. */
export type ImportStudentRow = {
  sheetRow: number;
  n: number;
  fullName: string;
  dob: string;
  email: string;
  pinCode: string | null;
  /** The sheet's passcode; null when the form's password overrides it. */
  passCode: string | null;
  mobile: string;
  gender: 1 | 2 | 3;
  isActive: boolean;
};

export type RowProblem =
  | { kind: 'missing'; field: ImportField }
  | { kind: 'invalid'; message: string }
  | { kind: 'duplicate'; message: string };

/** Who a row is in messages: its name, or '{n} no. student' when it has none. */
export const rowName = (r: { fullName: unknown; n: number }) => cellText(r.fullName) || `${r.n} no. student`;

export function missingMessage(field: ImportField, row: { fullName: unknown; n: number }) {
  const name = cellText(row.fullName);
  return name
    ? fill(m.missingForName, { field: importFieldLabels[field], name })
    : fill(m.missingForNumber, { field: importFieldLabels[field], n: row.n });
}

/**
 * Checks one row (part 1 §5 "Bulk student upload"): name, DOB, email, mobile, gender and Passcode are
 * required (the form's password stands in for the passcode); values follow the student form's rules.
 */
export function checkImportRow(
  raw: RawImportRow,
  opts: { formPassword: boolean; today: string; date1904?: boolean },
): { row: ImportStudentRow | null; problems: RowProblem[] } {
  const problems: RowProblem[] = [];
  const fullName = cellText(raw.fullName).replace(/\s+/g, ' ');
  const email = cellText(raw.email).toLowerCase();
  const mobile = cellText(raw.mobile).replace(/[\s-]/g, '');
  const passCode = cellText(raw.passCode);
  const gender = genderFromText(raw.gender);
  const dobText = cellText(raw.dob);
  const dob = normaliseDate(raw.dob, opts.date1904);

  if (!fullName) problems.push({ kind: 'missing', field: 'fullName' });
  if (!dobText) problems.push({ kind: 'missing', field: 'dob' });
  if (!email) problems.push({ kind: 'missing', field: 'email' });
  if (!mobile) problems.push({ kind: 'missing', field: 'mobile' });
  if (!gender) problems.push({ kind: 'missing', field: 'gender' });
  if (!passCode && !opts.formPassword) problems.push({ kind: 'missing', field: 'passCode' });

  if (fullName && !isValidFullName(fullName)) problems.push({ kind: 'invalid', message: m.invalidName });
  if (dobText && !dob) problems.push({ kind: 'invalid', message: m.invalidDob });
  if (dob && dob > opts.today) problems.push({ kind: 'invalid', message: m.futureDob });
  if (email && (!isValidEmail(email) || email.length > 254))
    problems.push({ kind: 'invalid', message: m.invalidEmail });
  if (mobile && !isValidMobile(mobile)) problems.push({ kind: 'invalid', message: m.invalidMobile });

  if (problems.length || !dob || !gender) return { row: null, problems };
  const pin = cellText(raw.pinCode);
  return {
    row: {
      sheetRow: raw.sheetRow,
      n: raw.n,
      fullName,
      dob,
      email,
      pinCode: pin ? pin.slice(0, 20) : null,
      passCode: opts.formPassword ? null : passCode.slice(0, 128),
      mobile,
      gender,
      isActive: activeFlag(raw.active),
    },
    problems,
  };
}

/** A group of messages (the bulk error response item): heading, the items shown (at most 4 + '...and N more'), all items. */
export type ImportGroup = { message: string; content: string[]; all: string[] };

/** At most IMPORT_GROUP_SHOWN items, then '...and N more'. */
export function shownItems(all: string[], max = IMPORT_GROUP_SHOWN): string[] {
  if (all.length <= max) return [...all];
  return [...all.slice(0, max), fill(m.andMore, { n: all.length - max })];
}

/** A per-row line for invalid values and duplicates: 'Row 7: Ravi Kumar'. */
export const rowLine = (r: { sheetRow: number; fullName: unknown; n: number }) =>
  `Row ${r.sheetRow}: ${rowName(r)}`;

/**
 * Groups row problems for the report: one group per missing field ('Missing Email' with
 * 'Missing Email for {name}' lines), then one per invalid-value or duplicate message with 'Row r: name' lines.
 */
export function groupProblems(
  entries: { row: { sheetRow: number; fullName: unknown; n: number }; problems: RowProblem[] }[],
): ImportGroup[] {
  const groups = new Map<string, string[]>();
  const add = (heading: string, line: string) => {
    const list = groups.get(heading);
    if (list) list.push(line);
    else groups.set(heading, [line]);
  };
  for (const field of Object.keys(importFieldLabels) as ImportField[]) {
    for (const { row, problems } of entries) {
      if (problems.some((p) => p.kind === 'missing' && p.field === field))
        add(`Missing ${importFieldLabels[field]}`, missingMessage(field, row));
    }
  }
  for (const kind of ['invalid', 'duplicate'] as const) {
    for (const { row, problems } of entries) {
      for (const p of problems) if (p.kind === kind) add(p.message, rowLine(row));
    }
  }
  return [...groups].map(([message, all]) => ({ message, content: shownItems(all), all }));
}

/** Everything a report says, as plain text (the copy-all icon). */
export const groupsAsText = (groups: Pick<ImportGroup, 'message' | 'all'>[]) =>
  groups.map((g) => [g.message, ...g.all.map((l) => `  ${l}`)].join('\n')).join('\n');
