import { unitOfWork } from '../../platform/db/unit-of-work';
import { defineModule } from '../../platform/modules';
import { createCouponsRepository } from './coupons.repository';
import { couponsRoutes } from './coupons.routes';
import { createCouponsService } from './coupons.service';

/** Coupons (issue 17): registers the module's routes; returns its services for tests. */
export const couponsModule = defineModule({
  name: 'coupons',
  register(app, deps) {
    const coupons = createCouponsService({
      coupons: createCouponsRepository(deps.db),
      withTransaction: unitOfWork(deps.db, (tx) => ({ coupons: createCouponsRepository(tx) })),
      clock: deps.clock,
    });
    couponsRoutes(app, { coupons });
    return { coupons };
  },
});
