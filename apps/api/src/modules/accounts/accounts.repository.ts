import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import {
  emailVerifications,
  passwordResetTokens,
  providerContentCurators,
  providers,
  settings,
  userRoles,
  users,
} from '../../db/schema';
import type { Db } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/rows';

/**
 * Data of the accounts area: e-mail verifications (OTP), the trial provider and its user, password reset
 * tokens, password hashes, provider contact uniqueness and platform settings. Only this file (and
 * provider-profile.repository.ts) touch the database for the area; transactions come from the module's
 * unit of work (index.ts), which builds this repository on the transaction.
 */
export function createAccountsRepository(db: Db) {
  return {
    /**
     * Holds a transaction-scoped advisory lock on `key` until the transaction ends (serialises OTP work
     * of one address, and changes to provider contact details, across server processes).
     */
    async lock(key: string) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    },

    /** Serialises changes to provider e-mails and mobiles (registration and Update Profile). */
    async lockProviderContacts() {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext('accounts:provider-contacts'))`);
    },

    async setting<T>(key: string): Promise<T | undefined> {
      const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
      return row?.value as T | undefined;
    },

    // ---- existence (users of any type and providers)

    /** A user whose e-mail or user name is this address, or a provider with this e-mail (case-insensitive). */
    async emailTaken(email: string) {
      const e = email.toLowerCase();
      const r = await db.execute(sql`
        select 1 from ${users} where lower(${users.email}) = ${e} or lower(${users.userName}) = ${e}
        union all
        select 1 from ${providers} where lower(${providers.email}) = ${e}
        limit 1`);
      return rowsOf(r).length > 0;
    },

    async mobileTaken(mobile: string) {
      const r = await db.execute(sql`
        select 1 from ${users} where ${users.mobile} = ${mobile}
        union all
        select 1 from ${providers} where ${providers.mobile} = ${mobile}
        limit 1`);
      return rowsOf(r).length > 0;
    },

    // ---- e-mail verifications

    async latestVerification(email: string) {
      const [row] = await db
        .select()
        .from(emailVerifications)
        .where(eq(emailVerifications.email, email))
        .orderBy(desc(emailVerifications.sentAt), desc(emailVerifications.verificationId))
        .limit(1);
      return row;
    },

    /** A new code for the address; earlier unverified codes of the address stop working. */
    async insertVerification(row: typeof emailVerifications.$inferInsert) {
      await db
        .update(emailVerifications)
        .set({ expiresAt: row.sentAt })
        .where(
          and(
            eq(emailVerifications.email, row.email),
            isNull(emailVerifications.verifiedAt),
            gt(emailVerifications.expiresAt, row.sentAt),
          ),
        );
      const [created] = await db
        .insert(emailVerifications)
        .values(row)
        .returning({ id: emailVerifications.verificationId });
      return created.id;
    },

    async deleteVerification(id: number) {
      await db.delete(emailVerifications).where(eq(emailVerifications.verificationId, id));
    },

    async countWrongTry(id: number) {
      const [row] = await db
        .update(emailVerifications)
        .set({ wrongTries: sql`${emailVerifications.wrongTries} + 1` })
        .where(eq(emailVerifications.verificationId, id))
        .returning({ wrongTries: emailVerifications.wrongTries });
      return row?.wrongTries ?? 0;
    },

    async markVerified(id: number, at: Date, tokenHash: string, tokenExpiresAt: Date) {
      await db
        .update(emailVerifications)
        .set({ verifiedAt: at, tokenHash, tokenExpiresAt })
        .where(eq(emailVerifications.verificationId, id));
    },

    /** Uses up a verified, unexpired, unused verification of this address; false when there is none. */
    async consumeVerification(email: string, tokenHash: string, now: Date) {
      const rows = await db
        .update(emailVerifications)
        .set({ consumedAt: now })
        .where(
          and(
            eq(emailVerifications.tokenHash, tokenHash),
            eq(emailVerifications.email, email),
            isNull(emailVerifications.consumedAt),
            gt(emailVerifications.tokenExpiresAt, now),
          ),
        )
        .returning({ id: emailVerifications.verificationId });
      return rows.length > 0;
    },

    // ---- trial registration

    async insertProvider(row: typeof providers.$inferInsert) {
      const [p] = await db.insert(providers).values(row).returning({ id: providers.providerId });
      return p.id;
    },

    async addContentCurator(providerId: number, contentProviderId: number) {
      await db
        .insert(providerContentCurators)
        .values({ providerId, contentProviderId })
        .onConflictDoNothing();
    },

    async providerExists(providerId: number) {
      const [row] = await db
        .select({ id: providers.providerId })
        .from(providers)
        .where(eq(providers.providerId, providerId));
      return Boolean(row);
    },

    async insertUser(row: typeof users.$inferInsert, roleId: number) {
      const [u] = await db.insert(users).values(row).returning({ id: users.userId });
      await db.insert(userRoles).values({ userId: u.id, roleId, sequence: 0 });
      return u.id;
    },

    // ---- passwords

    /** An active user whose e-mail or user name is this address. */
    async userByEmail(email: string) {
      const e = email.toLowerCase();
      const [row] = await db
        .select({ userId: users.userId, email: users.email, userName: users.userName })
        .from(users)
        .where(
          and(
            or(eq(sql`lower(${users.email})`, e), eq(sql`lower(${users.userName})`, e)),
            eq(users.isActive, true),
          ),
        )
        .limit(1);
      return row;
    },

    async passwordHash(userId: number) {
      const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.userId, userId));
      return row?.hash;
    },

    async setPassword(userId: number, passwordHash: string, now: Date) {
      await db
        .update(users)
        .set({ passwordHash, updatedBy: userId, updatedDate: now })
        .where(eq(users.userId, userId));
    },

    async insertResetToken(row: typeof passwordResetTokens.$inferInsert) {
      await db.insert(passwordResetTokens).values(row);
    },

    async resetToken(tokenHash: string) {
      const [row] = await db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.tokenHash, tokenHash));
      return row;
    },

    /** Uses the link once: marks it used if it is unused and unexpired; returns its user or undefined. */
    async useResetToken(tokenHash: string, now: Date) {
      const [row] = await db
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, tokenHash),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, now),
          ),
        )
        .returning({ userId: passwordResetTokens.userId });
      return row?.userId;
    },

    /** Every other open link of the user stops working (after a reset). */
    async retireResetTokens(userId: number, now: Date) {
      await db
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    },
  };
}
export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
