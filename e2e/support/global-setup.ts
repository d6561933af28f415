import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../apps/api/test/free-port';
import { root, tmpDir } from './paths';

declare module 'vitest' {
  export interface ProvidedContext {
    /** http://127.0.0.1:<port> of the API serving the built console. */
    baseUrl: string;
    /** The server's DATA_DIR (its mail outbox is DATA_DIR/outbox); empty with E2E_BASE_URL. */
    dataDir: string;
  }
}

/** The built console; E2E_WEB_DIST points elsewhere (e.g. a private build while others rebuild dist). */
const webDist = process.env.E2E_WEB_DIST
  ? path.resolve(process.env.E2E_WEB_DIST)
  : path.join(root, 'apps/web/dist');

async function waitForHealth(url: string, server: ChildProcess, log: string, timeoutMs = 240_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.exitCode !== null) {
      throw new Error(
        `The API exited with code ${server.exitCode} before it was ready:\n${fs.readFileSync(log, 'utf8')}`,
      );
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `The API did not answer /api/health within ${timeoutMs} ms:\n${fs.readFileSync(log, 'utf8')}`,
  );
}

/**
 * The compiled API the tests run against: E2E_API_DIST (npm test and test:e2e pass apps/api/dist, the shipped
 * build `npm run build` made), else a build of the current sources into apps/api/.build (about a second),
 * so a run started by hand always tests the code as it is.
 */
function compiledApi(repoNode: string): string {
  if (process.env.E2E_API_DIST) {
    const dist = path.resolve(root, process.env.E2E_API_DIST);
    if (!fs.existsSync(path.join(dist, 'main.js')))
      throw new Error(`E2E_API_DIST=${dist} holds no main.js: run "npm run build" first.`);
    return dist;
  }
  // Inside the repository, so the bundle finds node_modules; one folder per scratch folder (parallel shards).
  const dist = path.join(root, 'apps/api/.build', `e2e-${path.basename(tmpDir)}`);
  execFileSync(repoNode, [path.join(root, 'apps/api/build.mjs'), dist], { stdio: 'inherit' });
  return dist;
}

/**
 * E2E_DATABASE_URL (postgres://…/any): the server runs on a fresh PostgreSQL database of its own, created here and
 * dropped at the end (CI sets it: PostgreSQL spends a fraction of the CPU the embedded PGlite does, and the browser
 * runs are CPU-bound on 2 cores). Unset: the embedded PGlite, as `npm start`.
 */
async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const base = process.env.E2E_DATABASE_URL;
  if (!base) return undefined;
  const name = `e2e_${process.pid}_${Date.now().toString(36)}`;
  const admin = new URL(base);
  admin.pathname = '/postgres';
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: admin.toString() });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/**
 * Starts the compiled API (plain node, as `npm run serve` does) on a free port with a fresh data folder and the demo
 * data, serving apps/web/dist, and hands its URL to the tests. The console must be built first (`npm run build`).
 * E2E_BASE_URL=http://host:port uses a server that is already running instead.
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(
      `apps/web/dist/index.html is missing: build the console first with "npm run build -w @assess/web" ` +
        `(npm test and npm run test:e2e do it for you).`,
    );
  }
  fs.rmSync(tmpDir, { recursive: true, force: true });
  fs.mkdirSync(path.join(tmpDir, 'sessions'), { recursive: true });
  const external = process.env.E2E_BASE_URL?.replace(/\/+$/, '');
  if (external) {
    // An API already running (with demo data, serving this build), e.g. while working on the API itself.
    const res = await fetch(`${external}/api/health`).catch(() => undefined);
    if (!res?.ok) throw new Error(`E2E_BASE_URL=${external} does not answer /api/health`);
    project.provide('baseUrl', external);
    project.provide('dataDir', '');
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assess-e2e-'));
  const port = await freePort();
  const repoNode = path.join(root, 'node_modules/.bin/node');
  const node = fs.existsSync(repoNode) ? repoNode : process.execPath;
  const log = path.join(tmpDir, 'server.log');
  const out = fs.openSync(log, 'w');
  const apiDist = compiledApi(node);
  const database = await freshDatabase();
  const server = spawn(node, [path.join(apiDist, 'main.js')], {
    cwd: path.join(root, 'apps/api'),
    env: {
      ...process.env,
      DEMO_DATA: 'true',
      SHUTDOWN_DELAY_MS: '0',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
      SIGNIN_MAX_FAILURES_PER_ADDRESS: '1000',
      NODE_ENV: 'test',
      TEST_CONTROLS: '1',
      ...(database ? { DATABASE_URL: database.url } : {}),
    },
    stdio: ['ignore', out, out],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    fs.closeSync(out);
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  };
  try {
    await waitForHealth(baseUrl, server, log);
  } catch (e) {
    await stop();
    throw e;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  return stop;
}
