import { UserType } from '@assess/contracts/access';
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { providers, sessions, studentProfiles, userRoles, users } from '../../db/schema';
import { newRowAudit } from '../../platform/db/audit';
import type { Db } from '../../platform/db/client';

const adminColumns = {
  userId: users.userId,
  userName: users.userName,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  mobile: users.mobile,
  address: users.address,
};
const staffTypes = [UserType.Staff, UserType.ProviderUser];

/** The provider's admin user (the wizard's step 2) and the dummy students of a new Content Partner. */
export function createProviderUsersRepository(db: Db) {
  return {
    /**
     * The admin user: the one the wizard recorded while it is active, else the provider's first active
     * staff user (providers made before the wizard, e.g. by trial registration). Never the password.
     */
    async adminOf(providerId: number) {
      const [recorded] = await db
        .select(adminColumns)
        .from(providers)
        .innerJoin(users, eq(users.userId, providers.adminUserId))
        .where(and(eq(providers.providerId, providerId), eq(users.isActive, true)));
      if (recorded) return recorded;
      const [first] = await db
        .select(adminColumns)
        .from(users)
        .where(
          and(
            eq(users.providerId, providerId),
            inArray(users.userTypeId, staffTypes),
            eq(users.isActive, true),
          ),
        )
        .orderBy(asc(users.userId))
        .limit(1);
      return first;
    },

    /** A user (any provider, any type) whose e-mail or user name is this address. */
    async emailTaken(email: string, exceptUserId?: number) {
      const e = email.trim().toLowerCase();
      const [row] = await db
        .select({ id: users.userId })
        .from(users)
        .where(
          and(
            or(eq(sql`lower(${users.email})`, e), eq(sql`lower(${users.userName})`, e)),
            exceptUserId === undefined ? undefined : ne(users.userId, exceptUserId),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    async mobileTaken(mobile: string, exceptUserId?: number) {
      const [row] = await db
        .select({ id: users.userId })
        .from(users)
        .where(
          and(
            eq(users.mobile, mobile.trim()),
            exceptUserId === undefined ? undefined : ne(users.userId, exceptUserId),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    /** Creates the admin user with its role and records it on the provider. */
    async insertAdmin(values: typeof users.$inferInsert, roleId: number) {
      const [row] = await db.insert(users).values(values).returning({ userId: users.userId });
      await db.insert(userRoles).values({ userId: row.userId, roleId, sequence: 0 });
      await db
        .update(providers)
        .set({ adminUserId: row.userId })
        .where(eq(providers.providerId, values.providerId));
      return row.userId;
    },

    async updateAdmin(userId: number, values: Partial<typeof users.$inferInsert>) {
      await db.update(users).set(values).where(eq(users.userId, userId));
    },

    /** Ends the user's sessions (after an administrator changed the password). */
    async endSessions(userId: number) {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },

    /** Dummy students (user type 4) of a new Content Partner; they cannot sign in (no one knows the password). */
    async insertDummyStudents(
      providerId: number,
      count: number,
      passwordHash: string,
      now: Date,
      by: number,
    ) {
      const rows = Array.from({ length: count }, (_, i) => ({
        providerId,
        userTypeId: UserType.Student,
        userName: `dummy.student${i + 1}.p${providerId}@example.com`,
        email: `dummy.student${i + 1}.p${providerId}@example.com`,
        passwordHash,
        firstName: 'Dummy',
        lastName: `Student ${i + 1}`,
        fullName: `Dummy Student ${i + 1}`,
        isActive: true,
        ...newRowAudit(by, now),
      }));
      const created = await db.insert(users).values(rows).returning({ userId: users.userId });
      await db.insert(studentProfiles).values(
        created.map((u) => ({
          userId: u.userId,
          providerId,
          createdBy: by,
          createdDate: now,
          updatedDate: now,
        })),
      );
      return created.length;
    },
  };
}
export type ProviderUsersRepository = ReturnType<typeof createProviderUsersRepository>;
