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
  /** Applies the pending migrations (on PostgreSQL under the migration lock: see `exclusive`). */
  migrate(): Promise<void>;
  /**
   * Runs `work` while holding the database's migration lock (a PostgreSQL advisory lock), so processes starting
   * together migrate and seed one after the other: the first does the work, the others find it done. PGlite has
   * one process: it just runs.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Listens on a notification channel over a connection of its own (PostgreSQL LISTEN); `onReconnect` runs after a
   * lost connection is back (notifications may have been missed meanwhile). PGlite (one process): nothing to hear.
   * Returns a function that stops listening.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onReconnect: () => void,
  ): Promise<() => Promise<void>>;
  /** Sends a notification to every process listening on the channel (PostgreSQL NOTIFY; PGlite: none). */
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
};

/** Key of the advisory lock that migrations and seeding run under (any fixed bigint; 'assess:migrate'). */
const MIGRATION_LOCK_KEY = 7_361_926_544_101;

/** The migrations: beside the compiled server (dist/migrations, copied by the build) or in the sources. */
const here = path.dirname(fileURLToPath(import.meta.url));
const migrationsFolder = fs.existsSync(path.join(here, 'migrations/meta/_journal.json'))
  ? path.join(here, 'migrations')
  : path.resolve(here, '../../db/migrations');

export type DatabaseOptions = {
  url?: string;
  /** PGlite data directory; undefined = in memory. */
  dataDir?: string;
  /** PGlite: start from a dump made by dumpDataDir (the test harness's template). */
  loadDataDir?: Blob;
  poolSize?: number;
};

/** The database the settings name: PostgreSQL at DATABASE_URL, else the embedded one under DATA_DIR/pgdata. */
export function databaseOptionsOf(
  config: { databaseUrl: string | undefined; dataDir: string; databasePoolSize: number },
  poolSize = config.databasePoolSize,
): DatabaseOptions {
  return config.databaseUrl
    ? { url: config.databaseUrl, poolSize }
    : { dataDir: path.join(config.dataDir, 'pgdata') };
}

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
      async exclusive(work) {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          try {
            return await work();
          } finally {
            await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
          }
        } finally {
          client.release();
        }
      },
      listen: (channel, onMessage, onReconnect) => listenPg(opts.url!, channel, onMessage, onReconnect),
      async notify(channel, payload) {
        await pool.query('select pg_notify($1, $2)', [channel, payload]);
      },
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
    exclusive: (work) => work(),
    listen: async () => async () => {},
    notify: async () => {},
    close: () => client.close(),
  };
}

/**
 * LISTEN on a dedicated connection that comes back by itself: when it is lost, it reconnects (after 250 ms, then
 * doubling up to 5 s) and calls `onReconnect`, since notifications sent meanwhile were missed.
 */
async function listenPg(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onReconnect: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retryMs = 250;
  let timer: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url, application_name: 'assess-listen' });
    c.on('notification', (n) => {
      if (n.channel === channel) onMessage(n.payload ?? '');
    });
    const lost = () => {
      if (client !== c || stopped) return;
      client = undefined;
      c.end().catch(() => {});
      schedule();
    };
    c.on('error', lost);
    c.on('end', lost);
    await c.connect();
    await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = c;
    retryMs = 250;
  };
  const schedule = () => {
    timer = setTimeout(async () => {
      if (stopped) return;
      try {
        await connect();
        onReconnect();
      } catch (err) {
        console.warn(`listening for ${channel} failed: ${(err as Error).message}; retrying`);
        retryMs = Math.min(retryMs * 2, 5000);
        schedule();
      }
    }, retryMs);
    timer.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await client?.end().catch(() => {});
  };
}

/**
 * PGlite only: a snapshot of the whole database (the test harness clones it per test file), taken after a checkpoint,
 * so a copy starts without replaying the template's write-ahead log (a fifth less CPU per test file).
 */
export async function dumpPglite(handle: DatabaseHandle): Promise<Blob> {
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  await client.exec('CHECKPOINT');
  return (await client.dumpDataDir('none')) as Blob;
}
