import {
  type InvalidateQueryFilters,
  keepPreviousData,
  type QueryKey,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

/** A list's page: the page on screen stays while the next one (another page, size or filter) loads. */
export function useListQuery<T>(queryKey: QueryKey, queryFn: () => Promise<T>) {
  return useQuery({ queryKey, queryFn, placeholderData: keepPreviousData });
}

/**
 * A write that refreshes these queries (keys, or filters) on success, or `evenOnFailure` once it settles: they
 * are marked stale and those on screen read again. The write settles once they are read again, unless `wait` is
 * false (it settles at once and they refresh behind).
 */
export function useRefreshingWrite<A, R>(
  write: (args: A) => Promise<R>,
  refresh: readonly (QueryKey | InvalidateQueryFilters)[],
  o: { wait?: false; evenOnFailure?: true } = {},
) {
  const qc = useQueryClient();
  const refreshAll = () => {
    const done = Promise.all(
      refresh.map((f) =>
        qc.invalidateQueries(Array.isArray(f) ? { queryKey: f } : (f as InvalidateQueryFilters)),
      ),
    );
    return o.wait === false ? undefined : done;
  };
  return useMutation({
    mutationFn: write,
    ...(o.evenOnFailure ? { onSettled: refreshAll } : { onSuccess: refreshAll }),
  });
}

/** The entity an editor has open (none before its first save): read once when opened, never replaced behind the author's back. */
export function useEditedEntity<T>(queryKey: QueryKey, id: number | null, read: (id: number) => Promise<T>) {
  return useQuery({
    queryKey,
    queryFn: () => read(id ?? 0),
    enabled: id !== null,
    staleTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
