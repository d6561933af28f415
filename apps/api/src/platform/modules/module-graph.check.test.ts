import { describe, expect, it } from 'vitest';
import {
  importsOf,
  moduleBoundaryIssues,
  moduleCycles,
  moduleListIssues,
  type SourceFile,
  workerReach,
} from './module-graph.check';

// Each rule of the architecture test, fed a made-up tree: it must fail where the tree breaks it.
const src = (path: string, text = '') => ({ path: `apps/api/src/${path}`, text });
const moduleIndex = (folder: string, name: string, imports = '') =>
  src(
    `modules/${folder}/index.ts`,
    `${imports}\nexport const ${name}Module = defineModule({\n  name: '${name}',\n  register() {},\n});\n`,
  );

describe('importsOf', () => {
  it('resolves relative imports and re-exports (multi-line, type, dynamic) to files of the tree', () => {
    const files: SourceFile[] = [
      src(
        'modules/a/x.ts',
        "import {\n  one,\n  two,\n} from '../b';\nimport type { T } from './y';\nexport { z } from '../b/z';\nconst m = await import('../b/z');\nimport fs from 'node:fs';",
      ),
      src('modules/a/y.ts'),
      src('modules/b/index.ts'),
      src('modules/b/z.ts'),
    ];
    expect(importsOf(files)).toEqual([
      { from: 'apps/api/src/modules/a/x.ts', to: 'apps/api/src/modules/b/index.ts', typeOnly: false },
      { from: 'apps/api/src/modules/a/x.ts', to: 'apps/api/src/modules/a/y.ts', typeOnly: true },
      { from: 'apps/api/src/modules/a/x.ts', to: 'apps/api/src/modules/b/z.ts', typeOnly: false },
      { from: 'apps/api/src/modules/a/x.ts', to: 'apps/api/src/modules/b/z.ts', typeOnly: false },
    ]);
  });
});

describe('moduleBoundaryIssues', () => {
  it('fails on a deep import between modules and on the platform importing a module', () => {
    const files = [
      src(
        'modules/sections/sections.service.ts',
        "import { assertTestEditable } from '../tests/test-editable';",
      ),
      src('modules/tests/test-editable.ts'),
      src('modules/tests/index.ts'),
      src('platform/modules/index.ts', "import type { X } from '../../modules/tests';"),
      src('app.ts', "import { taskRoutes } from './modules/tests/tasks.routes';"),
      src('modules/tests/tasks.routes.ts'),
    ];
    expect(moduleBoundaryIssues(files)).toEqual([
      'apps/api/src/modules/sections/sections.service.ts imports apps/api/src/modules/tests/test-editable.ts: import apps/api/src/modules/tests/index.ts instead',
      'apps/api/src/platform/modules/index.ts imports apps/api/src/modules/tests/index.ts: the platform never imports a module',
      'apps/api/src/app.ts imports apps/api/src/modules/tests/tasks.routes.ts: import apps/api/src/modules/tests/index.ts instead',
    ]);
  });

  it("passes the index, a module's own files, the lists' entry files and the demo data", () => {
    const files = [
      src(
        'modules/sections/sections.service.ts',
        "import { assertTestEditable } from '../tests';\nimport { x } from './x';",
      ),
      src('modules/sections/x.ts'),
      src('modules/tests/index.ts'),
      src('modules/tests/cpu.ts'),
      src('modules/tests/tasks.ts'),
      src('modules/tests/tests.repository.ts'),
      src('cpu-tasks.ts', "import { t } from './modules/tests/cpu';"),
      src('background-work.ts', "import { t } from './modules/tests/tasks';"),
      src('db/seed/demo.ts', "import { r } from '../../modules/tests/tests.repository';"),
    ];
    expect(moduleBoundaryIssues(files)).toEqual([]);
    // the lists' entry files are theirs only
    const other = [...files, src('app.ts', "import { t } from './modules/tests/cpu';")];
    expect(moduleBoundaryIssues(other)).toHaveLength(1);
  });
});

