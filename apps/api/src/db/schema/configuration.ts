import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ownerProvider } from './access';
import { audit, flag, identity } from './columns';

/**
 * Configuration values (part 1 §3 "Configuration value", demographic information) of one provider:
 * key is the configuration type (Class, State, City, Education, EducationBoard, Profession, Language,
 * Objective, TargetAudience). Duplicates are impossible per provider, type and trimmed lower-case value.
 */
export const configurationValues = pgTable(
  'configuration_values',
  {
    id: identity('id'),
    providerId: ownerProvider(),
    key: text('key').notNull(),
    sequenceId: integer('sequence_id'),
    valueInt: integer('value_int'),
    valueString: text('value_string').notNull(),
    isDefault: flag('is_default'),
    isActive: flag('is_active', true),
    ...audit,
  },
  (t) => [
    uniqueIndex('configuration_values_uq').on(t.providerId, t.key, sql`lower(btrim(${t.valueString}))`),
    index('configuration_values_provider_key_idx').on(t.providerId, t.key),
  ],
);

/** Interests (part 1 §3 "Interest") of one provider; description = interest text. */
export const interests = pgTable(
  'interests',
  {
    interestId: identity('interest_id'),
    providerId: ownerProvider(),
    interests: text('interests').notNull(),
    description: text('description'),
    parentInterestId: integer('parent_interest_id'),
    isActive: flag('is_active', true),
    ...audit,
  },
  (t) => [uniqueIndex('interests_uq').on(t.providerId, sql`lower(btrim(${t.interests}))`)],
);
