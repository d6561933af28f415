import { z } from 'zod';
import { idParamSchema } from './ints';

/** Page size options every grid offers (spec part 1 §9, part 2 §9, part 3 §9). */
export const PAGE_SIZES = [10, 30, 50, 70, 100] as const;
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;
/** The largest page any list route serves (test series for assignment are fetched at 300, providers at 1000). */
export const MAX_PAGE_SIZE = 1000;

/** Query of every list route: pageNumber is 1-based. */
export const pageQuerySchema = z.object({
  pageNumber: idParamSchema.default(DEFAULT_PAGE),
  pageSize: idParamSchema.max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** Answer of every list route. */
export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), totalCount: z.number().int().min(0) });
export type Paged<T> = { items: T[]; totalCount: number };
