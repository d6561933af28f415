import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TestProject } from 'vitest/node';
import { seedDatabase } from '../src/db/seed';
import { dumpPglite, openDatabase } from '../src/platform/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: file holding a dump of the migrated, seeded template database. */
    pgliteTemplate: string;
    /** PostgreSQL: name of the migrated, seeded template database. */
    pgTemplate: string;
    /** file: URL of the CPU pool's worker compiled once for the run (cpu-worker.js). */
    cpuWorker: string;
  }
}

/**
 * Migrates and seeds ONE template database per run; every test file then starts from a copy of it
 * (PGlite: loadDataDir from a dump; PostgreSQL: CREATE DATABASE ... TEMPLATE).
 */
export default async function setup(project: TestProject) {
  const stopWorker = compiledCpuWorker(project);
  const url = process.env.DATABASE_URL;
  if (url) {
    const handle = await openDatabase({ url, poolSize: 2 });
    await handle.migrate();
    await seedDatabase(handle.db, new Date(), { demo: true });
    await handle.close();
    project.provide('pgTemplate', new URL(url).pathname.slice(1));
    project.provide('pgliteTemplate', '');
    return stopWorker;
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
    stopWorker();
  };
}

/**
 * The CPU pool's worker, compiled once for the run as `npm run build` compiles it (under a second): every test app's
 * pool starts its threads from it instead of from the sources through the TypeScript loader, which cost about a CPU
 * second a thread (the pool's own unit test still starts one from the sources).
 */
function compiledCpuWorker(project: TestProject): () => void {
  const apiRoot = path.resolve(import.meta.dirname, '..');
  // Inside the package, so the bundle finds node_modules.
  const dist = path.join(apiRoot, '.build', `tests-${process.pid}`);
  execFileSync(process.execPath, [path.join(apiRoot, 'build.mjs'), dist], { stdio: 'pipe' });
  project.provide('cpuWorker', pathToFileURL(path.join(dist, 'cpu-worker.js')).href);
  return () => fs.rmSync(dist, { recursive: true, force: true });
}
