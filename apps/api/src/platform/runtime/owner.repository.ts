import { Package, ProviderType, Role, UserType } from '@assess/contracts/access';
import { eq, sql } from 'drizzle-orm';
import { providers, userRoles, users } from '../../db/schema';
import type { Database } from '../db/client';

/** Provider 0 is the platform owner (the product's operator): its Super User administers every provider. */
export const OWNER_PROVIDER_ID = 0;

export type NewOwner = { email: string; firstName: string; lastName: string; passwordHash: string };

/** The platform owner's first administrator (npm run create-owner), written in one transaction. */
export function createOwnerRepository(db: Database) {
  return {
    /** The user name of an existing owner account, if any. */
    async existingOwner(): Promise<string | undefined> {
      const [row] = await db
        .select({ userName: users.userName })
        .from(users)
        .where(eq(users.providerId, OWNER_PROVIDER_ID))
        .limit(1);
      return row?.userName;
    },
    async userNameTaken(email: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.userId })
        .from(users)
        .where(sql`lower(${users.userName}) = ${email.toLowerCase()}`)
        .limit(1);
      return row !== undefined;
    },
    /** Creates provider 0 when absent and its Super User; refuses (returns false) when an owner appeared meanwhile. */
    async create(owner: NewOwner): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`lock table ${users} in share row exclusive mode`);
        const [existing] = await tx
          .select({ id: users.userId })
          .from(users)
          .where(eq(users.providerId, OWNER_PROVIDER_ID))
          .limit(1);
        if (existing) return false;
        await tx
          .insert(providers)
          .values({
            providerId: OWNER_PROVIDER_ID,
            name: 'Platform Owner',
            detailedName: 'Platform Owner',
            providerTypeId: ProviderType.ERP,
            packageId: Package.Platinum,
            validFrom: new Date(Date.UTC(2020, 0, 1)),
            validTo: new Date(Date.UTC(2099, 11, 31, 23, 59, 59)),
          })
          .onConflictDoNothing();
        const [user] = await tx
          .insert(users)
          .values({
            providerId: OWNER_PROVIDER_ID,
            userTypeId: UserType.Staff,
            userName: owner.email,
            email: owner.email,
            passwordHash: owner.passwordHash,
            firstName: owner.firstName,
            lastName: owner.lastName,
            fullName: [owner.firstName, owner.lastName].filter(Boolean).join(' '),
          })
          .returning({ id: users.userId });
        await tx.insert(userRoles).values({ userId: user.id, roleId: Role.SuperUser, sequence: 0 });
        return true;
      });
    },
  };
}
