import { licenceMessages } from '@assess/contracts/access';
import { seriesEditorMessages as m } from '@assess/contracts/series';
import { TestStatus } from '@assess/contracts/tests';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courses } from '../../db/schema';
import {
  countSeries,
  create,
  demo,
  erp,
  form,
  ids,
  mapped,
  partner,
  stored,
  t,
  useSeriesEditorApp,
  withLimit,
} from './series-editor.test-support';

useSeriesEditorApp();

describe('Information step: create', () => {
  it('creates a draft (status 1, inactive) with the spec message; the code is trimmed', async () => {
    const s = await create(erp, form({ code: '  SER-TRIM  ' }));
    expect(s.status).toBe(1);
    const row = await stored(s.courseId);
    expect(row).toMatchObject({ code: 'SER-TRIM', status: 1, isActive: false, providerId: ids.erp });
    expect(row.price).toBe('499.50');
    const detail = (await erp.get(`/api/series/${s.courseId}`)).json();
    expect(detail).toMatchObject({ code: 'SER-TRIM', price: 499.5, duration: 30, readOnlyReason: null });
    expect(detail.expiryDate).toBe('2099-12-31');
  });

  it("answers 'Test series details saved successfully.'", async () => {
    const res = await erp.post('/api/series', form());
    expect(res.json().message).toBe('Test series details saved successfully.');
  });

  it("a non-draft save needs a test: 'Please select test(s)'", async () => {
    const before = await countSeries(ids.erp);
    const res = await erp.post('/api/series', form({ draft: false }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please select test(s)');
    expect(await countSeries(ids.erp)).toBe(before);
  });

  it('code and name: at least 3 characters, code at most 20', async () => {
    for (const [body, field, message] of [
      [form({ code: 'AB' }), 'code', m.codeLength],
      [form({ code: ' AB ' }), 'code', m.codeLength],
      [form({ code: 'X'.repeat(21) }), 'code', m.codeLength],
      [form({ name: 'AB' }), 'name', m.nameLength],
    ] as const) {
      const res = await erp.post('/api/series', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[field]).toContain(message);
    }
    expect((await erp.post('/api/series', form({ code: 'X'.repeat(20) }))).statusCode).toBe(201);
  });

  it('code and name are unique in the provider (case-insensitive), live checks included', async () => {
    const s = await create();
    const code = await erp.post('/api/series', form({ code: s.code.toLowerCase() }));
    expect(code.statusCode).toBe(400);
    expect(code.json().message).toBe('Course code already present');
    const name = await erp.post('/api/series', form({ name: s.name.toUpperCase() }));
    expect(name.statusCode).toBe(400);
    expect(name.json().message).toBe('Course name already present');
    expect((await erp.get(`/api/series/code-exists?value=${s.code}`)).json()).toEqual({ exists: true });
    expect((await erp.get(`/api/series/code-exists?value=${s.code}&courseId=${s.courseId}`)).json()).toEqual({
      exists: false,
    });
    expect((await erp.get(`/api/series/name-exists?value=${encodeURIComponent(s.name)}`)).json()).toEqual({
      exists: true,
    });
    // another provider may use the same code
    expect((await partner.post('/api/series', { ...form(), code: s.code })).statusCode).toBe(201);
  });

  it('the TestSeries package limit is counted on the server (consumed + 1 > limit is blocked)', async () => {
    const current = await countSeries(ids.erp);
    await withLimit({ TestSeries: current }, async () => {
      const res = await erp.post('/api/series', form());
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        `Your current package allows up to ${current} test series.Please upgrade to higher package to create additional test series.`,
      );
      expect(res.json().message).toBe(licenceMessages.TestSeries.replace('{n}', String(current)));
      expect(await countSeries(ids.erp)).toBe(current);
    });
    await withLimit({ TestSeries: current + 1 }, async () => {
      expect((await erp.post('/api/series', form())).statusCode).toBe(201);
    });
  });

  it("refuses another provider's topics or objective", async () => {
    const res = await erp.post('/api/series', form({ topicIds: [999_999] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(m.invalidTopic);
    const obj = await erp.post('/api/series', form({ objective: [999_999] }));
    expect(obj.json().message).toBe(m.invalidObjective);
  });
});

describe('Save, Save as Draft, concurrency', () => {
  it('Save needs a test; then the series is Ready and active; a saved series keeps its last test', async () => {
    const s = await create();
    const body = { ...form(), code: s.code, name: s.name, draft: false, version: s.version };
    const empty = await erp.put(`/api/series/${s.courseId}`, body);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Please select test(s)');
    await erp.post(`/api/series/${s.courseId}/tests`, { testIds: [demo['DEMO-PUB']] });
    const saved = await erp.put(`/api/series/${s.courseId}`, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ status: 2, message: 'Test series details saved successfully.' });
    expect(await stored(s.courseId)).toMatchObject({ status: 2, isActive: true, version: s.version + 1 });
    const last = await erp.delete(`/api/series/${s.courseId}/tests/${demo['DEMO-PUB']}`);
    expect(last.statusCode).toBe(400);
    expect(last.json().message).toBe('Please select test(s)');
    expect(await mapped(s.courseId)).toEqual([demo['DEMO-PUB']]);
    // Save as Draft
    const draft = await erp.put(`/api/series/${s.courseId}`, {
      ...body,
      draft: true,
      version: saved.json().version,
    });
    expect(draft.json().status).toBe(1);
  });

  it('a stale version is refused with 409 and nothing is written', async () => {
    const s = await create();
    const body = { ...form(), code: s.code, draft: true, version: s.version };
    expect((await erp.put(`/api/series/${s.courseId}`, { ...body, name: 'First writer' })).statusCode).toBe(
      200,
    );
    const stale = await erp.put(`/api/series/${s.courseId}`, { ...body, name: 'Second writer' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(m.conflict);
    expect((await stored(s.courseId)).text).toBe('First writer');
  });

  it('updates check uniqueness against the other series only', async () => {
    const a = await create();
    const b = await create();
    const res = await erp.put(`/api/series/${b.courseId}`, {
      ...form(),
      code: a.code,
      name: b.name,
      version: b.version,
    });
    expect(res.json().message).toBe('Course code already present');
    const own = await erp.put(`/api/series/${b.courseId}`, {
      ...form(),
      code: b.code,
      name: b.name,
      version: b.version,
    });
    expect(own.statusCode).toBe(200);
  });
});

describe('read-only and tenant boundary', () => {
  it('a published series or one in progress (scheduleStatus 5) is read-only, and the server refuses changes', async () => {
    for (const [change, reason] of [
      [{ status: TestStatus.Published }, m.published],
      [{ scheduleStatus: 5 }, m.inProgress],
    ] as const) {
      const s = await create();
      await erp.post(`/api/series/${s.courseId}/tests`, { testIds: [demo['DEMO-READY']] });
      await t.deps.db.update(courses).set(change).where(eq(courses.courseId, s.courseId));
      expect((await erp.get(`/api/series/${s.courseId}`)).json().readOnlyReason).toBe(reason);
      for (const res of [
        await erp.put(`/api/series/${s.courseId}`, { ...form(), code: s.code, version: s.version }),
        await erp.post(`/api/series/${s.courseId}/tests`, { testIds: [demo['DEMO-PUB']] }),
        await erp.delete(`/api/series/${s.courseId}/tests/${demo['DEMO-READY']}`),
        await erp.put(`/api/series/${s.courseId}/tests/${demo['DEMO-READY']}/subscription`, {
          testSubscriptionStatus: 2,
        }),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(reason);
      }
      expect(await mapped(s.courseId)).toEqual([demo['DEMO-READY']]);
      expect((await stored(s.courseId)).version).toBe(s.version);
    }
  });

  it("another provider's series is refused in every route", async () => {
    const s = await create();
    await erp.post(`/api/series/${s.courseId}/tests`, { testIds: [demo['DEMO-READY']] });
    for (const res of [
      await partner.get(`/api/series/${s.courseId}`),
      await partner.put(`/api/series/${s.courseId}`, { ...form(), version: s.version }),
      await partner.post(`/api/series/${s.courseId}/tests`, { testIds: [demo['DEMO-PUB']] }),
      await partner.delete(`/api/series/${s.courseId}/tests/${demo['DEMO-READY']}`),
      await partner.put(`/api/series/${s.courseId}/tests/${demo['DEMO-READY']}/subscription`, {
        testSubscriptionStatus: 2,
      }),
      await partner.post('/api/series/tests-for-topics', { courseId: s.courseId }),
    ])
      expect(res.statusCode).toBe(404);
    expect(await mapped(s.courseId)).toEqual([demo['DEMO-READY']]);
    expect((await stored(s.courseId)).text).toBe(s.name);
    // another provider's tests are not offered to it
    const offered = (await partner.post('/api/series/tests-for-topics', {})).json();
    expect(offered.map((o: { testId: number }) => o.testId)).not.toContain(demo['DEMO-READY']);
  });
});
