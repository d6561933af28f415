import type { Db } from '../../platform/db/client';
import type { DemoProviderIds } from './demo';

/** Demo students and a few test series (issue 5). */
export async function seedDemoStudents(_db: Db, _now: Date, _ids: DemoProviderIds) {}
