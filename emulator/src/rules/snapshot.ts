/** RuleDataSnapshot: what `root`, `data` and `newData` are bound to in rule expressions. */
import type { DataView } from './contract';
import { describeValue, fail, ObjectSentinel, type Value } from './values';

// eslint-disable-next-line no-control-regex -- control characters are exactly what keys may not hold
const INVALID_KEY = /[.#$[\]\u0000-\u001f\u007f]/;

/** A whole segment of a child path: non-empty, no '/', a valid key. */
export function isPlainChildKey(segment: string): boolean {
  return segment !== '' && !segment.includes('/') && !INVALID_KEY.test(segment);
}

/** Valid child paths already split: rules build the same few paths again and again. */
const splitPaths = new Map<string, readonly string[]>();
const MAX_SPLIT_PATHS = 10_000;

/** Splits the argument of `child()`/`hasChild()`; it may name a descendant several levels down. */
function childPathSegments(path: Value): readonly string[] {
  if (typeof path !== 'string')
    return fail(`Expected a string path but got ${describeValue(path)}`);
  const known = splitPaths.get(path);
  if (known) return known;
  const segments = path.split('/').filter((segment) => segment !== '');
  if (segments.length === 0) return fail('Child path is empty');
  for (const segment of segments) {
    if (INVALID_KEY.test(segment)) fail(`Invalid key in child path: ${JSON.stringify(segment)}`);
  }
  if (splitPaths.size >= MAX_SPLIT_PATHS) splitPaths.clear();
  splitPaths.set(path, segments);
  return segments;
}

function descend(view: DataView, segments: readonly string[]): DataView {
  let current = view;
  for (const segment of segments) current = current.child(segment);
  return current;
}

export class RuleSnapshot {
  /**
   * Snapshots reached from this one, by the argument of `child()`: the tree does not change during
   * a request, and one request's rules ask for the same locations many times (see
   * RequestSnapshots), so each is found once.
   */
  private children: Map<string, RuleSnapshot> | undefined;
  private parentSnapshot: RuleSnapshot | undefined;

  constructor(
    /** The root of the same tree, so that `parent()` can walk back down to the parent. */
    private readonly root: DataView,
    /** Null below another snapshot: its parent is then known, and the path never needed. */
    private readonly path: readonly string[] | null,
    private readonly view: DataView,
  ) {}

  val(): Value {
    const leaf = this.view.leafValue();
    if (leaf !== null) return leaf;
    return this.view.exists() ? new ObjectSentinel() : null;
  }

  child(path: Value): RuleSnapshot {
    // A path that is not a string fails in childPathSegments.
    if (typeof path !== 'string') return this.descendant(childPathSegments(path));
    let snapshot = this.children?.get(path);
    if (snapshot === undefined) {
      snapshot = this.descendant(childPathSegments(path));
      (this.children ??= new Map()).set(path, snapshot);
    }
    return snapshot;
  }

  /** The snapshot at `path` below this one. */
  descendant(path: readonly string[], from = 0): RuleSnapshot {
    return from === path.length ? this : this.step(path[from]).descendant(path, from + 1);
  }

  private step(key: string): RuleSnapshot {
    let child = this.children?.get(key);
    if (child === undefined) {
      child = new RuleSnapshot(this.root, null, this.view.child(key));
      child.parentSnapshot = this;
      (this.children ??= new Map()).set(key, child);
    }
    return child;
  }

  parent(): RuleSnapshot {
    if (this.parentSnapshot) return this.parentSnapshot;
    if (!this.path || this.path.length === 0) return fail('The root has no parent');
    const parentPath = this.path.slice(0, -1);
    this.parentSnapshot = new RuleSnapshot(this.root, parentPath, descend(this.root, parentPath));
    return this.parentSnapshot;
  }

  hasChild(path: Value): boolean {
    return this.hasDescendant(childPathSegments(path));
  }

  /** hasChild() of a path already split into valid keys. */
  hasDescendant(segments: readonly string[]): boolean {
    return descend(this.view, segments).exists();
  }

  /** With no argument: whether there is any child. With keys: whether every one of them exists. */
  hasChildren(keys?: readonly Value[]): boolean {
    if (keys === undefined) return this.view.childKeys().length > 0;
    return keys.every((key) => this.hasChild(key));
  }

  exists(): boolean {
    return this.view.exists();
  }

  getPriority(): string | number | null {
    return this.view.priority();
  }

  isNumber(): boolean {
    return typeof this.view.leafValue() === 'number';
  }

  isString(): boolean {
    return typeof this.view.leafValue() === 'string';
  }

  isBoolean(): boolean {
    return typeof this.view.leafValue() === 'boolean';
  }
}
