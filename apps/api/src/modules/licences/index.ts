import type { AggregatorSummary } from '@assess/contracts/providers';
import { unitOfWork } from '../../platform/db/unit-of-work';
import { defineModule } from '../../platform/modules';
import { countCard, type DashboardCaller, dashboardWidgets } from '../dashboard';
import { createLicencesRepository } from './licences.repository';
import { licenceRoutes } from './licences.routes';
import { createLicencesService } from './licences.service';

/** Licence provisioning (issue 17; the provider page's licences): routes; returns its service for tests. */
export const licencesModule = defineModule({
  name: 'licences',
  register(app, deps) {
    const withTransaction = unitOfWork(deps.db, (tx) => ({ licences: createLicencesRepository(tx) }));
    const licences = createLicencesService({
      repo: createLicencesRepository(deps.db),
      withTransaction,
      clock: deps.clock,
    });
    licenceRoutes(app, { licences });
    // Part 3 §2 the role-7 dashboard cards: one summary (four counts) per dashboard computation.
    // (the four loads start in the same tick; the shared read is forgotten once it settles)
    const inFlight = new Map<string, Promise<AggregatorSummary>>();
    const summaryAt = (caller: DashboardCaller, now: Date) => {
      const key = `${caller.providerId}:${now.getTime()}`;
      let s = inFlight.get(key);
      if (!s) {
        s = licences.summary(caller);
        inFlight.set(key, s);
        void s.finally(() => inFlight.delete(key)).catch(() => {});
      }
      return s;
    };
    for (const [id, field] of [
      ['providers', 'totalProvidersCount'],
      ['products', 'totalProductsCount'],
      ['provisionLicenses', 'provisionedLicensesCount'],
      ['assignedLicenses', 'assignedLicensesCount'],
    ] as const)
      deps.extensions.contribute(
        dashboardWidgets,
        id,
        countCard(id, async (c, now) => (await summaryAt(c, now))[field]),
      );
    return { licences };
  },
});
