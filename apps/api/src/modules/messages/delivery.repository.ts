import type { DeliveryChannel } from '@assess/contracts/messages';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { type DrizzleTransactionLike, fromDrizzle } from 'pg-boss';
import { notificationDeliveries, notificationDispatches, notifications } from '../../db/schema';
import type { Db, SqlExecutor } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/rows';

const STUDENT = 4;

export type ClaimedDelivery = {
  deliveryId: number;
  userId: number;
  email: string | null;
  userName: string;
  mobile: string | null;
};
export type DeliveryResult = { status: 'sent' | 'failed' | 'not configured'; error?: string };

/** Delivery rows: resolving recipients at send time, claiming work, recording results; the students' inbox. */
export function createDeliveryRepository(db: Db) {
  return {
    /** The notification under a row lock (the edit takes the same lock); undefined once deleted. */
    async lockNotification(notificationId: number) {
      const [n] = await db
        .select()
        .from(notifications)
        .where(eq(notifications.notificationId, notificationId))
        .for('update');
      return n;
    },

    /** Records the dispatch of a notification; false when it was dispatched before. */
    async recordDispatch(notificationId: number, now: Date) {
      const inserted = await db
        .insert(notificationDispatches)
        .values({ notificationId, dispatchedAt: now })
        .onConflictDoNothing()
        .returning({ id: notificationDispatches.notificationId });
      return inserted.length > 0;
    },

    /**
     * Resolves the recipients at send time and inserts one delivery row per recipient and channel in one
     * set-based statement (app rows are delivered at once: they are the inbox); returns the recipient count.
     */
    async insertDeliveries(notificationId: number, channels: DeliveryChannel[], now: Date) {
      const result = await db.execute(sql`
        with n as (
          select notification_id, provider_id, broadcast from notifications where notification_id = ${notificationId}
        ),
        subscribed as (
          select distinct cu.user_id from course_users cu where cu.user_subscription_status = 2
        ),
        recipients as (
          select u.user_id from users u cross join n
          where u.user_type_id = ${STUDENT} and u.is_active
            and (
              n.broadcast
              or exists (select 1 from notification_providers np
                         where np.notification_id = n.notification_id and np.provider_id = u.provider_id)
              or exists (select 1 from course_users cu
                         join notification_courses nc on nc.course_id = cu.course_id
                         where nc.notification_id = n.notification_id and cu.user_id = u.user_id)
              or (u.provider_id = n.provider_id and (
                (exists (select 1 from notification_subscription_types st
                         where st.notification_id = n.notification_id and st.subscription_type_id = 1)
                 and u.user_id in (select user_id from subscribed))
                or (exists (select 1 from notification_subscription_types st
                            where st.notification_id = n.notification_id and st.subscription_type_id = 2)
                    and u.user_id not in (select user_id from subscribed))
              ))
            )
            and (
              not exists (select 1 from notification_interests ni where ni.notification_id = n.notification_id)
              or exists (select 1 from student_interests si
                         join notification_interests ni on ni.interest_id = si.interest_id
                         where ni.notification_id = n.notification_id and si.user_id = u.user_id)
            )
        ),
        ins as (
          insert into notification_deliveries (notification_id, user_id, channel, status, sent_at)
          select ${notificationId}, r.user_id, c.channel,
            case when c.channel = 'app' then 'sent' else 'pending' end,
            case when c.channel = 'app' then ${now.toISOString()}::timestamptz end
          from recipients r
          cross join unnest(array[${sql.join(
            channels.map((c) => sql`${c}`),
            sql`, `,
          )}]::text[]) as c(channel)
          on conflict do nothing
          returning user_id
        )
        select count(distinct user_id)::int as recipients from ins`);
      return rowsOf<{ recipients: number }>(result)[0]?.recipients ?? 0;
    },

    async setRecipientCount(notificationId: number, recipients: number) {
      await db
        .update(notificationDispatches)
        .set({ recipientCount: recipients })
        .where(eq(notificationDispatches.notificationId, notificationId));
    },

    /** This handle as pg-boss's executor, so a job is queued in the same transaction (see platform/jobs). */
    jobExecutor(): SqlExecutor {
      // drizzle's execute() is typed loosely; pg-boss's adapter reads rows from either driver's result.
      return fromDrizzle(db as unknown as DrizzleTransactionLike, sql);
    },

    /** The notification as the senders need it (undefined once deleted). */
    async notification(notificationId: number) {
      const [n] = await db
        .select()
        .from(notifications)
        .where(eq(notifications.notificationId, notificationId))
        .limit(1);
      return n;
    },

    /** Channels of a notification that still have pending rows. */
    async pendingChannels(notificationId: number): Promise<DeliveryChannel[]> {
      const rows = await db
        .selectDistinct({ channel: notificationDeliveries.channel })
        .from(notificationDeliveries)
        .where(
          and(
            eq(notificationDeliveries.notificationId, notificationId),
            eq(notificationDeliveries.status, 'pending'),
          ),
        );
      return rows.map((r) => r.channel as DeliveryChannel);
    },

    /**
     * Claims up to `limit` pending rows of one channel for this worker (pending → sending); concurrent
     * workers skip each other's locked rows, so a row is claimed once.
     */
    async claim(notificationId: number, channel: DeliveryChannel, limit: number, now: Date) {
      const result = await db.execute(sql`
        with c as (
          update notification_deliveries d
          set status = 'sending', claimed_at = ${now.toISOString()}::timestamptz, attempts = d.attempts + 1
          where d.delivery_id in (
            select delivery_id from notification_deliveries
            where notification_id = ${notificationId} and channel = ${channel} and status = 'pending'
            order by delivery_id
            limit ${limit}
            for update skip locked
          )
          returning d.delivery_id, d.user_id
        )
        select c.delivery_id::text as delivery_id, c.user_id, u.email, u.user_name, u.mobile
        from c join users u on u.user_id = c.user_id
        order by c.delivery_id`);
      return rowsOf<{
        delivery_id: string;
        user_id: number;
        email: string | null;
        user_name: string;
        mobile: string | null;
      }>(result).map(
        (r): ClaimedDelivery => ({
          deliveryId: Number(r.delivery_id),
          userId: r.user_id,
          email: r.email,
          userName: r.user_name,
          mobile: r.mobile,
        }),
      );
    },

    /** Records the outcome of a claimed row (only while it is still claimed). */
    async record(deliveryId: number, result: DeliveryResult, now: Date) {
      await db
        .update(notificationDeliveries)
        .set({
          status: result.status,
          error: result.error?.slice(0, 500) ?? null,
          sentAt: result.status === 'sent' ? now : null,
        })
        .where(
          and(
            eq(notificationDeliveries.deliveryId, deliveryId),
            eq(notificationDeliveries.status, 'sending'),
          ),
        );
    },

    /**
     * Rows claimed before `before` by a worker that died mid-send: their outcome is unknown, so they are
     * failed rather than sent twice.
     */
    async failAbandoned(notificationId: number, channel: DeliveryChannel, before: Date, error: string) {
      await db.execute(sql`
        update notification_deliveries set status = 'failed', error = ${error}
        where notification_id = ${notificationId} and channel = ${channel} and status = 'sending'
          and claimed_at < ${before.toISOString()}::timestamptz`);
    },

    // ---- inbox (the app channel) ----

    async inboxPage(userId: number, pageNumber: number, pageSize: number) {
      const where = and(eq(notificationDeliveries.userId, userId), eq(notificationDeliveries.channel, 'app'));
      const [{ n }] = await db.select({ n: count() }).from(notificationDeliveries).where(where);
      const items = await db
        .select({
          notificationId: notifications.notificationId,
          providerId: notifications.providerId,
          title: notifications.title,
          body: notifications.body,
          sendDateTime: notifications.sendDateTime,
          readAt: notificationDeliveries.readAt,
        })
        .from(notificationDeliveries)
        .innerJoin(notifications, eq(notifications.notificationId, notificationDeliveries.notificationId))
        .where(where)
        .orderBy(desc(notifications.sendDateTime), desc(notifications.notificationId))
        .limit(pageSize)
        .offset((pageNumber - 1) * pageSize);
      return { items, totalCount: n };
    },

    async unreadCount(userId: number) {
      const [{ n }] = await db
        .select({ n: count() })
        .from(notificationDeliveries)
        .where(
          and(
            eq(notificationDeliveries.userId, userId),
            eq(notificationDeliveries.channel, 'app'),
            isNull(notificationDeliveries.readAt),
          ),
        );
      return n;
    },

    /** Marks the student's inbox entry read (first read time kept); false when they are not a recipient. */
    async markRead(userId: number, notificationId: number, now: Date) {
      const rows = await db
        .update(notificationDeliveries)
        .set({ readAt: sql`coalesce(${notificationDeliveries.readAt}, ${now.toISOString()}::timestamptz)` })
        .where(
          and(
            eq(notificationDeliveries.userId, userId),
            eq(notificationDeliveries.notificationId, notificationId),
            eq(notificationDeliveries.channel, 'app'),
          ),
        )
        .returning({ id: notificationDeliveries.deliveryId });
      return rows.length > 0;
    },

    /** The notification's provider when the user received it in the app; undefined otherwise. */
    async receivedBy(userId: number, notificationId: number) {
      const [row] = await db
        .select({ providerId: notifications.providerId })
        .from(notificationDeliveries)
        .innerJoin(notifications, eq(notifications.notificationId, notificationDeliveries.notificationId))
        .where(
          and(
            eq(notificationDeliveries.userId, userId),
            eq(notificationDeliveries.notificationId, notificationId),
            eq(notificationDeliveries.channel, 'app'),
          ),
        )
        .limit(1);
      return row;
    },
  };
}
export type DeliveryRepository = ReturnType<typeof createDeliveryRepository>;
