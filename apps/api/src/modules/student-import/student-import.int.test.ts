import fs from 'node:fs';
import path from 'node:path';
import {
  emptyImportOptions,
  exportCellsOf,
  exportColumns,
  type ImportOptions,
  importSheetHeader,
  studentImportMessages as m,
} from '@assess/contracts/student-import';
import { type StudentRow, studentListSchema } from '@assess/contracts/students';
import * as XLSX from '@e965/xlsx';
import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { multipartBody } from '../../../test/multipart';
import { waitFor } from '../../../test/wait';

let t: TestApp;
let erp: string;
let erpProviderId: number;
let opts: ImportOptions;
let courseId: number;
const fixtures = path.resolve(import.meta.dirname, '../../../test/fixtures');

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.deps.handle.sql.executeSql(text, values)).rows as T[];
const count = async (text: string, values: unknown[] = []) =>
  Number((await q<{ n: number }>(text, values))[0].n);

const check = async (
  cookie: string,
  file: { name: string; data: Buffer } | undefined,
  options: unknown = opts,
) => {
  // The form's options (JSON) first, then the file, as the dialog sends them.
  const body = await multipartBody([
    { field: 'options', value: JSON.stringify(options) },
    ...(file ? [{ field: 'file', fileName: file.name, content: file.data }] : []),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/students/import/check',
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
};
const start = (cookie: string, batchId: number) =>
  t.app.inject({ method: 'POST', url: `/api/students/import/${batchId}/start`, headers: { cookie } });
const status = (cookie: string, batchId: number) =>
  t.app.inject({ method: 'GET', url: `/api/students/import/${batchId}`, headers: { cookie } });
const finished = (cookie: string, batchId: number) =>
  waitFor(async () => {
    const body = (await status(cookie, batchId)).json();
    return body.state === 'succeeded' || body.state === 'failed' ? body : undefined;
  }, 20_000);

const header = [...importSheetHeader];
/** An .xlsx of the given student rows (header added). */
function sheet(rows: unknown[][], bookType: 'xlsx' | 'biff8' = 'xlsx') {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([header, ...rows]), 'Students');
  return XLSX.write(wb, { type: 'buffer', bookType }) as Buffer;
}
const student = (
  i: number,
  over: Partial<Record<'name' | 'dob' | 'email' | 'mobile' | 'gender' | 'pass', unknown>> = {},
) => [
  'name' in over
    ? over.name
    : `Student ${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + (Math.floor(i / 26) % 26))}`,
  'dob' in over ? over.dob : '2008-01-15',
  'email' in over ? over.email : `s${i}.${Date.now()}@import.test`,
  '560001',
  'pass' in over ? over.pass : 'Sheet@123',
  'mobile' in over ? over.mobile : String(6000000000 + Math.floor(Math.random() * 999_999_999)),
  'gender' in over ? over.gender : 'Male',
];

beforeAll(async () => {
  t = await createTestApp();
  erp = await t.signIn('erp@example.com');
  [{ provider_id: erpProviderId }] = await q<{ provider_id: number }>(
    "select provider_id from users where user_name = 'erp@example.com'",
  );
  const lookups = (
    await t.app.inject({ method: 'GET', url: '/api/students/import/lookups', headers: { cookie: erp } })
  ).json();
  courseId = lookups.courses[0].courseId;
  opts = {
    ...emptyImportOptions,
    stateId: lookups.states[0].id,
    cityId: lookups.cities[0].id,
    languageId: lookups.languages[0].id,
    boardId: lookups.boards[0].id,
    classId: lookups.classes[0].id,
    courseIds: [courseId],
  };
  await t.deps.jobs.startWorkers({ pollingIntervalSeconds: 0.5 });
});
afterAll(() => t.close());

describe('GET /api/students/import/lookups', () => {
  it("lists the provider's active configuration values and only assignable test series (active, status >= 2, not expired)", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/students/import/lookups',
      headers: { cookie: erp },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    for (const list of ['states', 'cities', 'languages', 'boards', 'classes'])
      expect(body[list].length).toBeGreaterThan(0);
    const offered = new Set(body.courses.map((c: { courseId: number }) => c.courseId));
    const all = await q<{ course_id: number; ok: boolean }>(
      `select course_id, (is_active and status >= 2 and (expiry_date is null or expiry_date > now())) as ok
       from courses where provider_id = $1`,
      [erpProviderId],
    );
    expect(all.some((c) => !c.ok)).toBe(true);
    for (const c of all) expect(offered.has(c.course_id)).toBe(c.ok);
  });
});

