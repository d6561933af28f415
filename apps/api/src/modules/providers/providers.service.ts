import { PLATFORM_OWNER_PROVIDER_ID, ProviderType } from '@assess/contracts/access';
import type {
  adminUserExistsQuerySchema,
  providerExistsQuerySchema,
  providerListQuerySchema,
} from '@assess/contracts/providers';
import {
  type ExistsAnswer,
  providerMessages as m,
  type ProviderDetail,
  type ProviderFormOptions,
  type ProviderList,
  type ProviderRow,
  wizardPackageIds,
  wizardProviderTypeIds,
} from '@assess/contracts/providers';
import type { z } from 'zod';
import type { UnitOfWork } from '../../platform/db/unit-of-work';
import { badRequest, forbidden, notFound } from '../../platform/http/errors';
import { administers, isAggregator, isPlatformOwner, type ProviderCaller, scopeOf } from './provider-scope';
import type { ProviderUsersRepository } from './provider-users.repository';
import type { ProvidersRepository } from './providers.repository';

type ListRow = Awaited<ReturnType<ProvidersRepository['list']>>['items'][number];
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const toRow = (r: ListRow): ProviderRow => ({
  ...r,
  validFrom: iso(r.validFrom),
  validTo: iso(r.validTo),
  createdDate: r.createdDate.toISOString(),
});

/** The provider page: list, detail, wizard options, live checks and the active switch (part 3 §2, §6, §7). */
export function createProvidersService(deps: {
  providers: Pick<
    ProvidersRepository,
    'list' | 'find' | 'nameTaken' | 'emailTaken' | 'mobileTaken' | 'contentPartners' | 'curatorsOf'
  >;
  users: Pick<ProviderUsersRepository, 'adminOf' | 'emailTaken' | 'mobileTaken'>;
  withTransaction: UnitOfWork<{ providers: Pick<ProvidersRepository, 'find' | 'update' | 'endSessions'> }>;
  clock: () => Date;
}) {
  const { providers, users, clock } = deps;

  /** The provider if the caller administers it; others' providers are answered as not found. */
  async function administered(caller: ProviderCaller, providerId: number) {
    const p = await providers.find(providerId);
    if (!p || !administers(caller, p)) throw notFound(m.notFound);
    return p;
  }

  return {
    /** The owner sees every provider, an aggregator its subscribers (default page size 1000). */
    async list(caller: ProviderCaller, q: z.output<typeof providerListQuerySchema>): Promise<ProviderList> {
      const { items, totalCount } = await providers.list(scopeOf(caller), q, q.providerTypeId);
      return { items: items.map(toRow), totalCount };
    },

    async get(caller: ProviderCaller, providerId: number): Promise<ProviderDetail> {
      const p = await administered(caller, providerId);
      const admin = await users.adminOf(providerId);
      const { adminUserId: _, ...row } = p;
      return {
        ...toRow(row),
        address: p.address,
        contentCuratorIds: p.contentCuratorIds,
        adminUser: admin ?? null,
      };
    },

    /** §4: an aggregator creates Subscribers only, on its own package, from its own content providers. */
    async options(caller: ProviderCaller): Promise<ProviderFormOptions> {
      if (isPlatformOwner(caller))
        return {
          providerTypeIds: [...wizardProviderTypeIds],
          packageIds: [...wizardPackageIds],
          inheritedPackageId: null,
          contentProviders: await providers.contentPartners(),
        };
      if (!isAggregator(caller)) throw forbidden(m.cannotCreate);
      return {
        providerTypeIds: [ProviderType.Subscriber],
        packageIds: [caller.packageId],
        inheritedPackageId: caller.packageId,
        contentProviders: await providers.curatorsOf(caller.providerId),
      };
    },

    /** 'Provider {name|email|mobile} already exist.' among all providers but the one being edited. */
    async exists(
      caller: ProviderCaller,
      q: z.output<typeof providerExistsQuerySchema>,
    ): Promise<ExistsAnswer> {
      const except =
        q.providerId === undefined ? undefined : (await ownEdited(caller, q.providerId))?.providerId;
      const check = { name: providers.nameTaken, email: providers.emailTaken, mobile: providers.mobileTaken }[
        q.field
      ];
      const message = { name: m.nameExists, email: m.emailExists, mobile: m.mobileExists }[q.field];
      const exists = await check(q.value, except);
      return { exists, message: exists ? message : null };
    },

    /** The admin user's e-mail or mobile among all users but the edited provider's admin user. */
    async adminUserExists(
      caller: ProviderCaller,
      q: z.output<typeof adminUserExistsQuerySchema>,
    ): Promise<ExistsAnswer> {
      const edited = q.providerId === undefined ? undefined : await ownEdited(caller, q.providerId);
      const admin = edited ? await users.adminOf(edited.providerId) : undefined;
      const exists =
        q.field === 'email'
          ? await users.emailTaken(q.value, admin?.userId)
          : await users.mobileTaken(q.value, admin?.userId);
      const message = q.field === 'email' ? m.userEmailExists : m.userMobileExists;
      return { exists, message: exists ? message : null };
    },

    /**
     * Active / inactive switch. Deactivating also ends the sessions of the provider's users at once
     * (sign-in and every request refuse an inactive provider's users: platform/auth/account-rules.ts).
     */
    async setStatus(caller: ProviderCaller, providerId: number, isActive: boolean) {
      return deps.withTransaction(async (repos) => {
        const p = await repos.providers.find(providerId);
        if (!p || !administers(caller, p)) throw notFound(m.notFound);
        if (!isActive && (providerId === PLATFORM_OWNER_PROVIDER_ID || providerId === caller.providerId))
          throw badRequest(m.ownerStaysActive);
        await repos.providers.update(providerId, {
          isActive,
          updatedBy: caller.userId,
          updatedDate: clock(),
        });
        if (!isActive) await repos.providers.endSessions(providerId);
        return { message: m.statusUpdated };
      });
    },
  };

  /** The edited provider of a live check, only when the caller administers it (else no exception). */
  async function ownEdited(caller: ProviderCaller, providerId: number) {
    const p = await providers.find(providerId);
    return p && administers(caller, p) ? p : undefined;
  }
}
export type ProvidersService = ReturnType<typeof createProvidersService>;
