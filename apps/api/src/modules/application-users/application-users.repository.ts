import { UserType } from '@assess/contracts/access';
import type { PageQuery } from '@assess/contracts/common';
import { and, asc, count, desc, eq, exists, inArray, ne, notExists, or, sql } from 'drizzle-orm';
import { applicationUserClosures, providerTypeRoles, roles, userRoles, users } from '../../db/schema';
import type { Db } from '../../platform/db/client';
import { pageOf } from '../../platform/db/paging';
import { lockProvider } from '../../platform/db/quota';

/** A password hash that never verifies (a closed user cannot sign in even with the old password). */
const NO_PASSWORD = 'closed';

export type NewApplicationUser = {
  providerId: number;
  userTypeId: number;
  userName: string;
  passwordHash: string;
  firstName: string;
  middleName: string;
  lastName: string;
  email: string;
  mobile: string;
  address: string;
  createdBy: number;
  now: Date;
};
export type ApplicationUserChanges = Omit<
  NewApplicationUser,
  'providerId' | 'userTypeId' | 'passwordHash' | 'createdBy'
> & { passwordHash: string | null; updatedBy: number };
export type Identity = { userName?: string; email?: string; mobile?: string };

/**
 * Staff users of a provider: users of any type but student (4) that are not closed. Roles live in
 * user_roles (the first by sequence is "the" role); allowed roles per provider type in provider_type_roles.
 */
