import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './access';
import { identity, link, tz } from './columns';

/**
 * Web Push subscriptions of students (issue 6): one row per browser subscription. The endpoint is the
 * push service's capability URL of one browser profile, so it is unique: the user who last subscribed
 * with it receives the pushes of that browser. The VAPID keys live in `settings` (key 'push.vapid').
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    subscriptionId: identity('subscription_id'),
    userId: link('user_id', () => users.userId, 'cascade'),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret (base64url), for the aes128gcm payload encryption. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdDate: tz('created_date').notNull().defaultNow(),
    updatedDate: tz('updated_date').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);
