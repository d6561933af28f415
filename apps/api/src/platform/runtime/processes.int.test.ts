import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { passwordPolicyMessage } from '@assess/contracts/auth';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../../test/free-port';
import { ownerMessages } from './owner.service';

// The shipped artefact: the API compiled by build.mjs (as `npm run build` does), run with plain node as
// `npm run serve`, `npm run create-owner` and `npm run db:migrate` do. Issue 22's process-level behaviour.

const node = process.execPath;
let scratch: string;
/** The run's compiled API (the global setup builds it with build.mjs, as `npm run build` does). */
const dist = inject('apiBuild');
const servers: ChildProcess[] = [];
const dropDatabases: string[] = [];

beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'assess-processes-'));
});

afterAll(async () => {
  await Promise.all(servers.map(stop));
  for (const name of dropDatabases) await admin(`drop database if exists ${name} with (force)`);
  fs.rmSync(scratch, { recursive: true, force: true });
}, 60_000);

/** Env of a compiled process: nothing of the test run's own settings but what is given. */
function envOf(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL: _db, DEMO_DATA: _demo, ...rest } = process.env;
  return { ...rest, LOG_LEVEL: 'warn', NODE_ENV: 'production', SHUTDOWN_DELAY_MS: '0', ...extra };
}

/** Runs one of the compiled commands to its end: exit code and what it printed. */
function command(file: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(node, [path.join(dist, file), ...args], { env: envOf(env), stdio: 'pipe' });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

type Server = { url: string; child: ChildProcess; log: () => string };
async function serve(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(node, [path.join(dist, 'main.js')], {
    env: envOf({ PORT: String(port), HOST: '127.0.0.1', ...env }),
    stdio: 'pipe',
  });
  servers.push(child);
  let log = '';
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  return { url: `http://127.0.0.1:${port}`, child, log: () => log };
}
async function ready(s: Server, timeoutMs = 150_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (s.child.exitCode !== null) throw new Error(`the server exited (${s.child.exitCode}):\n${s.log()}`);
    const res = await fetch(`${s.url}/api/health`).catch(() => undefined);
    if (res?.ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no /api/health within ${timeoutMs} ms:\n${s.log()}`);
}
async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function signIn(s: Server, userName: string, password: string) {
  return fetch(`${s.url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password }),
  });
}
const cookieOf = (res: Response) => (res.headers.get('set-cookie') ?? '').split(';')[0];

