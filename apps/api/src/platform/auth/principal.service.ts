import { Package } from '@assess/contracts/access';
import type { Session } from '@assess/contracts/auth';
import type { AccessRepository, AccountRow } from '../access/access.repository';
import type { Principal } from './principal';

type Account = NonNullable<AccountRow>;

/** Builds the principal (server side) and the session answer (client side) from one account. */
export function createPrincipalService(deps: {
  access: Pick<AccessRepository, 'rolesAndPrivileges' | 'contentProviderIds'>;
}) {
  return {
    async build(account: Account, sessionId: string): Promise<Principal> {
      const [{ roles, privileges }, contentProviderIds] = await Promise.all([
        deps.access.rolesAndPrivileges(account.userId, account.providerTypeId, account.providerId),
        deps.access.contentProviderIds(account.providerId),
      ]);
      return {
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
      };
    },

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
