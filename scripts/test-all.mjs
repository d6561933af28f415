// Runs every test level (the README's `npm test`, after the console build): the browser tests in one Vitest
// process and the unit and API integration tests in another, at the same time. In a single Vitest run the
// browser tests (sequential by design: one shared server) only start once every parallel file is done, so the
// two levels would run one after the other. Exits non-zero when either fails. Extra arguments go to both.
// With CI set, the unit/API run uses one worker so the browser tests keep a core.
import { spawn } from 'node:child_process';

const extra = process.argv.slice(2);
const vitest = (args) =>
  new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', ...args, ...extra], { stdio: 'inherit' });
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
  'api',
];
if (process.env.CI) unitAndApi.push('--maxWorkers=1');
const [browser, rest] = await Promise.all([vitest(['--project', 'e2e']), vitest(unitAndApi)]);
console.log(`== browser tests exit ${browser}; unit and API tests exit ${rest}`);
process.exit(browser || rest ? 1 : 0);
