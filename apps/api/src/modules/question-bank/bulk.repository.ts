import { QuestionStatus, QuestionType } from '@assess/contracts/questions';
import { type SQL, sql } from 'drizzle-orm';
import { questions, questionVersions, topicQuestionMappings } from '../../db/schema';
import { createAccessScopes } from '../../platform/access/scopes.repository';
import type { Db } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/rows';

/** The columns a bulk update may set, and how its value is written. */
export type BulkColumnChange =
  | { column: 'status'; value: number }
  | { column: 'difficulty_level' | 'choice_format' | 'duration'; value: number }
  | { column: 'points' | 'negative_points'; value: number }
  | { column: 'objective_ids' | 'target_audience_ids'; value: number[] }
  | { column: 'is_locked'; value: boolean }
  | { column: 'expiry_date'; value: string };

/**
 * §4 Ready criteria in SQL (the contracts' meetsReadyCriteria): answers set for the type, and text or an
 * image (HTML text counts when it shows text or an image once tags are dropped).
 */
const meetsReadyCriteria = sql`(
  (case when q.question_type = ${QuestionType.Numerical} then q.numeric_answer is not null
        when q.question_type = ${QuestionType.MCQ} then cardinality(q.correct_choices) > 0
        else cardinality(q.correct_choices) = 1 end)
  and (q.image_id is not null or (q.text is not null and (
        q.content_type <> 4 and btrim(q.text) <> ''
        or q.content_type = 4 and (q.text ~* '<img' or btrim(regexp_replace(regexp_replace(q.text, '<[^>]*>', ' ', 'g'), '&nbsp;|&#160;', ' ', 'g')) <> '')))))`;

const sqlValue = (ch: BulkColumnChange): SQL => {
  switch (ch.column) {
    case 'objective_ids':
    case 'target_audience_ids':
      return sql`${`{${ch.value.join(',')}}`}::int[]`;
    case 'expiry_date':
      return sql`${ch.value}::date`;
    case 'points':
    case 'negative_points':
      return sql`${ch.value}::float8`;
    case 'is_locked':
      return sql`${ch.value}::boolean`;
    default:
      return sql`${ch.value}::int`;
  }
};

/**
 * Bulk operations of the question grid (§2 bulk-update bar, §7 bulkQuestionsUpdate and
 * bulkUpdateTopicQuestionMapping): each is ONE set-based statement whose data-modifying CTE also writes
 * the version rows of the changed questions.
 */
export function createBulkRepository(db: Db) {
  return {
    /** How many of the ids are the provider's, and their statuses, locking them for the transaction. */
    async statusesOf(providerId: number, ids: readonly number[]) {
      const r = await db.execute(sql`
        select q.status, count(*)::int as n from (
          select status from ${questions} where provider_id = ${providerId} and question_id = any(${`{${ids.join(',')}}`}::int[])
          for update) q
        group by q.status`);
      const counts = { total: 0, draft: 0, ready: 0, published: 0 };
      for (const row of rowsOf<{ status: number; n: number }>(r)) {
        counts.total += row.n;
        if (row.status === QuestionStatus.Draft) counts.draft += row.n;
        else if (row.status === QuestionStatus.Ready) counts.ready += row.n;
        else counts.published += row.n;
      }
      return counts;
    },

    /**
     * Sets one column on the provider's selected questions whose status is one of `fromStatuses` (and, with
     * `readyCriteria`, that meet the Ready criteria), counting a version and keeping a version row for each.
     * Returns how many were changed.
     */
    async update(a: {
      providerId: number;
      ids: readonly number[];
      change: BulkColumnChange;
      fromStatuses: readonly number[];
      readyCriteria?: boolean;
      userId: number;
      now: Date;
    }): Promise<number> {
      const col = sql.identifier(a.change.column);
      const extra: SQL[] = [];
      if (a.change.column === 'status')
        extra.push(sql`is_active = ${a.change.value >= QuestionStatus.Ready}`);
      if (a.change.column === 'is_locked')
        extra.push(
          a.change.value
            ? sql`locked_by = case when q.is_locked then q.locked_by else ${a.userId}::int end,
                  locked_date = case when q.is_locked then q.locked_date else ${a.now}::timestamptz end`
            : sql`locked_by = null, locked_date = null`,
        );
      const r = await db.execute(sql`
        with u as (
          update ${questions} q set ${col} = ${sqlValue(a.change)}, ${sql.join([...extra, sql`version = q.version + 1`], sql`, `)},
            updated_by = ${a.userId}, updated_date = ${a.now}
          where q.provider_id = ${a.providerId}
            and q.question_id = any(${`{${a.ids.join(',')}}`}::int[])
            and q.status = any(${`{${a.fromStatuses.join(',')}}`}::int[])
            ${a.readyCriteria ? sql`and ${meetsReadyCriteria}` : sql``}
          returning q.*
        ), v as (
          insert into ${questionVersions} (question_id, version, snapshot, created_by, created_date)
          select u.question_id, u.version, to_jsonb(u), ${a.userId}, ${a.now} from u
          returning 1
        )
        select count(*)::int as n from v`);
      return rowsOf<{ n: number }>(r)[0]?.n ?? 0;
    },

    /**
     * Maps the provider's selected questions to one topic, replacing their other topics (one statement:
     * the CTE deletes the other mappings, the insert adds the missing one). Returns how many were selected.
     */
    async remap(a: { providerId: number; topicId: number; ids: readonly number[] }): Promise<number> {
      const ids = sql`${`{${a.ids.join(',')}}`}::int[]`;
      const r = await db.execute(sql`
        with own as (
          select question_id from ${questions} where provider_id = ${a.providerId} and question_id = any(${ids})
        ), gone as (
          delete from ${topicQuestionMappings} m using own
          where m.question_id = own.question_id and m.topic_id <> ${a.topicId}
          returning 1
        ), added as (
          insert into ${topicQuestionMappings} (topic_id, question_id)
          select ${a.topicId}, own.question_id from own
          on conflict do nothing
          returning 1
        )
        select (select count(*) from own)::int as n, (select count(*) from gone)::int as g, (select count(*) from added)::int as a`);
      return rowsOf<{ n: number }>(r)[0]?.n ?? 0;
    },

    /** How many of `ids` are the provider's own questions (the batched access check of platform/access/scopes). */
    async ownCount(providerId: number, ids: readonly number[]) {
      const own = await createAccessScopes(db).checkAccess(
        { providerId, contentProviderIds: [] },
        'question.write',
        ids,
      );
      return own.size;
    },
  };
}
export type BulkRepository = ReturnType<typeof createBulkRepository>;
