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

/**
 * Per student and node, the value of the measure (docs/FEATURES.md 3.3.17), from the rollup's sums:
 * score = 100 × marks ÷ points of the node's questions; attempt rate = 100 × answered ÷ questions counted;
 * accuracy = 100 × right ÷ answered (no value when nothing was answered); duration = seconds spent on the
 * node's questions (each answer's time since the attempt's previous answer, or since the start).
 */
const measureOf: Record<Measure, SQL> = {
  score: sql`100 * r.marks / nullif(r.points, 0)`,
  attemptRate: sql`100.0 * r.answered / nullif(r.seen, 0)`,
  accuracyRate: sql`100.0 * r.correct / nullif(r.answered, 0)`,
  duration: sql`r.seconds`,
};

/** Every node of every content option each question belongs to ('' the whole test). */
const questionNodes = sql`
  select q.question_id, q.version_id, 1::smallint as content,
    t.provider_id || ':' || array_to_string(p.parts[1:i], '/') || '/' as node
  from q join topic_question_mappings tq on tq.question_id = q.question_id
  join topics t on t.topic_id = tq.topic_id
  cross join lateral (select string_to_array(rtrim(t.path, '/'), '/') as parts) p
  cross join lateral generate_series(1, cardinality(p.parts)) i
  union
  select q.question_id, q.version_id, c.content::smallint,
    case c.content when 0 then '' when 2 then coalesce(v.snapshot->>'difficulty_level', '0')
      when 3 then coalesce(v.snapshot->>'question_type', '0') end
  from q join question_versions v on v.version_id = q.version_id
  cross join (values (0), (2), (3)) c(content)`;

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
     * Rolls up the test's closed attempts not rolled up yet (FEATURES 3.3.17): per attempt, content option and
     * node, the sums of the stored per-question marks (questions not counted, outcome 4, left out) and the seconds
     * of its answers; content 0 node '' marks the attempt done (also when it has no marks). One statement, ON
     * CONFLICT DO NOTHING: two readers rolling up at once, or a late one, never count an attempt twice.
     */
    async rollUp(testId: number) {
      // the usual case, nothing new: answered by the attempts index and the rollup's key, no scan of the marks
      const [pending] = await all<{ any: boolean }>(sql`
        select exists (select 1 from attempts a where a.test_id = ${testId} and a.status in (2, 3)
          and not exists (select 1 from analytics_attempt_nodes r
            where r.attempt_id = a.attempt_id and r.content = 0 and r.node = '')) as any`);
      if (!pending?.any) return;
      await db.execute(sql`
        with todo as (
          select a.attempt_id, a.started_at from attempts a
          where a.test_id = ${testId} and a.status in (2, 3)
            and not exists (select 1 from analytics_attempt_nodes r
              where r.attempt_id = a.attempt_id and r.content = 0 and r.node = '')),
        m as (select m.attempt_id, m.question_id, m.version_id, m.marks, m.points, m.outcome
          from attempt_marks m join todo on todo.attempt_id = m.attempt_id where m.outcome <> 4),
        d as (
          select x.attempt_id, x.question_id,
            extract(epoch from x.saved_at - coalesce(lag(x.saved_at) over (partition by x.attempt_id
              order by x.saved_at, x.question_id), todo.started_at))::float8 as seconds
          from attempt_answers x join todo on todo.attempt_id = x.attempt_id
          where cardinality(x.choice_ids) > 0 or x.numeric_answer is not null),
        q as (select distinct m.question_id, m.version_id from m),
        qn as (${questionNodes}),
        rows as (
          select m.attempt_id, qn.content, coalesce(qn.node, '') as node, count(*)::int as seen,
            (count(*) filter (where m.outcome in (1, 2)))::int as answered,
            (count(*) filter (where m.outcome = 1))::int as correct,
            sum(m.marks)::float8 as marks, sum(m.points)::float8 as points, coalesce(sum(d.seconds), 0)::float8 as seconds
          from m join qn on qn.question_id = m.question_id and qn.version_id = m.version_id
          left join d on d.attempt_id = m.attempt_id and d.question_id = m.question_id
          group by m.attempt_id, qn.content, coalesce(qn.node, '')),
        written as (
          insert into analytics_attempt_nodes (attempt_id, test_id, content, node, seen, answered, correct, marks, points, seconds)
          select rows.attempt_id, ${testId}, c.content, rows.node, rows.seen, rows.answered, rows.correct, rows.marks,
            rows.points, rows.seconds
          from rows cross join lateral unnest(
            case when rows.content = 0 then array[1, 2, 3]::smallint[] else array[rows.content]::smallint[] end) c(content)
          on conflict do nothing
          returning 1)
        -- (a data-modifying CTE always runs) the marker of each attempt rolled up
        insert into analytics_attempt_nodes (attempt_id, test_id, content, node, seen, answered, correct, marks, points, seconds)
        select todo.attempt_id, ${testId}, 0, '', 0, 0, 0, 0, 0, 0 from todo
        on conflict do nothing`);
      // the planner's figures for the rows just written (a stale 'empty table' plan turns the check above into a scan
      // per attempt: 23 s instead of 0.2 s at 20,000 attempts)
      await db.execute(sql`analyze analytics_attempt_nodes`);
    },

    /**
     * The tree's nodes with Low / Average / Top of the measure over the students (each student's first closed
     * attempt), in SQL from the rollup; '' is the whole test. A question under two topics counts under each
     * (once per node). questionCount: the most questions of the node one attempt saw.
     */
    async nodes(testId: number, content: 1 | 2 | 3, measure: Measure): Promise<NodeRow[]> {
      return all<NodeRow>(sql`
        with s as (${selected(testId, 'first')}),
        per as (
          select r.node, r.seen, (${measureOf[measure]})::float8 as v
          from analytics_attempt_nodes r join s on s.attempt_id = r.attempt_id
          where r.test_id = ${testId} and r.content = ${content}),
        agg as (
          select per.node, min(per.v) as low, avg(per.v) as average, max(per.v) as top,
            count(per.v)::int as "studentCount", max(per.seen)::int as "questionCount"
          from per group by per.node)
        select agg.node, agg.low, agg.average, agg.top, agg."studentCount", agg."questionCount",
          ${nodeName(content)} as name
        from agg order by agg.node`);
    },

    /** Per attempt, per question seen: the mark, the points, the version and the choices (item statistics). */
    async responses(testId: number, which: AnalyticsAttempts) {
      return all<{
        attemptId: number;
        questionId: number;
        versionId: number;
        marks: number;
        points: number;
        choices: number[] | null;
      }>(sql`
        with s as (${selected(testId, which)})
        select m.attempt_id as "attemptId", m.question_id as "questionId", m.version_id as "versionId",
          m.marks::float8 as marks, m.points::float8 as points, x.choice_ids::int[] as choices
        from s join attempt_marks m on m.attempt_id = s.attempt_id
        left join attempt_answers x on x.attempt_id = m.attempt_id and x.question_id = m.question_id
        where m.outcome <> 4
        order by m.attempt_id, m.question_id`);
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
