import { emptyImportOptions, studentImportMessages as m } from '@assess/contracts/student-import';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import {
  check,
  count,
  erp,
  erpProviderId,
  finished,
  q,
  sheet,
  start,
  status,
  student,
  t,
  useStudentImportApp,
} from './student-import.test-support';

useStudentImportApp();

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
