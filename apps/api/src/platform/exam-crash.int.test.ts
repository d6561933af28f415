import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildServer, crashExam, type ServerProcess, seedExam, serverProcess } from '../../test/exam-sim';
import { openTestDatabase } from '../../test/harness';

/**
 * The server killed with SIGKILL during an exam (issue 15; the full-size run is bench/exam-crash.bench.ts):
 * 12 students save answers while the real server process (compiled as shipped: build.mjs, plain node) is killed
 * twice; afterwards every acknowledged answer is stored and every student resumes the same attempt with the same
 * deadline.
 *
 * PostgreSQL only (DATABASE_URL, as CI runs this suite): a copy of the run's template database. To stay within
 * seconds, the replacement processes are started ahead, beside the first (warm standbys on other ports, as behind
 * a load balancer), and one takes over each time the running one is killed: starting a process (loading the app)
 * takes seconds on an idle 2-core machine and up to a minute on a loaded one, and two processes cannot share a
 * PGlite data directory. The bench restarts the same process in place instead.
 */
describe.skipIf(!process.env.DATABASE_URL)('exam crash (kill -9 during an exam)', () => {
  it('loses no acknowledged answer and every student resumes after two kills', async () => {
    const handle = await openTestDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assess-crash-test-'));
    const build = buildServer(`crash-test-${process.pid}`);
    const port = () => 20_000 + Math.floor(Math.random() * 20_000);
    const make = () => serverProcess({ port: port(), dataDir, databaseUrl: handle.url, entry: build.entry });
    const KILLS = 2;
    // The replacements start at once, beside the first process: each takes over when the running one is killed.
    const spawnSpare = () => {
      const proc = make();
      const ready = proc.start();
      ready.catch(() => {});
      return { proc, ready };
    };
    let current: ServerProcess = make();
    const spares: ReturnType<typeof spawnSpare>[] = [];
    const cluster: ServerProcess = {
      get base() {
        return current.base;
      },
      running: () => current.running(),
      pid: () => current.pid(),
      log: () => current.log(),
      kill9: () => current.kill9(),
      async start() {
        const t0 = performance.now();
        const spare = spares.shift();
        if (!spare) throw new Error('no standby left');
        await spare.ready;
        current = spare.proc;
        return performance.now() - t0;
      },
      async stop() {
        await current.stop();
        for (const spare of spares) await spare.proc.stop();
      },
    };
    try {
      for (let i = 0; i < KILLS; i++) spares.push(spawnSpare());
      await current.start();
      await Promise.all(spares.map((x) => x.ready));
      const seed = await seedExam(handle.sql, {
        prefix: `crashtest${Date.now() % 10000}`,
        students: 12,
        questions: 10,
      });
      const report = await crashExam({
        server: cluster,
        seed,
        durationMs: 0,
        kills: KILLS,
        killEveryMs: 3_000,
        saveEveryMs: 250,
      });
      const summary = { ...report, saveMs: report.saveMs.length };
      expect(report.lost, JSON.stringify(summary)).toEqual([]);
      expect(report.notResumed).toEqual([]);
      expect(report.unexpected).toEqual([]);
      expect(report.kills).toBe(KILLS);
      expect(report.savesAcked, JSON.stringify(summary)).toBeGreaterThan(24);
      expect(report.answersChecked).toBeGreaterThanOrEqual(12);
      const { rows } = await handle.sql.executeSql(
        `select count(*)::int as n, count(distinct user_id)::int as students from attempts where test_id = $1`,
        [seed.testId],
      );
      expect(rows[0]).toEqual({ n: 12, students: 12 });
    } finally {
      await cluster.stop();
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      build.remove();
    }
  }, 600_000);
});
