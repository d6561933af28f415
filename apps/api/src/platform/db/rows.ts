/**
 * The rows of a raw `db.execute(sql`...`)` result on either driver (node-postgres and PGlite both answer
 * `{ rows }`; an array is taken as the rows). The one copy: repositories import it from here.
 */
export const rowsOf = <T = unknown>(result: unknown): T[] =>
  ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
