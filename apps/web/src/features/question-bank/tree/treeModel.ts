import type { TreeNode } from '@assess/contracts/questions';

/** A tree node with its children and its level (0 = a root category). */
export type TreeItem = TreeNode & { level: number; children: TreeItem[] };

/** The server's flat, ordered nodes as a forest (roots in order, children in order). */
export function buildForest(nodes: readonly TreeNode[]): TreeItem[] {
  const byKey = new Map<string, TreeItem>();
  for (const n of nodes) byKey.set(n.key, { ...n, level: 0, children: [] });
  const roots: TreeItem[] = [];
  for (const n of nodes) {
    const item = byKey.get(n.key)!;
    const parent = n.parentKey ? byKey.get(n.parentKey) : undefined;
    if (parent) parent.children.push(item);
    else roots.push(item);
  }
  const setLevel = (items: TreeItem[], level: number) => {
    for (const i of items) {
      i.level = level;
      setLevel(i.children, level + 1);
    }
  };
  setLevel(roots, 0);
  return roots;
}

/** Depth-first list of the forest (display order). */
export function flatten(items: readonly TreeItem[]): TreeItem[] {
  return items.flatMap((i) => [i, ...flatten(i.children)]);
}

/** Keys of the nodes whose name holds `text` and of all their ancestors (for a filtered tree). */
export function matchingKeys(nodes: readonly TreeNode[], text: string): Set<string> {
  const needle = text.trim().toLowerCase();
  const byKey = new Map(nodes.map((n) => [n.key, n]));
  const keys = new Set<string>();
  for (const n of nodes) {
    if (!n.name.toLowerCase().includes(needle)) continue;
    let k: string | null = n.key;
    while (k && !keys.has(k)) {
      keys.add(k);
      k = byKey.get(k)?.parentKey ?? null;
    }
  }
  return keys;
}

/** Category › … › topic names of a node. */
export function pathOf(nodes: readonly TreeNode[], key: string): string[] {
  const byKey = new Map(nodes.map((n) => [n.key, n]));
  const names: string[] = [];
  let k: string | null = key;
  while (k) {
    const n = byKey.get(k);
    if (!n) break;
    names.unshift(n.name);
    k = n.parentKey;
  }
  return names;
}
