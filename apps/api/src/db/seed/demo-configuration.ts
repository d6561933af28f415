import type { Db } from '../../platform/db/client';
import type { DemoProviderIds } from './demo';

/** Demo configuration values and interests (issue 4). */
export async function seedDemoConfiguration(_db: Db, _now: Date, _ids: DemoProviderIds) {}
