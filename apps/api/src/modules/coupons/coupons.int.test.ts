import { couponListSchema, couponMessages as m } from '@assess/contracts/coupons';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testClock } from '../../../test/harness';
import { coupons, courses, users } from '../../db/schema';

// 19:00 UTC on 9 March is 00:30 on 10 March in India: "today" for the owner is 2026-03-10.
const clock = testClock(new Date('2026-03-09T19:00:00Z'));
let t: TestApp;
let owner: string;
let series: { courseId: number; text: string }[];
let erpSeriesId: number;

const req = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const body = (over: Record<string, unknown> = {}) => ({
  couponCodeText: 'SPRING15',
  discountPercentage: 15,
  resourceId: series[0].courseId,
  validFrom: '2026-03-10',
  validTo: '2026-03-31',
  ...over,
});
async function couponCount() {
  const [r] = await t.deps.db.select({ n: count() }).from(coupons);
  return r.n;
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  owner = await t.signIn('owner@example.com');
  series = (await req('GET', '/api/coupons/test-series', owner)).json();
  const [erpUser] = await t.deps.db.select().from(users).where(eq(users.userName, 'erp@example.com'));
  const [erpSeries] = await t.deps.db
    .select()
    .from(courses)
    .where(eq(courses.providerId, erpUser.providerId));
  erpSeriesId = erpSeries.courseId;
});
afterAll(() => t.close());

