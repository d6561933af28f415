import { PLATFORM_OWNER_PROVIDER_ID, type PrivilegeArea } from '@assess/contracts/access';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import {
  licencePackages,
  privileges,
  providerContentCurators,
  providers,
  rolePrivileges,
  userRoles,
  users,
} from '../../db/schema';
import type { Db } from '../db/client';

export type AccountRow = Awaited<ReturnType<ReturnType<typeof createAccessRepository>['findAccount']>>;

export function createAccessRepository(db: Db) {
  return {
    /** A user with its provider and package, by user id or by user name (case-insensitive). */
    async findAccount(by: { userId: number } | { userName: string }) {
      const where =
        'userId' in by
          ? eq(users.userId, by.userId)
          : eq(sql`lower(${users.userName})`, by.userName.toLowerCase());
      const [row] = await db
        .select({
          userId: users.userId,
          userName: users.userName,
          passwordHash: users.passwordHash,
          firstName: users.firstName,
          lastName: users.lastName,
          fullName: users.fullName,
          email: users.email,
          userTypeId: users.userTypeId,
          userActive: users.isActive,
          providerId: providers.providerId,
          providerName: providers.name,
          providerTypeId: providers.providerTypeId,
          parentProviderId: providers.parentProviderId,
          providerActive: providers.isActive,
          packageId: providers.packageId,
          validFrom: providers.validFrom,
          validTo: providers.validTo,
          limits: licencePackages.limits,
        })
        .from(users)
        .innerJoin(providers, eq(providers.providerId, users.providerId))
        .innerJoin(licencePackages, eq(licencePackages.packageId, providers.packageId))
        .where(where)
        .limit(1);
      return row;
    },

    /** Role ids of a user, first role first. */
    async roleIds(userId: number) {
      const rows = await db
        .select({ roleId: userRoles.roleId })
        .from(userRoles)
        .where(eq(userRoles.userId, userId))
        .orderBy(asc(userRoles.sequence), asc(userRoles.roleId));
      return rows.map((r) => r.roleId);
    },

    /** Privileges by area granted by the given roles under the provider's type. */
    async privilegesFor(roleIds: number[], providerTypeId: number, providerId: number) {
      if (roleIds.length === 0) return {};
      const rows = await db
        .selectDistinct({ id: privileges.privilegeId, area: privileges.area, name: privileges.name })
        .from(rolePrivileges)
        .innerJoin(privileges, eq(privileges.privilegeId, rolePrivileges.privilegeId))
        .where(
          and(
            sql`${rolePrivileges.roleId} in ${roleIds}`,
            eq(rolePrivileges.providerTypeId, providerTypeId),
            providerId === PLATFORM_OWNER_PROVIDER_ID
              ? undefined
              : eq(rolePrivileges.platformOwnerOnly, false),
          ),
        )
        .orderBy(asc(privileges.area), asc(privileges.privilegeId));
      const byArea: Partial<Record<PrivilegeArea, string[]>> = {};
      for (const r of rows) (byArea[r.area as PrivilegeArea] ??= []).push(r.name);
      return byArea;
    },

    async contentProviderIds(providerId: number) {
      const rows = await db
        .select({ id: providerContentCurators.contentProviderId })
        .from(providerContentCurators)
        .where(eq(providerContentCurators.providerId, providerId));
      return rows.map((r) => r.id);
    },

    /** Ids of the provider and its child providers (aggregators reach their children). */
    async providerAndChildren(providerId: number) {
      const rows = await db
        .select({ id: providers.providerId })
        .from(providers)
        .where(or(eq(providers.providerId, providerId), eq(providers.parentProviderId, providerId)));
      return rows.map((r) => r.id);
    },
  };
}
export type AccessRepository = ReturnType<typeof createAccessRepository>;
