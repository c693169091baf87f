import { nameCompare } from '../data/keys';
import { Branch, type DataNode, Leaf, forEachChild, getAt, priorityOf } from '../data/node';
import type { Bound, IndexSpec, QuerySpec } from './spec';

export type Entry = [string, DataNode];

const TYPE_RANK = { boolean: 1, number: 2, string: 3 } as const;

/** The SDK's node ordering: empty < leaves (boolean < number < string) < branches (all tie). */
function compareValues(a: DataNode, b: DataNode): number {
  const ra = a === null ? 0 : a instanceof Branch ? 2 : 1;
  const rb = b === null ? 0 : b instanceof Branch ? 2 : 1;
  if (ra !== rb || ra !== 1) return ra - rb;
  const va = a instanceof Leaf ? a.value : (a as string | number | boolean);
  const vb = b instanceof Leaf ? b.value : (b as string | number | boolean);
  const ta: number = TYPE_RANK[typeof va as keyof typeof TYPE_RANK];
  const tb: number = TYPE_RANK[typeof vb as keyof typeof TYPE_RANK];
  if (ta !== tb) return ta - tb;
  return va < vb ? -1 : va === vb ? 0 : 1;
}

function indexedValue(index: IndexSpec, node: DataNode): DataNode {
  switch (index.kind) {
    case 'priority':
      return priorityOf(node);
    case 'value':
      return node;
    case 'child':
      return getAt(node, index.path);
    case 'key':
      return null;
  }
}

export function entryComparator(index: IndexSpec): (a: Entry, b: Entry) => number {
  if (index.kind === 'key') return (a, b) => nameCompare(a[0], b[0]);
  return (a, b) =>
    compareValues(indexedValue(index, a[1]), indexedValue(index, b[1])) || nameCompare(a[0], b[0]);
}

/** Compares a child with a bound's post (index value, then key name). */
function compareToBound(index: IndexSpec, e: Entry, b: Bound): number {
  if (index.kind === 'key') return nameCompare(e[0], b.value as string);
  return compareValues(indexedValue(index, e[1]), b.value) || nameCompare(e[0], b.name);
}

export function inRange(q: QuerySpec, e: Entry): boolean {
  if (q.start) {
    const c = compareToBound(q.index, e, q.start);
    if (q.start.inclusive ? c < 0 : c <= 0) return false;
  }
  if (q.end) {
    const c = compareToBound(q.index, e, q.end);
    if (q.end.inclusive ? c > 0 : c >= 0) return false;
  }
  return true;
}

/** True when the priority index would order children exactly as their keys do. */
function noPriorities(node: Branch): boolean {
  let found = false;
  forEachChild(node, (_k, c) => {
    found = priorityOf(c) !== null;
    return found;
  });
  return !found;
}

/** The children of `node` that the query selects, in index order (docs/protocol.md, "Queries"). */
export function queryWindow(node: DataNode, q: QuerySpec): Entry[] {
  if (!(node instanceof Branch)) return [];
  const keyOrdered = q.index.kind === 'key' || (q.index.kind === 'priority' && noPriorities(node));
  let entries: Entry[] = [];
  if (keyOrdered && q.index.kind === 'key' && q.limit !== null && !q.fromRight) {
    // Common case (paging by key) without materialising the whole child list.
    const limit = q.limit;
    forEachChild(node, (k, c) => {
      const e: Entry = [k, c];
      if (q.end && !inRange({ ...q, start: null }, e)) return true;
      if (inRange(q, e)) entries.push(e);
      return entries.length >= limit;
    });
    return entries;
  }
  forEachChild(node, (k, c) => {
    entries.push([k, c]);
    return false;
  });
  if (!keyOrdered) entries.sort(entryComparator(q.index));
  if (q.start || q.end) entries = entries.filter((e) => inRange(q, e));
  if (q.limit !== null && entries.length > q.limit) {
    entries = q.fromRight ? entries.slice(entries.length - q.limit) : entries.slice(0, q.limit);
  }
  return entries;
}
