import { couponEndpoints as e } from '@assess/contracts/coupons';
import { route } from '../../platform/http/endpoint';
import type { ZodApp } from '../../platform/modules';
import type { CouponsService } from './coupons.service';

/** Coupons (part 3 §7 "Coupons"): the provider and the user come from the session. */
export function couponsRoutes(app: ZodApp, deps: { coupons: CouponsService }) {
  const { coupons } = deps;
  route(app, e.list, async ({ principal, query }) => coupons.list(principal, query));
  route(app, e.series, async ({ principal }) => coupons.series(principal));
  route(app, e.create, async ({ principal, body }) => coupons.create(principal, body));
  route(app, e.update, async ({ principal, params, body }) =>
    coupons.update(principal, params.couponId, body),
  );
  route(app, e.activate, async ({ principal, params, body }) =>
    coupons.activate(principal, params.couponId, body.isActive),
  );
}
