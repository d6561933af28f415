import { exportCellsOf, exportColumns } from '@assess/contracts/student-import';
import { type StudentRow, studentListSchema } from '@assess/contracts/students';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { count, erp, erpProviderId, opts, q, t, useStudentImportApp } from './student-import.test-support';

useStudentImportApp();

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
