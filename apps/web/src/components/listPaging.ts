import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@assess/contracts/common';
import { useCallback, useSyncExternalStore } from 'react';
import type { Paging } from './usePaging';

/**
 * Paging state of lists that keeps its page while the user goes elsewhere and comes back (the test,
 * question and course lists of parts 2 and 3). It lives outside the pages so that opening the System
 * Configuration page can reset it (part 1 §2: "resets the paging of the test, question and course lists
 * to page 1, size 10"). Use: `const paging = useListPaging('tests'); <PagedGrid {...paging} ... />`.
 */
export type PagedList = 'tests' | 'questions' | 'courses';
export const pagedLists: readonly PagedList[] = ['tests', 'questions', 'courses'];

const initial: Paging = { page: DEFAULT_PAGE, pageSize: DEFAULT_PAGE_SIZE };
const state = new Map<PagedList, Paging>();
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function getListPaging(list: PagedList): Paging {
  return state.get(list) ?? initial;
}

export function setListPaging(list: PagedList, paging: Paging) {
  state.set(list, paging);
  emit();
}

/** Back to page 1, size 10 for the given lists (all three by default). */
export function resetListPaging(lists: readonly PagedList[] = pagedLists) {
  for (const l of lists) state.set(l, initial);
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The kept paging of one list, shaped like usePaging() (spread into PagedGrid). */
export function useListPaging(list: PagedList) {
  const paging = useSyncExternalStore(
    subscribe,
    () => getListPaging(list),
    () => initial,
  );
  const onPagingChange = useCallback((next: Paging) => setListPaging(list, next), [list]);
  const reset = useCallback(
    () => setListPaging(list, { ...getListPaging(list), page: DEFAULT_PAGE }),
    [list],
  );
  return { ...paging, onPagingChange, reset };
}
