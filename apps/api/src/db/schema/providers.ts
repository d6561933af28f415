import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { providers } from './access';
import { audit, identity, link } from './columns';
import { courses } from './courses';

/**
 * Provider resource mapping (part 3 §3): `studentsCount` student licences of one test series (resource
 * type 3) held by a provider. An aggregator's rows are its pool (procured through the platform owner); a
 * subscriber's rows are drawn from its parent aggregator's pool (`sourceProviderId`). The service locks the
 * pool row (SELECT ... FOR UPDATE) while it checks and writes, so concurrent provisioning cannot overdraw it.
 */
export const providerResourceMappings = pgTable(
  'provider_resource_mappings',
  {
    id: identity('id'),
    providerId: link('provider_id', () => providers.providerId, 'cascade'),
    resourceTypeId: smallint('resource_type_id').notNull().default(3),
    resourceId: link('resource_id', () => courses.courseId, 'cascade'),
    resourceImage: text('resource_image'),
    studentsCount: integer('students_count').notNull().default(0),
    /** The pool the licences come from (the parent aggregator); null when procured through the owner. */
    sourceProviderId: integer('source_provider_id').references(() => providers.providerId),
    ...audit,
  },
  (t) => [
    uniqueIndex('provider_resource_mappings_uq').on(t.providerId, t.resourceTypeId, t.resourceId),
    index('provider_resource_mappings_source_idx').on(t.sourceProviderId, t.resourceId),
    index('provider_resource_mappings_resource_idx').on(t.resourceId),
    check('provider_resource_mappings_type_ck', sql`${t.resourceTypeId} = 3`),
    check('provider_resource_mappings_count_ck', sql`${t.studentsCount} between 0 and 1000000`),
  ],
);
