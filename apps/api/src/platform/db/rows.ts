import { type SQL, sql } from 'drizzle-orm';

/**
 * The rows of a raw `db.execute(sql`...`)` result on either driver (node-postgres and PGlite both answer
 * `{ rows }`; an array is taken as the rows). The one copy: repositories import it from here.
 */
export const rowsOf = <T = unknown>(result: unknown): T[] =>
  ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

/** An int[] literal ('{1,2,3}') for one parameter: `= any($1::int[])`, or a prepared statement's placeholder. */
export const intList = (ids: readonly number[]) => `{${ids.map((n) => Math.trunc(Number(n))).join(',')}}`;

/** A list of integers as one parameter, cast: `x = any(${intArray(ids)})`, `unnest(${intArray(ids)})`. */
export const intArray = (ids: readonly number[]): SQL => sql`${intList(ids)}::int[]`;

/** A prepared statement built on first use (then parsed and planned once per connection). */
export const once = <T>(make: () => T) => {
  let q: T | undefined;
  return () => {
    q ??= make();
    return q;
  };
};
