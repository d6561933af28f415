import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { AnyPgColumn, PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from '../../db/schema';

export type Schema = typeof schema;
/** The one database type every repository takes; nothing outside this folder knows the driver. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A column of a table of the schema (registries of columns, e.g. configuration references). */
export type TableColumn = AnyPgColumn;
/** A database or a transaction: repositories accept either. */
export type Db = Database | Transaction;

export type SqlExecutor = {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
};

export type DatabaseHandle = {
  db: Database;
  /** Raw SQL for pg-boss (its `db` option) and for the few places that need it. */
  sql: SqlExecutor;
  /** PostgreSQL connection string when on a server; pg-boss then opens its own pool. */
  url: string | undefined;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations');

export type DatabaseOptions = {
  url?: string;
  /** PGlite data directory; undefined = in memory. */
  dataDir?: string;
  /** PGlite: start from a dump made by dumpDataDir (the test harness's template). */
  loadDataDir?: Blob;
  poolSize?: number;
};

export async function openDatabase(opts: DatabaseOptions): Promise<DatabaseHandle> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    // An idle connection that dies (server restart, a closing pool's connection terminated) is dropped
    // by the pool; without a listener its 'error' would crash the process. Queries in flight still reject.
    pool.on('error', (err) => console.warn(`database connection lost: ${err.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      url: opts.url,
      sql: {
        async executeSql(text, values) {
          const r = await pool.query(text, values as unknown[]);
          return { rows: r.rows };
        },
      },
      migrate: () => migratePg(db as never, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    url: undefined,
    sql: {
      async executeSql(text, values) {
        // PGlite's query() takes one statement with parameters; exec() runs several without.
        if (values && values.length > 0) {
          const r = await client.query(text, values as unknown[]);
          return { rows: r.rows };
        }
        // pg-boss sends BEGIN; ...; <statement> RETURNING ...; COMMIT blocks: keep the rows of every
        // statement (not only the last, a COMMIT), and on error roll back what a failed block left open
        // on the one connection, as a pool would by handing out a fresh one.
        try {
          const results = await client.exec(text);
          return { rows: results.flatMap((r) => r.rows ?? []) };
        } catch (err) {
          await client.query('ROLLBACK').catch(() => {});
          throw err;
        }
      },
    },
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}

/** PGlite only: a snapshot of the whole database (the test harness clones it per test file). */
export async function dumpPglite(handle: DatabaseHandle): Promise<Blob> {
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  return (await client.dumpDataDir('none')) as Blob;
}
