import type { DataView } from '../rules/contract';
import { type DataNode, childKeys, getChild, leafValue, priorityOf } from './node';
import { type Path, isAncestorOrSelf } from './path';

/**
 * A read-only view that records every location whose data was looked at. A read decision is a
 * function of auth, the query and exactly these locations, so only a write that overlaps one of
 * them can change it (docs/protocol.md, "Listens and pushes", revocation).
 */
export class TrackingView implements DataView {
  constructor(
    private readonly node: DataNode,
    private readonly path: Path,
    private readonly seen: Path[],
  ) {}

  child(key: string): DataView {
    // Descending alone reveals nothing: only the calls below record the location.
    const node = key === '.priority' ? null : getChild(this.node, key);
    return new TrackingView(node, [...this.path, key], this.seen);
  }
  exists(): boolean {
    this.seen.push(this.path);
    return this.node !== null;
  }
  leafValue(): string | number | boolean | null {
    this.seen.push(this.path);
    return leafValue(this.node);
  }
  childKeys(): string[] {
    this.seen.push(this.path);
    return childKeys(this.node);
  }
  priority(): string | number | null {
    this.seen.push(this.path);
    return priorityOf(this.node);
  }
}

/**
 * The fewest paths that overlap the same writes: a location covers its descendants, since a
 * write overlapping a descendant (at, above or below it) also overlaps the ancestor.
 */
export function coveringPaths(paths: Path[]): Path[] {
  if (paths.length < 2) return paths;
  const sorted = [...paths].sort((a, b) => a.length - b.length);
  const kept: Path[] = [];
  for (const p of sorted) if (!kept.some((k) => isAncestorOrSelf(k, p))) kept.push(p);
  return kept;
}

/** Whether a write at any of `touched` can change what was seen at any of `seen`. */
export function overlapsAny(seen: readonly Path[], touched: readonly Path[]): boolean {
  for (const s of seen) {
    for (const t of touched) if (isAncestorOrSelf(t, s) || isAncestorOrSelf(s, t)) return true;
  }
  return false;
}
