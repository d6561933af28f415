import { PLATFORM_OWNER_PROVIDER_ID, type PrivilegeArea } from '@assess/contracts/access';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import {
  licencePackages,
  privileges,
  providerContentCurators,
  providers,
  rolePrivileges,
  sessions,
  userRoles,
  users,
} from '../../db/schema';
import type { Db } from '../db/client';

export type AccountRow = Awaited<ReturnType<ReturnType<typeof createAccessRepository>['findAccount']>>;

export function createAccessRepository(db: Db) {
  return {
    /**
     * A user with its provider and package: by user id, by user name (case-insensitive), or by a live
     * session (the session's last-seen time comes along, so one query serves each request).
     */
    async findAccount(by: { userId: number } | { userName: string } | { sessionId: string; now: Date }) {
      const where =
        'userId' in by
          ? eq(users.userId, by.userId)
          : 'userName' in by
            ? eq(sql`lower(${users.userName})`, by.userName.toLowerCase())
            : and(eq(sessions.sessionId, by.sessionId), gt(sessions.expiresAt, by.now));
      const bySession = 'sessionId' in by;
      const base = db
        .select({
          sessionLastSeenAt: bySession ? sessions.lastSeenAt : sql<Date | null>`null`,
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
        .$dynamic();
      const query = bySession ? base.innerJoin(sessions, eq(sessions.userId, users.userId)) : base;
      const [row] = await query.where(where).limit(1);
      return row;
    },

    /**
     * Role ids of a user (first role first) and the privileges by area those roles grant under the
     * provider's type, in one query (this runs on every request).
     */
    async rolesAndPrivileges(userId: number, providerTypeId: number, providerId: number) {
      const ownerOnly =
        providerId === PLATFORM_OWNER_PROVIDER_ID
          ? sql`true`
          : sql`${rolePrivileges.platformOwnerOnly} = false`;
      const rows = await db
        .select({ roleId: userRoles.roleId, area: privileges.area, name: privileges.name })
        .from(userRoles)
        .leftJoin(
          rolePrivileges,
          and(
            eq(rolePrivileges.roleId, userRoles.roleId),
            eq(rolePrivileges.providerTypeId, providerTypeId),
            ownerOnly,
          ),
        )
        .leftJoin(privileges, eq(privileges.privilegeId, rolePrivileges.privilegeId))
        .where(eq(userRoles.userId, userId))
        .orderBy(
          asc(userRoles.sequence),
          asc(userRoles.roleId),
          asc(privileges.area),
          asc(privileges.privilegeId),
        );
      const roles: number[] = [];
      const byArea: Partial<Record<PrivilegeArea, string[]>> = {};
      for (const r of rows) {
        if (!roles.includes(r.roleId)) roles.push(r.roleId);
        if (!r.area || !r.name) continue;
        const list = (byArea[r.area as PrivilegeArea] ??= []);
        if (!list.includes(r.name)) list.push(r.name);
      }
      return { roles, privileges: byArea };
    },

    async contentProviderIds(providerId: number) {
      const rows = await db
        .select({ id: providerContentCurators.contentProviderId })
        .from(providerContentCurators)
        .where(eq(providerContentCurators.providerId, providerId));
      return rows.map((r) => r.id);
    },
  };
}
export type AccessRepository = ReturnType<typeof createAccessRepository>;
