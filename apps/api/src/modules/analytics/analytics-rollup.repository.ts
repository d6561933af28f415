import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/rows';

/** The advisory lock key's first half (the second is the test id): one rollup of a test at a time. */
const ROLLUP_LOCK = 24_017;

/**
 * Per question version of the batch (q), its nodes: every category/topic node of its topics (one sorted array: a
 * question under two topics counts once per node), its difficulty and its type. A test has a few hundred of them,
 * so the marks are summed per attempt and key first and fanned out to the nodes afterwards.
 */
const questionKeys = sql`
  select q.question_id, q.version_id,
    (select array_agg(distinct t.provider_id || ':' || array_to_string(p.parts[1:i], '/') || '/')
      from topic_question_mappings tq join topics t on t.topic_id = tq.topic_id
      cross join lateral (select string_to_array(rtrim(t.path, '/'), '/') as parts) p
      cross join lateral generate_series(1, cardinality(p.parts)) i
      where tq.question_id = q.question_id) as topics,
    coalesce(v.snapshot->>'difficulty_level', '0') as difficulty,
    coalesce(v.snapshot->>'question_type', '0') as qtype
  from q join question_versions v on v.version_id = q.version_id`;

/**
 * Per student and node, the value of each measure (docs/FEATURES.md 3.3.17) from the per-attempt sums: 1 score =
 * 100 × marks ÷ points of the node's questions; 2 attempt rate = 100 × answered ÷ questions counted; 3 accuracy
 * = 100 × right ÷ answered (no value when nothing was answered); 4 duration = seconds spent on the node's
 * questions (each answer's time since the attempt's previous answer, or since the start).
 */
const measureValue = sql`case k.measure
  when 1 then 100 * r.marks / nullif(r.points, 0)
  when 2 then 100.0 * r.answered / nullif(r.seen, 0)
  when 3 then 100.0 * r.correct / nullif(r.answered, 0)
  else r.seconds end`;

/** Attempts claimed per transaction: a batch holds the test's lock for about a second at most. */
export const ROLLUP_BATCH = 500;

/** Where a test's rollup stands: closed attempts, claimed ones, the count the sums hold, the backlog's rows. */
export type RollupState = {
  closed: number;
  claimed: number;
  counted: number;
  pending: number;
  current: boolean;
};

/**
 * Test analytics' rollups (migrations 0017, 0019 and 0023, FEATURES 3.3.17, 3.7.16 and AN.5): the closed attempts
 * of a test not rolled up yet (the backlog, analytics_pending, filled by triggers as attempts close) are claimed a
 * batch at a time (analytics_attempts, with their total and whether each is the student's first) and added, in
 * the batch's transaction under a per-test advisory lock, to the per-attempt node sums, the per-test node
 * summaries (first attempts) and item statistics' sufficient statistics. An attempt is claimed once (its key and
 * its backlog row deleted in the claim), so a late, repeated or concurrent rollup never counts it twice; when a
 * counted attempt is gone (Clean Data) or un-claimed (re-scored, 0022) the test's sums are rebuilt. A student's
 * attempts close in order (one open attempt at a time, attempts_open_uq), so an attempt claimed as first stays
 * first while it exists.
 */
