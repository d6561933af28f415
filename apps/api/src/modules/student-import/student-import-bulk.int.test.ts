import fs from 'node:fs';
import path from 'node:path';
import { exportCellsOf, exportColumns, studentImportMessages as m } from '@assess/contracts/student-import';
import { type StudentRow, studentListSchema } from '@assess/contracts/students';
import * as XLSX from '@e965/xlsx';
import { verify } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import {
  check,
  count,
  courseId,
  erp,
  erpProviderId,
  finished,
  fixtures,
  opts,
  q,
  start,
  status,
  t,
  useStudentImportApp,
} from './student-import.test-support';

useStudentImportApp();

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

// Reads the students the fixture import above made (Aarav Sharma): it runs after it, in this file.
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
