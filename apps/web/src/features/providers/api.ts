import {
  type CreateProviderBody,
  licenceEndpoints as le,
  providerEndpoints as pe,
  type SaveAllocationBody,
  type UpdateProviderBody,
} from '@assess/contracts/providers';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLiveCheck } from '../../components/useLiveCheck';
import { call } from '../../lib/api';
import { useRefreshingWrite } from '../../lib/queries';

/** Query keys of the providers area (everything under ['providers'] or ['licences'] is refreshed on a change). */
export const providerKeys = {
  all: ['providers'] as const,
  list: (page: number, pageSize: number, providerTypeId: number | null) =>
    ['providers', 'list', page, pageSize, providerTypeId] as const,
  detail: (providerId: number) => ['providers', 'detail', providerId] as const,
  options: ['providers', 'options'] as const,
  exists: (kind: string, field: string, value: string, providerId: number | null) =>
    ['providers', 'exists', kind, field, value, providerId] as const,
  licences: ['licences'] as const,
  allocation: (providerId: number) => ['licences', 'allocation', providerId] as const,
  subscribers: ['licences', 'subscribers'] as const,
  transactions: ['licences', 'transactions'] as const,
  summary: ['licences', 'summary'] as const,
};

export function useProviderList(page: number, pageSize: number, providerTypeId: number | null) {
  return useQuery({
    queryKey: providerKeys.list(page, pageSize, providerTypeId),
    queryFn: () =>
      call(pe.list, { query: { pageNumber: page, pageSize, providerTypeId: providerTypeId ?? undefined } }),
    placeholderData: keepPreviousData,
  });
}

export function useProviderDetail(providerId: number | null) {
  return useQuery({
    queryKey: providerKeys.detail(providerId ?? -1),
    queryFn: () => call(pe.get, { params: { providerId: providerId ?? -1 } }),
    enabled: providerId !== null,
    staleTime: 0,
  });
}

export function useProviderOptions() {
  return useQuery({ queryKey: providerKeys.options, queryFn: () => call(pe.options), staleTime: 60_000 });
}

/**
 * Live existence check while typing (debounced): a provider's name, e-mail or mobile, or the admin
 * user's e-mail or mobile. `message` is the server's text for a taken value.
 */
export function useLiveExists(
  kind: 'provider' | 'adminUser',
  field: 'name' | 'email' | 'mobile',
  value: string,
  isValid: (v: string) => boolean,
  providerId: number | null,
) {
  const { answer, checking } = useLiveCheck({
    value: value.trim(),
    worthAsking: (settled) => settled !== '' && isValid(settled),
    queryKey: (settled) => providerKeys.exists(kind, field, settled, providerId),
    ask: (settled) => {
      const q = { value: settled, providerId: providerId ?? undefined };
      return kind === 'provider'
        ? call(pe.exists, { query: { field, ...q } })
        : call(pe.adminUserExists, { query: { field: field === 'name' ? 'email' : field, ...q } });
    },
    staleTime: 10_000,
  });
  return { message: answer?.exists ? answer.message : null, checking };
}

/** The same check, asked at once (Next on a step must not depend on the debounce). */
export async function checkTaken(
  kind: 'provider' | 'adminUser',
  field: 'name' | 'email' | 'mobile',
  value: string,
  providerId: number | null,
): Promise<string | null> {
  const q = { value: value.trim(), providerId: providerId ?? undefined };
  if (!q.value) return null;
  const answer =
    kind === 'provider'
      ? await call(pe.exists, { query: { field, ...q } })
      : await call(pe.adminUserExists, { query: { field: field === 'name' ? 'email' : field, ...q } });
  return answer.exists ? answer.message : null;
}

/** Every write, refused or not, refreshes the providers and the licences. */
const useProvidersMutation = <V, R>(fn: (v: V) => Promise<R>) =>
  useRefreshingWrite(fn, [providerKeys.all, providerKeys.licences], { evenOnFailure: true });

export const useCreateProvider = () =>
  useProvidersMutation((body: CreateProviderBody) => call(pe.create, { body }));
export const useUpdateProvider = (providerId: number) =>
  useProvidersMutation((body: UpdateProviderBody) => call(pe.update, { params: { providerId }, body }));
export const useSetProviderStatus = () =>
  useProvidersMutation((v: { providerId: number; isActive: boolean }) =>
    call(pe.setStatus, { params: { providerId: v.providerId }, body: { isActive: v.isActive } }),
  );

// ---- licences

export function useAllocation(providerId: number | null) {
  return useQuery({
    queryKey: providerKeys.allocation(providerId ?? -1),
    queryFn: () => call(le.allocation, { params: { providerId: providerId ?? -1 } }),
    enabled: providerId !== null,
    staleTime: 0,
  });
}

export const useSaveAllocation = (providerId: number) =>
  useProvidersMutation((body: SaveAllocationBody) => call(le.save, { params: { providerId }, body }));

export const useSubscribers = () =>
  useQuery({ queryKey: providerKeys.subscribers, queryFn: () => call(le.subscribers) });
export const useTransactions = () =>
  useQuery({ queryKey: providerKeys.transactions, queryFn: () => call(le.transactions) });
export const useAggregatorSummary = () =>
  useQuery({ queryKey: providerKeys.summary, queryFn: () => call(le.summary) });
