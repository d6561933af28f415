import type { DatabaseHandle } from '../platform/db/client';
import { seedDatabase } from './seed';

/**
 * Brings a database up to date: the pending migrations, the reference data and (only with `demo`) the demo data,
 * under the migration lock, so processes starting together do it once (the server's start, db:migrate,
 * create-owner).
 */
export function prepareDatabase(handle: DatabaseHandle, now: Date, opts: { demo: boolean }) {
  return handle.exclusive(async () => {
    await handle.migrate();
    await seedDatabase(handle.db, now, opts);
  });
}
