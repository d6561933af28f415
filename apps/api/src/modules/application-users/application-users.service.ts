import {
  APPLICATION_USER_TYPE,
  type ApplicationUserBody,
  type ApplicationUserDetail,
  type ApplicationUserList,
  administeringRoles,
  applicationUserMessages as m,
  type RoleOption,
} from '@assess/contracts/application-users';
import type { MessageResult, PageQuery } from '@assess/contracts/common';
import { assertWithinLicence } from '../../platform/access/licence';
import type { Principal } from '../../platform/auth/principal';
import type { SessionRepository } from '../../platform/auth/session.repository';
import type { UnitOfWork } from '../../platform/db/unit-of-work';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../platform/http/errors';
import type { ApplicationUsersRepository, Identity } from './application-users.repository';

type Caller = Pick<Principal, 'userId' | 'providerId' | 'providerTypeId' | 'licence'>;
type Repo = Pick<
  ApplicationUsersRepository,
  | 'lockProvider'
  | 'page'
  | 'find'
  | 'countStaff'
  | 'countWithRoles'
  | 'allowedRoles'
  | 'taken'
  | 'insert'
  | 'update'
  | 'close'
>;
export type ApplicationUsersUnit = {
  users: Repo;
  sessions: Pick<SessionRepository, 'deleteForUser'>;
};

/** The identity a user keeps unique across the platform, and the message when another user holds it. */
const identityMessages = { userName: m.userNameExists, email: m.emailExists, mobile: m.mobileExists };
const constraintMessages: Record<string, string> = {
  users_user_name_uq: m.userNameExists,
  users_email_uq: m.emailExists,
  users_mobile_uq: m.mobileExists,
};

/** A unique violation of the users table (two saves racing past the checks) as the field's message. */
/** The person fields of the body as the row stores them (create and update write the same ones). */
const personFields = ({ firstName, middleName, lastName, email, mobile, address }: ApplicationUserBody) => ({
  firstName,
  middleName,
  lastName,
  email,
  mobile,
  address,
});

function asIdentityConflict(e: unknown) {
  for (const [constraint, message] of Object.entries(constraintMessages)) {
    if (isUniqueViolation(e, constraint)) return conflict(message);
  }
  return e;
}

/**
 * Application users (part 3 "Application Users"): staff of the caller's provider. Every write locks the
 * provider first, so the licence count and the last-administrator rule hold under concurrent requests.
 */
