import { assignmentMessages as m } from '@assess/contracts/assignment';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { letterTag } from '../../../test/given';
import { licencePackages, providers, tests, testUsers, users } from '../../db/schema';
import {
  DAY,
  erp,
  erpProvider,
  newStudents,
  newTest,
  req,
  t,
  useAssignmentApp,
} from './assignment.test-support';

useAssignmentApp();

/** The test's stored test_users rows. */
const mapped = (testId: number) => t.deps.db.select().from(testUsers).where(eq(testUsers.testId, testId));

describe('Test User Mapping', () => {
  it('pages and searches assigned and available students (name, user name, e-mail, mobile)', async () => {
    const testId = await newTest();
    const ids = await newStudents(25, 'pager');
    // the demo's pending students (none can be made through the API: a student registered there is active)
    const pending = (await req('GET', '/api/students?status=2&pageSize=100', erp)).json().items as {
      email: string;
    }[];
    expect(pending.length).toBeGreaterThan(0);
    const avail = (await req('GET', `/api/tests/${testId}/available-students?pageSize=10`, erp)).json();
    expect(avail.items).toHaveLength(10);
    const totalBefore = avail.totalCount as number;
    expect(totalBefore).toBeGreaterThanOrEqual(25);
    // pending (inactive) students are never offered
    for (const { email } of pending) {
      const pend = (
        await req('GET', `/api/tests/${testId}/available-students?search=${encodeURIComponent(email)}`, erp)
      ).json();
      expect(pend.totalCount, email).toBe(0);
    }
    const third = (
      await req('GET', `/api/tests/${testId}/available-students?pageSize=10&pageNumber=3&search=pager`, erp)
    ).json();
    expect(third).toMatchObject({ totalCount: 25 });
    expect(third.items).toHaveLength(5);

    const res = await req('POST', `/api/tests/${testId}/students`, erp, { userIds: ids.slice(0, 12) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: m.usersMapped, assigned: 12 });

    const page2 = (await req('GET', `/api/tests/${testId}/students?pageSize=10&pageNumber=2`, erp)).json();
    expect(page2).toMatchObject({ totalCount: 12, removeIssue: null });
    expect(page2.items).toHaveLength(2);
    const after = (await req('GET', `/api/tests/${testId}/available-students`, erp)).json();
    expect(after.totalCount).toBe(totalBefore - 12);

    for (const [term, n] of [
      [`pager Student ${letterTag(3)}`, 1],
      ['pager.011@', 0],
      ['pager.11@example', 1],
      ['PAGER.1', 3],
    ] as const) {
      const r = (
        await req('GET', `/api/tests/${testId}/students?search=${encodeURIComponent(term)}`, erp)
      ).json();
      expect(r.totalCount, term).toBe(n);
    }
    const [one] = await t.deps.db.select().from(users).where(eq(users.userId, ids[4]));
    const byMobile = (
      await req('GET', `/api/tests/${testId}/students?search=${one.mobile?.slice(-7)}`, erp)
    ).json();
    expect(byMobile.items.map((s: { userId: number }) => s.userId)).toEqual([ids[4]]);
    // % is taken literally
    expect((await req('GET', `/api/tests/${testId}/students?search=%25`, erp)).json().totalCount).toBe(0);
  });

  it('assigning the same students twice (two tabs) maps them once', async () => {
    const testId = await newTest();
    const ids = await newStudents(3, 'twice');
    const [a, b] = await Promise.all([
      req('POST', `/api/tests/${testId}/students`, erp, { userIds: ids }),
      req('POST', `/api/tests/${testId}/students`, erp, { userIds: [ids[0], ids[0], ids[1], ids[2]] }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().assigned + b.json().assigned).toBe(3);
    expect(await mapped(testId)).toHaveLength(3);
  });

  it('removing is refused at status 3 or more (server and the answer say so); allowed below', async () => {
    const ready = await newTest();
    const published = await newTest('published');
    const [s] = await newStudents(1, 'remover');
    for (const id of [ready, published])
      expect((await req('POST', `/api/tests/${id}/students`, erp, { userIds: [s] })).statusCode).toBe(200);
    const refused = await req('DELETE', `/api/tests/${published}/students/${s}`, erp);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(m.removeTestPublished);
    expect(await mapped(published)).toHaveLength(1);
    expect((await req('GET', `/api/tests/${published}/students`, erp)).json().removeIssue).toBe(
      m.removeTestPublished,
    );
    const ok = await req('DELETE', `/api/tests/${ready}/students/${s}`, erp);
    expect(ok.json()).toEqual({ message: m.removed });
    expect(await mapped(ready)).toHaveLength(0);
  });

  it('only the status counts (part 3 §4): a Ready test awaiting its assign time still lets students go; Scheduled does not', async () => {
    const ready = await newTest();
    const [s] = await newStudents(1, 'awaiting');
    const now = Date.now();
    // scheduled, the assign time still ahead: status Ready (2), scheduleStatus 3 (awaiting assignment)
    await t.deps.db
      .update(tests)
      .set({
        assignDate: new Date(now + 2 * DAY),
        scheduleDate: new Date(now + 3 * DAY),
        scheduleEndDate: new Date(now + 4 * DAY),
        scheduleStatus: 3,
      })
      .where(eq(tests.testId, ready));
    expect((await req('POST', `/api/tests/${ready}/students`, erp, { userIds: [s] })).statusCode).toBe(200);
    expect((await req('GET', `/api/tests/${ready}/students`, erp)).json().removeIssue).toBeNull();
    const ok = await req('DELETE', `/api/tests/${ready}/students/${s}`, erp);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await mapped(ready)).toHaveLength(0);
    // the assign time passed (before the status job ran): the clock makes it Scheduled (4), so refused
    await req('POST', `/api/tests/${ready}/students`, erp, { userIds: [s] });
    await t.deps.db
      .update(tests)
      .set({ assignDate: new Date(now - DAY) })
      .where(eq(tests.testId, ready));
    const refused = await req('DELETE', `/api/tests/${ready}/students/${s}`, erp);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(m.removeTestPublished);
    expect(await mapped(ready)).toHaveLength(1);
  });

  it('accommodation: extra attempts and minutes per student, bounded', async () => {
    const testId = await newTest();
    const [s] = await newStudents(1, 'accom');
    await req('POST', `/api/tests/${testId}/students`, erp, { userIds: [s] });
    const res = await req('PUT', `/api/tests/${testId}/students/${s}/accommodation`, erp, {
      extraAttempts: 2,
      extraMinutes: 30,
    });
    expect(res.json()).toEqual({ message: m.accommodationSaved });
    const [row] = await mapped(testId);
    expect(row).toMatchObject({ extraAttempts: 2, extraMinutes: 30 });
    const page = (await req('GET', `/api/tests/${testId}/students`, erp)).json();
    expect(page.items[0]).toMatchObject({ userId: s, extraAttempts: 2, extraMinutes: 30 });
    const bad = await req('PUT', `/api/tests/${testId}/students/${s}/accommodation`, erp, {
      extraAttempts: -1,
      extraMinutes: 30,
    });
    expect(bad.statusCode).toBe(400);
    const notMapped = await req('PUT', `/api/tests/${testId}/students/${s + 100000}/accommodation`, erp, {
      extraAttempts: 1,
      extraMinutes: 0,
    });
    expect(notMapped.statusCode).toBe(404);
  });

  it('the student licence: refused with the spec message, nothing written', async () => {
    const testId = await newTest();
    const ids = await newStudents(3, 'licence');
    const [p] = await t.deps.db
      .select({ packageId: providers.packageId })
      .from(providers)
      .where(eq(providers.providerId, erpProvider));
    const [pkg] = await t.deps.db
      .select()
      .from(licencePackages)
      .where(eq(licencePackages.packageId, p.packageId));
    // the limit is the distinct students already holding a mapping: one more cannot be assigned
    const holders = await t.deps.db.execute(
      `select count(*)::int as n from (select tu.user_id from test_users tu join tests t on t.test_id = tu.test_id where t.provider_id = ${erpProvider} union select cu.user_id from course_users cu join courses c on c.course_id = cu.course_id where c.provider_id = ${erpProvider}) s`,
    );
    const n = ((holders as { rows?: { n: number }[] }).rows ?? (holders as unknown as { n: number }[]))[0].n;
    await t.deps.db
      .update(licencePackages)
      .set({ limits: { ...pkg.limits, Students: n + 1 } })
      .where(eq(licencePackages.packageId, p.packageId));
    try {
      const limited = await t.signIn('erp@example.com');
      const refused = await req('POST', `/api/tests/${testId}/students`, limited, { userIds: ids });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(m.needLicence);
      expect(await mapped(testId)).toHaveLength(0);
      const one = await req('POST', `/api/tests/${testId}/students`, limited, { userIds: [ids[0]] });
      expect(one.statusCode).toBe(200);
    } finally {
      await t.deps.db
        .update(licencePackages)
        .set({ limits: pkg.limits })
        .where(eq(licencePackages.packageId, p.packageId));
    }
  });
});
