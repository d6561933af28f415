import type { Database, Db } from './client';

/**
 * The one transaction style of the API. A module builds its repositories from a database handle; the
 * unit of work runs a function with the same repositories bound to one transaction, committed when the
 * function resolves and rolled back when it throws. Services receive the repositories and the unit of
 * work; they never see the database, Drizzle, SQL or a transaction handle.
 *
 *   const students = createStudentsRepository(db);
 *   const withTransaction = unitOfWork(db, (tx) => ({ students: createStudentsRepository(tx) }));
 *   await withTransaction(async ({ students }) => { await students.lockProvider(id); ... });
 */
export type UnitOfWork<R> = <T>(work: (repos: R) => Promise<T>) => Promise<T>;

export function unitOfWork<R>(db: Database | Db, bind: (tx: Db) => R): UnitOfWork<R> {
  return (work) => db.transaction((tx) => work(bind(tx)));
}
