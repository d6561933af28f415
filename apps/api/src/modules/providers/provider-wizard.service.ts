import { randomBytes } from 'node:crypto';
import { ProviderType, type ProviderTypeId, UserType } from '@assess/contracts/access';
import { passwordPolicyMessage } from '@assess/contracts/auth';
import {
  adminRoleOf,
  type CreateProviderBody,
  type CreateProviderResult,
  DUMMY_STUDENT_COUNT,
  providerMessages as m,
  type ProviderInfo,
  type UpdateProviderBody,
  validityPastIssues,
} from '@assess/contracts/providers';
import { hashPassword } from '../../platform/auth/passwords';
import { newToken } from '../../platform/auth/tokens';
import { newRowAudit } from '../../platform/db/audit';
import type { UnitOfWork } from '../../platform/db/unit-of-work';
import { AppError, badRequest, forbidden, isUniqueViolation, notFound } from '../../platform/http/errors';
import { administers, isAggregator, isPlatformOwner, type ProviderCaller } from './provider-scope';
import type { ProviderUsersRepository } from './provider-users.repository';
import type { ProvidersRepository } from './providers.repository';

type Repos = {
  providers: Pick<
    ProvidersRepository,
    | 'lockContacts'
    | 'find'
    | 'nameTaken'
    | 'emailTaken'
    | 'mobileTaken'
    | 'contentPartners'
    | 'curatorsOf'
    | 'insert'
    | 'update'
    | 'setCurators'
  >;
  users: Pick<
    ProviderUsersRepository,
    | 'adminOf'
    | 'emailTaken'
    | 'mobileTaken'
    | 'insertAdmin'
    | 'updateAdmin'
    | 'endSessions'
    | 'insertDummyStudents'
  >;
};

/** A random, URL-safe provider key (128 bits); the providers_key_uq constraint keeps it unique. */
export const newProviderKey = () => randomBytes(16).toString('base64url');

/** Unique constraints of providers and users → the field and message the wizard shows. */
const uniqueMessages: [constraint: string, field: string, message: string][] = [
  ['providers_name_uq', 'provider.name', m.nameExists],
  ['providers_email_uq', 'provider.email', m.emailExists],
  ['providers_mobile_uq', 'provider.mobile', m.mobileExists],
  ['users_email_uq', 'adminUser.email', m.userEmailExists],
  ['users_user_name_uq', 'adminUser.email', m.userEmailExists],
  ['users_mobile_uq', 'adminUser.mobile', m.userMobileExists],
];
function rethrowUnique(err: unknown): never {
  for (const [constraint, field, message] of uniqueMessages) {
    if (isUniqueViolation(err, constraint)) throw new AppError(409, message, { [field]: [message] });
  }
  throw err;
}

/** Throws 409 with every taken value as a field message (nothing is written). */
function throwIfTaken(fields: Record<string, string[]>) {
  const first = Object.values(fields)[0]?.[0];
  if (first) throw new AppError(409, first, fields);
}

/**
 * The provider wizard's Save (part 3 §4 "Provider wizard", §5 steps 1 and 2): step 1's provider and step
 * 2's admin user are created, or updated, together in one transaction, under the provider-contacts lock.
 */
