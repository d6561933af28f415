import { Package } from '@assess/contracts/access';
import type { Session } from '@assess/contracts/auth';
import {
  type AccessRepository,
  type AccountRow,
  foldGrants,
  type SessionAccountRow,
} from '../access/access.repository';
import type { Principal } from './principal';

type Account = NonNullable<AccountRow>;

/** Builds the principal (server side) and the session answer (client side) from one account. */
export function createPrincipalService(deps: {
  access: Pick<AccessRepository, 'rolesAndPrivileges' | 'contentProviderIds'>;
}) {
  const principalOf = (
    account: Account,
    sessionId: string,
    { roles, privileges }: ReturnType<typeof foldGrants>,
    contentProviderIds: number[],
  ): Principal => ({
    sessionId,
    userId: account.userId,
    userName: account.userName,
    userTypeId: account.userTypeId,
    providerId: account.providerId,
    providerTypeId: account.providerTypeId,
    packageId: account.packageId,
    parentProviderId: account.parentProviderId,
    contentProviderIds,
    roles,
    privileges,
    licence: account.limits,
  });
  return {
    /** At sign-in: the account's grants and content providers read alongside. */
    async build(account: Account, sessionId: string): Promise<Principal> {
      const [grants, contentProviderIds] = await Promise.all([
        deps.access.rolesAndPrivileges(account.userId, account.providerTypeId, account.providerId),
        deps.access.contentProviderIds(account.providerId),
      ]);
      return principalOf(account, sessionId, grants, contentProviderIds);
    },

    /** On every request: the session's row already holds the grants and content providers (one query). */
    fromSession: (row: SessionAccountRow, sessionId: string): Principal =>
      principalOf(row, sessionId, foldGrants(row.grants), row.contentProviderIds),

    toSession(account: Account, p: Principal): Session {
      const iso = (d: Date | null) => (d ? d.toISOString() : null);
      return {
        userDetails: {
          userId: p.userId,
          userName: p.userName,
          firstName: account.firstName,
          lastName: account.lastName,
          fullName: account.fullName,
          email: account.email,
          providerId: p.providerId,
          providerName: account.providerName,
          providerTypeId: p.providerTypeId,
          contentProviderIds: p.contentProviderIds,
          userTypeId: p.userTypeId,
          validFrom: iso(account.validFrom),
          validTo: iso(account.validTo),
        },
        privilegeObject: {
          packageId: p.packageId,
          privileges: p.privileges as Record<string, string[]>,
          roles: p.roles.map((id) => ({ id })),
        },
        licenseObject: { packageId: p.packageId, ...p.licence },
        trialAlert: p.packageId === Package.Trial,
        validTo: iso(account.validTo),
      };
    },
  };
}
export type PrincipalService = ReturnType<typeof createPrincipalService>;
