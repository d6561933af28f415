import { and, count, desc, eq, ilike, inArray, like, type SQL, sql } from 'drizzle-orm';
import { providers, questions, topicQuestionMappings, topics } from '../../db/schema';
import type { Db } from '../../platform/db/client';
import { type QuestionScope, visibleTo } from './questions.repository';

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

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The question grid (part 2 §2, §7 GET /api/Questions): one page and its total, newest first. */
export function createQuestionGridRepository(db: Db) {
  /** Question ids mapped to any topic under the node: one range scan of topics_provider_path_idx. */
  const underNode = (node: NodeFilter) =>
    db
      .select({ id: topicQuestionMappings.questionId })
      .from(topicQuestionMappings)
      .innerJoin(topics, eq(topics.topicId, topicQuestionMappings.topicId))
      .where(and(eq(topics.providerId, node.providerId), like(topics.path, `${node.path}%`)));

  function where(f: GridFilter): SQL {
    const c: (SQL | undefined)[] = [visibleTo(f.scope)];
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
      const w = where(f);
      const [items, [total]] = await Promise.all([
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
          .where(w)
          .orderBy(desc(questions.questionId))
          .limit(pageSize)
          .offset((pageNumber - 1) * pageSize),
        db.select({ n: count() }).from(questions).where(w),
      ]);
      return { items, totalCount: total?.n ?? 0 };
    },
  };
}
export type QuestionGridRepository = ReturnType<typeof createQuestionGridRepository>;
