import { QuestionType } from '@assess/contracts/questions';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { poolQuestions, questions, tests, topics } from '../../db/schema';
import { questionsDrawableBy } from '../../platform/access/scopes.repository';
import type { Db } from '../../platform/db/client';
import { countOwned, lockProvider } from '../../platform/db/quota';
import { intArray, rowsOf } from '../../platform/db/rows';
import { ownConfigurationIds } from '../configuration';
import { createTestWriter, type NewSection, type NewTest } from '../tests';

/** Which questions a topic-wise test may draw: own, Ready or Published, SCQ or NUMERICAL, optional filters. */
export type QuestionFilter = {
  providerId: number;
  topicIds: readonly number[];
  objective: readonly number[] | null;
  targetAudience: readonly number[] | null;
  /** Combined tests draw over all the topics as one (a question mapped to two of them counts once). */
  combined: boolean;
};

/** How one set's section is filled: SCQ and NUMERICAL counts, sets, and whether sets may share questions. */
export type FillPlan = {
  scq: number;
  numerical: number;
  setCount: number;
  reuse: boolean;
  isMandatory: boolean;
  userId: number;
  now: Date;
};

/** A list of texts as one parameter (any characters), for `x in (...)`. */
const textList = (v: readonly string[]) => sql`select jsonb_array_elements_text(${JSON.stringify(v)}::jsonb)`;

/** `questions q` of the raw SQL below. */
const q = alias(questions, 'q');

/** The candidates (topic_id 0 for a combined test), as a SQL fragment for the CTEs below. */
function candidates(f: QuestionFilter) {
  const filters = sql.join(
    [
      sql`tq.topic_id = any(${intArray(f.topicIds)})`,
      questionsDrawableBy({ providerId: f.providerId, contentProviderIds: [] }, q),
      sql`q.question_type in (${QuestionType.SCQ}, ${QuestionType.Numerical})`,
      ...(f.objective ? [sql`q.objective_ids && ${intArray(f.objective)}`] : []),
      ...(f.targetAudience ? [sql`q.target_audience_ids && ${intArray(f.targetAudience)}`] : []),
    ],
    sql` and `,
  );
  return f.combined
    ? sql`select distinct 0 as topic_id, q.question_id, q.question_type
          from topic_question_mappings tq join questions q on q.question_id = tq.question_id where ${filters}`
    : sql`select tq.topic_id, q.question_id, q.question_type
          from topic_question_mappings tq join questions q on q.question_id = tq.question_id where ${filters}`;
}

/**
 * Topic-wise creation's reads and writes (part 3 §4 "Topic-wise creation"): each write is one set-based
 * statement, whatever the number of tests (the service runs them in one transaction).
 */
