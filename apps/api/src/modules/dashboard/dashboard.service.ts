import { type Dashboard, dashboardWidgetOrder } from '@assess/contracts/dashboard';
import type { Principal } from '../../platform/auth/principal';
import type { DashboardRepository } from './dashboard.repository';
import { type DashboardWidgetDef, dashboardOwnWidgets } from './dashboard.widgets';

type Caller = Pick<
  Principal,
  'userId' | 'providerId' | 'privileges' | 'roles' | 'providerTypeId' | 'packageId' | 'contentProviderIds'
>;
const rank = (w: DashboardWidgetDef) => dashboardWidgetOrder.indexOf(w.id);

/** How long a computed dashboard is served again (the cards show when it was computed: "Updated"). */
export const DASHBOARD_CACHE_MS = 30_000;
const MAX_CACHED = 1000;

export function createDashboardService(deps: {
  repo: DashboardRepository;
  clock: () => Date;
  /** The widgets in their order (read at each computation); default the dashboard's own. */
  widgets?: () => readonly DashboardWidgetDef[];
  /** 0 computes every time. */
  cacheMs?: number;
}) {
  const own = dashboardOwnWidgets(deps.repo);
  const widgets = deps.widgets ?? (() => own);
  const cacheMs = deps.cacheMs ?? DASHBOARD_CACHE_MS;
  /** Per provider and widget set: the answer (or the computation in flight, shared by concurrent callers). */
  const cache = new Map<string, { at: number; answer: Promise<Dashboard> }>();

  async function compute(
    caller: Caller,
    visible: readonly DashboardWidgetDef[],
    now: Date,
  ): Promise<Dashboard> {
    const loaded = await Promise.all(visible.map((w) => w.load(caller, now)));
    return { updatedAt: now.toISOString(), widgets: loaded };
  }

  return {
    /**
     * The caller's widgets, loaded in parallel (one query each) and stamped with the time they were
     * computed. With 200,000 students a computation costs tens of milliseconds of database time, so the
     * answer is shared for DASHBOARD_CACHE_MS per provider and widget set.
     */
    async forCaller(caller: Caller): Promise<Dashboard> {
      const now = deps.clock();
      const visible = widgets()
        .filter((w) => w.visible(caller))
        .sort((a, b) => rank(a) - rank(b));
      if (cacheMs <= 0) return compute(caller, visible, now);
      const key = `${caller.providerId}:${visible.map((w) => w.id).join(',')}`;
      const hit = cache.get(key);
      if (hit && now.getTime() - hit.at < cacheMs && now.getTime() >= hit.at) return hit.answer;
      if (cache.size >= MAX_CACHED) cache.clear();
      const answer = compute(caller, visible, now);
      cache.set(key, { at: now.getTime(), answer });
      answer.catch(() => cache.delete(key));
      return answer;
    },
    /** Forgets the provider's cached answers (after a change the user expects to see at once). */
    invalidate(providerId: number) {
      for (const key of cache.keys()) if (key.startsWith(`${providerId}:`)) cache.delete(key);
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
