import { eq } from 'drizzle-orm';
import { categories, topics } from '../../db/schema';
import type { Db } from '../../platform/db/client';
import type { HierarchyNode } from './zip.layout';

/** The zip import's reads: the provider's category/topic hierarchy (names and parents) as a forest. */
export function createZipImportRepository(db: Db) {
  return {
    /** The provider's root categories, each with its sub-categories and topics below it. */
    async hierarchy(providerId: number): Promise<HierarchyNode[]> {
      const [cats, tops] = await Promise.all([
        db
          .select({ id: categories.categoryId, parent: categories.parentCategoryId, name: categories.name })
          .from(categories)
          .where(eq(categories.providerId, providerId)),
        db
          .select({
            id: topics.topicId,
            categoryId: topics.categoryId,
            parent: topics.parentTopicId,
            name: topics.name,
          })
          .from(topics)
          .where(eq(topics.providerId, providerId)),
      ]);
      const catNodes = new Map<number, HierarchyNode>(
        cats.map((c) => [c.id, { kind: 'category', id: c.id, name: c.name, children: [] }]),
      );
      const topicNodes = new Map<number, HierarchyNode>(
        tops.map((t) => [t.id, { kind: 'topic', id: t.id, name: t.name, children: [] }]),
      );
      const roots: HierarchyNode[] = [];
      for (const c of cats) {
        const node = catNodes.get(c.id) as HierarchyNode;
        const parent = c.parent === null ? undefined : catNodes.get(c.parent);
        if (parent) parent.children.push(node);
        else if (c.parent === null) roots.push(node);
      }
      for (const t of tops) {
        const node = topicNodes.get(t.id) as HierarchyNode;
        const parent = t.parent === null ? catNodes.get(t.categoryId) : topicNodes.get(t.parent);
        parent?.children.push(node);
      }
      return roots;
    },
  };
}
export type ZipImportRepository = ReturnType<typeof createZipImportRepository>;
