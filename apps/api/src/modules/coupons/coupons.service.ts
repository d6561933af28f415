import type { MessageResult, PageQuery } from '@assess/contracts/common';
import {
  type CouponBody,
  type CouponDates,
  type CouponList,
  type CouponSeriesOption,
  couponDateIssues,
  DEFAULT_PROVIDER_TIME_ZONE,
  dayInZone,
  couponMessages as m,
} from '@assess/contracts/coupons';
import type { Principal } from '../../platform/auth/principal';
import type { UnitOfWork } from '../../platform/db/unit-of-work';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../platform/http/errors';
import type { CouponsRepository } from './coupons.repository';

type Caller = Pick<Principal, 'userId' | 'providerId'>;
type Repo = Pick<
  CouponsRepository,
  'page' | 'find' | 'findSeries' | 'seriesOptions' | 'insert' | 'update' | 'setActive'
>;

const iso = (d: Date) => d.toISOString();

/**
 * Coupons (part 3 "Coupons"): a coupon belongs to the caller's provider and applies to one of that
 * provider's test series; "today" is the provider's calendar day (its time zone).
 */
export function createCouponsService(deps: {
  coupons: Pick<Repo, 'page' | 'seriesOptions' | 'setActive'>;
  withTransaction: UnitOfWork<{ coupons: Repo }>;
  clock: () => Date;
  /** The provider's time zone (providers have no setting yet: India's for all). */
  timeZoneOf?: (providerId: number) => string;
}) {
  const zoneOf = deps.timeZoneOf ?? (() => DEFAULT_PROVIDER_TIME_ZONE);

  /** The rules that need today or the database: dates not before today, a series of the caller's own. */
  async function checkBody(caller: Caller, body: CouponBody, coupons: Repo, original?: CouponDates) {
    const today = dayInZone(deps.clock(), zoneOf(caller.providerId));
    const issues = couponDateIssues(body, today, original);
    if (issues.length) {
      const fields: Record<string, string[]> = {};
      for (const i of issues) (fields[i.path[0]] ??= []).push(i.message);
      throw badRequest(issues[0].message, fields);
    }
    if (!(await coupons.findSeries(caller.providerId, body.resourceId))) throw notFound(m.seriesNotFound);
  }

  const values = (b: CouponBody) => ({
    couponCodeText: b.couponCodeText,
    resourceId: b.resourceId,
    discountPercentage: b.discountPercentage,
    validFrom: b.validFrom,
    validTo: b.validTo,
    isActive: b.isActive,
  });
  const codeConflict = (e: unknown) =>
    isUniqueViolation(e, 'coupons_provider_code_uq') ? conflict(m.codeExists) : e;

  return {
    async list(caller: Caller, page: PageQuery): Promise<CouponList> {
      const { items, totalCount } = await deps.coupons.page(caller.providerId, page);
      return {
        totalCount,
        items: items.map((c) => ({ ...c, createdDate: iso(c.createdDate), updatedDate: iso(c.updatedDate) })),
      };
    },

    series: (caller: Caller): Promise<CouponSeriesOption[]> => deps.coupons.seriesOptions(caller.providerId),

    async create(caller: Caller, body: CouponBody) {
      try {
        const id = await deps.withTransaction(async ({ coupons }) => {
          await checkBody(caller, body, coupons);
          return coupons.insert(caller.providerId, values(body), caller.userId, deps.clock());
        });
        return { id, message: m.created };
      } catch (e) {
        throw codeConflict(e);
      }
    },

    async update(caller: Caller, id: number, body: CouponBody) {
      try {
        await deps.withTransaction(async ({ coupons }) => {
          const current = await coupons.find(caller.providerId, id);
          if (!current) throw notFound(m.couponNotFound);
          await checkBody(caller, body, coupons, current);
          await coupons.update(id, values(body), caller.userId, deps.clock());
        });
        return { id, message: m.updated };
      } catch (e) {
        throw codeConflict(e);
      }
    },

    async activate(caller: Caller, id: number, isActive: boolean): Promise<MessageResult> {
      const found = await deps.coupons.setActive(
        caller.providerId,
        id,
        isActive,
        caller.userId,
        deps.clock(),
      );
      if (!found) throw notFound(m.couponNotFound);
      return { message: isActive ? m.activated : m.deactivated };
    },
  };
}
export type CouponsService = ReturnType<typeof createCouponsService>;
