import {
  type AnyExtensionPoint,
  createExtensionRegistry,
  type ExtensionRegistry,
  type Extensions,
} from './extension-points';

/**
 * One module contract. Each area declares itself once, in its index.ts:
 *
 *   export const sectionsModule = defineModule({
 *     name: 'sections',
 *     needs: [questionBankModule],          // modules whose API register() uses (they register first)
 *     extensionPoints: [],                  // the points this module owns (see extension-points.ts)
 *     register(app, deps, { questionBank }) {
 *       ...routes, jobs, contributions...
 *       return { supplyForTest };            // the module's API: what its needers and the tests get
 *     },
 *   });
 *
 * and is listed once in apps/api/src/modules/index.ts; buildApp walks that list with registerModules, in an
 * order that follows `needs` (a need that is not in the list, or a circle of needs, stops start-up).
 */
// biome-ignore lint/suspicious/noExplicitAny: a module's API and its needs are typed at defineModule
export type AnyModule = ModuleDefinition<string, any, any>;

/** The APIs of `needs`, keyed by module name: what register() receives as its third argument. */
export type NeedsApi<N extends readonly AnyModule[]> = {
  [M in N[number] as M['name']]: ApiOf<M>;
};
export type ApiOf<M> = M extends ModuleDefinition<string, infer Api, infer _Deps> ? Api : never;

/** Every module's API, keyed by module name (buildApp's `deps.modules`). */
export type ModulesApi<L extends readonly AnyModule[]> = {
  [M in L[number] as M['name']]: ApiOf<M>;
};

export type ModuleDefinition<Name extends string, Api, Deps> = {
  readonly name: Name;
  readonly needs: readonly AnyModule[];
  readonly extensionPoints: readonly AnyExtensionPoint[];
  // biome-ignore lint/suspicious/noExplicitAny: checked at defineModule
  readonly register: (app: any, deps: Deps, needs: any) => Api | Promise<Api>;
};

/**
 * Declares a module. The app and deps types are the platform's (see ./index.ts, which fixes them); `needs` are
 * other modules' definitions (imported from their index.ts), so register() gets their APIs typed.
 */
export function defineModuleFor<App, Deps>() {
  return function defineModule<
    const Name extends string,
    Api,
    const Needs extends readonly AnyModule[] = readonly [],
  >(def: {
    name: Name;
    needs?: Needs;
    extensionPoints?: readonly AnyExtensionPoint[];
    register: (app: App, deps: Deps, needs: NeedsApi<Needs>) => Api | Promise<Api>;
  }): ModuleDefinition<Name, Awaited<Api>, Deps> {
    const needs = def.needs ?? ([] as unknown as Needs);
    const missing = needs.findIndex((m) => !m);
    if (missing >= 0) {
      // An import circle between two index.ts files leaves the need undefined while this one is evaluated.
      throw new ModuleListError(
        `Module ${def.name}: need #${missing + 1} is undefined (an import circle between modules?).`,
      );
    }
    return Object.freeze({
      name: def.name,
      needs,
      extensionPoints: def.extensionPoints ?? [],
      register: def.register as ModuleDefinition<Name, Awaited<Api>, Deps>['register'],
    });
  };
}

export class ModuleListError extends Error {
  override name = 'ModuleListError';
}

/**
 * The list in registration order: each module after its needs, otherwise in list order. Refuses a name given
 * twice, a need missing from the list and a circle of needs, naming them.
 */
export function orderModules<M extends AnyModule>(list: readonly M[]): M[] {
  const byName = new Map<string, M>();
  for (const m of list) {
    if (byName.has(m.name)) throw new ModuleListError(`Module ${m.name} is in the module list twice.`);
    byName.set(m.name, m);
  }
  const ordered: M[] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (m: M) => {
    if (done.has(m.name)) return;
    const at = path.indexOf(m.name);
    if (at >= 0) {
      throw new ModuleListError(
        `Modules need each other in a circle: ${[...path.slice(at), m.name].join(' → ')}.`,
      );
    }
    path.push(m.name);
    for (const need of m.needs) {
      const listed = byName.get(need.name);
      if (!listed || listed !== need) {
        throw new ModuleListError(
          `Module ${m.name} needs ${need.name}, which is not in the module list (apps/api/src/modules/index.ts).`,
        );
      }
      visit(listed);
    }
    path.pop();
    done.add(m.name);
    ordered.push(m);
  };
  for (const m of list) visit(m);
  return ordered;
}

/**
 * Registers the modules of `list` on `app` (in the order of orderModules): declares their extension points, runs
 * each register() with the deps bound to it (its `extensions` contribute in its name) and its needs' APIs, and
 * finally checks that every required extension point is filled. Returns every module's API by name.
 */
export async function registerModulesWith<
  App,
  Deps extends { extensions: Extensions },
  L extends readonly AnyModule[],
>(
  app: App,
  deps: Omit<Deps, 'extensions'>,
  list: L,
  registry: ExtensionRegistry = createExtensionRegistry(),
): Promise<ModulesApi<L>> {
  const ordered = orderModules(list);
  for (const m of ordered) for (const point of m.extensionPoints) registry.declare(point, m.name);
  const apis: Record<string, unknown> = {};
  for (const m of ordered) {
    const needs = Object.fromEntries(m.needs.map((n) => [n.name, apis[n.name]]));
    apis[m.name] = await m.register(app, { ...deps, extensions: registry.forModule(m.name) }, needs);
  }
  registry.check();
  return apis as ModulesApi<L>;
}