describe('bulk import of the fixtures', () => {
  it('imports the .xlsx fixture in two steps as a background task: gender, dates, flag, form lists and test series', async () => {
    const data = fs.readFileSync(path.join(fixtures, 'students.xlsx'));
    const res = await check(erp, { name: 'students.xlsx', data });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totalRows: 5, validRows: 5, groups: [] });
    const before = await count(
      "select count(*)::int as n from users where email like '%.fixture@example.com'",
    );
    expect(before).toBe(0);
    const started = await start(erp, res.json().batchId);
    expect(started.statusCode).toBe(200);
    expect(['queued', 'running', 'succeeded']).toContain(started.json().state);
    const done = await finished(erp, res.json().batchId);
    expect(done).toMatchObject({ state: 'succeeded', imported: 5, groups: [], progress: 100 });

    const rows = await q<Record<string, unknown>>(
      `select u.user_name, u.full_name, u.mobile, u.is_active, u.user_type_id, u.provider_id, u.password_hash,
              p.gender, p.dob::text as dob, p.pin_code, p.state, p.city, e.language, e.board, e.class,
              (select array_agg(course_id) from course_users c where c.user_id = u.user_id) as courses
       from users u join student_profiles p using (user_id) join student_education e using (user_id)
       where u.email like '%.fixture@example.com' order by u.mobile`,
    );
    expect(rows.map((r) => [r.user_name, r.gender, r.dob, r.is_active, r.pin_code])).toEqual([
      ['aarav.fixture@example.com', 1, '2008-05-14', true, '110001'],
      ['diya.fixture@example.com', 2, '2007-11-02', true, '380001'],
      ['kabir.fixture@example.com', 1, '2009-01-30', false, null],
      ['meera.fixture@example.com', 2, '2008-08-15', true, '600001'],
      ['rohan.fixture@example.com', 3, '2006-07-21', true, '700001'],
    ]);
    for (const r of rows) {
      expect(r).toMatchObject({
        user_type_id: 4,
        provider_id: erpProviderId,
        state: opts.stateId,
        city: opts.cityId,
        language: opts.languageId,
        board: opts.boardId,
        class: opts.classId,
        courses: [courseId],
      });
    }
    expect(await verify(rows[0].password_hash as string, 'Pass@1234')).toBe(true);
  });

  it('reads the old binary .xls fixture, groups the incomplete rows and imports the rest with the form password', async () => {
    const data = fs.readFileSync(path.join(fixtures, 'students-incomplete.xls'));
    const res = await check(
      erp,
      { name: 'students-incomplete.xls', data },
      { ...opts, password: 'Form@1234', confirm: 'Form@1234' },
    );
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ totalRows: 8, validRows: 3 });
    expect(report.groups.map((g: { message: string; content: string[] }) => [g.message, g.content])).toEqual([
      ['Missing Name', ['Missing Name for 3 no. student']],
      ['Missing DOB', ['Missing DOB for Arjun Reddy']],
      ['Missing Email', ['Missing Email for Ananya Rao']],
      ['Missing Mobile', ['Missing Mobile for Kiara Joshi']],
      ['Missing Gender', ['Missing Gender for Vihaan Nair']],
    ]);
    await start(erp, report.batchId);
    expect(await finished(erp, report.batchId)).toMatchObject({ state: 'succeeded', imported: 3 });
    const rows = await q<{ full_name: string; dob: string; gender: number; password_hash: string }>(
      `select u.full_name, p.dob::text as dob, p.gender, u.password_hash from users u join student_profiles p using (user_id)
       where u.mobile like '71000000%' order by u.mobile`,
    );
    expect(rows.map((r) => [r.full_name, r.dob, r.gender])).toEqual([
      ['Ishaan Gupta', '2008-01-01', 1],
      ['Saanvi Menon', '2008-06-01', 2],
      ['Reyansh Kulkarni', '2008-01-01', 3],
    ]);
    expect(await verify(rows[0].password_hash, 'Form@1234')).toBe(true);
    // The form password is kept only as a hash, and only until the import has run.
    const [batch] = await q<{ password_hash: string | null }>(
      'select password_hash from student_import_batches where batch_id = $1',
      [report.batchId],
    );
    expect(batch.password_hash).toBeNull();
    const [task] = await q<{ task_arguments: unknown }>(
      'select task_arguments from tasks where task_id = $1',
      [(await status(erp, report.batchId)).json().taskId],
    );
    expect(JSON.stringify(task.task_arguments)).not.toMatch(/Form@1234|argon/);
  });

  it('re-running the same file creates no duplicates: every row is reported as existing and nothing is imported', async () => {
    const data = fs.readFileSync(path.join(fixtures, 'students.xlsx'));
    const res = await check(erp, { name: 'students.xlsx', data });
    expect(res.json()).toMatchObject({ validRows: 0 });
    const groups = res.json().groups;
    expect(groups.map((g: { message: string }) => g.message)).toEqual([m.emailExists, m.mobileExists]);
    expect(groups[0].content).toEqual([
      'Row 2: Aarav Sharma',
      'Row 3: Diya Patel',
      'Row 4: Kabir Singh',
      'Row 5: Meera Iyer',
      '...and 1 more',
    ]);
    const again = await start(erp, res.json().batchId);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(m.nothingToImport);
    expect(await count("select count(*)::int as n from users where email like '%.fixture@example.com'")).toBe(
      8,
    );
  });
});

