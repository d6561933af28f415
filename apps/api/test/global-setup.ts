import { execFileSync } from 'node:child_process';
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
    /** The API compiled once for the run by build.mjs (main.js, the commands, cpu-worker.js). */
    apiBuild: string;
  }
}

/**
 * Migrates and seeds ONE template database per run; every test file then starts from a copy of it
 * (PGlite: loadDataDir from a dump; PostgreSQL: CREATE DATABASE ... TEMPLATE).
 */
export default async function setup(project: TestProject) {
  const stopBuild = compiledApi(project);
  const url = process.env.DATABASE_URL;
  if (url) {
    const handle = await openDatabase({ url, poolSize: 2 });
    await handle.migrate();
    await seedDatabase(handle.db, new Date(), { demo: true });
    await handle.close();
    project.provide('pgTemplate', new URL(url).pathname.slice(1));
    project.provide('pgliteTemplate', '');
    return stopBuild;
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
  return () => {
    fs.rmSync(dir, { recursive: true, force: true });
    stopBuild();
  };
}

/**
 * The API compiled once for the run as `npm run build` compiles it (under a second): every test app's CPU pool starts
 * its threads from its cpu-worker.js instead of from the sources through the TypeScript loader (about a CPU second a
 * thread; the pool's own unit test still starts one from the sources), and the process tests run its main.js and
 * commands.
 */
function compiledApi(project: TestProject): () => void {
  const apiRoot = path.resolve(import.meta.dirname, '..');
  // Inside the package, so the bundle finds node_modules.
  const dist = path.join(apiRoot, '.build', `tests-${process.pid}`);
  execFileSync(process.execPath, [path.join(apiRoot, 'build.mjs'), dist], { stdio: 'pipe' });
  project.provide('apiBuild', dist);
  return () => fs.rmSync(dist, { recursive: true, force: true });
}
