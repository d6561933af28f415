import { QuestionStatus } from '@assess/contracts/questions';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { categories, providers, questions, topicQuestionMappings, topics } from '../../db/schema';
import { createAccessScopes } from '../../platform/access/scopes.repository';
import type { Db } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/rows';

export type CategoryRow = {
  categoryId: number;
  providerId: number;
  parentCategoryId: number | null;
  name: string;
  path: string;
};
export type TopicRow = {
  topicId: number;
  providerId: number;
  categoryId: number;
  parentTopicId: number | null;
  name: string;
  path: string;
  depth: number;
};

/**
 * Categories and topics (materialised paths, see db/schema/question-bank.ts). Every read that takes an id
 * also takes the provider ids the caller may see, so another provider's id reads as "not found".
 */
export function createTreeRepository(db: Db) {
  const categoryColumns = {
    categoryId: categories.categoryId,
    providerId: categories.providerId,
    parentCategoryId: categories.parentCategoryId,
    name: categories.name,
    path: categories.path,
  };
  const topicColumns = {
    topicId: topics.topicId,
    providerId: topics.providerId,
    categoryId: topics.categoryId,
    parentTopicId: topics.parentTopicId,
    name: topics.name,
    path: topics.path,
    depth: topics.depth,
  };

  return {
    /**
     * Serialises topic creation of one provider until the transaction ends, so two concurrent creates
     * cannot both pass the MaxTopics / TopicHierarchy checks.
     */
    async lockProviderTree(providerId: number) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`question-bank:tree:${providerId}`}))`);
    },

    async providerNames(providerIds: readonly number[]) {
      if (!providerIds.length) return new Map<number, string>();
      const rows = await db
        .select({ id: providers.providerId, name: providers.name })
        .from(providers)
        .where(inArray(providers.providerId, [...providerIds]));
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    async categoriesOf(providerIds: readonly number[]): Promise<CategoryRow[]> {
      if (!providerIds.length) return [];
      return db
        .select(categoryColumns)
        .from(categories)
        .where(inArray(categories.providerId, [...providerIds]));
    },

    /**
     * Topics of the providers with the number of questions mapped directly to each: the trigger-kept
     * counter for the caller's own topics; for a content provider's topics only its Published questions
     * (what the caller can use), counted here. Two reads: a per-row count in the own read would make the
     * plan look expensive enough for PostgreSQL's JIT, whose compilation alone costs more than the read.
     */
    async topicsWithCounts(providerIds: readonly number[], ownProviderId: number) {
      const others = providerIds.filter((id) => id !== ownProviderId);
      const own = providerIds.includes(ownProviderId)
        ? db
            .select({ ...topicColumns, questionCount: topics.questionCount })
            .from(topics)
            .where(eq(topics.providerId, ownProviderId))
        : [];
      // The content providers' topics' mappings (index-only by topic) joined to their Published ids.
      const mapped = alias(topics, 'mapped');
      const published = db
        .select({ topicId: topicQuestionMappings.topicId, n: sql<number>`count(*)::int`.as('n') })
        .from(topicQuestionMappings)
        .innerJoin(mapped, eq(mapped.topicId, topicQuestionMappings.topicId))
        .innerJoin(questions, eq(questions.questionId, topicQuestionMappings.questionId))
        .where(
          and(
            inArray(mapped.providerId, others),
            inArray(questions.providerId, others),
            eq(questions.status, QuestionStatus.Published),
          ),
        )
        .groupBy(topicQuestionMappings.topicId)
        .as('published');
      const foreign = others.length
        ? db
            .select({ ...topicColumns, questionCount: sql<number>`coalesce(${published.n}, 0)::int` })
            .from(topics)
            .leftJoin(published, eq(published.topicId, topics.topicId))
            .where(inArray(topics.providerId, others))
        : [];
      const [a, b] = await Promise.all([own, foreign]);
      return [...a, ...b];
    },

    async category(categoryId: number, providerIds: readonly number[]): Promise<CategoryRow | undefined> {
      const [row] = await db
        .select(categoryColumns)
        .from(categories)
        .where(and(eq(categories.categoryId, categoryId), inArray(categories.providerId, [...providerIds])));
      return row;
    },

    async topic(topicId: number, providerIds: readonly number[]): Promise<TopicRow | undefined> {
      const [row] = await db
        .select(topicColumns)
        .from(topics)
        .where(and(eq(topics.topicId, topicId), inArray(topics.providerId, [...providerIds])));
      return row;
    },

    async topicCount(providerId: number) {
      const [row] = await db.select({ n: count() }).from(topics).where(eq(topics.providerId, providerId));
      return row?.n ?? 0;
    },

    /** What hangs directly under a category: sub-categories and top-level topics. */
    async categoryChildren(categoryId: number) {
      const [c] = await db
        .select({ n: count() })
        .from(categories)
        .where(eq(categories.parentCategoryId, categoryId));
      const [t] = await db.select({ n: count() }).from(topics).where(eq(topics.categoryId, categoryId));
      return { categories: c?.n ?? 0, topics: t?.n ?? 0 };
    },

    async topicChildren(topicId: number) {
      const [t] = await db.select({ n: count() }).from(topics).where(eq(topics.parentTopicId, topicId));
      const [q] = await db
        .select({ n: count() })
        .from(topicQuestionMappings)
        .where(eq(topicQuestionMappings.topicId, topicId));
      return { topics: t?.n ?? 0, questions: q?.n ?? 0 };
    },

    /** A new category; its path is its parent's plus 'c{id}/' (the id drawn first, so one statement). */
    async insertCategory(v: {
      providerId: number;
      parentCategoryId: number | null;
      parentPath: string;
      name: string;
      userId: number;
      now: Date;
    }): Promise<CategoryRow> {
      const r = await db.execute(sql`
        with id as (select nextval(pg_get_serial_sequence('categories', 'category_id'))::int as id)
        insert into ${categories} (category_id, provider_id, parent_category_id, name, path,
          created_by, created_date, updated_by, updated_date)
        select id.id, ${v.providerId}, ${v.parentCategoryId}, ${v.name}, ${v.parentPath} || 'c' || id.id || '/',
          ${v.userId}, ${v.now}, ${v.userId}, ${v.now}
        from id
        returning category_id as "categoryId", provider_id as "providerId",
          parent_category_id as "parentCategoryId", name, path`);
      return rowsOf<CategoryRow>(r)[0];
    },

    async insertTopic(v: {
      providerId: number;
      categoryId: number;
      parentTopicId: number | null;
      parentPath: string;
      depth: number;
      name: string;
      userId: number;
      now: Date;
    }): Promise<TopicRow> {
      const r = await db.execute(sql`
        with id as (select nextval(pg_get_serial_sequence('topics', 'topic_id'))::int as id)
        insert into ${topics} (topic_id, provider_id, category_id, parent_topic_id, name, path, depth,
          created_by, created_date, updated_by, updated_date)
        select id.id, ${v.providerId}, ${v.categoryId}, ${v.parentTopicId}, ${v.name},
          ${v.parentPath} || 't' || id.id || '/', ${v.depth}, ${v.userId}, ${v.now}, ${v.userId}, ${v.now}
        from id
        returning topic_id as "topicId", provider_id as "providerId", category_id as "categoryId",
          parent_topic_id as "parentTopicId", name, path, depth`);
      return rowsOf<TopicRow>(r)[0];
    },

    async renameCategory(categoryId: number, name: string, userId: number, now: Date) {
      await db
        .update(categories)
        .set({ name, updatedBy: userId, updatedDate: now })
        .where(eq(categories.categoryId, categoryId));
    },

    async renameTopic(topicId: number, name: string, userId: number, now: Date) {
      await db
        .update(topics)
        .set({ name, updatedBy: userId, updatedDate: now })
        .where(eq(topics.topicId, topicId));
    },

    async deleteCategory(categoryId: number) {
      await db.delete(categories).where(eq(categories.categoryId, categoryId));
    },

    async deleteTopic(topicId: number) {
      await db.delete(topics).where(eq(topics.topicId, topicId));
    },

    /** Own topics among the ids (for mapping questions): returns the ids that are the provider's. */
    ownTopicIds: (providerId: number, topicIds: readonly number[]) =>
      createAccessScopes(db).ownAmong(providerId, 'topic.write', topicIds),

    /** Names of the categories and topics on the given paths (to show "Category › Topic › Sub-topic"). */
    async namesOnPaths(paths: readonly string[]) {
      const catIds = new Set<number>();
      const topicIds = new Set<number>();
      for (const p of paths)
        for (const seg of p.split('/'))
          if (seg.startsWith('c')) catIds.add(Number(seg.slice(1)));
          else if (seg.startsWith('t')) topicIds.add(Number(seg.slice(1)));
      const [cs, ts] = await Promise.all([
        catIds.size
          ? db
              .select({ id: categories.categoryId, name: categories.name })
              .from(categories)
              .where(inArray(categories.categoryId, [...catIds]))
          : [],
        topicIds.size
          ? db
              .select({ id: topics.topicId, name: topics.name })
              .from(topics)
              .where(inArray(topics.topicId, [...topicIds]))
          : [],
      ]);
      const names = new Map<string, string>();
      for (const c of cs) names.set(`c${c.id}`, c.name);
      for (const t of ts) names.set(`t${t.id}`, t.name);
      return names;
    },
  };
}
export type TreeRepository = ReturnType<typeof createTreeRepository>;
