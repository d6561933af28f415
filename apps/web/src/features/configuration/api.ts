import {
  type AddConfigurationValue,
  CONFIGURATION_CACHE_MS,
  type ConfigurationKey,
  type ConfigurationValueList,
  configurationEndpoints as e,
} from '@assess/contracts/configuration';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** Query keys of the configuration area (everything under ['configuration'] is invalidated on a change). */
export const configurationKeys = {
  all: ['configuration'] as const,
  values: (key: ConfigurationKey, includeInactive: boolean) =>
    ['configuration', 'values', key, includeInactive] as const,
  lists: ['configuration', 'lists'] as const,
};

/** Spec §9: configuration data is cached for 5 minutes (300,000 ms); any change refreshes it at once. */
const cached = { staleTime: CONFIGURATION_CACHE_MS, gcTime: CONFIGURATION_CACHE_MS } as const;

/** The configuration reads as query options, so their keys and cache time are testable. */
export const configurationQueries = {
  /** One type's values. */
  values: (key: ConfigurationKey, includeInactive: boolean) =>
    queryOptions({
      queryKey: configurationKeys.values(key, includeInactive),
      queryFn: () => call(e.values, { query: { key, includeInactive: includeInactive ? 'true' : 'false' } }),
      ...cached,
    }),
  /** Every active list of the provider at once (form lookups: student form, notification targets, ...). */
  lists: () => queryOptions({ queryKey: configurationKeys.lists, queryFn: () => call(e.lists), ...cached }),
};

/** One type's values; cached for 5 minutes (spec §9), refreshed after any change. */
export function useConfigurationValues(
  key: ConfigurationKey,
  opts: { includeInactive?: boolean; enabled?: boolean } = {},
) {
  return useQuery({
    ...configurationQueries.values(key, opts.includeInactive ?? false),
    enabled: opts.enabled ?? true,
  });
}

/** Every active list of the provider at once (form lookups: student form, notification targets, ...). */
export function useConfigurationLists(enabled = true) {
  return useQuery({ ...configurationQueries.lists(), enabled });
}

const invalidate = (qc: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: configurationKeys.all }),
    qc.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);

export function useAddConfigurationValue() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AddConfigurationValue) => call(e.add, { body }),
    onSuccess: () => invalidate(qc),
  });
}

/**
 * The Action switch. The grid shows the new state at once; whatever happens, the lists are then read
 * again, so a refused change (a value in use) reverts to the server's data.
 */
export function useSetConfigurationActive(key: ConfigurationKey) {
  const qc = useQueryClient();
  const listKey = configurationKeys.values(key, true);
  return useMutation({
    mutationFn: (v: { id: number; isActive: boolean }) =>
      call(e.setActive, { params: { key, id: v.id }, body: { isActive: v.isActive } }),
    onMutate: async (v) => {
      await qc.cancelQueries({ queryKey: listKey });
      qc.setQueryData<ConfigurationValueList>(listKey, (old) =>
        old ? { items: old.items.map((i) => (i.id === v.id ? { ...i, isActive: v.isActive } : i)) } : old,
      );
    },
    onSettled: () => invalidate(qc),
  });
}
