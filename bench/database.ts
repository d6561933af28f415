import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** One SQL command as postgres on the local PostgreSQL server (127.0.0.1:5432). */
export const psql = (command: string) =>
  execFileSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-qc', command]);

/**
 * A bench's database and data directory. The database is BENCH_DATABASE_URL when set (kept), otherwise a fresh
 * `<name>_<now>` on the local server: create() creates it, cleanUp() drops it (BENCH_KEEP_DB=1 keeps it and prints
 * its name). The data directory is a fresh temporary one, removed by cleanUp(). `local: true` ignores
 * BENCH_DATABASE_URL; `url: false` gives no database at all (an embedded one in the data directory).
 */
export function benchDatabase(name: string, o: { local?: boolean; url?: false } = {}) {
  const given = o.local || o.url === false ? undefined : process.env.BENCH_DATABASE_URL;
  const dbName = given || o.url === false ? undefined : `${name}_${Date.now()}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name.replaceAll('_', '-')}-`));
  return {
    url: given ?? (dbName && `postgres://postgres@127.0.0.1:5432/${dbName}`),
    dbName,
    dataDir,
    create() {
      if (dbName) psql(`create database ${dbName}`);
    },
    cleanUp() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (!dbName) return;
      if (process.env.BENCH_KEEP_DB === '1') console.log(`kept database ${dbName}`);
      else psql(`drop database if exists ${dbName} with (force)`);
    },
  };
}