describe('rules of step 1', () => {
  it("groups missing fields ('Missing {field} for {name}' / '... for {n} no. student'), at most 4 shown then '...and N more'", async () => {
    const rows = [0, 1, 2, 3, 4, 5].map((i) => student(100 + i, { email: '' }));
    rows.push(student(106, { name: '', gender: '' }));
    const res = await check(erp, { name: 'missing.xlsx', data: sheet(rows) });
    expect(res.statusCode).toBe(200);
    const [name, email, gender] = res.json().groups;
    expect(name).toEqual({
      message: 'Missing Name',
      content: ['Missing Name for 7 no. student'],
      all: ['Missing Name for 7 no. student'],
    });
    expect(email.message).toBe('Missing Email');
    expect(email.content).toHaveLength(5);
    expect(email.content[4]).toBe('...and 2 more');
    expect(email.all).toHaveLength(6);
    expect(email.content[0]).toMatch(/^Missing Email for Student /);
    expect(gender.content).toEqual(['Missing Gender for 7 no. student']);
    expect(res.json().validRows).toBe(0);
  });

  it('maps gender text, normalises Excel serial and text dates, and refuses future or invalid dates and bad values', async () => {
    const rows = [
      student(200, { gender: 'FEMALE', dob: 39448 }),
      student(201, { gender: 'transgender', dob: '31/12/2007' }),
      student(202, { dob: '5 Sep 2006' }),
      student(203, { dob: '2999-01-01' }),
      student(204, { dob: '31/02/2008' }),
      student(205, { email: 'not-an-email' }),
      student(206, { mobile: '12345' }),
      student(207, { name: 'R2D2' }),
      student(208, { pass: '' }),
    ];
    const res = await check(erp, { name: 'values.xlsx', data: sheet(rows) });
    const byMessage = Object.fromEntries(
      res.json().groups.map((g: { message: string; all: string[] }) => [g.message, g.all]),
    );
    expect(byMessage[m.futureDob]).toEqual([expect.stringMatching(/^Row 5: /)]);
    expect(byMessage[m.invalidDob]).toEqual([expect.stringMatching(/^Row 6: /)]);
    expect(byMessage[m.invalidEmail]).toEqual([expect.stringMatching(/^Row 7: /)]);
    expect(byMessage[m.invalidMobile]).toEqual([expect.stringMatching(/^Row 8: /)]);
    expect(byMessage[m.invalidName]).toEqual(['Row 9: R2D2']);
    expect(byMessage['Missing Passcode']).toHaveLength(1);
    expect(res.json().validRows).toBe(3);
    await start(erp, res.json().batchId);
    await finished(erp, res.json().batchId);
    const stored = await q<{ gender: number; dob: string }>(
      'select p.gender, p.dob::text as dob from users u join student_profiles p using (user_id) where u.email = any($1) order by u.email',
      [[rows[0][2], rows[1][2], rows[2][2]]],
    );
    expect(stored.map((s) => [s.gender, s.dob])).toEqual([
      [2, '2008-01-01'],
      [3, '2007-12-31'],
      [1, '2006-09-05'],
    ]);
  });

  it('a duplicate in row 7 (an existing user) and a repeat inside the sheet are reported per row; the other rows are imported whole', async () => {
    const rows = Array.from({ length: 9 }, (_, i) => student(300 + i));
    rows[5] = student(305, { email: 'student@example.com' }); // sheet row 7
    rows[8] = student(308, { mobile: rows[1][5] }); // sheet row 10 repeats row 3's mobile
    const res = await check(erp, { name: 'dup.xlsx', data: sheet(rows) });
    const groups = res.json().groups;
    expect(groups).toEqual(
      [
        {
          message: m.duplicateMobileInFile,
          content: [`Row 10: ${rows[8][0]}`],
          all: [`Row 10: ${rows[8][0]}`],
        },
        { message: m.emailExists, content: [`Row 7: ${rows[5][0]}`], all: [`Row 7: ${rows[5][0]}`] },
      ].sort((a, b) => (a.content[0] < b.content[0] ? 1 : -1)),
    );
    expect(res.json().validRows).toBe(7);
    // Between the check and the import another user takes row 4's e-mail: that row alone is refused.
    await q(
      `insert into users (provider_id, user_type_id, user_name, email, password_hash) values ($1, 4, $2, $2, 'x')`,
      [erpProviderId, rows[2][2]],
    );
    await start(erp, res.json().batchId);
    const done = await finished(erp, res.json().batchId);
    expect(done).toMatchObject({ state: 'succeeded', imported: 6 });
    expect(done.groups).toEqual([
      { message: m.emailExists, content: [`Row 4: ${rows[2][0]}`], all: [`Row 4: ${rows[2][0]}`] },
    ]);
    const names = (
      await q<{ full_name: string }>('select full_name from users where email = any($1)', [
        rows.map((r) => r[2]),
      ])
    ).map((r) => r.full_name);
    expect(names).not.toContain(rows[5][0]);
    expect(names).not.toContain(rows[8][0]);
    expect(names).not.toContain(rows[2][0]);
    // Every imported user has its profile and education: no half-imported row.
    expect(
      await count(
        `select count(*)::int as n from users u left join student_profiles p using (user_id) left join student_education e using (user_id)
         where u.email = any($1) and (p.user_id is null or e.user_id is null) and u.password_hash <> 'x'`,
        [rows.map((r) => r[2])],
      ),
    ).toBe(0);
  });

  it('checks the form: lists of the caller provider only, test series offered for assignment, the password policy and confirmation', async () => {
    const data = sheet([student(400)]);
    // Refused checks store no file and record no batch (other areas' demo data hold files too).
    const stored = async () => [
      await count('select count(*)::int as n from files'),
      await count('select count(*)::int as n from student_import_batches'),
    ];
    const before = await stored();
    const [other] = await q<{ id: number }>(
      "select id from configuration_values where key = 'State' and provider_id <> $1 limit 1",
      [erpProviderId],
    );
    const badState = await check(erp, { name: 'a.xlsx', data }, { ...opts, stateId: other.id });
    expect(badState.statusCode).toBe(400);
    expect(badState.json().message).toBe('Please select a valid State.');
    const [draft] = await q<{ course_id: number }>(
      'select course_id from courses where provider_id = $1 and status < 2',
      [erpProviderId],
    );
    const badCourse = await check(erp, { name: 'a.xlsx', data }, { ...opts, courseIds: [draft.course_id] });
    expect(badCourse.json().message).toBe(m.invalidCourse);
    const weak = await check(
      erp,
      { name: 'a.xlsx', data },
      { ...opts, password: 'password', confirm: 'password' },
    );
    expect(weak.json().fields.password).toEqual([m.passwordPolicy]);
    const mismatch = await check(
      erp,
      { name: 'a.xlsx', data },
      { ...opts, password: 'Form@1234', confirm: 'Form@12345' },
    );
    expect(mismatch.json().fields.confirm).toEqual([m.passwordMismatch]);
    expect(await stored()).toEqual(before);
  });
});

