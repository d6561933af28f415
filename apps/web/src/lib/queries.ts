import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';

/** A list's page: the page on screen stays while the next one (another page, size or filter) loads. */
export function useListQuery<T>(queryKey: QueryKey, queryFn: () => Promise<T>) {
  return useQuery({ queryKey, queryFn, placeholderData: keepPreviousData });
}
