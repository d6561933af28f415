import {
  type CategoryCreateInput,
  ContentFilter,
  type ContentFilterId,
  type categoryCreateSchema,
  type NodeSaved,
  type Tree,
  type TreeNode,
  treeMessages as tm,
  type topicCreateSchema,
} from '@assess/contracts/questions';
import type { z } from 'zod';
import { assertWithinLicence } from '../../platform/access/licence';
import type { Principal } from '../../platform/auth/principal';
import type { UnitOfWork } from '../../platform/db/unit-of-work';
import { badRequest, isUniqueViolation, notFound } from '../../platform/http/errors';
import type { CategoryRow, TopicRow, TreeRepository } from './tree.repository';

export type TreeCaller = Pick<
  Principal,
  'providerId' | 'userId' | 'contentProviderIds' | 'licence' | 'providerTypeId' | 'roles' | 'privileges'
>;

/** The providers whose trees a caller sees for a content filter: own (1), content providers' (2), both (0). */
export function visibleProviders(
  c: Pick<TreeCaller, 'providerId' | 'contentProviderIds'>,
  filter: ContentFilterId | number,
) {
  const others = c.contentProviderIds.filter((id) => id !== c.providerId);
  if (filter === ContentFilter.Owned) return [c.providerId];
  if (filter === ContentFilter.Subscribed) return others;
  return [c.providerId, ...others];
}

type TopicWithCount = TopicRow & { questionCount: number };

/** One collator for every comparison (localeCompare with options builds one per call: slow for 2,000 nodes). */
const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/**
 * Builds the tree's nodes in display order: own provider first, then content providers; within a
 * provider depth-first, siblings by name. Sub-tree counts add the direct counts below each node.
 */
export function assembleTree(
  cats: readonly CategoryRow[],
  tops: readonly TopicWithCount[],
  ownProviderId: number,
  providerNames: ReadonlyMap<number, string>,
): TreeNode[] {
  const nodes = new Map<string, TreeNode>();
  const children = new Map<string | null, string[]>();
  const add = (node: TreeNode) => {
    nodes.set(node.key, node);
    const list = children.get(node.parentKey) ?? [];
    list.push(node.key);
    children.set(node.parentKey, list);
  };
  const base = (providerId: number) => ({
    providerId,
    providerName: providerNames.get(providerId) ?? '',
    owned: providerId === ownProviderId,
    readOnly: providerId !== ownProviderId,
    hasCategoryChildren: false,
    hasTopicChildren: false,
  });
  for (const c of cats)
    add({
      ...base(c.providerId),
      key: `c${c.categoryId}`,
      nodeType: 'category',
      id: c.categoryId,
      parentKey: c.parentCategoryId === null ? null : `c${c.parentCategoryId}`,
      categoryId: c.categoryId,
      parentCategoryId: c.parentCategoryId,
      parentTopicId: null,
      name: c.name,
      depth: 0,
      questionCount: 0,
      subtreeQuestionCount: 0,
    });
  for (const t of tops)
    add({
      ...base(t.providerId),
      key: `t${t.topicId}`,
      nodeType: 'topic',
      id: t.topicId,
      parentKey: t.parentTopicId === null ? `c${t.categoryId}` : `t${t.parentTopicId}`,
      categoryId: t.categoryId,
      parentCategoryId: null,
      parentTopicId: t.parentTopicId,
      name: t.name,
      depth: t.depth,
      questionCount: t.questionCount,
      subtreeQuestionCount: 0,
    });
  for (const n of nodes.values()) {
    const parent = n.parentKey ? nodes.get(n.parentKey) : undefined;
    if (!parent) continue;
    if (n.nodeType === 'category') parent.hasCategoryChildren = true;
    else parent.hasTopicChildren = true;
  }
  const byName = (a: string, b: string) => collator.compare(nodes.get(a)!.name, nodes.get(b)!.name);
  const out: TreeNode[] = [];
  const visit = (key: string): number => {
    const node = nodes.get(key)!;
    out.push(node);
    let sum = node.questionCount;
    for (const child of (children.get(key) ?? []).sort(byName)) sum += visit(child);
    node.subtreeQuestionCount = sum;
    return sum;
  };
  const roots = (children.get(null) ?? []).sort((a, b) => {
    const pa = nodes.get(a)!;
    const pb = nodes.get(b)!;
    if (pa.providerId !== pb.providerId) {
      if (pa.owned !== pb.owned) return pa.owned ? -1 : 1;
      return collator.compare(pa.providerName, pb.providerName) || pa.providerId - pb.providerId;
    }
    return byName(a, b);
  });
  for (const root of roots) visit(root);
  return out;
}

