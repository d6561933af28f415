import type { ModuleDeps, ZodApp } from '../../platform/modules';

/** Coupons (issue 17) (filled in by its issue): registers the module's routes; returns its services for tests. */
export async function registerCouponsModule(_app: ZodApp, _deps: ModuleDeps) {
  return {};
}
