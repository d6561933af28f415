import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The house rules that a reader checks by eye, checked on every run (production code, not tests). */
const root = path.resolve(import.meta.dirname, '../../..');
const isTest = (f: string) => /\.(test|int\.test|e2e)\.tsx?$|test-support\.ts$|\/test\/|\/fixtures\//.test(f);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry.name) && !isTest(full)) out.push(full);
  }
  return out;
}

const rel = (f: string) => path.relative(root, f);
const apiFiles = sourceFiles(path.join(root, 'apps/api/src'));
const allFiles = [
  ...apiFiles,
  ...sourceFiles(path.join(root, 'apps/web/src')),
  ...sourceFiles(path.join(root, 'packages/contracts/src')),
];

describe('architecture', () => {
  it('only repositories, platform/db and db/ import drizzle-orm', () => {
    const offenders = apiFiles
      .filter((f) => /from ['"]drizzle-orm/.test(fs.readFileSync(f, 'utf8')))
      .map(rel)
      .filter((f) => !/\.repository\.ts$/.test(f) && !f.includes('/platform/db/') && !f.includes('/src/db/'));
    expect(offenders).toEqual([]);
  });

  it('services never open a transaction or hold the database handle', () => {
    const offenders = apiFiles
      .filter((f) => /\.service\.ts$/.test(f))
      .filter((f) => /\.transaction\(|deps\.db\b|\bdb: Db\b/.test(fs.readFileSync(f, 'utf8')))
      .map(rel);
    expect(offenders).toEqual([]);
  });

  it('worker threads are started only by the CPU pool, and no code reads process.env but the settings and commands', () => {
    const threads = apiFiles
      .filter((f) => /new Worker\(|from ['"]node:worker_threads['"]/.test(fs.readFileSync(f, 'utf8')))
      .map(rel)
      .filter((f) => !f.includes('/platform/workers/') && !f.endsWith('/src/cpu-worker.ts'));
    expect(threads).toEqual([]);
    const env = allFiles
      .filter((f) => /process\.env\b/.test(fs.readFileSync(f, 'utf8')))
      .map(rel)
      .filter((f) => !f.includes('/platform/config/') && !f.includes('/src/cli/'));
    expect(env).toEqual([]);
  });

  it('the console calls the API only through call(endpoint)', () => {
    const offenders = allFiles
      .filter((f) => f.includes('/apps/web/'))
      .filter((f) => /\bapi\.(get|post|put|delete)\(|fetch\(['"`]\/api/.test(fs.readFileSync(f, 'utf8')))
      .map(rel);
    expect(offenders).toEqual([]);
  });

  it('no source file is over 400 lines', () => {
    const long = allFiles
      .map((f) => ({ f: rel(f), lines: fs.readFileSync(f, 'utf8').split('\n').length }))
      .filter((x) => x.lines > 400)
      .map((x) => `${x.f} (${x.lines})`);
    expect(long).toEqual([]);
  });
});
