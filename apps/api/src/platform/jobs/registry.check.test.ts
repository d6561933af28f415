import { describe, expect, it } from 'vitest';
import { backgroundWorkIssues } from './registry.check';

const listing = {
  path: 'background-work.ts',
  text: 'export const taskDefinitions = [importTask];\nexport const jobDefinitions = [clockJob];',
};
const tasks = {
  path: 'modules/a/tasks.ts',
  text: 'export const importTask = defineTask(taskTypes.x, { args, access });',
};
const jobs = { path: 'modules/a/jobs.ts', text: "export const clockJob = defineJob('a.clock', {});" };
const wiring = (text: string) => ({ path: 'modules/a/index.ts', text });

describe('the background-work registry check (architecture test)', () => {
  it('passes when every definition is listed and has exactly one handler', () => {
    const index = wiring('deps.tasks.handle(importTask, run);\ndeps.jobs.handle(\n  clockJob,\n  tick,\n);');
    expect(backgroundWorkIssues([tasks, jobs, index], listing)).toEqual([]);
  });

  it('fails on a task type without a handler', () => {
    expect(backgroundWorkIssues([tasks, jobs, wiring('deps.jobs.handle(clockJob, tick);')], listing)).toEqual(
      ['task type importTask (modules/a/tasks.ts) has 0 handlers; it needs exactly one'],
    );
  });

  it('fails on a task type with two handlers', () => {
    const other = { path: 'modules/b/index.ts', text: 'deps.tasks.handle(importTask, again);' };
    const index = wiring('deps.tasks.handle(importTask, run); deps.jobs.handle(clockJob, tick);');
    expect(backgroundWorkIssues([tasks, jobs, index, other], listing)).toEqual([
      'task type importTask (modules/a/tasks.ts) has 2 handlers (modules/a/index.ts, modules/b/index.ts); it needs exactly one',
    ]);
  });

  it('fails on a definition not listed, a handler of nothing, and a registration outside the registry', () => {
    const extra = { path: 'modules/c/tasks.ts', text: 'export const lostTask = defineTask(t.y, o);' };
    const index = wiring(
      "deps.tasks.handle(importTask, run); deps.jobs.handle(clockJob, t); deps.tasks.handle(lostTask, r);\ndeps.tasks.handle(ghostTask, r);\ndeps.tasks.register('c.raw', run);",
    );
    expect(backgroundWorkIssues([tasks, jobs, extra, index], listing)).toEqual([
      'modules/a/index.ts registers background work outside the registry (use defineTask/defineJob and handle)',
      'task type lostTask (modules/c/tasks.ts) is not listed in background-work.ts',
      'handle(ghostTask) in modules/a/index.ts attaches a handler to no definition',
    ]);
  });
});
