import type { ConfigurationKey } from '@assess/contracts/configuration';
import type { TableColumn } from '../../platform/db/client';

/**
 * Where configuration values and interests are referenced: a value is "in use" (and cannot be
 * deactivated) while any registered column holds its id. There is no module-wide registry: app.ts makes
 * one `ConfigurationReferences`, hands it to every module in ModuleDeps, and each module registers its own
 * columns in its register function, e.g.
 *   deps.configurationReferences.register({ name: 'questions.objective', keys: ['Objective'],
 *     column: questions.objectiveIds, holds: 'ids' });
 * Interest ids live in `interests.interest_id`, every other key in `configuration_values.id`.
 */
export type ConfigurationReference = {
  /** Unique name (registering the same name again replaces the entry). */
  name: string;
  keys: readonly ConfigurationKey[];
  /** The column holding the id(s) (a table column; its table is taken from the column). */
  column: TableColumn;
  /** 'id': an integer column (default); 'ids': an integer[] column, in use when the array holds the id. */
  holds?: 'id' | 'ids';
};

export type ConfigurationReferences = ReturnType<typeof createConfigurationReferences>;

export function createConfigurationReferences() {
  const registry = new Map<string, ConfigurationReference>();
  return {
    register(...refs: ConfigurationReference[]) {
      for (const ref of refs) registry.set(ref.name, ref);
    },
    /** The references that can hold a value of `key`. */
    for(key: ConfigurationKey): ConfigurationReference[] {
      return [...registry.values()].filter((r) => r.keys.includes(key));
    },
  };
}
