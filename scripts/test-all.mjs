// Runs every test level (the README's `npm test`, after the console build): the browser tests in one Vitest
// process and the unit, component (web-browser: the console's components in Chromium on a fake API) and API
// integration tests in another, at the same time. In a single Vitest run the
// browser tests (sequential by design: one shared server) only start once every parallel file is done, so the
// two levels would run one after the other. Exits non-zero when either fails. Extra arguments go to both.
// With CI set, the unit/API run uses two workers (a test mostly waits on its database, so the cores stay shared).
// The browser files run in E2E_SHARDS (default 2) shards at once, each with its own server, data and scratch folder
// (files split by size): a browser test mostly waits on the console's timers and the network, so two shards finish
// in about half the time. E2E_SHARDS=1 runs them in one process (as do runs given extra arguments).

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const extra = process.argv.slice(2);
const vitest = (args, env = {}) =>
  new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', ...args, ...extra], {
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.on('exit', (code, signal) => resolve(signal ? 1 : (code ?? 1)));
    child.on('error', () => resolve(1));
  });

const unitAndApi = [
  '--project',
  'contracts',
  '--project',
  'api-unit',
  '--project',
  'web',
  '--project',
  'web-browser',
  '--project',
  'api',
];
if (process.env.CI) unitAndApi.push('--maxWorkers=2');
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2) || 1);
/** The browser files split into `n` groups of about equal size (bytes stand in for run time; largest first). */
function browserGroups(n) {
  const dir = path.resolve('e2e');
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.e2e.ts'))
    .map((f) => ({ file: path.join(dir, f), size: fs.statSync(path.join(dir, f)).size }))
    .sort((a, b) => b.size - a.size);
  const groups = Array.from({ length: n }, () => ({ files: [], size: 0 }));
  for (const f of files) {
    const g = groups.reduce((min, x) => (x.size < min.size ? x : min));
    g.files.push(f.file);
    g.size += f.size;
  }
  return groups.map((g) => g.files).filter((g) => g.length > 0);
}
const browserRuns =
  shards === 1 || extra.length > 0
    ? [vitest(['--project', 'e2e'])]
    : browserGroups(shards).map((files, i) =>
        vitest(['--project', 'e2e', ...files], {
          E2E_TMP_DIR: process.env.E2E_TMP_DIR
            ? path.join(process.env.E2E_TMP_DIR, `shard-${i + 1}`)
            : path.resolve('e2e/.tmp', `shard-${i + 1}`),
        }),
      );
const [rest, ...browser] = await Promise.all([vitest(unitAndApi), ...browserRuns]);
console.log(`== browser tests exit ${browser.join(', ')}; unit and API tests exit ${rest}`);
process.exit(browser.some((c) => c !== 0) || rest ? 1 : 0);
