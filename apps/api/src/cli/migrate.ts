import { prepareDatabase } from '../db/prepare';
import { loadConfig } from '../platform/config';
import { databaseOptionsOf, openDatabase } from '../platform/db/client';
import { fail } from '../platform/runtime/fail';

// npm run db:migrate: applies the pending migrations and the reference data (roles, privileges, packages) under
// the migration lock, never demo data. Exit 1 with one line when it fails; a failed migration leaves nothing applied.
const config = fail.unless(() => loadConfig());
const handle = await fail.unlessAsync(
  () => openDatabase(databaseOptionsOf(config, 2)),
  'The database cannot be opened',
);
await fail.unlessAsync(
  () => prepareDatabase(handle, new Date(), { demo: false }),
  'Migration failed',
  () => handle.close(),
);
await handle.close();
console.log('database migrated');
