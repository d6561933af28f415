import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './access';
import { keyLink, tz } from './columns';

/**
 * Deleted ("closed", privilege CloseUser) application users. The users row stays, so audit columns
 * elsewhere (created by ...) still name the person, but it is deactivated, its user name, e-mail and mobile
 * are freed for new accounts (the originals are kept here) and its password no longer verifies.
 */
export const applicationUserClosures = pgTable(
  'application_user_closures',
  {
    userId: keyLink('user_id', () => users.userId, 'cascade'),
    providerId: integer('provider_id').notNull(),
    userName: text('user_name').notNull(),
    email: text('email'),
    mobile: text('mobile'),
    closedBy: integer('closed_by'),
    closedDate: tz('closed_date').notNull().defaultNow(),
  },
  (t) => [index('application_user_closures_provider_idx').on(t.providerId)],
);
