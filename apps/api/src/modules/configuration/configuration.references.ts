import type { ConfigurationKey } from '@assess/contracts/configuration';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { studentEducation, studentInterests, studentProfiles } from '../../db/schema';

/**
 * Where configuration values and interests are referenced: a value is "in use" (and cannot be
 * deactivated) while any registered column holds its id. Students register theirs here; later areas
 * (questions' and tests' objective / target audience, ...) call `registerConfigurationReference` from their
 * module's register function, e.g.
 *   registerConfigurationReference({ name: 'tests.objective', keys: ['Objective'], column: tests.objectiveId });
 * Interest ids live in `interests.interest_id`, every other key in `configuration_values.id`.
 */
export type ConfigurationReference = {
  /** Unique name (registering the same name again replaces the entry). */
  name: string;
  keys: readonly ConfigurationKey[];
  /** An integer column holding the id (a table column; its table is taken from the column). */
  column: AnyPgColumn;
};

const registry = new Map<string, ConfigurationReference>();

export function registerConfigurationReference(ref: ConfigurationReference) {
  registry.set(ref.name, ref);
}

/** The references that can hold a value of `key`. */
export function configurationReferencesFor(key: ConfigurationKey): ConfigurationReference[] {
  return [...registry.values()].filter((r) => r.keys.includes(key));
}

// Students (part 1 §3 "Student info", "Education info", registration intrestList).
registerConfigurationReference({ name: 'students.state', keys: ['State'], column: studentProfiles.state });
registerConfigurationReference({ name: 'students.city', keys: ['City'], column: studentProfiles.city });
registerConfigurationReference({
  name: 'students.fatherProfession',
  keys: ['Profession'],
  column: studentProfiles.fatherProfession,
});
registerConfigurationReference({
  name: 'students.language',
  keys: ['Language'],
  column: studentEducation.language,
});
registerConfigurationReference({
  name: 'students.board',
  keys: ['EducationBoard'],
  column: studentEducation.board,
});
registerConfigurationReference({ name: 'students.class', keys: ['Class'], column: studentEducation.class });
registerConfigurationReference({
  name: 'students.education',
  keys: ['Education'],
  column: studentEducation.education,
});
registerConfigurationReference({
  name: 'students.interests',
  keys: ['Interest'],
  column: studentInterests.interestId,
});