/** A statement on the PostgreSQL server of DATABASE_URL, as its maintenance database. */
async function admin(text: string) {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = '/postgres';
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  try {
    return await c.query(text);
  } finally {
    await c.end();
  }
}
/** An empty database of its own on the run's PostgreSQL. */
async function freshDatabase(): Promise<string> {
  const name = `proc_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await admin(`create database ${name}`);
  dropDatabases.push(name);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

const OWNER_PASSWORD = 'Owner#2026x';

describe('npm run serve and create-owner on a fresh database', () => {
  it('has no demo account; create-owner refuses bad input and a second owner, and the owner signs in', async () => {
    const db: Record<string, string> = process.env.DATABASE_URL
      ? { DATABASE_URL: await freshDatabase() }
      : { DATA_DIR: path.join(scratch, 'fresh') };

    const first = await serve(db);
    await ready(first);
    expect((await signIn(first, 'owner@example.com', 'Demo@1234')).status).toBe(401);
    expect((await signIn(first, 'erp@example.com', 'Demo@1234')).status).toBe(401);
    await stop(first.child); // the embedded database is one process's at a time

    const weak = await command('create-owner.js', ['--email', 'boss@school.example', '--name', 'Asha Rao'], {
      ...db,
      OWNER_PASSWORD: 'weakpass',
    });
    expect(weak).toMatchObject({ code: 1 });
    expect(weak.out).toContain(passwordPolicyMessage);
    const malformed = await command('create-owner.js', ['--email', 'not-an-address', '--name', 'Asha Rao'], {
      ...db,
      OWNER_PASSWORD,
    });
    expect(malformed.code).toBe(1);
    expect(malformed.out).toContain(ownerMessages.emailInvalid('not-an-address'));

    const made = await command('create-owner.js', ['--email', 'Boss@School.example', '--name', 'Asha Rao'], {
      ...db,
      OWNER_PASSWORD,
    });
    expect(made.out).toContain(ownerMessages.created('boss@school.example'));
    expect(made.code).toBe(0);
    const again = await command('create-owner.js', ['--email', 'other@school.example', '--name', 'B C'], {
      ...db,
      OWNER_PASSWORD,
    });
    expect(again.code).toBe(1);
    expect(again.out).toContain(ownerMessages.ownerExists('boss@school.example'));

    const second = await serve(db);
    await ready(second);
    const res = await signIn(second, 'boss@school.example', OWNER_PASSWORD);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      userDetails: { userName: 'boss@school.example', providerId: 0 },
    });
    expect((await signIn(second, 'other@school.example', OWNER_PASSWORD)).status).toBe(401);
    await stop(second.child);
  }, 400_000);

  it('a setting with a wrong value stops the start with one line naming it', async () => {
    const bad = await command('main.js', [], {
      DATA_DIR: path.join(scratch, 'bad'),
      SESSION_CACHE_MS: 'soon',
    });
    expect(bad.code).toBe(1);
    expect(bad.out.trim().split('\n').at(-1)).toBe(
      "error: SESSION_CACHE_MS must be a whole number from 0 to 3600000 (got 'soon')",
    );
  }, 60_000);
});

describe.skipIf(!process.env.DATABASE_URL)('two compiled server processes on one PostgreSQL', () => {
  it('start together and migrate once; a sign-out in one is refused by the other within 1 s; files are shared', async () => {
    const DATABASE_URL = await freshDatabase();
    const [a, b] = await Promise.all([
      serve({ DATABASE_URL, DEMO_DATA: 'true', DATA_DIR: path.join(scratch, 'a') }),
      serve({ DATABASE_URL, DEMO_DATA: 'true', DATA_DIR: path.join(scratch, 'b') }),
    ]);
    await Promise.all([ready(a), ready(b)]);
    const journal = JSON.parse(fs.readFileSync(path.join(dist, 'migrations/meta/_journal.json'), 'utf8'));
    const c = new pg.Client({ connectionString: DATABASE_URL });
    await c.connect();
    const applied = await c.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    const owners = await c.query(`select count(*)::int as n from users where user_name = 'erp@example.com'`);
    await c.end();
    expect(applied.rows[0].n).toBe(journal.entries.length);
    expect(owners.rows[0].n).toBe(1); // the demo data was seeded once

    // A session opened through A is known to B (and B keeps its principal in its cache).
    const cookie = cookieOf(await signIn(a, 'erp@example.com', 'Demo@1234'));
    const sessionAt = (s: Server) => fetch(`${s.url}/api/auth/session`, { headers: { cookie } });
    expect((await sessionAt(b)).status).toBe(200);
    expect((await sessionAt(b)).status).toBe(200);

    // An image uploaded through A is served by B, byte for byte.
    const sharp = (await import('sharp')).default;
    const png = await sharp({
      create: { width: 4, height: 3, channels: 3, background: { r: 200, g: 10, b: 10 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'red.png');
    const up = await fetch(`${a.url}/api/question-bank/images`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
    expect(up.status).toBe(201);
    const { imageId } = (await up.json()) as { imageId: number };
    const viaA = await fetch(`${a.url}/api/question-bank/images/${imageId}`, { headers: { cookie } });
    const viaB = await fetch(`${b.url}/api/question-bank/images/${imageId}`, { headers: { cookie } });
    expect(viaB.status).toBe(200);
    expect(Buffer.from(await viaB.arrayBuffer())).toEqual(Buffer.from(await viaA.arrayBuffer()));

    // Sign-out through A: B refuses the session within 1 s (its cache would otherwise keep it 5 s).
    expect((await fetch(`${a.url}/api/auth/sign-out`, { method: 'POST', headers: { cookie } })).status).toBe(
      200,
    );
    const signedOut = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - signedOut < 3000) {
      status = (await sessionAt(b)).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 25));
    }
    expect(status).toBe(401);
    expect(Date.now() - signedOut).toBeLessThan(1000);
    await Promise.all([stop(a.child), stop(b.child)]);
  }, 400_000);
});