export function createAnalyticsRollupRepository(db: Db) {
  const state = async (q: Pick<Db, 'execute'>, testId: number): Promise<RollupState> => {
    const [s] = rowsOf<Omit<RollupState, 'current'>>(
      await q.execute(sql`
        select (select count(*) from attempts a where a.test_id = ${testId} and a.status in (2, 3))::int as closed,
          (select count(*) from analytics_attempts k where k.test_id = ${testId})::int as claimed,
          coalesce((select t.attempts from analytics_tests t where t.test_id = ${testId}), 0)::int as counted,
          (select count(*) from analytics_pending p where p.test_id = ${testId})::int as pending`),
    );
    return { ...s, current: s.closed === s.claimed && s.claimed === s.counted };
  };

  /** One batch (below): under the test's lock, claims up to `size` attempts of the backlog. */
  async function batch(testId: number, size: number): Promise<{ claimed: number; after: RollupState }> {
    return db.transaction(async (tx) => {
      const run = (q: SQL) => tx.execute(q);
      await run(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK}, ${testId})`);
      const s = await state(tx, testId);
      if (s.current && s.pending === 0) return { claimed: 0, after: s };
      if (s.claimed !== s.counted) {
        // a counted attempt went or was re-scored: the test's sums start again from the attempts
        for (const table of [
          'analytics_test_nodes',
          'analytics_item_cells',
          'analytics_item_choices',
          'analytics_attempts',
        ])
          await run(sql`delete from ${sql.identifier(table)} where test_id = ${testId}`);
        await run(sql`
          insert into analytics_tests (test_id, attempts) values (${testId}, 0)
          on conflict (test_id) do update set attempts = 0`);
      }
      if (s.claimed !== s.counted || s.closed > s.claimed + s.pending)
        await run(sql`
          insert into analytics_pending (attempt_id, test_id)
          select a.attempt_id, a.test_id from attempts a
          where a.test_id = ${testId} and a.status in (2, 3)
            and not exists (select 1 from analytics_attempts k where k.attempt_id = a.attempt_id)
          on conflict do nothing`);
      await run(sql`set local work_mem = '64MB'`);
      await run(sql`create temp table if not exists analytics_claimed (attempt_id int primary key,
        is_first boolean not null, total float8 not null, started_at timestamptz not null) on commit drop`);
      const claimed = rowsOf(await run(claim(testId, size))).length;
      if (claimed) {
        await run(sql`analyze analytics_claimed`);
        await run(attemptNodes(testId));
        await run(itemCells(testId));
        await run(itemChoices(testId));
      }
      await run(sql`
        insert into analytics_tests (test_id, attempts)
        values (${testId}, (select count(*) from analytics_attempts k where k.test_id = ${testId}))
        on conflict (test_id) do update set attempts = excluded.attempts`);
      return { claimed, after: await state(tx, testId) };
    });
  }

  return {
    /** Where the test's rollup stands (three index counts and the backlog's rows). */
    state: (testId: number) => state(db, testId),

    /**
     * Rolls up the test's closed attempts not rolled up yet, at most `budget` (all by default), a batch
     * (ROLLUP_BATCH) per transaction; the usual case (nothing new) is the state's counts. Answers how many it
     * claimed and how many closed attempts are still not counted.
     */
    async rollUp(
      testId: number,
      budget = Number.POSITIVE_INFINITY,
    ): Promise<{ rolled: number; left: number }> {
      const first = await state(db, testId);
      if (idle(first)) return { rolled: 0, left: 0 };
      let rolled = 0;
      for (;;) {
        const r = await batch(testId, Math.min(ROLLUP_BATCH, Math.max(1, budget - rolled)));
        rolled += r.claimed;
        if (idle(r.after) || r.claimed === 0 || rolled >= budget) return { rolled, left: leftOf(r.after) };
      }
    },

    /** The tests with attempts on the backlog (the background rollup's round), most waiting first. */
    async backlogTests(limit: number): Promise<{ testId: number; pending: number }[]> {
      return rowsOf(
        await db.execute(sql`
          select test_id as "testId", count(*)::int as pending from analytics_pending
          group by test_id order by count(*) desc, test_id limit ${limit}`),
      );
    },
  };
}
export type AnalyticsRollupRepository = ReturnType<typeof createAnalyticsRollupRepository>;

const idle = (s: RollupState) => s.current && s.pending === 0;
const leftOf = (s: RollupState) => (s.current ? 0 : Math.max(0, s.closed - s.claimed));

/**
 * Claims up to `size` attempts of the test's backlog (their backlog rows deleted, with those of attempts gone):
 * each closed attempt not claimed yet gets its analytics_attempts row (its total, whether it is the student's
 * first) and a row in the batch's analytics_claimed.
 */
function claim(testId: number, size: number): SQL {
  return sql`
    with p as (
      delete from analytics_pending where attempt_id in (
        select attempt_id from analytics_pending where test_id = ${testId} order by attempt_id limit ${size})
      returning attempt_id),
    c as (
      insert into analytics_attempts (attempt_id, test_id, is_first, total)
      select a.attempt_id, ${testId},
        not exists (select 1 from attempts b where b.test_id = a.test_id and b.user_id = a.user_id
          and b.status in (2, 3) and b.attempt_number < a.attempt_number),
        coalesce((select sum(m.marks) from attempt_marks m where m.attempt_id = a.attempt_id and m.outcome <> 4), 0)
      from p join attempts a on a.attempt_id = p.attempt_id
      where a.test_id = ${testId} and a.status in (2, 3)
        and not exists (select 1 from analytics_attempts k where k.attempt_id = a.attempt_id)
      on conflict do nothing
      returning attempt_id, is_first, total)
    insert into analytics_claimed select c.attempt_id, c.is_first, c.total, a.started_at
    from c join attempts a on a.attempt_id = c.attempt_id
    returning attempt_id`;
}

/**
 * Per claimed attempt, content option and node: the sums of its stored per-question marks (questions not counted,
 * outcome 4, left out) and the seconds of its answers; attempts rolled up before keep their rows. The marks are
 * summed per attempt and node set (grouping sets: the topics' nodes, the difficulty, the type, the whole test),
 * a few dozen rows per attempt, before the fan-out to the nodes: no sort of marks × nodes. The same statement adds
 * the first attempts' values to the test's node summaries (testNodes).
 */
function attemptNodes(testId: number): SQL {
  return sql`
    with m as (select m.attempt_id, m.question_id, m.version_id, m.marks, m.points, m.outcome
      from attempt_marks m join analytics_claimed c on c.attempt_id = m.attempt_id
      where m.outcome <> 4
        and not exists (select 1 from analytics_attempt_nodes r where r.attempt_id = c.attempt_id)),
    d as (
      select x.attempt_id, x.question_id,
        extract(epoch from x.saved_at - coalesce(lag(x.saved_at) over (partition by x.attempt_id
          order by x.saved_at, x.question_id), c.started_at))::float8 as seconds
      from attempt_answers x join analytics_claimed c on c.attempt_id = x.attempt_id
      where cardinality(x.choice_ids) > 0 or x.numeric_answer is not null),
    q as (select distinct m.question_id, m.version_id from m),
    k as (${questionKeys}),
    g as (
      select m.attempt_id, k.topics, k.difficulty, k.qtype, grouping(k.topics, k.difficulty, k.qtype) as set,
        count(*)::int as seen, (count(*) filter (where m.outcome in (1, 2)))::int as answered,
        (count(*) filter (where m.outcome = 1))::int as correct, sum(m.marks)::float8 as marks,
        sum(m.points)::float8 as points, coalesce(sum(d.seconds), 0)::float8 as seconds
      from m join k on k.question_id = m.question_id and k.version_id = m.version_id
      left join d on d.attempt_id = m.attempt_id and d.question_id = m.question_id
      group by grouping sets ((m.attempt_id, k.topics), (m.attempt_id, k.difficulty), (m.attempt_id, k.qtype),
        (m.attempt_id))),
    rows as (
      select g.attempt_id, n.content, n.node, sum(g.seen)::int as seen, sum(g.answered)::int as answered,
        sum(g.correct)::int as correct, sum(g.marks)::float8 as marks, sum(g.points)::float8 as points,
        sum(g.seconds)::float8 as seconds
      from g cross join lateral (
        select 1::smallint as content, u.node from unnest(g.topics) u(node) where g.set = 3
        union all select 2::smallint, g.difficulty where g.set = 5
        union all select 3::smallint, g.qtype where g.set = 6
        union all select c.content::smallint, '' from unnest(array[1, 2, 3]) c(content) where g.set = 7) n
      group by g.attempt_id, n.content, n.node),
    ins as (
      insert into analytics_attempt_nodes (attempt_id, test_id, content, node, seen, answered, correct, marks, points,
        seconds)
      select rows.attempt_id, ${testId}, rows.content, rows.node, rows.seen, rows.answered, rows.correct, rows.marks,
        rows.points, rows.seconds
      from rows
      on conflict do nothing
      returning attempt_id, content, node, seen, answered, correct, marks, points, seconds),
    kept as (
      select r.attempt_id, r.content, r.node, r.seen, r.answered, r.correct, r.marks, r.points, r.seconds
      from analytics_attempt_nodes r join analytics_claimed c on c.attempt_id = r.attempt_id)
    ${testNodes(testId)}`;
}

/**
 * The claimed first attempts' per-student values added to the test's node summaries (Low, sum, count, Top): the
 * tail of attemptNodes' statement, over the node rows it wrote (ins) and those a claimed attempt kept from before
 * (kept: the statement's snapshot holds no row it writes, so none is read twice).
 */
function testNodes(testId: number): SQL {
  return sql`,
    v as (
      select r.content, r.node, k.measure, r.seen, (${measureValue})::float8 as v
      from (select * from ins union all select * from kept) r
      join analytics_claimed c on c.attempt_id = r.attempt_id and c.is_first
      cross join (values (1), (2), (3), (4)) k(measure)
      where r.content > 0)
    insert into analytics_test_nodes as t (test_id, content, node, measure, low, top, sum, count, seen)
    select ${testId}, v.content, v.node, v.measure, min(v.v), max(v.v), coalesce(sum(v.v), 0), count(v.v)::int,
      max(v.seen)::int
    from v group by v.content, v.node, v.measure
    on conflict (test_id, content, node, measure) do update set low = least(t.low, excluded.low),
      top = greatest(t.top, excluded.top), sum = t.sum + excluded.sum, count = t.count + excluded.count,
      seen = greatest(t.seen, excluded.seen)`;
}

/** The claimed attempts counted by question version, first attempt or not, total and mark. */
function itemCells(testId: number): SQL {
  return sql`
    insert into analytics_item_cells as t (test_id, question_id, version_id, is_first, total, mark, count, points)
    select ${testId}, m.question_id, m.version_id, c.is_first, c.total, m.marks::float8, count(*)::int,
      max(m.points)::float8
    from attempt_marks m join analytics_claimed c on c.attempt_id = m.attempt_id
    where m.outcome <> 4
    group by m.question_id, m.version_id, c.is_first, c.total, m.marks::float8
    on conflict (test_id, question_id, version_id, is_first, total, mark) do update
      set count = t.count + excluded.count, points = greatest(t.points, excluded.points)`;
}

/** The claimed attempts choosing each option (1–30) and the sum of their totals. */
function itemChoices(testId: number): SQL {
  return sql`
    insert into analytics_item_choices as t (test_id, question_id, version_id, is_first, choice, count, sum_total)
    select ${testId}, m.question_id, m.version_id, c.is_first, ch.choice, count(*)::int, sum(c.total)::float8
    from attempt_marks m join analytics_claimed c on c.attempt_id = m.attempt_id
    join attempt_answers x on x.attempt_id = m.attempt_id and x.question_id = m.question_id
    cross join lateral (select distinct u.choice::smallint as choice from unnest(x.choice_ids) u(choice)
      where u.choice between 1 and 30) ch
    where m.outcome <> 4
    group by m.question_id, m.version_id, c.is_first, ch.choice
    on conflict (test_id, question_id, version_id, is_first, choice) do update
      set count = t.count + excluded.count, sum_total = t.sum_total + excluded.sum_total`;
}
