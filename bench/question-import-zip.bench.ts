/**
 * Zip tree import (issue 12): a ~10 MB zip of 2,000 image questions (500 per question-type folder of one topic)
 * through the real routes: POST validate, POST import, then the task polled to the end as the dialog does.
 * Target: ≤ 60 s end to end on PostgreSQL. Reports questions/s and the process's peak RSS (the bench runs the
 * app in its own process). Run: npx tsx bench/question-import-zip.bench.ts (BENCH_QUESTIONS overrides 2,000).
 */
import os from 'node:os';
import sharp from 'sharp';
import yazl from 'yazl';
import { answersWorkbook, zipToBuffer } from '../apps/api/src/modules/question-imports/zip.example';
import { startBenchServer } from './lib';

const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 2_000);
const TYPES = [
  ['SCQ', 'b'],
  ['MCQ', 'a, c'],
  ['TF', 'True'],
  ['Numerical', '42'],
] as const;

/** Noise images (they do not compress, like scans): about 5 KB each. */
async function noiseImages(n: number) {
  const out: Buffer[] = [];
  for (let i = 0; i < n; i++) {
    const raw = Buffer.alloc(40 * 39 * 3);
    for (let k = 0; k < raw.length; k++) raw[k] = Math.floor(Math.random() * 256);
    out.push(
      await sharp(raw, { raw: { width: 40, height: 39, channels: 3 } })
        .png()
        .toBuffer(),
    );
  }
  return out;
}

async function buildZip(root: string, topic: string) {
  const images = await noiseImages(64);
  const zip = new yazl.ZipFile();
  const rows: string[][] = [];
  for (let i = 0; i < QUESTIONS; i++) {
    const [folder, answer] = TYPES[i % TYPES.length];
    const code = `BZ-${folder.slice(0, 3).toUpperCase()}-${i}`;
    zip.addBuffer(images[i % images.length], `${root}/${topic}/${folder}/${code}.png`);
    rows.push([code, answer, String(1 + (i % 3))]);
  }
  zip.addBuffer(answersWorkbook(rows), `${root}/${topic}/Answers.xlsx`);
  return zipToBuffer(zip);
}

const server = await startBenchServer();
let peak = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 50);
try {
  await server.deps.jobs.startWorkers({ pollingIntervalSeconds: 0.5 });
  const cookie = await server.signIn('erp@example.com');
  const call = async (method: string, path: string, body?: FormData | object) => {
    const json = body && !(body instanceof FormData);
    const res = await fetch(`${server.base}/api${path}`, {
      method,
      headers: { cookie, ...(json ? { 'content-type': 'application/json' } : {}) },
      body: json ? JSON.stringify(body) : (body as FormData | undefined),
    });
    const out = await res.json();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(out)}`);
    return out;
  };
  const root = `Bench Zip ${Date.now().toString(36)}`;
  const category = await call('POST', '/question-bank/categories', { name: root });
  await call('POST', '/question-bank/topics', { name: 'Scans', categoryId: category.node.id });
  const data = await buildZip(root, 'Scans');
  const form = () => {
    const f = new FormData();
    f.append('options', JSON.stringify({ numberOfChoices: 4, choiceFormatId: 1 }));
    f.append('file', new Blob([new Uint8Array(data)]), `${root}.zip`);
    return f;
  };
  console.log(
    `cpus ${os.availableParallelism()}; zip ${(data.length / 1024 / 1024).toFixed(2)} MB, ${QUESTIONS} questions`,
  );
  const rssBefore = process.memoryUsage().rss;
  peak = rssBefore;
  const t0 = performance.now();
  const validation = await call('POST', '/question-imports/zip/validate', form());
  const t1 = performance.now();
  const started = await call('POST', '/question-imports/zip/import', form());
  const t2 = performance.now();
  let status: { state: string; imported: number; progress: number; message: string | null };
  for (;;) {
    status = await call('GET', `/question-imports/zip/tasks/${started.taskId}`);
    if (status.state === 'succeeded' || status.state === 'failed') break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const t3 = performance.now();
  const total = (t3 - t0) / 1000;
  console.log(
    `validate ${((t1 - t0) / 1000).toFixed(2)} s (${validation.questions} questions), import request ${((t2 - t1) / 1000).toFixed(2)} s, task ${((t3 - t2) / 1000).toFixed(2)} s; end to end ${total.toFixed(2)} s, ${Math.round(QUESTIONS / total)} questions/s; state ${status.state}, imported ${status.imported} ${status.message ?? ''}`,
  );
  console.log(
    `RSS before ${(rssBefore / 1048576).toFixed(0)} MB, peak ${(peak / 1048576).toFixed(0)} MB (+${((peak - rssBefore) / 1048576).toFixed(0)} MB)`,
  );
} finally {
  clearInterval(sampler);
  await server.close();
}
