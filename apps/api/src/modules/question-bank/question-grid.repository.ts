import { QuestionStatus } from '@assess/contracts/questions';
import { and, count, desc, eq, inArray, like, type SQL, sql } from 'drizzle-orm';
import { providers, questions, topicQuestionMappings, topics } from '../../db/schema';
import type { Db } from '../../platform/db/client';
import type { QuestionScope } from './questions.repository';

/** A tree node as a filter: its provider and its path ('c1/c4/t9/'): every topic below it is included. */
export type NodeFilter = { providerId: number; path: string };

export type GridFilter = {
  scope: QuestionScope;
  node?: NodeFilter;
  difficultyLevel?: number;
  points?: number;
  status?: number;
  objective?: number;
  targetAudience?: number;
  code?: string;
  contentType?: number;
  questionType?: number;
};

/** One provider's share of a grid: its questions (own) or its Published ones (a content provider). */
type Branch = { providerId: number; publishedOnly: boolean };

/** A question as the grids show it (the question bank's grid, a section's fixed questions): the leading columns. */
export const questionRowColumns = {
  questionId: questions.questionId,
  code: questions.code,
  text: questions.text,
  image: questions.imageId,
  questionType: questions.questionType,
  contentType: questions.contentType,
  status: questions.status,
  difficultyLevel: questions.difficultyLevel,
  points: questions.points,
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The question grid (part 2 §2, §7 GET /api/Questions): one page and its total, newest first.
 *
 * The read is split per provider ("branch"): own questions, and each content provider's Published ones; a
 * node filter keeps only its provider's branch (a topic only holds its provider's questions). Each branch
 * reads its page ids in question_id order from one range of questions_provider_idx /
 * questions_provider_status_idx (index-only for the status and difficulty filters), probing the node's
 * subtree (one range of topics_provider_path_idx, then the mappings); the branches' ids are merged, and
 * only the page's rows are then fetched. Counts are index-only per branch: questions_provider_idx carries
 * every filter column (status, difficulty, type, content type, points, code). When the node is one topic
 * (the picker's 100,000-question topic), its mappings' primary key range is merged with that index in
 * question_id order instead of hashing the subtree's ids: an exact count in one pass over both ranges,
 * serial (a parallel hash join, or hashing 100,000 ids, is slower on a busy 2-core server). An OR across providers, or
 * ORDER BY ... LIMIT over the whole table, would let PostgreSQL walk the primary key through other
 * providers' rows.
 */
export function createQuestionGridRepository(db: Db) {
  const underNode = (node: NodeFilter) =>
    db
      .select({ id: topicQuestionMappings.questionId })
      .from(topicQuestionMappings)
      .innerJoin(topics, eq(topics.topicId, topicQuestionMappings.topicId))
      .where(and(eq(topics.providerId, node.providerId), like(topics.path, `${node.path}%`)));

  function branches(f: GridFilter): Branch[] {
    const out: Branch[] = [];
    if (f.scope.ownProviderId !== null) out.push({ providerId: f.scope.ownProviderId, publishedOnly: false });
    for (const id of new Set(f.scope.contentProviderIds))
      if (id !== f.scope.ownProviderId) out.push({ providerId: id, publishedOnly: true });
    return f.node ? out.filter((b) => b.providerId === f.node!.providerId) : out;
  }

  /** The node's only topic (and its trigger-kept question count) when its subtree is one topic, else undefined. */
  async function leafTopic(node: NodeFilter) {
    const found = await db
      .select({ id: topics.topicId, questionCount: topics.questionCount })
      .from(topics)
      .where(and(eq(topics.providerId, node.providerId), like(topics.path, `${node.path}%`)))
      .limit(2);
    return found.length === 1 ? found[0] : undefined;
  }

  function where(b: Branch, f: GridFilter, leaf?: number): SQL {
    const c: (SQL | undefined)[] = [eq(questions.providerId, b.providerId)];
    if (b.publishedOnly) c.push(eq(questions.status, QuestionStatus.Published));
    // One topic: a semi-join on its mappings' primary key (topic_id, question_id), read in question_id order
    // like questions_provider_idx, so PostgreSQL merges the two index-only ranges.
    // The bounds (two index probes) keep the scan of questions_provider_idx inside the topic's id range.
    if (f.node && leaf !== undefined)
      c.push(
        sql`exists (select 1 from ${topicQuestionMappings} m where m.topic_id = ${leaf} and m.question_id = ${questions.questionId})`,
        sql`${questions.questionId} between (select min(question_id) from ${topicQuestionMappings} where topic_id = ${leaf})
          and (select max(question_id) from ${topicQuestionMappings} where topic_id = ${leaf})`,
      );
    else if (f.node) c.push(inArray(questions.questionId, underNode(f.node)));
    if (f.difficultyLevel !== undefined) c.push(eq(questions.difficultyLevel, f.difficultyLevel));
    if (f.points !== undefined) c.push(eq(questions.points, f.points));
    if (f.status !== undefined) c.push(eq(questions.status, f.status));
    if (f.objective !== undefined) c.push(sql`${questions.objectiveIds} @> array[${f.objective}]::int[]`);
    if (f.targetAudience !== undefined)
      c.push(sql`${questions.targetAudienceIds} @> array[${f.targetAudience}]::int[]`);
    // The same match as ILIKE, cheaper per row; code is in questions_provider_idx (index-only).
    if (f.code) c.push(sql`lower(${questions.code}) like lower(${`%${escapeLike(f.code)}%`})`);
    if (f.contentType !== undefined) c.push(eq(questions.contentType, f.contentType));
    if (f.questionType !== undefined) c.push(eq(questions.questionType, f.questionType));
    return and(...c)!;
  }

  return {
    async page(f: GridFilter, pageNumber: number, pageSize: number) {
      const bs = branches(f);
      if (!bs.length) return { items: [], totalCount: 0 };
      const topic = f.node ? await leafTopic(f.node) : undefined;
      const leaf = topic?.id;
      // A topic's own questions unfiltered: the count its mappings' triggers keep (exact, no scan).
      const unfiltered = [
        f.difficultyLevel,
        f.points,
        f.status,
        f.objective,
        f.targetAudience,
        f.code || undefined,
        f.contentType,
        f.questionType,
      ].every((v) => v === undefined);
      const offset = (pageNumber - 1) * pageSize;
      // Each branch's first offset + pageSize ids, newest first; the page is taken from their merge.
      const branchIds = bs.map(
        (b) =>
          sql`(${db
            .select({ id: questions.questionId })
            .from(questions)
            .where(where(b, f, leaf))
            .orderBy(desc(questions.questionId))
            .limit(offset + pageSize)})`,
      );
      const pageIds = sql`(select u.question_id from (${sql.join(branchIds, sql` union all `)}) u
        order by u.question_id desc limit ${pageSize} offset ${offset})`;
      const [items, counts] = await Promise.all([
        db
          .select({
            ...questionRowColumns,
            isLocked: questions.isLocked,
            providerId: questions.providerId,
            providerName: providers.name,
            version: questions.version,
          })
          .from(questions)
          .innerJoin(providers, eq(providers.providerId, questions.providerId))
          .where(inArray(questions.questionId, pageIds))
          .orderBy(desc(questions.questionId)),
        Promise.all(
          bs.map((b) =>
            topic && unfiltered && !b.publishedOnly
              ? Promise.resolve([{ n: topic.questionCount }])
              : leaf === undefined
                ? db.select({ n: count() }).from(questions).where(where(b, f))
                : // The serial merge of the two index ranges beats hashing them (in parallel) on a busy server.
                  db.transaction(async (tx) => {
                    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
                    await tx.execute(sql`set local enable_hashjoin = off`);
                    return tx
                      .select({ n: count() })
                      .from(questions)
                      .where(where(b, f, leaf));
                  }),
          ),
        ),
      ]);
      return { items, totalCount: counts.reduce((sum, [row]) => sum + (row?.n ?? 0), 0) };
    },
  };
}
export type QuestionGridRepository = ReturnType<typeof createQuestionGridRepository>;
