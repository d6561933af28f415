import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './access';
import { identity, link, tz } from './columns';

/**
 * E-mail OTPs of trial self-registration (part 1 §4 "Registration"). The code is stored hashed; a row lives
 * 10 minutes for its code, counts wrong tries, and once verified holds the hash of a short-lived
 * verification token that Create User must present (and consumes).
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    verificationId: identity('verification_id'),
    /** Lower-cased address. */
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    sentAt: tz('sent_at').notNull(),
    expiresAt: tz('expires_at').notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    verifiedAt: tz('verified_at'),
    tokenHash: text('token_hash'),
    tokenExpiresAt: tz('token_expires_at'),
    consumedAt: tz('consumed_at'),
    ip: text('ip'),
  },
  (t) => [
    index('email_verifications_email_idx').on(t.email, t.sentAt),
    uniqueIndex('email_verifications_token_uq').on(t.tokenHash),
  ],
);

/** Password reset links (part 1 §4 "Reset password"): the token's hash, its user and issue time; single use. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: link('user_id', () => users.userId, 'cascade'),
    issuedAt: tz('issued_at').notNull(),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);
