import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { providers, users } from './access';
import { audit, tz } from './columns';

/**
 * Notification (part 1 §3) of one provider. Status is derived: 'Schedule' while send_date_time >= now,
 * else 'Delivered'. The messages area adds targets, attachments and delivery tables beside it.
 */
export const notifications = pgTable(
  'notifications',
  {
    notificationId: integer('notification_id').primaryKey().generatedByDefaultAsIdentity(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.providerId),
    userId: integer('user_id').references(() => users.userId),
    sendDateTime: tz('send_date_time').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    broadcast: boolean('broadcast').notNull().default(false),
    isWhatsAppNotification: boolean('is_whats_app_notification').notNull().default(false),
    isEmailNotification: boolean('is_email_notification').notNull().default(false),
    isAppNotification: boolean('is_app_notification').notNull().default(false),
    isPushNotification: boolean('is_push_notification').notNull().default(false),
    ...audit,
  },
  (t) => [index('notifications_provider_send_idx').on(t.providerId, t.sendDateTime)],
);
