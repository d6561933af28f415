import { dashboardEndpoints, dashboardMessages } from '@assess/contracts/dashboard';
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