export function createApplicationUsersRepository(db: Db) {
  const notClosed = notExists(
    db
      .select({ one: sql`1` })
      .from(applicationUserClosures)
      .where(eq(applicationUserClosures.userId, users.userId)),
  );
  const staffOf = (providerId: number) =>
    and(eq(users.providerId, providerId), ne(users.userTypeId, UserType.Student), notClosed);
  /** The user's first role (lowest sequence, then id). */
  // qualified by hand: drizzle leaves columns of a select list unqualified, and inside the subquery an
  // unqualified user_id would be user_roles' own
  const firstRoleId = sql<number | null>`(
    select ur.role_id from ${userRoles} ur where ur.user_id = ${users}.${sql.identifier(users.userId.name)}
    order by ur.sequence, ur.role_id limit 1)`;
  const columns = {
    userId: users.userId,
    userName: users.userName,
    firstName: users.firstName,
    middleName: users.middleName,
    lastName: users.lastName,
    email: users.email,
    mobile: users.mobile,
    userTypeId: users.userTypeId,
    roleId: firstRoleId.mapWith((v) => (v === null ? null : Number(v))),
  };

  async function withRoleNames<R extends { roleId: number | null }>(rows: R[]) {
    const ids = [...new Set(rows.map((r) => r.roleId).filter((id): id is number => id !== null))];
    const names = ids.length
      ? await db.select({ id: roles.roleId, name: roles.name }).from(roles).where(inArray(roles.roleId, ids))
      : [];
    const byId = new Map(names.map((n) => [n.id, n.name]));
    return rows.map((r) => ({ ...r, roleName: r.roleId === null ? null : (byId.get(r.roleId) ?? null) }));
  }

  return {
    /** Locks the provider's row: every write of its users takes it first (licence count, last admin). */
    lockProvider: (providerId: number) => lockProvider(db, providerId),

    async page(providerId: number, page: PageQuery) {
      const where = staffOf(providerId);
      const rows = db.select(columns).from(users).where(where).orderBy(desc(users.userId));
      const { items, totalCount } = await pageOf(db, rows, { table: users, where }, page);
      return { items: await withRoleNames(items), totalCount };
    },

    /** One staff user of the provider, with every role it holds (roleIds) besides the first (roleId). */
    async find(providerId: number, userId: number) {
      const [row] = await db
        .select({ ...columns, address: users.address, isActive: users.isActive })
        .from(users)
        .where(and(eq(users.userId, userId), staffOf(providerId)));
      if (!row) return undefined;
      const held = await db
        .select({ roleId: userRoles.roleId })
        .from(userRoles)
        .where(eq(userRoles.userId, userId));
      const [named] = await withRoleNames([row]);
      return { ...named, roleIds: held.map((r) => r.roleId) };
    },

    /** Staff users counted by the ApplicationUsers licence. */
    async countStaff(providerId: number) {
      const [row] = await db.select({ n: count() }).from(users).where(staffOf(providerId));
      return row?.n ?? 0;
    },

    /** Active staff users other than `exceptUserId` holding any of `roleIds`. */
    async countWithRoles(providerId: number, roleIds: number[], exceptUserId: number) {
      if (!roleIds.length) return 0;
      const holds = exists(
        db
          .select({ one: sql`1` })
          .from(userRoles)
          .where(and(eq(userRoles.userId, users.userId), inArray(userRoles.roleId, roleIds))),
      );
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .where(and(staffOf(providerId), eq(users.isActive, true), ne(users.userId, exceptUserId), holds));
      return row?.n ?? 0;
    },

    async allowedRoles(providerTypeId: number) {
      return db
        .select({ roleId: roles.roleId, name: roles.name })
        .from(providerTypeRoles)
        .innerJoin(roles, eq(roles.roleId, providerTypeRoles.roleId))
        .where(eq(providerTypeRoles.providerTypeId, providerTypeId))
        .orderBy(asc(roles.roleId));
    },

    /** Which of user name, e-mail and mobile another user (any provider) already holds. */
    async taken(identity: Identity, exceptUserId?: number) {
      const conds = [
        identity.userName ? eq(sql`lower(${users.userName})`, identity.userName.toLowerCase()) : undefined,
        identity.email ? eq(sql`lower(${users.email})`, identity.email.toLowerCase()) : undefined,
        identity.mobile ? eq(users.mobile, identity.mobile) : undefined,
      ].filter((c) => c !== undefined);
      if (!conds.length) return { userName: false, email: false, mobile: false };
      const rows = await db
        .select({ userName: users.userName, email: users.email, mobile: users.mobile })
        .from(users)
        .where(and(or(...conds), exceptUserId ? ne(users.userId, exceptUserId) : undefined))
        .limit(3);
      const lower = (v: string | null | undefined) => v?.toLowerCase();
      return {
        userName: !!identity.userName && rows.some((r) => lower(r.userName) === lower(identity.userName)),
        email: !!identity.email && rows.some((r) => lower(r.email) === lower(identity.email)),
        mobile: !!identity.mobile && rows.some((r) => r.mobile === identity.mobile),
      };
    },

    async insert(u: NewApplicationUser, roleId: number) {
      const [row] = await db
        .insert(users)
        .values({
          providerId: u.providerId,
          userTypeId: u.userTypeId,
          userName: u.userName,
          passwordHash: u.passwordHash,
          firstName: u.firstName,
          middleName: u.middleName,
          lastName: u.lastName,
          fullName: `${u.firstName} ${u.lastName}`,
          email: u.email,
          mobile: u.mobile,
          address: u.address,
          isActive: true,
          createdBy: u.createdBy,
          createdDate: u.now,
          updatedBy: u.createdBy,
          updatedDate: u.now,
        })
        .returning({ userId: users.userId });
      await db.insert(userRoles).values({ userId: row.userId, roleId, sequence: 0 });
      return row.userId;
    },

    /** Updates the details (and the password when a new hash is given); `roleId` replaces the roles. */
    async update(userId: number, c: ApplicationUserChanges, roleId: number | null) {
      await db
        .update(users)
        .set({
          userName: c.userName,
          firstName: c.firstName,
          middleName: c.middleName,
          lastName: c.lastName,
          fullName: `${c.firstName} ${c.lastName}`,
          email: c.email,
          mobile: c.mobile,
          address: c.address,
          ...(c.passwordHash ? { passwordHash: c.passwordHash } : {}),
          updatedBy: c.updatedBy,
          updatedDate: c.now,
        })
        .where(eq(users.userId, userId));
      if (roleId !== null) {
        await db.delete(userRoles).where(eq(userRoles.userId, userId));
        await db.insert(userRoles).values({ userId, roleId, sequence: 0 });
      }
    },

    /** Closes a user: the closure keeps the identity; the account is deactivated and its identity freed. */
    async close(providerId: number, userId: number, closedBy: number, now: Date) {
      const [u] = await db
        .select({ userName: users.userName, email: users.email, mobile: users.mobile })
        .from(users)
        .where(eq(users.userId, userId));
      if (!u) return;
      await db.insert(applicationUserClosures).values({
        userId,
        providerId,
        userName: u.userName,
        email: u.email,
        mobile: u.mobile,
        closedBy,
        closedDate: now,
      });
      await db
        .update(users)
        .set({
          isActive: false,
          userName: `closed-${userId}@closed.invalid`,
          email: null,
          mobile: null,
          passwordHash: NO_PASSWORD,
          updatedBy: closedBy,
          updatedDate: now,
        })
        .where(eq(users.userId, userId));
    },
  };
}
export type ApplicationUsersRepository = ReturnType<typeof createApplicationUsersRepository>;
