import { nameCompare } from './keys';

/**
 * A persistent (path-copying) AVL tree ordered by `nameCompare`. Updates share every untouched
 * subtree, so a write to a list of a million children copies about twenty tree nodes.
 */
export class TreeNode<V> {
  constructor(
    readonly key: string,
    readonly value: V,
    readonly left: TreeNode<V> | null,
    readonly right: TreeNode<V> | null,
    readonly height: number,
    readonly size: number,
  ) {}
}

type T<V> = TreeNode<V> | null;

const h = <V>(n: T<V>): number => (n ? n.height : 0);
const sz = <V>(n: T<V>): number => (n ? n.size : 0);

function make<V>(key: string, value: V, left: T<V>, right: T<V>): TreeNode<V> {
  return new TreeNode(
    key,
    value,
    left,
    right,
    Math.max(h(left), h(right)) + 1,
    sz(left) + sz(right) + 1,
  );
}

function balance<V>(key: string, value: V, left: T<V>, right: T<V>): TreeNode<V> {
  const hl = h(left);
  const hr = h(right);
  if (hl > hr + 1 && left) {
    if (h(left.left) >= h(left.right)) {
      return make(left.key, left.value, left.left, make(key, value, left.right, right));
    }
    const lr = left.right;
    if (lr) {
      return make(
        lr.key,
        lr.value,
        make(left.key, left.value, left.left, lr.left),
        make(key, value, lr.right, right),
      );
    }
  }
  if (hr > hl + 1 && right) {
    if (h(right.right) >= h(right.left)) {
      return make(right.key, right.value, make(key, value, left, right.left), right.right);
    }
    const rl = right.left;
    if (rl) {
      return make(
        rl.key,
        rl.value,
        make(key, value, left, rl.left),
        make(right.key, right.value, rl.right, right.right),
      );
    }
  }
  return make(key, value, left, right);
}

export function treeGet<V>(node: T<V>, key: string): V | undefined {
  let n = node;
  while (n) {
    const c = nameCompare(key, n.key);
    if (c === 0) return n.value;
    n = c < 0 ? n.left : n.right;
  }
  return undefined;
}

export function treeInsert<V>(node: T<V>, key: string, value: V): TreeNode<V> {
  if (!node) return new TreeNode(key, value, null, null, 1, 1);
  const c = nameCompare(key, node.key);
  if (c === 0) return new TreeNode(key, value, node.left, node.right, node.height, node.size);
  if (c < 0) return balance(node.key, node.value, treeInsert(node.left, key, value), node.right);
  return balance(node.key, node.value, node.left, treeInsert(node.right, key, value));
}

function removeMin<V>(node: TreeNode<V>): [TreeNode<V>, T<V>] {
  if (!node.left) return [node, node.right];
  const [min, rest] = removeMin(node.left);
  return [min, balance(node.key, node.value, rest, node.right)];
}

export function treeRemove<V>(node: T<V>, key: string): T<V> {
  if (!node) return null;
  const c = nameCompare(key, node.key);
  if (c < 0) {
    const l = treeRemove(node.left, key);
    return l === node.left ? node : balance(node.key, node.value, l, node.right);
  }
  if (c > 0) {
    const r = treeRemove(node.right, key);
    return r === node.right ? node : balance(node.key, node.value, node.left, r);
  }
  if (!node.left) return node.right;
  if (!node.right) return node.left;
  const [min, rest] = removeMin(node.right);
  return balance(min.key, min.value, node.left, rest);
}

/** In-order traversal; the callback returns true to stop early. */
export function treeEach<V>(
  node: T<V>,
  fn: (key: string, value: V) => boolean | undefined,
): boolean {
  if (!node) return false;
  if (treeEach(node.left, fn)) return true;
  if (fn(node.key, node.value) === true) return true;
  return treeEach(node.right, fn);
}

export function treeEntries<V>(node: T<V>): [string, V][] {
  const out: [string, V][] = [];
  treeEach(node, (k, v) => {
    out.push([k, v]);
    return false;
  });
  return out;
}

/** Builds a balanced tree from entries already sorted by `nameCompare` in O(n). */
export function treeFromSorted<V>(entries: readonly (readonly [string, V])[]): T<V> {
  const build = (lo: number, hi: number): T<V> => {
    if (lo > hi) return null;
    const mid = (lo + hi) >> 1;
    const [k, v] = entries[mid];
    return make(k, v, build(lo, mid - 1), build(mid + 1, hi));
  };
  return build(0, entries.length - 1);
}
