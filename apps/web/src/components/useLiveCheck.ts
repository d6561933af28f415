import { type QueryKey, useQuery } from '@tanstack/react-query';
import { useDebounced } from './useDebounced';

/**
 * A live check of a field while typing ("already present", "User Name Exists"): asked once typing pauses, and
 * only when `worthAsking` the settled value; its answer counts only while it is for the value now in the field.
 * `checking` while the user types or the server is asked.
 */
export function useLiveCheck<T>(o: {
  /** The field's value as it is checked (trimmed, and so on). */
  value: string;
  worthAsking: (settled: string) => boolean;
  queryKey: (settled: string) => QueryKey;
  ask: (settled: string) => Promise<T>;
  staleTime: number;
  retry?: false;
}): { answer: T | undefined; checking: boolean } {
  const settled = useDebounced(o.value);
  const enabled = o.worthAsking(settled);
  const query = useQuery({
    queryKey: o.queryKey(settled),
    queryFn: () => o.ask(settled),
    enabled,
    staleTime: o.staleTime,
    ...(o.retry === false ? { retry: false } : {}),
  });
  return {
    answer: enabled && settled === o.value ? query.data : undefined,
    checking: o.value !== settled || query.isFetching,
  };
}
