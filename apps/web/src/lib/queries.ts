import { keepPreviousData, type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** A list's page: the page on screen stays while the next one (another page, size or filter) loads. */
export function useListQuery<T>(queryKey: QueryKey, queryFn: () => Promise<T>) {
  return useQuery({ queryKey, queryFn, placeholderData: keepPreviousData });
}

export type Refresh = {
  /** The queries read again after the write: every query under each of these keys. */
  refresh: readonly QueryKey[];
  /** After a successful write (default), or after any ('settled': a switch the grid showed at once). */
  after?: 'success' | 'settled';
  /** The write resolves once the queries are read again (default); false: at once, they follow. */
  wait?: boolean;
};

/** A write of an area: once done, the area's queries (its lists, the dashboard's counts) are read again. */
export function useRefreshingWrite<V, R>(
  fn: (v: V) => Promise<R>,
  { refresh, after = 'success', wait = true }: Refresh,
) {
  const qc = useQueryClient();
  const readAgain = () => {
    const all = Promise.all(refresh.map((queryKey) => qc.invalidateQueries({ queryKey })));
    return wait ? all : undefined;
  };
  return useMutation({
    mutationFn: fn,
    ...(after === 'settled' ? { onSettled: readAgain } : { onSuccess: readAgain }),
  });
}