describe('limits on the upload', () => {
  it('accepts .xls/.xlsx by content only, at most 10 MB, at most 20,000 students, and names a corrupt or password-protected file', async () => {
    const files = () => count('select count(*)::int as n from files');
    const before = await files();
    const html = await check(erp, {
      name: 'students.xlsx',
      data: Buffer.from('<html><body>not a sheet</body></html>'),
    });
    expect([html.statusCode, html.json().message]).toEqual([415, m.notSpreadsheet]);
    const pdf = await check(erp, { name: 'students.xls', data: Buffer.from('%PDF-1.7\n%%EOF\n') });
    expect([pdf.statusCode, pdf.json().message]).toEqual([415, m.notSpreadsheet]);
    const big = Buffer.concat([sheet([student(500)]), Buffer.alloc(10 * 1024 * 1024)]);
    const large = await check(erp, { name: 'big.xlsx', data: big });
    expect([large.statusCode, large.json().message]).toEqual([413, m.tooLarge]);
    const good = sheet([student(501)]);
    const corrupt = Buffer.concat([good.subarray(0, 2000), Buffer.alloc(2000, 0x41)]);
    const broken = await check(erp, { name: 'broken.xlsx', data: corrupt });
    expect([broken.statusCode, broken.json().message]).toEqual([400, m.corrupt]);
    const { CFB } = XLSX;
    const cfb = CFB.utils.cfb_new();
    CFB.utils.cfb_add(cfb, '/EncryptionInfo', Buffer.from([4, 0, 4, 0, 0x40, 0, 0, 0, ...Buffer.alloc(200)]));
    CFB.utils.cfb_add(cfb, '/EncryptedPackage', Buffer.alloc(5000, 7));
    const locked = await check(erp, { name: 'locked.xlsx', data: CFB.write(cfb, { type: 'buffer' }) });
    expect([locked.statusCode, locked.json().message]).toEqual([400, m.passwordProtected]);
    const many = Array.from({ length: 20_001 }, (_, i) => [
      `Name`,
      '2008-01-01',
      `m${i}@x.test`,
      '',
      'x',
      '9000000000',
      'Male',
    ]);
    const tooMany = await check(erp, { name: 'many.xlsx', data: sheet(many) });
    expect([tooMany.statusCode, tooMany.json().message]).toEqual([
      400,
      'The file has more than 20000 students. Please split it into smaller files.',
    ]);
    const none = await check(erp, undefined);
    expect([none.statusCode, none.json().message]).toEqual([400, m.selectFile]);
    expect(await files()).toBe(before);
  }, 30_000);
});

