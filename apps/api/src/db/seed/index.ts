import type { Db } from '../../platform/db/client';
import { seedDemoData } from './demo';
import { seedReferenceData } from './reference';

/** Reference data always; demo data on a database that has no provider yet. */
export async function seedDatabase(db: Db, now: Date, opts: { demo: boolean }) {
  await seedReferenceData(db);
  if (opts.demo) await seedDemoData(db, now);
}
