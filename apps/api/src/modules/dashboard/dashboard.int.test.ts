import { type Dashboard, dashboardSchema } from '@assess/contracts/dashboard';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testClock } from '../../../test/harness';
import {
  configurationValues,
  interests,
  notifications,
  studentEducation,
  studentInterests,
  studentProfiles,
  users,
} from '../../db/schema';

const clock = testClock(new Date('2026-03-10T10:00:00Z'));
let t: TestApp;
let subscriberId: number;

async function fetchDashboard(email: string) {
  const cookie = await t.signIn(email);
  const res = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: { cookie } });
  return res;
}
const widget = (d: Dashboard, id: string) => d.widgets.find((w) => w.id === id);
const countOf = (d: Dashboard, id: 'questions' | 'students' | 'interests') => {
  const w = widget(d, id);
  return w?.kind === 'count' ? w.count : undefined;
};

beforeAll(async () => {
  t = await createTestApp({ clock });
  const [sub] = await t.deps.db
    .select({ id: users.providerId })
    .from(users)
    .where(eq(users.userName, 'subscriber@example.com'));
  subscriberId = sub.id;
  const db = t.deps.db;
  const value = async (key: string, v: string) => {
    const [row] = await db
      .select({ id: configurationValues.id })
      .from(configurationValues)
      .where(
        and(
          eq(configurationValues.providerId, subscriberId),
          eq(configurationValues.key, key),
          eq(configurationValues.valueString, v),
        ),
      );
    return row.id;
  };
  const interest = async (v: string) => {
    const [row] = await db
      .select({ id: interests.interestId })
      .from(interests)
      .where(and(eq(interests.providerId, subscriberId), eq(interests.interests, v)));
    return row.id;
  };
  // Five students: classes 10,10,12,9,10; cities Pune x3, Mumbai x2; states Maharashtra x4, Gujarat x1.
  const plan = [
    ['10', 'Pune', 'Maharashtra', ['Science', 'Music']],
    ['10', 'Pune', 'Maharashtra', ['Science']],
    ['12', 'Mumbai', 'Maharashtra', ['Arts']],
    ['9', 'Pune', 'Gujarat', ['Science', 'Arts']],
    ['10', 'Mumbai', 'Maharashtra', []],
  ] as const;
  for (const [i, [cls, city, state, ints]] of plan.entries()) {
    const [u] = await db
      .insert(users)
      .values({
        providerId: subscriberId,
        userTypeId: 4,
        userName: `dash${i}@example.com`,
        email: `dash${i}@example.com`,
        mobile: `912340010${i}`,
        passwordHash: 'x',
        isActive: i !== 4,
      })
      .returning({ id: users.userId });
    await db.insert(studentProfiles).values({
      userId: u.id,
      providerId: subscriberId,
      city: await value('City', city),
      state: await value('State', state),
    });
    await db.insert(studentEducation).values({ userId: u.id, class: await value('Class', cls) });
    for (const name of ints)
      await db.insert(studentInterests).values({ userId: u.id, interestId: await interest(name) });
  }
  const now = clock().getTime();
  await db.insert(notifications).values([
    { providerId: subscriberId, sendDateTime: new Date(now + 3_600_000), title: 'later', body: 'b' },
    { providerId: subscriberId, sendDateTime: new Date(now), title: 'now', body: 'b' },
    { providerId: subscriberId, sendDateTime: new Date(now - 1), title: 'past', body: 'b' },
  ]);
});
afterAll(() => t.close());