describe('licence, role, privileges and tenancy', () => {
  it("refuses the whole batch when the licence's student count would be passed, writing nothing", async () => {
    const sub = await t.signIn('subscriber@example.com');
    const [{ provider_id: subId, package_id: pkg }] = await q<{ provider_id: number; package_id: number }>(
      "select u.provider_id, p.package_id from users u join providers p using (provider_id) where u.user_name = 'subscriber@example.com'",
    );
    const current = await count(
      'select count(*)::int as n from users where provider_id = $1 and user_type_id = 4',
      [subId],
    );
    await q(
      `update licence_packages set limits = jsonb_set(limits, '{Students}', to_jsonb($1::int)) where package_id = $2`,
      [current + 2, pkg],
    );
    const res = await check(
      sub,
      { name: 'three.xlsx', data: sheet([student(600), student(601), student(602)]) },
      emptyImportOptions,
    );
    expect([res.statusCode, res.json().message]).toEqual([403, m.licence]);
    const ok = await check(
      sub,
      { name: 'two.xlsx', data: sheet([student(603), student(604)]) },
      emptyImportOptions,
    );
    expect(ok.json().validRows).toBe(2);
    await q(
      `update licence_packages set limits = jsonb_set(limits, '{Students}', to_jsonb($1::int)) where package_id = $2`,
      [current + 1, pkg],
    );
    const refused = await start(sub, ok.json().batchId);
    expect([refused.statusCode, refused.json().message]).toEqual([403, m.licence]);
    expect(
      await count('select count(*)::int as n from users where provider_id = $1 and user_type_id = 4', [
        subId,
      ]),
    ).toBe(current);
  });

  it("'Role ID not found for the provided providerTypeId' when the provider type maps to no role; Trial is refused", async () => {
    const svc = t.deps.modules.studentImport.imports;
    const caller = {
      userId: 1,
      providerId: erpProviderId,
      providerTypeId: 99,
      packageId: 3,
      licence: {} as never,
    };
    await expect(svc.start(caller, 1)).rejects.toMatchObject({ statusCode: 400, message: m.roleNotFound });
    await expect(svc.start({ ...caller, providerTypeId: 3, packageId: 4 }, 1)).rejects.toMatchObject({
      statusCode: 403,
      message: m.trial,
    });
    const trial = await t.signIn('trial@example.com');
    const res = await check(trial, { name: 'a.xlsx', data: sheet([student(700)]) }, emptyImportOptions);
    expect(res.statusCode).toBe(403);
  });

  it('needs ImportStudent for import and AddStudent for export; another provider sees neither batch nor students', async () => {
    const readonly = await t.signIn('readonly@example.com');
    expect((await check(readonly, { name: 'a.xlsx', data: sheet([student(800)]) })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/students/export', headers: { cookie: readonly } }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/students/export' })).statusCode).toBe(401);
    const mine = await check(erp, { name: 'a.xlsx', data: sheet([student(801)]) });
    const sub = await t.signIn('subscriber@example.com');
    expect((await status(sub, mine.json().batchId)).statusCode).toBe(404);
    expect((await start(sub, mine.json().batchId)).statusCode).toBe(404);
    const first = await start(erp, mine.json().batchId);
    expect(first.statusCode).toBe(200);
    const second = await start(erp, mine.json().batchId);
    expect([second.statusCode, second.json().message]).toEqual([409, m.alreadyRun]);
    // The import runs in the background: the next tests count students, so let it end here.
    await finished(erp, mine.json().batchId);
  });
});

