import {
  fill,
  IMPORT_MAX_ROWS,
  studentImportMessages as m,
  type RawImportRow,
} from '@assess/contracts/student-import';
import * as XLSX from '@e965/xlsx';
import { openWorkbook } from '../../platform/files/workbook';
import { badRequest } from '../../platform/http/errors';

type Column = Exclude<keyof RawImportRow, 'sheetRow' | 'n' | 'active'>;
/** Header names (lower case, letters and digits only) of the sheet's columns FullName, DOB, Email, Pincode, Passcode, Mobile, Gender. */
const headerNames: Record<Column, string[]> = {
  fullName: ['fullname', 'name', 'studentname'],
  dob: ['dob', 'dateofbirth', 'birthdate'],
  email: ['email', 'emailid', 'emailaddress', 'username'],
  pinCode: ['pincode', 'pin', 'postalcode', 'zipcode'],
  passCode: ['passcode', 'password'],
  mobile: ['mobile', 'mobileno', 'mobilenumber', 'phone'],
  gender: ['gender', 'sex'],
};
/** Without a recognisable header the columns are taken in the spec's order. */
const columnOrder: Column[] = ['fullName', 'dob', 'email', 'pinCode', 'passCode', 'mobile', 'gender'];
/** The 12th column (L) holds the TRUE/FALSE active flag. */
const ACTIVE_COLUMN = 11;

export type ParsedSheet = { rows: RawImportRow[]; date1904: boolean };

const normaliseHeader = (v: unknown) =>
  String(v ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && !v.trim());

/**
 * Reads the first sheet of an .xls (BIFF) or .xlsx workbook into raw rows (SheetJS, the maintained
 * @e965/xlsx build). Refuses a damaged or password-protected file, an .xlsx that would unpack to more
 * than 150 MB, and more than IMPORT_MAX_ROWS students, each with the message the user sees.
 */
export async function readStudentSheet(buf: Buffer, kind: 'xls' | 'xlsx'): Promise<ParsedSheet> {
  const wb = await openWorkbook(buf, kind, IMPORT_MAX_ROWS, (err) =>
    badRequest(
      /password-protected|encrypted ?package|password/i.test(err?.message ?? '')
        ? m.passwordProtected
        : m.corrupt,
    ),
  );
  const name = wb.SheetNames[0];
  const ws = name ? wb.Sheets[name] : undefined;
  if (!ws?.['!ref']) throw badRequest(m.noRows);
  const range = XLSX.utils.decode_range(ws['!ref']);
  const grid = XLSX.utils.sheet_to_json<unknown[]>(ws, {
    header: 1,
    raw: true,
    defval: null,
    blankrows: true,
  });

  const headerIndex = grid.findIndex((r) => Array.isArray(r) && r.some((v) => !isBlank(v)));
  if (headerIndex < 0) throw badRequest(m.noRows);
  const header = grid[headerIndex].map(normaliseHeader);
  const at: Partial<Record<Column, number>> = {};
  for (const col of columnOrder) {
    const i = header.findIndex((h) => headerNames[col].includes(h));
    if (i >= 0) at[col] = i;
  }
  const hasHeader = Object.keys(at).length >= 3;
  if (!hasHeader) {
    for (const [i, col] of columnOrder.entries()) at[col] = i;
  }
  const activeAt = ACTIVE_COLUMN - range.s.c;

  const rows: RawImportRow[] = [];
  const first = hasHeader ? headerIndex + 1 : headerIndex;
  for (let i = first; i < grid.length; i++) {
    const r = grid[i] ?? [];
    const cell = (col: Column) => (at[col] === undefined ? null : (r[at[col]] ?? null));
    if (columnOrder.every((c) => isBlank(cell(c)))) continue;
    if (rows.length >= IMPORT_MAX_ROWS) throw badRequest(fill(m.tooManyRows, { n: IMPORT_MAX_ROWS }));
    rows.push({
      sheetRow: range.s.r + i + 1,
      n: rows.length + 1,
      fullName: cell('fullName'),
      dob: cell('dob'),
      email: cell('email'),
      pinCode: cell('pinCode'),
      passCode: cell('passCode'),
      mobile: cell('mobile'),
      gender: cell('gender'),
      active: activeAt >= 0 ? (r[activeAt] ?? null) : null,
    });
  }
  if (!rows.length) throw badRequest(m.noRows);
  return { rows, date1904: Boolean(wb.Workbook?.WBProps?.date1904) };
}
