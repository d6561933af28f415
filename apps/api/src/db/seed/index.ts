import type { Db } from '../../platform/db/client';
import { seedDemoData } from './demo';
import { seedDemoAnalytics } from './demo-analytics';
import { seedDemoApplicationUsers } from './demo-application-users';
import { seedDemoConfiguration } from './demo-configuration';
import { seedDemoCoupons } from './demo-coupons';
import { seedDemoLearner } from './demo-learner';
import { seedDemoMessages } from './demo-messages';
import { seedDemoOmr } from './demo-omr';
import { seedDemoProviders } from './demo-providers';
import { seedDemoQuestionBank } from './demo-question-bank';
import { seedDemoQuickTests } from './demo-quick-tests';
import { seedDemoSchedules } from './demo-schedules';
import { seedDemoStudents } from './demo-students';
import { seedDemoTasks } from './demo-tasks';
import { seedDemoTests } from './demo-tests';
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
  await seedDemoQuestionBank(db, now, ids);
  await seedDemoTests(db, now, ids);
  await seedDemoTasks(db, now, ids);
  await seedDemoProviders(db, now, ids);
  await seedDemoCoupons(db, now, ids);
  await seedDemoApplicationUsers(db, now, ids);
  await seedDemoSchedules(db, now, ids);
  await seedDemoLearner(db, now, ids);
  await seedDemoQuickTests(db, now, ids);
  await seedDemoAnalytics(db, now, ids);
  await seedDemoOmr(db, now, ids);
}
