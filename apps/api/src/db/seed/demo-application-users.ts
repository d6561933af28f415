import type { Db } from '../../platform/db/client';
import type { DemoProviderIds } from './demo';

/** Demo data of this area (filled in by its issue). */
export async function seedDemoApplicationUsers(_db: Db, _now: Date, _ids: DemoProviderIds) {}
