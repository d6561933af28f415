import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/platform/config';
import { openDatabase } from '../apps/api/src/platform/db/client';

/**
 * Benchmarks run against PostgreSQL (BENCH_DATABASE_URL, or a fresh database created on the local server)
 * with the real app listening on a loopback port. Request loops are bounded in count and time.
 */
export async function startBenchServer() {
  let url = process.env.BENCH_DATABASE_URL;
  let dropDb: string | undefined;
  if (!url) {
    dropDb = `assess_bench_${Date.now()}`;
    execFileSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-qc', `create database ${dropDb}`]);
    url = `postgres://postgres@127.0.0.1:5432/${dropDb}`;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assess-bench-'));
  const handle = await openDatabase({ url, poolSize: 10 });
  const { app, deps } = await buildApp({
    config: { ...loadConfig({}), dataDir, logLevel: 'warn', runJobs: false },
    handle,
    seedDemo: true,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    base,
    app,
    deps,
    async signIn(userName: string, password = 'Demo@1234') {
      const res = await fetch(`${base}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName, password }),
      });
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
      if (!cookie) throw new Error(`sign-in failed: ${res.status}`);
      return cookie.split(';')[0];
    },
    async close() {
      await app.close();
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (dropDb)
        execFileSync('psql', [
          '-h',
          '127.0.0.1',
          '-U',
          'postgres',
          '-qc',
          `drop database ${dropDb} with (force)`,
        ]);
    },
  };
}

/** Runs autocannon for a bounded time and prints p50/p95/p99 latency and throughput. */
export async function measure(
  name: string,
  opts: { url: string; headers?: Record<string, string>; seconds?: number; connections?: number },
) {
  const result = await autocannon({
    url: opts.url,
    headers: opts.headers,
    connections: opts.connections ?? 10,
    duration: opts.seconds ?? 10,
  });
  const line = `${name}: p50 ${result.latency.p50} ms, p95 ${(result.latency as unknown as { p97_5: number }).p97_5 ?? '-'} ms (p97.5), p99 ${result.latency.p99} ms, ${Math.round(result.requests.average)} req/s, non-2xx ${result.non2xx}`;
  console.log(line);
  return result;
}
