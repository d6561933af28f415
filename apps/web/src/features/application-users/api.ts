import { type ApplicationUserBody, applicationUserEndpoints as e } from '@assess/contracts/application-users';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useLiveCheck } from '../../components/useLiveCheck';
import { call } from '../../lib/api';
import { useRefreshingWrite } from '../../lib/queries';

/** Query keys of the application users area. */
export const applicationUserKeys = {
  all: ['application-users'] as const,
  list: (page: number, pageSize: number) => ['application-users', 'list', page, pageSize] as const,
  detail: (userId: number) => ['application-users', 'detail', userId] as const,
  roles: ['application-users', 'roles'] as const,
  userNameExists: (userName: string, userId: number | null) =>
    ['application-users', 'user-name-exists', userName, userId] as const,
};

export function useApplicationUserList(page: number, pageSize: number, enabled: boolean) {
  return useQuery({
    queryKey: applicationUserKeys.list(page, pageSize),
    queryFn: () => call(e.list, { query: { pageNumber: page, pageSize } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useApplicationUser(userId: number | null) {
  return useQuery({
    queryKey: applicationUserKeys.detail(userId ?? 0),
    queryFn: () => call(e.detail, { params: { userId: userId ?? 0 } }),
    enabled: userId !== null,
  });
}

/** Roles the provider type allows. */
export function useRoleOptions() {
  return useQuery({ queryKey: applicationUserKeys.roles, queryFn: () => call(e.roles), staleTime: 300_000 });
}

/**
 * The live 'User Name Exists' check (the console's debounced-query pattern): asks once typing pauses, for
 * an e-mail-form value other than `current` (the edited user's own). A failed check reads as "not taken"
 * (the spec shows nothing); the server checks again on save.
 */
export function useUserNameTaken(userName: string, userId: number | null, current: string | undefined) {
  const { answer } = useLiveCheck({
    value: userName.trim().toLowerCase(),
    worthAsking: (settled) => settled !== current && z.email().safeParse(settled).success,
    queryKey: (settled) => applicationUserKeys.userNameExists(settled, userId),
    ask: (settled) => call(e.userNameExists, { query: { userName: settled, userId: userId ?? undefined } }),
    staleTime: 10_000,
    retry: false,
  });
  return answer?.exists === true;
}

/** Create (userId null) or update a user; the grid refreshes. */
export const useSaveApplicationUser = (userId: number | null) =>
  useRefreshingWrite(
    (body: ApplicationUserBody) =>
      userId === null ? call(e.create, { body }) : call(e.update, { params: { userId }, body }),
    [applicationUserKeys.all],
  );

export const useDeleteApplicationUser = () =>
  useRefreshingWrite((userId: number) => call(e.remove, { params: { userId } }), [applicationUserKeys.all]);