export function createProviderWizardService(deps: { withTransaction: UnitOfWork<Repos>; clock: () => Date }) {
  const { withTransaction, clock } = deps;

  function assertValidity(info: ProviderInfo, stored?: { validFrom: Date | null; validTo: Date | null }) {
    const issues = validityPastIssues(info, clock(), {
      validFrom: stored?.validFrom?.toISOString() ?? null,
      validTo: stored?.validTo?.toISOString() ?? null,
    });
    if (issues.length === 0) return;
    const fields = Object.fromEntries(
      issues.map((i) => [`provider.${i.path}`, [i.which === 'from' ? m.validFromPast : m.validToPast]]),
    );
    throw badRequest(Object.values(fields)[0][0], fields);
  }

  /** The content providers the caller may give: any active Content Partner (owner), else its own. */
  async function assertCuratorsOffered(repos: Repos, caller: ProviderCaller, ids: number[]) {
    if (ids.length === 0) return;
    const offered = isPlatformOwner(caller)
      ? await repos.providers.contentPartners()
      : await repos.providers.curatorsOf(caller.providerId);
    const allowed = new Set(offered.map((p) => p.providerId));
    if (ids.some((id) => !allowed.has(id)))
      throw badRequest(m.contentProviderNotOffered, {
        'provider.contentCuratorIds': [m.contentProviderNotOffered],
      });
  }

  const providerValues = (info: ProviderInfo, packageId: number) => ({
    name: info.name,
    detailedName: info.detailedName,
    address: info.address,
    email: info.email,
    mobile: info.mobile,
    website: info.website?.trim() || null,
    phone: info.phone?.trim() || null,
    packageId,
    validFrom: new Date(info.validFrom),
    validTo: new Date(info.validTo),
  });
  const adminValues = (u: CreateProviderBody['adminUser'] | UpdateProviderBody['adminUser']) => ({
    userName: u.email,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    fullName: `${u.firstName} ${u.lastName}`,
    mobile: u.mobile,
    address: u.address,
  });

  return {
    /**
     * Wizard Save. The platform owner creates any type (4 and 5 on Platinum); an aggregator only
     * Subscribers, which inherit its package and get it as ParentProviderId. Returns the key and the admin's
     * user name; the password is never returned (D1). A Content Partner gets its dummy students.
     */
    async create(caller: ProviderCaller, body: CreateProviderBody): Promise<CreateProviderResult> {
      const { provider: info, adminUser } = body;
      if (!isPlatformOwner(caller) && !isAggregator(caller)) throw forbidden(m.cannotCreate);
      const byAggregator = !isPlatformOwner(caller);
      if (byAggregator && info.providerTypeId !== ProviderType.Subscriber)
        throw badRequest(m.subscribersOnly, { 'provider.providerTypeId': [m.subscribersOnly] });
      assertValidity(info);
      const now = clock();
      const passwordHash = await hashPassword(adminUser.password);
      const type = info.providerTypeId as ProviderTypeId;
      const dummyHash = type === ProviderType.ContentPartner ? await hashPassword(newToken()) : null;
      try {
        return await withTransaction(async (repos) => {
          await repos.providers.lockContacts();
          const fields: Record<string, string[]> = {};
          if (await repos.providers.nameTaken(info.name)) fields['provider.name'] = [m.nameExists];
          if (await repos.providers.emailTaken(info.email)) fields['provider.email'] = [m.emailExists];
          if (await repos.providers.mobileTaken(info.mobile)) fields['provider.mobile'] = [m.mobileExists];
          if (await repos.users.emailTaken(adminUser.email)) fields['adminUser.email'] = [m.userEmailExists];
          if (await repos.users.mobileTaken(adminUser.mobile))
            fields['adminUser.mobile'] = [m.userMobileExists];
          throwIfTaken(fields);
          await assertCuratorsOffered(repos, caller, info.contentCuratorIds);
          const providerKey = newProviderKey();
          const audit = {
            ...newRowAudit(caller.userId, now),
          };
          const providerId = await repos.providers.insert({
            ...providerValues(info, byAggregator ? caller.packageId : info.packageId),
            providerTypeId: type,
            parentProviderId: byAggregator ? caller.providerId : null,
            providerKey,
            isActive: true,
            ...audit,
          });
          await repos.providers.setCurators(providerId, info.contentCuratorIds);
          const admin = adminValues(adminUser);
          await repos.users.insertAdmin(
            {
              ...admin,
              providerId,
              userTypeId: UserType.ProviderUser,
              passwordHash,
              isActive: true,
              ...audit,
            },
            adminRoleOf(type),
          );
          if (dummyHash)
            await repos.users.insertDummyStudents(
              providerId,
              DUMMY_STUDENT_COUNT,
              dummyHash,
              now,
              caller.userId,
            );
          return { providerId, providerKey, userName: admin.userName, message: m.added };
        });
      } catch (err) {
        rethrowUnique(err);
      }
    },

    /**
     * Edit: updates the provider (its type stays; an aggregator's subscriber keeps the inherited package)
     * and updates its admin user, or creates one when the provider has none. An empty password keeps the
     * current one; a new one ends the admin user's sessions.
     */
    async update(caller: ProviderCaller, providerId: number, body: UpdateProviderBody) {
      const { provider: info, adminUser } = body;
      const now = clock();
      const passwordHash = adminUser.password ? await hashPassword(adminUser.password) : null;
      try {
        return await withTransaction(async (repos) => {
          await repos.providers.lockContacts();
          const current = await repos.providers.find(providerId);
          if (!current || !administers(caller, current)) throw notFound(m.notFound);
          if (info.providerTypeId !== current.providerTypeId)
            throw badRequest(m.typeLocked, { 'provider.providerTypeId': [m.typeLocked] });
          assertValidity(info, current);
          const admin = await repos.users.adminOf(providerId);
          if (!admin && !passwordHash)
            throw badRequest(passwordPolicyMessage, { 'adminUser.password': [passwordPolicyMessage] });
          const fields: Record<string, string[]> = {};
          if (await repos.providers.nameTaken(info.name, providerId))
            fields['provider.name'] = [m.nameExists];
          if (await repos.providers.emailTaken(info.email, providerId))
            fields['provider.email'] = [m.emailExists];
          if (await repos.providers.mobileTaken(info.mobile, providerId))
            fields['provider.mobile'] = [m.mobileExists];
          if (await repos.users.emailTaken(adminUser.email, admin?.userId))
            fields['adminUser.email'] = [m.userEmailExists];
          if (await repos.users.mobileTaken(adminUser.mobile, admin?.userId))
            fields['adminUser.mobile'] = [m.userMobileExists];
          throwIfTaken(fields);
          const keepsCurators = sameIds(info.contentCuratorIds, current.contentCuratorIds);
          if (!keepsCurators) await assertCuratorsOffered(repos, caller, info.contentCuratorIds);
          const packageId = isPlatformOwner(caller) ? info.packageId : current.packageId;
          await repos.providers.update(providerId, {
            ...providerValues(info, packageId),
            updatedBy: caller.userId,
            updatedDate: now,
          });
          if (!keepsCurators) await repos.providers.setCurators(providerId, info.contentCuratorIds);
          const values = { ...adminValues(adminUser), updatedBy: caller.userId, updatedDate: now };
          if (admin) {
            await repos.users.updateAdmin(admin.userId, passwordHash ? { ...values, passwordHash } : values);
            if (passwordHash) await repos.users.endSessions(admin.userId);
          } else {
            await repos.users.insertAdmin(
              {
                ...values,
                providerId,
                userTypeId: UserType.ProviderUser,
                passwordHash: passwordHash as string,
                isActive: true,
                createdBy: caller.userId,
                createdDate: now,
              },
              adminRoleOf(current.providerTypeId as ProviderTypeId),
            );
          }
          return { providerId, message: m.updated };
        });
      } catch (err) {
        rethrowUnique(err);
      }
    },
  };
}
export type ProviderWizardService = ReturnType<typeof createProviderWizardService>;

const sameIds = (a: number[], b: number[]) =>
  a.length === b.length &&
  [...a].sort((x, y) => x - y).every((v, i) => v === [...b].sort((x, y) => x - y)[i]);