export function createApplicationUsersService(deps: {
  users: Pick<Repo, 'page' | 'find' | 'allowedRoles' | 'taken'>;
  withTransaction: UnitOfWork<ApplicationUsersUnit>;
  hashPassword: (password: string) => Promise<string>;
  clock: () => Date;
}) {
  async function assertRoleAllowed(caller: Caller, roleId: number, users: Pick<Repo, 'allowedRoles'>) {
    const allowed = await users.allowedRoles(caller.providerTypeId);
    if (!allowed.some((r) => r.roleId === roleId)) {
      throw badRequest(m.roleNotAllowed, { roleId: [m.roleNotAllowed] });
    }
  }

  /** The user holds an administering role and no other active user of the provider does. */
  async function isLastAdministrator(
    users: Pick<Repo, 'countWithRoles'>,
    caller: Caller,
    user: { userId: number; roleIds: number[] },
  ) {
    const admins = administeringRoles(caller.providerTypeId) as number[];
    if (!user.roleIds.some((r) => admins.includes(r))) return false;
    return (await users.countWithRoles(caller.providerId, admins, user.userId)) === 0;
  }

  async function assertIdentityFree(users: Pick<Repo, 'taken'>, identity: Identity, exceptUserId?: number) {
    const taken = await users.taken(identity, exceptUserId);
    // e-mail first: the user name is the e-mail unless another one is given
    for (const key of ['email', 'mobile', 'userName'] as const) {
      if (taken[key]) throw conflict(identityMessages[key]);
    }
  }

  return {
    async list(caller: Caller, page: PageQuery): Promise<ApplicationUserList> {
      return deps.users.page(caller.providerId, page);
    },

    async detail(caller: Caller, userId: number): Promise<ApplicationUserDetail> {
      const user = await deps.users.find(caller.providerId, userId);
      if (!user) throw notFound(m.notFound);
      const { roleIds: _held, ...detail } = user;
      return detail;
    },

    async roles(caller: Caller): Promise<RoleOption[]> {
      return deps.users.allowedRoles(caller.providerTypeId);
    },

    async userNameExists(userName: string, userId?: number) {
      const taken = await deps.users.taken({ userName }, userId);
      return { exists: taken.userName };
    },

    async create(caller: Caller, body: ApplicationUserBody) {
      await assertRoleAllowed(caller, body.roleId, deps.users);
      const userName = body.userName || body.email;
      const passwordHash = await deps.hashPassword(body.password);
      const now = deps.clock();
      try {
        const userId = await deps.withTransaction(async ({ users }) => {
          await users.lockProvider(caller.providerId);
          assertWithinLicence(caller, 'ApplicationUsers', await users.countStaff(caller.providerId));
          await assertIdentityFree(users, { userName, email: body.email, mobile: body.mobile });
          return users.insert(
            {
              providerId: caller.providerId,
              userTypeId: APPLICATION_USER_TYPE,
              userName,
              passwordHash,
              ...personFields(body),
              createdBy: caller.userId,
              now,
            },
            body.roleId,
          );
        });
        return { userId, message: m.created };
      } catch (e) {
        throw asIdentityConflict(e);
      }
    },

    /**
     * Updates a user of the caller's provider. Changing a role: only to a role of the provider type, never
     * one's own, and never away from the provider's last administering role. A new password ends the
     * user's other sessions (not the caller's own).
     */
    async update(caller: Caller, userId: number, body: ApplicationUserBody) {
      const passwordHash = body.password ? await deps.hashPassword(body.password) : null;
      const userName = body.userName || body.email;
      const now = deps.clock();
      try {
        await deps.withTransaction(async ({ users, sessions }) => {
          await users.lockProvider(caller.providerId);
          const current = await users.find(caller.providerId, userId);
          if (!current) throw notFound(m.notFound);
          const roleChanged = body.roleId !== current.roleId;
          if (roleChanged) {
            await assertRoleAllowed(caller, body.roleId, users);
            if (userId === caller.userId) throw forbidden(m.cannotChangeOwnRole);
            const admins = administeringRoles(caller.providerTypeId) as number[];
            if (!admins.includes(body.roleId) && (await isLastAdministrator(users, caller, current))) {
              throw conflict(m.lastAdminDemote);
            }
          }
          await assertIdentityFree(users, { userName, email: body.email, mobile: body.mobile }, userId);
          await users.update(
            userId,
            {
              userName,
              ...personFields(body),
              passwordHash,
              updatedBy: caller.userId,
              now,
            },
            roleChanged ? body.roleId : null,
          );
          if (passwordHash && userId !== caller.userId) await sessions.deleteForUser(userId);
        });
        return { userId, message: m.updated };
      } catch (e) {
        throw asIdentityConflict(e);
      }
    },

    /** Deletes (closes) a user of the caller's provider and ends the user's sessions. */
    async remove(caller: Caller, userId: number): Promise<MessageResult> {
      await deps.withTransaction(async ({ users, sessions }) => {
        await users.lockProvider(caller.providerId);
        const current = await users.find(caller.providerId, userId);
        if (!current) throw notFound(m.notFound);
        if (userId === caller.userId) throw forbidden(m.cannotDeleteSelf);
        if (await isLastAdministrator(users, caller, current)) throw conflict(m.lastAdminDelete);
        await users.close(caller.providerId, userId, caller.userId, deps.clock());
        await sessions.deleteForUser(userId);
      });
      return { message: m.deleted };
    },
  };
}
export type ApplicationUsersService = ReturnType<typeof createApplicationUsersService>;
