import autocannon from 'autocannon';
import { type SQL, sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/platform/config';
import { openDatabase } from '../apps/api/src/platform/db/client';
import type { Mailer } from '../apps/api/src/platform/mail/mailer';
import { benchDatabase } from './database';

/**
 * Benchmarks run against PostgreSQL (BENCH_DATABASE_URL, or a fresh database created on the local server)
 * with the real app listening on a loopback port. Request loops are bounded in count and time.
 */
export async function startBenchServer(o: { name?: string; mailer?: (dataDir: string) => Mailer } = {}) {
  const db = benchDatabase(o.name ?? 'assess_bench');
  db.create();
  const { url, dataDir } = db;
  const handle = await openDatabase({ url, poolSize: 10 });
  const { app, deps } = await buildApp({
    config: { ...loadConfig({}), dataDir, logLevel: 'warn', runJobs: false },
    handle,
    seedDemo: true,
    logger: false,
    ...(o.mailer ? { mailer: o.mailer(dataDir) } : {}),
  });
  const rows = async <T>(q: SQL) => ((await deps.db.execute(q)) as unknown as { rows: T[] }).rows;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    base,
    app,
    deps,
    handle,
    /** The rows of one query on the bench's database. */
    rows,
    /** The demo ERP provider's id. */
    async demoErp() {
      const [{ erp }] = await rows<{ erp: number }>(
        sql`select provider_id as erp from providers where provider_key = 'demo-erp'`,
      );
      return erp;
    },
    /**
     * Tops the providers up to `total` (the platform owner aside) with bench ones, `<name> <n>` keyed `<key><n>`;
     * returns the ids of them all, the owner's aside, in order.
     */
    async providers(total: number, name: string, key: string) {
      const [demo] = await rows<{ n: number }>(
        sql`select count(*)::int as n from providers where provider_id <> 0`,
      );
      await deps.db.execute(sql`
        insert into providers (name, provider_type_id, package_id, provider_key)
        select ${name}::text || ' ' || g, 1, 3, ${key}::text || g from generate_series(1, ${total - demo.n}) g`);
      return (
        await rows<{ id: number }>(
          sql`select provider_id as id from providers where provider_id <> 0 order by provider_id`,
        )
      ).map((r) => r.id);
    },
    /**
     * Uploads one import (its options as JSON and one file) to `endpoints.upload`, then polls `endpoints.status`
     * every 200 ms, as the dialog does, until `done`; returns the upload's answer, when it was answered, and the
     * last status. An upload answered other than 201 throws when `created` (the default).
     */
    async importTask<S>(
      endpoints: { upload: { path: string }; status: { path: string } },
      cookie: string,
      upload: { options: unknown; data: Uint8Array; fileName: string; created?: boolean },
      done: (status: S) => boolean,
      seen?: (status: S) => void,
    ) {
      const form = new FormData();
      form.append('options', JSON.stringify(upload.options));
      form.append('file', new Blob([new Uint8Array(upload.data)]), upload.fileName);
      const up = await fetch(`${base}${endpoints.upload.path}`, {
        method: 'POST',
        headers: { cookie },
        body: form,
      });
      const queued = (await up.json()) as { taskId: number };
      if ((upload.created ?? true) && up.status !== 201)
        throw new Error(`upload: ${up.status} ${JSON.stringify(queued)}`);
      const uploadedAt = performance.now();
      for (;;) {
        const res = await fetch(`${base}${endpoints.status.path.replace(':taskId', String(queued.taskId))}`, {
          headers: { cookie },
        });
        const status = (await res.json()) as S;
        seen?.(status);
        if (done(status)) return { queued, uploadedAt, status };
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    /**
     * A JSON caller as the signed-in `cookie`: each call answers its parsed body and how long it took (ms); an
     * answer other than 2xx throws.
     */
    caller(cookie: string) {
      return async <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => {
        const start = performance.now();
        const res = await fetch(`${base}${path}`, {
          method,
          headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });
        const json = (await res.json()) as T;
        if (!res.ok)
          throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
        return { ms: performance.now() - start, json };
      };
    },
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
      db.cleanUp();
    },
    /**
     * A seeded bench's run for the demo ERP provider: `seed` unless `seededCount` (a `count(*)::int as n` query)
     * finds the data of an earlier run (BENCH_DATABASE_URL), then `measure`; the server is closed at the end.
     */
    async seedThenMeasure(
      seededCount: SQL,
      what: string,
      seed: (erp: number) => Promise<void>,
      measure: (erp: number) => Promise<void>,
    ) {
      try {
        const erp = await this.demoErp();
        const [{ n }] = await rows<{ n: number }>(seededCount);
        if (n === 0) await seed(erp);
        else console.log(`reusing the seeded ${what}`);
        await measure(erp);
      } finally {
        await this.close();
      }
    },
  };
}

/** Seconds since `t0` (a performance.now()), as the benches print them. */
export const secondsSince = (t0: number, digits = 1) => ((performance.now() - t0) / 1000).toFixed(digits);

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

export const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

/**
 * Streams one download to its end, counting its bytes and sampling this process's RSS every 50 ms meanwhile.
 * The line printed reads `export: HTTP <status>, [<what>, ]<size> xlsx in <s> s[ (<extra>)]; RSS before …, peak …`.
 */
export async function download(
  url: string,
  cookie: string,
  o: { what?: string; extra?: (seconds: number) => string } = {},
) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const t1 = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  const seconds = (performance.now() - t1) / 1000;
  clearInterval(timer);
  console.log(
    `export: HTTP ${res.status}, ${o.what ? `${o.what}, ` : ''}${mb(bytes)} xlsx in ${seconds.toFixed(1)} s${o.extra ? ` (${o.extra(seconds)})` : ''}; RSS before ${mb(before)}, peak ${mb(peak)} (+${mb(peak - before)})`,
  );
  return { status: res.status, bytes, seconds };
}

/** Prints p50/p95/p99/max of sequential request times (ms). */
export function reportSequential(name: string, times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const pct = (p: number) =>
    (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0).toFixed(1);
  console.log(
    `${name} (${times.length} sequential requests): p50 ${pct(50)} ms, p95 ${pct(95)} ms, p99 ${pct(99)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms`,
  );
}
