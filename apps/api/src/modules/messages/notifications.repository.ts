import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  courses,
  files,
  interests,
  notificationAttachments,
  notificationCourses,
  notificationDeliveries,
  notificationDispatches,
  notificationInterests,
  notificationProviders,
  notificationSubscriptionTypes,
  notifications,
  providers,
  settings,
} from '../../db/schema';
import type { Db } from '../../platform/db/client';

export type NotificationRecord = typeof notifications.$inferSelect;
export type NewNotification = Omit<
  typeof notifications.$inferInsert,
  'notificationId' | 'createdDate' | 'updatedDate'
>;
export type Targets = {
  providerIds: number[];
  subscriptionTypeIds: number[];
  testSeriesIds: number[];
  interestIds: number[];
};

/** Notifications of one provider: the row, its targets, interests and attachment links. */
export function createNotificationsRepository(db: Db) {
  async function writeTargets(tx: Db, notificationId: number, t: Targets) {
    if (t.providerIds.length)
      await tx
        .insert(notificationProviders)
        .values(t.providerIds.map((providerId) => ({ notificationId, providerId })));
    if (t.subscriptionTypeIds.length)
      await tx
        .insert(notificationSubscriptionTypes)
        .values(t.subscriptionTypeIds.map((subscriptionTypeId) => ({ notificationId, subscriptionTypeId })));
    if (t.testSeriesIds.length)
      await tx
        .insert(notificationCourses)
        .values(t.testSeriesIds.map((courseId) => ({ notificationId, courseId })));
    if (t.interestIds.length)
      await tx
        .insert(notificationInterests)
        .values(t.interestIds.map((interestId) => ({ notificationId, interestId })));
  }

  async function clearTargets(tx: Db, notificationId: number) {
    await tx.delete(notificationProviders).where(eq(notificationProviders.notificationId, notificationId));
    await tx
      .delete(notificationSubscriptionTypes)
      .where(eq(notificationSubscriptionTypes.notificationId, notificationId));
    await tx.delete(notificationCourses).where(eq(notificationCourses.notificationId, notificationId));
    await tx.delete(notificationInterests).where(eq(notificationInterests.notificationId, notificationId));
  }

  return {
    async subscriptionTypeOwnerProviderId(): Promise<number | null> {
      const [row] = await db
        .select({ value: settings.value })
        .from(settings)
        .where(eq(settings.key, 'subscriptionTypeOwnerProviderId'))
        .limit(1);
      const v = Number(row?.value);
      return row && Number.isInteger(v) ? v : null;
    },

    /** Providers a platform-owner message may target (every provider but the owner). */
    listProviders() {
      return db
        .select({ id: providers.providerId, name: providers.name })
        .from(providers)
        .where(ne(providers.providerId, 0))
        .orderBy(asc(providers.name));
    },
    listTestSeries(providerId: number) {
      return db
        .select({ id: courses.courseId, name: courses.text })
        .from(courses)
        .where(and(eq(courses.providerId, providerId), eq(courses.isActive, true)))
        .orderBy(asc(courses.text));
    },
    listInterests(providerId: number) {
      return db
        .select({ id: interests.interestId, name: interests.interests })
        .from(interests)
        .where(and(eq(interests.providerId, providerId), eq(interests.isActive, true)))
        .orderBy(asc(interests.interests));
    },

    /** How many of the ids exist among the allowed ones (to refuse foreign or unknown ids). */
    async countProviders(ids: number[]) {
      if (!ids.length) return 0;
      const [r] = await db
        .select({ n: count() })
        .from(providers)
        .where(and(inArray(providers.providerId, ids), ne(providers.providerId, 0)));
      return r.n;
    },
    async countTestSeries(ids: number[], providerId: number) {
      if (!ids.length) return 0;
      const [r] = await db
        .select({ n: count() })
        .from(courses)
        .where(and(inArray(courses.courseId, ids), eq(courses.providerId, providerId)));
      return r.n;
    },
    async countInterests(ids: number[], providerId: number) {
      if (!ids.length) return 0;
      const [r] = await db
        .select({ n: count() })
        .from(interests)
        .where(and(inArray(interests.interestId, ids), eq(interests.providerId, providerId)));
      return r.n;
    },

    /** Inserts the notification with its targets and attachment links (call inside a unit of work). */
    async insert(row: NewNotification, targets: Targets, fileIds: number[]) {
      const [created] = await db.insert(notifications).values(row).returning();
      await writeTargets(db, created.notificationId, targets);
      if (fileIds.length)
        await db
          .insert(notificationAttachments)
          .values(
            fileIds.map((fileId, i) => ({ notificationId: created.notificationId, fileId, sequence: i })),
          );
      return created;
    },

    /** The provider's notification under a row lock (the dispatch job takes the same lock); undefined when absent. */
    async lock(notificationId: number, providerId: number) {
      const [row] = await db
        .select()
        .from(notifications)
        .where(
          and(eq(notifications.notificationId, notificationId), eq(notifications.providerId, providerId)),
        )
        .for('update');
      return row;
    },

    /** Writes the form's fields and replaces the targets (call inside a unit of work, after lock). */
    async update(notificationId: number, patch: Partial<NewNotification>, targets: Targets) {
      const [updated] = await db
        .update(notifications)
        .set(patch)
        .where(eq(notifications.notificationId, notificationId))
        .returning();
      await clearTargets(db, notificationId);
      await writeTargets(db, notificationId, targets);
      return updated;
    },

    /**
     * Keeps the attachment links of `keepFileIds`, adds `newFileIds` after them; returns the file ids of the
     * links removed (the caller removes the stored files once the transaction is committed).
     */
    async replaceAttachments(notificationId: number, keepFileIds: number[], newFileIds: number[]) {
      const links = await db
        .select({ fileId: notificationAttachments.fileId })
        .from(notificationAttachments)
        .where(eq(notificationAttachments.notificationId, notificationId));
      const dropped = links.map((l) => l.fileId).filter((id) => !keepFileIds.includes(id));
      if (dropped.length)
        await db
          .delete(notificationAttachments)
          .where(
            and(
              eq(notificationAttachments.notificationId, notificationId),
              inArray(notificationAttachments.fileId, dropped),
            ),
          );
      if (newFileIds.length)
        await db.insert(notificationAttachments).values(
          newFileIds.map((fileId, i) => ({
            notificationId,
            fileId,
            sequence: keepFileIds.length + i,
          })),
        );
      return dropped;
    },

    async find(notificationId: number, providerId: number) {
      const [row] = await db
        .select()
        .from(notifications)
        .where(
          and(eq(notifications.notificationId, notificationId), eq(notifications.providerId, providerId)),
        )
        .limit(1);
      return row;
    },

    async targetsOf(notificationId: number): Promise<Targets> {
      const [p, s, c, i] = await Promise.all([
        db
          .select({ id: notificationProviders.providerId })
          .from(notificationProviders)
          .where(eq(notificationProviders.notificationId, notificationId)),
        db
          .select({ id: notificationSubscriptionTypes.subscriptionTypeId })
          .from(notificationSubscriptionTypes)
          .where(eq(notificationSubscriptionTypes.notificationId, notificationId)),
        db
          .select({ id: notificationCourses.courseId })
          .from(notificationCourses)
          .where(eq(notificationCourses.notificationId, notificationId)),
        db
          .select({ id: notificationInterests.interestId })
          .from(notificationInterests)
          .where(eq(notificationInterests.notificationId, notificationId)),
      ]);
      const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);
      return { providerIds: ids(p), subscriptionTypeIds: ids(s), testSeriesIds: ids(c), interestIds: ids(i) };
    },

    /** The attachments of notifications (stored file rows), in their order. */
    async attachmentsOf(notificationIds: number[]) {
      if (!notificationIds.length) return [];
      return db
        .select({
          notificationId: notificationAttachments.notificationId,
          fileId: files.fileId,
          fileName: files.fileName,
          size: files.size,
          contentType: files.contentType,
          sha256: files.sha256,
          key: files.key,
          providerId: files.providerId,
        })
        .from(notificationAttachments)
        .innerJoin(files, eq(files.fileId, notificationAttachments.fileId))
        .where(inArray(notificationAttachments.notificationId, notificationIds))
        .orderBy(asc(notificationAttachments.sequence), asc(files.fileId));
    },

    /** One page of a provider's notifications, newest send time first, with whether each was dispatched and is interest specific. */
    async page(providerId: number, pageNumber: number, pageSize: number) {
      const where = eq(notifications.providerId, providerId);
      const [{ n }] = await db.select({ n: count() }).from(notifications).where(where);
      const items = await db
        .select({
          notification: notifications,
          dispatched: sql<boolean>`exists (select 1 from ${notificationDispatches} d where d.notification_id = ${notifications.notificationId})`,
          interestSpecific: sql<boolean>`exists (select 1 from ${notificationInterests} i where i.notification_id = ${notifications.notificationId})`,
        })
        .from(notifications)
        .where(where)
        .orderBy(desc(notifications.sendDateTime), desc(notifications.notificationId))
        .limit(pageSize)
        .offset((pageNumber - 1) * pageSize);
      return { items, totalCount: n };
    },

    async isDispatched(notificationId: number) {
      const [d] = await db
        .select({ id: notificationDispatches.notificationId })
        .from(notificationDispatches)
        .where(eq(notificationDispatches.notificationId, notificationId));
      return Boolean(d);
    },

    /** Delivery counts per notification: recipients (distinct users) and rows by status. */
    async summaries(notificationIds: number[]) {
      const map = new Map<number, Summary>();
      if (!notificationIds.length) return map;
      const d = notificationDeliveries;
      const rows = await db
        .select({
          notificationId: d.notificationId,
          recipients: sql<number>`count(distinct ${d.userId})::int`,
          sent: sql<number>`(count(*) filter (where ${d.status} = 'sent'))::int`,
          failed: sql<number>`(count(*) filter (where ${d.status} = 'failed'))::int`,
          pending: sql<number>`(count(*) filter (where ${d.status} in ('pending', 'sending')))::int`,
          notConfigured: sql<number>`(count(*) filter (where ${d.status} = 'not configured'))::int`,
        })
        .from(d)
        .where(inArray(d.notificationId, notificationIds))
        .groupBy(d.notificationId);
      for (const { notificationId, ...summary } of rows) map.set(notificationId, summary);
      return map;
    },

    /**
     * Hard delete (targets, links, dispatch and deliveries cascade); returns the attachment file ids, or
     * null when the provider has no such notification. Call inside a unit of work.
     */
    async delete(notificationId: number, providerId: number) {
      const links = await db
        .select({ fileId: notificationAttachments.fileId })
        .from(notificationAttachments)
        .innerJoin(notifications, eq(notifications.notificationId, notificationAttachments.notificationId))
        .where(
          and(
            eq(notificationAttachments.notificationId, notificationId),
            eq(notifications.providerId, providerId),
          ),
        );
      const deleted = await db
        .delete(notifications)
        .where(
          and(eq(notifications.notificationId, notificationId), eq(notifications.providerId, providerId)),
        )
        .returning({ id: notifications.notificationId });
      return deleted.length ? links.map((l) => l.fileId) : null;
    },
  };
}
export type Summary = {
  recipients: number;
  sent: number;
  failed: number;
  pending: number;
  notConfigured: number;
};
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