describe('GET /api/students/export', () => {
  async function download(cookie: string, query = '') {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/students/export${query}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('StudentList.xlsx');
    const wb = XLSX.read(res.rawPayload, { type: 'buffer' });
    return XLSX.utils.sheet_to_json<string[]>(wb.Sheets[wb.SheetNames[0]], { header: 1, defval: '' });
  }

  it("streams StudentList.xlsx with the grid's columns for the active filter, or pending with status=2, of the caller's provider only", async () => {
    const active = await download(erp);
    expect(active[0]).toEqual([...exportColumns]);
    const expected = await count(
      'select count(*)::int as n from users where provider_id = $1 and user_type_id = 4 and is_active',
      [erpProviderId],
    );
    expect(active.length - 1).toBe(expected);
    const aarav = active.find((r) => r[3] === 'aarav.fixture@example.com');
    const [names] = await q<{ cls: string; board: string; state: string; city: string }>(
      `select c.value_string as cls, b.value_string as board, s.value_string as state, ci.value_string as city
       from configuration_values c, configuration_values b, configuration_values s, configuration_values ci
       where c.id = $1 and b.id = $2 and s.id = $3 and ci.id = $4`,
      [opts.classId, opts.boardId, opts.stateId, opts.cityId],
    );
    expect(aarav).toEqual([
      'Aarav Sharma',
      names.cls,
      names.board,
      'aarav.fixture@example.com',
      '7000000001',
      names.state,
      names.city,
      '',
      '',
    ]);
    expect(active.some((r) => r[3] === 'kabir.fixture@example.com')).toBe(false);
    const pending = await download(erp, '?status=2');
    expect(pending.some((r) => r[3] === 'kabir.fixture@example.com')).toBe(true);
    expect(pending.length - 1).toBe(
      await count(
        'select count(*)::int as n from users where provider_id = $1 and user_type_id = 4 and not is_active',
        [erpProviderId],
      ),
    );
    const sub = await t.signIn('subscriber@example.com');
    const theirs = await download(sub);
    expect(theirs.some((r) => String(r[3]).endsWith('.fixture@example.com'))).toBe(false);
  });

  it('agrees with the grid: the same students, in the same order, with the same columns, active and pending', async () => {
    for (const status of ['1', '2']) {
      const grid: StudentRow[] = [];
      for (let page = 1; ; page++) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/students?status=${status}&pageNumber=${page}&pageSize=7`,
          headers: { cookie: erp },
        });
        const body = studentListSchema.parse(res.json());
        grid.push(...body.items);
        if (grid.length >= body.totalCount || !body.items.length) break;
      }
      expect(grid.length).toBeGreaterThan(1);
      const exported = await download(erp, `?status=${status}`);
      expect(exported.slice(1)).toEqual(grid.map(exportCellsOf));
    }
  });
});
