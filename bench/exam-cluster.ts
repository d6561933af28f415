import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer, type ServerProcess, serverProcess } from '../apps/api/test/exam-sim';
import { freePort } from '../apps/api/test/free-port';

/**
 * The exam benches' servers (issue 22): the COMPILED server (apps/api/build.mjs into apps/api/.build/bench-<pid>,
 * removed at the end, or BENCH_API_DIST's main.js; run with plain node as `npm run serve` does), one process or several on one PostgreSQL database, optionally
 * behind HAProxy on 127.0.0.1 configured from the repository's deploy/haproxy.cfg (docs/DEPLOY.md) with the bench's
 * ports. Every server runs with TRUST_PROXY=true, DEMO_DATA=true (the exam is seeded into the demo ERP institute),
 * SHUTDOWN_DELAY_MS=0 and RUN_JOBS=false.
 */

const repoRoot = path.resolve(import.meta.dirname, '..');
const deployConfig = path.join(repoRoot, 'deploy/haproxy.cfg');

/** The machine's load average (1, 5 and 15 minutes), as the benches print it. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

/**
 * deploy/haproxy.cfg with the bench's ports: its `bind 127.0.0.1:…` line listens on `listenPort`, its `server` lines
 * become one per server port (same options), and the global maxconn is lowered to what this machine's open-file
 * limit allows (HAProxy needs two descriptors a connection and refuses to start otherwise); nothing else changes.
 */
export function benchHaproxyConfig(listenPort: number, serverPorts: number[]) {
  if (!fs.existsSync(deployConfig)) throw new Error(`${deployConfig} is missing (docs/DEPLOY.md's proxy)`);
  const text = fs.readFileSync(deployConfig, 'utf8');
  const bind = /^(\s*)bind 127\.0\.0\.1:\d+(.*)$/m;
  const server = /^(\s*)server (\S+) 127\.0\.0\.1:\d+( .*)?$/gm;
  const servers = [...text.matchAll(server)];
  const first = servers[0];
  if (!bind.test(text) || !first)
    throw new Error(
      `${deployConfig} has no "bind 127.0.0.1:PORT" or "server NAME 127.0.0.1:PORT" line to point at the bench`,
    );
  const fdLimit = Number(execFileSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).trim());
  const maxconnAllowed = Number.isFinite(fdLimit)
    ? Math.floor((fdLimit - 200) / 2)
    : Number.POSITIVE_INFINITY;
  let maxconnNote = '';
  const lines = serverPorts.map((p, i) => `${first[1]}server app${i + 1} 127.0.0.1:${p}${first[3] ?? ''}`);
  const config = text
    .replace(bind, (_m, indent: string, rest: string) => `${indent}bind 127.0.0.1:${listenPort}${rest}`)
    .replace(server, (line) => (line === first[0] ? lines.join('\n') : ''))
    .replace(/^(\s*)maxconn (\d+)\s*$/m, (line, indent: string, n: string) => {
      if (Number(n) <= maxconnAllowed) return line;
      maxconnNote = `global maxconn ${n} → ${maxconnAllowed} (open-file limit ${fdLimit})`;
      return `${indent}maxconn ${maxconnAllowed}`;
    });
  return { config, maxconnNote };
}

export type Haproxy = { base: string; note: string; stop(): Promise<void>; log(): string };

