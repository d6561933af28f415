import { dayInZone, ResourceType } from '@assess/contracts/coupons';
import type { Db } from '../../platform/db/client';
import { coupons, courses } from '../schema';
import type { DemoProviderIds } from './demo';
import { demoUserId } from './demo-kit';

const DAY = 86_400_000;

/**
 * Demo coupons (issue 17): the platform owner sells two test series of its own (prices in rupees) and has
 * two coupons on them, one active now and one switched off that starts next week.
 */
export async function seedDemoCoupons(db: Db, now: Date, ids: DemoProviderIds) {
  const owner = ids.get('owner');
  if (owner === undefined) return;
  const by = await demoUserId(db, 'owner@example.com');
  const series = await db
    .insert(courses)
    .values(
      [
        { code: 'PYT-JEE', text: 'Pick Your Test: JEE Advanced', price: '1999', duration: 180, status: 3 },
        { code: 'CP-PREMIUM', text: 'College Predictor Premium', price: '499', duration: 365, status: 3 },
      ].map((c) => ({ ...c, providerId: owner, isActive: true, createdDate: now, updatedDate: now })),
    )
    .returning({ id: courses.courseId });
  const day = (offset: number) => dayInZone(new Date(now.getTime() + offset * DAY));
  await db.insert(coupons).values([
    {
      providerId: owner,
      couponCodeText: 'WELCOME10',
      resourceTypeId: ResourceType.TestSeries,
      resourceId: series[0].id,
      discountPercentage: 10,
      validFrom: day(0),
      validTo: day(90),
      isActive: true,
      createdBy: by,
      updatedBy: by,
      createdDate: now,
      updatedDate: now,
    },
    {
      providerId: owner,
      couponCodeText: 'FESTIVE25',
      resourceTypeId: ResourceType.TestSeries,
      resourceId: series[1].id,
      discountPercentage: 25,
      validFrom: day(7),
      validTo: day(37),
      isActive: false,
      createdBy: by,
      updatedBy: by,
      createdDate: new Date(now.getTime() + 1000),
      updatedDate: new Date(now.getTime() + 1000),
    },
  ]);
}
