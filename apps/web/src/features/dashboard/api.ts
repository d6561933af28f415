import type { Session } from '@assess/contracts/auth';
import { dashboardEndpoints, dashboardMessages } from '@assess/contracts/dashboard';
import type { ProviderRow } from '@assess/contracts/providers';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

export const dashboardKeys = { all: ['dashboard'] as const };

/** GET /api/dashboard. A failure is only logged (spec §8 'error in fetching details.'); the cards stay empty. */
export function useDashboard() {
  return useQuery({
    queryKey: dashboardKeys.all,
    queryFn: async () => {
      try {
        return await call(dashboardEndpoints.get);
      } catch (e) {
        console.error(dashboardMessages.fetchFailed, e);
        throw e;
      }
    },
    retry: false,
  });
}

/** The caller's own provider as a provider row (the Products card opens its Subscriptions dialog). */
export const ownProviderRow = (session: Session): ProviderRow => {
  const u = session.userDetails;
  return {
    providerId: u.providerId,
    name: u.providerName,
    detailedName: null,
    providerTypeId: u.providerTypeId,
    packageId: session.privilegeObject.packageId,
    parentProviderId: null,
    parentProviderName: null,
    email: null,
    mobile: null,
    website: null,
    phone: null,
    isActive: true,
    validFrom: u.validFrom,
    validTo: u.validTo,
    providerKey: null,
    contentCuratorNames: [],
    createdDate: '',
  };
};