describe('moduleCycles', () => {
  it('fails on a circle of modules (type imports count), naming the imports', () => {
    const files = [
      src('modules/tests/index.ts', "import type { S } from '../sections';"),
      src('modules/sections/index.ts', "import { a } from '../tests/a';"),
      src('modules/tests/a.ts'),
      src('modules/providers/index.ts', "import { l } from '../licences';"),
      src('modules/licences/index.ts', "import { p } from '../scheduling';"),
      src('modules/scheduling/index.ts', "import { p } from '../providers';"),
      src('modules/learner/index.ts', "import { t } from '../tests';"),
    ];
    expect(moduleCycles(files)).toEqual([
      'licences → scheduling → providers → licences (apps/api/src/modules/licences/index.ts imports apps/api/src/modules/scheduling/index.ts; apps/api/src/modules/scheduling/index.ts imports apps/api/src/modules/providers/index.ts; apps/api/src/modules/providers/index.ts imports apps/api/src/modules/licences/index.ts)',
      'sections → tests → sections (apps/api/src/modules/sections/index.ts imports apps/api/src/modules/tests/a.ts; apps/api/src/modules/tests/index.ts imports apps/api/src/modules/sections/index.ts)',
    ]);
  });

  it('names every module of a knot of circles', () => {
    const files = [
      src(
        'modules/tests/index.ts',
        "import type { S } from '../sections';\nimport { c } from '../scheduling';",
      ),
      src('modules/sections/index.ts', "import { a } from '../tests';"),
      src('modules/scheduling/index.ts', "import type { T } from '../tests';"),
    ];
    expect(moduleCycles(files)).toEqual([
      'scheduling, sections, tests import each other, e.g. scheduling → tests → scheduling (apps/api/src/modules/scheduling/index.ts imports apps/api/src/modules/tests/index.ts; apps/api/src/modules/tests/index.ts imports apps/api/src/modules/scheduling/index.ts)',
    ]);
  });

  it('passes a tree whose modules import one way', () => {
    const files = [
      src('modules/sections/index.ts', "import { a } from '../tests';"),
      src('modules/tests/index.ts', "import { q } from '../question-bank';"),
      src('modules/question-bank/index.ts'),
    ];
    expect(moduleCycles(files)).toEqual([]);
  });
});

describe('moduleListIssues', () => {
  it('fails on a module without defineModule, with an old register function, or missing from the list', () => {
    const files = [
      src(
        'modules/index.ts',
        "import { testsModule } from './tests';\nexport const appModules = [\n  testsModule,\n];",
      ),
      moduleIndex('tests', 'tests'),
      moduleIndex('quick-tests', 'quickTests'),
      src('modules/omr/index.ts', 'export async function registerOmrModule(app, deps) {}'),
      src('modules/omr/omr.service.ts'),
    ];
    expect(moduleListIssues(files)).toEqual([
      "modules/omr/index.ts does not export omrModule = defineModule({ name: 'omr', ... })",
      'modules/omr/index.ts exports export async function registerOmrModule: a module registers only through defineModule',
      'modules/omr is not in the module list (modules/index.ts)',
      'modules/quick-tests is not in the module list (modules/index.ts)',
    ]);
  });
});

describe('workerReach', () => {
  it("names the module indexes the worker's runtime imports reach (type imports aside)", () => {
    const files = [
      src('cpu-worker.ts', "import { cpuTasks } from './cpu-tasks';"),
      src('cpu-tasks.ts', "import { a } from './modules/omr/cpu';"),
      src(
        'modules/omr/cpu.ts',
        "import { r } from '../question-imports';\nimport type { T } from '../tests';",
      ),
      src('modules/question-imports/index.ts'),
      src('modules/tests/index.ts'),
    ];
    expect(workerReach(files, 'apps/api/src/cpu-worker.ts')).toEqual([
      'apps/api/src/modules/question-imports/index.ts',
    ]);
  });
});
