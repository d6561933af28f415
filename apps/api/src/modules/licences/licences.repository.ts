import { RESOURCE_TYPE_TEST_SERIES } from '@assess/contracts/providers';
import { STUDENT_USER_TYPE } from '@assess/contracts/students';
import { and, asc, count, eq, gt, inArray, sql, sum } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { courses, courseUsers, providerResourceMappings as prm, providers, users } from '../../db/schema';
import { contentProviderIdsOf } from '../../platform/access/access.repository';
import { newRowAudit } from '../../platform/db/audit';
import type { Db } from '../../platform/db/client';
import { seriesOnOffer } from '../series';

const partner = alias(providers, 'content_partner');
/** A test series with its content partner (the grid's first two columns). */
const courseColumns = {
  resourceId: courses.courseId,
  contentPartnerId: partner.providerId,
  contentPartnerName: partner.name,
  courseCode: courses.code,
  courseName: courses.text,
};
export type CourseInfo = {
  [K in keyof typeof courseColumns]: K extends 'resourceId' | 'contentPartnerId' ? number : string;
};
const ofTestSeries = eq(prm.resourceTypeId, RESOURCE_TYPE_TEST_SERIES);
const toMap = (rows: { id: number; n: number | string | null }[]) =>
  new Map(rows.map((r) => [r.id, Number(r.n ?? 0)]));

