import { describe, expect, it } from 'vitest';
import { defineModuleFor, ModuleListError, orderModules, registerModulesWith } from './define-module';
import {
  createExtensionRegistry,
  ExtensionPointError,
  type Extensions,
  extensionPoint,
} from './extension-points';

type Deps = { extensions: Extensions; log: string[] };
const defineModule = defineModuleFor<string[], Deps>();

const usages = extensionPoint.many<{ label: string }>('bank.usages', {
  description: 'where a question is used',
});
const attempted = extensionPoint.one<(id: number) => number>('tests.attempted', {
  description: 'attempted count',
});
const supply = extensionPoint.one<() => number>('tests.supply', {
  description: 'what sections supply',
  required: true,
});

describe('orderModules', () => {
  const a = defineModule({ name: 'a', register: () => 'A' });
  const b = defineModule({ name: 'b', needs: [a], register: (_app, _deps, needs) => `B(${needs.a})` });
  const c = defineModule({ name: 'c', needs: [b, a], register: () => 'C' });

  it('puts each module after its needs, otherwise keeps the list order', () => {
    expect(orderModules([c, a, b]).map((m) => m.name)).toEqual(['a', 'b', 'c']);
    expect(orderModules([a, b, c]).map((m) => m.name)).toEqual(['a', 'b', 'c']);
  });

  it('refuses a need missing from the list, a name given twice and a circle of needs', () => {
    expect(() => orderModules([b])).toThrow(
      new ModuleListError(
        'Module b needs a, which is not in the module list (apps/api/src/modules/index.ts).',
      ),
    );
    expect(() => orderModules([a, a])).toThrow('Module a is in the module list twice.');
    // a circle cannot be written with imports (the need would be undefined): build one by hand
    const x = { name: 'x', needs: [] as unknown[], extensionPoints: [], register: () => 0 };
    const y = { name: 'y', needs: [x], extensionPoints: [], register: () => 0 };
    x.needs.push(y);
    expect(() => orderModules([x, y] as never)).toThrow('Modules need each other in a circle: x → y → x.');
  });

  it('refuses an undefined need (an import circle between index files)', () => {
    expect(() => defineModule({ name: 'd', needs: [undefined as never], register: () => 0 })).toThrow(
      'Module d: need #1 is undefined (an import circle between modules?).',
    );
  });
});

describe('registerModulesWith', () => {
  it("gives each register() its needs' APIs and returns every API by name", async () => {
    const a = defineModule({
      name: 'a',
      register: (app) => {
        app.push('a');
        return { n: 1 };
      },
    });
    const b = defineModule({
      name: 'b',
      needs: [a],
      register: (app, _d, { a }) => {
        app.push('b');
        return a.n + 1;
      },
    });
    const app: string[] = [];
    const apis = await registerModulesWith(app, { log: [] }, [b, a]);
    expect(app).toEqual(['a', 'b']);
    expect(apis).toEqual({ a: { n: 1 }, b: 2 });
  });

  it('stops start-up when a required extension point is left unfilled, naming it and its owner', async () => {
    const tests = defineModule({ name: 'tests', extensionPoints: [supply, attempted], register: () => 0 });
    await expect(registerModulesWith([], { log: [] }, [tests])).rejects.toThrow(
      new ExtensionPointError(
        'Start-up stopped: the extension point tests.supply (declared by tests: what sections supply) is required but no module fills it.',
      ),
    );
    const sections = defineModule({
      name: 'sections',
      register: (_app, deps) => deps.extensions.contribute(supply, 'sections', () => 3),
    });
    await expect(registerModulesWith([], { log: [] }, [tests, sections])).resolves.toBeDefined();
  });

  it('refuses a contribution to a point no listed module declares', async () => {
    const learner = defineModule({
      name: 'learner',
      register: (_app, deps) => deps.extensions.contribute(attempted, 'learner', () => 1),
    });
    await expect(registerModulesWith([], { log: [] }, [learner])).rejects.toThrow(
      'Module learner uses the extension point tests.attempted, which no module in the module list declares',
    );
  });
});

describe('extension points', () => {
  const registry = () => {
    const r = createExtensionRegistry();
    r.declare(usages, 'bank');
    r.declare(attempted, 'tests');
    return r;
  };

  it('many: keeps the contributions in order and refuses a key given twice', () => {
    const r = registry();
    const sections = r.forModule('sections');
    sections.contribute(usages, 'sections', { label: 'a section' });
    r.forModule('learner').contribute(usages, 'attempts', { label: 'an attempt' });
    expect(sections.all(usages)).toEqual([{ label: 'a section' }, { label: 'an attempt' }]);
    expect(() => r.forModule('omr').contribute(usages, 'sections', { label: 'x' })).toThrow(
      "The extension point bank.usages already has a contribution 'sections' (from sections); omr gives it again.",
    );
  });

  it('one: refuses a second contribution; a test may override', () => {
    const r = registry();
    const tests = r.forModule('tests');
    expect(tests.one(attempted)).toBeUndefined();
    r.forModule('learner').contribute(attempted, 'learner', () => 1);
    expect(() => r.forModule('omr').contribute(attempted, 'omr', () => 2)).toThrow(
      "The extension point tests.attempted takes one contribution: omr gives 'omr', but learner already gave 'learner'.",
    );
    tests.override(attempted, 'probe', () => 7);
    expect(tests.one(attempted)?.(0)).toBe(7);
  });

  it('refuses a point declared twice', () => {
    expect(() => registry().declare(usages, 'other')).toThrow(
      'The extension point bank.usages is declared twice (by bank and by other).',
    );
  });
});
