import { testEditorMessages, testMessages } from '@assess/contracts/tests';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { as } from '../../../test/given';
import { privileges, rolePrivileges, tests, users } from '../../db/schema';
import { config, create, erp, info, partner, stored, t, useTestEditorApp } from './test-editor.test-support';

useTestEditorApp();

describe('update (Information + Configuration)', () => {
  it('saves both steps and answers the next version; a stale version gets 409 and writes nothing', async () => {
    const test = await create();
    const body = { ...info({ code: test.code, name: test.name }), ...config, version: test.version };
    const first = await erp.put(`/api/tests/${test.testId}`, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().version).toBe(test.version + 1);
    expect(first.json().message).toBe('Details saved successfully');
    const second = await erp.put(`/api/tests/${test.testId}`, { ...body, duration: 90 });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(testMessages.conflict);
    expect((await stored(test.testId)).duration).toBe(60);
  });

  it('enforces the configuration rules of §5', async () => {
    const test = await create();
    const base = { code: test.code, name: test.name, ...config, version: test.version };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ duration: 0 }, 'duration', testMessages.durationRange],
      [{ duration: 361 }, 'duration', testMessages.durationRange],
      [{ masteryScore: 2 }, 'masteryScore', testEditorMessages.masteryAbovePassing],
      [{ passingScore: null, masteryScore: 3 }, 'masteryScore', testEditorMessages.masteryNeedsPassing],
      [{ attemptsAllowed: 0 }, 'attemptsAllowed', testEditorMessages.attempts],
      [{ questionsPerPage: 21 }, 'questionsPerPage', testEditorMessages.questionsPerPage],
      [{ negativePointsPerQuestion: 1 }, 'negativePointsPerQuestion', testEditorMessages.negativePoints],
      [{ pointsPerQuestion: 0 }, 'pointsPerQuestion', testEditorMessages.positive],
    ];
    for (const [change, field, message] of cases) {
      const res = await erp.put(`/api/tests/${test.testId}`, { ...base, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().fields[field], JSON.stringify(change)).toContain(message);
    }
    expect((await stored(test.testId)).version).toBe(test.version);
  });

  it('a field whose configuration privilege the caller lacks cannot change', async () => {
    const test = await create();
    const base = { code: test.code, name: test.name, ...config, version: test.version };
    await t.deps.db.execute(sql`
      delete from ${rolePrivileges} rp using ${privileges} p
      where rp.privilege_id = p.privilege_id and p.area = 'Test' and p.name in ('AttemptsAllowed', 'ShowHint')`);
    const restricted = await as(t, 'erp@example.com');
    const refused = await restricted.put(`/api/tests/${test.testId}`, {
      ...base,
      attemptsAllowed: 3,
      showHint: true,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(`${testEditorMessages.privilegeRequired} AttemptsAllowed, ShowHint`);
    expect((await stored(test.testId)).attemptsAllowed).toBe(1);
    // the stored values may be sent back unchanged
    const ok = await restricted.put(`/api/tests/${test.testId}`, base);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("another provider's test id is refused in every route", async () => {
    const test = await create();
    const body = { code: 'X-1', name: 'Someone else', ...config, version: test.version };
    for (const res of [
      await partner.get(`/api/tests/${test.testId}`),
      await partner.put(`/api/tests/${test.testId}`, body),
      await partner.put(`/api/tests/${test.testId}/activate`),
      await partner.put(`/api/tests/${test.testId}/publish`),
      await partner.get(`/api/tests/${test.testId}/preview`),
      await partner.get(`/api/tests/${test.testId}/readiness`),
    ])
      expect(res.statusCode).toBe(404);
    expect((await stored(test.testId)).name).toBe(test.name);
  });

  it('ids of 2^31 and above are refused with 400, never a 500 (issue 27)', async () => {
    for (const url of ['/api/tests/2147483648', '/api/tests/2147483648/preview', '/api/tests/99999999999'])
      expect((await erp.get(url)).statusCode, url).toBe(400);
    expect((await erp.get('/api/tests/2147483647')).statusCode).toBe(404);
  });

  it('a test locked by another user is read-only', async () => {
    const test = await create();
    const [curator] = await t.deps.db.select().from(users).where(eq(users.userName, 'curator@example.com'));
    await t.deps.db
      .update(tests)
      .set({ isLocked: true, lockedBy: curator.userId })
      .where(eq(tests.testId, test.testId));
    const res = await erp.put(`/api/tests/${test.testId}`, {
      code: test.code,
      name: test.name,
      ...config,
      version: test.version,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(testMessages.locked);
    expect((await erp.get(`/api/tests/${test.testId}`)).json().readOnlyReason).toBe(testMessages.locked);
  });
});