export function createTopicwiseRepository(db: Db) {
  return {
    /** Serialises creations of one provider (as the editor's create), so the Tests limit holds. */
    lockProvider: (providerId: number) => lockProvider(db, providerId),

    /** Every test of the provider (full and quick): what the package's Tests limit counts. */
    countTests: (providerId: number) => countOwned(db, tests.providerId, providerId),

    /** The chosen topics of the provider, with whether they have sub-topics (another provider's are left out). */
    async topics(providerId: number, topicIds: readonly number[]) {
      return db
        .select({
          topicId: topics.topicId,
          name: topics.name,
          hasChildren: sql<boolean>`exists (select 1 from topics c where c.parent_topic_id = topics.topic_id)`,
        })
        .from(topics)
        .where(and(eq(topics.providerId, providerId), inArray(topics.topicId, [...topicIds])));
    },

    /** Ids among `ids` that are the provider's configuration values of this key. */
    configurationIds: (providerId: number, key: string, ids: readonly number[]) =>
      ownConfigurationIds(db, providerId, key, ids),

    /** Usable questions per topic (0 for combined) and type. */
    async supply(f: QuestionFilter) {
      const res = await db.execute(
        sql`select topic_id, question_type, count(*)::int as n from (${candidates(f)}) c
            group by topic_id, question_type`,
      );
      return rowsOf<{ topic_id: number; question_type: number; n: number }>(res).map((r) => ({
        topicId: Number(r.topic_id),
        questionType: Number(r.question_type),
        n: Number(r.n),
      }));
    },

    /** Lower-cased codes and names among these that another test of the provider already has. */
    async taken(providerId: number, codes: readonly string[], names: readonly string[]) {
      const res = await db.execute(
        sql`select lower(code) as code, lower(name) as name from ${tests}
            where provider_id = ${providerId}
              and (lower(code) in (${textList(codes.map((c) => c.toLowerCase()))})
                or lower(name) in (${textList(names.map((n) => n.toLowerCase()))}))`,
      );
      const rows = rowsOf<{ code: string; name: string }>(res);
      return { codes: new Set(rows.map((r) => r.code)), names: new Set(rows.map((r) => r.name)) };
    },

    /** New tests and their sections through the one test writer (the tests module's). */
    async insertTests(values: NewTest[]) {
      const rows = await createTestWriter(db).insertTests(values);
      return rows.map((r) => ({ testId: r.testId, code: r.code }));
    },

    async insertPools(values: NewSection[]) {
      const rows = await createTestWriter(db).insertSections(values);
      return rows.map((r) => ({ poolId: r.poolId, testId: r.testId }));
    },

    /**
     * Fills every section in one INSERT ... SELECT: the candidates ranked at random per topic and type; without
     * reuse set s takes ranks (s-1)·n … s·n-1 (sets never share a question), with reuse each set ranks on its own.
     * `targets` maps (topic, set) to the section (topic 0 for combined tests). Returns the rows written.
     */
    async fill(
      f: QuestionFilter,
      p: FillPlan,
      targets: { poolId: number; topicId: number; setNo: number }[],
    ) {
      const need = sql`(case c.question_type when ${QuestionType.SCQ} then ${p.scq}::int else ${p.numerical}::int end)`;
      const ranked = p.reuse
        ? sql`select c.topic_id, c.question_id, c.question_type, s.set_no,
                row_number() over (partition by c.topic_id, c.question_type, s.set_no order by random()) - 1 as rn,
                ${need} as need
              from (${candidates(f)}) c cross join generate_series(1, ${p.setCount}::int) s(set_no)`
        : sql`select c.topic_id, c.question_id, c.question_type, null::int as set_no,
                row_number() over (partition by c.topic_id, c.question_type order by random()) - 1 as rn,
                ${need} as need
              from (${candidates(f)}) c`;
      const res = await db.execute(
        sql`with m(pool_id, topic_id, set_no) as (
              select * from unnest(${intArray(targets.map((t) => t.poolId))}, ${intArray(targets.map((t) => t.topicId))},
                                   ${intArray(targets.map((t) => t.setNo))})
            ),
            ranked as (${ranked}),
            picked as (
              select topic_id, question_id, question_type,
                     coalesce(set_no, (rn / need)::int + 1) as set_no
              from ranked where need > 0 and rn < (case when set_no is null then ${p.setCount}::int * need else need end)
            )
            insert into ${poolQuestions} (pool_id, question_id, sequence, is_mandatory, created_by, created_date)
            select m.pool_id, p.question_id,
                   row_number() over (partition by m.pool_id order by p.question_type, random()),
                   ${p.isMandatory}, ${p.userId}, ${p.now.toISOString()}::timestamptz
            from picked p join m on m.topic_id = p.topic_id and m.set_no = p.set_no`,
      );
      return (
        (res as { rowCount?: number; affectedRows?: number }).rowCount ??
        (res as { affectedRows?: number }).affectedRows ??
        0
      );
    },
  };
}
export type TopicwiseRepository = ReturnType<typeof createTopicwiseRepository>;
