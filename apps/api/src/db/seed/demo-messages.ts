import type { Db } from '../../platform/db/client';
import type { DemoProviderIds } from './demo';

/** Demo a few messages (issue 6). */
export async function seedDemoMessages(_db: Db, _now: Date, _ids: DemoProviderIds) {}
