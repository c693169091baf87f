import type { Path } from './path';
import { type TreeNode, treeEach, treeGet, treeInsert, treeRemove } from './sorted-map';

/**
 * Immutable data nodes. Plain leaves are stored as bare JS primitives and the empty node as
 * `null`, which keeps a million small nodes cheap; only prioritised leaves need an object.
 */
export type Primitive = string | number | boolean;
export type Priority = string | number | null;

export class Leaf {
  constructor(
    readonly value: Primitive,
    readonly priority: string | number,
  ) {}
}

export class Branch {
  /** Lazily computed transaction hash; safe to cache because branches never change. */
  hashCache: string | undefined;
  constructor(
    readonly children: TreeNode<DataNode>,
    readonly priority: Priority,
  ) {}
}

export type DataNode = Primitive | Leaf | Branch | null;

export function priorityOf(n: DataNode): Priority {
  return n instanceof Leaf || n instanceof Branch ? n.priority : null;
}

/** The primitive of a leaf, or null for empty nodes and branches. */
export function leafValue(n: DataNode): Primitive | null {
  if (n === null || n instanceof Branch) return null;
  return n instanceof Leaf ? n.value : n;
}

export function getChild(n: DataNode, key: string): DataNode {
  if (!(n instanceof Branch)) return null;
  if (key === '.priority') return n.priority;
  return treeGet(n.children, key) ?? null;
}

export function getAt(n: DataNode, path: readonly string[]): DataNode {
  let cur = n;
  for (const key of path) {
    if (key === '.priority') return priorityOf(cur);
    if (!(cur instanceof Branch)) return null;
    cur = treeGet(cur.children, key) ?? null;
  }
  return cur;
}

function withPriority(n: DataNode, priority: Priority): DataNode {
  if (n === null) return null;
  if (n instanceof Branch) return n.priority === priority ? n : new Branch(n.children, priority);
  const value = n instanceof Leaf ? n.value : n;
  return priority === null ? value : new Leaf(value, priority);
}

/** Replaces one immediate child; an emptied branch collapses to null (empty nodes have no priority). */
function withChild(n: DataNode, key: string, child: DataNode): DataNode {
  if (key === '.priority')
    return withPriority(n, child instanceof Branch ? null : leafValueAsPriority(child));
  if (n instanceof Branch) {
    const existing = treeGet(n.children, key);
    if (existing === child || (existing === undefined && child === null)) return n;
    const children =
      child === null ? treeRemove(n.children, key) : treeInsert(n.children, key, child);
    return children ? new Branch(children, n.priority) : null;
  }
  if (child === null) return n;
  return new Branch(treeInsert(null, key, child), priorityOf(n));
}

function leafValueAsPriority(n: DataNode): Priority {
  const v = leafValue(n);
  return typeof v === 'boolean' ? null : v;
}

export function setAt(n: DataNode, path: readonly string[], value: DataNode, depth = 0): DataNode {
  if (depth === path.length) return value;
  const key = path[depth];
  if (key === '.priority') return withChild(n, key, value);
  const child = setAt(getChild(n, key), path, value, depth + 1);
  return withChild(n, key, child);
}

/**
 * `setAt` for several paths none of which is another's ancestor, none ending in `.priority`,
 * and no value null: each branch on the way is rebuilt once for all of them (a chat send's 12
 * inbox paths rebuilt the `inbox` level, 1,200 users wide, 12 times). Without deletes nothing
 * collapses, so the content is that of setting them one by one.
 */
export function setAll(
  n: DataNode,
  writes: readonly (readonly [Path, DataNode])[],
  depth = 0,
): DataNode {
  if (writes.length === 1) return setAt(n, writes[0][0], writes[0][1], depth);
  const byKey = new Map<string, (readonly [Path, DataNode])[]>();
  for (const w of writes) {
    const key = w[0][depth];
    const group = byKey.get(key);
    if (group) group.push(w);
    else byKey.set(key, [w]);
  }
  let out = n;
  for (const [key, group] of byKey)
    out = withChild(out, key, setAll(getChild(n, key), group, depth + 1));
  return out;
}

export function forEachChild(
  n: DataNode,
  fn: (key: string, child: DataNode) => boolean | undefined,
): void {
  if (n instanceof Branch) treeEach(n.children, fn);
}

export function childKeys(n: DataNode): string[] {
  const keys: string[] = [];
  forEachChild(n, (k) => {
    keys.push(k);
    return false;
  });
  return keys;
}
