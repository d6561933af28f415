import { Role, UserType } from '@assess/contracts/access';
import {
  type AllocationRow,
  licenceProvisionMessages as m,
  providerMessages,
} from '@assess/contracts/providers';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requester, wizardBody } from '../../../test/given';
import { createTestApp, type TestApp } from '../../../test/harness';
import {
  courses,
  courseUsers,
  providerResourceMappings as prm,
  providers,
  userRoles,
  users,
} from '../../db/schema';
import { hashPassword } from '../../platform/auth/passwords';

let t: TestApp;
let req: ReturnType<typeof requester>;
let owner: string;
let aggregator: string;
const ids: Record<string, number> = {};
const series: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  req = requester(t);
  owner = await t.signIn('owner@example.com');
  aggregator = await t.signIn('aggregator@example.com');
  for (const row of await t.deps.db.select().from(providers))
    ids[row.providerKey ?? row.name] = row.providerId;
  for (const c of await t.deps.db.select().from(courses)) series[c.code] = c.courseId;
});
afterAll(() => t.close());

const jee = () => series['CP-JEE-ADV'];
const held = async (providerId: number) =>
  Object.fromEntries(
    (await t.deps.db.select().from(prm).where(eq(prm.providerId, providerId))).map((r) => [
      r.resourceId,
      r.studentsCount,
    ]),
  );
const rowOf = (rows: AllocationRow[], resourceId: number) => rows.find((r) => r.resourceId === resourceId);
const save = (
  cookie: string,
  providerId: number,
  mappings: { resourceId: number; studentsCount: number }[],
) => req(cookie, 'PUT', `/api/licences/providers/${providerId}`, { mappings });

/** A new subscriber of the demo aggregator (through the wizard). */
async function newSubscriber() {
  const body = wizardBody({ providerTypeId: 3, contentCuratorIds: [ids['demo-partner']] });
  const res = await req(aggregator, 'POST', '/api/providers', body);
  expect(res.statusCode).toBe(201);
  return res.json().providerId as number;
}

