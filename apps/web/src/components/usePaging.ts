import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@assess/contracts/common';
import { useCallback, useState } from 'react';

export type Paging = { page: number; pageSize: number };

/**
 * Paging state for a server-paged list (1-based page, default page 1 size 10). Spread into PagedGrid:
 * `const paging = usePaging(); <PagedGrid {...paging} ... />` and use `paging.page/pageSize` in the query key.
 */
export function usePaging(initial: Partial<Paging> = {}) {
  const [paging, setPaging] = useState<Paging>({
    page: initial.page ?? DEFAULT_PAGE,
    pageSize: initial.pageSize ?? DEFAULT_PAGE_SIZE,
  });
  const onPagingChange = useCallback((next: Paging) => setPaging(next), []);
  const reset = useCallback(() => setPaging((p) => ({ ...p, page: DEFAULT_PAGE })), []);
  return { ...paging, onPagingChange, reset };
}
