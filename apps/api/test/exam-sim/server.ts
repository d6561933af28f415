// The real server as a child process (see ../exam-sim.ts): built or run through tsx, killed, started again.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const mainTs = path.join(repoRoot, 'apps/api/src/main.ts');

export type ServerProcess = {
  base: string;
  /** Starts (or starts again) and waits until /api/health answers; resolves with the time it took. */
  start(): Promise<number>;
  /** kill -9, no goodbye. */
  kill9(): Promise<void>;
  /** SIGTERM and wait for the exit (a clean stop). */
  stop(): Promise<void>;
  running(): boolean;
  /** The process id while running. */
  pid(): number | undefined;
  /** The last lines the process wrote (for a failure message). */
  log(): string;
};

/**
 * Compiles the server once with apps/api/build.mjs (esbuild, about a second) into apps/api/.build/`name` (inside
 * the repository, so the bundle finds node_modules) and returns its main.js for `serverProcess({ entry })`: the
 * shipped artefact that `npm run serve` runs with plain node. `remove()` deletes the folder.
 */
export function buildServer(name: string): { entry: string; remove(): void } {
  const dir = path.join(repoRoot, 'apps/api/.build', name);
  try {
    execFileSync(process.execPath, [path.join(repoRoot, 'apps/api/build.mjs'), dir], { stdio: 'pipe' });
  } catch (err) {
    throw new Error(`apps/api/build.mjs failed:\n${(err as { stderr?: Buffer }).stderr?.toString() ?? err}`);
  }
  return { entry: path.join(dir, 'main.js'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The real server as a child process on 127.0.0.1:`port`, on PostgreSQL (`databaseUrl`) or on PGlite in
 * `dataDir`/pgdata: the compiled build's main.js with plain node when `entry` is given (buildServer), else
 * apps/api/src/main.ts through tsx. Background jobs off unless `runJobs`; `env` adds or overrides settings.
 */
export function serverProcess(o: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  runJobs?: boolean;
  env?: Record<string, string>;
  /** The compiled server's main.js (buildServer); without it the sources run through tsx. */
  entry?: string;
}): ServerProcess {
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let lines: string[] = [];
  const base = `http://127.0.0.1:${o.port}`;
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    if (lines.length > 40) lines = lines.slice(-40);
  };
  return {
    base,
    running: () => child !== null,
    pid: () => child?.pid,
    log: () => lines.join('\n'),
    async start() {
      const t0 = performance.now();
      // BENCH_SERVER_NODE_ARGS: extra node flags for the server (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof)
      const extra = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
      const args = o.entry ? [...extra, o.entry] : [...extra, '--import', 'tsx', mainTs];
      const proc = spawn(process.execPath, args, {
        cwd: repoRoot,
        env: {
          ...process.env,
          PORT: String(o.port),
          HOST: '127.0.0.1',
          DATA_DIR: o.dataDir,
          DATABASE_URL: o.databaseUrl ?? '',
          RUN_JOBS: o.runJobs ? 'true' : 'false',
          LOG_LEVEL: 'warn',
          NODE_ENV: 'production',
          SHUTDOWN_DELAY_MS: '0',
          ...o.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = proc;
      proc.stdout?.on('data', keep);
      proc.stderr?.on('data', keep);
      exited = new Promise((resolve) =>
        proc.once('exit', () => {
          if (child === proc) child = null;
          resolve();
        }),
      );
      for (;;) {
        if (child !== proc) throw new Error(`the server exited while starting:\n${lines.join('\n')}`);
        try {
          const res = await fetch(`${base}/api/health`);
          await res.arrayBuffer();
          if (res.ok) return performance.now() - t0;
        } catch {
          // not listening yet
        }
        if (performance.now() - t0 > 300_000)
          throw new Error(`the server did not start:\n${lines.join('\n')}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async kill9() {
      const proc = child;
      if (!proc) return;
      proc.kill('SIGKILL');
      await exited;
    },
    async stop() {
      const proc = child;
      if (!proc) return;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc; 100 ticks a second). */
export function cpuMs(pid: number | undefined): number {
  if (!pid) return NaN;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/* ------------------------------------------------ students ------------------------------------------------ */
