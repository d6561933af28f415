import { seedDatabase } from '../db/seed';
import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db/client';
import { fail } from '../platform/runtime/fail';

// npm run db:migrate: applies the pending migrations and the reference data (roles, privileges, packages) under
// the migration lock, never demo data. Exit 1 with one line when it fails; a failed migration leaves nothing applied.
const config = fail.unless(() => loadConfig());
const handle = await fail.unlessAsync(
  () =>
    openDatabase({
      url: config.databaseUrl,
      poolSize: 2,
      dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pgdata`,
    }),
  'The database cannot be opened',
);
await fail.unlessAsync(
  () =>
    handle.exclusive(async () => {
      await handle.migrate();
      await seedDatabase(handle.db, new Date(), { demo: false });
    }),
  'Migration failed',
  () => handle.close(),
);
await handle.close();
console.log('database migrated');
