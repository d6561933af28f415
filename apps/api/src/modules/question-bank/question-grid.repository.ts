import { QuestionStatus } from '@assess/contracts/questions';
import { and, count, desc, eq, ilike, inArray, like, type SQL, sql } from 'drizzle-orm';
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

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The question grid (part 2 §2, §7 GET /api/Questions): one page and its total, newest first.
 *
 * The read is split per provider ("branch"): own questions, and each content provider's Published ones; a
 * node filter keeps only its provider's branch (a topic only holds its provider's questions). Each branch
 * reads its page ids in question_id order from one range of questions_provider_idx /
 * questions_provider_status_idx (index-only for the status and difficulty filters), probing the node's
 * subtree (one range of topics_provider_path_idx, then the mappings); the branches' ids are merged, and
 * only the page's rows are then fetched. Counts are index-only per branch. An OR across providers, or
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

  function where(b: Branch, f: GridFilter): SQL {
    const c: (SQL | undefined)[] = [eq(questions.providerId, b.providerId)];
    if (b.publishedOnly) c.push(eq(questions.status, QuestionStatus.Published));
    if (f.node) c.push(inArray(questions.questionId, underNode(f.node)));
    if (f.difficultyLevel !== undefined) c.push(eq(questions.difficultyLevel, f.difficultyLevel));
    if (f.points !== undefined) c.push(eq(questions.points, f.points));
    if (f.status !== undefined) c.push(eq(questions.status, f.status));
    if (f.objective !== undefined) c.push(sql`${questions.objectiveIds} @> array[${f.objective}]::int[]`);
    if (f.targetAudience !== undefined)
      c.push(sql`${questions.targetAudienceIds} @> array[${f.targetAudience}]::int[]`);
    if (f.code) c.push(ilike(questions.code, `%${escapeLike(f.code)}%`));
    if (f.contentType !== undefined) c.push(eq(questions.contentType, f.contentType));
    if (f.questionType !== undefined) c.push(eq(questions.questionType, f.questionType));
    return and(...c)!;
  }

  return {
    async page(f: GridFilter, pageNumber: number, pageSize: number) {
      const bs = branches(f);
      if (!bs.length) return { items: [], totalCount: 0 };
      const offset = (pageNumber - 1) * pageSize;
      // Each branch's first offset + pageSize ids, newest first; the page is taken from their merge.
      const branchIds = bs.map(
        (b) =>
          sql`(${db
            .select({ id: questions.questionId })
            .from(questions)
            .where(where(b, f))
            .orderBy(desc(questions.questionId))
            .limit(offset + pageSize)})`,
      );
      const pageIds = sql`(select u.question_id from (${sql.join(branchIds, sql` union all `)}) u
        order by u.question_id desc limit ${pageSize} offset ${offset})`;
      const [items, counts] = await Promise.all([
        db
          .select({
            questionId: questions.questionId,
            code: questions.code,
            text: questions.text,
            image: questions.imageId,
            questionType: questions.questionType,
            contentType: questions.contentType,
            status: questions.status,
            difficultyLevel: questions.difficultyLevel,
            points: questions.points,
            isLocked: questions.isLocked,
            providerId: questions.providerId,
            providerName: providers.name,
            version: questions.version,
          })
          .from(questions)
          .innerJoin(providers, eq(providers.providerId, questions.providerId))
          .where(inArray(questions.questionId, pageIds))
          .orderBy(desc(questions.questionId)),
        Promise.all(bs.map((b) => db.select({ n: count() }).from(questions).where(where(b, f)))),
      ]);
      return { items, totalCount: counts.reduce((sum, [row]) => sum + (row?.n ?? 0), 0) };
    },
  };
}
export type QuestionGridRepository = ReturnType<typeof createQuestionGridRepository>;
