import type { AnalyticsAttempts } from '@assess/contracts/analytics';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/rows';

/** The test as analytics reads it (owner, type, schedule status, objective and target audience names). */
export type AnalyticsTest = {
  testId: number;
  providerId: number;
  name: string;
  testType: number;
  scheduleStatus: number | null;
  totalScore: number | null;
  objective: string[];
  targetAudience: string[];
};

/** One node's aggregate over the students (Low / Average / Top of the per-student value). */
export type NodeRow = {
  node: string;
  name: string;
  low: number | null;
  average: number | null;
  top: number | null;
  studentCount: number;
  questionCount: number;
};

/** Which measure a node aggregates (part 3 §9 execution options). */
export type Measure = 'score' | 'attemptRate' | 'accuracyRate' | 'duration';

/**
 * The attempts analytics count: closed attempts (submitted, or closed at the deadline) of the test; by default
 * each student's first closed attempt (as Moodle's statistics), or every closed attempt.
 */
const selected = (testId: number, which: AnalyticsAttempts): SQL =>
  which === 'all'
    ? sql`select a.attempt_id, a.user_id, a.started_at, a.submitted_at, a.actual_score, a.total_score
          from attempts a where a.test_id = ${testId} and a.status in (2, 3)`
    : sql`select distinct on (a.user_id) a.attempt_id, a.user_id, a.started_at, a.submitted_at, a.actual_score,
            a.total_score
          from attempts a where a.test_id = ${testId} and a.status in (2, 3)
          order by a.user_id, a.attempt_number`;

/** The measures' keys in analytics_test_nodes. */
const measureKey: Record<Measure, number> = { score: 1, attemptRate: 2, accuracyRate: 3, duration: 4 };

