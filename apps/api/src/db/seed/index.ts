import type { Db } from '../../platform/db/client';
import { seedDemoData } from './demo';
import { seedDemoConfiguration } from './demo-configuration';
import { seedDemoMessages } from './demo-messages';
import { seedDemoStudents } from './demo-students';
import { seedReferenceData } from './reference';

/** Reference data always; demo data on a database that has no provider yet (configuration before students). */
export async function seedDatabase(db: Db, now: Date, opts: { demo: boolean }) {
  await seedReferenceData(db);
  if (!opts.demo) return;
  const ids = await seedDemoData(db, now);
  if (!ids) return;
  await seedDemoConfiguration(db, now, ids);
  await seedDemoStudents(db, now, ids);
  await seedDemoMessages(db, now, ids);
}
