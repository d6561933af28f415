import { hasPrivilege, PLATFORM_OWNER_PROVIDER_ID } from '@assess/contracts/access';
import {
  daysRemaining,
  accountsMessages as m,
  type ProviderProfile,
  type TrialInfo,
  type UpdateProviderProfileBody,
} from '@assess/contracts/auth';
import { providerMessages } from '@assess/contracts/providers';
import type { AccessRepository } from '../../platform/access/access.repository';
import type { Principal } from '../../platform/auth/principal';
import type { UnitOfWork } from '../../platform/db/unit-of-work';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../platform/http/errors';
import type { AccountsRepository } from './accounts.repository';
import type { ProviderProfileRepository } from './provider-profile.repository';

const DAY_MS = 86_400_000;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const blankToNull = (v: string | null | undefined) =>
  v === undefined ? undefined : v?.trim() ? v.trim() : null;

export type ProfileServiceDeps = {
  profiles: Pick<ProviderProfileRepository, 'find' | 'emailTaken' | 'mobileTaken'>;
  accounts: Pick<AccountsRepository, 'setting'>;
  withTransaction: UnitOfWork<{
    accounts: Pick<AccountsRepository, 'lockProviderContacts'>;
    profiles: ProviderProfileRepository;
  }>;
  access: Pick<AccessRepository, 'findAccount'>;
  clock: () => Date;
};

/** The signed-in user's provider profile ('Edit provider', part 1 §4, §5, §7) and the trial notice. */
export function createProfileService(deps: ProfileServiceDeps) {
  const { profiles, clock } = deps;
  return {
    async get(principal: Principal): Promise<ProviderProfile> {
      const p = await profiles.find(principal.providerId);
      if (!p) throw notFound();
      return { ...p, validFrom: iso(p.validFrom), validTo: iso(p.validTo) };
    },

    /** Among providers other than one's own (the profile's live checks). */
    emailExists: async (principal: Principal, email: string) => ({
      exists: await profiles.emailTaken(email, principal.providerId),
    }),
    mobileExists: async (principal: Principal, mobile: string) => ({
      exists: await profiles.mobileTaken(mobile, principal.providerId),
    }),

    /**
     * Update Profile: refused with HideUpdateProfile; validity dates only for the platform owner (both
     * not before today, From ≤ To); e-mail and mobile unique among providers (checked under a lock).
     */
    async update(principal: Principal, body: UpdateProviderProfileBody) {
      if (hasPrivilege(principal, 'Provider', 'HideUpdateProfile')) throw forbidden();
      const isOwner = principal.providerId === PLATFORM_OWNER_PROVIDER_ID;
      const wantsValidity = body.validFrom != null || body.validTo != null;
      if (wantsValidity && !isOwner) throw forbidden(m.validityOwnerOnly);
      const now = clock();
      return deps.withTransaction(async ({ accounts, profiles: tx }) => {
        await accounts.lockProviderContacts();
        const current = await tx.find(principal.providerId);
        if (!current) throw notFound();
        const values: Parameters<ProviderProfileRepository['update']>[1] = {
          name: body.name,
          detailedName: blankToNull(body.detailedName),
          email: body.email,
          mobile: body.mobile,
          website: blankToNull(body.website),
          phone: blankToNull(body.phone),
          address: blankToNull(body.address),
          updatedBy: principal.userId,
          updatedDate: now,
        };
        if (isOwner && wantsValidity) {
          const from = body.validFrom ? new Date(body.validFrom) : current.validFrom;
          const to = body.validTo ? new Date(body.validTo) : current.validTo;
          // "Minimum today" in the user's zone: allow the day that started up to 24 h ago somewhere.
          const changedFrom = body.validFrom && from?.getTime() !== current.validFrom?.getTime();
          if (changedFrom && from && from.getTime() < now.getTime() - DAY_MS) {
            throw badRequest(m.validFromPast, { validFrom: [m.validFromPast] });
          }
          if (body.validTo && to && to.getTime() < now.getTime()) {
            throw badRequest(m.validToPast, { validTo: [m.validToPast] });
          }
          if (from && to && from > to) throw badRequest(m.validOrder, { validFrom: [m.validOrder] });
          values.validFrom = from;
          values.validTo = to;
        }
        if (await tx.emailTaken(body.email, principal.providerId)) {
          throw conflict(m.providerEmailExists);
        }
        if (await tx.mobileTaken(body.mobile, principal.providerId)) {
          throw conflict(m.providerMobileExists);
        }
        try {
          await tx.update(principal.providerId, values);
        } catch (err) {
          // Provider names are unique (any case) among paid providers: the index decides, also in a race.
          if (isUniqueViolation(err, 'providers_name_uq')) throw conflict(providerMessages.nameExists);
          throw err;
        }
        return { providerId: principal.providerId, message: m.providerUpdated };
      });
    },

    /** The quick-tour trial notice: days remaining and the support contact from the settings. */
    async trialInfo(principal: Principal): Promise<TrialInfo> {
      const account = await deps.access.findAccount({ userId: principal.userId });
      const contact = await deps.accounts.setting<unknown>('supportContact');
      return {
        packageId: principal.packageId,
        validTo: iso(account?.validTo ?? null),
        daysRemaining: daysRemaining(account?.validTo ?? null, clock()),
        supportContact: typeof contact === 'string' ? contact : null,
      };
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