export function createAnalyticsRepository(db: Db) {
  const all = async <T>(query: SQL) => rowsOf<T>(await db.execute(query));
  return {
    async test(testId: number): Promise<AnalyticsTest | undefined> {
      const [row] = await all<AnalyticsTest>(sql`
        select t.test_id as "testId", t.provider_id as "providerId", t.name, t.test_type as "testType",
          t.schedule_status as "scheduleStatus", t.total_score as "totalScore",
          array(select cv.value_string from unnest(coalesce(t.objective_ids, '{}')) with ordinality o(id, n)
            join configuration_values cv on cv.id = o.id order by o.n) as "objective",
          array(select cv.value_string from unnest(coalesce(t.target_audience_ids, '{}')) with ordinality o(id, n)
            join configuration_values cv on cv.id = o.id order by o.n) as "targetAudience"
        from tests t where t.test_id = ${testId}`);
      return row;
    },

    /** Students per score range: ten ranges of 10 % of the attempt's points (a negative score falls in the first). */
    async chart(testId: number) {
      return all<{ bucket: number; students: number }>(sql`
        with s as (${selected(testId, 'first')})
        select least(9, greatest(0, floor(10 * coalesce(s.actual_score, 0) / nullif(s.total_score, 0))))::int as bucket,
          count(*)::int as students
        from s where coalesce(s.total_score, 0) > 0 group by 1 order by 1`);
    },

    /** The five best first attempts: score, then the shorter duration, then the earlier submit. */
    async topFive(testId: number) {
      return all<{
        attemptId: number;
        userId: number;
        name: string;
        score: number;
        totalScore: number | null;
        duration: number;
        attemptRate: number | null;
        accuracyRate: number | null;
      }>(sql`
        with s as (${selected(testId, 'first')}),
        top as (
          select s.* from s
          order by s.actual_score desc nulls last, (coalesce(s.submitted_at, s.started_at) - s.started_at) asc, s.attempt_id
          limit 5)
        select top.attempt_id as "attemptId", top.user_id as "userId",
          coalesce(nullif(u.full_name, ''), u.user_name) as name,
          coalesce(top.actual_score, 0)::float8 as score, top.total_score::float8 as "totalScore",
          (extract(epoch from (coalesce(top.submitted_at, top.started_at) - top.started_at)) * 1000)::bigint::int as duration,
          (select (100.0 * count(*) filter (where m.outcome in (1, 2)) / nullif(count(*) filter (where m.outcome <> 4), 0))::float8
            from attempt_marks m where m.attempt_id = top.attempt_id) as "attemptRate",
          (select (100.0 * count(*) filter (where m.outcome = 1) / nullif(count(*) filter (where m.outcome in (1, 2)), 0))::float8
            from attempt_marks m where m.attempt_id = top.attempt_id) as "accuracyRate"
        from top join users u on u.user_id = top.user_id
        order by top.actual_score desc nulls last, duration asc, top.attempt_id`);
    },

    /**
     * The tree's nodes with Low / Average / Top of the measure over the students (each student's first closed
     * attempt), from the rollup's node summaries; '' is the whole test. A question under two topics counts under
     * each (once per node). questionCount: the most questions of the node one attempt saw.
     */
    async nodes(testId: number, content: 1 | 2 | 3, measure: Measure): Promise<NodeRow[]> {
      return all<NodeRow>(sql`
        with agg as (
          select n.node, n.low, n.sum / nullif(n.count, 0) as average, n.top, n.count as "studentCount",
            n.seen as "questionCount"
          from analytics_test_nodes n
          where n.test_id = ${testId} and n.content = ${content} and n.measure = ${measureKey[measure]})
        select agg.*, ${nodeName(content)} as name from agg order by agg.node`);
    },

    /**
     * Item statistics' sufficient statistics from the rollup (FEATURES AN.1): the distribution of the attempts'
     * totals, per question version the attempts counted by (total, mark) and per option the choosers and the sum
     * of their totals; first attempts, or all (first and later summed).
     */
    async itemRollup(testId: number, which: AnalyticsAttempts) {
      const counted = which === 'all' ? sql`true` : sql`is_first`;
      const totals = await all<{ total: number; count: number }>(sql`
        select total, count(*)::int as count from analytics_attempts
        where test_id = ${testId} and ${counted} group by total order by total`);
      // one row per question version, its cells as three arrays (17,000 cells read as 100 rows: 5× faster)
      const items = await all<{
        questionId: number;
        versionId: number;
        points: number;
        totals: number[];
        marks: number[];
        counts: number[];
      }>(sql`
        with c as (
          select question_id, version_id, total, mark, sum(count)::int as count, max(points) as points
          from analytics_item_cells where test_id = ${testId} and ${counted}
          group by question_id, version_id, total, mark)
        select question_id as "questionId", version_id as "versionId", max(points) as points,
          array_agg(total) as totals, array_agg(mark) as marks, array_agg(count) as counts
        from c group by question_id, version_id order by question_id, version_id`);
      const choices = await all<{
        questionId: number;
        versionId: number;
        choice: number;
        count: number;
        sumTotal: number;
      }>(sql`
        select question_id as "questionId", version_id as "versionId", choice::int, sum(count)::int as count,
          sum(sum_total)::float8 as "sumTotal"
        from analytics_item_choices where test_id = ${testId} and ${counted}
        group by question_id, version_id, choice`);
      return { totals, items, choices };
    },

    /** The versions' code, type, choice count and right choices (item statistics' labels and distractors). */
    async versions(versionIds: readonly number[]) {
      if (!versionIds.length) return [];
      return all<{
        versionId: number;
        code: string;
        questionType: number;
        choiceCount: number;
        correct: number[];
      }>(sql`
        select v.version_id as "versionId", coalesce(v.snapshot->>'code', '') as code,
          coalesce((v.snapshot->>'question_type')::int, 0) as "questionType",
          case when (v.snapshot->>'question_type')::int in (1, 2, 3)
            then coalesce(jsonb_array_length(v.snapshot->'choices'), 0) else 0 end as "choiceCount",
          coalesce(array(select jsonb_array_elements_text(v.snapshot->'correct_choices')::int), '{}') as correct
        from question_versions v where v.version_id in (${sql.join(
          versionIds.map((id) => sql`${id}`),
          sql`, `,
        )})`);
    },

    /** A page of attempts (keyset by attempt id) with their marks by question: the export's per-student sheet. */
    async attemptPage(testId: number, afterAttemptId: number, limit: number) {
      return all<{
        attemptId: number;
        name: string;
        attemptNumber: number;
        score: number | null;
        totalScore: number | null;
        durationMs: number;
        marks: Record<string, number> | null;
      }>(sql`
        select a.attempt_id as "attemptId", coalesce(nullif(u.full_name, ''), u.user_name) as name,
          a.attempt_number as "attemptNumber", a.actual_score::float8 as score, a.total_score::float8 as "totalScore",
          (extract(epoch from (coalesce(a.submitted_at, a.started_at) - a.started_at)) * 1000)::bigint::int as "durationMs",
          (select jsonb_object_agg(m.question_id::text, m.marks) from attempt_marks m where m.attempt_id = a.attempt_id) as marks
        from attempts a join users u on u.user_id = a.user_id
        where a.test_id = ${testId} and a.status in (2, 3) and a.attempt_id > ${afterAttemptId}
        order by a.attempt_id limit ${limit}`);
    },

    /** Every question any closed attempt of the test saw, with its code (the export's columns). */
    async questionsSeen(testId: number) {
      return all<{ questionId: number; code: string }>(sql`
        select q.question_id as "questionId", q.code
        from questions q where q.question_id in (
          select distinct m.question_id from attempt_marks m join attempts a on a.attempt_id = m.attempt_id
          where a.test_id = ${testId} and a.status in (2, 3))
        order by q.question_id`);
    },
  };
}
export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;

/** The node's display name: the category's or topic's name for a path, or the code's key for the others. */
function nodeName(content: 1 | 2 | 3): SQL {
  if (content !== 1) return sql`agg.node`;
  return sql`case when agg.node = '' then '' else (
      select coalesce(
        (select c.name from categories c where c.provider_id = split_part(agg.node, ':', 1)::int
          and c.path = split_part(agg.node, ':', 2)),
        (select t.name from topics t where t.provider_id = split_part(agg.node, ':', 1)::int
          and t.path = split_part(agg.node, ':', 2)),
        agg.node)) end`;
}
