import { type DataNode, forEachChild, getChild } from '../data/node';
import type { QuerySpec } from './spec';
import { type Entry, entryComparator, inRange } from './window';

/**
 * A listen's query kept up to date incrementally: the in-range children stay sorted by the
 * index, so a write to a few children costs a binary search each instead of a full re-sort.
 */
export class LiveWindow {
  private sorted: Entry[] = [];
  private readonly byKey = new Map<string, DataNode>();
  /** The window's order (the index, ties by key). */
  readonly compare: (a: Entry, b: Entry) => number;

  constructor(
    private readonly spec: QuerySpec,
    node: DataNode,
  ) {
    this.compare = entryComparator(spec.index);
    this.rebuild(node);
  }

  rebuild(node: DataNode): void {
    this.byKey.clear();
    const entries: Entry[] = [];
    forEachChild(node, (k, c) => {
      const e: Entry = [k, c];
      if (inRange(this.spec, e)) entries.push(e);
      return false;
    });
    entries.sort(this.compare);
    this.sorted = entries;
    for (const [k, c] of entries) this.byKey.set(k, c);
  }

  /** Applies changes to the given children of `node` (the listen location's new value). */
  update(node: DataNode, changedKeys: Iterable<string>): void {
    for (const key of changedKeys) {
      const old = this.byKey.get(key);
      const next = getChild(node, key);
      if (old === next) continue;
      if (old !== undefined) {
        const at = this.search([key, old]);
        if (at < this.sorted.length && this.sorted[at]?.[0] === key) this.sorted.splice(at, 1);
        this.byKey.delete(key);
      }
      const e: Entry = [key, next];
      if (next !== null && inRange(this.spec, e)) {
        this.sorted.splice(this.search(e), 0, e);
        this.byKey.set(key, next);
      }
    }
  }

  /** The children the query selects, in index order. */
  window(): Entry[] {
    const { limit, fromRight } = this.spec;
    if (limit === null || this.sorted.length <= limit) return this.sorted;
    return fromRight ? this.sorted.slice(this.sorted.length - limit) : this.sorted.slice(0, limit);
  }

  /** Whether `key` is one of the children window() returns. */
  has(key: string): boolean {
    const value = this.byKey.get(key);
    if (value === undefined) return false;
    const { limit, fromRight } = this.spec;
    if (limit === null || this.sorted.length <= limit) return true;
    const at = this.search([key, value]);
    return fromRight ? at >= this.sorted.length - limit : at < limit;
  }

  /** The first position whose entry is not before `e`. */
  private search(e: Entry): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.compare(this.sorted[mid], e) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
