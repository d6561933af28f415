import { PLATFORM_OWNER_PROVIDER_ID, type PrivilegeArea } from '@assess/contracts/access';
import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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
export type SessionAccountRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createAccessRepository>['findSessionAccount']>>
>;

/** One grant row: a role of the user and one privilege (area, name) it grants, or nulls when it grants none. */
export type GrantRow = [roleId: number, area: string | null, name: string | null];

/** Role ids (first role first) and the privileges by area, from grant rows in (sequence, role, area, id) order. */
export function foldGrants(rows: readonly GrantRow[]) {
  const roles: number[] = [];
  const byArea: Partial<Record<PrivilegeArea, string[]>> = {};
  for (const [roleId, area, name] of rows) {
    if (!roles.includes(roleId)) roles.push(roleId);
    if (!area || !name) continue;
    const list = (byArea[area as PrivilegeArea] ??= []);
    if (!list.includes(name)) list.push(name);
  }
  return { roles, privileges: byArea };
}

/** The content providers whose content a provider reads (its curators' rows): sessions and Provision Licenses. */
export async function contentProviderIdsOf(db: Db, providerId: number) {
  const rows = await db
    .select({ id: providerContentCurators.contentProviderId })
    .from(providerContentCurators)
    .where(eq(providerContentCurators.providerId, providerId));
  return rows.map((r) => r.id);
}

export function createAccessRepository(db: Db) {
  /** A user with its provider and package (plus the extra columns given), ready for its where clause. */
  const accountQuery = <Extra extends Record<string, SQL | AnyPgColumn | SQL.Aliased>>(extra: Extra) =>
    db
      .select({
        ...extra,
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
  const prepareSessionQuery = () =>
    accountQuery({
      sessionLastSeenAt: sessions.lastSeenAt,
      grants: sql<GrantRow[]>`coalesce((
          select json_agg(json_build_array(ur.role_id, pv.area, pv.name)
                          order by ur.sequence, ur.role_id, pv.area, pv.privilege_id)
          from ${userRoles} ur
          left join ${rolePrivileges} rp on rp.role_id = ur.role_id
            and rp.provider_type_id = ${providers.providerTypeId}
            and (${providers.providerId} = ${sql.raw(String(PLATFORM_OWNER_PROVIDER_ID))}
                 or rp.platform_owner_only = false)
          left join ${privileges} pv on pv.privilege_id = rp.privilege_id
          where ur.user_id = ${users.userId}), '[]'::json)`,
      contentProviderIds: sql<number[]>`coalesce((
          select json_agg(c.content_provider_id) from ${providerContentCurators} c
          where c.provider_id = ${users.providerId}), '[]'::json)`,
    })
      .innerJoin(sessions, eq(sessions.userId, users.userId))
      .where(
        and(
          eq(sessions.sessionId, sql.placeholder('sessionId')),
          gt(sessions.expiresAt, sql.placeholder('now')),
        ),
      )
      .limit(1)
      .prepare('session_account');
  let sessionQuery: ReturnType<typeof prepareSessionQuery> | undefined;
  return {
    /** A user with its provider and package: by user id or by user name (case-insensitive). */
    async findAccount(by: { userId: number } | { userName: string }) {
      const where =
        'userId' in by
          ? eq(users.userId, by.userId)
          : eq(sql`lower(${users.userName})`, by.userName.toLowerCase());
      const [row] = await accountQuery({ sessionLastSeenAt: sql<Date | null>`null` }).where(where).limit(1);
      return row;
    },

    /**
     * What every authenticated request needs, in ONE prepared statement (one round trip, no SQL rebuilt per
     * request): the live session's account with its provider and package, its role and privilege grants (the
     * rows rolesAndPrivileges folds) and its provider's content providers.
     */
    async findSessionAccount(sessionId: string, now: Date) {
      sessionQuery ??= prepareSessionQuery();
      const [row] = await sessionQuery.execute({ sessionId, now: now.toISOString() });
      return row;
    },

    /**
     * Role ids of a user (first role first) and the privileges by area those roles grant under the
     * provider's type, in one query (at sign-in; a request's session brings them along: findSessionAccount).
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
      return foldGrants(rows.map((r) => [r.roleId, r.area, r.name] as GrantRow));
    },

    contentProviderIds: (providerId: number) => contentProviderIdsOf(db, providerId),
  };
}
export type AccessRepository = ReturnType<typeof createAccessRepository>;
