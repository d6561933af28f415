import { eq, sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/harness';
import { licencePackages } from '../../db/schema';
import { rowsOf } from '../../platform/db/rows';

let seq = 0;

/**
 * A category of the provider with one branch topic and `leaves` leaf topics under it, each holding `scq` SCQ
 * and `numerical` NUMERICAL questions in `status` (2 Ready), plus two Draft SCQ questions that must never be
 * drawn. Set-based inserts; returns the ids.
 */
export async function seedTopics(
  t: TestApp,
  providerId: number,
  o: { leaves: number; scq: number; numerical: number; status?: number },
) {
  seq += 1;
  const db = t.deps.db;
  const tag = `TW${seq}x${Date.now() % 100000}`;
  const [cat] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into categories (provider_id, name, path)
      values (${providerId}, ${`Topicwise ${tag}`}, 'c0/') returning category_id as id`),
  );
  await db.execute(sql`update categories set path = 'c' || category_id || '/' where category_id = ${cat.id}`);
  const [branch] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into topics (provider_id, category_id, name, path, depth)
      values (${providerId}, ${cat.id}, ${`Branch ${tag}`}, ${`c${cat.id}/t0/`}, 1) returning topic_id as id`),
  );
  const leaves = rowsOf<{ id: number }>(
    await db.execute(sql`insert into topics (provider_id, category_id, parent_topic_id, name, path, depth)
      select ${providerId}, ${cat.id}, ${branch.id}, ${`Leaf ${tag} `} || g, ${`c${cat.id}/t${branch.id}/t`} || g || '/', 2
      from generate_series(1, ${o.leaves}) g returning topic_id as id`),
  ).map((r) => r.id);
  const status = o.status ?? 2;
  for (const [type, n, st] of [
    [2, o.scq, status],
    [4, o.numerical, status],
    [2, 2, 1],
  ] as const) {
    if (!n) continue;
    await db.execute(sql`
      with q as (
        insert into questions (provider_id, code, question_type, content_type, status, is_active, text, choices,
          correct_choices, numeric_answer)
        select ${providerId}, ${`${tag}-`} || l || '-' || ${type} || '-' || ${st} || '-' || g, ${type}, 1, ${st}, ${st > 1},
          'Question ' || g, case when ${type} = 2 then '[{"text":"A","image":null},{"text":"B","image":null}]'::jsonb else '[]'::jsonb end,
          case when ${type} = 2 then '{2}'::smallint[] else '{}'::smallint[] end,
          case when ${type} = 4 then 42 else null end
        from unnest(${`{${leaves.join(',')}}`}::int[]) l cross join generate_series(1, ${n}) g
        returning question_id, code
      )
      insert into topic_question_mappings (topic_id, question_id)
      select split_part(q.code, '-', 2)::int, q.question_id from q`);
  }
  return { categoryId: cat.id, branchId: branch.id, leaves };
}

/** The provider's package Tests limit set to n (sign in again to see it); returns how to put it back. */
export async function setTestsLimit(t: TestApp, packageId: number, n: number) {
  const [pkg] = await t.deps.db
    .select()
    .from(licencePackages)
    .where(eq(licencePackages.packageId, packageId));
  const before = pkg!.limits;
  await t.deps.db
    .update(licencePackages)
    .set({ limits: { ...before, Tests: n } })
    .where(eq(licencePackages.packageId, packageId));
  return () =>
    t.deps.db.update(licencePackages).set({ limits: before }).where(eq(licencePackages.packageId, packageId));
}

/** Each created test (by code prefix) with its sections' question ids and types. */
export async function createdTests(t: TestApp, providerId: number, codePrefix: string) {
  const rows = rowsOf<{
    code: string;
    name: string;
    status: number;
    is_active: boolean;
    pools: number;
    qids: number[];
    types: number[];
    topics: number[];
  }>(
    await t.deps.db.execute(sql`
      select t.code, t.name, t.status, t.is_active, count(distinct p.pool_id)::int as pools,
        coalesce(array_agg(pq.question_id order by pq.sequence) filter (where pq.question_id is not null), '{}') as qids,
        coalesce(array_agg(q.question_type order by pq.sequence) filter (where pq.question_id is not null), '{}') as types,
        coalesce(array_agg(distinct m.topic_id) filter (where m.topic_id is not null), '{}') as topics
      from tests t left join pools p on p.test_id = t.test_id
      left join pool_questions pq on pq.pool_id = p.pool_id
      left join questions q on q.question_id = pq.question_id
      left join topic_question_mappings m on m.question_id = pq.question_id
      where t.provider_id = ${providerId} and t.code like ${`${codePrefix}-%`}
      group by t.test_id order by t.code`),
  );
  return rows.map((r) => ({
    ...r,
    qids: r.qids.map(Number),
    types: r.types.map(Number),
    topics: r.topics.map(Number),
  }));
}

/** A valid create body for these topics (2 SCQ + 1 NUMERICAL per test unless said). */
export function createBody(
  topicIds: number[],
  prefix: string,
  o: Partial<{ scq: number; numerical: number; setCount: number; reuse: boolean; combined: boolean }> = {},
) {
  const scq = o.scq ?? 2;
  const numerical = o.numerical ?? 1;
  return {
    topics: { topicIds, objective: null, targetAudience: null, combinedTopicTest: o.combined ?? false },
    poolconfiguration: {
      isMandatory: false,
      questionsAllowed: scq + numerical,
      pointsPerQuestion: 2,
      scqQuestionsCount: scq,
      numericalQuestionsCount: numerical,
      setCount: o.setCount ?? 2,
      questionObjective: null,
      questionTargetAudience: null,
      isAllowPrevAddedQuestions: o.reuse ? 1 : 2,
    },
    testconfiguration: {
      duration: 180,
      passingScore: 2,
      masteryScore: 4,
      attemptsAllowed: 1,
      questionsPerPage: 1,
      testCodePrefix: prefix,
      testNamePrefix: `${prefix} name`,
      welcomeMessage: 'Welcome',
      concludeMessage: 'Thank You!',
      passFeedback: 'Pass',
      failFeedback: 'Failed',
      masteryFeedback: 'Excellent !',
      objectiveText: null,
      expiryDate: '2099-12-31',
      showResult: true,
      showTimer: true,
      navigationAllowed: true,
      showHint: false,
      showBookmark: false,
    },
  };
}
