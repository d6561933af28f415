import { z } from 'zod';
import { idParamSchema, intParamSchema } from './ints';

/** Page size options every grid offers (spec part 1 §9, part 2 §9, part 3 §9). */
export const PAGE_SIZES = [10, 30, 50, 70, 100] as const;
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;
/** The largest page any list route serves (test series for assignment are fetched at 300, providers at 1000). */
export const MAX_PAGE_SIZE = 1000;

/** A list route's page number: 1-based, 1 when absent. */
export const pageNumberSchema = idParamSchema.default(DEFAULT_PAGE);
/** A page size from 1 to `max`, `fallback` when absent (lists whose console fetches one fixed size). */
export const pageSizeUpTo = (max: number, fallback: number) => idParamSchema.max(max).default(fallback);
/** A grid's page size: one of PAGE_SIZES (what the console's grids offer), 10 when absent. */
export const gridPageSizeSchema = intParamSchema
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'Page size must be 10, 30, 50, 70 or 100.')
  .default(DEFAULT_PAGE_SIZE);
/** A page query whose page size is 1 to `max` (`fallback` when absent); extend it with the list's filters. */
export const pageQueryUpTo = (max: number, fallback: number) =>
  z.object({ pageNumber: pageNumberSchema, pageSize: pageSizeUpTo(max, fallback) });

/** Query of every list route: pageNumber is 1-based. */
export const pageQuerySchema = pageQueryUpTo(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE);
/** Query of a server-paged grid (page size one of PAGE_SIZES); extend it with the grid's filters. */
export const gridPageQuerySchema = z.object({ pageNumber: pageNumberSchema, pageSize: gridPageSizeSchema });
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** Answer of every list route. */
export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), totalCount: z.number().int().min(0) });
export type Paged<T> = { items: T[]; totalCount: number };
