import type { PageQuery } from '@assess/contracts/common';
import { ResourceType } from '@assess/contracts/coupons';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { coupons, courses, providers, users } from '../../db/schema';
import { newRowAudit } from '../../platform/db/audit';
import type { Db } from '../../platform/db/client';
import { pageOf } from '../../platform/db/paging';

export type CouponValues = {
  couponCodeText: string;
  resourceId: number;
  discountPercentage: number;
  validFrom: string;
  validTo: string;
  isActive: boolean;
};

/** Coupons of a provider, with the names the grid shows (provider, course, creator). */
export function createCouponsRepository(db: Db) {
  const creatorName = sql<
    string | null
  >`coalesce(nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), ${users.userName})`;
  const rowColumns = {
    id: coupons.id,
    couponCodeText: coupons.couponCodeText,
    providerId: coupons.providerId,
    providerName: providers.name,
    resourceTypeId: coupons.resourceTypeId,
    resourceId: coupons.resourceId,
    courseName: courses.text,
    discountPercentage: coupons.discountPercentage,
    validFrom: coupons.validFrom,
    validTo: coupons.validTo,
    isActive: coupons.isActive,
    createdBy: coupons.createdBy,
    createdByName: creatorName,
    createdDate: coupons.createdDate,
    updatedDate: coupons.updatedDate,
  };
  const rows = () =>
    db
      .select(rowColumns)
      .from(coupons)
      .innerJoin(providers, eq(providers.providerId, coupons.providerId))
      .innerJoin(courses, eq(courses.courseId, coupons.resourceId))
      .leftJoin(users, eq(users.userId, coupons.createdBy));

  return {
    async page(providerId: number, page: PageQuery) {
      const where = eq(coupons.providerId, providerId);
      return pageOf(db, rows().where(where).orderBy(desc(coupons.id)), { table: coupons, where }, page);
    },

    async find(providerId: number, id: number) {
      const [row] = await db
        .select()
        .from(coupons)
        .where(and(eq(coupons.id, id), eq(coupons.providerId, providerId)));
      return row;
    },

    /** The provider's own test series with this id (a coupon can only apply to those). */
    async findSeries(providerId: number, courseId: number) {
      const [row] = await db
        .select({ courseId: courses.courseId })
        .from(courses)
        .where(and(eq(courses.courseId, courseId), eq(courses.providerId, providerId)));
      return row;
    },

    /** The provider's active test series, by name. */
    async seriesOptions(providerId: number) {
      const list = await db
        .select({ courseId: courses.courseId, code: courses.code, text: courses.text, price: courses.price })
        .from(courses)
        .where(and(eq(courses.providerId, providerId), eq(courses.isActive, true)))
        .orderBy(asc(courses.text), asc(courses.courseId));
      return list.map((c) => ({ ...c, price: c.price === null ? null : Number(c.price) }));
    },

    async insert(providerId: number, v: CouponValues, by: number, now: Date) {
      const [row] = await db
        .insert(coupons)
        .values({
          ...v,
          providerId,
          resourceTypeId: ResourceType.TestSeries,
          ...newRowAudit(by, now),
        })
        .returning({ id: coupons.id });
      return row.id;
    },

    async update(id: number, v: CouponValues, by: number, now: Date) {
      await db
        .update(coupons)
        .set({ ...v, updatedBy: by, updatedDate: now })
        .where(eq(coupons.id, id));
    },

    /** Sets the active flag of one of the provider's coupons; false when there is no such coupon. */
    async setActive(providerId: number, id: number, isActive: boolean, by: number, now: Date) {
      const changed = await db
        .update(coupons)
        .set({ isActive, updatedBy: by, updatedDate: now })
        .where(and(eq(coupons.id, id), eq(coupons.providerId, providerId)))
        .returning({ id: coupons.id });
      return changed.length > 0;
    },
  };
}
export type CouponsRepository = ReturnType<typeof createCouponsRepository>;
