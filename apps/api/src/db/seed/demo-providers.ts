import type { Db } from '../../platform/db/client';
import { courses, providerResourceMappings } from '../schema';
import type { DemoProviderIds } from './demo';

const DAY = 86_400_000;

/** [code, name, aggregator pool, provisioned to the aggregator's demo subscriber] of the partner's series. */
const partnerSeries: [string, string, number, number][] = [
  ['CP-JEE-ADV', 'JEE Advanced Practice Series', 100, 20],
  ['CP-NEET-BIO', 'NEET Biology Series', 50, 10],
  ['CP-BANK-APT', 'Banking Aptitude Series', 30, 0],
];

/**
 * Demo data of providers and licences (issue 17): three published test series of the Demo Content Partner,
 * licences the Demo Aggregator procured for them (its pool), and licences it provisioned to its subscriber
 * (Demo Aggregator Subscriber), so Provision Licenses and the transactions tree have content.
 */
export async function seedDemoProviders(db: Db, now: Date, ids: DemoProviderIds) {
  const partner = ids.get('partner');
  const aggregator = ids.get('aggregator');
  const child = ids.get('child');
  if (partner === undefined || aggregator === undefined || child === undefined) return;
  const series = await db
    .insert(courses)
    .values(
      partnerSeries.map(([code, text]) => ({
        providerId: partner,
        code,
        text,
        description: `${text} by the Demo Content Partner`,
        status: 2,
        expiryDate: new Date(now.getTime() + 365 * DAY),
        duration: 180,
        price: '999',
        createdDate: now,
        updatedDate: now,
      })),
    )
    .returning({ courseId: courses.courseId });
  const procured = new Date(now.getTime() - 10 * DAY);
  const provisioned = new Date(now.getTime() - 3 * DAY);
  await db.insert(providerResourceMappings).values([
    ...partnerSeries.map(([, , pool], i) => ({
      providerId: aggregator,
      resourceId: series[i].courseId,
      studentsCount: pool,
      createdDate: procured,
      updatedDate: procured,
    })),
    ...partnerSeries.flatMap(([, , , given], i) =>
      given > 0
        ? [
            {
              providerId: child,
              resourceId: series[i].courseId,
              studentsCount: given,
              sourceProviderId: aggregator,
              createdDate: provisioned,
              updatedDate: provisioned,
            },
          ]
        : [],
    ),
  ]);
}
