import type { Path } from '../data/path';
import type { Listen } from './listens';

/** A trie over paths: what is registered at each location. */
class PathTrie {
  readonly here = new Set<Listen>();
  readonly below = new Map<string, PathTrie>();

  add(path: Path, l: Listen, depth = 0): void {
    if (depth === path.length) {
      this.here.add(l);
      return;
    }
    let child = this.below.get(path[depth]);
    if (!child) {
      child = new PathTrie();
      this.below.set(path[depth], child);
    }
    child.add(path, l, depth + 1);
  }

  remove(path: Path, l: Listen, depth = 0): void {
    if (depth === path.length) {
      this.here.delete(l);
      return;
    }
    const child = this.below.get(path[depth]);
    if (!child) return;
    child.remove(path, l, depth + 1);
    if (child.here.size === 0 && child.below.size === 0) this.below.delete(path[depth]);
  }

  /** Everything registered at an ancestor of `path`, at `path` itself, or below it. */
  collectOverlapping(path: Path, out: Set<Listen>, depth = 0): void {
    for (const l of this.here) out.add(l);
    if (depth === path.length) this.collectBelow(out);
    else this.below.get(path[depth])?.collectOverlapping(path, out, depth + 1);
  }

  private collectBelow(out: Set<Listen>): void {
    for (const child of this.below.values()) {
      for (const l of child.here) out.add(l);
      child.collectBelow(out);
    }
  }
}

/**
 * A namespace's listens, in the order they were added, indexed by their location and by the
 * locations their read rules looked at: a commit then visits only the listens it can concern
 * (those at, above or below a written path, or whose read decision it can change) instead of
 * every listen of the namespace.
 */
export class ListenSet implements Iterable<Listen> {
  /** Listen -> the order it was added in, and the read dependencies it is indexed under. */
  private readonly entries = new Map<Listen, { order: number; deps: readonly Path[] }>();
  private readonly byPath = new PathTrie();
  private readonly byDep = new PathTrie();
  private added = 0;

  get size(): number {
    return this.entries.size;
  }

  has(l: Listen): boolean {
    return this.entries.has(l);
  }

  add(l: Listen): this {
    if (this.entries.has(l)) return this;
    this.entries.set(l, { order: this.added++, deps: l.readDeps });
    this.byPath.add(l.path, l);
    for (const d of l.readDeps) this.byDep.add(d, l);
    return this;
  }

  delete(l: Listen): boolean {
    const entry = this.entries.get(l);
    if (!entry) return false;
    this.entries.delete(l);
    this.byPath.remove(l.path, l);
    for (const d of entry.deps) this.byDep.remove(d, l);
    return true;
  }

  /** Re-indexes a listen whose `readDeps` were replaced. */
  depsChanged(l: Listen): void {
    const entry = this.entries.get(l);
    if (!entry || entry.deps === l.readDeps) return;
    for (const d of entry.deps) this.byDep.remove(d, l);
    entry.deps = l.readDeps;
    for (const d of entry.deps) this.byDep.add(d, l);
  }

  [Symbol.iterator](): Iterator<Listen> {
    return this.entries.keys();
  }

  /**
   * The listens a commit writing `touched` can concern, in the order they were added: every
   * listen for which the full scan would have found an overlapping path or read dependency.
   */
  concerned(touched: readonly Path[]): Listen[] {
    const found = new Set<Listen>();
    for (const t of touched) {
      this.byPath.collectOverlapping(t, found);
      this.byDep.collectOverlapping(t, found);
    }
    const list = [...found];
    if (list.length > 1) {
      const order = (l: Listen): number => this.entries.get(l)?.order ?? 0;
      list.sort((a, b) => order(a) - order(b));
    }
    return list;
  }
}
