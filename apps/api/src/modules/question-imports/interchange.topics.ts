import { interchangeMessages as im } from '@assess/contracts/question-imports';
import {
  ContentFilter,
  categoryCreateSchema,
  type TreeNode,
  topicCreateSchema,
} from '@assess/contracts/questions';
import { AppError } from '../../platform/http/errors';
import type { TreeCaller, TreeService } from '../question-bank';

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Category paths → the caller's tree, through the question bank's tree service (its rules and the package's
 * TopicHierarchy / MaxTopics limits): the first segment is a root category; then existing sub-categories
 * of that name are followed; the rest are topics, created when missing. A path that ends on a category goes to
 * the fallback topic, else to a topic named after that category (created in it when missing); no path at all
 * goes to the fallback topic, else is refused. Answers a topic id, or the reason the path cannot hold questions.
 */
export async function createTopicResolver(
  tree: Pick<TreeService, 'tree' | 'createCategory' | 'createTopic'>,
  caller: TreeCaller,
  fallbackTopicId: number | null,
) {
  const nodes: TreeNode[] = (await tree.tree(caller, ContentFilter.Owned)).nodes.filter((n) => n.owned);
  const cache = new Map<string, number | string>();
  const childOf = (parentKey: string | null, type: TreeNode['nodeType'], name: string) =>
    nodes.find((n) => n.parentKey === parentKey && n.nodeType === type && same(n.name, name));
  const refused = (path: string[], err: unknown) => {
    if (err instanceof AppError) return im.topicRefused(path.join('/'), err.message);
    throw err;
  };

  async function resolve(given: string[]): Promise<number | string> {
    let path = given;
    const fallback = fallbackTopicId ?? im.noTopic;
    if (!path.length) return fallback;
    try {
      let node: TreeNode | undefined = childOf(null, 'category', path[0]);
      if (!node) {
        node = (await tree.createCategory(caller, categoryCreateSchema.parse({ name: path[0] }))).node;
        nodes.push(node);
      }
      let i = 1;
      for (; i < path.length; i++) {
        const sub: TreeNode | undefined =
          node.nodeType === 'category' ? childOf(node.key, 'category', path[i]) : undefined;
        if (!sub) break;
        node = sub;
      }
      // Ends on a category: the topic chosen in the dialog; without one (issue 26), a topic named after the
      // category, in it (a Moodle export of one category per topic is the common case), never a refusal of
      // every question that leaves an empty category behind.
      if (i === path.length) {
        if (fallbackTopicId !== null) return fallbackTopicId;
        path = [...path, node.name];
      }
      for (; i < path.length; i++) {
        const existing = childOf(node.key, 'topic', path[i]);
        if (existing) {
          node = existing;
          continue;
        }
        const body = topicCreateSchema.parse({
          name: path[i],
          categoryId: node.nodeType === 'category' ? node.id : null,
          parentTopicId: node.nodeType === 'topic' ? node.id : null,
        });
        const created: TreeNode = (await tree.createTopic(caller, body)).node;
        nodes.push(created);
        node = created;
      }
      return node.id;
    } catch (err) {
      if (err && typeof err === 'object' && 'issues' in err)
        return im.topicRefused(
          path.join('/'),
          String((err as { issues: { message: string }[] }).issues[0]?.message),
        );
      return refused(path, err);
    }
  }

  return async (path: string[] | null): Promise<number | string> => {
    const key = (path ?? []).map((s) => s.toLowerCase()).join('\u0001');
    let hit = cache.get(key);
    if (hit === undefined) {
      hit = await resolve(path ?? []);
      cache.set(key, hit);
    }
    return hit;
  };
}
