import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ownerProvider, providers, users } from './access';
import { audit, flag, identity, keyLink, link, tz } from './columns';
import { interests } from './configuration';
import { courses } from './courses';
import { files } from './platform';

/**
 * Notification (part 1 §3) of one provider. Status is derived: 'Schedule' while send_date_time >= now,
 * else 'Delivered'. Deleting a notification is a hard delete: its targets, attachments links, dispatch
 * and delivery rows go with it (cascade).
 */
export const notifications = pgTable(
  'notifications',
  {
    notificationId: identity('notification_id'),
    providerId: ownerProvider(),
    userId: integer('user_id').references(() => users.userId),
    sendDateTime: tz('send_date_time').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    broadcast: flag('broadcast'),
    isWhatsAppNotification: flag('is_whats_app_notification'),
    isEmailNotification: flag('is_email_notification'),
    isAppNotification: flag('is_app_notification'),
    isPushNotification: flag('is_push_notification'),
    ...audit,
  },
  (t) => [index('notifications_provider_send_idx').on(t.providerId, t.sendDateTime)],
);

const notificationRef = () => link('notification_id', () => notifications.notificationId, 'cascade');

/** Target providers of a platform-owner message (ProviderIds). */
export const notificationProviders = pgTable(
  'notification_providers',
  {
    notificationId: notificationRef(),
    providerId: link('provider_id', () => providers.providerId, 'cascade'),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.providerId] })],
);

/** Target subscription types of the subscription-type owner's message (SubscriptionTypeIds: 1 Pick Your Test, 2 College Predictor). */
export const notificationSubscriptionTypes = pgTable(
  'notification_subscription_types',
  {
    notificationId: notificationRef(),
    subscriptionTypeId: smallint('subscription_type_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.subscriptionTypeId] }),
    check('notification_subscription_types_id_ck', sql`${t.subscriptionTypeId} in (1, 2)`),
  ],
);

/** Target test series (TestSeriesIds). */
export const notificationCourses = pgTable(
  'notification_courses',
  {
    notificationId: notificationRef(),
    courseId: link('course_id', () => courses.courseId, 'cascade'),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.courseId] }),
    index('notification_courses_course_idx').on(t.courseId),
  ],
);

/** interestList: a message with interests reaches only students holding one of them. */
export const notificationInterests = pgTable(
  'notification_interests',
  {
    notificationId: notificationRef(),
    interestId: link('interest_id', () => interests.interestId),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.interestId] }),
    index('notification_interests_interest_idx').on(t.interestId),
  ],
);

/** Attachments (at most 4): the bytes are stored files of the notification's provider. */
export const notificationAttachments = pgTable(
  'notification_attachments',
  {
    notificationId: notificationRef(),
    fileId: link('file_id', () => files.fileId),
    sequence: smallint('sequence').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.fileId] }),
    uniqueIndex('notification_attachments_file_uq').on(t.fileId),
  ],
);

/** Set once when the recipients of a notification were resolved (its sending started): at most one per notification. */
export const notificationDispatches = pgTable('notification_dispatches', {
  notificationId: keyLink('notification_id', () => notifications.notificationId, 'cascade'),
  dispatchedAt: tz('dispatched_at').notNull(),
  recipientCount: integer('recipient_count').notNull().default(0),
});

/**
 * One row per recipient and channel ('email' | 'app' | 'push' | 'whatsapp'). status: pending → sending (claimed
 * by one worker) → sent | failed | not configured. The 'app' rows are the students' in-app inbox (read_at).
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    deliveryId: bigint('delivery_id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    notificationId: notificationRef(),
    userId: link('user_id', () => users.userId, 'cascade'),
    channel: text('channel').notNull(),
    status: text('status').notNull().default('pending'),
    error: text('error'),
    attempts: smallint('attempts').notNull().default(0),
    claimedAt: tz('claimed_at'),
    sentAt: tz('sent_at'),
    readAt: tz('read_at'),
  },
  (t) => [
    uniqueIndex('notification_deliveries_uq').on(t.notificationId, t.userId, t.channel),
    index('notification_deliveries_work_idx').on(t.notificationId, t.channel, t.status),
    index('notification_deliveries_inbox_idx').on(t.userId, t.channel, t.readAt),
    check('notification_deliveries_channel_ck', sql`${t.channel} in ('email', 'app', 'push', 'whatsapp')`),
    check(
      'notification_deliveries_status_ck',
      sql`${t.status} in ('pending', 'sending', 'sent', 'failed', 'not configured')`,
    ),
  ],
);