describe('provisioning from the aggregator pool', () => {
  it('lists the pool series with what is available and what the subscriber holds', async () => {
    const res = await req(aggregator, 'GET', `/api/licences/providers/${ids['demo-child']}`);
    expect(res.statusCode).toBe(200);
    const a = res.json();
    expect(a).toMatchObject({ mode: 'provision', providerName: 'Demo Aggregator Subscriber' });
    expect(a.rows).toHaveLength(3);
    expect(rowOf(a.rows, jee())).toEqual({
      resourceId: jee(),
      contentPartnerId: ids['demo-partner'],
      contentPartnerName: 'Demo Content Partner',
      courseCode: 'CP-JEE-ADV',
      courseName: 'JEE Advanced Practice Series',
      licenseStudentsCount: 80,
      procureStudentsCount: 20,
      assignedStudentsCount: 0,
    });
    expect(rowOf(a.rows, series['CP-BANK-APT'])).toMatchObject({
      licenseStudentsCount: 30,
      procureStudentsCount: 0,
    });
  });

  it("provisions within the pool: 'Changes added successfully.', and the pool shrinks", async () => {
    const child = ids['demo-child'];
    const res = await save(aggregator, child, [{ resourceId: jee(), studentsCount: 30 }]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: m.saved });
    expect((await held(child))[jee()]).toBe(30);
    const a = (await req(aggregator, 'GET', `/api/licences/providers/${child}`)).json();
    expect(rowOf(a.rows, jee())?.licenseStudentsCount).toBe(70);
  });

  it('refuses more than the pool has, negative and huge counts, and series not in the pool; nothing is written', async () => {
    const child = ids['demo-child'];
    const before = await held(child);
    const over = await save(aggregator, child, [
      { resourceId: series['CP-NEET-BIO'], studentsCount: 12 },
      { resourceId: jee(), studentsCount: 101 },
    ]);
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('Only 70 more licences are available for JEE Advanced Practice Series.');
    for (const count of [-5, 10 ** 12, 2.5]) {
      const bad = await save(aggregator, child, [{ resourceId: jee(), studentsCount: count }]);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toEqual({ 'mappings.0.studentsCount': [m.countRange] });
    }
    const erpSeries = series['JEE-M'];
    const foreign = await save(aggregator, child, [{ resourceId: erpSeries, studentsCount: 1 }]);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(m.seriesNotFound);
    const dup = await save(aggregator, child, [
      { resourceId: jee(), studentsCount: 1 },
      { resourceId: jee(), studentsCount: 2 },
    ]);
    expect(dup.json().fields).toEqual({ mappings: [m.duplicateSeries] });
    expect(await held(child)).toEqual(before);
  });

  it('never goes below the licences already assigned to students', async () => {
    const child = await newSubscriber();
    expect((await save(aggregator, child, [{ resourceId: jee(), studentsCount: 3 }])).statusCode).toBe(200);
    const learners = await t.deps.db
      .insert(users)
      .values(
        [1, 2].map((i) => ({
          providerId: child,
          userTypeId: UserType.Student,
          userName: `learner${i}.${child}@example.com`,
          passwordHash: 'x',
        })),
      )
      .returning({ userId: users.userId });
    await t.deps.db.insert(courseUsers).values(learners.map((u) => ({ courseId: jee(), userId: u.userId })));
    const res = await save(aggregator, child, [{ resourceId: jee(), studentsCount: 1 }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      '2 licences of JEE Advanced Practice Series are already in use; the count cannot be lower.',
    );
    expect((await held(child))[jee()]).toBe(3);
    expect((await save(aggregator, child, [{ resourceId: jee(), studentsCount: 2 }])).statusCode).toBe(200);
  });

  it("is refused for providers that are not the aggregator's subscribers", async () => {
    const erp = ids['demo-erp'];
    for (const res of [
      await req(aggregator, 'GET', `/api/licences/providers/${erp}`),
      await save(aggregator, erp, [{ resourceId: jee(), studentsCount: 1 }]),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(providerMessages.notFound);
    }
    expect(await held(erp)).toEqual({});
    const erpUser = await t.signIn('erp@example.com');
    expect((await req(erpUser, 'GET', '/api/licences/transactions')).statusCode).toBe(403);
    expect(
      (await save(erpUser, ids['demo-child'], [{ resourceId: jee(), studentsCount: 1 }])).statusCode,
    ).toBe(403);
  });

  it('two aggregator users saving from one pool at the same time cannot overdraw it', async () => {
    const bank = series['CP-BANK-APT'];
    const pool = (await held(ids['demo-aggregator']))[bank];
    const subscribers = await Promise.all([
      newSubscriber(),
      newSubscriber(),
      newSubscriber(),
      newSubscriber(),
    ]);
    // A second aggregator user of the same aggregator: two people provisioning from one pool at once.
    const [second] = await t.deps.db
      .insert(users)
      .values({
        providerId: ids['demo-aggregator'],
        userTypeId: UserType.ProviderUser,
        userName: 'second.aggregator@example.com',
        email: 'second.aggregator@example.com',
        passwordHash: await hashPassword('Second@123'),
      })
      .returning({ userId: users.userId });
    await t.deps.db.insert(userRoles).values({ userId: second.userId, roleId: Role.Aggregator });
    const other = await t.signIn('second.aggregator@example.com', 'Second@123');
    const share = Math.floor(pool / 2) + 1; // any two of these shares overdraw the pool
    const results = await Promise.all(
      subscribers.map((s, i) =>
        save(i % 2 ? other : aggregator, s, [{ resourceId: bank, studentsCount: share }]),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toMatch(
        /^Only \d+ more licences are available for Banking Aptitude Series\.$/,
      );
    }
    const given = await t.deps.db
      .select({ n: prm.studentsCount })
      .from(prm)
      .innerJoin(providers, eq(providers.providerId, prm.providerId))
      .where(and(eq(providers.parentProviderId, ids['demo-aggregator']), eq(prm.resourceId, bank)));
    expect(given.reduce((s, r) => s + r.n, 0)).toBeLessThanOrEqual(pool);
  });
});

describe('procurement by the platform owner', () => {
  it('sets an aggregator pool, never below what its subscribers hold', async () => {
    const agg = ids['demo-aggregator'];
    const a = (await req(owner, 'GET', `/api/licences/providers/${agg}`)).json();
    expect(a.mode).toBe('procure');
    expect(a.rows.map((r: AllocationRow) => r.courseCode).sort()).toEqual([
      'CP-BANK-APT',
      'CP-JEE-ADV',
      'CP-NEET-BIO',
    ]);
    const jeeRow = rowOf(a.rows, jee());
    expect(jeeRow?.procureStudentsCount).toBe(100);
    const inUse = jeeRow?.assignedStudentsCount ?? 0;
    expect(inUse).toBeGreaterThan(0);
    const low = await save(owner, agg, [{ resourceId: jee(), studentsCount: inUse - 1 }]);
    expect(low.statusCode).toBe(400);
    expect(low.json().message).toBe(
      `${inUse} licences of JEE Advanced Practice Series are already in use; the count cannot be lower.`,
    );
    expect((await save(owner, agg, [{ resourceId: jee(), studentsCount: 150 }])).statusCode).toBe(200);
    expect((await held(agg))[jee()]).toBe(150);
  });

  it('only views the licences of a subscriber (edit is for aggregators)', async () => {
    const child = ids['demo-child'];
    const a = (await req(owner, 'GET', `/api/licences/providers/${child}`)).json();
    expect(a.mode).toBe('view');
    expect(rowOf(a.rows, jee())?.procureStudentsCount).toBe(30);
    const res = await save(owner, child, [{ resourceId: jee(), studentsCount: 5 }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(m.wrongTarget);
  });
});

describe('aggregator transactions and summary', () => {
  it('groups content partner → test series → subscribers (name, studentCount, createdDate)', async () => {
    const tree = (await req(aggregator, 'GET', '/api/licences/transactions')).json();
    expect(tree[0].contentPartnerName).toBe('Demo Content Partner');
    const jeeNode = tree[0].courses.find((c: { courseId: number }) => c.courseId === jee());
    expect(jeeNode.name).toBe('JEE Advanced Practice Series');
    const child = jeeNode.subscribers.find((s: { name: string }) => s.name === 'Demo Aggregator Subscriber');
    expect(child).toMatchObject({ providerId: ids['demo-child'], studentCount: 30 });
    expect(new Date(child.createdDate).getTime()).toBeLessThan(Date.now());
    const subs = (await req(aggregator, 'GET', '/api/licences/subscribers')).json();
    expect(subs.map((s: { name: string }) => s.name)).toContain('Demo Aggregator Subscriber');
    const summary = (await req(aggregator, 'GET', '/api/licences/summary')).json();
    expect(summary.totalProvidersCount).toBe(subs.length);
    expect(summary.totalProductsCount).toBe(3);
    expect(summary.assignedLicensesCount).toBe(2);
    expect(summary.provisionedLicensesCount).toBeGreaterThan(40);
  });
});
