import {
  checkImportRow,
  type ImportStudentRow,
  studentImportMessages as m,
  type RawImportRow,
  type RowProblem,
} from '@assess/contracts/student-import';

export type RowEntry = { row: RawImportRow | ImportStudentRow; problems: RowProblem[] };
export type ExistingContact = { email: string | null; user_name: string; mobile: string | null };

/**
 * Step 1's row checks: every field rule per row, then duplicates inside the sheet (the first occurrence of
 * an e-mail or mobile is kept) and duplicates of users that already exist, each reported on its row.
 */
export function checkRows(
  raw: RawImportRow[],
  opts: { formPassword: boolean; today: string; date1904: boolean },
) {
  const entries: RowEntry[] = [];
  const candidates: ImportStudentRow[] = [];
  const emails = new Map<string, number>();
  const mobiles = new Map<string, number>();
  for (const r of raw) {
    const { row, problems } = checkImportRow(r, opts);
    if (!row) {
      entries.push({ row: r, problems });
      continue;
    }
    const dup: RowProblem[] = [];
    if (emails.has(row.email)) dup.push({ kind: 'duplicate', message: m.duplicateEmailInFile });
    if (mobiles.has(row.mobile)) dup.push({ kind: 'duplicate', message: m.duplicateMobileInFile });
    if (dup.length) {
      entries.push({ row, problems: dup });
      continue;
    }
    emails.set(row.email, row.sheetRow);
    mobiles.set(row.mobile, row.sheetRow);
    candidates.push(row);
  }
  return { entries, candidates };
}

/** Splits candidates into those free to insert and those whose e-mail or mobile another user holds. */
export function againstExisting(candidates: ImportStudentRow[], existing: ExistingContact[]) {
  const takenEmails = new Set<string>();
  const takenMobiles = new Set<string>();
  for (const e of existing) {
    if (e.email) takenEmails.add(e.email.toLowerCase());
    takenEmails.add(e.user_name.toLowerCase());
    if (e.mobile) takenMobiles.add(e.mobile);
  }
  const free: ImportStudentRow[] = [];
  const taken: RowEntry[] = [];
  for (const row of candidates) {
    const problems: RowProblem[] = [];
    if (takenEmails.has(row.email)) problems.push({ kind: 'duplicate', message: m.emailExists });
    if (takenMobiles.has(row.mobile)) problems.push({ kind: 'duplicate', message: m.mobileExists });
    if (problems.length) taken.push({ row, problems });
    else free.push(row);
  }
  return { free, taken };
}

/** Local calendar day (yyyy-mm-dd) of the server clock, for "dob not in the future". */
export function todayOf(now: Date) {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}