/** HAProxy in the foreground (-db) on 127.0.0.1:`listenPort`, ready once GET /api/health answers 200 through it. */
export async function startHaproxy(listenPort: number, serverPorts: number[], dir: string): Promise<Haproxy> {
  const bin = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => fs.existsSync(p));
  if (!bin) throw new Error('haproxy is not installed: apt-get install haproxy (Debian package)');
  const { config, maxconnNote } = benchHaproxyConfig(listenPort, serverPorts);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(file, config);
  execFileSync(bin, ['-c', '-q', '-f', file], { stdio: 'pipe' });
  let out = '';
  const child: ChildProcess = spawn(bin, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (d: Buffer) => {
    out = (out + d.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${listenPort}`;
  const t0 = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited (${child.exitCode}):\n${out}`);
    const ok = await fetch(`${base}/api/health`)
      .then(async (r) => {
        await r.arrayBuffer();
        return r.ok;
      })
      .catch(() => false);
    if (ok) break;
    if (performance.now() - t0 > 60_000) {
      child.kill('SIGKILL');
      throw new Error(`haproxy did not route /api/health within 60 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    note: `HAProxy ${listenPort} → ${serverPorts.join(', ')} (deploy/haproxy.cfg${maxconnNote ? `; ${maxconnNote}` : ''}; config ${file})`,
    log: () => out,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

export type ExamCluster = {
  /** Where the students go: the proxy when there is one, else the only server. */
  base: string;
  proxied: boolean;
  servers: ServerProcess[];
  /** One line saying what runs (servers, ports, proxy). */
  describe(): string;
  /** Starts the first server (it migrates and seeds the demo data), then the others, then the proxy. */
  start(): Promise<number[]>;
  /** For crashExam: kill9 kills the servers in turn (one a time), start restarts the one killed; base is `base`. */
  crashTarget(): ServerProcess;
  stop(): Promise<void>;
};

export async function examCluster(o: {
  servers: number;
  proxy: boolean;
  databaseUrl?: string;
  dataDir: string;
  env?: Record<string, string>;
}): Promise<ExamCluster> {
  const count = Math.max(1, o.servers);
  // BENCH_API_DIST: an existing build (e.g. apps/api/dist from `npm run build`) instead of compiling the sources
  const dist = process.env.BENCH_API_DIST;
  const build = dist
    ? { entry: path.resolve(repoRoot, dist, 'main.js'), remove() {} }
    : buildServer(`bench-${process.pid}`);
  if (!fs.existsSync(build.entry)) throw new Error(`${build.entry} is missing: run "npm run build" first`);
  const ports = [] as number[];
  for (let i = 0; i < count; i++) ports.push(await freePort());
  const proxyPort = o.proxy ? await freePort() : undefined;
  const servers = ports.map((port, i) =>
    serverProcess({
      port,
      dataDir: count > 1 ? path.join(o.dataDir, `s${i}`) : o.dataDir,
      databaseUrl: o.databaseUrl,
      entry: build.entry,
      env: { TRUST_PROXY: 'true', DEMO_DATA: 'true', ...o.env },
    }),
  );
  let proxy: Haproxy | undefined;
  const first = servers[0] as ServerProcess;
  let victim = -1;
  let down: ServerProcess | undefined;
  const cluster: ExamCluster = {
    get base() {
      return proxy?.base ?? first.base;
    },
    proxied: o.proxy,
    servers,
    describe: () =>
      `${count} compiled server process${count > 1 ? 'es' : ''} (${build.entry}) on ports ${ports.join(', ')}${proxy ? `; ${proxy.note}` : '; students connect directly'}`,
    async start() {
      const times = [await first.start()];
      times.push(...(await Promise.all(servers.slice(1).map((s) => s.start()))));
      if (proxyPort) proxy = await startHaproxy(proxyPort, ports, path.join(o.dataDir, 'haproxy'));
      return times;
    },
    crashTarget() {
      if (count === 1 && !proxy) return first;
      return {
        get base() {
          return cluster.base;
        },
        running: () => servers.every((s) => s.running()),
        pid: () => first.pid(),
        log: () => servers.map((s, i) => `server ${i + 1}:\n${s.log()}`).join('\n'),
        async kill9() {
          victim = (victim + 1) % count;
          down = servers[victim];
          await down?.kill9();
        },
        async start() {
          const again = down ?? servers.find((s) => !s.running());
          down = undefined;
          return again ? again.start() : 0;
        },
        stop: () => cluster.stop(),
      };
    },
    async stop() {
      await proxy?.stop();
      for (const s of servers) await s.stop();
      build.remove();
    },
  };
  return cluster;
}
