import { studentImportMessages as m } from '@assess/contracts/student-import';
import { describe, expect, it } from 'vitest';
import {
  check,
  count,
  erp,
  erpProviderId,
  finished,
  opts,
  q,
  sheet,
  start,
  student,
  useStudentImportApp,
} from './student-import.test-support';

useStudentImportApp();

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