describe('GET /api/coupons', () => {
  it("lists the owner's two demo coupons, newest first, with the grid's columns", async () => {
    const res = await req('GET', '/api/coupons', owner);
    expect(res.statusCode).toBe(200);
    const list = couponListSchema.parse(res.json());
    expect(list.totalCount).toBe(2);
    expect(list.items.map((c) => c.couponCodeText)).toEqual(['FESTIVE25', 'WELCOME10']);
    expect(list.items[1]).toMatchObject({
      createdByName: 'Platform Owner',
      providerName: 'Platform Owner',
      courseName: 'Pick Your Test: JEE Advanced',
      discountPercentage: 10,
      resourceTypeId: 3,
      isActive: true,
    });
    expect(list.items[1].validFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(list.items[0].isActive).toBe(false);
  });

  it('is for the Coupon privileges only (the platform owner): 401 / 403 for others', async () => {
    expect((await req('GET', '/api/coupons')).statusCode).toBe(401);
    for (const who of ['erp@example.com', 'olivia.fernandes@example.com', 'student@example.com']) {
      const cookie = await t.signIn(who);
      expect((await req('GET', '/api/coupons', cookie)).statusCode).toBe(403);
      expect((await req('POST', '/api/coupons', cookie, body())).statusCode).toBe(403);
    }
  });

  it("offers the owner's own active test series", async () => {
    expect(series.map((s) => s.text)).toEqual(['College Predictor Premium', 'Pick Your Test: JEE Advanced']);
    expect(series.map((s) => s.courseId)).not.toContain(erpSeriesId);
    expect(series[0]).toMatchObject({ price: 499 });
  });
});

describe('POST /api/coupons', () => {
  it("creates a coupon: 'Coupon created Successfully'", async () => {
    const res = await req('POST', '/api/coupons', owner, body());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: 'Coupon created Successfully' });
    const [row] = await t.deps.db.select().from(coupons).where(eq(coupons.id, res.json().id));
    expect(row).toMatchObject({
      couponCodeText: 'SPRING15',
      discountPercentage: 15,
      validFrom: '2026-03-10',
      validTo: '2026-03-31',
      resourceTypeId: 3,
      isActive: true,
    });
    const list = couponListSchema.parse((await req('GET', '/api/coupons', owner)).json());
    expect(list.items[0]).toMatchObject({ couponCodeText: 'SPRING15', courseName: series[0].text });
  });

  it.each([
    [{ couponCodeText: 'AB' }, m.codeLength],
    [{ couponCodeText: 'X'.repeat(26) }, m.codeLength],
    [{ couponCodeText: '' }, m.fillRequired],
    [{ discountPercentage: 0 }, m.discount],
    [{ discountPercentage: 101 }, m.discount],
    [{ discountPercentage: 12.5 }, m.discount],
    [{ discountPercentage: '' }, m.fillRequired],
    [{ resourceId: '' }, m.fillRequired],
    [{ validFrom: '' }, m.fillRequired],
    [{ validFrom: '2026-02-30' }, m.dateInvalid],
    [{ validTo: '2026-03-09' }, m.validOrder],
    [{ validFrom: '2026-03-09' }, m.validFromPast],
  ])('refuses %j with its message, nothing written', async (over, message) => {
    const before = await couponCount();
    const res = await req('POST', '/api/coupons', owner, body({ couponCodeText: 'RULES1', ...over }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await couponCount()).toBe(before);
  });

  it("counts 'today' in the provider's time zone (India), not the server's (UTC)", async () => {
    // the server's UTC day is still the 9th, India's is the 10th
    const ok = await req(
      'POST',
      '/api/coupons',
      owner,
      body({ couponCodeText: 'TODAY1', validTo: '2026-03-10' }),
    );
    expect(ok.statusCode).toBe(201);
  });

  it('a code is unique per provider, whatever the case', async () => {
    const before = await couponCount();
    const res = await req('POST', '/api/coupons', owner, body({ couponCodeText: 'welcome10' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(m.codeExists);
    expect(await couponCount()).toBe(before);
  });

  it("refuses another provider's test series: 404, nothing written", async () => {
    const before = await couponCount();
    const res = await req(
      'POST',
      '/api/coupons',
      owner,
      body({ couponCodeText: 'STEAL1', resourceId: erpSeriesId }),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(m.seriesNotFound);
    expect(await couponCount()).toBe(before);
  });

  it('takes the provider from the session: a providerId in the body is refused', async () => {
    const res = await req('POST', '/api/coupons', owner, {
      ...body({ couponCodeText: 'OTHER1' }),
      providerId: 5,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('PUT /api/coupons/:couponId and the active switch', () => {
  let id: number;
  beforeAll(async () => {
    id = (await req('POST', '/api/coupons', owner, body({ couponCodeText: 'EDIT01' }))).json().id;
  });

  it("updates a coupon: 'Coupon updated Successfully'", async () => {
    const res = await req(
      'PUT',
      `/api/coupons/${id}`,
      owner,
      body({ couponCodeText: 'EDIT02', discountPercentage: 100, resourceId: series[1].courseId }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, message: m.updated });
    const [row] = await t.deps.db.select().from(coupons).where(eq(coupons.id, id));
    expect(row).toMatchObject({
      couponCodeText: 'EDIT02',
      discountPercentage: 100,
      resourceId: series[1].courseId,
    });
  });

  it('a running coupon keeps its past start date; a changed date must not be in the past', async () => {
    await t.deps.db.update(coupons).set({ validFrom: '2026-03-01' }).where(eq(coupons.id, id));
    const keep = await req(
      'PUT',
      `/api/coupons/${id}`,
      owner,
      body({ couponCodeText: 'EDIT02', validFrom: '2026-03-01' }),
    );
    expect(keep.statusCode).toBe(200);
    const move = await req(
      'PUT',
      `/api/coupons/${id}`,
      owner,
      body({ couponCodeText: 'EDIT02', validFrom: '2026-03-02' }),
    );
    expect(move.statusCode).toBe(400);
    expect(move.json()).toMatchObject({ message: m.validFromPast, fields: { validFrom: [m.validFromPast] } });
  });

  it('refuses a code another coupon of the provider has', async () => {
    const res = await req('PUT', `/api/coupons/${id}`, owner, body({ couponCodeText: 'Festive25' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(m.codeExists);
  });

  it('switches a coupon off and on', async () => {
    const off = await req('POST', `/api/coupons/${id}/activate`, owner, { isActive: false });
    expect(off.json()).toEqual({ message: m.deactivated });
    expect((await t.deps.db.select().from(coupons).where(eq(coupons.id, id)))[0].isActive).toBe(false);
    const on = await req('POST', `/api/coupons/${id}/activate`, owner, { isActive: true });
    expect(on.json()).toEqual({ message: m.activated });
    expect((await t.deps.db.select().from(coupons).where(eq(coupons.id, id)))[0].isActive).toBe(true);
    expect((await req('POST', `/api/coupons/${id}/activate`, owner, { isActive: 'yes' })).statusCode).toBe(
      400,
    );
  });

  it("another provider's coupon is not found and not changed", async () => {
    const [erpUser] = await t.deps.db.select().from(users).where(eq(users.userName, 'erp@example.com'));
    const [theirs] = await t.deps.db
      .insert(coupons)
      .values({
        providerId: erpUser.providerId,
        couponCodeText: 'ERPONLY',
        resourceId: erpSeriesId,
        discountPercentage: 5,
        validFrom: '2026-03-10',
        validTo: '2026-04-10',
      })
      .returning();
    const put = await req('PUT', `/api/coupons/${theirs.id}`, owner, body({ couponCodeText: 'MINE01' }));
    expect(put.statusCode).toBe(404);
    expect(put.json().message).toBe(m.couponNotFound);
    expect(
      (await req('POST', `/api/coupons/${theirs.id}/activate`, owner, { isActive: false })).statusCode,
    ).toBe(404);
    const [row] = await t.deps.db.select().from(coupons).where(eq(coupons.id, theirs.id));
    expect(row).toMatchObject({ couponCodeText: 'ERPONLY', isActive: true });
    const list = couponListSchema.parse((await req('GET', '/api/coupons?pageSize=100', owner)).json());
    expect(list.items.map((c) => c.id)).not.toContain(theirs.id);
  });
});
