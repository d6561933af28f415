import { hasPrivilege } from '@assess/contracts/access';
import {
  type AddConfigurationValue,
  addConfigurationValueSchema,
  type ConfigurationKey,
  type ConfigurationLists,
  type ConfigurationValue,
  configurationKeys,
  configurationLabelOf,
  configurationMessages,
  listNameOf,
  mayMaintainKey,
} from '@assess/contracts/configuration';
import { assertWithinLicence } from '../../platform/access/licence';
import type { Principal } from '../../platform/auth/principal';
import type { UnitOfWork } from '../../platform/db/unit-of-work';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  isUniqueViolation,
  notFound,
} from '../../platform/http/errors';
import type { ConfigurationRepository, ValueRow } from './configuration.repository';

type Caller = Pick<Principal, 'providerId' | 'providerTypeId' | 'userId' | 'privileges' | 'licence'>;

export function createConfigurationService(deps: {
  repo: Pick<ConfigurationRepository, 'list' | 'providerName'>;
  /** Add and setActive: the checks and the write in one transaction, under the provider's or the value's lock. */
  withTransaction: UnitOfWork<{
    values: Pick<ConfigurationRepository, 'lockAndCount' | 'insert' | 'lockValue' | 'isInUse' | 'saveActive'>;
  }>;
  clock: () => Date;
}) {
  const { repo, clock } = deps;

  const toValue = (row: ValueRow, providerName: string): ConfigurationValue => ({
    ...row,
    label: configurationLabelOf(row.key, row.valueString, providerName),
  });

  function assertMayMaintain(caller: Caller, key: ConfigurationKey) {
    if (!mayMaintainKey(caller.providerTypeId, key)) throw forbidden(configurationMessages.keyNotAvailable);
  }

  return {
    /**
     * One type's values of the caller's provider. Active only (the lookups of forms) unless
     * `includeInactive`, which is the System Configuration page's view: it needs ViewSystemConfiguration
     * and is refused for Objective / Target Audience to provider type 3.
     */
    async list(caller: Caller, key: ConfigurationKey, includeInactive: boolean) {
      if (includeInactive) {
        if (!hasPrivilege(caller, 'SystemConfiguration', 'ViewSystemConfiguration')) {
          throw forbidden(configurationMessages.notFound);
        }
        assertMayMaintain(caller, key);
      }
      const [rows, providerName] = await Promise.all([
        repo.list(caller.providerId, key, !includeInactive),
        repo.providerName(caller.providerId),
      ]);
      return { items: rows.map((r) => toValue(r, providerName)) };
    },

    /** Adds a value (§5 "Configuration add"): trimmed, not empty, within the package limit, no duplicate. */
    async add(caller: Caller, input: AddConfigurationValue) {
      const parsed = addConfigurationValueSchema.safeParse(input);
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? configurationMessages.enter(input.key);
        throw badRequest(message, { value: [message] });
      }
      const { key, value } = parsed.data;
      assertMayMaintain(caller, key);
      try {
        const now = clock();
        const row = await deps.withTransaction(async ({ values }) => {
          const { count, duplicate } = await values.lockAndCount(caller.providerId, key, value);
          assertWithinLicence(caller, 'ConfigurationValues', count);
          if (duplicate) throw conflict(configurationMessages.duplicate(key, value));
          return values.insert({ providerId: caller.providerId, key, value, userId: caller.userId, now });
        });
        const providerName = await repo.providerName(caller.providerId);
        return { message: configurationMessages.added[key], item: toValue(row, providerName) };
      } catch (e) {
        if (e instanceof AppError) throw e;
        if (isUniqueViolation(e)) throw conflict(configurationMessages.duplicate(key, value));
        throw e;
      }
    },

    /** The Action switch: saves the active flag; a value in use cannot be deactivated (§4). */
    async setActive(caller: Caller, key: ConfigurationKey, id: number, isActive: boolean) {
      assertMayMaintain(caller, key);
      const now = clock();
      const row = await deps.withTransaction(async ({ values }) => {
        const current = await values.lockValue(caller.providerId, key, id);
        if (!current) return undefined;
        if (!isActive && current.isActive && (await values.isInUse(key, id))) {
          throw conflict(configurationMessages.inUse[key]);
        }
        return values.saveActive({ key, id, isActive, userId: caller.userId, now });
      });
      if (!row) throw notFound(configurationMessages.valueNotFound);
      const providerName = await repo.providerName(caller.providerId);
      return { message: configurationMessages.updated, item: toValue(row, providerName) };
    },
  };
}
export type ConfigurationService = ReturnType<typeof createConfigurationService>;

/**
 * The reader other areas use on the server (students' form lookups and validation): every active list of
 * a provider, each item {id, value, isDefault}, keyed by lower-camel type name (state, city, ..., interest).
 */
export function createConfigurationReader(
  repo: Pick<ConfigurationRepository, 'listAllActive' | 'providerName'>,
) {
  return {
    async listsFor(providerId: number): Promise<ConfigurationLists> {
      const [rows, providerName] = await Promise.all([
        repo.listAllActive(providerId),
        repo.providerName(providerId),
      ]);
      const lists = Object.fromEntries(
        configurationKeys.map((k) => [listNameOf(k), []]),
      ) as unknown as ConfigurationLists;
      const ordered = [...rows].sort((a, b) => a.id - b.id);
      for (const r of ordered) {
        lists[listNameOf(r.key)].push({
          id: r.id,
          value: configurationLabelOf(r.key, r.valueString, providerName),
          isDefault: r.isDefault,
        });
      }
      return lists;
    },
  };
}
export type ConfigurationReader = ReturnType<typeof createConfigurationReader>;
