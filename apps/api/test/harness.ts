import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuildOptions, buildApp } from '../src/app';
import { DEMO_PASSWORD } from '../src/db/seed/demo';
import { loadConfig } from '../src/platform/config';
import { type DatabaseHandle, openDatabase } from '../src/platform/db/client';

/** A fresh database for one test file: a copy of the run's template (PGlite or PostgreSQL). */
export async function openTestDatabase(): Promise<DatabaseHandle & { dropUrl?: string }> {
  const pgTemplate = inject('pgTemplate');
  const base = process.env.DATABASE_URL;
  if (pgTemplate && base) {
    const name = `t_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
    const admin = new URL(base);
    admin.pathname = '/postgres';
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query(`create database ${name} template ${pgTemplate}`);
    await client.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ url: url.toString(), poolSize: 5 });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        const c = new pg.Client({ connectionString: admin.toString() });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const dump = fs.readFileSync(inject('pgliteTemplate'));
  return openDatabase({ loadDataDir: new Blob([dump]) });
}

/** A settable clock for tests that drive time (expiry, schedules) instead of sleeping. */
export function testClock(start = new Date()) {
  let now = start.getTime();
  const clock = () => new Date(now);
  clock.set = (d: Date) => {
    now = d.getTime();
  };
  clock.advance = (ms: number) => {
    now += ms;
  };
  return clock;
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The whole app on a fresh database, with helpers to sign in as the demo accounts. */
export async function createTestApp(overrides: Partial<Omit<BuildOptions, 'handle'>> = {}) {
  const handle = await openTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assess-data-'));
  const base = loadConfig({});
  const config = {
    ...base,
    cpuPool: { ...base.cpuPool, workerFile: pathToFileURL(path.join(inject('apiBuild'), 'cpu-worker.js')) },
    dataDir,
    logLevel: 'warn',
    runJobs: false,
    ...overrides.config,
  };
  const ctx = await buildApp({ logger: false, ...overrides, config, handle });
  const { app } = ctx;

  /** Signs in and returns the cookie header value to send with later requests. */
  async function signIn(userName: string, password = DEMO_PASSWORD, remoteAddress = '127.0.0.1') {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { userName, password },
      remoteAddress,
    });
    if (res.statusCode !== 200)
      throw new Error(`sign-in as ${userName} failed: ${res.statusCode} ${res.body}`);
    const cookie = res.cookies.find((c) => c.name === 'sid');
    if (!cookie) throw new Error('no session cookie');
    return `sid=${cookie.value}`;
  }

  return {
    ...ctx,
    config,
    /** The clock the app was given (a testClock can be moved; undefined: the real clock). */
    clock: overrides.clock as ReturnType<typeof testClock> | undefined,
    signIn,
    async close() {
      await app.close();
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
