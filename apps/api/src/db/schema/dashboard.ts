import { bigint, integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';
import { providers } from './access';

/**
 * The number of questions each provider owns (every status), kept by statement triggers on `questions`
 * (migration 0019: insert, delete, truncate, and a move to another provider): the dashboard's Questions card
 * reads one row instead of counting a million (issue 24: the dashboard under 50 ms with 1,000,000 questions).
 */
export const questionCounts = pgTable('question_counts', {
  providerId: integer('provider_id')
    .primaryKey()
    .references(() => providers.providerId, { onDelete: 'cascade' }),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
});

/** What `student_counts.kind` counts (migration 0021). */
export const StudentCountKind = { Students: 0, Class: 1, City: 2, State: 3, Interest: 4 } as const;

/**
 * Students counted by triggers (migration 0021) for the dashboard's Students card and four charts: kind 0 the
 * students (users of type 4) of provider ref_id; 1 / 2 / 3 the students whose class / city / state is the
 * configuration value ref_id; 4 the students of interest ref_id. Writes that move nothing touch no row.
 */
export const studentCounts = pgTable(
  'student_counts',
  {
    kind: smallint('kind').notNull(),
    refId: integer('ref_id').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.refId] })],
);