const nodeOf = (
  row: CategoryRow | TopicRow,
  providerName: string,
  extra: Partial<TreeNode> = {},
): TreeNode => {
  const common = {
    providerId: row.providerId,
    providerName,
    owned: true,
    readOnly: false,
    questionCount: 0,
    subtreeQuestionCount: 0,
    hasCategoryChildren: false,
    hasTopicChildren: false,
    name: row.name,
  };
  if ('topicId' in row)
    return {
      ...common,
      key: `t${row.topicId}`,
      nodeType: 'topic',
      id: row.topicId,
      parentKey: row.parentTopicId === null ? `c${row.categoryId}` : `t${row.parentTopicId}`,
      categoryId: row.categoryId,
      parentCategoryId: null,
      parentTopicId: row.parentTopicId,
      depth: row.depth,
      ...extra,
    };
  return {
    ...common,
    key: `c${row.categoryId}`,
    nodeType: 'category',
    id: row.categoryId,
    parentKey: row.parentCategoryId === null ? null : `c${row.parentCategoryId}`,
    categoryId: row.categoryId,
    parentCategoryId: row.parentCategoryId,
    parentTopicId: null,
    depth: 0,
    ...extra,
  };
};

/** A foreign-key violation (a row still references the node) becomes the refusal's message. */
const refuseWhenReferenced = (message: string) => (err: unknown) => {
  const code = (err as { cause?: { code?: string } })?.cause?.code ?? (err as { code?: string })?.code;
  if (code === '23503') throw badRequest(message);
  throw err;
};

