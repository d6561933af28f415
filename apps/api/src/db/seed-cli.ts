import { sql } from 'drizzle-orm';
import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db/client';
import { seedDatabase } from './seed';

/** npm run seed: empties the database (all tables, the migrations record and the job queue) and seeds it anew. */
const config = loadConfig();
const handle = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pgdata`,
});
await handle.db.execute(
  sql.raw(
    'drop schema if exists public cascade; drop schema if exists drizzle cascade; drop schema if exists pgboss cascade; create schema public;',
  ),
);
await handle.migrate();
await seedDatabase(handle.db, new Date(), { demo: true });
await handle.close();
console.log('database reset and seeded');
