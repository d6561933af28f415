/**
 * Extension points: the one way an area lets other areas plug into it (question usages, configuration references,
 * the test data a clone copies, Clean Data's cleaners, the attempted count, readiness, dashboard widgets...).
 *
 * - The owning module declares a point once, in a file of its own, and exports it from its index.ts:
 *     export const questionUsages = extensionPoint.many<QuestionUsage>('questionBank.usages', {
 *       description: 'where a question is used (a question in use cannot be deleted)',
 *     });
 *   and lists it in its defineModule({ extensionPoints: [questionUsages] }).
 * - Another module contributes in its register(), under a key unique within the point:
 *     deps.extensions.contribute(questionUsages, 'sections', { label: 'a test section', check })
 * - The owner reads the contributions when it needs them (at request time, so the order of registration
 *   does not matter): deps.extensions.all(questionUsages), deps.extensions.one(testAttempts).
 *
 * Cardinality: `many` takes any number of contributions (a key given twice is refused); `one` takes at most one
 * (a second is refused). A `required` point left without a contribution stops start-up with a message naming
 * the point and its owner. Contributions live in the registry of one app (buildApp makes one), never in module
 * state, so two apps in one process (the API tests) never see each other's.
 */
export type Cardinality = 'many' | 'one';

export type ExtensionPoint<T, C extends Cardinality = Cardinality> = {
  /** Unique over the app: '<owning module>.<what>', e.g. 'tests.dataCleaners'. */
  readonly name: string;
  readonly cardinality: C;
  /** A required point must have a contribution by the end of start-up. */
  readonly required: boolean;
  /** What a contribution does (start-up messages, the modules README). */
  readonly description: string;
  /** Carries the contribution type; never set. */
  readonly __contribution?: (value: T) => void;
};

// biome-ignore lint/suspicious/noExplicitAny: any point, whatever its contribution type
export type AnyExtensionPoint = ExtensionPoint<any>;

type PointOptions = { description: string; required?: boolean };

export const extensionPoint = {
  /** Any number of contributions, each under its own key. */
  many<T>(name: string, options: PointOptions): ExtensionPoint<T, 'many'> {
    return Object.freeze({
      ...options,
      name,
      cardinality: 'many' as const,
      required: options.required ?? false,
    });
  },
  /** At most one contribution (exactly one when required). */
  one<T>(name: string, options: PointOptions): ExtensionPoint<T, 'one'> {
    return Object.freeze({
      ...options,
      name,
      cardinality: 'one' as const,
      required: options.required ?? false,
    });
  },
};

/** What a module's register() gets as `deps.extensions` (bound to the module, which the messages name). */
export type Extensions = {
  /** Adds a contribution; refuses an undeclared point, a key already given (many), a second contribution (one). */
  contribute<T>(point: ExtensionPoint<T>, key: string, value: T): void;
  /** The contributions of a `many` point, in the order they were made. */
  all<T>(point: ExtensionPoint<T, 'many'>): readonly T[];
  /** The contribution of a `one` point; undefined while there is none. */
  one<T>(point: ExtensionPoint<T, 'one'>): T | undefined;
  /**
   * Tests only: puts `value` in place of the contribution under `key` (many) or of the one contribution (one),
   * so a test can plug a probe into a running app. Module code contributes; it never overrides.
   */
  override<T>(point: ExtensionPoint<T>, key: string, value: T): void;
};

type Contribution = { key: string; by: string; value: unknown };

export class ExtensionPointError extends Error {
  override name = 'ExtensionPointError';
}

/** The extension points of one app: declared by their modules, filled by contributions, checked at start-up. */
export function createExtensionRegistry() {
  const declared = new Map<string, { point: AnyExtensionPoint; owner: string }>();
  const contributions = new Map<string, Contribution[]>();

  function entryOf(point: AnyExtensionPoint, by: string) {
    const entry = declared.get(point.name);
    if (!entry || entry.point !== point) {
      throw new ExtensionPointError(
        `Module ${by} uses the extension point ${point.name}, which no module in the module list declares` +
          ' (add its owner to apps/api/src/modules/index.ts, or list the point in its defineModule extensionPoints).',
      );
    }
    return contributions.get(point.name) as Contribution[];
  }

  const registry = {
    /** Declares a point owned by `owner`; a name declared twice is refused. */
    declare(point: AnyExtensionPoint, owner: string) {
      const other = declared.get(point.name);
      if (other) {
        throw new ExtensionPointError(
          `The extension point ${point.name} is declared twice (by ${other.owner} and by ${owner}).`,
        );
      }
      declared.set(point.name, { point, owner });
      contributions.set(point.name, []);
    },
    contribute(point: AnyExtensionPoint, key: string, value: unknown, by: string) {
      const list = entryOf(point, by);
      const clash = point.cardinality === 'one' ? list[0] : list.find((c) => c.key === key);
      if (clash) {
        throw new ExtensionPointError(
          point.cardinality === 'one'
            ? `The extension point ${point.name} takes one contribution: ${by} gives '${key}', but ${clash.by} already gave '${clash.key}'.`
            : `The extension point ${point.name} already has a contribution '${key}' (from ${clash.by}); ${by} gives it again.`,
        );
      }
      list.push({ key, by, value });
    },
    override(point: AnyExtensionPoint, key: string, value: unknown, by: string) {
      const list = entryOf(point, by);
      const at = point.cardinality === 'one' ? 0 : list.findIndex((c) => c.key === key);
      if (at >= 0 && at < list.length) list[at] = { key, by, value };
      else list.push({ key, by, value });
    },
    all(point: AnyExtensionPoint, by: string): readonly unknown[] {
      return entryOf(point, by).map((c) => c.value);
    },
    one(point: AnyExtensionPoint, by: string): unknown {
      return entryOf(point, by)[0]?.value;
    },
    /** Start-up's last step: every required point has its contribution, else one error naming them all. */
    check() {
      const unfilled = [...declared.values()]
        .filter(({ point }) => point.required && !contributions.get(point.name)?.length)
        .map(
          ({ point, owner }) =>
            `the extension point ${point.name} (declared by ${owner}: ${point.description}) is required but no module fills it`,
        );
      if (unfilled.length) throw new ExtensionPointError(`Start-up stopped: ${unfilled.join('; ')}.`);
    },
    /** The points declared so far, with their owners and contributions (the architecture test reads it). */
    describe() {
      return [...declared.values()].map(({ point, owner }) => ({
        name: point.name,
        owner,
        cardinality: point.cardinality,
        required: point.required,
        contributions: (contributions.get(point.name) ?? []).map(({ key, by }) => ({ key, by })),
      }));
    },
    /** The registry as one module sees it (its contributions are made in its name). */
    forModule(by: string): Extensions {
      return {
        contribute: (point, key, value) => registry.contribute(point, key, value, by),
        override: (point, key, value) => registry.override(point, key, value, by),
        all: <T>(point: ExtensionPoint<T, 'many'>) => registry.all(point, by) as readonly T[],
        one: <T>(point: ExtensionPoint<T, 'one'>) => registry.one(point, by) as T | undefined,
      };
    },
  };
  return registry;
}
export type ExtensionRegistry = ReturnType<typeof createExtensionRegistry>;
