/**
 * Question interchange (issue 12, beyond the spec): a Moodle XML file of BENCH_QUESTIONS questions (half SCQ,
 * half MCQ, four choices, across 10 topics of a new category) imported through the real routes (upload → task
 * 'questions.interchange' → done, polling the status route as the dialog does), then the category exported in
 * each format. Reports questions/s, peak RSS and the slowest /api/health answer during the import.
 * Run: npx tsx bench/question-interchange.bench.ts (BENCH_QUESTIONS overrides 2,000).
 */
import { interchangeEndpoints as e, interchangeFormats } from '@assess/contracts/question-imports';
import { TaskStatus } from '@assess/contracts/tasks';
import { emptyQuestion } from '../apps/api/src/modules/question-imports/formats/model';
import { writeMoodleXml } from '../apps/api/src/modules/question-imports/formats/moodle-xml';
import { startBenchServer } from './lib';

const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 2_000);
const tag = Date.now().toString(36).toUpperCase();

const xml = Buffer.from(
  writeMoodleXml(
    Array.from({ length: QUESTIONS }, (_, i) => {
      const q = emptyQuestion(`IX${tag}${i}`, i % 2 ? 'scq' : 'mcq');
      q.idNumber = `IX${tag}${i}`;
      q.text = { text: `<p>Question ${i}: which of these?</p>`, format: 'html' };
      q.choices = ['alpha', 'beta', 'gamma', 'delta'].map((text) => ({ text, format: 'plain' as const }));
      q.correct = i % 2 ? [2] : [1, 3];
      q.solution = { text: 'Because.', format: 'plain' };
      return { question: q, categoryPath: [`Bench ${tag}`, `Topic ${i % 10}`] };
    }),
  ),
);

const server = await startBenchServer();
try {
  await server.deps.jobs.startWorkers({ pollingIntervalSeconds: 0.5 });
  const cookie = await server.signIn('erp@example.com');
  let peakRss = process.memoryUsage().rss;
  const rssBefore = peakRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 25);
  let slowestHealth = 0;
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const t = performance.now();
      await fetch(`${server.base}/api/health`);
      slowestHealth = Math.max(slowestHealth, performance.now() - t);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();

  const t0 = performance.now();
  const form = new FormData();
  form.append('options', JSON.stringify({}));
  form.append('file', new Blob([new Uint8Array(xml)]), 'bench.xml');
  const up = await fetch(`${server.base}${e.import.path}`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
  const queued = await up.json();
  if (up.status !== 201) throw new Error(`upload: ${up.status} ${JSON.stringify(queued)}`);
  const t1 = performance.now();
  let status: {
    taskStatus: number;
    taskDetails: string | null;
    result: { imported: number; refused: number };
  };
  for (;;) {
    const res = await fetch(`${server.base}${e.status.path.replace(':taskId', String(queued.taskId))}`, {
      headers: { cookie },
    });
    status = await res.json();
    if (status.taskStatus === TaskStatus.Success || status.taskStatus === TaskStatus.Failed) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const t2 = performance.now();
  probing = false;
  await probe;
  clearInterval(sampler);
  const total = (t2 - t0) / 1000;
  console.log(
    `import: ${QUESTIONS} questions (${(xml.length / 1024).toFixed(0)} KB Moodle XML): upload ${((t1 - t0) / 1000).toFixed(2)} s, task ${((t2 - t1) / 1000).toFixed(2)} s, end to end ${total.toFixed(2)} s, ${Math.round(QUESTIONS / total)} questions/s; imported ${status.result?.imported}, refused ${status.result?.refused} ${status.taskDetails ?? ''}`,
  );
  console.log(
    `RSS before ${(rssBefore / 2 ** 20).toFixed(0)} MB, peak ${(peakRss / 2 ** 20).toFixed(0)} MB (+${((peakRss - rssBefore) / 2 ** 20).toFixed(0)} MB); slowest /api/health during the import ${slowestHealth.toFixed(0)} ms`,
  );

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
} finally {
  await server.close();
}
