import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { seedDatabase } from '../src/db/seed';
import { dumpPglite, openDatabase } from '../src/platform/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: file holding a dump of the migrated, seeded template database. */
    pgliteTemplate: string;
    /** PostgreSQL: name of the migrated, seeded template database. */
    pgTemplate: string;
  }
}

/**
 * Migrates and seeds ONE template database per run; every test file then starts from a copy of it
 * (PGlite: loadDataDir from a dump; PostgreSQL: CREATE DATABASE ... TEMPLATE).
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const handle = await openDatabase({ url, poolSize: 2 });
    await handle.migrate();
    await seedDatabase(handle.db, new Date(), { demo: true });
    await handle.close();
    project.provide('pgTemplate', new URL(url).pathname.slice(1));
    project.provide('pgliteTemplate', '');
    return;
  }
  const handle = await openDatabase({});
  await handle.migrate();
  await seedDatabase(handle.db, new Date(), { demo: true });
  const dump = await dumpPglite(handle);
  await handle.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'assess-tmpl-'));
  const file = path.join(dir, 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplate', '');
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
