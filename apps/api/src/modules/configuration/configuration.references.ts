import type { ConfigurationKey } from '@assess/contracts/configuration';
import type { TableColumn } from '../../platform/db/client';
import { type Extensions, extensionPoint } from '../../platform/modules';

/**
 * Where configuration values and interests are referenced: a value is "in use" (and cannot be deactivated) while
 * any contributed column holds its id. Each module that stores such ids contributes its columns to the extension
 * point `configurationReferences` in its register(), e.g.
 *   deps.extensions.contribute(configurationReferences, 'questions.objective',
 *     { name: 'questions.objective', keys: ['Objective'], column: questions.objectiveIds, holds: 'ids' });
 * (contributeConfigurationReferences does that for a list). Interest ids live in `interests.interest_id`, every
 * other key in `configuration_values.id`.
 */
export type ConfigurationReference = {
  /** Unique name (the contribution's key: a name given twice is refused). */
  name: string;
  keys: readonly ConfigurationKey[];
  /** The column holding the id(s) (a table column; its table is taken from the column). */
  column: TableColumn;
  /** 'id': an integer column (default); 'ids': an integer[] column, in use when the array holds the id. */
  holds?: 'id' | 'ids';
};

export const configurationReferences = extensionPoint.many<ConfigurationReference>(
  'configuration.references',
  {
    description: 'columns holding configuration value or interest ids (a value in use cannot be deactivated)',
  },
);

/** What the configuration repository asks: the references that can hold a value of `key`. */
export type ConfigurationReferences = { for(key: ConfigurationKey): ConfigurationReference[] };

/** The references of `all()` (read at each call), by key. */
export function configurationReferencesOf(
  all: () => readonly ConfigurationReference[],
): ConfigurationReferences {
  return { for: (key) => all().filter((r) => r.keys.includes(key)) };
}

/** Contributes each reference under its name. */
export function contributeConfigurationReferences(
  extensions: Pick<Extensions, 'contribute'>,
  refs: readonly ConfigurationReference[],
) {
  for (const ref of refs) extensions.contribute(configurationReferences, ref.name, ref);
}
