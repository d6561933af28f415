import { z } from 'zod';

/**
 * Whole numbers of requests (issue 27). Every id, sequence number, count or code a request carries is stored
 * in a PostgreSQL `integer` (int4), so every request schema bounds its integers to that range: a larger value
 * is a 400 with zod's message (or a 404 for a path id no row has), never the database's 500.
 * `common/ints.test.ts` walks every endpoint definition's params, query and body and proves it.
 */
export const INT_MAX = 2_147_483_647;
export const INT_MIN = -2_147_483_648;

/** A whole number of a JSON body within int4; chain `.min()` / `.max()` for tighter bounds. */
export const intSchema = z.number().int().min(INT_MIN).max(INT_MAX);
/** The same in a path or query string (text coerced to a number). */
export const intParamSchema = z.coerce.number().int().min(INT_MIN).max(INT_MAX);
/** The id of a stored row in a JSON body: 1 to 2^31 − 1. */
export const idSchema = intSchema.min(1);
/** The id of a stored row in a path or query string: 1 to 2^31 − 1. */
export const idParamSchema = intParamSchema.min(1);

/** An optional query-string value: '' or nothing is absent (undefined), anything else must pass `schema`. */
export const optionalQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null || v === undefined ? undefined : v), schema.optional());