/** Category/topic tree (part 2 §2, §5, §8): read, create, rename, delete; package limits on topics. */
export function createTreeService(deps: {
  tree: TreeRepository;
  withTransaction: UnitOfWork<{ tree: TreeRepository }>;
  clock: () => Date;
}) {
  const own = (c: TreeCaller) => [c.providerId];
  const nameTaken = (err: unknown, message: string) => {
    if (isUniqueViolation(err)) throw badRequest(message, { name: [message] });
    throw err;
  };
  const providerName = async (c: TreeCaller) =>
    (await deps.tree.providerNames([c.providerId])).get(c.providerId) ?? '';

  return {
    async tree(c: TreeCaller, contentFilter: number): Promise<Tree> {
      const ids = visibleProviders(c, contentFilter);
      const [cats, tops, names, topicCount] = await Promise.all([
        deps.tree.categoriesOf(ids),
        deps.tree.topicsWithCounts(ids, c.providerId),
        deps.tree.providerNames(ids),
        deps.tree.topicCount(c.providerId),
      ]);
      return {
        nodes: assembleTree(cats, tops, c.providerId, names),
        topicCount,
        topicHierarchy: c.licence.TopicHierarchy,
        maxTopics: c.licence.MaxTopics,
      };
    },

    async createCategory(c: TreeCaller, body: z.output<typeof categoryCreateSchema>): Promise<NodeSaved> {
      const row = await deps.withTransaction(async ({ tree }) => {
        await tree.lockProviderTree(c.providerId);
        let parentPath = '';
        if (body.parentCategoryId !== null) {
          const parent = await tree.category(body.parentCategoryId, own(c));
          if (!parent) throw notFound();
          if ((await tree.categoryChildren(parent.categoryId)).topics > 0)
            throw badRequest(tm.categoryHasTopics);
          parentPath = parent.path;
        }
        return tree
          .insertCategory({
            ...body,
            providerId: c.providerId,
            parentPath,
            userId: c.userId,
            now: deps.clock(),
          })
          .catch((e) => nameTaken(e, tm.categoryNameTaken));
      });
      return { message: tm.categoryCreated, node: nodeOf(row, await providerName(c)) };
    },

    async createTopic(c: TreeCaller, body: z.output<typeof topicCreateSchema>): Promise<NodeSaved> {
      const row = await deps.withTransaction(async ({ tree }) => {
        await tree.lockProviderTree(c.providerId);
        let parent: { categoryId: number; path: string; depth: number };
        if (body.parentTopicId !== null) {
          const p = await tree.topic(body.parentTopicId, own(c));
          if (!p || (body.categoryId !== null && body.categoryId !== p.categoryId)) throw notFound();
          if ((await tree.topicChildren(p.topicId)).questions > 0)
            throw badRequest(tm.topicHasQuestionsNoChild);
          parent = p;
        } else {
          const p = await tree.category(body.categoryId!, own(c));
          if (!p) throw notFound();
          if ((await tree.categoryChildren(p.categoryId)).categories > 0)
            throw badRequest(tm.categoryHasCategories);
          parent = { categoryId: p.categoryId, path: p.path, depth: 0 };
        }
        const depth = parent.depth + 1;
        // Package limits, counted under the provider's tree lock (licence.ts messages).
        assertWithinLicence(c, 'TopicHierarchy', depth - 1, 1);
        assertWithinLicence(c, 'MaxTopics', await tree.topicCount(c.providerId), 1);
        return tree
          .insertTopic({
            providerId: c.providerId,
            categoryId: parent.categoryId,
            parentTopicId: body.parentTopicId,
            parentPath: parent.path,
            depth,
            name: body.name,
            userId: c.userId,
            now: deps.clock(),
          })
          .catch((e) => nameTaken(e, tm.topicNameTaken));
      });
      return { message: tm.topicCreated, node: nodeOf(row, await providerName(c)) };
    },

    async renameCategory(c: TreeCaller, categoryId: number, name: string): Promise<NodeSaved> {
      const row = await deps.withTransaction(async ({ tree }) => {
        const cat = await tree.category(categoryId, own(c));
        if (!cat) throw notFound();
        await tree
          .renameCategory(categoryId, name, c.userId, deps.clock())
          .catch((e) => nameTaken(e, tm.categoryNameTaken));
        const kids = await tree.categoryChildren(categoryId);
        return { cat: { ...cat, name }, kids };
      });
      return {
        message: tm.categoryRenamed,
        node: nodeOf(row.cat, await providerName(c), {
          hasCategoryChildren: row.kids.categories > 0,
          hasTopicChildren: row.kids.topics > 0,
        }),
      };
    },

    async renameTopic(c: TreeCaller, topicId: number, name: string): Promise<NodeSaved> {
      const row = await deps.withTransaction(async ({ tree }) => {
        const topic = await tree.topic(topicId, own(c));
        if (!topic) throw notFound();
        await tree
          .renameTopic(topicId, name, c.userId, deps.clock())
          .catch((e) => nameTaken(e, tm.topicNameTaken));
        const kids = await tree.topicChildren(topicId);
        return { topic: { ...topic, name }, kids };
      });
      return {
        message: tm.topicRenamed,
        node: nodeOf(row.topic, await providerName(c), {
          hasTopicChildren: row.kids.topics > 0,
          questionCount: row.kids.questions,
          subtreeQuestionCount: row.kids.questions,
        }),
      };
    },

    async deleteCategory(c: TreeCaller, categoryId: number) {
      await deps.withTransaction(async ({ tree }) => {
        await tree.lockProviderTree(c.providerId);
        const cat = await tree.category(categoryId, own(c));
        if (!cat) throw notFound();
        const kids = await tree.categoryChildren(categoryId);
        if (kids.categories > 0 || kids.topics > 0) throw badRequest(tm.categoryHasChildren);
        await tree.deleteCategory(categoryId).catch(refuseWhenReferenced(tm.categoryHasChildren));
      });
      return { message: tm.categoryRemoved };
    },

    async deleteTopic(c: TreeCaller, topicId: number) {
      await deps.withTransaction(async ({ tree }) => {
        await tree.lockProviderTree(c.providerId);
        const topic = await tree.topic(topicId, own(c));
        if (!topic) throw notFound();
        const kids = await tree.topicChildren(topicId);
        if (kids.questions > 0) throw badRequest(tm.topicHasQuestions);
        if (kids.topics > 0) throw badRequest(tm.topicHasChildren);
        // A question mapped meanwhile (question writes do not take the tree lock) is caught by the foreign key.
        await tree.deleteTopic(topicId).catch(refuseWhenReferenced(tm.topicHasQuestions));
      });
      return { message: tm.topicRemoved };
    },
  };
}
export type TreeService = ReturnType<typeof createTreeService>;
export type { CategoryCreateInput };
