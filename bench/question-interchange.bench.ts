/**
 * Question interchange (issue 12, beyond the spec; issue 26: imports must not stall the server): a GIFT file of
 * BENCH_QUESTIONS questions (default 5,000, the allowed maximum; half SCQ, half MCQ, four choices, across 10
 * topics of a new category) imported through the real routes (upload → task 'questions.interchange' → done,
 * polling the status route as the dialog does), then the same file again (every question a duplicate); while
 * each import runs, BENCH_PROBES clients (default 4) send other requests (the session check and /api/health) one
 * after another, and their p50/p99/max are reported (goal: p99 < 100 ms). Then the category is exported in each
 * format. Run: npx tsx bench/question-interchange.bench.ts (BENCH_QUESTIONS, BENCH_PROBES override).
 */
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { interchangeEndpoints as e, interchangeFormats } from '@assess/contracts/question-imports';
import { TaskStatus } from '@assess/contracts/tasks';
import { writeGift } from '../apps/api/src/modules/question-imports/formats/gift';
import { emptyQuestion } from '../apps/api/src/modules/question-imports/formats/model';
import { startBenchServer } from './lib';

const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 5_000);
const PROBES = Number(process.env.BENCH_PROBES ?? 4);
const tag = Date.now().toString(36).toUpperCase();

const gift = Buffer.from(
  writeGift(
    Array.from({ length: QUESTIONS }, (_, i) => {
      const q = emptyQuestion(`IX${tag}${i}`, i % 2 ? 'scq' : 'mcq');
      q.idNumber = `IX${tag}${i}`;
      q.text = { text: `Question ${i}: which of these is right for \\(x^{${i % 7}}\\)?`, format: 'plain' };
      q.choices = ['alpha', 'beta', 'gamma', 'delta'].map((text) => ({ text, format: 'plain' as const }));
      q.correct = i % 2 ? [2] : [1, 3];
      q.solution = { text: 'Because.', format: 'plain' };
      return { question: q, categoryPath: [`Bench ${tag}`, `Topic ${i % 10}`] };
    }),
  ),
);

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;

/** The machine's load, printed with the figures (a loaded 2-core machine stretches every tail). */
const load = (when: string) =>
  console.log(
    `load average ${when} (1, 5, 15 min): ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );

const server = await startBenchServer();
load('at start');
try {
  await server.deps.jobs.startWorkers({ pollingIntervalSeconds: 0.5 });
  const cookie = await server.signIn('erp@example.com');

  /** One import of the file while the probes run; answers the task's outcome and the probes' latencies. */
  async function importWhileProbing(label: string) {
    let peakRss = process.memoryUsage().rss;
    const rssBefore = peakRss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 25);
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const latencies: number[] = [];
    let probing = true;
    const probes = Array.from({ length: PROBES }, async (_, k) => {
      while (probing) {
        const t = performance.now();
        const res = await fetch(`${server.base}${k % 2 ? '/api/health' : '/api/auth/session'}`, {
          headers: { cookie },
        });
        await res.arrayBuffer();
        latencies.push(performance.now() - t);
      }
    });

    const t0 = performance.now();
    const { uploadedAt: t1, status } = await server.importTask<{
      taskStatus: number;
      taskDetails: string | null;
      result: { imported: number; duplicates: number; refused: number };
    }>(
      { upload: e.import, status: e.status },
      cookie,
      { options: {}, data: gift, fileName: 'bench.gift' },
      (s) => s.taskStatus === TaskStatus.Success || s.taskStatus === TaskStatus.Failed,
    );
    const t2 = performance.now();
    probing = false;
    await Promise.all(probes);
    clearInterval(sampler);
    loop.disable();
    const total = (t2 - t0) / 1000;
    const sorted = latencies.sort((a, b) => a - b);
    console.log(
      `${label}: ${QUESTIONS} questions (${(gift.length / 1024).toFixed(0)} KB GIFT): upload ${((t1 - t0) / 1000).toFixed(2)} s, task ${((t2 - t1) / 1000).toFixed(2)} s, end to end ${total.toFixed(2)} s, ${Math.round(QUESTIONS / total)} questions/s; imported ${status.result?.imported}, duplicates ${status.result?.duplicates}, refused ${status.result?.refused} ${status.taskDetails ?? ''}`,
    );
    console.log(
      `  other requests during it (${PROBES} clients, ${sorted.length} requests): p50 ${pct(sorted, 50).toFixed(1)} ms, p99 ${pct(sorted, 99).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(0)} ms; event loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms, max ${(loop.max / 1e6).toFixed(0)} ms; RSS +${((peakRss - rssBefore) / 2 ** 20).toFixed(0)} MB (peak ${(peakRss / 2 ** 20).toFixed(0)} MB)`,
    );
  }

  await importWhileProbing('import (new questions)');
  await importWhileProbing('import again (every question a duplicate)');

  const [{ category_id: categoryId }] = (
    await server.deps.handle.sql.executeSql(`select category_id from categories where name = 'Bench ${tag}'`)
  ).rows as { category_id: number }[];
  for (const format of interchangeFormats) {
    const t = performance.now();
    const res = await fetch(`${server.base}${e.export.path}?format=${format}&categoryId=${categoryId}`, {
      headers: { cookie },
    });
    const bytes = (await res.arrayBuffer()).byteLength;
    const s = (performance.now() - t) / 1000;
    console.log(
      `export ${format}: ${res.status}, ${(bytes / 1024).toFixed(0)} KB in ${s.toFixed(2)} s, ${Math.round(QUESTIONS / s)} questions/s`,
    );
  }
  load('at the end');
} finally {
  await server.close();
}
