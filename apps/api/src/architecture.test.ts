import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testInsertOffenders } from './modules/tests/test-writer.check';
import { backgroundWorkIssues } from './platform/jobs/registry.check';
import { defineModuleFor, registerModulesWith } from './platform/modules/define-module';
import { type Extensions, extensionPoint } from './platform/modules/extension-points';
import {
  moduleBoundaryIssues,
  moduleCycles,
  moduleListIssues,
  workerReach,
} from './platform/modules/module-graph.check';

/** The house rules that a reader checks by eye, checked on every run (production code, not tests). */
const root = path.resolve(import.meta.dirname, '../../..');
const isTest = (f: string) =>
  /\.(test|int\.test|e2e)\.tsx?$|test-(support|reads)\.ts$|\/test\/|\/fixtures\//.test(f);

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

  it('test builders (apps/api/test/given, *.test-support.ts) import neither drizzle-orm nor db/schema', () => {
    // Issue 23: tests build their data through the API (or a module's own repository); the only raw writes of
    // test helpers are apps/api/test/reference-data.ts (package limits, role privileges: no endpoint edits them).
    // The last ones still reading or writing tables; the area ones below hold the Drizzle helpers that the split
    // API tests (issue 28) shared, moved as they were from the test files (porting them is issue 23's next step).
    const notYetPorted = ['apps/api/src/modules/learner/learner.test-support.ts'];
    // (the other question-imports ones, interchange and zip, build their files and send them through the API:
    // no skip is needed for them)
    const walk = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const full = path.join(dir, e.name);
        return e.isDirectory() ? walk(full) : [full];
      });
    const builders = [
      ...walk(path.join(root, 'apps/api/test/given')),
      ...walk(path.join(root, 'apps/api/src')).filter((f) => /test-support\.ts$/.test(f)),
    ]
      .map(rel)
      .filter((f) => !notYetPorted.includes(f));
    const offenders = builders.filter((f) =>
      /from ['"](drizzle-orm|[./]*(src\/)?db\/schema)/.test(fs.readFileSync(path.join(root, f), 'utf8')),
    );
    expect(builders.length).toBeGreaterThan(3);
    expect(offenders).toEqual([]);
  });

  it('test reads (*.test-reads.ts: what a test asserts was stored) read through repositories and never write', () => {
    const walk = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const full = path.join(dir, e.name);
        return e.isDirectory() ? walk(full) : [full];
      });
    const reads = walk(path.join(root, 'apps/api/src')).filter((f) => /\.test-reads\.ts$/.test(f));
    const offenders = reads
      .filter((f) =>
        /from ['"](drizzle-orm|[./]*(src\/)?db\/schema)|\.(insert|update|delete)\(/.test(
          fs.readFileSync(f, 'utf8'),
        ),
      )
      .map(rel);
    expect(reads.length).toBeGreaterThan(0);
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

  it('every task type and system job is defined once, listed in background-work.ts and has exactly one handler', () => {
    const read = (f: string) => ({ path: rel(f), text: fs.readFileSync(f, 'utf8') });
    const listing = read(path.join(root, 'apps/api/src/background-work.ts'));
    expect(backgroundWorkIssues(apiFiles.map(read), listing)).toEqual([]);
  });

  it('tests and their sections are inserted only by the one test writer (modules/tests/test-writer.repository.ts)', () => {
    const files = apiFiles
      .filter((f) => !f.includes('/src/db/seed/'))
      .map((f) => ({ path: rel(f), text: fs.readFileSync(f, 'utf8') }));
    expect(testInsertOffenders(files)).toEqual([]);
  });
});

/** The module contract (issue 28; apps/api/src/modules/README.md). Each rule fails on a made-up tree in
 * platform/modules/module-graph.check.test.ts. */
describe('modules', () => {
  const sources = apiFiles.map((f) => ({ path: rel(f), text: fs.readFileSync(f, 'utf8') }));

  it('a module imports another only through its index.ts; the platform imports no module', () => {
    expect(moduleBoundaryIssues(sources)).toEqual([]);
  });

  it('no circle of modules importing each other', () => {
    expect(moduleCycles(sources)).toEqual([]);
  });

  it('every module is one defineModule in its index.ts and is in the module list', () => {
    expect(moduleListIssues(sources)).toEqual([]);
  });

  it("the CPU worker's imports reach no module's index.ts (nor the app)", () => {
    expect(workerReach(sources, 'apps/api/src/cpu-worker.ts')).toEqual([]);
  });

  it('start-up stops on a required extension point left unfilled', async () => {
    const defineModule = defineModuleFor<null, { extensions: Extensions }>();
    const supply = extensionPoint.one<() => number>('tests.sectionSupply', {
      description: 'what the sections supply',
      required: true,
    });
    const tests = defineModule({ name: 'tests', extensionPoints: [supply], register: () => ({}) });
    await expect(registerModulesWith(null, {}, [tests])).rejects.toThrow(
      'the extension point tests.sectionSupply (declared by tests: what the sections supply) is required but no module fills it',
    );
  });
});