/** Provider resource mappings (licences per test series), pools and their use (Provision Licenses). */
export function createLicencesRepository(db: Db) {
  return {
    async provider(providerId: number) {
      const [row] = await db
        .select({
          providerId: providers.providerId,
          name: providers.name,
          providerTypeId: providers.providerTypeId,
          parentProviderId: providers.parentProviderId,
        })
        .from(providers)
        .where(eq(providers.providerId, providerId));
      return row;
    },

    curatorIds: (providerId: number) => contentProviderIdsOf(db, providerId),

    /** Test series licences can be procured for: active, not draft, not expired, of these content providers. */
    async offeredCourses(contentProviderIds: number[], now: Date): Promise<CourseInfo[]> {
      if (contentProviderIds.length === 0) return [];
      return db
        .select(courseColumns)
        .from(courses)
        .innerJoin(partner, eq(partner.providerId, courses.providerId))
        .where(and(inArray(courses.providerId, contentProviderIds), seriesOnOffer(now)))
        .orderBy(asc(partner.name), asc(courses.text));
    },

    /** A provider's licences per test series (its pool, for an aggregator). */
    async held(providerId: number): Promise<(CourseInfo & { studentsCount: number })[]> {
      return db
        .select({ ...courseColumns, studentsCount: prm.studentsCount })
        .from(prm)
        .innerJoin(courses, eq(courses.courseId, prm.resourceId))
        .innerJoin(partner, eq(partner.providerId, courses.providerId))
        .where(and(eq(prm.providerId, providerId), ofTestSeries))
        .orderBy(asc(partner.name), asc(courses.text));
    },

    /** Counts of these series held by a provider; with `lock`, the rows stay locked (FOR UPDATE) until commit. */
    async counts(providerId: number, resourceIds: number[], lock = false) {
      if (resourceIds.length === 0) return new Map<number, number>();
      const q = db
        .select({ id: prm.resourceId, n: prm.studentsCount })
        .from(prm)
        .where(and(eq(prm.providerId, providerId), ofTestSeries, inArray(prm.resourceId, resourceIds)))
        .orderBy(asc(prm.resourceId));
      return toMap(lock ? await q.for('update') : await q);
    },

    /**
     * Licences of these series in use at a provider: its students assigned to the series, plus what its
     * subscribers (child providers) hold. A provider's count may not go below this.
     */
    async usage(providerId: number, resourceIds: number[]) {
      if (resourceIds.length === 0) return new Map<number, number>();
      // One query after the other: on a transaction's connection queries cannot overlap.
      const assigned = await db
        .select({ id: courseUsers.courseId, n: count() })
        .from(courseUsers)
        .innerJoin(users, eq(users.userId, courseUsers.userId))
        .where(
          and(
            eq(users.providerId, providerId),
            eq(users.userTypeId, STUDENT_USER_TYPE),
            inArray(courseUsers.courseId, resourceIds),
          ),
        )
        .groupBy(courseUsers.courseId);
      const provisioned = await db
        .select({ id: prm.resourceId, n: sum(prm.studentsCount) })
        .from(prm)
        .innerJoin(providers, eq(providers.providerId, prm.providerId))
        .where(
          and(eq(providers.parentProviderId, providerId), ofTestSeries, inArray(prm.resourceId, resourceIds)),
        )
        .groupBy(prm.resourceId);
      const total = toMap(assigned);
      for (const [id, n] of toMap(provisioned)) total.set(id, (total.get(id) ?? 0) + n);
      return total;
    },

    /** Sets the provider's count of each series (insert or update). */
    async save(
      rows: {
        providerId: number;
        resourceId: number;
        studentsCount: number;
        sourceProviderId: number | null;
      }[],
      by: number,
      now: Date,
    ) {
      if (rows.length === 0) return;
      await db
        .insert(prm)
        .values(
          rows.map((r) => ({
            ...r,
            resourceTypeId: RESOURCE_TYPE_TEST_SERIES,
            ...newRowAudit(by, now),
          })),
        )
        .onConflictDoUpdate({
          target: [prm.providerId, prm.resourceTypeId, prm.resourceId],
          set: {
            studentsCount: sql`excluded.students_count`,
            sourceProviderId: sql`excluded.source_provider_id`,
            updatedBy: by,
            updatedDate: now,
          },
        });
    },

    /** The providers an aggregator created. */
    async subscribers(parentProviderId: number) {
      return db
        .select({ providerId: providers.providerId, name: providers.name })
        .from(providers)
        .where(eq(providers.parentProviderId, parentProviderId))
        .orderBy(asc(providers.name));
    },

    /** Every licence row of the aggregator's subscribers with its series and content partner. */
    async transactions(parentProviderId: number) {
      const subscriber = alias(providers, 'subscriber');
      return db
        .select({
          ...courseColumns,
          providerId: subscriber.providerId,
          name: subscriber.name,
          studentCount: prm.studentsCount,
          createdDate: prm.createdDate,
        })
        .from(prm)
        .innerJoin(subscriber, eq(subscriber.providerId, prm.providerId))
        .innerJoin(courses, eq(courses.courseId, prm.resourceId))
        .innerJoin(partner, eq(partner.providerId, courses.providerId))
        .where(and(eq(subscriber.parentProviderId, parentProviderId), ofTestSeries))
        .orderBy(
          asc(partner.name),
          asc(partner.providerId),
          asc(courses.text),
          asc(courses.courseId),
          asc(subscriber.name),
        );
    },

    /** The aggregator summary counts (part 3 §3). */
    async summary(parentProviderId: number) {
      const [children, provisioned, assigned, products] = await Promise.all([
        db.select({ n: count() }).from(providers).where(eq(providers.parentProviderId, parentProviderId)),
        db
          .select({ n: sum(prm.studentsCount) })
          .from(prm)
          .innerJoin(providers, eq(providers.providerId, prm.providerId))
          .where(and(eq(providers.parentProviderId, parentProviderId), ofTestSeries)),
        db
          .select({ n: count() })
          .from(courseUsers)
          .innerJoin(users, eq(users.userId, courseUsers.userId))
          .innerJoin(providers, eq(providers.providerId, users.providerId))
          .innerJoin(
            prm,
            and(eq(prm.providerId, users.providerId), eq(prm.resourceId, courseUsers.courseId), ofTestSeries),
          )
          .where(
            and(eq(providers.parentProviderId, parentProviderId), eq(users.userTypeId, STUDENT_USER_TYPE)),
          ),
        db
          .select({ n: count() })
          .from(prm)
          .where(and(eq(prm.providerId, parentProviderId), ofTestSeries, gt(prm.studentsCount, 0))),
      ]);
      const n = (r: { n: number | string | null }[]) => Number(r[0]?.n ?? 0);
      return {
        totalProvidersCount: n(children),
        provisionedLicensesCount: n(provisioned),
        assignedLicensesCount: n(assigned),
        totalProductsCount: n(products),
      };
    },
  };
}
export type LicencesRepository = ReturnType<typeof createLicencesRepository>;
