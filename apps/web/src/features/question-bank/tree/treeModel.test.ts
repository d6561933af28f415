import type { TreeNode } from '@assess/contracts/questions';
import { describe, expect, it } from 'vitest';
import { buildForest, flatten, matchingKeys, pathOf } from './treeModel';

const node = (key: string, parentKey: string | null, name: string): TreeNode => ({
  key,
  nodeType: key.startsWith('c') ? 'category' : 'topic',
  id: Number(key.slice(1)),
  parentKey,
  categoryId: 1,
  parentCategoryId: null,
  parentTopicId: null,
  name,
  providerId: 1,
  providerName: 'P',
  owned: true,
  readOnly: false,
  depth: 0,
  questionCount: 0,
  subtreeQuestionCount: 0,
  hasCategoryChildren: false,
  hasTopicChildren: false,
});

const nodes = [
  node('c1', null, 'Science'),
  node('t1', 'c1', 'Physics'),
  node('t2', 't1', 'Optics'),
  node('t3', 'c1', 'Chemistry'),
  node('c2', null, 'Maths'),
];

describe('tree model', () => {
  it('builds the forest with levels, keeping the order', () => {
    const f = buildForest(nodes);
    expect(f.map((n) => n.key)).toEqual(['c1', 'c2']);
    expect(flatten(f).map((n) => [n.key, n.level])).toEqual([
      ['c1', 0],
      ['t1', 1],
      ['t2', 2],
      ['t3', 1],
      ['c2', 0],
    ]);
  });
  it('filters by name keeping the ancestors', () => {
    expect([...matchingKeys(nodes, 'opt')].sort()).toEqual(['c1', 't1', 't2']);
  });
  it('names the path of a node', () => {
    expect(pathOf(nodes, 't2')).toEqual(['Science', 'Physics', 'Optics']);
  });
});