describe('GET /api/dashboard', () => {
  it("counts the provider's students, active interests and messages, and draws the four charts", async () => {
    const res = await fetchDashboard('subscriber@example.com');
    expect(res.statusCode).toBe(200);
    const d = dashboardSchema.parse(res.json());
    expect(d.updatedAt).toBe(clock().toISOString());
    // Silver package: no Test Series card (part 3 §2: packages 3 and 4 only)
    expect(d.widgets.map((w) => w.id)).toEqual([
      'tests',
      'questions',
      'students',
      'interests',
      'messages',
      'classWise',
      'cityWise',
      'stateWise',
      'topInterest',
      'trendingSeries',
    ]);
    expect(countOf(d, 'questions')).toBe(0);
    expect(countOf(d, 'students')).toBe(5);
    expect(countOf(d, 'interests')).toBe(12);
    // scheduled = send time now or later, delivered = before now
    expect(widget(d, 'messages')).toMatchObject({ scheduledCount: 2, deliveredCount: 1 });
    // classes keep their list order (9, 10, 12); the others put the largest counts first
    expect(widget(d, 'classWise')).toMatchObject({ lable: ['9', '10', '12'], values: [1, 3, 1] });
    expect(widget(d, 'cityWise')).toMatchObject({ lable: ['Pune', 'Mumbai'], values: [3, 2] });
    expect(widget(d, 'stateWise')).toMatchObject({ lable: ['Maharashtra', 'Gujarat'], values: [4, 1] });
    expect(widget(d, 'topInterest')).toMatchObject({
      lable: ['Science', 'Arts', 'Music'],
      values: [3, 2, 1],
    });
  });

  it('the answer is shared for 30 s, then computed again: an inactive interest leaves the interests card', async () => {
    await t.deps.db
      .update(interests)
      .set({ isActive: false })
      .where(and(eq(interests.providerId, subscriberId), eq(interests.interests, 'Law')));
    const cached = dashboardSchema.parse((await fetchDashboard('subscriber@example.com')).json());
    expect(countOf(cached, 'interests')).toBe(12);
    clock.advance(30_000);
    const d = dashboardSchema.parse((await fetchDashboard('subscriber@example.com')).json());
    expect(countOf(d, 'interests')).toBe(11);
    expect(d.updatedAt).toBe(clock().toISOString());
  });

  it("another provider's dashboard does not count these students or messages", async () => {
    const d = dashboardSchema.parse((await fetchDashboard('quick@example.com')).json());
    // only its own three demo students (db/seed/demo-quick-tests.ts), none of the subscriber's
    expect(countOf(d, 'students')).toBe(3);
    expect(widget(d, 'messages')).toMatchObject({ scheduledCount: 0, deliveredCount: 0 });
    for (const id of ['classWise', 'cityWise', 'stateWise', 'topInterest'] as const) {
      expect(widget(d, id)).toMatchObject({ lable: [], values: [] });
    }
  });

  it('widgets follow the privileges: a content publisher (no Student, Message or configuration area) gets only its tests, questions and trending series', async () => {
    const d = dashboardSchema.parse((await fetchDashboard('partner@example.com')).json());
    expect(d.widgets).toEqual([
      { id: 'tests', kind: 'count', count: 0 },
      { id: 'questions', kind: 'count', count: 10 },
      { id: 'trendingSeries', kind: 'table', rows: [] },
    ]);
    const ro = dashboardSchema.parse((await fetchDashboard('readonly@example.com')).json());
    // Platinum: Test Series and Tests cards too; no TrendingTestSeries privilege, no table
    expect(ro.widgets.map((w) => w.id).slice(0, 4)).toEqual(['testSeries', 'tests', 'questions', 'students']);
    expect(ro.widgets).toHaveLength(10);
    // Part 3 §2 card 3: the provider's questions, every status (the demo ERP bank has 61).
    expect(countOf(ro, 'questions')).toBe(61);
    // Role 7 (aggregator) gets Provision Licenses in that place, not questions.
    const agg = dashboardSchema.parse((await fetchDashboard('aggregator@example.com')).json());
    expect(widget(agg, 'questions')).toBeUndefined();
  });

  it('is refused to students and to nobody signed in', async () => {
    expect((await fetchDashboard('student@example.com')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
  });
});
