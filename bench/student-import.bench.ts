/**
 * Bulk student import (issue 5): 10,000 rows end to end (upload → check → import task → done) with the
 * form password, then 10,000 rows with distinct passcodes (argon2 per row), plus the hash pool's
 * throughput at 1, 2 and 4 concurrent hashes. Run: npx tsx bench/student-import.bench.ts
 * (BENCH_ROWS, BENCH_PASSCODE_ROWS override the row counts).
 */
import os from 'node:os';
import { emptyImportOptions, importSheetHeader } from '@assess/contracts/student-import';
import * as XLSX from '@e965/xlsx';
import { hashDistinct } from '../apps/api/src/modules/student-import/hash-pool';
import { startBenchServer } from './lib';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const PASSCODE_ROWS = Number(process.env.BENCH_PASSCODE_ROWS ?? 10_000);
const header = [...importSheetHeader];
const letters = (i: number) =>
  Array.from({ length: 4 }, (_, k) => String.fromCharCode(65 + (Math.floor(i / 26 ** k) % 26))).join('');

function workbook(rows: number, tag: string, mobileBase: number, distinctPasscodes: boolean) {
  const aoa: unknown[][] = [header];
  for (let i = 0; i < rows; i++) {
    aoa.push([
      `Bench ${letters(i)}`,
      39000 + (i % 1500),
      `${tag}.${i}@bench.test`,
      '560001',
      distinctPasscodes ? `Pass@${i}x` : 'Sheet@123',
      String(mobileBase + i),
      i % 3 === 0 ? 'Female' : 'Male',
      '',
      '',
      '',
      '',
      true,
    ]);
  }
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa), 'Students');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

const server = await startBenchServer();
try {
  await server.deps.jobs.startWorkers({ pollingIntervalSeconds: 0.5 });
  const cookie = await server.signIn('erp@example.com');
  const call = async (method: string, path: string, body?: FormData) => {
    const res = await fetch(`${server.base}/api${path}`, { method, headers: { cookie }, body });
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };

  async function run(label: string, rows: number, password: string, distinct: boolean, mobileBase: number) {
    const data = workbook(rows, label, mobileBase, distinct);
    const t0 = performance.now();
    const form = new FormData();
    form.append('options', JSON.stringify({ ...emptyImportOptions, password, confirm: password }));
    form.append('file', new Blob([data]), `${label}.xlsx`);
    const report = await call('POST', '/students/import/check', form);
    const t1 = performance.now();
    await call('POST', `/students/import/${report.batchId}/start`);
    let status: { state: string; imported: number; progress: number };
    let lastProgress = -1;
    for (;;) {
      status = await call('GET', `/students/import/${report.batchId}`);
      if (status.progress !== lastProgress && status.progress % 20 < 3) {
        lastProgress = status.progress;
      }
      if (status.state === 'succeeded' || status.state === 'failed') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const t2 = performance.now();
    const total = (t2 - t0) / 1000;
    console.log(
      `${label}: ${rows} rows (${(data.length / 1024).toFixed(0)} KB xlsx): check ${((t1 - t0) / 1000).toFixed(2)} s, import ${((t2 - t1) / 1000).toFixed(2)} s, end to end ${total.toFixed(2)} s, ${Math.round(rows / total)} rows/s, state ${status.state}, imported ${status.imported}`,
    );
  }

  console.log(
    `cpus ${os.availableParallelism()}, UV_THREADPOOL_SIZE ${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'}`,
  );
  await run('form-password', ROWS, 'Form@1234', false, 6_000_000_000);

  for (const concurrency of [1, 2, 4]) {
    const n = 40;
    const t0 = performance.now();
    await hashDistinct(
      Array.from({ length: n }, (_, i) => `Pool@${concurrency}-${i}`),
      { concurrency },
    );
    const s = (performance.now() - t0) / 1000;
    console.log(`argon2 hash pool: concurrency ${concurrency}: ${(n / s).toFixed(1)} hashes/s`);
  }

  if (PASSCODE_ROWS > 0) await run('distinct-passcodes', PASSCODE_ROWS, '', true, 6_100_000_000);
} finally {
  await server.close();
}
