import {
  type AccommodationInput,
  assignmentEndpoints as e,
  type MappingQueryInput,
} from '@assess/contracts/assignment';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { useRefreshingWrite } from '../../lib/queries';

export type MappingKey = { kind: 'test' | 'series'; id: number };

/** Query keys of the user-mapping dialogs (the tests and series lists refresh too: their counts move). */
export const assignmentKeys = {
  all: (t: MappingKey) => ['assignment', t.kind, t.id] as const,
  assigned: (t: MappingKey, q: MappingQueryInput) => ['assignment', t.kind, t.id, 'assigned', q] as const,
  available: (t: MappingKey, q: MappingQueryInput) => ['assignment', t.kind, t.id, 'available', q] as const,
};

export function useAssigned(t: MappingKey, query: MappingQueryInput) {
  return useQuery({
    queryKey: assignmentKeys.assigned(t, query),
    queryFn: () =>
      t.kind === 'test'
        ? call(e.testAssigned, { params: { testId: t.id }, query })
        : call(e.seriesAssigned, { params: { courseId: t.id }, query }),
    placeholderData: keepPreviousData,
  });
}

export function useAvailable(t: MappingKey, query: MappingQueryInput) {
  return useQuery({
    queryKey: assignmentKeys.available(t, query),
    queryFn: () =>
      t.kind === 'test'
        ? call(e.testAvailable, { params: { testId: t.id }, query })
        : call(e.seriesAvailable, { params: { courseId: t.id }, query }),
    placeholderData: keepPreviousData,
  });
}

const useMappingWrite = <V, R>(t: MappingKey, fn: (v: V) => Promise<R>) =>
  useRefreshingWrite(fn, [assignmentKeys.all(t), [t.kind === 'test' ? 'tests' : 'series']], { wait: false });

export const useAssign = (t: MappingKey) =>
  useMappingWrite(t, (userIds: number[]) =>
    t.kind === 'test'
      ? call(e.testAssign, { params: { testId: t.id }, body: { userIds } })
      : call(e.seriesAssign, { params: { courseId: t.id }, body: { userIds } }),
  );

export const useRemoveStudent = (t: MappingKey) =>
  useMappingWrite(t, (userId: number) =>
    t.kind === 'test'
      ? call(e.testRemove, { params: { testId: t.id, userId } })
      : call(e.seriesRemove, { params: { courseId: t.id, userId } }),
  );

export const useSubscription = (t: MappingKey) =>
  useMappingWrite(t, (v: { userId: number; userSubscriptionStatus: 1 | 2 }) =>
    call(e.seriesSubscription, {
      params: { courseId: t.id, userId: v.userId },
      body: { userSubscriptionStatus: v.userSubscriptionStatus },
    }),
  );

export const useAccommodation = (t: MappingKey) =>
  useMappingWrite(t, (v: { userId: number; body: AccommodationInput }) =>
    call(e.testAccommodation, { params: { testId: t.id, userId: v.userId }, body: v.body }),
  );
